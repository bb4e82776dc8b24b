import type { Game } from '../game.js';
import { chargeMove } from '../chargeMove.js';

/** RB 1.12.6: formations within 15 cm of the fight lend supporting fire; each makes its side's odds this much better (the policy's reckoning). */
export const SUPPORT_REACH = 15;
export const SUPPORTED = 4 / 3;

/** followWorth's outputs, by index: the worth, and the chance of winning. */
export const FOLLOW_WORTH = 0;
export const FOLLOW_CHANCE = 1;

/**
 * What engaging t is worth to f with the formations of `mask` following its
 * commander (RB 2.1.2), as a player reckons it (docs/game.md, "Players"),
 * into out[FOLLOW_WORTH], the chance of winning into out[FOLLOW_CHANCE].
 * The reckoning of Player.assaultWorth, with the chargers as one formation
 * ("as if they were a single formation for all rules purposes"):
 *
 * - each charger g's strength against t is its chance of winning over its
 *   chance of losing, both as assaultWorth weighs them (the engine's odds of
 *   the two fresh formations, `odds` (estimates.ts), from reach or short of
 *   it; g's living units less a twentieth a Blast marker; t's likewise, a
 *   broken t at 0.6); the chargers' strengths add;
 * - each other formation of f's army within 15 cm of t, standing and not
 *   marched (supporting fire), multiplies it by 4/3, each of t's army
 *   divides it by 4/3; the chance of winning is strength / (1 + strength);
 * - the worth is aggression × (chance × the prize (t's points, 0.6 of them
 *   unless broken) − the chance of losing × half the chargers' points);
 * - times the chance of passing the one action test (D6 against f's
 *   initiative, -1 if any has Blast markers, +2 only if all are Orks, RB
 *   5.5.2) over the chance of f's own.
 *
 * Two numbers out through `out`: a fraction returned from a call V8 does not
 * inline is boxed.
 */
export function followWorth(game: Game, odds: Float64Array, aggression: number, f: number, t: number, mask: number, out: Float64Array): void {
  const e = game.e;
  const info = game.info;
  const n = game.nF;
  const centres = game.centres;
  const rad = game.rad;
  const radT = rad[t]!;
  const army = game.army(f);
  const ownStart = game.armyStart[army]!;
  const ownEnd = game.armyEnd[army]!;
  const against = (e.fAlive[t]! / info.units[t]!) * (e.fBroken[t] === 1 ? 0.6 : 1 - Math.min(0.5, e.fBm[t]! * 0.05));
  const all = mask | (1 << f);
  let strength = 0;
  let certain = false;
  let points = 0;
  let anyBm = false;
  let waaagh = true;
  for (let g = ownStart; g < ownEnd; g++) {
    if ((all & (1 << g)) === 0) continue;
    const gap = centres[g * n + t]! - rad[g]! - radT;
    const fresh = odds[(gap > chargeMove(game, g) ? n * n : 0) + g * n + t]!;
    const mine = fresh * (e.fAlive[g]! / info.units[g]!) * (1 - Math.min(0.5, e.fBm[g]! * 0.05));
    const theirs = (1 - fresh) * against;
    if (theirs > 0) strength += mine / theirs;
    else if (mine > 0) certain = true;
    points += info.points[g]!;
    if (e.fBm[g]! > 0) anyBm = true;
    if (e.fWaaagh[g] === 0) waaagh = false;
  }
  for (let g = ownStart; g < ownEnd; g++) {
    if ((all & (1 << g)) !== 0 || centres[g * n + t]! - rad[g]! - radT > SUPPORT_REACH || !game.standing(g) || game.marched[g] === 1) continue;
    strength *= SUPPORTED;
  }
  const enemyEnd = game.armyEnd[1 - army]!;
  for (let g = game.armyStart[1 - army]!; g < enemyEnd; g++) {
    if (centres[g * n + t]! - rad[g]! - radT > SUPPORT_REACH || g === t || !game.standing(g) || game.marched[g] === 1) continue;
    strength /= SUPPORTED;
  }
  const p = certain ? 1 : strength / (1 + strength);
  const prize = info.points[t]! * (e.fBroken[t] === 1 ? 1 : 0.6);
  const alone = passChance(e.fInitiative[f]! + (e.fBm[f]! > 0 ? 1 : 0) - (e.fWaaagh[f] === 1 ? 2 : 0));
  const together = passChance(e.fInitiative[f]! + (anyBm ? 1 : 0) - (waaagh ? 2 : 0));
  out[FOLLOW_CHANCE] = p;
  out[FOLLOW_WORTH] = alone > 0 ? (aggression * (p * prize - (1 - p) * 0.5 * points) * together) / alone : 0;
}

/** The chance of passing a test that needs `need` on a D6: 1 or less always passes, 7 or more never (RB 1.6.2; a 1 is no automatic failure, RB FAQ). */
export function passChance(need: number): number {
  if (need <= 1) return 1;
  return need >= 7 ? 0 : (7 - need) / 6;
}
