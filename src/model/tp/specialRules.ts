import { ArmyRule, UnitAbility, type DiceExpr } from '../schema.js';
import { parseDiceExpr } from './firepower.js';

/** One `_special_rules/*.md` file. */
export interface RuleInfo {
  id: string;
  name: string;
  abbr?: string;
  file: string;
}

export type UnitRuleMapping =
  | { field: 'ability'; ability: UnitAbility }
  | { field: 'damageCapacity'; value: number }
  | { field: 'voidShields'; value: number }
  | { field: 'powerFields'; value: DiceExpr }
  | { field: 'shadowfields'; value: number }
  | { field: 'synapse'; value: number }
  | { field: 'brood'; value: number };

export type WeaponFlag =
  | 'macroWeapon'
  | 'ignoreCover'
  | 'disrupt'
  | 'lance'
  | 'sniper'
  | 'singleShot'
  | 'slowFiring'
  | 'indirectFire'
  | 'firstStrike'
  | 'guidedMissile';

export type WeaponRuleMapping =
  | { field: 'flag'; flag: WeaponFlag }
  | { field: 'titanKiller'; value: DiceExpr }
  | { field: 'extraAttacks'; value: DiceExpr };

const WEAPON_FLAGS: Record<string, WeaponFlag> = {
  'macro-weapon': 'macroWeapon',
  'ignore-cover': 'ignoreCover',
  disrupt: 'disrupt',
  lance: 'lance',
  sniper: 'sniper',
  'single-shot': 'singleShot',
  'slow-firing': 'slowFiring',
  'indirect-fire': 'indirectFire',
  'first-strike': 'firstStrike',
  'guided-missile': 'guidedMissile',
};

const ABILITIES = new Set<string>(UnitAbility.options);
const ARMY_RULES = new Set<string>(ArmyRule.options);

/**
 * Parameterised rules carry their value in the rule's printed name ("D3+3 Power Fields",
 * "Titan Killer (D6+1)"), which is unambiguous where the id is not ("titan-killer-d61").
 * Without a rule file, only ids whose value reads one way are accepted.
 */
function nameValue(rule: RuleInfo | undefined, re: RegExp): string | undefined {
  if (!rule) return undefined;
  return re.exec(rule.name)?.[1];
}

export function unitRuleMapping(id: string, rule: RuleInfo | undefined): UnitRuleMapping | undefined {
  if (ABILITIES.has(id)) return { field: 'ability', ability: id as UnitAbility };
  if (/^damage-capacity-[0-9]+$/.test(id)) {
    const v = nameValue(rule, /^Damage Capacity\s+([0-9]+)$/i) ?? id.slice('damage-capacity-'.length);
    return { field: 'damageCapacity', value: Number(v) };
  }
  if (/^void-shields?-[0-9]+$/.test(id)) {
    const v = nameValue(rule, /^([0-9]+)\s+Void Shields?$/i) ?? id.replace(/^void-shields?-/, '');
    return { field: 'voidShields', value: Number(v) };
  }
  if (/^synapse-[0-9]+(-[0-9]+)?$/.test(id)) {
    const v = nameValue(rule, /^Synapse\s*\(\+?([0-9]+)\)$/i);
    if (v !== undefined) return { field: 'synapse', value: Number(v) };
  }
  if (/^brood-[0-9]+$/.test(id)) {
    const v = nameValue(rule, /^Brood\s*\(([0-9]+)\)$/i) ?? id.slice('brood-'.length);
    return { field: 'brood', value: Number(v) };
  }
  if (/^shadowfields?-[0-9]+$/.test(id)) {
    const v = nameValue(rule, /^([0-9]+)\s+Shadowfields?$/i) ?? id.replace(/^shadowfields?-/, '');
    return { field: 'shadowfields', value: Number(v) };
  }
  if (/^power-fields-/.test(id)) {
    const printed = nameValue(rule, /^(\S+)\s+Power Fields?$/i);
    const fromId = /^power-fields-(d3|d6|[0-9]+)$/.exec(id)?.[1];
    const value = parseDiceExpr(printed ?? fromId ?? '');
    if (value !== undefined) return { field: 'powerFields', value };
  }
  return undefined;
}

export function weaponRuleMapping(id: string, rule: RuleInfo | undefined): WeaponRuleMapping | undefined {
  const flag = WEAPON_FLAGS[id];
  if (flag) return { field: 'flag', flag };
  if (id.startsWith('titan-killer-')) {
    const printed = nameValue(rule, /^Titan Killer\s*\(([^)]+)\)$/i);
    const fromId = /^titan-killer-(d3|d6|[0-9]+)$/.exec(id)?.[1];
    const value = parseDiceExpr(printed ?? fromId ?? '');
    if (value !== undefined) return { field: 'titanKiller', value };
  }
  if (id.startsWith('extra-attacks-')) {
    const printed = nameValue(rule, /^Extra Attacks\s*\(\+?([^)]+)\)$/i);
    const fromId = /^extra-attacks-(d3|d6|[0-9]+)$/.exec(id)?.[1];
    const value = parseDiceExpr(printed ?? fromId ?? '');
    if (value !== undefined) return { field: 'extraAttacks', value };
  }
  return undefined;
}

/**
 * Army-list variants of the same rules: the Gargant Mob's Mob Rule and the Feral Orks'
 * Power of the Waaagh! print the same text as the Ork War Horde's; the Feral Orks' Mob Rule
 * differs only in which units it leaves out of the count (Squig Katapultz rather than Big Gunz),
 * which the units' own ability carries. The Dark Eldar's Hit & Run Tactics is the Eldar's rule
 * word for word but for the army's name.
 */
const ARMY_RULE_VARIANTS: Record<string, ArmyRule> = {
  'gargant-mob-mob-rule': 'mob-rule',
  'feral-ork-mob-rule': 'mob-rule',
  'feral-ork-power-of-the-waaagh': 'power-of-the-waaagh',
  'dark-eldar-hit-and-run-tactics': 'hit-and-run-tactics',
};

export function armyRuleMapping(id: string): ArmyRule | undefined {
  return ARMY_RULES.has(id) ? (id as ArmyRule) : ARMY_RULE_VARIANTS[id];
}

/** How a rule maps, in words, for the report ("unit abilities: sniper; weapon mode sniper"). */
export function describeMapping(id: string, rule: RuleInfo | undefined): string | undefined {
  const out: string[] = [];
  const u = unitRuleMapping(id, rule);
  if (u) out.push(u.field === 'ability' ? `unit abilities: ${u.ability}` : `unit ${u.field} = ${u.value}`);
  const w = weaponRuleMapping(id, rule);
  if (w) out.push(w.field === 'flag' ? `weapon mode ${w.flag}` : `weapon mode ${w.field} = ${w.value}`);
  const a = armyRuleMapping(id);
  if (a) out.push(`force/army rules: ${a}`);
  return out.length > 0 ? out.join('; ') : undefined;
}
