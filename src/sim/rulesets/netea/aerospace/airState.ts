import type { EngagementSpec } from '../spec.js';

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
  /** AA value of each weapon line (NONE when it has none). */
  readonly wAA: Uint8Array;
  /** The formation is aircraft or spacecraft: never suppressed or broken, cannot be assaulted (RB 4.1.2). */
  readonly fAerospace: Uint8Array;
  /** Every unit of the formation may jink (fighters and fighter-bombers). */
  readonly fCanJink: Uint8Array;
  /** Any engagement step uses aircraft at all (the reset is skipped otherwise). */
  readonly any: boolean;

  // ---- per-trial state ----
  /** The formation is jinking: its saves are 4+ and it has lost its attack if not yet made. */
  readonly fJink: Uint8Array;
  /** The formation has made its attack this turn (a later jink costs it nothing). */
  readonly fAttacked: Uint8Array;
  /** UNDER_FIRE_* bits: coming-under-fire Blast markers already taken this turn. */
  readonly fUnderFire: Uint8Array;
  /** Turn in which unit u last fired flak at formation f, at [u * nF + f] (0: never). */
  readonly flakTurn: Int32Array;

  constructor(spec: EngagementSpec, nUnits: number, nLines: number) {
    const nF = spec.formations.length;
    this.wAA = new Uint8Array(nLines);
    this.fAerospace = new Uint8Array(nF);
    this.fCanJink = new Uint8Array(nF);
    spec.formations.forEach((pf, f) => {
      const air = pf.formation.units.every((u) => u.unit.type === 'AC' || u.unit.type === 'AC/WE' || u.unit.type === 'SC');
      this.fAerospace[f] = air ? 1 : 0;
      const jinks = pf.formation.units.every((u) => u.unit.aircraftSpeed === 'fighter' || u.unit.aircraftSpeed === 'fighter-bomber');
      this.fCanJink[f] = air && jinks ? 1 : 0;
    });
    this.any = this.fAerospace.some((x) => x === 1);
    this.fJink = new Uint8Array(nF);
    this.fAttacked = new Uint8Array(nF);
    this.fUnderFire = new Uint8Array(nF);
    this.flakTurn = new Int32Array(nUnits * nF);
  }

  /** A trial's start: nobody jinking, nothing attacked or fired. */
  reset(): void {
    if (!this.any) return;
    this.fJink.fill(0);
    this.fAttacked.fill(0);
    this.fUnderFire.fill(0);
    this.flakTurn.fill(0);
  }

  /** A new turn: aircraft fly a fresh mission (the once-per-turn limits start again). */
  newTurn(): void {
    if (!this.any) return;
    this.fJink.fill(0);
    this.fAttacked.fill(0);
    this.fUnderFire.fill(0);
  }
}
