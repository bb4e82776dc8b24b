import type { FormationSpec } from '../../../model/formation.js';
import type { NeteaOptions } from './engine.js';
import type { PolicyParams } from './policy/policyParams.js';
import type { TableLayout } from './tableLayout.js';

/**
 * A game between two armies as plain, structured-cloneable data: what the
 * command builds and what crosses to worker threads; gameRunner.ts compiles
 * it once per worker.
 */

/** An army: its formations, fielded as the formation texts say, and its list's strategy rating (RB 1.5). */
export interface GameArmy {
  /** A readable name ("Codex Astartes, 10 formations"). */
  name: string;
  /** The army list it is picked from, when one is known. */
  listId: string | null;
  strategyRating: number;
  formations: FormationSpec[];
  /** Its Daemon Pool's markers at the start (TP Summoned Units), and whether TP Fickle Masters adds or takes lesser ones; absent without a pool. */
  daemonPool?: DaemonPool;
}

export interface DaemonPool {
  lesser: number;
  greater: number;
  fickleMasters: boolean;
}

export interface GameSpec {
  ruleset: 'netea-game';
  /** Army A and army B. */
  armies: [GameArmy, GameArmy];
  /** Army A's policy and army B's (policy/policyParams.ts). */
  policies: [PolicyParams, PolicyParams];
  /** A fixed table, or null: each game lays out a random one (randomTable.ts). */
  table: TableLayout | null;
  options: NeteaOptions;
  /** A game still tied after this turn ends on the tiebreak (RB 6.1.7 plays on while the dice say so); named when it happens. */
  maxTurns: number;
  /**
   * The players' assault odds (policy/assaultOdds.ts's table for these armies), when the caller
   * has reckoned them: a round robin reckons each pair of formations once for all its games.
   * Absent, the runner reckons them; the numbers are the same either way.
   */
  assaultOdds?: number[];
}

/** The default cap on turns: after turn 4 a game goes on with chance 1/6 a turn, so 1 game in 6^8 reaches it. */
export const DEFAULT_MAX_TURNS = 12;

/**
 * The formations as the game fields them, each with its army's strategy rating (game.ts): what policy/assaultOdds.ts reckons
 * with. A formation's daemons' places are left out: the players reckon a fight with the units there at the start.
 */
export function fieldedFormations(spec: Pick<GameSpec, 'armies'>): FormationSpec[] {
  return spec.armies.flatMap((a) => a.formations.map((f) => ({ ...f, strategyRating: a.strategyRating, ...(f.daemonicPact === true ? { units: f.units.filter((u) => u.summoned === undefined) } : {}) })));
}
