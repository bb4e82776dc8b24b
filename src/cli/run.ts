import { dirname, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { Dataset } from '../model/dataset.js';
import type { Experiment } from '../model/experiment.js';
import { parseFormation, type FormationSpec } from '../model/formation.js';
import { InputError, type Problem } from '../model/inputError.js';
import { diceOf, withEveryProblem, type LoadedExperiment } from '../scenarios/loadExperiment.js';
import type { AnyVariant } from '../scenarios/registry.js';
import { barChart, type BarRow } from '../reports/charts/barChart.js';
import { shortName } from '../reports/charts/frame.js';
import type { CsvRow } from '../reports/csv.js';
import { DEFINITIONS } from '../reports/definitions.js';
import { DEFAULT_GAPS, describeEngagement, type EngagementSettings } from '../reports/engagementKinds.js';
import { fairCost, type FairCostResult } from '../reports/fairCost.js';
import { armyFormations, findArmy } from '../reports/matrix.js';
import { chartContext, type ReportSection, type RunMeta, type RunPart } from '../reports/report.js';
import { reproducibleCommand, runMeta } from '../reports/runReport.js';
import { fairCostHeadline, fairCostSection, fairRange } from '../reports/sections/fairCostSection.js';
import { matrixSection } from '../reports/sections/matrixSection.js';
import { scriptReport } from '../reports/sections/scriptReport.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { writeRunReport, type WrittenReport } from '../reports/writeRunReport.js';
import type { SimulationResult } from '../run/simulate.js';
import { fairCostJson } from './fairCost.js';
import { battleValueJson } from '../reports/value/battleFairCost.js';
import { battleAirDefence, battleAirRaid, battleField } from './audit.js';
import { loadBattle, type LoadedBattle } from '../model/loadBattle.js';
import { battleValueHeadline, battleValueSection } from '../reports/sections/battleValueSection.js';
import type { ParityMetric } from '../reports/value/parityCost.js';
import { valueFormations } from '../reports/value/valueFormations.js';
import { matrixJson, runMatrixOnPool } from './matrix.js';
import { addSimOptions, resultCommandLine, type SimOptions } from './simOptions.js';
import type { SimulationRunner } from './simulationRunner.js';
import { variantFacts } from '../reports/variantFacts.js';
import { DEFAULT_RULES, experimentsOf } from './registry.js';
import { positionsNotes } from '../model/boughtPositions.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED, DEFAULT_TRIALS } from '../model/runDefaults.js';

/**
 * `epic-balance run <experiment.json>`: runs an experiment file (a script
 * with its parameter variants, a fair-cost search or a matrix), writes the
 * report folder out/<name>/ and prints a short summary.
 */

export interface RunOptions extends SimOptions {
  out?: string;
}

/** The run settings after merging the file with the command line (the command line wins). */
export interface RunSettings {
  seed: string;
  trials: number;
  chunkSize: number;
  precision?: number;
}

/** One line of the printed summary: what, the value, its 95% interval. */
export interface SummaryRow {
  /** The variant (or experiment) the row belongs to. */
  group: string;
  what: string;
  value: string;
  ci: string;
}

/** An experiment run, ready to print and write. */
export interface ExperimentOutcome {
  name: string;
  /** The experiment file, as messages name it (displayPath). */
  file: string;
  title: string;
  description: string;
  kind: 'engagement' | 'fairCost' | 'matrix';
  /** The rule system (src/model/registry.ts). */
  rules: Experiment['rules'];
  data: Dataset;
  settings: RunSettings;
  /** Trials the simulations actually ran (the most of any, with a precision stop). */
  trials: number;
  /** The fewest any simulation ran (less than `trials` when variants stopped for precision apart). */
  fewestTrials: number;
  simulations: number;
  simulationMs: number;
  sections: ReportSection[];
  summary: SummaryRow[];
  /** The few rows that answer the question (the showcase prints these). */
  headline: SummaryRow[];
  notes: string[];
  json: Record<string, unknown>;
}

const fix = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '∞');

/** A file-name-safe, short form of a label. */
export function slug(text: string, max = 48): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (s.slice(0, max).replace(/-+$/, '') || 'variant');
}

/** A section renamed so several can share one folder: ids, file names and the title carry a prefix. */
export function prefixSection(s: ReportSection, prefix: string, title: string): ReportSection {
  return {
    ...s,
    id: `${prefix}-${s.id}`,
    title: `${title}: ${s.title}`,
    tables: s.tables.map((t) => ({ ...t, name: `${prefix}-${t.name}` })),
    charts: s.charts.map((c) => ({ ...c, name: `${prefix}-${c.name}` })),
  };
}

