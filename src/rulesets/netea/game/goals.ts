import { ON_TABLE, type Game } from './game.js';
import { inHalfOf } from './geometry.js';
import { OBJECTIVE_COUNT } from './objectives.js';
import { inNecronReserve } from './necronReserves.js';
import { GOAL_BLITZKRIEG, GOAL_BREAK_THEIR_SPIRIT, GOAL_DEFEND_THE_FLAG, GOAL_TAKE_AND_HOLD, GOAL_THEY_SHALL_NOT_PASS } from './goalBits.js';

/** The goals army a has achieved now, as GOAL_* bits; the objectives' control is the last end phase's. */
export function goalsOf(game: Game, a: number): number {
  const o = game.objectives;
  const enemy = 1 - a;
  let goals = 0;
  let ownHeld = 0;
  let ownTotal = 0;
  let takenInEnemyHalf = 0;
  for (let k = 0; k < OBJECTIVE_COUNT; k++) {
    const mine = o.control[k] === a;
    // Blitzkrieg: "the objective that was set up on the opponent's table edge ... the first one each player set up".
    if (o.onEdge[k] === 1 && o.placer[k] === enemy && mine) goals |= GOAL_BLITZKRIEG;
    if (o.half[k] === a) {
      ownTotal++;
      if (mine) ownHeld++;
    } else if (mine) {
      takenInEnemyHalf++;
    }
  }
  // Defend the Flag: "control all three objectives in your half of the table".
  if (ownTotal > 0 && ownHeld === ownTotal) goals |= GOAL_DEFEND_THE_FLAG;
  // Take and Hold: "capturing a total of two objectives in your opponent's half".
  if (takenInEnemyHalf >= 2) goals |= GOAL_TAKE_AND_HOLD;
  const e = game.e;
  let spirit = false;
  let passed = false;
  for (let f = 0; f < game.nF; f++) {
    if (game.army(f) !== enemy) continue;
    // Break Their Spirit: "destroying (not breaking) the formation worth the most points"; any one of several tied.
    // TP Necron Reserves: a Necron formation in the reserves "is considered destroyed for the purpose of ... Break Their Spirit".
    if (game.info.mostExpensive[f] === 1 && (e.fAlive[f] === 0 || inNecronReserve(game, f))) spirit = true;
    // They Shall Not Pass: "no unbroken enemy formations in your half".
    if (game.status[f] === ON_TABLE && e.fAlive[f]! > 0 && e.fBroken[f] === 0 && inHalfOf(game, f, a)) passed = true;
  }
  if (spirit) goals |= GOAL_BREAK_THEIR_SPIRIT;
  if (!passed) goals |= GOAL_THEY_SHALL_NOT_PASS;
  return goals;
}

/** Number of goals in a GOAL_* mask. */
export function goalCount(goals: number): number {
  let n = 0;
  for (let m = goals; m !== 0; m &= m - 1) n++;
  return n;
}

/** RB 6.1.7: "You win if you have achieved two of these goals ... and you have achieved more goals than your opponent." The winner (0 or 1), or -1. */
export function goalWinner(goalsA: number, goalsB: number): number {
  const a = goalCount(goalsA);
  const b = goalCount(goalsB);
  if (a >= 2 && a > b) return 0;
  if (b >= 2 && b > a) return 1;
  return -1;
}
