import type { Sfc32 } from '../../../sim/rng.js';
import { C } from './engine.js';
import { ON_TABLE, RESERVE, type Game } from './game.js';
import { enterThroughPortal, portalOpen } from './necronReserves.js';
import type { Plan } from './plan.js';
import type { Player } from './policy/player.js';
import { ACT_ADVANCE, ACT_DOUBLE, ACT_ENGAGE, ACT_GROUND_ATTACK, ACT_INTERCEPT, ACT_MARCH, ACT_MARSHAL, ACT_OVERWATCH, ACT_SPACECRAFT, ACT_SUSTAINED, ENGINE_ACTION, HOLD_MOVE, HOLD_SHOOT } from './actionCodes.js';
import { frontsAround } from './fronts.js';
import { moveToward, order } from './movement.js';
import { overwatchReactions, shootFormation } from './shooting.js';
import { assaultFormation } from './assaults.js';
import { settle, updateCover } from './settle.js';
import { groundAttack, interception } from './aerospace.js';
import { spacecraftAction } from './arrivals.js';
import { EV_ACTION, EV_REGROUP, EV_SUMMON } from './timeline.js';
import { NP_AIR_TRANSPORT, NP_SUMMONING_PLACES } from './notPlayed.js';
import { K_CARRIER, K_FLEET_OF_FOOT, K_HIT_AND_RUN, K_SHOOTS_ABOARD } from './formationInfo.js';

/**
 * Formation f summons daemons (summoning.ts): its disc as it stands, and the gap to the nearest enemy formation on the table
 * (whose zone of control the daemons may not enter).
 */
export function summonDaemons(game: Game, f: number, rng: Sfc32): void {
  const army = game.army(f);
  let gap = Infinity;
  for (let g = game.armyStart[1 - army]!; g < game.armyEnd[1 - army]!; g++) {
    if (game.status[g] !== ON_TABLE || game.e.fAlive[g] === 0) continue;
    const d = game.gap(f, g);
    if (d < gap) gap = d;
  }
  const before = game.daemons.outOfPlaces;
  const placed = game.daemons.summon(game.ge, f, army, game.rad[f]!, game.info.bigger[f]!, gap, rng);
  if (placed > 0) game.refreshRadii();
  if (game.daemons.lastPoints > 0) game.timeline?.add(game.turn, EV_SUMMON, f, -1, game.daemons.lastPoints, placed, 0, 0);
  if (game.daemons.outOfPlaces > before) game.notPlayed.mark(NP_SUMMONING_PLACES);
}

/** `moves`' action when no shot follows the moves. */
const NO_SHOT = -1;

/**
 * One activation (RB 1.6): the formation the player nominated takes its
 * action test for the action it declared (−1 to retain the initiative); on a
 * pass it carries the action out, on a failure it holds with a Blast marker
 * (RB 1.6.2). `players` are both armies' (the one acting is f's army's; an
 * assault's winner consolidates by its own player's choice). Returns whether the test was passed (the player may then try
 * to retain the initiative, RB 1.6.3).
 */
