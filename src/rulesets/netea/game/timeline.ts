/**
 * The events of one game, recorded as numbers while it is played (only the
 * game a command samples carries one: Game.timeline), rendered to text
 * afterwards by timelineText.ts. Recording draws no dice, so the sampled game
 * is the same game with or without it.
 */

export const EV_SIDES = 0;
export const EV_OBJECTIVE = 1;
export const EV_DEPLOY = 2;
export const EV_TURN = 3;
export const EV_STRATEGY = 4;
export const EV_ACTION = 5;
export const EV_MOVE = 6;
export const EV_SHOOT = 7;
export const EV_ASSAULT = 8;
export const EV_OVERWATCH_FIRE = 9;
export const EV_WITHDRAW = 10;
export const EV_RALLY = 11;
export const EV_CONTROL = 12;
export const EV_GOALS = 13;
export const EV_TIEBREAK_DICE = 14;
export const EV_END = 15;
export const EV_AIR_ATTACK = 16;
export const EV_ARRIVE = 17;
export const EV_REGROUP = 18;
export const EV_DANGEROUS = 19;
export const EV_LOST = 20;
export const EV_RESERVE = 21;
export const EV_CONSOLIDATE = 22;
export const EV_PHASE_OUT = 23;
/** A formation summoned daemons (TP Summoned Units): a the summoning points, b the daemons placed. */
export const EV_SUMMON = 24;
/** End phase: a formation's summoned daemons went back to the Daemon Pool: a how many. */
export const EV_DAEMONS_BACK = 25;

const CAPACITY = 8192;

export class Timeline {
  n = 0;
  readonly turn = new Int32Array(CAPACITY);
  readonly kind = new Uint8Array(CAPACITY);
  readonly f = new Int32Array(CAPACITY);
  readonly g = new Int32Array(CAPACITY);
  readonly a = new Float64Array(CAPACITY);
  readonly b = new Float64Array(CAPACITY);
  readonly c = new Float64Array(CAPACITY);
  readonly d = new Float64Array(CAPACITY);

  add(turn: number, kind: number, f: number, g: number, a: number, b: number, c: number, d: number): void {
    if (this.n >= CAPACITY) return;
    const i = this.n++;
    this.turn[i] = turn;
    this.kind[i] = kind;
    this.f[i] = f;
    this.g[i] = g;
    this.a[i] = a;
    this.b[i] = b;
    this.c[i] = c;
    this.d[i] = d;
  }
}
