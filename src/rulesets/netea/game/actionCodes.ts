import { C } from './engine.js';

/**
 * The actions of a game (RB 1.6.1, 4.2.1, 4.3.2): the ground actions, the
 * hold a failed test leaves, and what aircraft and spacecraft do.
 */
export const ACT_ADVANCE = 0;
export const ACT_DOUBLE = 1;
export const ACT_MARCH = 2;
export const ACT_ENGAGE = 3;
export const ACT_SUSTAINED = 4;
export const ACT_MARSHAL = 5;
export const ACT_OVERWATCH = 6;
export const ACT_HOLD = 7;
export const ACT_GROUND_ATTACK = 8;
export const ACT_INTERCEPT = 9;
export const ACT_SPACECRAFT = 10;
export const ACTION_COUNT = 11;

export const ACTION_NAMES = ['advance', 'double', 'march', 'engage', 'sustained fire', 'marshal', 'overwatch', 'hold', 'ground attack', 'interception', 'orbital attack'] as const;

/** The engine's action code for a game action: what its action test and to-hit modifiers read (a march has neither, as an advance). */
export const ENGINE_ACTION = Int32Array.of(
  C.ACTION_ADVANCE,
  C.ACTION_DOUBLE,
  C.ACTION_ADVANCE,
  C.ACTION_ENGAGE,
  C.ACTION_SUSTAINED,
  C.ACTION_MARSHAL,
  C.ACTION_OVERWATCH,
  C.ACTION_HOLD,
  C.ACTION_ADVANCE,
  C.ACTION_ADVANCE,
  C.ACTION_ADVANCE,
);

/** Moves each action makes (RB 1.6.1): the marshal's and the hold's one move is the plan's choice. */
export const ACTION_MOVES = Uint8Array.of(1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0);

/** A hold (RB 1.6.1): one move, or shoot, or regroup. */
export const HOLD_MOVE = 0;
export const HOLD_SHOOT = 1;
export const HOLD_REGROUP = 2;
