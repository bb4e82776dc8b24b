import type { Sfc32 } from '../../../sim/rng.js';
import { C } from './engine.js';
import type { Game } from './game.js';
import { crossfire, lineOfFire } from './geometry.js';
import { frontsAround } from './fronts.js';
import { settle, updateCover } from './settle.js';
import { creditLosses, noteLosses } from './ledger.js';
import { EV_OVERWATCH_FIRE, EV_SHOOT } from './timeline.js';

/**
 * Formation f shoots formation t (RB 1.9), the engine's shooting attack at
 * the distance between them on the table, with `action`'s modifiers
 * (C.ACTION_*) and crossfire where another formation of f's army gives it
 * (geometry.ts). The caller has checked the line of fire. Formations that
 * break withdraw; f is credited with the points it destroyed; f comes off
 * overwatch (its open-ground cover with it, TP). Returns false if no unit
 * could fire (nothing happens then, not even the Blast marker).
 */
export function shootFormation(game: Game, f: number, t: number, action: number, rng: Sfc32): boolean {
  const cross = crossfire(game, f, t);
  frontsAround(game, t, f);
  noteLosses(game);
  const fired = game.ge.shootAt(f, t, action, cross, rng);
  creditLosses(game, f, game.army(t));
  if (game.overwatch[f] === 1) {
    game.overwatch[f] = 0;
    updateCover(game, f);
  }
  game.timeline?.add(game.turn, EV_SHOOT, f, t, action, fired ? 1 : 0, game.credited, cross ? 1 : 0);
  settle(game);
  return fired;
}

/**
 * RB 1.10 overwatch: right after formation `mover` completes a move, each
 * enemy formation on overwatch that is standing, has it in range and a line
 * of fire to it shoots it; shooting ends its overwatch, and one that went on
 * overwatch last turn and has not acted this turn has taken this turn's
 * action by shooting.
 */
export function overwatchReactions(game: Game, mover: number, rng: Sfc32): void {
  const enemy = 1 - game.army(mover);
  const end = game.armyEnd[enemy]!;
  for (let o = game.armyStart[enemy]!; o < end; o++) {
    if (game.overwatch[o] === 0 || !game.standing(o)) continue;
    if (!game.standing(mover)) return;
    if (!game.within(o, mover, game.info.range[o]!) || !lineOfFire(game, o, mover)) continue;
    if (game.overwatchTurn[o]! < game.turn && game.activated[o] === 0) game.activated[o] = 1;
    game.timeline?.add(game.turn, EV_OVERWATCH_FIRE, o, mover, 0, 0, 0, 0);
    shootFormation(game, o, mover, C.ACTION_OVERWATCH, rng);
  }
}
