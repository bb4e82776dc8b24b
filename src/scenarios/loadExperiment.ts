import { dirname, resolve } from 'node:path';
import { displayPath } from '../model/displayPath.js';
import type { Dataset } from '../model/dataset.js';
import { Experiment, type ScriptExperiment } from '../model/experiment.js';
import { readJsonFile } from '../model/readJsonFile.js';
import { InputError, formatPath, type Problem } from '../model/inputError.js';
import { describeIssues, type Issue } from '../model/describeIssues.js';

export { describeIssues } from '../model/describeIssues.js';
import { loadBaseDataset, withDatasheets } from '../model/loadDataset.js';
import { OWN_EXPERIMENT_DATA } from '../model/registry.js';

export interface LoadedExperiment {
  file: string;
  experiment: Experiment;
  /**
   * The data set formations are read from. Under a rule system with lists of
   * its own (OWN_EXPERIMENT_DATA, src/model/registry.ts) the formations come
   * from those and this holds only their id and version (its maps are empty).
   */
  data: Dataset;
  /** The file's JSON as written (before defaults): what tells a field given from a default. */
  raw?: unknown;
}

/**
 * An experiment file the schema refuses. When every refused field is one the
 * checks after the schema do not read (DEFAULTED_WHEN_REFUSED), `withDefaults`
 * loads the file with those fields at their defaults, so that the later
 * checks can still run and one run names every problem (withEveryProblem).
 */
export class ExperimentSchemaError extends InputError {
  constructor(
    problems: Problem[],
    readonly withDefaults: (() => LoadedExperiment) | null,
    /** The refused fields' paths ("engagement.script[0].action"). */
    readonly refused: string[],
  ) {
    super(problems);
  }
}

/**
 * Fields a wrong value of which may stand at its default while the rest of
 * the file is checked: run settings, and per formation or step what no other
 * check reads (a formation's distance or a step's formations are read by
 * others, so a file wrong there is checked no further than the schema).
 */
const DEFAULTED_WHEN_REFUSED = new Set(['seed', 'trials', 'precision', 'chunkSize', 'title', 'turns', 'reports', 'cover', 'blastMarkers', 'broken', 'embarked', 'action', 'crossfire', 'barrage', 'test', 'retain', 'label', 'phase', 'moved', 'contact']);

/** The file's JSON without the refused fields, or null when a refused field is not one that may stand at its default. */
function withoutRefusedFields(json: unknown, issues: readonly Issue[]): unknown {
  const copy = structuredClone(json);
  for (const i of issues) {
    const key = i.path[i.path.length - 1];
    const parent = i.path.slice(0, -1).reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<PropertyKey, unknown>)[k] : undefined), copy);
    if (i.code === 'unrecognized_keys' || typeof key !== 'string' || !DEFAULTED_WHEN_REFUSED.has(key) || typeof parent !== 'object' || parent === null || Array.isArray(parent)) return null;
    delete (parent as Record<string, unknown>)[key];
  }
  return copy;
}

/**
 * Runs `check` (the checks after the schema: data, formations, steps) on the
 * experiment file at `path`. When the schema refuses the file, the checks run
 * on it with the refused fields at their defaults where that is sound, and
 * the error names the schema's problems and theirs together, but for what
 * they find at a refused field (that is the default's, not the file's).
 */
export function withEveryProblem<T>(path: string, check: (loaded: LoadedExperiment) => T, datasheets: readonly string[] = []): T {
  let loaded: LoadedExperiment;
  try {
    loaded = loadExperiment(path, datasheets);
  } catch (e) {
    if (!(e instanceof ExperimentSchemaError) || e.withDefaults === null) throw e;
    const inRefused = (p: Problem) => e.refused.some((r) => p.path === r || p.path.startsWith(`${r}.`) || p.path.startsWith(`${r}[`));
    try {
      check(e.withDefaults());
    } catch (later) {
      if (!(later instanceof InputError)) throw later;
      throw new InputError(dedupe([...e.problems, ...later.problems.filter((p) => !inRefused(p))]));
    }
    throw e;
  }
  return check(loaded);
}

/**
 * Reads and validates an experiment file; every problem names the file, the path in it and
 * the expectation. `datasheets`: the command's --datasheet overlays, laid over its data set.
 */
export function loadExperiment(path: string, datasheets: readonly string[] = []): LoadedExperiment {
  const file = displayPath(path);
  const json = readJsonFile(path, file);
  const parsed = Experiment.safeParse(json);
  if (!parsed.success) {
    const repaired = withoutRefusedFields(json, parsed.error.issues);
    const reparsed = repaired === null ? null : Experiment.safeParse(repaired);
    const withDefaults = reparsed?.success === true ? () => loadedFrom(path, file, reparsed.data, repaired, datasheets) : null;
    throw new ExperimentSchemaError(describeIssues(parsed.error.issues, file), withDefaults, parsed.error.issues.map((i) => formatPath(i.path)));
  }
  return loadedFrom(path, file, parsed.data, json, datasheets);
}

