import type { Sfc32 } from '../../../sim/rng.js';
import { BUILDINGS, CLIFFS, MARSH, RUINS, SCRUB, WOODS } from './terrain.js';
import { SHAPE_CIRCLE, SHAPE_RECT, Table, TABLE_DEPTH, TABLE_WIDTH } from './table.js';

/**
 * A random table laid out by RB 6.1.3's guidelines for tournament terrain:
 * "Divide the table into 60cm (2 foot) square areas. The total number of
 * terrain features placed should be equal to twice the number of 60cm square
 * areas" (12 on a 120 x 180 cm table), "between 0-4 features in each 60cm
 * square", features "roughly 15-30cm across". What is this layout's own
 * choice (docs/game.md): the kinds, drawn with weights woods 4, ruins 3,
 * buildings 2, scrub 1, marsh 1, cliffs 1 (of 12); woods, scrub and marsh
 * round, the others rectangular; each feature in a square drawn among those
 * holding fewer than four, at a point drawn in it, drawn again (up to eight
 * times) while it would overlap a feature already placed. No hills, rivers or
 * roads. Deterministic given the dice; no allocation.
 */

const SQUARE = 60;
const FEATURES_PER_SQUARE = 2;
const MAX_PER_SQUARE = 4;
const MIN_ACROSS = 15;
const MAX_ACROSS = 30;
const TRIES = 8;
/** Kinds in twelfths: woods 4, ruins 3, buildings 2, scrub 1, marsh 1, cliffs 1. */
const KIND_BY_TWELFTH = Uint8Array.of(WOODS, WOODS, WOODS, WOODS, RUINS, RUINS, RUINS, BUILDINGS, BUILDINGS, SCRUB, MARSH, CLIFFS);
const ROUND = Uint8Array.of(1, 0, 0, 0, 1, 1, 1, 0);

/** 2^-32: a generator word times this is uniform in [0, 1) (written out where used: a fraction returned from a call would be boxed). */
export const UNIT = 1 / 4294967296;

/** A uniform whole number in [0, n). */
export function uniformInt(rng: Sfc32, n: number): number {
  return Math.floor((rng.next() >>> 0) * UNIT * n);
}

export class RandomTableMaker {
  private readonly perSquare: Int32Array;
  private readonly columns: number;
  private readonly rows: number;

  constructor() {
    this.columns = Math.round(TABLE_WIDTH / SQUARE);
    this.rows = Math.round(TABLE_DEPTH / SQUARE);
    this.perSquare = new Int32Array(this.columns * this.rows);
  }

  /** Lays a fresh random table out in `table`. */
  layOut(table: Table, rng: Sfc32): void {
    table.clear();
    const squares = this.columns * this.rows;
    this.perSquare.fill(0);
    const features = FEATURES_PER_SQUARE * squares;
    for (let k = 0; k < features; k++) {
      const kind = KIND_BY_TWELFTH[uniformInt(rng, 12)]!;
      const across = MIN_ACROSS + (rng.next() >>> 0) * UNIT * (MAX_ACROSS - MIN_ACROSS);
      const deep = MIN_ACROSS + (rng.next() >>> 0) * UNIT * (MAX_ACROSS - MIN_ACROSS);
      let open = 0;
      for (let s = 0; s < squares; s++) if (this.perSquare[s]! < MAX_PER_SQUARE) open++;
      let pick = uniformInt(rng, open);
      let square = 0;
      for (let s = 0; s < squares; s++) {
        if (this.perSquare[s]! >= MAX_PER_SQUARE) continue;
        if (pick-- === 0) {
          square = s;
          break;
        }
      }
      this.perSquare[square]!++;
      const x0 = (square % this.columns) * SQUARE;
      const y0 = Math.floor(square / this.columns) * SQUARE;
      const reach = (ROUND[kind] === 1 ? across : Math.sqrt(across * across + deep * deep)) / 2;
      for (let t = 0; t < TRIES; t++) {
        table.px = x0 + (rng.next() >>> 0) * UNIT * SQUARE;
        table.py = y0 + (rng.next() >>> 0) * UNIT * SQUARE;
        let clear = true;
        for (let i = 0; i < table.n && clear; i++) {
          table.distanceTo(i);
          if (table.distance < reach) clear = false;
        }
        if (clear) break;
      }
      const i = table.n++;
      table.kind[i] = kind;
      table.x[i] = table.px;
      table.y[i] = table.py;
      if (ROUND[kind] === 1) {
        table.shape[i] = SHAPE_CIRCLE;
        table.a[i] = across / 2;
        table.b[i] = across / 2;
      } else {
        table.shape[i] = SHAPE_RECT;
        table.a[i] = across / 2;
        table.b[i] = deep / 2;
      }
    }
  }
}
