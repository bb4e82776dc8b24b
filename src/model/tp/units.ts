import { Unit, UnitType, type CriticalEffect, type CriticalPart, type DiceExpr, type UnitAbility, type UnitWeapon, type Weapon, type Arc } from '../schema.js';
import { formatPath } from '../inputError.js';
import { extractCritical } from './criticals.js';
import type { Fields, FrontMatterFile } from './frontMatter.js';
import { parseDiceExpr, type Parsed } from './firepower.js';
import type { ReportLog } from './report.js';
import { unitRuleMapping, type RuleInfo } from './specialRules.js';
import { COUNT_RE, countWord, editDistance, fold, nameKey, plainText, pluralKeys, squash } from './text.js';

const UNIT_KEYS = new Set(['name', 'type', 'speed', 'armour', 'cc', 'ff', 'special_rules', 'notes', 'weapons', 'classes']);

const ARCS: Record<string, Arc> = {
  fwa: 'forward',
  fxf: 'fixed-forward',
  left: 'left',
  right: 'right',
  rra: 'rear',
  all: 'all',
};

const AIRCRAFT: Record<string, 'fighter' | 'bomber' | 'fighter-bomber'> = {
  fighter: 'fighter',
  bomber: 'bomber',
  'fighter-bomber': 'fighter-bomber',
};

const TRANSPORT = new RegExp(`\\bmay (?:transport|carry) (?:up to )?(${COUNT_RE})\\b([^.]*)`, 'i');
const SLOTS = new RegExp(`^(?:any\\s+)?(${COUNT_RE})\\s+(?:weapons?\\s+)?(?:chosen\\s+)?(?:of|from)\\s+the following`, 'i');
const COUNTED_NAME = new RegExp(`^(?:(${COUNT_RE})\\s+)?(.+)$`, 'i');

/** A stat cell: "4+", "-", "n/a", "(5+)" (assaults only) or "3+<br>(4+)" (an alternative profile). */
interface StatValue<T> {
  value: T;
  /** The bracketed alternative value printed under the main one. */
  alternative?: string;
  /** "(5+)": the value applies in assaults only (Wyches, Warp Beasts). */
  assaultOnly?: string;
}

function splitAlternative(text: string): { main: string; alternative?: string } {
  const parts = text.split(/<br\s*\/?>/i).map((p) => p.trim());
  if (parts.length === 1) return { main: parts[0]! };
  return { main: parts[0]!, alternative: parts.slice(1).join(' ') };
}

export function parseTarget(text: string | undefined): Parsed<StatValue<number | null>> {
  if (text === undefined) return { ok: true, value: { value: null } };
  const { main, alternative } = splitAlternative(text);
  const s = fold(main).trim().toLowerCase();
  const base: StatValue<number | null> = alternative ? { value: null, alternative } : { value: null };
  if (s === '' || s === '-' || s === 'n/a') return { ok: true, value: base };
  let m = /^([1-6])\+$/.exec(s);
  if (m) return { ok: true, value: { ...base, value: Number(m[1]) } };
  m = /^\(([1-6])\+\)$/.exec(s);
  if (m) return { ok: true, value: { ...base, value: null, assaultOnly: `${m[1]}+` } };
  return { ok: false, reason: `"${text}" is not a dice target such as "4+", "-" or "n/a"` };
}

interface SpeedValue extends StatValue<number> {
  aircraft?: 'fighter' | 'bomber' | 'fighter-bomber';
  printed?: string;
}

export function parseSpeed(text: string | undefined): Parsed<SpeedValue> {
  if (text === undefined) return { ok: true, value: { value: 0, printed: '(none)' } };
  const { main, alternative } = splitAlternative(text);
  const s = fold(main).trim().toLowerCase();
  const extra = alternative ? { alternative } : {};
  const m = /^([0-9]+(?:\.[0-9]+)?)\s*cm$/.exec(s);
  if (m) return { ok: true, value: { value: Number(m[1]), ...extra } };
  const aircraft = AIRCRAFT[s];
  if (aircraft) return { ok: true, value: { value: 0, aircraft, ...extra } };
  if (s === 'immobile' || s === 'n/a' || s === '-' || s === '') return { ok: true, value: { value: 0, printed: main.trim(), ...extra } };
  return { ok: false, reason: `speed "${text}" is not a distance such as "15cm", "Immobile", "n/a" or an aircraft speed` };
}

