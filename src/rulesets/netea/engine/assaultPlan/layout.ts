/** Index of the counters kept for units outside the two assault sides (supporters, bystanders). */
export const NO_SIDE = 2;

/**
 * The hot state is packed, a few typed arrays with a stride, so a trial
 * touches few arrays. Per unit in `U` (stride U_STRIDE): formation, counter
 * index (assault side, or NO_SIDE), break weight, 1 if its death is a kill
 * for the enemy (`countsAsKill`), its ability flags (codes.ts: U_INSPIRING,
 * U_FEARLESS, ...), close combat and firefight values, counter-charge move
 * (`counterChargeMove`).
 */
export const U_STRIDE = 8;
export const U_FORMATION = 0;
export const U_COUNTER = 1;
export const U_BREAK_WEIGHT = 2;
export const U_KILL = 3;
export const U_FLAGS = 4;
export const U_CC = 5;
export const U_FF = 6;
export const U_COUNTER_MOVE = 7;
/** Per formation in `F` (stride F_STRIDE): living units, break point, Blast markers, broken, markers placed. */
export const F_STRIDE = 5;
export const F_ALIVE = 0;
export const F_BREAK_WEIGHT = 1;
export const F_BM = 2;
export const F_BROKEN = 3;
export const F_BM_PLACED = 4;
/** Per counter index in `S` (stride S_STRIDE): living units, living directly engaged units, kills suffered, living directly engaged Inspiring units. */
export const S_STRIDE = 4;
export const S_ALIVE = 0;
export const S_ENGAGED = 1;
export const S_KILLS = 2;
export const S_INSPIRING = 3;
/** `rangeKind` values: a range with no hits on a side, and one with hits of more than one kind. */
export const ANY_KIND = -1;
export const MIXED_KINDS = -2;
/** The to-hit values a line has a hit-count table for (`lCdf`): 0..7, every value past 6 never hitting. */
export const TO_HIT_VALUES = 8;
/**
 * The most directly engaged units a side may have for the first round's fight
 * to draw its deaths at once (`fightByMasks`): its table has up to 2^12 entries.
 */
export const FIGHT_MASK_UNITS = 12;
/** A death table's row before its formations' columns (`fmData`): the mask, units lost, kills, Inspiring units lost. */
export const FM_ROW = 4;
/** The guide table's bits for the difference of the result rolls: 32 slices for 11 values. */
export const RESULT_GUIDE_BITS = 5;
/**
 * The most directly engaged units a side may have for a second stage of hits
 * to be drawn with its fight (`laterStageDeathPmf`): macro-weapon hits among the
 * survivors of the others, or the defenders' supporting fire
 * (`supportFolded`). Its compile takes about 3^n steps.
 */
export const STAGED_MASK_UNITS = 10;
/** The phases of a unit's attack lines (`lineStart` at [(u * 2 + cc) * 2 + phase]). */
export const MAIN_PHASE = 0;
export const FIRST_STRIKE_PHASE = 1;
