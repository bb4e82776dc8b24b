import type { EngagementSpec } from '../../model/spec.js';
import { fightersOnly, flyingKind } from '../../../../model/flyingKind.js';
import type { ArrayBlock } from '../../../../sim/arrayBlock.js';

/** Bits of `fUnderFire`: the aircraft formation took its coming-under-fire Blast marker (RB 4.2.7). */
export const UNDER_FIRE_APPROACH = 1;
export const UNDER_FIRE_DISENGAGEMENT = 2;

/** Flak phases (RB 4.2.4): as the aircraft approach, or as they disengage in the end phase. */
export const PHASE_APPROACH = 0;
export const PHASE_DISENGAGEMENT = 1;

/**
 * What aerospace adds to an engagement (RB 4.1-4.4; TP Aerospace): each weapon
 * line's AA value, which formations fly, and the per-trial state of the air
 * war (jinking, whether the attack has been made, the once-per-phase Blast
 * marker for coming under fire, the once-per-turn limit on each flak unit).
 * Typed arrays only; `reset` restores a trial's start.
 */
export class AirState {
  // The two fields every trial reads first (V8 lays the fields out in the order declared).
  /** The formation is aircraft or spacecraft: never suppressed or broken, cannot be assaulted (RB 4.1.2). */
  readonly fAerospace: Uint8Array;
  /** Any engagement step uses aircraft at all (the reset is skipped otherwise). */
  readonly any: boolean;
  /** AA value of each weapon line (NONE when it has none). */
  readonly wAA: Uint8Array;
  /** Longest AA range of each unit (-1: no AA weapon). Filled by `fillAntiAircraft` (engagement/antiAircraft.ts) once lines are compiled. */
  readonly uMaxAaRange: Float64Array;
  /** Each weapon group's mode with the best AA value (-1: none); a shorter-ranged better mode is rare, so it is checked first. */
  gAaLine: Int32Array;
  /** The units with AA weapons, formation by formation: formation f's are aaUnits[fAaStart[f], fAaStart[f + 1]). */
  aaUnits: Int32Array;
  readonly fAaStart: Int32Array;
  /** Every unit of the formation may jink (fighters and fighter-bombers). */
  readonly fCanJink: Uint8Array;

  // ---- per-trial state ----
  /** The formation is jinking: its saves are 4+ and it has lost its attack if not yet made. */
  readonly fJink: Uint8Array;
  /** The formation has made its attack this turn (a later jink costs it nothing). */
  readonly fAttacked: Uint8Array;
  /** UNDER_FIRE_* bits: coming-under-fire Blast markers already taken this turn. */
  readonly fUnderFire: Uint8Array;
  /** When unit u last fired flak at formation f, at [u * nF + f], as `turnKey` (0: never). */
  readonly flakTurn: Float64Array;
  /** Trials reset so far: turn keys of earlier trials never match (no clearing per trial). */
  private trial = 0;
  private readonly nF: number;

  /** The arrays from the engagement's `block` (engagement.ts); `fAerospace`, which every shooting attack reads, first. */
  constructor(spec: EngagementSpec, nUnits: number, nLines: number, block: ArrayBlock) {
    const nF = spec.formations.length;
    this.fAerospace = block.uint8(nF);
    this.fJink = block.uint8(nF);
    this.fAttacked = block.uint8(nF);
    this.fUnderFire = block.uint8(nF);
    this.fCanJink = block.uint8(nF);
    this.wAA = block.uint8(nLines);
    this.uMaxAaRange = block.float64(nUnits).fill(-1);
    this.gAaLine = new Int32Array(0);
    this.aaUnits = new Int32Array(0);
    this.fAaStart = block.int32(nF + 1);
    this.nF = nF;
    spec.formations.forEach((pf, f) => {
      const kind = flyingKind(pf.formation);
      this.fAerospace[f] = kind === 'aircraft' || kind === 'spacecraft' ? 1 : 0;
      this.fCanJink[f] = kind === 'aircraft' && fightersOnly(pf.formation) ? 1 : 0;
    });
    this.any = this.fAerospace.some((x) => x === 1);
    this.flakTurn = block.float64(nUnits * nF);
  }

  /** This turn of this trial, as stored in `flakTurn`. */
  turnKey(turn: number): number {
    return this.trial * 1024 + turn;
  }

  /** A trial's start: nobody jinking, nothing attacked or fired. */
  reset(): void {
    if (!this.any) return;
    this.trial++;
    this.newTurn();
  }

  /** A new turn: aircraft fly a fresh mission (the once-per-turn limits start again). */
  newTurn(): void {
    if (!this.any) return;
    for (let f = 0; f < this.nF; f++) {
      this.fJink[f] = 0;
      this.fAttacked[f] = 0;
      this.fUnderFire[f] = 0;
    }
  }
}