/** A weapon's multiplier on a unit: 2, "2", "D3", or a TP option range "0–1", "2–3", "0–1× 2". */
export function parseMultiplier(value: unknown): Parsed<{ multiplier: DiceExpr; choice?: { min: number; max: number } }> {
  if (value === undefined || value === null) return { ok: true, value: { multiplier: 1 } };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return { ok: true, value: { multiplier: value } };
    return { ok: false, reason: `multiplier ${value} is not a whole number` };
  }
  if (typeof value !== 'string') return { ok: false, reason: `multiplier ${JSON.stringify(value)} is not a number` };
  const s = fold(value).replace(/\s+/g, '');
  const range = /^([0-9]+)-([0-9]+)(?:[×x]([0-9]+))?$/i.exec(s);
  if (range) {
    const scale = range[3] !== undefined ? Number(range[3]) : 1;
    const min = Number(range[1]) * scale;
    const max = Number(range[2]) * scale;
    if (max < 1 || max < min) return { ok: false, reason: `multiplier "${value}" is not a range such as "0–1"` };
    return { ok: true, value: { multiplier: min, choice: { min, max } } };
  }
  const dice = parseDiceExpr(s);
  if (dice !== undefined) return { ok: true, value: { multiplier: dice } };
  return { ok: false, reason: `multiplier "${value}" is not a number, dice expression or range such as "0–1"` };
}

/** Transport capacity from the notes: "May transport ten infantry units ..." → 10. */
export function transportCapacity(notes: string): number | undefined {
  if (!/\bmay (?:transport|carry)\b/i.test(notes)) return undefined;
  const m = TRANSPORT.exec(notes);
  if (!m) return undefined;
  if (/^\s*formations?\b/i.test(m[2]!)) return undefined;
  if (!/\bunits?\b/i.test(m[2]!)) return undefined;
  return countWord(m[1]!);
}

interface WeaponOption {
  index: number;
  name: string;
  min: number;
  max: number;
}

/** Whether a list's words name a weapon: its name, a plural of it, or a near spelling ("Railguns", "Twin Fusion Cannons"). */
export function matchesName(text: string, name: string): boolean {
  const a = nameKey(text);
  const b = nameKey(name);
  if (a === b || pluralKeys(b).includes(a)) return true;
  const ca = a.replace(/ /g, '');
  const cb = b.replace(/ /g, '');
  return ca === cb || (cb.length >= 8 && editDistance(ca, cb, 2) <= 2) || pluralKeys(b).some((p) => p.replace(/ /g, '') === ca);
}

/**
 * The default pick among a unit's weapon options, read from its notes:
 * "Armed with either a Twin Lascannon or a Twin Heavy Bolter" → the first alternative;
 * "Armed with any eight of the following: ..." → fill eight slots in list order;
 * "Armed with four Big Guns, one of which may be replaced ..." → four Big Guns.
 * Options the sentence does not name stay at their minimum. Returns the counts by option
 * index and how they were found.
 */
