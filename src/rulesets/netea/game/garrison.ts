import type { Game } from './game.js';
import type { Player } from './policy/player.js';
import { canStand, DIRECTION_COS, DIRECTION_SIN, place, setDown } from './placement.js';
import { COVER_RANK } from './settle.js';
import { KIND_COVER } from './terrain.js';
import { EV_DEPLOY } from './timeline.js';

/** RB 6.1.5: a garrison has "at least one unit within 15cm of an objective in the player's own half". */
export const GARRISON_RANGE = 15;
/** The spots tried around the objective: its own point and rings 5 cm apart, eight directions each. */
const RING_STEP = 5;
const RINGS = 3;
const DIRECTIONS = DIRECTION_COS.length;

/**
 * A garrison (RB 6.1.5), formation f on objective k of its army's own half:
 * its centre where it holds the objective (some unit within 15 cm of it,
 * rings 5 cm apart around it) in its own half, at the spot with the best
 * cover (RB 1.8: a 4+ save before a 5+, a 5+ before a 6+), and of those the
 * nearest its own table edge, furthest from the enemy's guns; with no such
 * spot free, as near the objective as it can stand (placement.ts setDown).
 */
export function placeGarrison(game: Game, player: Player, f: number, k: number): void {
  const army = game.army(f);
  const o = game.objectives;
  const r = game.rad[f]!;
  const half = game.table.depth / 2;
  const lo = game.edge[army] === 0 ? r : half + r;
  const hi = game.edge[army] === 0 ? half - r : game.table.depth - r;
  const reach = r + GARRISON_RANGE - 0.5;
  const ownEdge = game.edgeY(army);
  place.yMin = lo;
  place.yMax = hi;
  let bestX = o.x[k]!;
  let bestY = Math.min(Math.max(o.y[k]!, lo), hi);
  let bestScore = -Infinity;
  for (let ring = 0; ring <= RINGS; ring++) {
    const d = Math.min(ring * RING_STEP, reach);
    for (let j = 0; j < (ring === 0 ? 1 : DIRECTIONS); j++) {
      place.qx = o.x[k]! + d * DIRECTION_COS[j]!;
      place.qy = o.y[k]! + d * DIRECTION_SIN[j]!;
      if (!canStand(game, f)) continue;
      const score = 1000 * coverAt(game) - Math.abs(place.qy - ownEdge);
      if (score > bestScore) {
        bestScore = score;
        bestX = place.qx;
        bestY = place.qy;
      }
    }
  }
  place.px = bestX;
  place.py = bestY;
  setDown(game, f);
  player.garrisonOf[f] = k;
  game.timeline?.add(0, EV_DEPLOY, f, k, game.x[f]!, game.y[f]!, 1, 0);
}

/** The rank of the best cover the terrain gives a formation whose centre stands at (place.qx, place.qy) (settle.ts COVER_RANK). */
function coverAt(game: Game): number {
  const t = game.table;
  t.px = place.qx;
  t.py = place.qy;
  let rank = 0;
  for (let i = 0; i < t.n; i++) {
    const s = COVER_RANK[KIND_COVER[t.kind[i]!]!]!;
    if (s > rank && t.inside(i)) rank = s;
  }
  return rank;
}
