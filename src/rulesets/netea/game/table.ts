/**
 * The table of a tournament game (RB 6.1.2: "The ideal size is round-about
 * 120cm by 180cm"): positions in centimetres, x along the long edges (0 to
 * `width`), y from one long edge (0) to the other (`depth`). Terrain features
 * are circles or axis-aligned rectangles (RB 6.1.3: "roughly 15-30cm
 * across"), held in typed arrays so a game can lay a random table out
 * without allocating. The point or segment a question is about is set in the
 * table's fields first (`px`, `py`; `sx0` .. `sy1`), so that no fractional
 * number crosses a call (V8 would box it).
 */

export const TABLE_WIDTH = 180;
export const TABLE_DEPTH = 120;
/** The most features a table holds (RB 6.1.3: twice the 60 cm squares, 12 on a 120 x 180 table; layouts may hold more). */
export const MAX_FEATURES = 64;

/**
 * RB 6.1.4: objectives in the opponent's half are at least 30 cm from his table edge and from any other objective.
 * Here, not beside the layout files' schema (tableLayout.ts), so the objectives, and the game tally the
 * scenario registry reads, do not bring zod into the playground's worker.js.
 */
export const OBJECTIVE_SPACING = 30;

export const SHAPE_CIRCLE = 0;
export const SHAPE_RECT = 1;

export class Table {
  width = TABLE_WIDTH;
  depth = TABLE_DEPTH;
  n = 0;
  readonly kind = new Uint8Array(MAX_FEATURES);
  readonly shape = new Uint8Array(MAX_FEATURES);
  /** Centre of each feature. */
  readonly x = new Float64Array(MAX_FEATURES);
  readonly y = new Float64Array(MAX_FEATURES);
  /** Radius of a circle; half the width (x) of a rectangle. */
  readonly a = new Float64Array(MAX_FEATURES);
  /** Half the depth (y) of a rectangle. */
  readonly b = new Float64Array(MAX_FEATURES);
  /** The point `inside` and `distanceTo` ask about. */
  px = 0;
  py = 0;
  /** The segment `span` asks about, from (sx0, sy0) to (sx1, sy1). */
  sx0 = 0;
  sy0 = 0;
  sx1 = 0;
  sy1 = 0;
  /** The part of the segment `span` measured inside the feature, as fractions of the segment: [spanIn, spanOut]. */
  spanIn = 0;
  spanOut = 0;
  /** The distance `distanceTo` measured. */
  distance = 0;

  clear(): void {
    this.n = 0;
  }

  addCircle(kind: number, x: number, y: number, r: number): void {
    const i = this.n++;
    this.kind[i] = kind;
    this.shape[i] = SHAPE_CIRCLE;
    this.x[i] = x;
    this.y[i] = y;
    this.a[i] = r;
    this.b[i] = r;
  }

  addRect(kind: number, x: number, y: number, w: number, h: number): void {
    const i = this.n++;
    this.kind[i] = kind;
    this.shape[i] = SHAPE_RECT;
    this.x[i] = x;
    this.y[i] = y;
    this.a[i] = w / 2;
    this.b[i] = h / 2;
  }

  /** Is the point (px, py) inside feature i? */
  inside(i: number): boolean {
    const dx = this.px - this.x[i]!;
    const dy = this.py - this.y[i]!;
    if (this.shape[i] === SHAPE_CIRCLE) return dx * dx + dy * dy <= this.a[i]! * this.a[i]!;
    return Math.abs(dx) <= this.a[i]! && Math.abs(dy) <= this.b[i]!;
  }

  /** Distance from the point (px, py) to feature i (0 inside it), into `distance`. */
  distanceTo(i: number): void {
    const dx = this.px - this.x[i]!;
    const dy = this.py - this.y[i]!;
    if (this.shape[i] === SHAPE_CIRCLE) {
      this.distance = Math.max(0, Math.sqrt(dx * dx + dy * dy) - this.a[i]!);
      return;
    }
    const ox = Math.max(0, Math.abs(dx) - this.a[i]!);
    const oy = Math.max(0, Math.abs(dy) - this.b[i]!);
    this.distance = Math.sqrt(ox * ox + oy * oy);
  }

  /**
   * The part of the segment (sx0, sy0) to (sx1, sy1) inside feature i, as
   * fractions of it in `spanIn` and `spanOut`; false (and both 0) if the
   * segment misses it.
   */
  span(i: number): boolean {
    const x0 = this.sx0;
    const y0 = this.sy0;
    const dx = this.sx1 - x0;
    const dy = this.sy1 - y0;
    let lo = 0;
    let hi = 1;
    const cx = this.x[i]!;
    const cy = this.y[i]!;
    if (this.shape[i] === SHAPE_CIRCLE) {
      const r = this.a[i]!;
      const fx = x0 - cx;
      const fy = y0 - cy;
      const qa = dx * dx + dy * dy;
      const qb = 2 * (fx * dx + fy * dy);
      const qc = fx * fx + fy * fy - r * r;
      if (qa === 0) return this.miss(qc <= 0 ? 1 : 0);
      const disc = qb * qb - 4 * qa * qc;
      if (disc < 0) return this.miss(0);
      const root = Math.sqrt(disc);
      lo = Math.max(0, (-qb - root) / (2 * qa));
      hi = Math.min(1, (-qb + root) / (2 * qa));
    } else {
      const ax = this.a[i]!;
      const by = this.b[i]!;
      if (dx === 0) {
        if (Math.abs(x0 - cx) > ax) return this.miss(0);
      } else {
        const t1 = (cx - ax - x0) / dx;
        const t2 = (cx + ax - x0) / dx;
        lo = Math.max(lo, Math.min(t1, t2));
        hi = Math.min(hi, Math.max(t1, t2));
      }
      if (dy === 0) {
        if (Math.abs(y0 - cy) > by) return this.miss(0);
      } else {
        const t1 = (cy - by - y0) / dy;
        const t2 = (cy + by - y0) / dy;
        lo = Math.max(lo, Math.min(t1, t2));
        hi = Math.min(hi, Math.max(t1, t2));
      }
    }
    if (lo > hi) return this.miss(0);
    this.spanIn = lo;
    this.spanOut = hi;
    return true;
  }

  /** The segment misses the feature (`inside` 0), or, of no length, lies in it (1). */
  private miss(inside: number): boolean {
    this.spanIn = 0;
    this.spanOut = inside;
    return inside === 1;
  }
}
