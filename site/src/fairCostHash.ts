import { DEFAULT_SEED, FAIR_COST_TRIALS } from '../../src/model/runDefaults.js';
import { InputError } from '../../src/model/inputError.js';
import { enc, RUN_DEFAULTS, words } from './hash.js';

/**
 * The address of a fair cost in the playground, in `epic-balance fair-cost`'s
 * own words, as hash.ts writes a shot or an assault:
 *
 *   #fair-cost=codex-astartes/devastator-detachment&cost=200&trials=1000&seed=epic-balance
 *
 * `fair-cost=` names the formation to price; the other keys are the command's
 * options without their dashes: `cost` (the proposed cost the verdict judges),
 * `trials` (per meeting), `seed`, `chunk-size`, `data` (builtin or the loaded
 * Tournament Pack checkout's name) and `workers` (never changes the numbers).
 * Keys are only ever added, never renamed (docs/playground.md).
 */

export interface FairCostScenario {
  formation: string;
  /** The proposed cost (`--cost`); without it the verdict judges the army list's cost. */
  cost?: number;
  trials?: number;
  seed?: string;
  chunkSize?: number;
  data?: string;
  workers?: number;
}

type Parse = (raw: string, option: string) => unknown;

function bad(option: string, got: string, expected: string): InputError {
  return new InputError([{ file: `option ${option}`, path: '', message: `expected ${expected}, got "${got}"` }]);
}

/** As the command line's `positivePoints` (src/cli/options.ts), which the page cannot import (it reads commander). */
const points: Parse = (raw, option) => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0) throw bad(option, raw, 'a points cost above 0, e.g. 250');
  return n;
};

/** As `wholeNumber(option, 1)`. */
const whole: Parse = (raw, option) => {
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1) throw bad(option, raw, 'a whole number of at least 1');
  return n;
};

/** As `seedText`. */
const seed: Parse = (raw, option) => {
  if (raw.trim() === '') throw bad(option, raw, `a seed: any non-empty text, e.g. "${DEFAULT_SEED}"`);
  return raw;
};

const dataName: Parse = (raw, option) => {
  if (!/^[^/\\]+$/.test(raw)) throw bad(option, raw, "builtin or the name of a Tournament Pack checkout's folder (no slashes)");
  return raw;
};

/** The keys after `fair-cost=`, in the order a hash and a command line are written. */
const KEYS: ReadonlyArray<{ key: string; field: keyof FairCostScenario; parse: Parse }> = [
  { key: 'cost', field: 'cost', parse: points },
  { key: 'trials', field: 'trials', parse: whole },
  { key: 'seed', field: 'seed', parse: seed },
  { key: 'chunk-size', field: 'chunkSize', parse: whole },
  { key: 'data', field: 'data', parse: dataName },
  { key: 'workers', field: 'workers', parse: whole },
];

/** True when the hash names a fair cost (holds `fair-cost=`). */
export function isFairCostHash(hash: string): boolean {
  return /(^#?|&)fair-cost=/.test(hash);
}

/** Reads a fair cost from its words ([key, value or null]); unknown keys and bad values are InputErrors naming the option. */
export function parseFairCostWords(ws: ReadonlyArray<readonly [string, string | null]>): FairCostScenario {
  const named = ws.filter(([k]) => k === 'fair-cost');
  if (named.length !== 1) throw new InputError([{ file: 'the page address', path: '', message: 'expected fair-cost=<formation>, once' }]);
  const s: FairCostScenario = { formation: named[0]![1] ?? '' };
  const record = s as unknown as Record<string, unknown>;
  for (const [key, raw] of ws) {
    if (key === 'fair-cost') continue;
    const def = KEYS.find((k) => k.key === key);
    if (def === undefined) throw new InputError([{ file: `option --${key}`, path: '', message: 'unknown option for fair-cost in the playground (it takes cost, trials, seed, chunk-size, data and workers)' }]);
    record[def.field] = def.parse(raw ?? '', `--${key}`);
  }
  return s;
}

/** Reads a fair cost from a hash. */
export function parseFairCostHash(hash: string): FairCostScenario {
  return parseFairCostWords(words(hash));
}

/** The hash of a fair cost (with its "#"). */
export function fairCostHash(s: FairCostScenario): string {
  const out = [`fair-cost=${enc(s.formation)}`];
  const record = s as unknown as Record<string, unknown>;
  for (const def of KEYS) if (record[def.field] !== undefined) out.push(`${def.key}=${enc(String(record[def.field]))}`);
  return `#${out.join('&')}`;
}

/** The run's numbers, defaults filled in as the command fills them. */
export function fairCostNumbers(s: FairCostScenario): { trials: number; seed: string; chunkSize: number } {
  return { trials: s.trials ?? FAIR_COST_TRIALS, seed: s.seed ?? RUN_DEFAULTS.seed, chunkSize: s.chunkSize ?? RUN_DEFAULTS.chunkSize };
}

/**
 * The command line that prints the same JSON (after "epic-balance", without --json): --trials,
 * --seed and --chunk-size written out; a Tournament Pack checkout is `--data <its folder name>`.
 */
export function fairCostArgv(s: FairCostScenario): string[] {
  const { trials, seed: seedWord, chunkSize } = fairCostNumbers(s);
  return [
    'fair-cost',
    s.formation,
    ...(s.cost !== undefined ? ['--cost', String(s.cost)] : []),
    ...(s.data !== undefined && s.data !== 'builtin' ? ['--data', s.data] : []),
    '--trials',
    String(trials),
    '--seed',
    seedWord,
    '--chunk-size',
    String(chunkSize),
  ];
}
