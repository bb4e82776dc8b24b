/**
 * The defaults of a run, written once: every command's options and help, an
 * experiment file's schema, the page's form and the command lines its links
 * print read them from here. The seed, the trial count and the chunk size are
 * part of a result's identity (same three, same numbers), so a default that
 * drifted between two of its readers would make the page and the command
 * line, or an experiment and its command, disagree without saying so.
 *
 * They sit in the data model, the lowest layer that the experiment schema,
 * the runner, the commands and the page all import.
 */

/** The seed when none is given: the same seed gives the same numbers. */
export const DEFAULT_SEED = 'epic-balance';

/** Trials of a one-step run: shoot, assault, run and showcase, and an experiment without `trials`. */
export const DEFAULT_TRIALS = 100_000;

/** Trials per chunk: tens of milliseconds of work. Part of a run's identity. */
export const DEFAULT_CHUNK_SIZE = 50_000;

/** Battles per meeting of `matrix` and `matchup` (a battle costs far more than an engagement). */
export const DEFAULT_BATTLE_TRIALS = 500;

/** Trials per cell of `matrix --engagement` (one engagement per cell, not a battle). */
export const DEFAULT_MATRIX_ENGAGEMENT_TRIALS = 10_000;

/** Without --trials an audit's trials are by need, until each fair cost's 95% interval is within ± this share of it. */
export const DEFAULT_AUDIT_PRECISION = 0.01;

/** Trials per meeting of `fair-cost` and the page's fair cost. */
export const FAIR_COST_TRIALS = 1000;

/** The most trials of a `--precision` run when `--trials` is not given. */
export const PRECISION_TRIAL_CAP = 100_000_000;

/** The most trials any meeting of an audit by need runs when `--trials` is not given. */
export const AUDIT_PRECISION_TRIAL_CAP = 16_000;

/**
 * The rule system when none is named (`--rules`, an experiment's `"rules"`, a report's metadata):
 * NetEA's Tournament Pack. Reports leave it out of their JSON when it is this one.
 */
export const DEFAULT_RULES = 'netea';