/** An experiment the schema accepted, with the data set its formations are read from. */
function loadedFrom(path: string, file: string, experiment: Experiment, json: unknown, datasheets: readonly string[]): LoadedExperiment {
  const own = OWN_EXPERIMENT_DATA[experiment.rules];
  if (own !== undefined && datasheets.length > 0) {
    throw new InputError([{ file: 'option --datasheet', path: '', message: `not available for ${file}: its "rules" is "${experiment.rules}", whose data is its own; an overlay changes NetEA and 2004 rulebook datasheets` }]);
  }
  if (own !== undefined) {
    if (experiment.data !== 'builtin') throw new InputError([{ file, path: 'data', message: own.builtinOnly }]);
    const { id, version } = own.data();
    return { file, experiment, data: { id, version, weapons: new Map(), units: new Map(), forces: new Map(), armies: new Map(), unitForce: new Map() }, raw: json };
  }
  const dataPath = experiment.data === 'builtin' ? undefined : resolve(dirname(path), experiment.data.tournamentPack);
  let data: Dataset;
  try {
    data = loadBaseDataset(dataPath);
  } catch (e) {
    if (e instanceof InputError) throw new InputError([{ file, path: 'data', message: 'cannot load the data set:' }, ...e.problems]);
    throw e;
  }
  // The overlays are the command's (--datasheet), not the experiment's: their problems name them alone.
  data = withDatasheets(data, datasheets);
  return { file, experiment, data, raw: json };
}

/** The names that seed an engagement script's chunks: the file's "dice", else the experiment's own. */
export function diceOf(x: Experiment): { scenario: string; matchup: string } {
  return x.dice ?? { scenario: `run-${x.name}`, matchup: x.name };
}

/** One combination of parameter values, compiled to a rule system's scenario `S` of formations `F`. */
export interface Variant<S, F> {
  /** The variant's label, "action=sustained, target=...", or the experiment name when there are no parameters. */
  name: string;
  values: Record<string, string>;
  spec: S;
  /** The formations by their name in the file, in engagement order. */
  names: string[];
  formations: F[];
}

/** Every combination of the parameters' values (the cartesian product), in file order. */
export function parameterCombinations(parameters: Record<string, string[]>): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const [key, values] of Object.entries(parameters)) {
    out = out.flatMap((combo) => values.map((v) => ({ ...combo, [key]: v })));
  }
  return out;
}

const PLACEHOLDER = /\{\{([a-z0-9-]+)\}\}/g;

export function substitute(text: string, values: Record<string, string>, file: string, path: string, problems: Problem[]): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    if (values[key] === undefined) {
      problems.push({ file, path, message: `"{{${key}}}" is not one of the parameters (${Object.keys(values).map((k) => `"${k}"`).join(', ') || 'none defined'})` });
      return whole;
    }
    return values[key]!;
  });
}

export function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.path}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);

/** Checks that steps name defined formations on sensible sides. */
export function checkSteps(script: ScriptExperiment, sides: Map<string, 'A' | 'B'>, file: string, problems: Problem[]): void {
  const known = (name: string, path: string) => {
    if (sides.has(name)) return true;
    problems.push({ file, path, message: `no formation named "${name}"; expected one of ${[...sides.keys()].map((n) => `"${n}"`).join(', ')}` });
    return false;
  };
  const opposed = (s: { by: string; at: string }, at: string) => {
    if (known(s.by, `${at}.by`) && known(s.at, `${at}.at`) && sides.get(s.by) === sides.get(s.at)) {
      problems.push({ file, path: `${at}.at`, message: `"${s.at}" is on the same side as "${s.by}"; expected an enemy formation` });
    }
  };
  const beside = (name: string, target: string, path: string, what: string) => {
    if (known(name, path) && sides.has(target) && sides.get(name) !== sides.get(target)) {
      problems.push({ file, path, message: `"${name}" is not on the side of "${target}"; expected ${what} of the attacked side` });
    }
  };
  script.script.forEach((s, k) => {
    const at = `engagement.script[${k}]`;
    switch (s.step) {
      case 'shoot':
      case 'flak':
      case 'intercept':
      case 'orbital':
        opposed(s, at);
        break;
      case 'ground-attack':
        opposed(s, at);
        s.flak.forEach((n, i) => beside(n, s.at, `${at}.flak[${i}]`, 'a formation'));
        if (s.cap !== undefined) beside(s.cap, s.at, `${at}.cap`, 'fighters');
        break;
      case 'assault': {
        const by = list(s.by);
        const targets = list(s.at);
        by.forEach((n, i) => known(n, `${at}.by${Array.isArray(s.by) ? `[${i}]` : ''}`));
        targets.forEach((n, i) => known(n, `${at}.at${Array.isArray(s.at) ? `[${i}]` : ''}`));
        s.support.forEach((n, i) => known(n, `${at}.support[${i}]`));
        s.overwatch.forEach((n, i) => known(n, `${at}.overwatch[${i}]`));
        const side = sides.get(by[0]!);
        by.forEach((n, i) => {
          if (sides.has(n) && sides.get(n) !== side) problems.push({ file, path: `${at}.by[${i}]`, message: `all engaging formations must be on one side` });
        });
        targets.forEach((n, i) => {
          if (sides.has(n) && sides.get(n) === side) problems.push({ file, path: `${at}.at${Array.isArray(s.at) ? `[${i}]` : ''}`, message: `"${n}" is on the same side as the attacker; expected an enemy formation` });
        });
        s.overwatch.forEach((n, i) => {
          if (sides.has(n) && sides.get(n) === side) problems.push({ file, path: `${at}.overwatch[${i}]`, message: `overwatching formations must be on the defending side` });
        });
        break;
      }
      case 'regroup':
      case 'action-test':
        known(s.formation, `${at}.formation`);
        break;
      case 'arrive':
        if (known(s.formation, `${at}.formation`) && script.formations[s.formation]?.offTable !== true) {
          problems.push({ file, path: `${at}.formation`, message: `"${s.formation}" starts on the table; expected a formation with "offTable": true` });
        }
        break;
      case 'end-phase':
        break;
    }
  });
}

