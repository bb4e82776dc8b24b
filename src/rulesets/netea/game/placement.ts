import { ON_TABLE, type Game } from './game.js';
import { KIND_IMPASSABLE } from './terrain.js';
import { updateCover } from './settle.js';

/** Rings tried around a point, 5 cm apart, eight directions each. */
const RINGS = 12;
const RING_STEP = 5;
const DIRECTIONS = 8;
/** The eight directions' cosines and sines, k · 45 degrees (computed once as the rings used to compute them per spot). */
export const DIRECTION_COS = Float64Array.from({ length: DIRECTIONS }, (_, k) => Math.cos((2 * Math.PI * k) / DIRECTIONS));
export const DIRECTION_SIN = Float64Array.from({ length: DIRECTIONS }, (_, k) => Math.sin((2 * Math.PI * k) / DIRECTIONS));

/**
 * Where to set a formation down: the point (px, py) and, when yMin <= yMax,
 * the band of y its centre must stay in (a deployment zone, a half). The
 * caller writes it; no fractional number crosses a call (V8 would box it).
 */
export class PlaceOrder {
  px = 0;
  py = 0;
  yMin = 1;
  yMax = 0;
  /** The point being tried (canStand). */
  qx = 0;
  qy = 0;

  /** No band: anywhere on the table. */
  anywhere(): void {
    this.yMin = 1;
    this.yMax = 0;
  }
}

export const place = new PlaceOrder();

/**
 * Can formation f stand with its centre at (place.qx, place.qy): on the
 * table, outside every enemy's zone of control (RB 1.7.3; teleport, RB
 * 2.1.17, and planetfall, RB 4.4, say so too), clear of the other formations
 * of its army, not in terrain impassable to it (RB 6.1.5), and in the band?
 */
export function canStand(game: Game, f: number): boolean {
  const px = place.qx;
  const py = place.qy;
  const r = game.rad[f]!;
  if (px < r || px > game.table.width - r || py < r || py > game.table.depth - r) return false;
  if (place.yMin <= place.yMax && (py < place.yMin || py > place.yMax)) return false;
  const army = game.army(f);
  for (let g = 0; g < game.nF; g++) {
    if (g === f || game.status[g] !== ON_TABLE || game.e.fAlive[g] === 0) continue;
    const keep = r + game.rad[g]! + (game.army(g) !== army ? game.info.zoc[g]! : 0);
    const dx = px - game.x[g]!;
    const dy = py - game.y[g]!;
    if (dx * dx + dy * dy < keep * keep) return false;
  }
  const kinds = game.info.terrainKinds[f]!;
  const t = game.table;
  t.px = px;
  t.py = py;
  for (let i = 0; i < t.n; i++) if ((KIND_IMPASSABLE[t.kind[i]!]! & kinds) !== 0 && t.inside(i)) return false;
  return true;
}

/**
 * Sets formation f down on the table at (place.px, place.py), or at the
 * nearest point around it where it can stand (canStand, rings 5 cm apart):
 * as the rules have a formation that cannot land or teleport where it was
 * meant to moved "to the nearest area of clear ground" (RB 4.4). Returns false
 * if none was found within 60 cm (it is then set at the point, kept on the
 * table).
 */
export function setDown(game: Game, f: number): boolean {
  place.qx = place.px;
  place.qy = place.py;
  let found = canStand(game, f);
  for (let ring = 1; ring <= RINGS && !found; ring++) {
    for (let k = 0; k < DIRECTIONS && !found; k++) {
      place.qx = place.px + ring * RING_STEP * DIRECTION_COS[k]!;
      place.qy = place.py + ring * RING_STEP * DIRECTION_SIN[k]!;
      found = canStand(game, f);
    }
  }
  if (!found) {
    place.qx = place.px;
    place.qy = place.py;
  }
  const r = game.rad[f]!;
  game.x[f] = Math.min(Math.max(place.qx, r), game.table.width - r);
  game.y[f] = Math.min(Math.max(place.qy, r), game.table.depth - r);
  game.status[f] = ON_TABLE;
  game.noteMoved(f);
  updateCover(game, f);
  return found;
}
