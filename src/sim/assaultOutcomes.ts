/** Assault outcomes, as every rule system's assault returns them and `recordAssault` counts them. */
export const NO_ASSAULT = 0;
export const ATTACKER_WINS = 1;
export const DEFENDER_WINS = 2;
/** Both sides wiped out at once ([A-31]), or still tied after the round limit. */
export const NO_RESULT = 3;
