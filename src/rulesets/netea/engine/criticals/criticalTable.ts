import type { CriticalPart } from '../../../../model/schema.js';
import { parseDiceExpr } from '../../../../sim/diceExpr.js';
import type { ArrayBlock } from '../../../../sim/arrayBlock.js';
import * as C from '../codes.js';

/** Critical-hit part kinds as integers. */
export const CRIT_UNSUPPORTED = -1;
export const CRIT_DAMAGE = 0;
export const CRIT_DESTROYED = 1;
export const CRIT_REACTOR = 2;
export const CRIT_FIRE = 3;
export const CRIT_TO_HIT = 4;
export const CRIT_STAGGER = 5;
export const CRIT_LOSES_HOLOFIELD = 6;
export const CRIT_LOSES_DEFLECTOR = 7;
export const CRIT_HITS_AROUND = 8;
export const CRIT_D6_TABLE = 9;
export const CRIT_DISARMED = 10;
export const CRIT_PASSENGERS_KILLED = 11;
export const CRIT_FRIENDLY_BLAST_MARKERS = 12;
/** The rows after it are what criticals after the first do; the rows before it, the first's only. */
export const CRIT_SUBSEQUENT = 13;
/** Named with the run, not played: the model does not move a war engine once it is hit. */
export const CRIT_MOVEMENT = 14;
/** TP Cyclops: from now on each miss of the named weapon costs `a` points of damage (damageOnMiss.ts). */
export const CRIT_DAMAGE_ON_MISS = 15;
/** TP Land Train: a random carriage removed, or the unit destroyed without one (carriages.ts). */
export const CRIT_LOSES_CHARACTER = 16;

/** What a `loses` part does on later criticals (in `b`). */
export const LATER_NOTHING = 0;
export const LATER_DAMAGE = 1;
export const LATER_DESTROYED = 2;

/** Bit set of D6 faces: bit f is set when face f is listed. */
function faceMask(faces: number[] | undefined): number {
  let m = 0;
  for (const f of faces ?? []) m |= 1 << f;
  return m;
}

type HitsAround = NonNullable<Extract<CriticalPart, { kind: 'destroyed' }>['hitsAround']>;

/**
 * War-engine critical-hit effects (RB 3.2.3, the TP datasheets) compiled into
 * integer columns, one row per part: `kind` and up to four integer
 * arguments whose meaning each kind documents, and for parts that hit the
 * units around, the roll, range, hit flags and target classes of those hits
 * (damage.ts `hitsAround`). A d6-table's outcomes take rows of their own after the
 * table's row (`a` = first outcome row, `b` = their number); each outcome row
 * holds its faces in `c`, its damage in `d` and its hits around.
 */
export class CriticalTable {
  readonly kind: Int32Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly c: Int32Array;
  readonly d: Int32Array;
  /** Hits around: the roll needed (NONE: no hits), the range, the hit's flags, the classes hit, and whether the war engine itself is hit. */
  readonly aroundToHit: Int32Array;
  readonly aroundRange: Float64Array;
  /** A range rolled each time (dice and sides; 0 dice: `aroundRange`). */
  readonly aroundRollN: Int32Array;
  readonly aroundRollSides: Int32Array;
  readonly aroundFlags: Int32Array;
  readonly aroundClasses: Int32Array;
  readonly aroundSelf: Uint8Array;

  /** Rows for `parts`, each part's first row at its index in the result of `rowsOf`; the arrays from the engagement's `block` (engagement.ts). */
  constructor(parts: readonly CriticalPart[], block: ArrayBlock) {
    const n = parts.reduce((s, p) => s + CriticalTable.rowsOf(p), 0);
    this.kind = block.int32(n);
    this.a = block.int32(n);
    this.b = block.int32(n);
    this.c = block.int32(n);
    this.d = block.int32(n);
    this.aroundToHit = block.int32(n).fill(C.NONE);
    this.aroundRange = block.float64(n);
    this.aroundRollN = block.int32(n);
    this.aroundRollSides = block.int32(n);
    this.aroundFlags = block.int32(n);
    this.aroundClasses = block.int32(n);
    this.aroundSelf = block.uint8(n);
    let row = 0;
    for (const p of parts) row = this.fill(row, p);
  }

  /** Rows a part takes: one, and one more per outcome of a d6-table. */
  static rowsOf(part: CriticalPart): number {
    return part.kind === 'd6-table' ? 1 + part.outcomes.length : 1;
  }

