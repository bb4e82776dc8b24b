import type { Sfc32 } from '../../../sim/rng.js';
import { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT } from './engine.js';
import { ON_TABLE, type Game } from './game.js';
import { K_COMMANDER } from './formationInfo.js';
import { lineOfFire } from './geometry.js';
import { frontsAround } from './fronts.js';
import { moveToward, order } from './movement.js';
import { settle, updateCover } from './settle.js';
import { creditLosses, noteLosses } from './ledger.js';
import { EV_ASSAULT } from './timeline.js';
import { NP_COMMANDER } from './notPlayed.js';
import type { Player } from './policy/player.js';
import { consolidate } from './consolidation.js';
import { chargeMove } from './chargeMove.js';

/** RB 1.12.10: a formation with a unit within 5 cm of the target is intermingled with it and defends with it. */
export const INTERMINGLED = 5;
/** RB 1.12.3, 1.12.6: a charger must end within 15 cm of the target; supporting fire reaches 15 cm. */
export const ASSAULT_RANGE = 15;

/**
 * Formation f engages formation t (RB 1.12; TP Assaults), its action test
 * passed: f makes its charge move on the table towards t (stopping at t's
 * edge), then the engine fights the assault from where it started, with the
 * formations the table puts in it:
 *
 * - defending: t and every formation of t's army intermingled with it (a
 *   unit within 5 cm, RB 1.12.10);
 * - supporting (RB 1.12.6): every other formation of either army on the
 *   table, not marched this turn, within 15 cm of an enemy formation in the
 *   assault (the engine keeps those of its units within 15 cm of an enemy
 *   unit directly engaged, and never broken ones);
 * - on overwatch (RB 1.10, 1.12.4): t's army's formations on overwatch with
 *   f in range and a line of fire once it has charged, which shoot it before
 *   the counter-charges.
 *
 * Losers withdraw (the engine); the winning side consolidates (RB 1.12.9,
 * consolidation.ts); each side's formations are credited with what they
 * destroyed. Returns the engine's outcome (NO_ASSAULT when no charger got
 * within 15 cm).
 */
export function assaultFormation(game: Game, players: readonly [Player, Player], f: number, t: number, rng: Sfc32): number {
  const e = game.e;
  // Whole centimetres, as frontsAround gives them.
  const startGap = Math.max(0, Math.round(game.centres[f * game.nF + t]! - game.rad[f]! - game.rad[t]!));
  if ((game.info.kind[f]! & K_COMMANDER) !== 0) game.notPlayed.mark(NP_COMMANDER);
  order.tx = game.x[t]!;
  order.ty = game.y[t]!;
  order.dist = chargeMove(game, f);
  moveToward(game, f, t, rng);
  if (!game.standing(f) || !game.present(t)) return NO_ASSAULT;
  const attackerArmy = game.army(f);
  let defenders = 1 << t;
  for (let g = 0; g < game.nF; g++) {
    if (g !== t && game.army(g) !== attackerArmy && game.present(g) && game.within(g, t, INTERMINGLED)) defenders |= 1 << g;
  }
  let supporters = 0;
  let overwatch = 0;
  for (let g = 0; g < game.nF; g++) {
    if (g === f || (defenders & (1 << g)) !== 0 || game.status[g] !== ON_TABLE || !game.standing(g) || game.marched[g] === 1) continue;
    if (game.army(g) === attackerArmy) {
      if (nearAny(game, g, defenders)) supporters |= 1 << g;
    } else {
      if (game.within(g, f, ASSAULT_RANGE)) supporters |= 1 << g;
      if (game.overwatch[g] === 1 && game.within(g, f, game.info.range[g]!) && lineOfFire(game, g, f)) overwatch |= 1 << g;
    }
  }
  // RB 1.7.5, 1.12.4: "Units may embark or disembark as part of a counter-charge move": the defenders' passengers
  // get out to fight (the engine's counter-charge moves units on foot; a transport trapped by two chargers is not played).
  for (let g = 0; g < game.nF; g++) {
    if ((defenders & (1 << g)) === 0 || game.embarked[g] === 0) continue;
    game.ge.disembark(g);
    game.embarked[g] = 0;
  }
  frontsAround(game, t, f);
  e.fFront[f] = startGap;
  noteLosses(game);
  const outcome = game.ge.assault(1 << f, defenders, supporters, overwatch, rng);
  creditLosses(game, f, 1 - attackerArmy);
  creditLosses(game, t, attackerArmy);
  for (let g = 0; g < game.nF; g++) {
    if ((overwatch & (1 << g)) === 0) continue;
    game.overwatch[g] = 0;
    updateCover(game, g);
  }
  if (e.transports.fEmbarked[f] === 0) game.embarked[f] = 0;
  game.timeline?.add(game.turn, EV_ASSAULT, f, t, outcome, defenders, supporters, 0);
  settle(game);
  // RB 1.12.9: after the loser has withdrawn.
  if (outcome === ATTACKER_WINS) consolidate(game, players, (1 << f) | sideOf(game, supporters, attackerArmy), rng);
  else if (outcome === DEFENDER_WINS) consolidate(game, players, defenders | sideOf(game, supporters, 1 - attackerArmy), rng);
  return outcome;
}

/** The formations of `mask` in army a. */
function sideOf(game: Game, mask: number, a: number): number {
  let out = 0;
  for (let g = 0; g < game.nF; g++) if ((mask & (1 << g)) !== 0 && game.army(g) === a) out |= 1 << g;
  return out;
}

/** Is formation g within 15 cm of a formation in `mask`? */
function nearAny(game: Game, g: number, mask: number): boolean {
  for (let h = 0; h < game.nF; h++) if ((mask & (1 << h)) !== 0 && game.within(g, h, ASSAULT_RANGE)) return true;
  return false;
}
