/**
 * Switches for the places where the BattleBible is silent, ambiguous or
 * damaged. Each default is the specification's recommendation
 * (../shared/rules/epic40k-and-heresy.md) or, where it makes none, the
 * reading docs/epic40k.md argues for. Every switch is listed there.
 */
export interface Epic40kOptions {
  /**
   * The order in which kept hit dice are allocated (L1097-1103 do not say):
   * `lowest-first` (the specification's default: every die reaches the
   * nearest unit it can affect that has the fewest hits, low faces first, so
   * high faces are left for the high armour behind) or `highest-first`.
   */
  allocationOrder: 'lowest-first' | 'highest-first';
  /**
   * Firepower lost per Blast marker on the firing detachment (L1039 implies a
   * reduction but the Blast-marker section is missing, L1048; the
   * specification's default: 1 per marker, applied after the Assault-order
   * halving). 0 turns it off.
   */
  blastMarkerFirepowerPenalty: number;
  /**
   * Assault orders halve firepower rounding up (L934): of the detachment's
   * total (`total`, the specification's reading) or of every unit (`unit`).
   */
  assaultHalving: 'total' | 'unit';
  /** When part of the target is in cover and part in the open, the firer's column (L1085): `cover` (all can be hit) or `open` (more dice, units in cover safe). */
  mixedCoverColumn: 'cover' | 'open';
  /** Armour raised by cover (or Cavalry) stays at most 6 (L791: values range from 1 to 6; L1390: "up to a maximum of 6"). */
  armourCap: boolean;
  /** Target units one Barrage template covers (L1328): the simulator has no table, so this is an input. */
  templateUnits: number;
  /**
   * Extra damage points of one critical (the Critical Damage Tables are missing
   * from the seed, L759 gives one example result of +2). These points do not
   * roll for criticals (L763).
   */
  criticalExtraDamage: number;
  /** Damage absorbed by shields also rolls for a critical (L759 "each point of damage" vs L1132 "each hit"; the seed is unclear). */
  criticalOnShieldedDamage: boolean;
  /** Marching detachments halve Assault and firepower in close combats and firefights (L942): rounding up (as broken ones do, L1271) or down. */
  marchingRoundUp: boolean;
  /** Firefight ties are not defined (L1261): `as-close-combat` (1 Blast marker each, roll again, L1207), `reroll`, or `no-result`. */
  firefightTie: 'as-close-combat' | 'reroll' | 'no-result';
  /** A detachment with Blast markers must pass a Leadership test (D6 > markers, L1302) to make its assault move (L1162). */
  assaultMoveTest: boolean;
  /** Close-combat ties re-rolled at most this many times before the combat is declared unresolved. */
  maxTieRolls: number;
}

export const DEFAULT_EPIC40K_OPTIONS: Epic40kOptions = {
  allocationOrder: 'lowest-first',
  blastMarkerFirepowerPenalty: 1,
  assaultHalving: 'total',
  mixedCoverColumn: 'cover',
  armourCap: true,
  templateUnits: 3,
  criticalExtraDamage: 1,
  criticalOnShieldedDamage: false,
  marchingRoundUp: true,
  firefightTie: 'as-close-combat',
  assaultMoveTest: true,
  maxTieRolls: 50,
};
