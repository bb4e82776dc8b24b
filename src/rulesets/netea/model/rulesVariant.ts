import { DEFAULT_OPTIONS, type NeteaOptions } from './spec.js';

/**
 * The rules an Epic Armageddon engagement is played by: the NetEA Tournament Pack (the default)
 * or the 2004 rulebook with its errata. The two differ by the Tournament Pack's changes, each a
 * switch of NeteaOptions (../shared/rules/netea-tournament-pack.md section 3 lists them); the
 * 2004 rulebook turns them all off.
 */
export type RulesVariant = 'netea' | 'rulebook-2004';

export const RULES_VARIANTS: readonly RulesVariant[] = ['netea', 'rulebook-2004'];

/** The variant a `--rules` name or an experiment's "rules" plays: the 2004 rulebook's name, else NetEA's. */
export function rulesVariantOf(rules: string): RulesVariant {
  return rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea';
}

/** The switches that are the Tournament Pack's changes, with the 2004 rulebook's value. */
const RULEBOOK_2004: Partial<NeteaOptions> = {
  // A2: a 3 BP barrage hits armour on 6+ (RB 1.9.8 table).
  barrage3bpAt: 6,
  // A4: RB 1.7.5, passengers of a transport a macro-weapon destroyed die.
  passengersSaveAgainstMacroWeapons: false,
  // D2: They Shall Know No Fear without the TP's assault and leader additions.
  tsknfAssaultAndLeaders: false,
  // E1: a Titan Killer hit counts as one hit for the spread.
  titanKillerDamageAtAllocation: false,
  // F2, F3, F4: no interceptor bonus, no flak penalty after moving, no Blast marker for being intercepted.
  interceptorBonus: false,
  flakMovedPenalty: false,
  interceptionUnderFireMarker: false,
  // B1: units with close combat weapons only may use their firefight value out of contact.
  closeCombatOnlyInContact: false,
  // B5, B6: supporting fire with the fight, no early end but a side wiped out.
  assaultEarlyResult: false,
};

/**
 * The Tournament Pack's changes the switches above do not cover: played as the Tournament Pack
 * plays them under either variant, and named with every result of a 2004-rulebook run.
 */
export const RULEBOOK_2004_NOT_PLAYED: readonly string[] = [
  'macro-weapon extra attacks allocated to any engaged unit within 15 cm (TP), not only those in contact with or in range of the attacker (2004; A3): played as the TP',
  'infantry on overwatch in the open at -1 to hit (TP; A1): no engagement puts a formation being shot on overwatch',
];

/** The variant options play: the 2004 rulebook when every Tournament Pack switch is off, NetEA otherwise. */
export function variantOf(o: NeteaOptions): RulesVariant {
  return (Object.keys(RULEBOOK_2004) as Array<keyof NeteaOptions>).every((k) => o[k] === RULEBOOK_2004[k]) ? 'rulebook-2004' : 'netea';
}

/** What a result of the variant names besides its formations' rules. */
export function variantNotes(variant: RulesVariant): string[] {
  return variant === 'rulebook-2004' ? RULEBOOK_2004_NOT_PLAYED.map((n) => `2004 rulebook: ${n}`) : [];
}

/** The engine options of a rules variant, over `base` (an experiment's own options). */
export function variantOptions(variant: RulesVariant, base: NeteaOptions = DEFAULT_OPTIONS): NeteaOptions {
  return variant === 'rulebook-2004' ? { ...base, ...RULEBOOK_2004 } : base;
}

/** Whether options play every Tournament Pack change the fire and assault plans assume (they do not read the switches). */
export function playsTournamentPackChanges(o: NeteaOptions): boolean {
  return (Object.keys(RULEBOOK_2004) as Array<keyof NeteaOptions>).every((k) => k === 'barrage3bpAt' || o[k] === DEFAULT_OPTIONS[k]);
}