/** Problems from parsing a formation string, re-addressed to the experiment file. */
function inFile(file: string, path: string, f: () => FormationSpec): FormationSpec {
  try {
    return f();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.problems.map((p) => ({ file, path, message: p.message })));
    throw e;
  }
}

/** Merges the file's run settings with the command line: options given on the command line win. */
export function resolveSettings(experiment: Experiment, o: SimOptions, given: (option: string) => boolean): RunSettings {
  const precision = o.precision ?? experiment.precision;
  return {
    seed: given('seed') ? o.seed : experiment.seed,
    trials: given('trials') ? o.trials : experiment.trials,
    chunkSize: given('chunkSize') ? o.chunkSize : (experiment.chunkSize ?? o.chunkSize),
    ...(precision !== undefined ? { precision } : {}),
  };
}

/** Refuses settings the experiment's kind cannot honour, naming the file and the field. */
function checkKind(loaded: LoadedExperiment, s: RunSettings, o: SimOptions): void {
  const { file, experiment: x } = loaded;
  const problems: Problem[] = [];
  if (x.engagement) {
    if (s.precision !== undefined && (o.chunks !== undefined || o.partialOut !== undefined)) {
      problems.push({ file, path: x.precision !== undefined ? 'precision' : '', message: 'a run that stops for precision cannot be split with --chunks (give a fixed --trials, or remove "precision")' });
    }
  } else {
    const what = x.fairCost ? 'a fair-cost search' : 'a matrix';
    if (s.precision !== undefined) problems.push({ file, path: x.precision !== undefined ? 'precision' : '', message: `${what} runs every simulation in full: expected "trials" and no precision` });
    if (o.chunks !== undefined || o.partialOut !== undefined) problems.push({ file, path: '', message: `${what} cannot be split with --chunks; run it whole` });
    if (Object.values(x.options).some((v) => v !== undefined)) problems.push({ file, path: 'options', message: `${what} uses the default engagement options; "options" apply to "engagement" experiments only` });
    const g = x.geometry;
    if (g.gap !== 30 || g.rankWidth !== 5 || g.spacing !== 5) {
      problems.push({ file, path: 'geometry', message: `${what} uses the default geometry; set the distance with "${x.fairCost ? 'fairCost' : 'matrix'}.gap"` });
    }
  }
  if (problems.length > 0) throw new InputError(problems);
}

/**
 * Loads and checks an experiment file and everything it names (formations,
 * steps, armies) before anything runs: bad input fails here, with nothing
 * written.
 */
export interface PreparedExperiment {
  loaded: LoadedExperiment;
  settings: RunSettings;
  variants?: AnyVariant[];
  /** A fair cost: in `battle` when set, else in the single `engagement`. */
  fair?: { formation: FormationSpec; opponents: FormationSpec[]; engagement: EngagementSettings | null; battle: LoadedBattle | null };
  matrix?: { rows: ReturnType<typeof armyFormations>; cols: ReturnType<typeof armyFormations>; engagement: EngagementSettings };
}

export function prepareExperiment(path: string, o: SimOptions, given: (option: string) => boolean): PreparedExperiment {
  return withEveryProblem(path, (loaded) => prepareLoaded(path, loaded, o, given), o.datasheet);
}

function prepareLoaded(path: string, read: LoadedExperiment, o: SimOptions, given: (option: string) => boolean): PreparedExperiment {
  let loaded = read;
  const system = experimentsOf(loaded.experiment.rules);
  if (o.data !== undefined) loaded = system.withData(loaded, o.data, o.datasheet ?? []);
  const x = loaded.experiment;
  const settings = resolveSettings(x, o, given);
  checkKind(loaded, settings, o);
  // The rule system compiles a script (and any file it plays its own way); a fair cost or a matrix it leaves runs below.
  const own = system.compile(loaded, o.data);
  if (own !== undefined) return { loaded: own.loaded, settings, variants: own.variants };
  if (x.fairCost) {
    const f = x.fairCost;
    const formation = inFile(loaded.file, 'fairCost.formation', () => parseFormation(loaded.data, f.formation));
    const vs = f.vs?.map((v, i) => inFile(loaded.file, `fairCost.vs[${i}]`, () => parseFormation(loaded.data, v)));
    if (f.engagement !== undefined) {
      const engagement: EngagementSettings = { kind: f.engagement, action: f.action, gap: f.gap ?? DEFAULT_GAPS[f.engagement] };
      return { loaded, settings, fair: { formation, opponents: vs!, engagement, battle: null } };
    }
    const battle = f.battle === undefined ? loadBattle() : loadBattle(resolve(dirname(path), f.battle));
    return { loaded, settings, fair: { formation, opponents: vs ?? battleField(loaded.data, battle, 'or name the opponents in the experiment\'s "fairCost.vs"'), engagement: null, battle } };
  }
  const m = x.matrix!;
  const army = (query: string, at: string) => {
    try {
      return armyFormations(loaded.data, findArmy(loaded.data, query, at));
    } catch (e) {
      if (e instanceof InputError) throw new InputError(e.problems.map((p) => ({ file: loaded.file, path: at, message: p.message })));
      throw e;
    }
  };
  const rows = army(m.army, 'matrix.army');
  const cols = army(m.vs, 'matrix.vs');
  return { loaded, settings, matrix: { rows, cols, engagement: { kind: m.engagement, action: m.action, gap: m.gap ?? DEFAULT_GAPS[m.engagement] } } };
}

