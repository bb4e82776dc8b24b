import type { Game } from '../game.js';

/** `reckon`: the chance of losing strength is summed up to this much; the rest counts as destroyed. */
const MASS = 1 - 1e-4;

/**
 * The victory points a formation would likely give the enemy at the tiebreak (RB 6.1.7) if it
 * came under a given expected fire: a player's reckoning (docs/game.md, "Players": garrisons).
 * `of(game, f)` takes the formation as it stands; then `threat` (the points the enemy's fire is
 * expected to destroy of it, Estimates.shot) in and `reckon()` writes `value`: the victory points
 * it would then give away less those it gives away already.
 * The strength it loses (units, and war engines' damage capacity: RB 6.1.7's strength) is taken as
 * Poisson with mean threat × starting strength / points (many shots, each unlikely to kill).
 * Numbers pass through fields: a fraction passed to a call V8 does not inline is boxed.
 */
export class VictoryPointStake {
  threat = 0;
  value = 0;
  private points = 0;
  private start = 0;
  private strength = 0;
  private lossPerPoint = 0;
  private bm = 0;
  private breakPoint = 0;
  private broken = false;
  private now = 0;

  /** Formation f as it stands: its points, strength now and at the start, Blast markers, break point and what it gives away already. */
  of(game: Game, f: number): void {
    const e = game.e;
    this.points = game.info.points[f]!;
    this.start = game.ge.startingStrength(f);
    this.strength = game.ge.strength(f);
    this.lossPerPoint = this.start / this.points;
    this.bm = e.fBm[f]!;
    this.breakPoint = e.fBreakWeight[f]!;
    this.broken = e.fBroken[f] === 1;
    this.now = this.at(0);
  }

  /**
   * The victory points it gives the enemy once it has lost `lost` strength more to one shooting
   * attack (RB 6.1.7: its full points destroyed, or broken at half strength or less; half its
   * points broken above half, or at half strength or less unbroken): the attack's Blast marker
   * and one per unit lost (RB 1.9.3-1.9.4), its break point falling with its strength.
   */
  private at(lost: number): number {
    const left = this.strength - lost;
    if (left <= 0) return this.points;
    const halved = 2 * left <= this.start;
    const broken = this.broken || (lost > 0 && this.bm + 1 + lost >= (this.breakPoint * left) / this.strength);
    return broken && halved ? this.points : broken || halved ? this.points / 2 : 0;
  }

  /** Under `threat`: the expected victory points of the Poisson losses, less those given away already, into `value`. */
  reckon(): void {
    const mean = this.threat * this.lossPerPoint;
    if (mean <= 0) {
      this.value = 0;
      return;
    }
    let p = Math.exp(-mean);
    let mass = 0;
    let sum = 0;
    for (let lost = 0; lost < this.strength && mass < MASS; lost++) {
      sum += p * this.at(lost);
      mass += p;
      p *= mean / (lost + 1);
    }
    // The rest of the chance: destroyed, or near enough.
    this.value = sum + (1 - mass) * this.points - this.now;
  }
}
