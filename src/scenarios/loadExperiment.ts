import { dirname, resolve } from 'node:path';
import { displayPath } from '../model/displayPath.js';
import type { Dataset } from '../model/dataset.js';
import { Experiment, type Cover, type ExperimentStep, type ScriptExperiment } from '../model/experiment.js';
import { fightersOnly, flyingKind, hasAntiAircraft, type FlyingKind } from '../model/flyingKind.js';
import { parseFormation, type FormationSpec } from '../model/formation.js';
import { readJsonFile } from '../model/readJsonFile.js';
import { InputError, formatPath, type Problem } from '../model/inputError.js';
import { describeIssues, type Issue } from '../model/describeIssues.js';

export { describeIssues } from '../model/describeIssues.js';
import { loadBaseDataset, withDatasheets } from '../model/loadDataset.js';
import { variantOptions } from '../rulesets/netea/model/rulesVariant.js';
import { type ActionName, type CoverSpec, type EngagementSpec, type NeteaOptions, type PlacedFormation, type Step } from '../rulesets/netea/model/spec.js';
import { embarkationProblem } from '../rulesets/netea/engine/transport/embarkation.js';
import { boughtPositionsProblem } from '../rulesets/netea/engine/boughtPositions.js';
import type { ScenarioSpec } from './registry.js';
import type { Epic40kDetachment } from '../rulesets/epic40k/model/spec.js';
import { epic40kData } from '../rulesets/epic40k/model/load.js';
import { heresyData } from '../rulesets/heresy/model/load.js';
import type { HeresyUnit } from '../rulesets/heresy/model/spec.js';

