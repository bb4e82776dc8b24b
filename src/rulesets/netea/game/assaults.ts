import type { Sfc32 } from '../../../sim/rng.js';
import { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT } from './engine.js';
import { ON_TABLE, type Game } from './game.js';
import { lineOfFire } from './geometry.js';
import { frontsAround } from './fronts.js';
import { moveToward, order } from './movement.js';
import { settle, updateCover } from './settle.js';
import { creditLosses, noteLosses } from './ledger.js';
import { EV_ASSAULT } from './timeline.js';
import type { Player } from './policy/player.js';
import { consolidate } from './consolidation.js';
import { chargeMove } from './chargeMove.js';

/** RB 1.12.10: a formation with a unit within 5 cm of the target is intermingled with it and defends with it. */
export const INTERMINGLED = 5;
/** RB 1.12.3, 1.12.6: a charger must end within 15 cm of the target; supporting fire reaches 15 cm. */
export const ASSAULT_RANGE = 15;

/**
 * Formation f engages formation t (RB 1.12; TP Assaults), its action test
 * passed, with `followers` (a bit each: the formations a commander in f
 * ordered to follow it, RB 2.1.2, commander.ts; 0 for none): f and each
 * follower make their charge move on the table towards t (stopping at t's
 * edge), then the engine fights the assault from where they started, with the
 * formations the table puts in it:
 *
 * - attacking: f and its followers, "as if they were a single formation for
 *   all rules purposes for the duration of the assault" (RB 2.1.2): their
 *   units charge, fight and count in the result together (one 2D6 roll);
 *   lost, each formation is broken; won, each takes Blast markers for its own
 *   casualties (the engine's assault with every attacker in its mask);
 * - defending: t and every formation of t's army intermingled with it (a
 *   unit within 5 cm, RB 1.12.10);
 * - supporting (RB 1.12.6): every other formation of either army on the
 *   table, not marched this turn, within 15 cm of an enemy formation in the
 *   assault (the engine keeps those of its units within 15 cm of an enemy
 *   unit directly engaged, and never broken ones);
 * - on overwatch (RB 1.10, 1.12.4): t's army's formations on overwatch with
 *   an attacker in range and a line of fire once it has charged, which shoot
 *   the chargers before the counter-charges.
 *
 * Losers withdraw (the engine); the winning side consolidates (RB 1.12.9,
 * consolidation.ts); each side is credited with what it destroyed: the
 * attackers' kills to f (one formation for the assault), the defenders' to t.
 * Returns the engine's outcome (NO_ASSAULT when no charger got within 15 cm).
 */
export function assaultFormation(game: Game, players: readonly [Player, Player], f: number, followers: number, t: number, rng: Sfc32): number {
  const e = game.e;
  const attackers = (1 << f) | followers;
  for (let g = 0; g < game.nF; g++) {
    if ((attackers & (1 << g)) === 0) continue;
    // Whole centimetres, as frontsAround gives them.
    game.chargeGap[g] = Math.max(0, Math.round(game.centres[g * game.nF + t]! - game.rad[g]! - game.rad[t]!));
    order.tx = game.x[t]!;
    order.ty = game.y[t]!;
    order.dist = chargeMove(game, g);
    moveToward(game, g, t, rng);
  }
  if (!game.present(t) || !anyStanding(game, attackers)) return NO_ASSAULT;
  const attackerArmy = game.army(f);
  let defenders = 1 << t;
  for (let g = 0; g < game.nF; g++) {
    if (g !== t && game.army(g) !== attackerArmy && game.present(g) && game.within(g, t, INTERMINGLED)) defenders |= 1 << g;
  }
  let supporters = 0;
  let overwatch = 0;
  for (let g = 0; g < game.nF; g++) {
    if ((attackers & (1 << g)) !== 0 || (defenders & (1 << g)) !== 0 || game.status[g] !== ON_TABLE || !game.standing(g) || game.marched[g] === 1) continue;
    if (game.army(g) === attackerArmy) {
      if (nearAny(game, g, defenders)) supporters |= 1 << g;
    } else {
      if (nearAny(game, g, attackers)) supporters |= 1 << g;
      if (game.overwatch[g] === 1 && seesAttacker(game, g, attackers)) overwatch |= 1 << g;
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
  for (let g = 0; g < game.nF; g++) if ((attackers & (1 << g)) !== 0) e.fFront[g] = game.chargeGap[g]!;
  noteLosses(game);
  const outcome = game.ge.assault(attackers, defenders, supporters, overwatch, rng);
  creditLosses(game, f, 1 - attackerArmy);
  creditLosses(game, t, attackerArmy);
  for (let g = 0; g < game.nF; g++) {
    if ((overwatch & (1 << g)) === 0) continue;
    game.overwatch[g] = 0;
    updateCover(game, g);
  }
  for (let g = 0; g < game.nF; g++) if ((attackers & (1 << g)) !== 0 && e.transports.fEmbarked[g] === 0) game.embarked[g] = 0;
  game.timeline?.add(game.turn, EV_ASSAULT, f, t, outcome, defenders, supporters, followers);
  settle(game);
  // RB 1.12.9: after the loser has withdrawn.
  if (outcome === ATTACKER_WINS) consolidate(game, players, attackers | sideOf(game, supporters, attackerArmy), rng);
  else if (outcome === DEFENDER_WINS) consolidate(game, players, defenders | sideOf(game, supporters, 1 - attackerArmy), rng);
  return outcome;
}

/** Is a formation of `mask` still standing (a charger may be broken by dangerous terrain on its way)? */
function anyStanding(game: Game, mask: number): boolean {
  for (let g = 0; g < game.nF; g++) if ((mask & (1 << g)) !== 0 && game.standing(g)) return true;
  return false;
}

/** Has formation g, on overwatch, a formation of `mask` in range and in its line of fire? */
function seesAttacker(game: Game, g: number, mask: number): boolean {
  for (let h = 0; h < game.nF; h++) if ((mask & (1 << h)) !== 0 && game.within(g, h, game.info.range[g]!) && lineOfFire(game, g, h)) return true;
  return false;
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
