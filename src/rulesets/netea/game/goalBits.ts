/**
 * The five goals of the tournament game (RB 6.1.7), checked in the end phase
 * of turns 3 and 4 (and later turns a tied game goes on to), as bits.
 */
export const GOAL_BLITZKRIEG = 1;
export const GOAL_BREAK_THEIR_SPIRIT = 2;
export const GOAL_DEFEND_THE_FLAG = 4;
export const GOAL_TAKE_AND_HOLD = 8;
export const GOAL_THEY_SHALL_NOT_PASS = 16;
export const GOAL_COUNT = 5;
export const GOAL_NAMES = ['Blitzkrieg', 'Break Their Spirit', 'Defend the Flag', 'Take and Hold', 'They Shall Not Pass'] as const;