/** The options that run a simulation, with the experiment's settings in place. */
function simOptions(o: SimOptions, s: RunSettings): SimOptions {
  const out: SimOptions = { ...o, seed: s.seed, trials: s.trials, chunkSize: s.chunkSize };
  if (s.precision !== undefined) out.precision = s.precision;
  else delete out.precision;
  return out;
}

/** Runs a prepared experiment: the simulations, then the report sections (not yet written). */
export async function executeExperiment(p: PreparedExperiment, o: SimOptions, argv: string[], runner: SimulationRunner): Promise<ExperimentOutcome> {
  const x = p.loaded.experiment;
  const base = {
    name: x.name,
    file: p.loaded.file,
    description: x.description,
    rules: x.rules,
    data: p.loaded.data,
    settings: p.settings,
  };
  if (p.variants) return { ...base, ...(await runScript(p, p.variants, o, argv, runner)) };
  if (p.fair?.battle) return { ...base, ...(await runBattleFairCost(p, o, argv)) };
  if (p.fair) return { ...base, ...(await runFairCost(p, argv)) };
  return { ...base, ...(await runMatrixExperiment(p, o, argv)) };
}

/** The run's manifest facts before the report is written. */
function metaFor(p: PreparedExperiment, title: string, argv: string[], trials: number, simulations: number, simulationMs: number, notes: string[]): RunMeta {
  const s = p.settings;
  return runMeta({ title, argv, seed: s.seed, trials, chunkSize: s.chunkSize, data: p.loaded.data, rules: p.loaded.experiment.rules, simulations, timings: { simulationMs }, notes });
}

type Body = Omit<ExperimentOutcome, 'name' | 'file' | 'description' | 'rules' | 'data' | 'settings'>;