export function defaultLoadout(notes: string, options: WeaponOption[]): { counts: Map<number, number>; how: string } {
  const counts = new Map(options.map((o) => [o.index, o.min]));
  const sentence = notes
    .split(/(?<=\.)\s+/)
    .map((s) => s.trim())
    .find((s) => /\barmed with\b/i.test(s));
  if (!sentence) return { counts, how: 'no "armed with" sentence in the notes: every option at its minimum' };
  const after = sentence.slice(sentence.search(/\barmed with\b/i) + 'armed with'.length).trim();
  const slots = SLOTS.exec(after);
  if (slots) {
    let left = countWord(slots[1]!) ?? 0;
    for (const o of options) left -= o.min;
    for (const o of options) {
      if (left <= 0) break;
      const add = Math.min(o.max - o.min, left);
      counts.set(o.index, o.min + add);
      left -= add;
    }
    return { counts, how: `"${sentence}": filled the slots in list order` };
  }
  const either = /\beither\b/i.exec(after);
  let first = either ? after.slice(either.index + either[0].length) : after;
  const cut = first.search(/,|;| or |\.$/);
  if (cut >= 0) first = first.slice(0, cut);
  let named = 0;
  for (const item of first.split(/\s+and\s+/)) {
    const m = COUNTED_NAME.exec(squash(item));
    if (!m) continue;
    const n = m[1] !== undefined ? countWord(m[1])! : 1;
    const option = options.find((o) => matchesName(m[2]!, o.name));
    if (!option) continue;
    counts.set(option.index, Math.max(option.min, Math.min(option.max, n)));
    named += 1;
  }
  if (named === 0) return { counts, how: `"${sentence}" names none of the options: every option at its minimum` };
  return { counts, how: `"${sentence}": the first alternative` };
}

export interface UnitImport {
  unit?: Unit;
  rules: string[];
}

/** Unit names Mob Rule leaves out of its count. */
const MOB_RULE_EXCLUDED = /\b(grot|grotz|gretchin|big gunz?|squig katapultz?)\b/i;

/** A damage-on-miss part names one of the unit's weapons (by `nameKey`); if it does not, the effect stays unsupported as printed. */
function withMissWeapon(c: CriticalEffect, weaponKeys: string[]): CriticalEffect {
  return { ...c, parts: c.parts.map((p): CriticalPart => (p.kind === 'damage-on-miss' && !weaponKeys.includes(nameKey(p.weapon)) ? { kind: 'unsupported', what: c.text } : p)) };
}

/**
 * One `_units/*.md` file → a Unit. Special rules become abilities or fields where the schema
 * has them and stay in `otherRules` by id where it does not; the critical hit effect is
 * parsed from the notes; weapon options ("0–1") get a default pick (see defaultLoadout).
 */
