import { KIND_BLOCKS_LOF } from './terrain.js';
import type { Game } from './game.js';
import { K_AIRCRAFT, K_SPACECRAFT } from './formationInfo.js';

/**
 * Lines of fire, crossfire and halves of the table, measured between
 * formations as the game places them: a formation is a disc around its
 * centre (game.ts radius), lines are drawn between centres.
 */

/** RB 1.9.2: units may see 10 cm into a feature they stand in, or out of it. */
export const SEE_INTO = 10;
/** A line crossing less than this of a feature's edge passes beside it: the units stand across several centimetres. */
export const GRAZE = 5;
/** RB 1.11: crossfire's line is at most 45 cm long. */
export const CROSSFIRE_REACH = 45;

/**
 * Is the line of fire between formations f and g clear (RB 1.9.2)? A feature
 * that blocks lines of fire (terrain.ts) blocks it when the line between
 * their centres crosses GRAZE cm of it or more, unless one of them stands in
 * the feature and the line runs no more than SEE_INTO cm inside it. Only
 * terrain blocks; units do not (war engines do by the rules: named as not
 * played). Found once until either formation moves (Game.lof).
 */
export function lineOfFire(game: Game, f: number, g: number): boolean {
  const n = game.nF;
  const k = f * n + g;
  const at = game.lofAt[k]!;
  if (at >= 0 && at >= game.movedAt[f]! && at >= game.movedAt[g]!) return game.lof[k] === 1;
  const clear = findLineOfFire(game, f, g);
  const stamp = game.moves;
  game.lof[k] = clear ? 1 : 0;
  game.lof[g * n + f] = clear ? 1 : 0;
  game.lofAt[k] = stamp;
  game.lofAt[g * n + f] = stamp;
  return clear;
}

/** The line of fire between the centres of f and g (lineOfFire without the cache). */
function findLineOfFire(game: Game, f: number, g: number): boolean {
  const t = game.table;
  t.sx0 = game.x[f]!;
  t.sy0 = game.y[f]!;
  t.sx1 = game.x[g]!;
  t.sy1 = game.y[g]!;
  return clearLine(game);
}

/**
 * Is the line of fire along the table's segment (sx0, sy0)-(sx1, sy1), from
 * one formation's centre to another's, clear (lineOfFire's rule)? For a
 * formation that is not there yet, as a player's reckoning asks.
 */
export function clearLine(game: Game): boolean {
  const t = game.table;
  const x0 = t.sx0;
  const y0 = t.sy0;
  const x1 = t.sx1;
  const y1 = t.sy1;
  const lx = x1 - x0;
  const ly = y1 - y0;
  const length = Math.sqrt(lx * lx + ly * ly);
  const minX = x0 < x1 ? x0 : x1;
  const maxX = x0 < x1 ? x1 : x0;
  const minY = y0 < y1 ? y0 : y1;
  const maxY = y0 < y1 ? y1 : y0;
  for (let i = 0; i < t.n; i++) {
    if (KIND_BLOCKS_LOF[t.kind[i]!] === 0) continue;
    // A segment outside the feature's bounding box crosses none of it (the feature spans
    // x ± a, y ± b; a circle's b is its radius): skipped without measuring the span.
    const cx = t.x[i]!;
    const cy = t.y[i]!;
    const a = t.a[i]!;
    const b = t.b[i]!;
    if (maxX < cx - a || minX > cx + a || maxY < cy - b || minY > cy + b) continue;
    if (!t.span(i)) continue;
    const inside = (t.spanOut - t.spanIn) * length;
    if (inside < GRAZE) continue;
    const holdsOne = t.spanIn === 0 || t.spanOut === 1;
    if (holdsOne && inside <= SEE_INTO) continue;
    return false;
  }
  return true;
}

/** Scratch for segmentDistance: the point (0, 1), the segment (2-5) and the distance found (6). */
export const SEG_PX = 0;
export const SEG_PY = 1;
export const SEG_X0 = 2;
export const SEG_Y0 = 3;
export const SEG_X1 = 4;
export const SEG_Y1 = 5;
export const SEG_OUT = 6;

/** Distance from the point to the segment in `seg`, written to seg[SEG_OUT]. */
export function segmentDistance(seg: Float64Array): void {
  const x0 = seg[SEG_X0]!;
  const y0 = seg[SEG_Y0]!;
  const dx = seg[SEG_X1]! - x0;
  const dy = seg[SEG_Y1]! - y0;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((seg[SEG_PX]! - x0) * dx + (seg[SEG_PY]! - y0) * dy) / len2;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = seg[SEG_PX]! - (x0 + t * dx);
  const ey = seg[SEG_PY]! - (y0 + t * dy);
  seg[SEG_OUT] = Math.sqrt(ex * ex + ey * ey);
}

/**
 * Can formation f claim crossfire on target t (RB 1.11; TP Crossfire)? A
 * line of at most 45 cm from a unit of f to a unit of another formation of
 * its army crosses the target: here, the other formation's nearest unit is
 * within 45 cm of f's, and the line between their centres passes over t's
 * footprint. The other formation is on the table, not broken, did not march
 * this turn and has a line of fire to t; aircraft and spacecraft never claim
 * it (RB 4.1.1).
 */
export function crossfire(game: Game, f: number, t: number): boolean {
  const army = game.army(f);
  const n = game.nF;
  const seg = game.seg;
  seg[SEG_PX] = game.x[t]!;
  seg[SEG_PY] = game.y[t]!;
  seg[SEG_X0] = game.x[f]!;
  seg[SEG_Y0] = game.y[f]!;
  const end = game.armyEnd[army]!;
  for (let h = game.armyStart[army]!; h < end; h++) {
    if (h === f || !game.standing(h) || game.marched[h] === 1) continue;
    if ((game.info.kind[h]! & (K_AIRCRAFT | K_SPACECRAFT)) !== 0) continue;
    if (game.centres[f * n + h]! - game.rad[f]! - game.rad[h]! > CROSSFIRE_REACH) continue;
    seg[SEG_X1] = game.x[h]!;
    seg[SEG_Y1] = game.y[h]!;
    segmentDistance(seg);
    if (seg[SEG_OUT]! > game.rad[t]!) continue;
    if (lineOfFire(game, h, t)) return true;
  }
  return false;
}

/** Does formation f stand, in part, in army a's half of the table (RB 6.1.7 They Shall Not Pass)? */
export function inHalfOf(game: Game, f: number, a: number): boolean {
  const fromEdge = game.edge[a] === 0 ? game.y[f]! : game.table.depth - game.y[f]!;
  return fromEdge - game.rad[f]! < game.table.depth / 2;
}