async function runScript(p: PreparedExperiment, variants: AnyVariant[], o: SimOptions, argv: string[], runner: SimulationRunner): Promise<Body> {
  const x = p.loaded.experiment;
  const script = x.engagement!;
  const run = simOptions(o, p.settings);
  const started = performance.now();
  const results: SimulationResult[] = [];
  const piece = o.chunks !== undefined || o.partialOut !== undefined;
  for (const [i, v] of variants.entries()) {
    // Every variant draws from the same chunk seeds: common random numbers.
    // A piece of a split run rewrites its one partial file with each variant: say so once, after the last.
    const quiet = piece && i < variants.length - 1 ? { quiet: true } : {};
    results.push(await runner.run({ ...run, ...quiet }, { spec: v.spec, ...diceOf(x) }));
  }
  const simulationMs = Math.round(performance.now() - started);
  const system = experimentsOf(x.rules);
  const unsupported = [...new Set([...variants.flatMap((v) => v.formations.flatMap((f) => f.unsupported)), ...system.notes(x.rules)])];
  const inPositions = [...new Set(variants.flatMap((v) => system.variantNotes(v)))];
  const notes = [...unsupported.map((r) => `Not simulated: ${r}`), ...inPositions];
  const trials = Math.max(...results.map((r) => r.trials));
  // Stopping for precision, each variant stops on its own: the report says where, not only the most.
  if (results.some((r) => r.trials !== trials)) notes.unshift(`Each variant stopped for precision on its own: ${variants.map((v, i) => `${v.name}, ${results[i]!.trials.toLocaleString('en')} trials`).join('; ')}.`);
  const title = x.title ?? x.name;
  const meta = metaFor(p, title, argv, p.settings.trials, variants.length, simulationMs, notes);
  const wanted = new Set<string>(script.reports.map((r) => (r === 'kills' ? 'kill' : r)));
  const sections: ReportSection[] = [];
  const summary: SummaryRow[] = [];
  const headline: SummaryRow[] = [];
  const json: Array<Record<string, unknown>> = [];
  const compare: Compare = { rows: [], efficiency: [], broken: [], wins: [] };
  const used = new Set<string>();
  variants.forEach((v, i) => {
    const r = results[i]!;
    const own = { ...meta, trials: r.trials };
    const report = scriptReport(v.spec, r, own, undefined, geometryNote(x));
    const kept = report.sections.filter((s) => wanted.has(s.id));
    if (variants.length === 1) sections.push(...kept);
    else {
      // File names: a labelled variant's label, else its parameter values without army prefixes ("warband-sustained").
      const stem = slug(script.variants ? v.name : Object.values(v.values).map((val) => val.split('/').pop()!).join('-'));
      let prefix = stem;
      for (let k = 2; used.has(prefix); k++) prefix = `${stem}-${k}`;
      used.add(prefix);
      sections.push(...kept.map((s) => prefixSection(s, prefix, v.name)));
    }
    const group = variants.length === 1 ? x.name : v.name;
    const facts = variantFacts(v, r, p.loaded.data);
    summary.push(...facts.summary.map((row) => ({ group, ...row })));
    const wins = facts.summary.filter((row) => row.what.includes(' wins its assault'));
    const per100 = facts.summary.filter((row) => row.what.endsWith('points destroyed per 100 points'));
    const turns = facts.summary.filter((row) => /, turn \d+$/.test(row.what));
    headline.push(...(wins.length > 0 ? wins : turns.length > 0 ? turns : per100.slice(0, 1)).map((row) => ({ group, ...row })));
    compare.rows.push(...facts.csv.map((row) => ({ variant: v.name, ...row })));
    compare.efficiency.push(...facts.efficiency.map((b) => ({ ...b, label: shortName(v.name, 70) })));
    compare.broken.push(...facts.broken.map((b) => ({ ...b, label: shortName(v.name, 70) })));
    compare.wins.push(...facts.wins.map((b) => ({ ...b, label: shortName(v.name, 70) })));
    json.push({ name: v.name, values: v.values, trials: r.trials, ...facts.json });
  });
  const intro: ReportSection = {
    id: 'question',
    title: 'The question',
    summary: [
      x.description,
      `${variants.length === 1 ? 'One engagement' : `${variants.length} variants, all on the same dice (common random numbers)`}; ${script.turns} turn${script.turns === 1 ? '' : 's'} of: ${script.script.map((s) => s.label ?? describeStep(s, x)).join('; ')}${script.endOfTurn ? '' : ' (no end of turn)'}.`,
      geometryNote(x),
    ],
    definitions: [],
    tables: [],
    charts: [],
  };
  if (variants.length > 1) Object.assign(intro, comparisonSection(compare, chartContext({ ...meta, trials }, geometryNote(x))));
  return {
    kind: 'engagement',
    title,
    trials,
    fewestTrials: Math.min(...results.map((r) => r.trials)),
    simulations: variants.length,
    simulationMs,
    sections: [intro, ...sections],
    summary,
    headline,
    notes,
    json: { variants: json, unsupported },
  };
}

