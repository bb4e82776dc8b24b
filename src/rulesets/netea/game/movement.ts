import type { Sfc32 } from '../../../sim/rng.js';
import { ON_TABLE, type Game } from './game.js';
import { K_FLIES_OVER } from './formationInfo.js';
import { KIND_DANGEROUS, KIND_IMPASSABLE } from './terrain.js';
import { frontsAround } from './fronts.js';
import { settle, updateCover } from './settle.js';
import { EV_DANGEROUS, EV_MOVE } from './timeline.js';
import { NP_CAUTIOUS } from './notPlayed.js';

/**
 * One move of a formation (RB 1.7), the formation moving as one disc: its
 * centre travels straight towards a point, as far as its speed allows, and
 * stops short of what it may not enter:
 *
 * - the table's edges;
 * - an enemy formation's zone of control (RB 1.7.3: 5 cm, 10 for scouts,
 *   RB 2.1.12), except the formation it charges, which it may reach (RB
 *   1.12.3); a formation already in a zone of control may only move away;
 * - (another formation of its army does not stop it: the units of two
 *   formations pass between one another, and may end intermixed);
 * - terrain impassable to any of its units (RB 1.8), except for skimmers and
 *   jump packs, which may cross it but not end in it (RB 2.1.7, 2.1.13).
 *
 * If the straight line is blocked before half the move, it tries the
 * directions 45 and 90 degrees either side and takes the one ending nearest
 * the point. Dangerous terrain it enters (or starts the move in) costs a
 * dangerous terrain test for its units it is dangerous to (RB 1.8.1), one per
 * move; skimmers and jump packs test only where they land.
 *
 * The caller writes where to go and how far in `order` and reads how far the
 * formation went back from it: no fractional number crosses a call (V8 would
 * box it, allocating).
 */

/** Stop this short of what blocks a move, cm. */
const MARGIN = 0.01;
const DETOUR_COS = Float64Array.of(Math.SQRT1_2, Math.SQRT1_2, 0, 0);
const DETOUR_SIN = Float64Array.of(Math.SQRT1_2, -Math.SQRT1_2, 1, -1);

/** A move: where to (tx, ty) and how far (dist), in; how far it went (moved), out. */
export class MoveOrder {
  tx = 0;
  ty = 0;
  dist = 0;
  moved = 0;
  /** The direction tried and the free distance found along it (freeDistance). */
  ux = 0;
  uy = 0;
  want = 0;
  free = 0;
}

export const order = new MoveOrder();

/**
 * How far formation f may move from where it stands along the unit direction
 * (order.ux, order.uy), up to order.want cm, into order.free; `charging` is the
 * formation it charges (-1: none).
 */
export function freeDistance(game: Game, f: number, charging: number): void {
  const x0 = game.x[f]!;
  const y0 = game.y[f]!;
  const ux = order.ux;
  const uy = order.uy;
  const r = game.rad[f]!;
  let limit = order.want;
  // The table's edges.
  if (ux > 0) limit = Math.min(limit, (game.table.width - r - x0) / ux);
  else if (ux < 0) limit = Math.min(limit, (r - x0) / ux);
  if (uy > 0) limit = Math.min(limit, (game.table.depth - r - y0) / uy);
  else if (uy < 0) limit = Math.min(limit, (r - y0) / uy);
  const enemy = 1 - game.army(f);
  const n = game.nF;
  const end = game.armyEnd[enemy]!;
  for (let g = game.armyStart[enemy]!; g < end && limit > 0; g++) {
    if (game.status[g] !== ON_TABLE || game.e.fAlive[g] === 0) continue;
    let keep = r + game.rad[g]!;
    if (g !== charging) keep += game.info.zoc[g]!;
    // Too far to be reached by this move.
    if (game.centres[f * n + g]! - keep > limit) continue;
    // The furthest the move keeps the centre `keep` from g's; moving away from one already too close is free.
    const wx = x0 - game.x[g]!;
    const wy = y0 - game.y[g]!;
    const w2 = wx * wx + wy * wy;
    const b = ux * wx + uy * wy;
    if (w2 < keep * keep) {
      if (b < 0) limit = 0;
      continue;
    }
    const disc = b * b - (w2 - keep * keep);
    if (disc < 0) continue;
    const hit = -b - Math.sqrt(disc);
    if (hit >= 0) limit = Math.min(limit, Math.max(0, hit - MARGIN));
  }
  if (limit <= 0) {
    order.free = 0;
    return;
  }
  const kinds = game.info.terrainKinds[f]!;
  const t = game.table;
  if ((game.info.kind[f]! & K_FLIES_OVER) !== 0) {
    // Skimmers and jump packs: the move shortens until its end is on ground they may stand on.
    const step = limit / 8;
    for (let k = 0; k < 8 && limit > 0; k++) {
      t.px = x0 + ux * limit;
      t.py = y0 + uy * limit;
      let blocked = false;
      for (let i = 0; i < t.n && !blocked; i++) if ((KIND_IMPASSABLE[t.kind[i]!]! & kinds) !== 0 && t.inside(i)) blocked = true;
      if (!blocked) break;
      limit -= step;
    }
    order.free = limit > 0 ? limit : 0;
    return;
  }
  t.sx0 = x0;
  t.sy0 = y0;
  for (let i = 0; i < t.n; i++) {
    if ((KIND_IMPASSABLE[t.kind[i]!]! & kinds) === 0) continue;
    t.sx1 = x0 + ux * limit;
    t.sy1 = y0 + uy * limit;
    if (!t.span(i) || t.spanIn === 0) continue;
    limit = Math.max(0, t.spanIn * limit - MARGIN);
  }
  order.free = limit;
}

