import type { Sfc32 } from '../../../sim/rng.js';
import { OFF_TABLE } from './engine.js';
import { ON_TABLE, RESERVE, type Game } from './game.js';
import { K_AIRCRAFT, K_SPACECRAFT } from './formationInfo.js';
import { disengage } from './aerospace.js';
import { frontsAround } from './fronts.js';
import { settle } from './settle.js';
import { CAPTURE_RANGE, CONTESTED, NOBODY, OBJECTIVE_COUNT } from './objectives.js';
import { EV_CONTROL, EV_RALLY } from './timeline.js';
import { phaseOut } from './necronReserves.js';

/**
 * The end phase (RB 1.14; TP End Phase; RB 6.1.4): aircraft disengage
 * (RB 4.2.6: "before any ground formations rally"); the engine's end-phase
 * steps for war engines (criticals, shields, regeneration); broken Necron
 * formations phase out into the reserves (TP Phase Out); then the
 * formations with Blast markers or broken rally one at a time (those in the
 * reserves too: TP Phase Out, "The formation will roll to rally"), the armies
 * taking turns, the one with the higher strategy rating first (the winner of
 * this turn's strategy roll on equal ratings), each formation's rally measuring
 * "enemy units within 30cm" on the table and a failure withdrawing it again;
 * summoned daemons go back to the Daemon Pool unless Daemonic Focus keeps
 * them (summoning.ts); then the objectives' control is found afresh.
 */
export function endPhase(game: Game, rng: Sfc32): void {
  disengage(game, rng);
  const e = game.e;
  // An end-phase critical's blast (a plasma reactor) reaches its own formation only: every front far off.
  for (let f = 0; f < game.nF; f++) e.fFront[f] = OFF_TABLE;
  game.ge.endPhaseBeforeRallies(rng);
  settle(game);
  phaseOut(game);
  const ratingA = game.spec.armies[0].strategyRating;
  const ratingB = game.spec.armies[1].strategyRating;
  const first = ratingA > ratingB ? 0 : ratingB > ratingA ? 1 : game.firstToAct;
  let next0 = 0;
  let next1 = 0;
  let army = first;
  for (;;) {
    const from = army === 0 ? next0 : next1;
    const f = nextToRally(game, army, from);
    if (f >= 0) {
      rally(game, f, rng);
      if (army === 0) next0 = f + 1;
      else next1 = f + 1;
    } else if (nextToRally(game, 1 - army, army === 0 ? next1 : next0) < 0) {
      break;
    }
    army = 1 - army;
  }
  // TP Summoned Units: "In the End phase, after all rally tests, all summoned daemonic units are converted back into daemon markers".
  if (game.daemons.any) {
    game.daemons.returnToPool(game.ge, rng, game.timeline, game.turn);
    settle(game);
  }
  game.ge.endPhaseAfterRallies();
  settle(game);
  findControl(game);
}

/** The next formation of `army` from index `from` on that rallies: on the table or in the reserves, alive, broken or with Blast markers (aircraft never rally, RB 4.2.7). */
function nextToRally(game: Game, army: number, from: number): number {
  const e = game.e;
  for (let f = from; f < game.nF; f++) {
    if (game.army(f) !== army || (game.status[f] !== ON_TABLE && game.status[f] !== RESERVE) || e.fAlive[f] === 0) continue;
    if ((game.info.kind[f]! & (K_AIRCRAFT | K_SPACECRAFT)) !== 0) continue;
    if (e.fBroken[f] === 1 || e.fBm[f]! > 0) return f;
  }
  return -1;
}

function rally(game: Game, f: number, rng: Sfc32): void {
  const e = game.e;
  const wasBroken = e.fBroken[f] === 1;
  const before = e.fBm[f]!;
  frontsAround(game, f, -1);
  e.fWithdrawn[f] = 0;
  game.ge.rally(f, rng);
  // TP Phase Out: "If the rally roll fails, the formation must remain in the reserves until it rallies": it withdraws nowhere.
  if (game.status[f] === RESERVE) e.fWithdrawn[f] = 0;
  // RB 6.1.4: "formations that have rallied that end phase can not capture or contest objectives".
  if (wasBroken && e.fBroken[f] === 0) game.rallied[f] = 1;
  // g: 1 for a formation rallying in the reserves (TP Phase Out), -1 on the table.
  game.timeline?.add(game.turn, EV_RALLY, f, game.status[f] === RESERVE ? 1 : -1, wasBroken ? 1 : 0, e.fBroken[f]!, before, e.fBm[f]!);
  settle(game);
}

/**
 * RB 6.1.4: "You capture an objective if you have a unit within 15cms of it
 * in the end phase and your opponent does not. An objective is contested if
 * both sides have a unit within 15cms of it ... Units from broken formations
 * or from formations that have rallied that end phase can not capture or
 * contest objectives." Each formation that captured or contested one is
 * credited with holding it.
 */
export function findControl(game: Game): void {
  const o = game.objectives;
  const e = game.e;
  for (let k = 0; k < OBJECTIVE_COUNT; k++) {
    let near = 0;
    for (let f = 0; f < game.nF; f++) {
      if (game.status[f] !== ON_TABLE || e.fAlive[f] === 0 || e.fBroken[f] === 1 || game.rallied[f] === 1) continue;
      if (!game.nearObjective(f, k, CAPTURE_RANGE)) continue;
      near |= 1 << game.army(f);
      game.held[f]!++;
    }
    o.control[k] = near === 0 ? NOBODY : near === 3 ? CONTESTED : near === 1 ? 0 : 1;
    game.timeline?.add(game.turn, EV_CONTROL, k, o.control[k]!, 0, 0, 0, 0);
  }
}
