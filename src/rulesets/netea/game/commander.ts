import { C } from './engine.js';
import { ON_TABLE, type Game } from './game.js';
import { K_AIRCRAFT, K_SPACECRAFT } from './formationInfo.js';

/**
 * RB 2.1.2 Commanders (TP the same): "Commanders can order up to three
 * formations of troops to follow them when they make an assault, as long as
 * all the formations have at least one unit within 5cm of a unit from the
 * commander's formation." Supreme Commanders "count as commanders" (RB
 * 2.1.15). The three are the commander's formation and up to two others
 * (../shared/rules/epic-armageddon.md §5.7); they take one action test
 * (morale.ts actionTest, the commander's formation leading), charge, fight
 * and take the result as one formation (assaults.ts).
 */

/** RB 2.1.2: a unit of a following formation within 5 cm of a unit of the commander's. */
export const COMMAND_RANGE = 5;
/** RB 2.1.2: "up to three formations", the commander's own among them. */
export const MAX_FOLLOWERS = 2;

/** Has formation f a living unit with Commander or Supreme Commander? */
export function hasCommander(game: Game, f: number): boolean {
  const e = game.e;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && (e.uFlags[u]! & C.U_COMMANDER) !== 0) return true;
  return false;
}

/** Has formation f a living unit that lets its formation's units ignore the 5 cm (TP Land Raider Prometheus)? */
function commandsAtAnyRange(game: Game, f: number): boolean {
  const e = game.e;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && game.info.commandAnyRange[u] === 1) return true;
  return false;
}

/**
 * May formation g follow the commander's formation f into its assault? Of f's
 * army, on the table and standing (a broken formation cannot engage, RB
 * 1.13), yet to act this turn (RB 1.6: each formation acts once; the
 * followers take an engage action), a ground formation, with a unit within
 * 5 cm of one of f's (formations stand as discs: their nearest units), or at
 * any distance when f's units may ignore it (TP Land Raider Prometheus).
 */
export function mayFollow(game: Game, f: number, g: number): boolean {
  if (g === f || game.army(g) !== game.army(f) || game.activated[g] === 1 || game.status[g] !== ON_TABLE || !game.standing(g)) return false;
  if ((game.info.kind[g]! & (K_AIRCRAFT | K_SPACECRAFT)) !== 0) return false;
  return game.within(g, f, COMMAND_RANGE) || commandsAtAnyRange(game, f);
}