/**
 * Moves formation f up to order.dist cm towards (order.tx, order.ty),
 * charging `charging` (-1: an ordinary move), with its dangerous terrain
 * tests. How far it moved goes to order.moved; returns whether it moved.
 */
export function moveToward(game: Game, f: number, charging: number, rng: Sfc32): boolean {
  const x0 = game.x[f]!;
  const y0 = game.y[f]!;
  const dx = order.tx - x0;
  const dy = order.ty - y0;
  const toGo = Math.sqrt(dx * dx + dy * dy);
  order.moved = 0;
  if (order.dist <= 0 || toGo < MARGIN) return false;
  const want = Math.min(order.dist, toGo);
  const ux = dx / toGo;
  const uy = dy / toGo;
  order.ux = ux;
  order.uy = uy;
  order.want = want;
  freeDistance(game, f, charging);
  let best = order.free;
  let bx = ux;
  let by = uy;
  if (best < want / 2 && charging < 0) {
    let lx = order.tx - (x0 + ux * best);
    let ly = order.ty - (y0 + uy * best);
    let bestLeft = Math.sqrt(lx * lx + ly * ly);
    for (let k = 0; k < DETOUR_COS.length; k++) {
      const c = DETOUR_COS[k]!;
      const s = DETOUR_SIN[k]!;
      order.ux = ux * c - uy * s;
      order.uy = ux * s + uy * c;
      freeDistance(game, f, charging);
      lx = order.tx - (x0 + order.ux * order.free);
      ly = order.ty - (y0 + order.uy * order.free);
      const left = Math.sqrt(lx * lx + ly * ly);
      if (left < bestLeft - MARGIN) {
        bestLeft = left;
        best = order.free;
        bx = order.ux;
        by = order.uy;
      }
    }
  }
  if (best <= MARGIN) return false;
  const x1 = x0 + bx * best;
  const y1 = y0 + by * best;
  const t = game.table;
  t.sx0 = x0;
  t.sy0 = y0;
  t.sx1 = x1;
  t.sy1 = y1;
  t.px = x1;
  t.py = y1;
  const dangerous = dangerousKinds(game, f);
  game.x[f] = x1;
  game.y[f] = y1;
  game.noteMoved(f);
  updateCover(game, f);
  order.moved = best;
  game.timeline?.add(game.turn, EV_MOVE, f, charging, x0, y0, x1, y1);
  if (dangerous !== 0) {
    game.notPlayed.mark(NP_CAUTIOUS);
    frontsAround(game, f, -1);
    const lost = game.ge.dangerousTerrain(f, dangerous, rng);
    game.timeline?.add(game.turn, EV_DANGEROUS, f, -1, lost, 0, 0, 0);
    settle(game);
  }
  return true;
}

/** The unit kinds (TERRAIN_* bits) of formation f that enter dangerous terrain moving along the table's segment (sx0, sy0)-(sx1, sy1), or start in it; skimmers and jump packs where they land, (px, py). */
function dangerousKinds(game: Game, f: number): number {
  const kinds = game.info.terrainKinds[f]!;
  const fliesOver = (game.info.kind[f]! & K_FLIES_OVER) !== 0;
  const t = game.table;
  let out = 0;
  for (let i = 0; i < t.n; i++) {
    const hit = KIND_DANGEROUS[t.kind[i]!]! & kinds;
    if (hit === 0) continue;
    if (fliesOver ? t.inside(i) : t.span(i)) out |= hit;
  }
  return out;
}
