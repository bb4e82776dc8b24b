import type { Sfc32 } from '../../../sim/rng.js';
import { UNIT } from './randomTable.js';
import type { TableLayout } from './tableLayout.js';
import { OBJECTIVE_SPACING, TABLE_DEPTH, TABLE_WIDTH } from './table.js';

/** RB 6.1.4: "Take it in turns ... to place one objective marker", six in all. */
export const OBJECTIVE_COUNT = 6;
/** RB 6.1.4: a unit within 15 cm captures or contests. */
export const CAPTURE_RANGE = 15;

/** `control` of an objective: held by neither army, by army 0 or 1, or contested. */
export const NOBODY = -1;
export const CONTESTED = 2;

/** Objectives are kept this far from the short edges when the players place them (the placement policy's choice). */
const SIDE_MARGIN = 10;
const PLACEMENT_TRIES = 64;

/**
 * The six objectives of a tournament game (RB 6.1.4): where each stands,
 * who placed it, whether it was its placer's first (on his own table edge:
 * the opponent's Blitzkrieg objective, RB 6.1.7), and who controls it after
 * the last end phase. Objectives have no memory: control is found afresh
 * every end phase.
 */
export class Objectives {
  readonly x = new Float64Array(OBJECTIVE_COUNT);
  readonly y = new Float64Array(OBJECTIVE_COUNT);
  /** The army that placed it. */
  readonly placer = new Uint8Array(OBJECTIVE_COUNT);
  /** 1 for an army's first objective, on its own table edge. */
  readonly onEdge = new Uint8Array(OBJECTIVE_COUNT);
  /** The army in whose half it stands. */
  readonly half = new Uint8Array(OBJECTIVE_COUNT);
  readonly control = new Int8Array(OBJECTIVE_COUNT);

  /**
   * The players place the objectives (RB 6.1.4) in turn, `first` first: each
   * first on his own table edge, then two in the opponent's half at least
   * 30 cm from the opponent's table edge and from any objective already
   * placed. The placement policy (docs/game.md): a point drawn uniformly
   * where the rule allows, kept 10 cm from the short edges, drawn again up to
   * 64 times while it is closer than 30 cm to another objective. `edgeOf[a]`
   * is army a's table edge (0 south, 1 north).
   */
  place(first: number, edgeOf: Uint8Array, rng: Sfc32): void {
    for (let k = 0; k < OBJECTIVE_COUNT; k++) {
      const army = (first + k) & 1;
      const own = edgeOf[army] === 0 ? 0 : TABLE_DEPTH;
      const firstOfArmy = k < 2;
      for (let t = 0; t < PLACEMENT_TRIES; t++) {
        this.x[k] = SIDE_MARGIN + (rng.next() >>> 0) * UNIT * (TABLE_WIDTH - 2 * SIDE_MARGIN);
        if (firstOfArmy) {
          this.y[k] = own;
        } else {
          // The opponent's half, at least 30 cm from his edge: 60 to 90 cm from one's own edge.
          const fromOwn = TABLE_DEPTH / 2 + (rng.next() >>> 0) * UNIT * (TABLE_DEPTH / 2 - OBJECTIVE_SPACING);
          this.y[k] = own === 0 ? fromOwn : TABLE_DEPTH - fromOwn;
        }
        if (this.clearOf(k)) break;
      }
      this.mark(k, army, firstOfArmy);
    }
  }

  /** The layout's objectives: the one on each army's edge is its first; the others were placed by the army whose opponent's half they stand in. */
  placeFromLayout(layout: TableLayout, edgeOf: Uint8Array): void {
    layout.objectives!.forEach((o, k) => {
      const southArmy = edgeOf[0] === 0 ? 0 : 1;
      const northArmy = 1 - southArmy;
      const edgeArmy = o.y === 0 ? southArmy : o.y === TABLE_DEPTH ? northArmy : -1;
      const placer = edgeArmy >= 0 ? edgeArmy : o.y > TABLE_DEPTH / 2 ? southArmy : northArmy;
      this.x[k] = o.x;
      this.y[k] = o.y;
      this.mark(k, placer, edgeArmy >= 0);
    });
  }

  /** Objective k, standing where it was put, was placed by `placer`, first (on its edge) or not. */
  private mark(k: number, placer: number, onEdge: boolean): void {
    this.placer[k] = placer;
    this.onEdge[k] = onEdge ? 1 : 0;
    // An edge objective stands in its placer's half; the others in the opponent's.
    this.half[k] = onEdge ? placer : 1 - placer;
    this.control[k] = NOBODY;
  }

  /** Is objective k at least 30 cm from those placed before it? */
  private clearOf(k: number): boolean {
    for (let j = 0; j < k; j++) {
      const dx = this.x[j]! - this.x[k]!;
      const dy = this.y[j]! - this.y[k]!;
      if (dx * dx + dy * dy < OBJECTIVE_SPACING * OBJECTIVE_SPACING) return false;
    }
    return true;
  }
}