export function activate(game: Game, players: readonly [Player, Player], plan: Plan, retain: boolean, rng: Sfc32): boolean {
  const f = plan.f;
  const player = players[game.army(f)]!;
  game.activated[f] = 1;
  if (game.overwatch[f] === 1) {
    // A new action ends overwatch (RB 1.10).
    game.overwatch[f] = 0;
    updateCover(game, f);
  }
  if ((game.info.kind[f]! & K_CARRIER) !== 0) game.notPlayed.mark(NP_AIR_TRANSPORT);
  if (plan.action === ACT_GROUND_ATTACK) return groundAttack(game, plan, retain, rng);
  if (plan.action === ACT_INTERCEPT) return interception(game, plan, retain, rng);
  if (plan.action === ACT_SPACECRAFT) return spacecraftAction(game, player, f, retain, rng);
  // TP Summoned Units: "A formation may summon daemonic units from the Daemon Pool as part of its action before declaring which action it will carry out."
  if (game.daemons.pact[f] === 1 && game.standing(f)) summonDaemons(game, f, rng);
  frontsAround(game, f, -1);
  // RB 2.1.2: a commander's formation and the formations it orders to follow it make "a single initiative roll for all the
  // formations, counting a -1 modifier if any have Blast markers"; failed, the commander's formation takes the Blast marker
  // and holds, "the other formations are unaffected (and may take an action later in the turn)".
  const followers = plan.action === ACT_ENGAGE ? plan.followers : 0;
  // TP Farsight: a formation with a unit with Farsight "may ignore the -1 Action test penalty when they try to retain the initiative".
  const passed = game.ge.actionTest((1 << f) | followers, ENGINE_ACTION[plan.action]!, retain && !game.hasFarsight(f), rng, f);
  game.timeline?.add(game.turn, EV_ACTION, f, plan.target, plan.action, passed ? 1 : 0, retain ? 1 : 0, game.e.fBm[f]!);
  settle(game);
  const entering = game.status[f] === RESERVE;
  if (entering && !enters(game, player, plan, passed)) return passed;
  if (!game.standing(f)) return false;
  if (!passed) {
    // An entering formation's hold is the move it entered with (enters).
    if (!entering) player.holdChoice(f, plan);
    hold(game, player, plan, rng);
    return false;
  }
  switch (plan.action) {
    case ACT_ADVANCE:
      if (moves(game, player, plan, 1, (game.info.kind[f]! & K_HIT_AND_RUN) !== 0, C.ACTION_ADVANCE, rng)) shootAfter(game, player, f, C.ACTION_ADVANCE, rng);
      break;
    case ACT_DOUBLE:
      if (moves(game, player, plan, 2, (game.info.kind[f]! & K_HIT_AND_RUN) !== 0, C.ACTION_DOUBLE, rng)) shootAfter(game, player, f, C.ACTION_DOUBLE, rng);
      break;
    case ACT_MARCH:
      moves(game, player, plan, 3, false, NO_SHOT, rng);
      // TP Fleet of Foot: a Dark Eldar formation that marched still supports, gives crossfire and fires flak.
      game.marched[f] = (game.info.kind[f]! & K_FLEET_OF_FOOT) !== 0 ? 0 : 1;
      break;
    case ACT_ENGAGE:
      game.moved[f] = 1;
      if (followers !== 0) follow(game, followers);
      assaultFormation(game, players, f, followers, plan.target, rng);
      break;
    case ACT_SUSTAINED:
      shootAfter(game, player, f, C.ACTION_SUSTAINED, rng);
      break;
    case ACT_MARSHAL:
      if (plan.marshalMove === 1) moves(game, player, plan, 1, false, NO_SHOT, rng);
      else shootAfter(game, player, f, C.ACTION_MARSHAL, rng);
      regroup(game, f, rng);
      break;
    case ACT_OVERWATCH:
      game.overwatch[f] = 1;
      game.overwatchTurn[f] = game.turn;
      updateCover(game, f);
      break;
  }
  return true;
}

/** RB 2.1.2: the test passed, the formations following a commander take their engage action with it (activated, moving). */
function follow(game: Game, followers: number): void {
  for (let g = 0; g < game.nF; g++) {
    if ((followers & (1 << g)) === 0) continue;
    game.activated[g] = 1;
    game.moved[g] = 1;
    if (game.overwatch[g] === 1) {
      // A new action ends overwatch (RB 1.10).
      game.overwatch[g] = 0;
      updateCover(game, g);
    }
  }
}

/**
 * A Necron formation in the reserves entering play (TP Portal: "may enter play via a portal as part of any activation that
 * allows movement"): with an advance, double, engage or a marshal that moves, or the move of the hold a failed test leaves,
 * it stands at its portal and its action goes on from there. False when it stays in the reserves: an action without a
 * move, broken by the failed test's Blast marker, or its portal no longer open.
 */
function enters(game: Game, player: Player, plan: Plan, passed: boolean): boolean {
  const f = plan.f;
  if (game.e.fBroken[f] === 1 || game.e.fAlive[f] === 0) return false;
  if (passed) {
    if (plan.action === ACT_SUSTAINED || plan.action === ACT_OVERWATCH || (plan.action === ACT_MARSHAL && plan.marshalMove === 0)) return false;
  } else {
    player.holdChoice(f, plan);
    if (plan.hold !== HOLD_MOVE) return false;
  }
  if (plan.portal < 0 || !portalOpen(game, plan.portal, game.army(f))) return false;
  enterThroughPortal(game, f, plan.portal);
  return true;
}