export interface LoadedExperiment {
  file: string;
  experiment: Experiment;
  /**
   * The data set formations are read from. Under "rules": "epic40k" the
   * formations come from the Epic 40,000 lists (src/model/epic40k) and this
   * holds only their id and version (its maps are empty).
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
  if ((experiment.rules === 'epic40k' || experiment.rules === 'heresy') && datasheets.length > 0) {
    throw new InputError([{ file: 'option --datasheet', path: '', message: `not available for ${file}: its "rules" is "${experiment.rules}", whose data is its own; an overlay changes NetEA and 2004 rulebook datasheets` }]);
  }
  if (experiment.rules === 'epic40k') {
    if (experiment.data !== 'builtin') throw new InputError([{ file, path: 'data', message: 'an Epic 40,000 experiment ("rules": "epic40k") reads the built-in BattleBible lists (datasheets/epic40k/); a Tournament Pack is NetEA data' }]);
    const { id, version } = epic40kData();
    return { file, experiment, data: { id, version, weapons: new Map(), units: new Map(), forces: new Map(), armies: new Map(), unitForce: new Map() }, raw: json };
  }
  if (experiment.rules === 'heresy') {
    if (experiment.data !== 'builtin') throw new InputError([{ file, path: 'data', message: 'a Heresy experiment ("rules": "heresy") reads the illustrative profiles (datasheets/heresy/examples.json) and your own with --data <profiles.json>; a Tournament Pack is NetEA data' }]);
    const { id, version } = heresyData();
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

/** One combination of parameter values, compiled to an engagement. */
export interface Variant<S extends ScenarioSpec = EngagementSpec, F = FormationSpec> {
  /** The variant's label, "action=sustained, target=...", or the experiment name when there are no parameters. */
  name: string;
  values: Record<string, string>;
  spec: S;
  /** The formations by their name in the file, in engagement order. */
  names: string[];
  formations: F[];
}

/** A variant of any rule system: a NetEA engagement, an Epic 40,000 one (src/rulesets/epic40k/scenarios/experiment.ts) or a Heresy one (src/rulesets/heresy/scenarios/experiment.ts). */
export type AnyVariant = Variant<ScenarioSpec, FormationSpec | Epic40kDetachment | HeresyUnit>;

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

/**
 * Compiles a script experiment into one engagement per parameter combination.
 * Formation strings are resolved against the data set; every step must name
 * formations the file defines, on the right sides, each able to take its part
 * (ground, aircraft or spacecraft). All problems are reported together.
 */
export function compileScriptExperiment(loaded: LoadedExperiment): Variant[] {
  const { file, experiment, data } = loaded;
  const script = experiment.engagement!;
  const problems: Problem[] = [];
  const names = Object.keys(script.formations);
  const sides = new Map(names.map((n) => [n, script.formations[n]!.side]));
  if (![...sides.values()].includes('A') || ![...sides.values()].includes('B')) {
    problems.push({ file, path: 'engagement.formations', message: 'expected at least one formation on side "A" and one on side "B"' });
  }
  if (experiment.rules === 'epic40k') problems.push({ file, path: 'rules', message: 'an Epic 40,000 script is compiled by compileEpic40kExperiment (src/rulesets/epic40k/scenarios/experiment.ts)' });
  if (experiment.rules === 'heresy') problems.push({ file, path: 'rules', message: 'a Heresy script is compiled by compileHeresyExperiment (src/rulesets/heresy/scenarios/experiment.ts)' });
  if (experiment.epic40kOptions !== undefined) problems.push({ file, path: 'epic40kOptions', message: 'Epic 40,000 switches apply only with "rules": "epic40k"' });
  for (const name of names) {
    const f = script.formations[name]!;
    if (f.order !== undefined) problems.push({ file, path: `engagement.formations.${name}.order`, message: 'orders are Epic 40,000\'s ("rules": "epic40k"); a NetEA formation takes its action in the shoot step ("action")' });
    if (f.cover === 'soft' || f.cover === 'hard' || f.cover === 'fortified') problems.push({ file, path: `engagement.formations.${name}.cover`, message: `"${f.cover}" is Heresy cover ("rules": "heresy"); NetEA cover is "none", "obscured", {"save": 2-6} or a fortified position: "bunker", "gun-emplacement", "trench"` });
    if (typeof f.cover === 'object' && 'armour' in f.cover) problems.push({ file, path: `engagement.formations.${name}.cover`, message: `{"armour": 1|2} is Epic 40,000 cover ("rules": "epic40k"); NetEA cover is "none", "obscured", {"save": 2-6} or a fortified position: "bunker", "gun-emplacement", "trench"` });
  }
  checkSteps(script, sides, file, problems);
  if (script.variants && Object.keys(script.parameters).length > 0) {
    problems.push({ file, path: 'engagement.variants', message: 'expected either "parameters" (every combination) or "variants" (the combinations listed), not both' });
  }
  if (names.length > 31) problems.push({ file, path: 'engagement.formations', message: 'at most 31 formations' });
  if (problems.length > 0) throw new InputError(problems);

  const variants: Variant[] = [];
  const cache = new Map<string, FormationSpec>();
  const combinations = script.variants ? script.variants.map((v) => ({ values: v.values, label: v.label })) : parameterCombinations(script.parameters).map((values) => ({ values, label: undefined }));
  for (const { values, label: given } of combinations) {
    const formations: FormationSpec[] = [];
    const placed: PlacedFormation[] = [];
    const resolved = new Map<string, { spec: FormationSpec; text: string }>();
    names.forEach((name) => {
      const f = script.formations[name]!;
      const path = `engagement.formations.${name}.formation`;
      const text = substitute(f.formation, values, file, path, problems);
      let spec = cache.get(text);
      if (!spec) {
        try {
          spec = parseFormation(data, text);
          const special = spec.units.find((u) => u.unit.type === 'Special');
          if (special) problems.push({ file, path, message: `"${special.unit.name}" is a special unit (Special); engagements take ground (INF, LV, AV, WE), aircraft (AC, AC/WE) and spacecraft (SC) units` });
          else if (flyingKind(spec) === null) problems.push({ file, path, message: `"${text}" mixes aircraft or spacecraft with ground units; expected a formation of one kind (RB 4.1)` });
          cache.set(text, spec);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          for (const p of e.problems) problems.push({ file, path, message: p.message });
          return;
        }
      }
      const cannotEmbark = f.embarked ? embarkationProblem(spec) : null;
      if (cannotEmbark !== null) problems.push({ file, path: `engagement.formations.${name}.embarked`, message: `"${text}": ${cannotEmbark}` });
      formations.push(spec);
      resolved.set(name, { spec, text });
      const g = experiment.geometry;
      placed.push({
        id: name,
        side: f.side === 'A' ? 0 : 1,
        formation: spec,
        front: f.front ?? (f.side === 'A' ? 0 : g.gap),
        rankWidth: f.rankWidth ?? g.rankWidth,
        spacing: f.spacing ?? g.spacing,
        cover: neteaCover(f.cover),
        blastMarkers: f.blastMarkers,
        broken: f.broken,
        ...(f.coverUnits ? { coverUnits: f.coverUnits } : {}),
        ...(f.offTable ? { offTable: true } : {}),
        ...(f.embarked ? { embarked: true } : {}),
      });
    });
    checkRoles(script, resolved, file, problems);
    const steps: Step[] = [];
    for (let turn = 1; turn <= script.turns; turn++) {
      script.script.forEach((s, k) => steps.push(compileStep(s, names, values, turn, `engagement.script[${k}]`, file, problems, placed.map((p) => p.front))));
      if (script.endOfTurn) steps.push({ kind: 'end-turn', label: `end of turn ${turn}` });
    }
    const label = given ?? Object.entries(values).map(([k, v]) => `${k}=${v}`).join(', ');
    // The rules variant's switches first (rulesVariant.ts), then any the experiment sets itself.
    const spec: EngagementSpec = { ruleset: 'netea', formations: placed, steps, options: { ...variantOptions(experiment.rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea'), ...definedOnly(experiment.options) } as NeteaOptions };
    placed.forEach((pf, f) => {
      const problem = boughtPositionsProblem(spec, f);
      if (problem !== null) problems.push({ file, path: `engagement.formations.${pf.id}.coverUnits`, message: problem });
    });
    variants.push({ name: label || experiment.name, values, names, formations, spec });
  }
  if (problems.length > 0) throw new InputError(dedupe(problems));
  return variants;
}

/** A formation's cover as the NetEA engine takes it; another system's cover was refused with a problem. */
function neteaCover(c: Cover): CoverSpec {
  if (c === 'obscured') return { kind: 'obscured' };
  if (c === 'bunker' || c === 'gun-emplacement' || c === 'trench') return { kind: 'position', position: c };
  if (typeof c === 'object' && 'save' in c) return { kind: 'save', save: c.save };
  return { kind: 'none' };
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

const KIND_NAMES: Record<FlyingKind, string> = { ground: 'a ground formation', aircraft: 'an aircraft formation', spacecraft: 'a spacecraft formation' };

/** What a step needs of a formation: its kind, and for anti-aircraft fire an AA weapon and fighters. */
interface Role {
  kind: FlyingKind;
  aa?: boolean;
  fighters?: boolean;
  expected: string;
}

const GROUND: Role = { kind: 'ground', expected: 'a ground formation: shoot and assault steps take ground formations; aircraft use ground-attack, intercept and flak steps (RB 4.2), spacecraft orbital steps (RB 4.3)' };
const TARGET: Role = { kind: 'ground', expected: 'a ground formation to attack (aircraft and spacecraft cannot be shot at or assaulted, RB 4.1.2)' };
const AIR_TARGET: Role = { kind: 'aircraft', expected: 'an aircraft formation (AC or AC/WE units) to fire at (RB 4.2.3)' };
const FLAK: Role = { kind: 'ground', aa: true, expected: 'a ground formation with an AA weapon to fire flak (RB 4.2.4)' };
const FIGHTERS: Role = { kind: 'aircraft', aa: true, fighters: true, expected: 'fighters or fighter-bombers with an AA weapon, the only aircraft that intercept or fly combat air patrol (RB 4.2.1)' };

/**
 * Checks that each step's formations can take their part (RB 4.1-4.3): ground
 * formations shoot, assault and fire flak; aircraft make ground attacks, and
 * fighters intercept; spacecraft bombard from orbit. `formations` holds each
 * resolved formation with its formation string; those that failed to resolve
 * are left out (their problem is already reported).
 */
function checkRoles(script: ScriptExperiment, formations: Map<string, { spec: FormationSpec; text: string }>, file: string, problems: Problem[]): void {
  const role = (name: string, path: string, r: Role) => {
    const { spec: f, text } = formations.get(name) ?? {};
    const kind = f && flyingKind(f);
    if (!f || !kind) return;
    let wrong: string | null = null;
    if (kind !== r.kind) wrong = KIND_NAMES[kind];
    else if (r.fighters && !fightersOnly(f)) wrong = 'an aircraft formation that is not all fighters or fighter-bombers';
    else if (r.aa && !hasAntiAircraft(f)) wrong = `${KIND_NAMES[kind]} with no AA weapon`;
    if (wrong) problems.push({ file, path, message: `"${name}" (${text}) is ${wrong}; expected ${r.expected}` });
  };
  script.script.forEach((s, k) => {
    const at = `engagement.script[${k}]`;
    switch (s.step) {
      case 'shoot':
        role(s.by, `${at}.by`, GROUND);
        role(s.at, `${at}.at`, GROUND);
        break;
      case 'assault':
        for (const field of ['by', 'at', 'support', 'overwatch'] as const) {
          const v = s[field];
          list(v).forEach((n, i) => role(n, `${at}.${field}${Array.isArray(v) ? `[${i}]` : ''}`, GROUND));
        }
        break;
      case 'ground-attack':
        role(s.by, `${at}.by`, { kind: 'aircraft', expected: 'an aircraft formation (AC or AC/WE units) to make the ground attack (RB 4.2.2)' });
        role(s.at, `${at}.at`, TARGET);
        s.flak.forEach((n, i) => role(n, `${at}.flak[${i}]`, FLAK));
        if (s.cap !== undefined) role(s.cap, `${at}.cap`, FIGHTERS);
        break;
      case 'flak':
        role(s.by, `${at}.by`, FLAK);
        role(s.at, `${at}.at`, AIR_TARGET);
        break;
      case 'intercept':
        role(s.by, `${at}.by`, FIGHTERS);
        role(s.at, `${at}.at`, AIR_TARGET);
        break;
      case 'orbital':
        role(s.by, `${at}.by`, { kind: 'spacecraft', expected: 'a spacecraft formation (SC units) to bombard from orbit (RB 4.3)' });
        role(s.at, `${at}.at`, TARGET);
        break;
      case 'arrive':
        role(s.formation, `${at}.formation`, { kind: 'ground', expected: 'a ground formation to land or teleport (RB 2.1.17, 4.4)' });
        break;
      case 'regroup':
      case 'action-test':
      case 'end-phase':
        break;
    }
  });
}

function compileStep(s: ExperimentStep, names: string[], values: Record<string, string>, turn: number, path: string, file: string, problems: Problem[], fronts: number[]): Step {
  const idx = (n: string) => names.indexOf(n);
  const label = (text: string) => `turn ${turn}: ${s.label ?? text}`;
  switch (s.step) {
    case 'shoot': {
      const action = substitute(s.action, values, file, `${path}.action`, problems);
      if (!['advance', 'double', 'sustained', 'marshal', 'overwatch'].includes(action)) {
        problems.push({ file, path: `${path}.action`, message: `"${action}" is not an action; expected advance, double, sustained, marshal or overwatch` });
      }
      return { kind: 'shoot', label: label(`${s.by} shoots ${s.at} (${action})`), by: idx(s.by), at: idx(s.at), action: action as ActionName, crossfire: s.crossfire, barrage: s.barrage, test: s.test, retain: s.retain };
    }
    case 'assault':
      return {
        kind: 'assault',
        label: label(`${list(s.by).join(' + ')} assaults ${list(s.at).join(' + ')}`),
        by: list(s.by).map(idx),
        at: list(s.at).map(idx),
        support: s.support.map(idx),
        overwatch: s.overwatch.map(idx),
        test: s.test,
        retain: s.retain,
        ...(s.contact !== undefined ? { contact: s.contact } : {}),
      };
    case 'regroup':
      return { kind: 'regroup', label: label(`${s.formation} regroups`), formation: idx(s.formation), test: s.test, retain: s.retain };
    case 'action-test':
      return { kind: 'action-test', label: label(`${s.formation} action test (${s.action})`), formation: idx(s.formation), action: s.action, retain: s.retain };
    case 'end-phase':
      return { kind: 'end-phase', label: label('end phase') };
    case 'ground-attack':
      return {
        kind: 'ground-attack',
        label: label(`${s.by} ground attack on ${s.at}`),
        by: idx(s.by),
        at: idx(s.at),
        flak: s.flak.map(idx),
        cap: s.cap === undefined ? -1 : idx(s.cap),
        test: s.test,
        retain: s.retain,
      };
    case 'flak':
      return { kind: 'flak', label: label(`${s.by} flak at ${s.at} (${s.phase})`), by: idx(s.by), at: idx(s.at), phase: s.phase, moved: s.moved };
    case 'intercept':
      return { kind: 'intercept', label: label(`${s.by} intercepts ${s.at}`), by: idx(s.by), at: idx(s.at), test: s.test, retain: s.retain };
    case 'orbital':
      return { kind: 'orbital', label: label(`${s.by} orbital attack on ${s.at}`), by: idx(s.by), at: idx(s.at), test: s.test, retain: s.retain };
    case 'arrive':
      return { kind: 'arrive', label: label(`${s.formation} arrives (${s.method})`), formation: idx(s.formation), front: s.front ?? fronts[idx(s.formation)]!, method: s.method };
  }
}
