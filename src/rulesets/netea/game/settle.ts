import { COVER_NONE, COVER_OVERWATCH_OPEN } from './engine.js';
import { GONE, ON_TABLE, type Game } from './game.js';
import { KIND_COVER } from './terrain.js';
import { EV_LOST, EV_WITHDRAW } from './timeline.js';

/** How much each cover state is worth to the formation in it: a 4+ save beats a 5+, a 5+ beats a 6+ (gameCover.ts states 0..4). */
export const COVER_RANK = Uint8Array.of(0, 1, 2, 3, 2);

/**
 * Formation f's cover where it stands (RB 1.8): the best terrain its centre
 * is in; in the open, infantry on overwatch are in cover (TP Terrain
 * Effects, Open Ground). Switches the engine's cover state.
 */
export function updateCover(game: Game, f: number): void {
  const t = game.table;
  t.px = game.x[f]!;
  t.py = game.y[f]!;
  let state = COVER_NONE;
  for (let i = 0; i < t.n; i++) {
    const s = KIND_COVER[t.kind[i]!]!;
    if (COVER_RANK[s]! > COVER_RANK[state]! && t.inside(i)) state = s;
  }
  if (state === COVER_NONE && game.overwatch[f] === 1) state = COVER_OVERWATCH_OPEN;
  game.ge.setCover(f, state);
}

/**
 * After an engine call: summoned daemons destroyed or of a broken formation
 * leave (summoning.ts); every formation that withdrew (RB 1.13.3; the engine
 * counts how far in e.fWithdrawn) moves as far straight towards its own table
 * edge, stopping at the edge; a formation with no living unit is gone; a
 * broken one is off overwatch.
 */
export function settle(game: Game): void {
  const e = game.e;
  // TP Summoned Units: destroyed daemons are gone; a broken formation's are removed from play (after an assault's extra hits).
  game.daemons.sweep(game.ge);
  game.refreshRadii();
  for (let f = 0; f < game.nF; f++) {
    if (game.status[f] !== ON_TABLE) continue;
    if (e.fAlive[f] === 0) {
      game.status[f] = GONE;
      game.overwatch[f] = 0;
      game.timeline?.add(game.turn, EV_LOST, f, -1, 0, 0, 0, 0);
      continue;
    }
    if (e.fBroken[f] === 1) game.overwatch[f] = 0;
    const back = e.fWithdrawn[f]!;
    if (back <= 0) continue;
    e.fWithdrawn[f] = 0;
    const a = game.army(f);
    const r = game.rad[f]!;
    const target = game.edge[a] === 0 ? r : game.table.depth - r;
    const y = game.y[f]!;
    game.y[f] = game.edge[a] === 0 ? Math.max(target, y - back) : Math.min(target, y + back);
    game.noteMoved(f);
    updateCover(game, f);
    game.timeline?.add(game.turn, EV_WITHDRAW, f, -1, back, game.x[f]!, game.y[f]!, 0);
  }
}
