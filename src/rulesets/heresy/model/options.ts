/**
 * Switches for the places where the Heresy seed (003, Part II) is silent or
 * ambiguous. Each default is the recommendation of the specification
 * (../shared/rules/epic40k-and-heresy.md §2.3.10, §3.5) or, where it makes
 * none, the seed's own example; docs/heresy.md lists every switch.
 */
export interface HeresyOptions {
  /**
   * Penetration with more than one die (L59-63, spec §2.3.10): `any` (the
   * spec's pseudo-code: the model dies if any die >= armour) or `each` (every
   * die >= armour removes one model, as shields count dice, L738-741).
   */
  penetration: 'any' | 'each';
  /**
   * Who chooses the shooting casualties (never said, L59-70; spec §3.5:
   * owner chooses): `owner` (hits go to the nominated type's stands of
   * lowest assault value first, the look-out-sir reading of L352-355) or
   * `front` (nearest first).
   */
  shootingCasualties: 'owner' | 'front';
  /**
   * Quality levels lost on a failed check (L401-402: "one or more levels
   * depending on the situation", never quantified). The seed's example
   * (L405-409) loses one.
   */
  levelsLostPerFailedCheck: number;
  /** A unit that fails its assault quality check abandons the combat (L408-409, the seed's example), and the other side wins. */
  failedCheckLeavesAssault: boolean;
  /** Charging a unit in hard or fortified cover or on first (prepared) fire orders needs a quality check (L418); a failure leaves the chargers Fatigued and unable to charge (L390-392). */
  chargeCheck: boolean;
  /** Assault rounds before the combat is called unresolved ("repeat until ... fled or destroyed", L244). */
  maxRounds: number;
  /** Casualty points buy the owner's weakest stands first ("absorb losses with weaker troops", L238-240). A stand costs at least this many points (an assault value of 0 would cost nothing). */
  minCasualtyCost: number;
}

export const DEFAULT_HERESY_OPTIONS: HeresyOptions = {
  penetration: 'any',
  shootingCasualties: 'owner',
  levelsLostPerFailedCheck: 1,
  failedCheckLeavesAssault: true,
  chargeCheck: true,
  maxRounds: 20,
  minCasualtyCost: 1,
};
