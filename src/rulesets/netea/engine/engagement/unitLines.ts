import type { CriticalPart, WeaponMode } from '../../../../model/schema.js';

/** One weapon line to compile: a mode of a weapon of a unit or of a character joined to it. */
export interface LineSpec {
  unit: number;
  group: number;
  mode: WeaponMode;
  multiplier: number | string;
  arc: string;
  unitSniper: boolean;
  pinPoint: boolean;
  /** A weapon of a carriage (TP Land Train), lost with it. */
  carriage: boolean;
  /** The weapon a critical's damage-on-miss names (TP Cyclops: the Hellfury Cannon). */
  missDamage: boolean;
}

/** A character of a unit with carriages (TP Land Train): what it adds to the unit, and its weapon lines [lineStart, lineEnd). */
export interface CarriageSpec {
  unit: number;
  dc: number;
  shields: number;
  /** Void shields it repairs in each end phase beyond the unit's one (TP Fire Shield Battlecar). */
  extraRepairs: number;
  lineStart: number;
  lineEnd: number;
}

/**
 * Every unit's weapon lines, weapon groups (one weapon, its alternative
 * modes) and critical-table rows, in unit order; each unit's are the range
 * [start, end) in perUnitLines, perUnitGroups and perUnitCrits.
 */
export interface UnitLines {
  lineSpecs: LineSpec[];
  groupRanges: [number, number][];
  critParts: CriticalPart[];
  perUnitLines: [number, number][];
  perUnitGroups: [number, number][];
  perUnitCrits: [number, number][];
  carriages: CarriageSpec[];
}