function describeStep(s: NonNullable<Experiment['engagement']>['script'][number], x: Experiment): string {
  const list = (v: string | string[]) => (Array.isArray(v) ? v.join(' + ') : v);
  const own = experimentsOf(x.rules).describeStep(s, x);
  if (own !== undefined) return own;
  switch (s.step) {
    case 'shoot':
      return `${s.by} shoots ${s.at} (${s.action}${s.test ? ', action test' : ''})`;
    case 'assault':
      return `${list(s.by)} assaults ${list(s.at)}${s.test ? ' (action test)' : ''}`;
    case 'regroup':
      return `${s.formation} regroups`;
    case 'action-test':
      return `${s.formation} takes an action test (${s.action})`;
    case 'end-phase':
      return 'end phase (rally)';
    case 'ground-attack': {
      const notes = [...(s.cap !== undefined ? [`intercepted by ${s.cap}`] : []), ...(s.flak.length > 0 ? [`flak from ${s.flak.join(' + ')}`] : []), ...(s.test ? ['action test'] : [])];
      return `${s.by} ground attack on ${s.at}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
    }
    case 'flak':
      return `${s.by} flak at ${s.at} (${s.phase}${s.moved ? ', after moving' : ''})`;
    case 'intercept':
      return `${s.by} intercepts ${s.at}${s.test ? ' (action test)' : ''}`;
    case 'orbital':
      return `${s.by} orbital attack on ${s.at}${s.test ? ' (action test)' : ''}`;
    case 'arrive':
      return `${s.formation} arrives (${s.method}${s.front !== undefined ? `, front ${s.front} cm` : ''})`;
  }
}

function geometryNote(x: Experiment): string {
  const own = experimentsOf(x.rules).settingsNote(x);
  if (own !== undefined) return own;
  const g = x.geometry;
  const changed = Object.entries(x.options).filter(([, v]) => v !== undefined);
  return `Fronts ${g.gap} cm apart, ${g.rankWidth} units per rank, ${g.spacing} cm spacing${changed.length ? `; options ${changed.map(([k, v]) => `${k}=${String(v)}`).join(', ')}` : '; default rule options'}.`;
}

interface Compare {
  rows: CsvRow[];
  efficiency: BarRow[];
  broken: BarRow[];
  wins: BarRow[];
}

export const BROKEN_OR_DESTROYED = 'P(broken or destroyed): share of trials in which the formation is broken or wiped out after the step (the two are exclusive: a wiped-out formation counts as destroyed); 95% Wilson interval.';

const VARIANT_COLUMNS = ['variant', 'formation', 'formations', 'side', 'measure', 'value', 'ci95_low', 'ci95_high', 'note'];

/** The side-by-side view of the variants: one CSV and up to three charts. */
function comparisonSection(c: Compare, ctx: ReturnType<typeof chartContext>): Pick<ReportSection, 'tables' | 'charts' | 'definitions'> {
  const charts: ReportSection['charts'] = [];
  if (c.efficiency.length > 0) {
    charts.push({ name: 'variants-efficiency', spec: barChart(c.efficiency, { title: 'Points efficiency by variant', subtitle: 'Enemy points destroyed per 100 points of the acting formation(s), at the end of the script', axisTitle: 'Points destroyed per 100 points spent (points)', format: '.1f' }, ctx) });
  }
  if (c.wins.length > 0) {
    charts.push({ name: 'variants-assault', spec: barChart(c.wins, { title: 'Assaults won by variant', subtitle: 'P(the assaulting formation wins the assault)', axisTitle: 'Probability', format: '%', domain: [0, 1] }, ctx) });
  }
  if (c.broken.length > 0) {
    charts.push({ name: 'variants-broken', spec: barChart(c.broken, { title: 'Broken or destroyed at the end, by variant', subtitle: 'P(broken or destroyed) after the last step', axisTitle: 'Probability', format: '%', domain: [0, 1] }, ctx) });
  }
  return {
    definitions: [DEFINITIONS.per100, DEFINITIONS.exchange, BROKEN_OR_DESTROYED, DEFINITIONS.assault, 'Variants: every variant runs on the same chunk seeds (common random numbers), so differences between them are not dice noise between runs; the variant is in the "engagement" column of variants.csv.'],
    tables: [{ name: 'variants', columns: VARIANT_COLUMNS, rows: c.rows }],
    charts,
  };
}

/** A fair-cost experiment in a battle: the formation's value against the battle's field or `vs`. */
async function runBattleFairCost(p: PreparedExperiment, o: SimOptions, argv: string[]): Promise<Body> {
  const x = p.loaded.experiment;
  const f = p.fair!;
  const loaded = f.battle!;
  const s = p.settings;
  const metric = (x.fairCost!.metric ?? 'efficiency') as ParityMetric;
  const started = performance.now();
  const [v] = await valueFormations([f.formation], f.opponents, loaded.battle, { seed: s.seed, trials: s.trials, chunkSize: s.chunkSize, metric, workers: o.workers, airDefence: battleAirDefence(p.loaded.data, loaded), airRaid: battleAirRaid(p.loaded.data, loaded), rules: x.rules });
  const value = v!;
  const simulationMs = Math.round(performance.now() - started);
  const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
  const notes = [`Battle: ${battleName} (${loaded.file}).`, ...[...new Set([f.formation, ...f.opponents].flatMap((g) => g.unsupported)), ...experimentsOf(x.rules).notes(x.rules)].map((r) => `Not simulated: ${r}`), ...positionsNotes([f.formation, ...f.opponents])];
  const title = x.title ?? `${x.name}: fair cost of ${f.formation.name}`;
  const meta = metaFor(p, title, argv, s.trials, value.meetings, simulationMs, notes);
  const band = `${fix(value.fairCost.band[0], 0)} to ${fix(value.fairCost.band[1], 0)}`;
  const summary: SummaryRow[] = [
    ...(value.cost !== null ? [{ group: x.name, what: 'current cost', value: String(value.cost), ci: '' }] : []),
    { group: x.name, what: `fair cost (${metric} parity, ${battleName} battle)`, value: fix(value.fairCost.estimate, 0), ci: `${fix(value.fairCost.ci95[0], 0)} to ${fix(value.fairCost.ci95[1], 0)}` },
    { group: x.name, what: 'sensitivity band over the alternative mixes', value: band, ci: '' },
    ...(value.verdict !== null ? [{ group: x.name, what: 'verdict', value: value.verdict, ci: '' }] : []),
  ];
  const intro: ReportSection = { id: 'question', title: 'The question', summary: [x.description, battleValueHeadline(value, battleName)], definitions: [], tables: [], charts: [] };
  return {
    kind: 'fairCost',
    title,
    trials: s.trials,
    fewestTrials: s.trials,
    simulations: value.meetings,
    simulationMs,
    sections: [intro, battleValueSection(value, battleName, loaded.battle.margin.value, chartContext(meta))],
    summary,
    headline: summary,
    notes,
    json: { battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file }, ...battleValueJson(value) },
  };
}

async function runFairCost(p: PreparedExperiment, argv: string[]): Promise<Body> {
  const x = p.loaded.experiment;
  const f = p.fair!;
  const s = p.settings;
  const started = performance.now();
  const result: FairCostResult = await fairCost({ formation: f.formation, opponents: f.opponents, engagement: f.engagement!, metric: x.fairCost!.metric ?? 'exchange', run: { seed: s.seed, trials: s.trials, chunkSize: s.chunkSize }, scenario: `run-${x.name}` });
  const simulationMs = Math.round(performance.now() - started);
  const notes = [...[...new Set([f.formation, ...f.opponents].flatMap((g) => g.unsupported))].map((r) => `Not simulated: ${r}`), ...positionsNotes([f.formation, ...f.opponents])];
  const title = x.title ?? `${x.name}: fair cost of ${f.formation.name}`;
  const meta = metaFor(p, title, argv, s.trials, result.meetings.length, simulationMs, notes);
  const ctx = chartContext(meta);
  const summary: SummaryRow[] = [{ group: x.name, what: `fair cost (${result.metric} parity)`, value: fix(result.fairCost.estimate, 0), ci: fairRange(result.fairCost).replace(/^fair /, '') }];
  if (result.currentCost !== null) summary.unshift({ group: x.name, what: 'current cost', value: String(result.currentCost), ci: '' });
  if (result.balanceAtCurrent) summary.push({ group: x.name, what: 'balance ratio at current cost', value: fix(result.balanceAtCurrent.estimate, 2), ci: `${fix(result.balanceAtCurrent.ci95[0], 2)} to ${fix(result.balanceAtCurrent.ci95[1], 2)}` });
  for (const m of result.byMetric) if (m.metric !== result.metric) summary.push({ group: x.name, what: `fair cost (${m.metric} parity)`, value: fix(m.fairCost.estimate, 0), ci: fairRange(m.fairCost).replace(/^fair /, '') });
  const intro: ReportSection = { id: 'question', title: 'The question', summary: [x.description, fairCostHeadline(result)], definitions: [], tables: [], charts: [] };
  return {
    kind: 'fairCost',
    title,
    trials: s.trials,
    fewestTrials: s.trials,
    simulations: result.meetings.length,
    simulationMs,
    sections: [intro, fairCostSection(result, f.engagement!, ctx)],
    summary,
    headline: summary.slice(0, 2),
    notes,
    json: { engagement: f.engagement!, ...fairCostJson(result) },
  };
}

async function runMatrixExperiment(p: PreparedExperiment, o: SimOptions, argv: string[]): Promise<Body> {
  const x = p.loaded.experiment;
  const m = p.matrix!;
  const s = p.settings;
  const result = await runMatrixOnPool({ rows: m.rows, cols: m.cols, engagement: m.engagement }, { ...o, seed: s.seed, trials: s.trials, chunkSize: s.chunkSize }, x.name);
  const skipped = [
    ...m.rows.skipped.map((k) => `Skipped ${m.rows.army.name} ${k.name}: ${k.reason}.`),
    ...m.cols.skipped.map((k) => `Skipped ${m.cols.army.name} ${k.name}: ${k.reason}.`),
    ...[...new Set([...m.rows.formations, ...m.cols.formations].flatMap((f) => f.spec.unsupported))].map((r) => `Not simulated: ${r}`),
  ];
  const title = x.title ?? `${x.name}: ${m.rows.army.name} against ${m.cols.army.name}`;
  const meta = metaFor(p, title, argv, s.trials, result.simulations, Math.round(result.elapsedMs), skipped);
  const section = matrixSection(result, chartContext(meta));
  // Row averages (each row formation over the whole opposing list), best first, as the report computes them.
  const averages = section.tables.find((t) => t.name === 'matrix-average')?.rows ?? [];
  const label = new Map(m.rows.formations.map((r) => [r.spec.name, r.label]));
  const summary: SummaryRow[] = [...averages]
    .sort((a, b) => Number(b.value) - Number(a.value))
    .map((row) => ({ group: x.name, what: `${shortName(label.get(String(row.formation)) ?? String(row.formation), 40)}: per 100, average`, value: fix(Number(row.value)), ci: `${fix(Number(row.ci95_low))} to ${fix(Number(row.ci95_high))}` }));
  const intro: ReportSection = { id: 'question', title: 'The question', summary: [x.description, `Each cell: ${describeEngagement(m.engagement)}.`], definitions: [], tables: [], charts: [] };
  return {
    kind: 'matrix',
    title,
    trials: s.trials,
    fewestTrials: s.trials,
    simulations: result.simulations,
    simulationMs: Math.round(result.elapsedMs),
    sections: [intro, section],
    summary,
    headline: summary.slice(0, 3),
    notes: skipped,
    json: matrixJson(result),
  };
}

/** The options of a command running several experiments that `run` of one takes too: all but where the report goes and how it prints. */
function partOptions(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--out') i++;
    else if (a !== '--json' && !a.startsWith('--out=')) out.push(a);
  }
  return resultCommandLine(out);
}

/**
 * The parts of a report of several experiments (the showcase's): each one's
 * trials, seed and chunks, and the `run` of its file that gives its numbers.
 */
function reportParts(outcomes: ExperimentOutcome[], argv: string[]): RunPart[] {
  return outcomes.map((x) => ({
    name: x.name,
    title: x.title,
    seed: x.settings.seed,
    trials: x.trials,
    chunkSize: x.settings.chunkSize,
    simulations: x.simulations,
    command: reproducibleCommand(['run', x.file, ...partOptions(argv.slice(1))], x.settings),
  }));
}

/** A setting's value when every part has the same, else undefined (a command that pinned it would change a part's numbers). */
function shared<T>(values: T[]): T | undefined {
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

/** Writes the report folder of one or more experiment outcomes (several: each one's sections carry its name, and the report its parts). */
export async function writeExperimentReport(outcomes: ExperimentOutcome[], dir: string, argv: string[], title?: string): Promise<WrittenReport> {
  const first = outcomes[0]!;
  const meta = runMeta({
    title: title ?? first.title,
    argv,
    seed: first.settings.seed,
    trials: first.settings.trials,
    chunkSize: first.settings.chunkSize,
    data: first.data,
    rules: first.rules,
    simulations: outcomes.reduce((t, x) => t + x.simulations, 0),
    timings: { simulationMs: outcomes.reduce((t, x) => t + x.simulationMs, 0) },
    notes: [...new Set(outcomes.flatMap((x) => x.notes))],
  });
  const precision = first.settings.precision;
  if (precision !== undefined) meta.notes.unshift(`Stopped for precision (every headline 95% interval within ±${precision}) or at the cap of ${first.settings.trials.toLocaleString('en')} trials; ${first.trials.toLocaleString('en')} trials were run.`);
  if (precision !== undefined) meta.trials = first.trials;
  if (outcomes.length > 1) {
    const settings = outcomes.map((x) => x.settings);
    meta.parts = reportParts(outcomes, argv);
    meta.trials = Math.max(...outcomes.map((x) => x.trials));
    meta.command = reproducibleCommand(argv, { seed: shared(settings.map((s) => s.seed)), trials: shared(settings.map((s) => s.trials)), chunkSize: shared(settings.map((s) => s.chunkSize)) });
  }
  const sections = outcomes.length === 1 ? first.sections : outcomes.flatMap((x) => x.sections.map((s) => prefixSection(s, x.name, x.name)));
  return writeRunReport({ meta, sections }, dir);
}

/**
 * One row of a printed table: the label in a column `width` wide, the value
 * and its interval after it. A longer label is never cut: it takes a line of
 * its own and the value goes under the column on the next.
 */
export function tableRow(indent: string, label: string, width: number, value: string, ci: string): string {
  const numbers = `  ${value.padStart(7)}  ${ci ? `(${ci})` : ''}`.trimEnd();
  return label.length > width ? `${indent}${label}\n${indent}${''.padEnd(width)}${numbers}\n` : `${indent}${label.padEnd(width)}${numbers}\n`;
}

/** The printed summary: one table, grouped by variant. */
export function formatSummary(rows: SummaryRow[]): string {
  const w = Math.min(64, Math.max(20, ...rows.map((r) => r.what.length)));
  let s = '';
  let group: string | null = null;
  for (const r of rows) {
    if (r.group !== group) {
      group = r.group;
      s += `${s ? '\n' : ''}${group}\n`;
    }
    s += tableRow('  ', r.what, w, r.value, r.ci);
  }
  return s;
}

/**
 * --help of run and showcase: --trials, --seed and --chunk-size default to
 * the experiment file's values (the parsed defaults are only fallbacks).
 */
export function fileDefaults(cmd: Command): void {
  for (const o of cmd.options) {
    if (o.long === '--trials') o.defaultValueDescription = `the experiment file's trials, else ${DEFAULT_TRIALS}`;
    if (o.long === '--seed') o.defaultValueDescription = `the experiment file's seed, else "${DEFAULT_SEED}"`;
    if (o.long === '--chunk-size') o.defaultValueDescription = `the experiment file's chunkSize, else ${DEFAULT_CHUNK_SIZE}`;
  }
}

/** The command line the manifest records: what was typed after the program name. */
export function commandArgs(cmd: Command): string[] {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  const raw = (root as unknown as { rawArgs?: string[] }).rawArgs;
  return (raw && raw.length >= 2 ? raw : process.argv).slice(2);
}

/** The experiment's report folder: --out, else out/<name>. */
export function outDirFor(name: string, out?: string): string {
  return out ?? join('out', name);
}

export function registerRun(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('run')
    .description('run an experiment file (engagement script with variants, fair cost or matrix) and write its report folder')
    .argument('<experiment>', 'an experiment file, e.g. experiments/tactical-vs-warband.json (schema: experiments/experiment.schema.json)')
    // '' stands for "out/<name>", which is only known once the file is read.
    .addOption(new Option('--out <dir>', 'the report folder (report.html, CSV, charts, manifest.json)').default('', 'out/<experiment name>'));
  addSimOptions(cmd, DEFAULT_TRIALS);
  fileDefaults(cmd);
  cmd
    .addHelpText(
      'after',
      `
The experiment file sets trials, seed, chunk size and precision; --trials, --seed, --chunk-size and --precision given here override it (with a precision, the trials are the cap). The report's manifest records the command that reproduces the run.

Example:
  epic-balance run experiments/tactical-vs-warband.json --trials 20000`,
    )
    .action(async (path: string, o: RunOptions, self: Command) => {
      const given = (option: string) => {
        const source = self.getOptionValueSource(option);
        return source !== undefined && source !== 'default';
      };
      const prepared = prepareExperiment(path, o, given);
      const split = o.chunks !== undefined || o.partialOut !== undefined;
      // '' is the default's stand-in; given on the command line, it is an empty path.
      const out = outDirFor(prepared.loaded.experiment.name, given('out') ? o.out : undefined);
      if (!split) checkOutTarget(out, '--out', 'report');
      const argv = commandArgs(self);
      const outcome = await executeExperiment(prepared, o, argv, runner);
      if (split) {
        // A piece of a split run: its partial file is the result; merge writes the report.
        if (o.quiet !== true) process.stderr.write('a piece of a split run writes no report: `epic-balance merge <pieces>` replays the whole run and writes it\n');
        if (o.json) process.stdout.write(JSON.stringify(resultJson(outcome, null), null, 2) + '\n');
        return;
      }
      const written = await writeExperimentReport([outcome], out, argv);
      const report = join(written.dir, 'report.html');
      if (o.json) {
        process.stdout.write(JSON.stringify(resultJson(outcome, report), null, 2) + '\n');
        return;
      }
      const trials = `${outcome.fewestTrials < outcome.trials ? `${outcome.fewestTrials.toLocaleString('en')} to ` : ''}${outcome.trials.toLocaleString('en')}`;
      process.stdout.write(`${outcome.title}\n${trials} trials per simulation, ${outcome.simulations} simulation${outcome.simulations === 1 ? '' : 's'}, seed "${outcome.settings.seed}", rules ${outcome.rules}, data ${outcome.data.id} ${outcome.data.version}\n\n`);
      process.stdout.write(formatSummary(outcome.summary));
      // --quiet keeps the warnings (print.ts warnNotSimulated): the rules the numbers leave out.
      const notes = o.quiet === true ? outcome.notes.filter((n) => n.startsWith('Not simulated: ')) : outcome.notes;
      if (notes.length > 0) process.stderr.write(`\nnotes:\n${notes.map((n) => `  - ${n}\n`).join('')}`);
      process.stdout.write(`\nreport: ${report}\n`);
    });
}

/** The --json contract of run (extend it, never rename a field). */
export function resultJson(x: ExperimentOutcome, report: string | null) {
  return {
    experiment: x.name,
    description: x.description,
    kind: x.kind,
    seed: x.settings.seed,
    trials: x.trials,
    plannedTrials: x.settings.trials,
    chunkSize: x.settings.chunkSize,
    precision: x.settings.precision ?? null,
    data: { id: x.data.id, version: x.data.version },
    // As shoot and assault --json: the rule system is named when it is not NetEA (the playground's JSON is NetEA's run --json).
    ...(x.rules !== DEFAULT_RULES ? { rules: x.rules } : {}),
    simulations: x.simulations,
    report,
    notes: x.notes,
    ...x.json,
  };
}

