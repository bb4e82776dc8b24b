import type { ResolvedUnit } from '../../../model/formation.js';
import type { ArrayBlock } from '../../../sim/arrayBlock.js';

/**
 * The Tyranids' synapse and brood values, per unit (global index), for
 * swarming in the end phase (swarming.ts `swarm`).
 */
export class SwarmValues {
  /** The unit's synapse value with its characters' (TP: "Synapse (+x)" characters add theirs). */
  readonly uSynapse: Int32Array;
  /** Swarm points that return the unit to play once destroyed; 0 for a unit without Brood. */
  readonly uBrood: Int32Array;
  /** Some unit has a synapse value (the end phase swarms only then). */
  any = false;

  /** The arrays from the engagement's `block` (engagement.ts). */
  constructor(nUnits: number, block: ArrayBlock) {
    this.uSynapse = block.int32(nUnits);
    this.uBrood = block.int32(nUnits);
  }

  fillUnit(g: number, ru: ResolvedUnit): void {
    this.uSynapse[g] = (ru.unit.synapse ?? 0) + ru.characters.reduce((s, c) => s + (c.synapse ?? 0), 0);
    this.uBrood[g] = ru.unit.brood ?? 0;
    if (this.uSynapse[g]! > 0) this.any = true;
  }
}
