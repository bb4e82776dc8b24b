import type { EngagementSpec } from '../../model/spec.js';
import type { ArrayBlock } from '../../../../sim/arrayBlock.js';
import { onFoot, planEmbarkation } from './embarkation.js';

/**
 * Transports and their passengers, compiled (RB 1.7.5; TP Transport
 * Vehicles). Formations placed `embarked` start with their riders inside
 * their transports (embarkation.ts); an embarked unit counts toward its
 * formation's units (break point, outnumbering) but is not allocated hits,
 * does not shoot, lend support or fight, until it disembarks: when its
 * transport is destroyed (damage.ts killPassengers) or when its formation charges
 * (disembark.ts). Nobody embarks during an engagement.
 */
export class TransportState {
  // The fields every trial reads first (V8 lays the fields out in the order declared).
  /** Some unit starts embarked: the fire and assault plans leave such engagements to the general path. */
  readonly any: boolean;
  /** Per trial: the unit is inside its transport (restored with the unit's other state by the runner's reset). */
  readonly stEmbarked: Uint8Array;
  /** Per unit (global index): the transport it starts in, or -1. */
  readonly uCarriedBy: Int32Array;
  /** Per unit: its place in its formation's ranks (embarkation.ts), for its depth and place in the rank. */
  readonly uSlot: Int32Array;
  /** Passengers of transport t at the start: passengers[tFirst[t], tFirst[t] + tCount[t]). */
  readonly tFirst: Int32Array;
  readonly tCount: Int32Array;
  readonly passengers: Int32Array;
  /** Embarked units of each formation at the start. */
  readonly fStartEmbarked: Int32Array;

  // ---- per-trial state ----
  /** Units of each formation still marked embarked (the charge cache compares it with the start). */
  readonly fEmbarked: Int32Array;

  /** The arrays from `block` (engagement.ts), the ones a trial reads first. */
  constructor(spec: EngagementSpec, nUnits: number, block: ArrayBlock) {
    this.stEmbarked = block.uint8(nUnits);
    this.uCarriedBy = block.int32(nUnits).fill(-1);
    this.tCount = block.int32(nUnits);
    this.fEmbarked = block.int32(spec.formations.length);
    this.fStartEmbarked = block.int32(spec.formations.length);
    this.uSlot = block.int32(nUnits);
    this.tFirst = block.int32(nUnits);
    let first = 0;
    spec.formations.forEach((pf, f) => {
      const plan = pf.embarked === true ? planEmbarkation(pf.formation) : onFoot(pf.formation);
      plan.carriedBy.forEach((t, i) => {
        this.uSlot[first + i] = plan.slot[i]!;
        if (t < 0) return;
        this.uCarriedBy[first + i] = first + t;
        this.tCount[first + t]!++;
        this.fStartEmbarked[f]!++;
      });
      first += pf.formation.units.length;
    });
    let n = 0;
    for (let t = 0; t < nUnits; t++) {
      this.tFirst[t] = n;
      n += this.tCount[t]!;
    }
    this.passengers = block.int32(n);
    const filled = new Int32Array(nUnits);
    for (let u = 0; u < nUnits; u++) {
      const t = this.uCarriedBy[u]!;
      if (t >= 0) this.passengers[this.tFirst[t]! + filled[t]!++] = u;
    }
    this.any = n > 0;
  }

  /** A unit's starting embarkation, for the reset of a unit whose state changed. */
  resetUnit(u: number): void {
    this.stEmbarked[u] = this.uCarriedBy[u]! >= 0 ? 1 : 0;
  }

  /** The formations' starting counts, for the reset of every trial. */
  reset(): void {
    if (!this.any) return;
    for (let f = 0; f < this.fEmbarked.length; f++) this.fEmbarked[f] = this.fStartEmbarked[f]!;
  }
}
