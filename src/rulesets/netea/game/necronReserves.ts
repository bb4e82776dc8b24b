import { OFF_TABLE } from './engine.js';
import { ON_TABLE, RESERVE, type Game } from './game.js';
import { K_NECRON_RESERVES, K_PHASE_OUT, PORTAL_UNTIL_CRITICAL } from './formationInfo.js';
import { updateCover } from './settle.js';
import { EV_ARRIVE, EV_PHASE_OUT } from './timeline.js';

/**
 * The Necrons' reserves in a game (TP Necron list): Phase Out takes a broken
 * formation off the table in the end phase; in the reserves it counts as
 * destroyed for the tiebreak and Break Their Spirit (TP Scarab Conflict,
 * Necron Reserves); it comes back by teleport at the start of a turn
 * (arrivals.ts) or through a portal as part of an activation that allows
 * movement (activation.ts), once it has rallied.
 */

/** EV_ARRIVE's kind for a formation entering through a portal (1 is a teleport, 0 a landing). */
export const ARRIVE_BY_PORTAL = 2;

/**
 * TP Scarab Conflict, Necron Reserves: "Any Necron formation in the reserves for any reason (either because it has not yet
 * entered play or it is broken) is considered destroyed for the purpose of tiebreak, or the Break Their Spirit goal."
 */
export function inNecronReserve(game: Game, f: number): boolean {
  return game.status[f] === RESERVE && (game.info.kind[f]! & K_NECRON_RESERVES) !== 0 && game.e.fAlive[f]! > 0;
}

/**
 * TP Phase Out: "In the end phase of the turn, remove the formation from the board into the reserves ... Note that with the
 * exception of the C'tan, no Necron War Engines may phase out." Every broken formation that may phase out leaves the table
 * (before the rallies: "The formation will roll to rally in the end phase").
 */
export function phaseOut(game: Game): void {
  const e = game.e;
  for (let f = 0; f < game.nF; f++) {
    if ((game.info.kind[f]! & K_PHASE_OUT) === 0 || game.status[f] !== ON_TABLE || e.fAlive[f] === 0 || e.fBroken[f] === 0) continue;
    game.status[f] = RESERVE;
    game.overwatch[f] = 0;
    e.fFront[f] = OFF_TABLE;
    e.fWithdrawn[f] = 0;
    game.timeline?.add(game.turn, EV_PHASE_OUT, f, -1, game.x[f]!, game.y[f]!, 0, 0);
  }
}

/**
 * Can army `army` use portal unit u now (TP Portal)? A living unit with Portal whose formation is on the table ("Can a portal
 * be used if its formation is broken? Yes", TP FAQ), not used this turn ("Each portal can be used only once per turn"), and
 * not a Warbarque that has lost its Portal to a critical hit.
 */
export function portalOpen(game: Game, u: number, army: number): boolean {
  const e = game.e;
  const g = e.uFormation[u]!;
  if (game.army(g) !== army || game.portalUsed[u] === 1 || e.stAlive[u] === 0 || game.status[g] !== ON_TABLE) return false;
  return game.info.portal[u] !== PORTAL_UNTIL_CRITICAL || e.stCritCount[u] === 0;
}

/**
 * Formation f at portal unit u's place (its formation's centre), kept inside the table: where an entering formation's move
 * is measured from (TP Portal: "Measure their movement using the portal as the starting point"). It stays in the reserves.
 */
export function standAtPortal(game: Game, f: number, u: number): void {
  const g = game.e.uFormation[u]!;
  const r = game.rad[f]!;
  game.x[f] = Math.min(Math.max(game.x[g]!, r), game.table.width - r);
  game.y[f] = Math.min(Math.max(game.y[g]!, r), game.table.depth - r);
  game.noteMoved(f);
}

/** Formation f enters play through portal u (TP Portal), standing at it before its move; the portal is used for the turn. */
export function enterThroughPortal(game: Game, f: number, u: number): void {
  standAtPortal(game, f, u);
  game.status[f] = ON_TABLE;
  game.portalUsed[u] = 1;
  updateCover(game, f);
  game.timeline?.add(game.turn, EV_ARRIVE, f, game.e.uFormation[u]!, game.x[f]!, game.y[f]!, ARRIVE_BY_PORTAL, 0);
}