export function importUnit(
  id: string,
  fm: FrontMatterFile,
  fields: Fields,
  rules: Map<string, RuleInfo>,
  weapons: Map<string, Weapon>,
  weaponProblems: Map<string, string>,
  log: ReportLog,
): UnitImport {
  const d = fm.data;
  const name = fields.name(d, 'name');
  const ruleIds = fields.ids(d, 'special_rules');
  const typeText = fields.text(d, 'type');
  const speedText = fields.text(d, 'speed');
  const armourText = fields.text(d, 'armour');
  const ccText = fields.text(d, 'cc');
  const ffText = fields.text(d, 'ff');
  const notesText = fields.text(d, 'notes');
  const rawWeapons = fields.list(d, 'weapons');
  for (const key of Object.keys(d)) {
    if (!UNIT_KEYS.has(key)) log.decide(fm.file, id, `field "${key}" not used by the importer`);
  }
  if (name === undefined) return { rules: ruleIds };

  const problems: string[] = [];
  const remarks: string[] = [];
  const otherRules: string[] = [];

  let type: UnitType | undefined;
  if (typeText === undefined) problems.push('no type');
  else {
    const t = UnitType.options.find((o) => o.toLowerCase() === typeText.trim().toLowerCase());
    if (t) type = t;
    else problems.push(`type "${typeText}" is not one of ${UnitType.options.join(', ')}`);
  }
  if (type === 'Special') log.decide(fm.file, id, 'type "Special" kept as the schema\'s Special type (a marker, not a unit that can be attacked)');

  const speed = parseSpeed(speedText);
  const armour = parseTarget(armourText);
  const cc = parseTarget(ccText);
  const ff = parseTarget(ffText);
  for (const [label, p] of [['speed', speed], ['armour', armour], ['cc', cc], ['ff', ff]] as const) {
    if (!p.ok) problems.push(`${label}: ${p.reason}`);
    else {
      if (p.value.alternative) remarks.push(`${label} ${p.value.alternative} in its alternative profile (see notes)`);
      if ('assaultOnly' in p.value && p.value.assaultOnly && label === 'armour') {
        log.decide(fm.file, id, `armour "(${p.value.assaultOnly})" applies in assaults only: stored as assaultArmour, armour none`);
      } else if ('assaultOnly' in p.value && p.value.assaultOnly) {
        otherRules.push(`${label} ${p.value.assaultOnly} in assaults only`);
        log.decide(fm.file, id, `${label} "(${p.value.assaultOnly})" applies in assaults only: ${label} stored as none, "${label} ${p.value.assaultOnly} in assaults only" kept in otherRules`);
      }
    }
  }

  const abilities: UnitAbility[] = [];
  let damageCapacity: number | undefined;
  let voidShields: number | undefined;
  let powerFields: DiceExpr | undefined;
  let shadowfields: number | undefined;
  let synapse: number | undefined;
  let brood: number | undefined;
  for (const r of ruleIds) {
    const m = unitRuleMapping(r, rules.get(r));
    if (!m) {
      if (!otherRules.includes(r)) otherRules.push(r);
      continue;
    }
    switch (m.field) {
      case 'ability':
        if (!abilities.includes(m.ability)) abilities.push(m.ability);
        break;
      case 'damageCapacity':
        if (damageCapacity !== undefined && damageCapacity !== m.value) problems.push(`two damage capacities (${damageCapacity} and ${m.value})`);
        damageCapacity = m.value;
        break;
      case 'voidShields':
        if (voidShields !== undefined && voidShields !== m.value) problems.push(`two void shield values (${voidShields} and ${m.value})`);
        voidShields = m.value;
        break;
      case 'powerFields':
        powerFields = m.value;
        break;
      case 'shadowfields':
        shadowfields = m.value;
        break;
      case 'synapse':
        synapse = m.value;
        break;
      case 'brood':
        brood = m.value;
        break;
    }
  }
  // The Orks' Mob Rule counts units "not including Gretchin or Big Gunz" (War Horde, Gargant
  // Mob) or "Grotz or Squig Katapultz" (Feral Orks): those units say so by name only.
  if (MOB_RULE_EXCLUDED.test(name)) {
    abilities.push('not-counted-for-mob-rule');
    log.decide(fm.file, id, `"${name}" is not counted for Mob Rule (the rule leaves Gretchin, Big Gunz and Squig Katapultz out)`);
  }

  const notes = notesText !== undefined ? plainText(notesText) : undefined;

  // Weapons, with the default pick among options.
  const unitWeapons: UnitWeapon[] = [];
  const options: WeaponOption[] = [];
  rawWeapons.forEach((raw, i) => {
    const path = `weapons[${i}]`;
    const w = fields.mapping(raw, path);
    if (!w) return;
    const wid = fields.text(w, 'id', `${path}.id`);
    if (wid === undefined || wid.trim() === '') {
      fields.fail(`${path}.id`, 'a weapon id (a file name in _weapons without ".md")', w.id);
      return;
    }
    for (const key of Object.keys(w)) {
      if (!['id', 'multiplier', 'arc'].includes(key)) log.decide(fm.file, id, `${path}.${key}: field not used by the importer`);
    }
    const weapon = weapons.get(wid);
    if (!weapon) {
      const why = weaponProblems.get(wid) ?? `there is no _weapons/${wid}.md`;
      problems.push(`${path}: weapon "${wid}" could not be used: ${why}`);
      return;
    }
    const mult = parseMultiplier(w.multiplier);
    if (!mult.ok) {
      problems.push(`${path}.multiplier: ${mult.reason}`);
      return;
    }
    const arcText = fields.text(w, 'arc', `${path}.arc`);
    let arc: Arc = 'all';
    if (arcText !== undefined) {
      const a = ARCS[arcText.trim().toLowerCase()];
      if (a) arc = a;
      else {
        problems.push(`${path}.arc: "${arcText}" is not FwA, FxF, Left, Right or RrA`);
        return;
      }
    }
    const entry: UnitWeapon = { weapon: weapon.id, multiplier: mult.value.multiplier, arc };
    if (mult.value.choice) {
      entry.choice = mult.value.choice;
      options.push({ index: unitWeapons.length, name: weapon.name, ...mult.value.choice });
    }
    unitWeapons.push(entry);
  });
  if (options.length > 0) {
    const { counts, how } = defaultLoadout(notes ?? '', options);
    for (const [index, n] of counts) unitWeapons[index]!.multiplier = n;
    const picked = options.map((o) => `${o.name} ${counts.get(o.index)} (${o.min}–${o.max})`).join(', ');
    log.decide(fm.file, id, `weapon options, default pick ${picked}; ${how}`);
  }

  if (problems.length > 0) {
    log.unmap('unit', fm.file, id, name, problems.join('; '));
    return { rules: ruleIds };
  }

  const candidate: Record<string, unknown> = {
    id,
    name,
    aliases: [],
    type,
    speed: speed.ok ? speed.value.value : 0,
    armour: armour.ok ? armour.value.value : null,
    cc: cc.ok ? cc.value.value : null,
    ff: ff.ok ? ff.value.value : null,
    abilities,
    weapons: unitWeapons,
    otherRules,
  };
  if (speed.ok && speed.value.aircraft) candidate.aircraftSpeed = speed.value.aircraft;
  if (damageCapacity !== undefined) candidate.damageCapacity = damageCapacity;
  if (voidShields !== undefined) candidate.voidShields = voidShields;
  if (powerFields !== undefined) candidate.powerFields = powerFields;
  if (shadowfields !== undefined) candidate.shadowfields = shadowfields;
  if (synapse !== undefined) candidate.synapse = synapse;
  if (brood !== undefined) candidate.brood = brood;
  if (armour.ok && armour.value.assaultOnly) candidate.assaultArmour = Number(armour.value.assaultOnly.replace('+', ''));
  if (notes) {
    const crit = extractCritical(notes);
    if (crit.critical) candidate.critical = withMissWeapon(crit.critical, unitWeapons.map((w) => nameKey(weapons.get(w.weapon)!.name)));
    // TP Land Train: "Characters added to this unit add their damage capacity and void shields to the unit's respective starting values of each."
    if (/\bcharacters added to this unit add their damage capacity and void shields\b/i.test(notes)) abilities.push('carriages');
    // TP Fire Shield Battlecar: "The unit can repair one additional void shield in the end phase of each turn."
    const repairs = new RegExp(`\\bcan repair (${COUNT_RE}) additional void shields? in the end phase\\b`, 'i').exec(notes);
    if (repairs) candidate.extraShieldRepairs = countWord(repairs[1]!);
    // TP Ork Kart: "For every point of starting damage capacity the unit may transport: ...": not played, named with every run (ruleReach.ts).
    if (/\bfor every point of starting damage capacity the unit may transport\b/i.test(notes)) otherRules.push('transport-per-damage-capacity');
    if (abilities.includes('transport')) {
      const cap = transportCapacity(notes);
      if (cap !== undefined) candidate.transport = cap;
      else log.decide(fm.file, id, 'transport: no capacity in units found in the notes; capacity left unset (the notes say what it carries)');
    }
  } else if (abilities.includes('transport')) {
    log.decide(fm.file, id, 'transport: the unit has no notes giving its capacity; capacity left unset');
  }
  const allNotes = [notes, ...remarks.map((r) => `[TP: ${r}]`)].filter((s): s is string => !!s);
  if (allNotes.length > 0) candidate.notes = allNotes.join(' ');

  const parsed = Unit.safeParse(candidate);
  if (!parsed.success) {
    log.unmap('unit', fm.file, id, name, parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; '));
    return { rules: ruleIds };
  }
  return { unit: parsed.data, rules: ruleIds };
}