  private fill(i: number, part: CriticalPart): number {
    switch (part.kind) {
      case 'damage': {
        const t = parseDiceExpr(part.amount);
        this.kind[i] = CRIT_DAMAGE;
        this.a[i] = t.n;
        this.b[i] = t.sides;
        this.c[i] = t.plus;
        return i + 1;
      }
      case 'destroyed':
        this.kind[i] = CRIT_DESTROYED;
        this.b[i] = faceMask(part.passengersSurviveOn);
        this.fillAround(i, part.hitsAround);
        return i + 1;
      case 'reactor':
        this.kind[i] = CRIT_REACTOR;
        this.a[i] = faceMask(part.destroyedOn);
        this.b[i] = faceMask(part.damageOn);
        this.c[i] = faceMask(part.repairedOn);
        this.fillAround(i, part.hitsAround);
        return i + 1;
      case 'fire':
        this.kind[i] = CRIT_FIRE;
        this.a[i] = faceMask(part.spreadOn);
        this.b[i] = faceMask(part.outOn);
        return i + 1;
      case 'to-hit-penalty':
        this.kind[i] = CRIT_TO_HIT;
        this.a[i] = part.amount;
        this.b[i] = part.laterCriticalDamage;
        return i + 1;
      case 'stagger':
        this.kind[i] = CRIT_STAGGER;
        this.a[i] = part.onBlocked === 'destroyed' ? 1 : 0;
        this.b[i] = part.hitsOnContact ?? C.NONE;
        return i + 1;
      case 'loses':
        this.kind[i] = part.what === 'holofield' ? CRIT_LOSES_HOLOFIELD : CRIT_LOSES_DEFLECTOR;
        this.b[i] = part.later === 'damage' ? LATER_DAMAGE : part.later === 'destroyed' ? LATER_DESTROYED : LATER_NOTHING;
        return i + 1;
      case 'disarmed':
        this.kind[i] = CRIT_DISARMED;
        this.a[i] = part.firefight ?? C.NONE;
        this.b[i] = part.later === 'damage' ? LATER_DAMAGE : part.later === 'destroyed' ? LATER_DESTROYED : LATER_NOTHING;
        return i + 1;
      case 'hits-around':
        this.kind[i] = CRIT_HITS_AROUND;
        this.fillAround(i, part.hitsAround);
        return i + 1;
      case 'd6-table':
        this.kind[i] = CRIT_D6_TABLE;
        this.a[i] = i + 1;
        this.b[i] = part.outcomes.length;
        part.outcomes.forEach((o, k) => {
          const r = i + 1 + k;
          this.kind[r] = CRIT_UNSUPPORTED;
          this.c[r] = faceMask(o.faces);
          this.d[r] = o.damage ?? 0;
          this.fillAround(r, o.hitsAround);
        });
        return i + 1 + part.outcomes.length;
      case 'passengers-killed': {
        const t = parseDiceExpr(part.count);
        this.kind[i] = CRIT_PASSENGERS_KILLED;
        this.a[i] = t.n;
        this.b[i] = t.sides;
        this.c[i] = t.plus;
        return i + 1;
      }
      case 'damage-on-miss':
        // The weapon is found by name when the lines are compiled (W_MISS_DAMAGE).
        this.kind[i] = CRIT_DAMAGE_ON_MISS;
        this.a[i] = part.amount;
        return i + 1;
      case 'loses-character':
        this.kind[i] = CRIT_LOSES_CHARACTER;
        return i + 1;
      case 'friendly-blast-markers':
        this.kind[i] = CRIT_FRIENDLY_BLAST_MARKERS;
        return i + 1;
      case 'subsequent':
        this.kind[i] = CRIT_SUBSEQUENT;
        return i + 1;
      case 'movement':
        this.kind[i] = CRIT_MOVEMENT;
        return i + 1;
      case 'unsupported':
        // Named in the formation's `unsupported` list and reported with the run.
        this.kind[i] = CRIT_UNSUPPORTED;
        return i + 1;
    }
  }

  private fillAround(i: number, h: HitsAround | undefined): void {
    if (h === undefined) return;
    this.aroundToHit[i] = h.toHit;
    this.aroundRange[i] = h.rangeCm;
    if (h.rangeRoll !== undefined) {
      const t = parseDiceExpr(h.rangeRoll);
      this.aroundRollN[i] = t.n;
      this.aroundRollSides[i] = t.sides;
    }
    this.aroundFlags[i] = h.hit === 'macro-weapon' ? C.H_MW : h.hit === 'titan-killer' ? C.H_TK | C.H_MW : 0;
    this.aroundClasses[i] = h.hit === 'ap' ? C.ELIGIBLE_AP : C.ELIGIBLE_ANY_GROUND;
    this.aroundSelf[i] = h.includesSelf === true ? 1 : 0;
  }
}
