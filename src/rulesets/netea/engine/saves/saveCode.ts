import { NONE } from '../codes.js';

/**
 * A save code packs the rolls that may save one hit on one unit, in three
 * 4-bit fields: the first save, a re-roll of a failed first save (reinforced
 * armour), and a second save taken after a failed or denied one (an
 * invulnerable save or what works like one). Each field holds the D6 roll
 * needed, 2 to 6, or NONE (7): no roll. The save stack (saveStack.ts) is the
 * one place that decides a code; the general procedure rolls it
 * (rollSaveCode.ts) and the fire and assault plans compile it into tables.
 */
export const NO_SAVES = packSaves(NONE, NONE, NONE);

/** The code of a first save, its re-roll and a second save; each a roll needed, NONE for none. */
export function packSaves(first: number, reroll: number, second: number): number {
  return first | (reroll << 4) | (second << 8);
}

/** The roll the first save needs, NONE when the hit allows none. */
export function firstSave(code: number): number {
  return code & 15;
}

/** The roll a re-roll of a failed first save needs, NONE when there is no re-roll. */
export function rerollSave(code: number): number {
  return (code >> 4) & 15;
}

/** The roll the second save needs, NONE when the unit has none. */
export function secondSave(code: number): number {
  return code >> 8;
}

/** The code without its second save: a Holofield's one roll for a whole Titan Killer hit. */
export function withoutSecondSave(code: number): number {
  return (code & 0xff) | (NONE << 8);
}

/** The code has a first save at most: no re-roll and no second save. */
export function firstSaveOnly(code: number): boolean {
  return code >> 4 === (NONE | (NONE << 4));
}