/** The hold a failed action test leaves (RB 1.6.1): one move, or a shot without modifiers, or a regroup. */
function hold(game: Game, player: Player, plan: Plan, rng: Sfc32): void {
  const f = plan.f;
  if (plan.hold === HOLD_MOVE) moves(game, player, plan, 1, false, NO_SHOT, rng);
  else if (plan.hold === HOLD_SHOOT) shootAfter(game, player, f, C.ACTION_HOLD, rng);
  else regroup(game, f, rng);
}

/**
 * The action's moves towards the plan's destination, each followed by the
 * enemy's overwatch fire (RB 1.10). RB 1.7.5: a transport picks its
 * passengers up as it moves, and they "may disembark at the end of any move
 * after the move in which it was picked up": passengers ride an action of two
 * moves or more (picked up in the first, out at the end of the last), or one
 * move if they are already in. Once the moves are over they get out to shoot
 * (an advance or double whose shot has a target from where it stands);
 * otherwise they stay aboard ("units do not have to disembark, and may remain
 * in their transport if they prefer"), so that the next action's one move, an
 * advance or a charge, is made at the transports' speed. With `hitAndRun`
 * (TP Hit & Run Tactics) the formation may shoot before any of the moves, as
 * its player chooses (Player.shootsFirst). `action` is the engine's action
 * the shot after the moves is made with, NO_SHOT when none follows (a
 * march, a marshal's or a hold's move). Returns whether its shot is still to be made.
 */
function moves(game: Game, player: Player, plan: Plan, count: number, hitAndRun: boolean, action: number, rng: Sfc32): boolean {
  const f = plan.f;
  const info = game.info;
  const startedIn = game.embarked[f] === 1;
  let toShoot = true;
  // TP Hit & Run Tactics: "may choose to shoot either before or after each move. However, they may still only shoot once".
  if (hitAndRun && player.shootsFirst(f, plan)) {
    shootAfter(game, player, f, action, rng);
    toShoot = false;
  }
  if (!startedIn && count > 1 && info.rideSpeed[f]! > info.speed[f]!) game.embarked[f] = game.ge.embark(f) > 0 ? 1 : 0;
  game.moved[f] = 1;
  for (let k = 0; k < count && game.standing(f); k++) {
    if (k > 0 && toShoot && hitAndRun && player.shootsFirst(f, plan)) {
      shootAfter(game, player, f, action, rng);
      toShoot = false;
    }
    const speed = game.embarked[f] === 1 && allAboard(game, f) ? info.rideSpeed[f]! : info.speed[f]!;
    order.tx = plan.destX;
    order.ty = plan.destY;
    order.dist = speed;
    if (moveToward(game, f, -1, rng)) overwatchReactions(game, f, rng);
  }
  if (game.embarked[f] === 1 && (startedIn || count > 1) && game.standing(f) && (getsOut(game, f) || (toShoot && action !== NO_SHOT && player.shootTarget(f) >= 0))) {
    game.ge.disembark(f);
    game.embarked[f] = 0;
  }
  return toShoot;
}

/** Passengers that may shoot from inside their transport get out after every action: the engine shoots with units on foot only. */
function getsOut(game: Game, f: number): boolean {
  return (game.info.kind[f]! & K_SHOOTS_ABOARD) !== 0;
}

/** Every living passenger of f is in its transport (one left walking holds the formation to its own pace). */
function allAboard(game: Game, f: number): boolean {
  const e = game.e;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.transports.uCarriedBy[u]! >= 0 && e.stAlive[u] === 1 && e.transports.stEmbarked[u] === 0) return false;
  return true;
}

/** The shooting part of an action: at the target the player picks from where the formation now stands. */
function shootAfter(game: Game, player: Player, f: number, action: number, rng: Sfc32): void {
  if (!game.standing(f)) return;
  const t = player.shootTarget(f);
  if (t >= 0) shootFormation(game, f, t, action, rng);
}

/** Regrouping (RB 1.13.1), the engine's. */
function regroup(game: Game, f: number, rng: Sfc32): void {
  if (!game.standing(f)) return;
  const before = game.e.fBm[f]!;
  game.ge.regroup(f, rng);
  game.timeline?.add(game.turn, EV_REGROUP, f, -1, before, game.e.fBm[f]!, 0, 0);
}
