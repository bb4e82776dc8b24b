/**
 * The Epic 40,000 Firepower Table (BattleBible L1050-1083): the number of hit
 * dice a detachment rolls for the firepower it brings to bear.
 *
 * Rows FP 1..20 are copied verbatim from L1058-1077. The header rows
 * (L1054-1057) are scrambled in the seed; the columns are placed from the two
 * worked examples of L1079 (FP 10 at a vehicle in the open rolls 5 dice:
 * column B; FP 19 at marching infantry rolls 14: column A) and L1083 (an
 * immobilised war engine in the open: dice = firepower), as the specification
 * reconstructs them (docs/epic40k.md, "The firepower table"):
 *
 * | target                 | marching | open     | cover |
 * | vehicle or infantry    | A        | B        | C     |
 * | mobile war engine      | -        | A        | B     |
 * | immobilised war engine | -        | dice=FP  | A     |
 */

/** Column A: marching infantry/vehicles, mobile war engines in the open, immobilised ones in cover. */
export const COLUMN_A = 0;
/** Column B: infantry and vehicles in the open, mobile war engines in cover. */
export const COLUMN_B = 1;
/** Column C: infantry and vehicles in cover. */
export const COLUMN_C = 2;
/** Not a printed column: an immobilised war engine in the open rolls its firepower in dice (L1083). */
export const COLUMN_FP = 3;

/** L1058-1077, row FP-1, three columns A, B, C. */
const ROWS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 1, 1], // 1   L1058
  [2, 1, 1], // 2   L1059
  [2, 2, 1], // 3   L1060
  [3, 2, 2], // 4   L1061
  [4, 3, 2], // 5   L1062
  [5, 3, 3], // 6   L1063
  [5, 4, 3], // 7   L1064
  [6, 4, 3], // 8   L1065
  [7, 5, 4], // 9   L1066
  [8, 5, 4], // 10  L1067
  [8, 6, 4], // 11  L1068
  [9, 6, 5], // 12  L1069
  [10, 7, 5], // 13 L1070
  [11, 7, 5], // 14 L1071
  [11, 8, 6], // 15 L1072
  [12, 8, 6], // 16 L1073
  [13, 9, 7], // 17 L1074
  [14, 9, 7], // 18 L1075
  [14, 10, 7], // 19 L1076
  [15, 10, 8], // 20 L1077
];

/** The table flat: index (fp - 1) * 3 + column, for the hot loop. */
export const FIREPOWER_TABLE: Int8Array = Int8Array.from(ROWS.flat());

/** The largest firepower one attack may have; more is split into attacks of 20 (L1079). */
export const MAX_ATTACK_FIREPOWER = 20;

/** Hit dice for one attack of firepower 1..20 in a column (COLUMN_A..COLUMN_FP); 0 for no firepower. */
export function attackDice(fp: number, column: number): number {
  if (fp <= 0) return 0;
  if (column === COLUMN_FP) return fp;
  return FIREPOWER_TABLE[(fp - 1) * 3 + column]!;
}

/**
 * Hit dice for any firepower: above 20 the attack is treated as attacks of 20
 * and the remainder (L1079: FP 24 is an FP 20 and an FP 4 attack).
 */
export function hitDice(fp: number, column: number): number {
  let dice = 0;
  while (fp > MAX_ATTACK_FIREPOWER) {
    dice += attackDice(MAX_ATTACK_FIREPOWER, column);
    fp -= MAX_ATTACK_FIREPOWER;
  }
  return dice + attackDice(fp, column);
}

/**
 * The column for a target (L1054-1057 as reconstructed above): `warEngine` when
 * every unit that can be hit is a war engine, `immobilised` when every one of
 * them is immobilised, `cover` for the Cover column, `marching` for a target on
 * March orders (war engines cannot march, L972).
 */
export function firepowerColumn(warEngine: boolean, immobilised: boolean, cover: boolean, marching: boolean): number {
  if (warEngine) {
    if (immobilised) return cover ? COLUMN_A : COLUMN_FP;
    return cover ? COLUMN_B : COLUMN_A;
  }
  if (cover) return COLUMN_C;
  return marching ? COLUMN_A : COLUMN_B;
}
