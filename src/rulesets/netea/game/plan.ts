import { ACT_ADVANCE, HOLD_REGROUP } from './actionCodes.js';

/**
 * What a player decided for one activation: the formation, its action, its
 * target (the formation it shoots or charges, or -1), where it moves to, how
 * its marshal or hold is spent, and who charges with it. One object per player, filled again for
 * every activation (no allocation).
 */
export class Plan {
  f = -1;
  action = ACT_ADVANCE;
  target = -1;
  destX = 0;
  destY = 0;
  /** A marshal action moves (1) or shoots (0) before it regroups (RB 1.6.1). */
  marshalMove = 0;
  /** What a hold does (actionCodes.ts HOLD_*), chosen once the test has failed. */
  hold = HOLD_REGROUP;
  /** How much the player expects of it (policy units: points). */
  score = 0;
  /** What the player expects its shot to be worth from where its moves end (advance and double; Hit & Run Tactics weighs shooting first against it). */
  shotThere = 0;
  /** The portal unit a formation in the reserves enters through (TP Portal), or -1. */
  portal = -1;
  /** An engage action's other formations charging with f in a commander's combined assault (RB 2.1.2), a bit each; 0: f alone. */
  followers = 0;

  copyFrom(p: Plan): void {
    this.f = p.f;
    this.action = p.action;
    this.target = p.target;
    this.destX = p.destX;
    this.destY = p.destY;
    this.marshalMove = p.marshalMove;
    this.hold = p.hold;
    this.score = p.score;
    this.shotThere = p.shotThere;
    this.portal = p.portal;
    this.followers = p.followers;
  }
}
