import * as C from '../codes.js';
import { hasAbility } from '../../../../model/resolvedUnit.js';
import type { ResolvedUnit } from '../../../../model/formation.js';
import type { UnitAbility } from '../../../../model/schema.js';
import type { ArrayBlock } from '../../../../sim/arrayBlock.js';

/** The field a unit may save with instead of its armour (fieldKind). */
export const FIELD_NONE = 0;
/** TP Eldar Technology, Holofield: 3+, taken even against assault, macro-weapon and Titan Killer hits. */
export const FIELD_HOLOFIELD = 1;
/** TP Knight Technology, Knight Shield: 4+, never modified, void in a crossfire or against supporting fire. */
export const FIELD_KNIGHT_SHIELD = 2;

/** The roll each field saves on. */
const FIELD_SAVE = [C.NONE, 3, 4];

/**
 * The second saves, taken after a failed or denied save, unmodified: the
 * invulnerable save (RB 2.1.6), and two that "work like an invulnerable save"
 * on a better roll (TP Living Metal 4+, Tau Deflector Shield 5+). A unit with
 * more than one takes the best.
 */
const SECOND_SAVES: ReadonlyArray<readonly [UnitAbility, number]> = [
  ['invulnerable-save', 6],
  ['deflector-shield', 5],
  ['living-metal', 4],
];

/**
 * What protects each unit from a hit, compiled per unit (global index): the
 * abilities that decide its saves, which the save stack (saveStack.ts) reads,
 * and Dark Eldar shadowfields (shadowfields.ts); with what a trial's hits and
 * criticals change of them.
 */
export class UnitSaves {
  // The fields every trial reads first (V8 lays the fields out in the order declared).
  /** Any unit has what a trial may change (a field, a deflector, shadowfields): the runner's reset restores it only then. */
  changes = false;
  /** Any unit has shadowfields (damage.ts asks shadowfields.ts only then). */
  anyShadowfields = false;
  /** uPlainCode while the unit keeps what it started with; -1 once a critical has taken a save away. */
  readonly stPlainCode: Int32Array;
  /** The armour a unit saves with against hits in an assault: its armour, or a better value it has in assaults only. */
  readonly uAssaultArmour: Int8Array;
  readonly uField: Uint8Array;
  readonly uSecond: Int8Array;
  /** The second save left when a critical takes the deflector away (the invulnerable save, or NONE). */
  readonly uSecondWithoutDeflector: Int8Array;
  /** Shadowfields the unit starts with (TP Dark Eldar Technology). */
  readonly uShadowfields: Int32Array;
  /**
   * The save code of a plain hit on the unit (no hit flags, no crossfire,
   * cover allowed) as the save stack decides it at the start, for the hot
   * path (saveHit.ts); -1 for aircraft, whose jinking changes it.
   */
  readonly uPlainCode: Int32Array;

  // ---- per-trial state, restored by resetUnit ----
  /** The unit's field is still working (a critical may take it away). */
  readonly stField: Uint8Array;
  /** The second save the unit still has (a critical may take a deflector away). */
  readonly stSecond: Int8Array;
  /** Shadowfields still up. */
  readonly stShadowfields: Int32Array;

  /** The arrays from the engagement's `block` (engagement.ts); the plain hit's save code, which every save reads, first. */
  constructor(nUnits: number, block: ArrayBlock) {
    this.stPlainCode = block.int32(nUnits).fill(-1);
    this.uPlainCode = block.int32(nUnits).fill(-1);
    this.stField = block.uint8(nUnits);
    this.uField = block.uint8(nUnits);
    this.stSecond = block.int8(nUnits).fill(C.NONE);
    this.uSecond = block.int8(nUnits).fill(C.NONE);
    this.stShadowfields = block.int32(nUnits);
    this.uShadowfields = block.int32(nUnits);
    this.uAssaultArmour = block.int8(nUnits).fill(C.NONE);
    this.uSecondWithoutDeflector = block.int8(nUnits).fill(C.NONE);
  }

  /** Reads unit g's save abilities (a character's count for the unit it joins, RB 2.1.1). */
  fillUnit(g: number, ru: ResolvedUnit, armour: number): void {
    const has = (a: UnitAbility) => hasAbility(ru, a);
    const inAssault = ru.unit.assaultArmour ?? C.NONE;
    this.uAssaultArmour[g] = Math.min(armour, inAssault);
    this.uField[g] = has('holofield') ? FIELD_HOLOFIELD : has('knight-shield') ? FIELD_KNIGHT_SHIELD : FIELD_NONE;
    let second: number = C.NONE;
    let withoutDeflector: number = C.NONE;
    for (const [ability, roll] of SECOND_SAVES) {
      if (!has(ability)) continue;
      second = Math.min(second, roll);
      if (ability !== 'deflector-shield') withoutDeflector = Math.min(withoutDeflector, roll);
    }
    this.uSecond[g] = second;
    this.uSecondWithoutDeflector[g] = withoutDeflector;
    this.uShadowfields[g] = ru.unit.shadowfields ?? 0;
    if (this.uShadowfields[g]! > 0) this.anyShadowfields = true;
    if (this.uField[g] !== FIELD_NONE || has('deflector-shield') || this.anyShadowfields) this.changes = true;
    this.resetUnit(g);
  }

  /** The roll unit u's field saves on, or NONE. */
  fieldSave(u: number): number {
    return this.stField[u] === 1 ? FIELD_SAVE[this.uField[u]!]! : C.NONE;
  }

  /** A critical takes unit u's Holofield away (TP Eldar titans); false when it had none left. The caller marks the unit changed. */
  loseHolofield(u: number): boolean {
    if (this.uField[u] !== FIELD_HOLOFIELD || this.stField[u] === 0) return false;
    this.stField[u] = 0;
    this.stPlainCode[u] = -1;
    return true;
  }

  /** A critical takes unit u's deflector away (TP Manta); false when it had none left. The caller marks the unit changed. */
  loseDeflector(u: number): boolean {
    if (this.stSecond[u] === this.uSecondWithoutDeflector[u]) return false;
    this.stSecond[u] = this.uSecondWithoutDeflector[u]!;
    this.stPlainCode[u] = -1;
    return true;
  }

  /** A trial's start for unit u. */
  resetUnit(u: number): void {
    this.stField[u] = this.uField[u] !== FIELD_NONE ? 1 : 0;
    this.stSecond[u] = this.uSecond[u]!;
    this.stShadowfields[u] = this.uShadowfields[u]!;
    this.stPlainCode[u] = this.uPlainCode[u]!;
  }

  /** Unit u's plain-hit code, decided by the save stack once the engagement is built. */
  setPlainCode(u: number, code: number): void {
    this.uPlainCode[u] = code;
    this.stPlainCode[u] = code;
  }
}
