import type { Sfc32 } from '../../../sim/rng.js';
import { C, OFF_TABLE, PHASE_DISENGAGEMENT } from './engine.js';
import { FLYING, GONE, RESERVE, type Game } from './game.js';
import type { Plan } from './plan.js';
import { SEG_OUT, SEG_PX, SEG_PY, SEG_X0, SEG_X1, SEG_Y0, SEG_Y1, segmentDistance } from './geometry.js';
import { frontsAround } from './fronts.js';
import { settle } from './settle.js';
import { creditLosses, noteLosses } from './ledger.js';
import { EV_ACTION, EV_AIR_ATTACK } from './timeline.js';
import { ACT_GROUND_ATTACK, ACT_INTERCEPT } from './actionCodes.js';

/**
 * Aircraft in a turn (RB 4.2; TP Aerospace): an aircraft formation waits off
 * the table; activated, it takes its action test (−1 per Blast marker, then
 * its markers are removed, RB 4.2.7; a failure is a stand down), enters from
 * its own table edge straight towards its target (the approach move), takes
 * the flak of every enemy formation whose AA weapons reach that path, then
 * attacks. It stays over the table until the end phase, when it flies back
 * the way it came and takes the flak it passes again (disengagement), then
 * waits off the table for the next turn.
 */

/**
 * The enemy formations whose flak reaches the path of aircraft `air`, from its
 * own table edge straight to where it is over the table: standing (not
 * broken), not marched this turn (RB 4.2.4), with an AA weapon whose range
 * reaches the path. Sets their fronts to their distance from it, the
 * aircraft's to 0, and returns them as a mask.
 */
function flakAlong(game: Game, air: number): number {
  const e = game.e;
  const enemy = 1 - game.army(air);
  const seg = game.seg;
  seg[SEG_X0] = game.x[air]!;
  seg[SEG_Y0] = game.edgeY(game.army(air));
  seg[SEG_X1] = game.x[air]!;
  seg[SEG_Y1] = game.y[air]!;
  let mask = 0;
  for (let g = 0; g < game.nF; g++) {
    e.fFront[g] = OFF_TABLE;
    if (game.army(g) !== enemy || !game.standing(g) || game.marched[g] === 1 || game.info.aaRange[g]! < 0) continue;
    seg[SEG_PX] = game.x[g]!;
    seg[SEG_PY] = game.y[g]!;
    segmentDistance(seg);
    const d = seg[SEG_OUT]! - game.rad[g]!;
    // Whole centimetres, as frontsAround gives them.
    const reach = d > 0 ? Math.round(d) : 0;
    if (reach > game.info.aaRange[g]!) continue;
    e.fFront[g] = reach;
    mask |= 1 << g;
  }
  e.fFront[air] = 0;
  return mask;
}

/** The test of an aircraft or spacecraft (the engine's aerospace test); a failure is a stand down or a delay. */
function aerospaceTest(game: Game, plan: Plan, retain: boolean, rng: Sfc32): boolean {
  const f = plan.f;
  const passed = game.ge.actionTest(1 << f, C.ACTION_ADVANCE, retain, rng);
  game.timeline?.add(game.turn, EV_ACTION, f, plan.target, plan.action, passed ? 1 : 0, retain ? 1 : 0, 0);
  return passed;
}

/** Puts aircraft f over the table where formation t stands, having come from its own edge. */
function flyOver(game: Game, f: number, t: number): void {
  game.status[f] = FLYING;
  game.x[f] = game.x[t]!;
  game.y[f] = game.y[t]!;
  game.noteMoved(f);
}

/** A ground attack (RB 4.2.1-4.2.2) on plan.target. Returns whether the test was passed. */
export function groundAttack(game: Game, plan: Plan, retain: boolean, rng: Sfc32): boolean {
  const f = plan.f;
  const t = plan.target;
  if (!aerospaceTest(game, plan, retain, rng)) return false;
  if (t < 0 || !game.present(t)) return true;
  flyOver(game, f, t);
  const flak = flakAlong(game, f);
  game.ge.approach(f, -1, flak, rng);
  settle(game);
  if (game.e.fAlive[f] === 0 || !game.present(t)) return true;
  frontsAround(game, t, -1);
  game.e.fFront[f] = 0;
  noteLosses(game);
  const fired = game.ge.attackFromAir(f, t, rng);
  creditLosses(game, f, game.army(t));
  game.timeline?.add(game.turn, EV_AIR_ATTACK, f, t, ACT_GROUND_ATTACK, fired ? 1 : 0, game.credited, 0);
  settle(game);
  return true;
}

/** An interception (RB 4.2.1, 4.2.3) of the enemy aircraft plan.target, over the table this turn. */
export function interception(game: Game, plan: Plan, retain: boolean, rng: Sfc32): boolean {
  const f = plan.f;
  const t = plan.target;
  if (!aerospaceTest(game, plan, retain, rng)) return false;
  if (t < 0 || game.status[t] !== FLYING || game.e.fAlive[t] === 0) return true;
  flyOver(game, f, t);
  const flak = flakAlong(game, f);
  game.ge.approach(f, -1, flak, rng);
  if (game.e.fAlive[f] === 0) return true;
  noteLosses(game);
  const fired = game.ge.intercept(f, t, rng);
  creditLosses(game, f, game.army(t));
  game.timeline?.add(game.turn, EV_AIR_ATTACK, f, t, ACT_INTERCEPT, fired ? 1 : 0, game.credited, 0);
  return true;
}

/**
 * The end phase's disengagement (RB 4.2.6, 4.2.4): each aircraft formation
 * over the table flies back to its own edge the way it came, taking the flak
 * of the enemy formations that reach that path and did not fire at it on its
 * approach (the engine keeps that), at −1 from formations that moved this
 * turn (TP); then it is off the table again, or gone if destroyed.
 */
export function disengage(game: Game, rng: Sfc32): void {
  for (let f = 0; f < game.nF; f++) {
    if (game.status[f] !== FLYING) continue;
    if (game.e.fAlive[f]! > 0) {
      const flak = flakAlong(game, f);
      for (let g = 0; g < game.nF && game.e.fAlive[f]! > 0; g++) if ((flak & (1 << g)) !== 0) game.ge.flak(g, f, PHASE_DISENGAGEMENT, game.moved[g] === 1, rng);
    }
    game.status[f] = game.e.fAlive[f]! > 0 ? RESERVE : GONE;
  }
}
