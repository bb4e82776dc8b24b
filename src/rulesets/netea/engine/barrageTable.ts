/**
 * The barrage table (RB 1.9.8; TP Barrages): BP -> extra templates, extra
 * Blast markers, AP and AT to-hit, as a flat typed array so a barrage reads it
 * without allocating. Row k is BP k (0..18); above 18 BP the 16-18 row applies
 * ([A-36]). 3 BP hits armour on 5+ in the TP and 6+ in the 2004 book ([A-1]):
 * the row stores the TP value and `barrageAt` substitutes the switch.
 */
const ROWS = new Int8Array([
  // templates, BMs, AP, AT
  0, 0, 6, 6, // 0 (not fired)
  0, 0, 6, 6, // 1
  0, 0, 5, 6, // 2
  0, 0, 4, 5, // 3
  1, 0, 4, 5, // 4
  1, 0, 4, 5, // 5
  1, 1, 4, 5, // 6
  1, 1, 4, 5, // 7
  2, 1, 4, 5, // 8
  2, 1, 4, 5, // 9
  2, 2, 4, 5, // 10
  2, 2, 4, 5, // 11
  2, 2, 4, 5, // 12
  2, 3, 4, 5, // 13
  2, 3, 4, 5, // 14
  2, 3, 4, 5, // 15
  2, 4, 4, 5, // 16
  2, 4, 4, 5, // 17
  2, 4, 4, 5, // 18
]);

function row(bp: number): number {
  return (bp > 18 ? 18 : bp < 0 ? 0 : bp) * 4;
}

export function barrageExtraTemplates(bp: number): number {
  return ROWS[row(bp)]!;
}

export function barrageExtraBm(bp: number): number {
  return ROWS[row(bp) + 1]!;
}

export function barrageAp(bp: number): number {
  return ROWS[row(bp) + 2]!;
}

/** AT to-hit; `at3bp` is the switch for the 3 BP row (5 TP, 6 RB). */
export function barrageAt(bp: number, at3bp: number): number {
  return bp === 3 ? at3bp : ROWS[row(bp) + 3]!;
}
