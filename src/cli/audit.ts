import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import type { RulesSystemName } from '../model/registry.js';
import type { Battle } from '../model/battle.js';
import { shortVersion, type Dataset } from '../model/dataset.js';
import type { FormationSpec } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import { type LoadedBattle } from '../model/loadBattle.js';
import { battleAirDefenceOf, battleAirRaidOf, battleFieldOf, fieldLacking, type BattleFormations } from '../model/battleField.js';
import { type AuditEntry } from '../reports/audit/auditEntries.js';
import { summariseAudit, type AuditResult } from '../reports/audit/auditResult.js';
import { fitLines, fitReport, fittedBattle } from '../reports/audit/fitReport.js';
import { chartContext } from '../reports/report.js';
import { runMeta } from '../reports/runReport.js';
import { auditSection, offsetLines, validationLines } from '../reports/sections/auditSection.js';
import type { FormationValue } from '../reports/value/formationValue.js';
import { type ParityMetric } from '../reports/value/parityCost.js';
import { writeRunReport } from '../reports/writeRunReport.js';
import { auditHeldOut } from '../reports/validation/auditHeldOut.js';
import { heldOutLines } from '../reports/validation/heldOutLines.js';
import type { HeldOutValidation } from '../reports/validation/heldOutValidation.js';
import { heldOutSection } from '../reports/sections/heldOutSection.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { noteWritten } from '../run/interrupt.js';
import { AUDIT_PARTIAL_KIND, writeFileAtomic } from '../run/partial.js';
import { badOption } from './options.js';
import { PILOT_TRIALS } from '../reports/value/valueFormations.js';
import { DEFAULT_RULES } from '../model/runDefaults.js';
export interface AuditOptions {
  data?: string;
  /** --datasheet overlays laid over the data set, in order (options.ts). */
  datasheet?: string[];
  lists?: string[];
  battle?: string;
  trials: number;
  seed: string;
  chunkSize: number;
  workers: number;
  metric: ParityMetric;
  precision?: number;
  json?: boolean;
  out?: string;
  quiet?: boolean;
  chunks?: { first: number; last: number };
  partialOut?: string;
  fit?: 'A' | 'B';
  fitOut?: string;
  /** A later Tournament Pack checkout: rate the price changes between --data and it (auditHistory.ts). */
  history?: string;
  /** The rule system (default NetEA); a system with an audit of its own sets it (src/cli/registry.ts). */
  rules?: RulesSystemName;
}

/** What an audit split with --chunks writes: the values of its range of audited formations. */
export interface AuditPartial {
  kind: 'epic-balance-audit-partial';
  version: 1;
  /** The command's arguments without --chunks and --partial-out: every piece of one audit has the same. */
  command: string[];
  key: string;
  audited: number;
  range: { first: number; last: number };
  values: FormationValue[];
}

export { AUDIT_PARTIAL_KIND };


export function shareOption(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n >= 1) throw badOption('--precision', value, 'a share of the fair cost between 0 and 1 (e.g. 0.02 for ±2%)');
  return n;
}

/** Values merged from an audit's pieces: while set, the audit command uses them instead of simulating. */
let replayed: { key: string; command: string[]; values: FormationValue[] } | null = null;

export async function replayAuditValues<T>(values: { key: string; command: string[]; values: FormationValue[] }, fn: () => Promise<T>): Promise<T> {
  const before = replayed;
  replayed = values;
  try {
    return await fn();
  } finally {
    replayed = before;
  }
}

export function listOption(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** The battle's field for a data set (battleField.ts); the formations the data set lacks are named on stderr. */
export function battleField(data: Dataset, loaded: LoadedBattle, instead?: string): FormationSpec[] {
  return noted(battleFieldOf(data, loaded, instead));
}

/** The battle's air-defence formations for a data set (none when it names none); lacking ones named on stderr. */
export function battleAirDefence(data: Dataset, loaded: LoadedBattle): FormationSpec[] {
  return noted(battleAirDefenceOf(data, loaded));
}

/** The battle's raiding aircraft for a data set (none when it names none); lacking ones named on stderr. */
export function battleAirRaid(data: Dataset, loaded: LoadedBattle): FormationSpec[] {
  return noted(battleAirRaidOf(data, loaded));
}

function noted(f: BattleFormations): FormationSpec[] {
  if (f.note !== null) process.stderr.write(`note: ${f.note}\n`);
  return f.specs;
}

/** Identifies an audit's inputs, so pieces of different audits are never merged. */
export function auditKey(data: Dataset, battle: Battle, o: AuditOptions, entries: AuditEntry[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify([data.id, data.version, battle, o.seed, o.trials, o.precision ?? null, o.chunkSize, o.metric, entries.map((e) => e.text)]));
  return h.digest('hex');
}

/** Options that change nothing in an audit's numbers, with whether each takes a value: left out of a piece's command. */
const NO_EFFECT = new Map([['--chunks', true], ['--partial-out', true], ['--workers', true], ['--quiet', false]]);

const commandWithoutSplit = (argv: string[]) => {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const name = a.split('=')[0]!;
    if (!NO_EFFECT.has(name)) out.push(a);
    else if (NO_EFFECT.get(name) === true && !a.includes('=')) i++;
  }
  return out;
};

export function showProgress(done: number, total: number): void {
  process.stderr.write(`\raudit: ${done}/${total} formations${done === total ? '\n' : ''}`);
}

/** The audited formations to value: the --chunks range, or all `audited` of them. */
export function auditRange(o: AuditOptions, audited: number): { first: number; last: number } {
  if (o.chunks !== undefined && o.chunks.last >= audited) {
    throw new InputError([{ file: 'option --chunks', path: '', message: `expected a range within 0-${audited - 1} (this audit has ${audited} audited formations), got ${o.chunks.first}-${o.chunks.last}` }]);
  }
  return o.chunks ?? { first: 0, last: audited - 1 };
}

/** While `merge` replays an audit's command: the merged values and the pieces' command, once the key shows they are this audit's; otherwise null. */
export function replayedAudit(key: string): { command: string[]; values: FormationValue[] } | null {
  if (replayed === null) return null;
  if (replayed.key !== key) throw new InputError([{ file: 'merge', path: 'key', message: 'the pieces were made with other data, battle, seed, trials or lists than this command now finds; rerun the pieces' }]);
  return replayed;
}

/** Where a piece of an audit split with --chunks (or --partial-out) goes. */
function auditPartialPath(o: AuditOptions, key: string, range: { first: number; last: number }): string {
  return o.partialOut ?? `audit-${key.slice(0, 12)}-chunks-${range.first}-${range.last}.partial.json`;
}

/**
 * Checks, before anything is valued, where the audit will write (checkOutTarget):
 * its --out report folder, or the partial result of a piece, which may replace
 * an earlier partial result only (saying so).
 */
export function checkAuditOutputs(o: AuditOptions, key: string, range: { first: number; last: number }): void {
  if (o.chunks !== undefined || o.partialOut !== undefined) {
    const file = auditPartialPath(o, key, range);
    if (checkOutTarget(file, '--partial-out', 'partial').replaces) process.stderr.write(`replacing the earlier partial result in ${file}\n`);
  } else if (o.out !== undefined) {
    checkOutTarget(o.out, '--out', 'report');
  }
}

/** Writes the values of one piece of an audit split with --chunks (or --partial-out), for `merge`. */
export function writeAuditPartial(o: AuditOptions, argv: string[], key: string, audited: number, range: { first: number; last: number }, values: FormationValue[]): void {
  const partial: AuditPartial = { kind: AUDIT_PARTIAL_KIND, version: 1, command: commandWithoutSplit(argv), key, audited, range, values };
  const file = auditPartialPath(o, key, range);
  writeFileAtomic(file, JSON.stringify(partial, keepInfinity));
  if (o.quiet !== true) process.stderr.write(`wrote formations ${range.first}-${range.last} of ${audited} to ${file}\n`);
}

/** JSON keeps no infinities: an unbounded interval end travels as the string "Infinity". */
export const keepInfinity = (_key: string, v: unknown) => (v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : v);
export const restoreInfinity = (_key: string, v: unknown) => (v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v);

const fmt = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : '∞');

function printAudit(r: AuditResult, battleName: string, data: Dataset, o: AuditOptions, heldOut: HeldOutValidation | { notRun: string }): void {
  // By need, each meeting runs its own trials: the header gives the most and the sum, audit.csv and --json each formation's.
  const all = r.rows.flatMap((x) => [x, ...x.options]);
  const most = Math.max(0, ...all.map((x) => x.trialsPerMeeting));
  const sum = all.reduce((t, x) => t + x.trials, 0);
  const trials = o.precision === undefined ? `${o.trials.toLocaleString('en')} trials per meeting` : `trials by need (${PILOT_TRIALS} per meeting, more where they decide a fair cost, until its 95% interval is within ±${o.precision} of it under every mix, at most ${o.trials.toLocaleString('en')} per meeting; up to ${most.toLocaleString('en')} ran, ${sum.toLocaleString('en')} in all; each formation's in audit.csv and --json)`;
  let s = `epic-balance audit: ${o.rules !== undefined && o.rules !== DEFAULT_RULES ? `rules ${o.rules}, ` : ''}data ${data.id} ${shortVersion(data.version)}, battle ${battleName}, ${o.metric} parity, seed "${o.seed}", ${trials}\n`;
  s += `${r.rows.length} formations audited, ${r.skipped.length} not audited\n\nValidation against the data set's own costs (fitted to them: ${r.validation.fitted}):\n`;
  for (const [m, v, t] of validationLines(r)) s += `  ${m.padEnd(74)}${v.padStart(v.includes(';') ? 30 : 12)}${t ? `   target ${t}` : ''}\n`;
  s += `\nThe lists furthest apart (the list offset), lowest and highest:\n`;
  for (const line of offsetLines(r)) s += `  ${line}\n`;
  s += `\nValidation (held-out lists), leave-one-list-out:\n${heldOutLines(heldOut).map((l) => `  ${l}\n`).join('')}`;
  const flagged = [...r.rows].filter((x) => x.verdict !== 'fair').sort((a, b) => b.relativeToList - a.relativeToList);
  s += `\nWorth a second look (${flagged.filter((x) => x.verdict !== 'unsupported-rules').length} flagged; ${flagged.filter((x) => x.verdict === 'unsupported-rules').length} more would be, but carry rules not simulated):\n`;
  for (const x of flagged) {
    if (x.verdict === 'unsupported-rules') continue;
    s += `  ${x.verdict.padEnd(13)} ${x.text.padEnd(58)} cost ${String(x.cost).padStart(4)}  list-fair ${fmt(x.listFairCost.value).padStart(5)} (band ${fmt(x.listFairCost.band[0])}-${fmt(x.listFairCost.band[1])})${x.dominatedBy ? `  [${x.dominatedBy}]` : ''}\n`;
  }
  s += `\n${'formation'.padEnd(60)}${'cost'.padStart(6)}${'fair'.padStart(7)}${'band'.padStart(14)}${'vs list'.padStart(9)}  verdict\n`;
  for (const x of [...r.rows].sort((a, b) => a.army.localeCompare(b.army) || b.relativeToList - a.relativeToList)) {
    s += `${x.text.slice(0, 59).padEnd(60)}${String(x.cost).padStart(6)}${fmt(x.fairCost.value).padStart(7)}${`${fmt(x.fairCost.band[0])}-${fmt(x.fairCost.band[1])}`.padStart(14)}${x.relativeToList.toFixed(2).padStart(9)}  ${x.verdict}\n`;
    if (x.choice !== null) s += `  uses ${x.choice}\n`;
    for (const p of x.options) {
      const option = `  ${p.option}`.slice(0, 59);
      s += `${option.padEnd(60)}${String(p.cost).padStart(6)}${fmt(p.fairCost.value).padStart(7)}${`${fmt(p.fairCost.band[0])}-${fmt(p.fairCost.band[1])}`.padStart(14)}${p.relativeToList.toFixed(2).padStart(9)}  ${p.verdict}\n`;
    }
  }
  process.stdout.write(s);
}

/** The --json contract of audit (extend it, never rename a field). */
export function auditJson(r: AuditResult, data: Dataset, loaded: LoadedBattle, o: AuditOptions) {
  return {
    ...(o.rules !== undefined && o.rules !== DEFAULT_RULES ? { rules: o.rules } : {}),
    dataset: { id: data.id, version: data.version },
    battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file, lacking: fieldLacking(data, loaded) },
    seed: o.seed,
    trials: o.trials,
    chunkSize: o.chunkSize,
    metric: o.metric,
    formations: r.rows.map((x) => ({
      army: x.army,
      formation: x.formation,
      text: x.text,
      cost: x.cost,
      warEngine: x.warEngine,
      kind: x.kind,
      fairCost: x.fairCost,
      alternatives: x.alternatives,
      valuePerPoint: x.valuePerPoint,
      relativeToList: x.relativeToList,
      listFairCost: x.listFairCost,
      trialsPerMeeting: x.trialsPerMeeting,
      trials: x.trials,
      verdict: x.verdict,
      reason: x.reason,
      unsupported: x.unsupported,
      armyRules: x.armyRules,
      dominatedBy: x.dominatedBy,
      choice: x.choice,
      options: x.options.map((p) => ({ text: p.text, option: p.option, cost: p.cost, fairCost: p.fairCost, valuePerPoint: p.valuePerPoint, relativeToList: p.relativeToList, verdict: p.verdict, unsupported: p.unsupported })),
    })),
    skipped: r.skipped,
    validation: r.validation,
  };
}

/**
 * Prints and writes an audit's result: what the whole run and `merge` of its pieces both do.
 * `heldOutRefusal`: why the rule system's audit has no held-out validation (its datasheets are not
 * the ones the baseline's features read), or null to run it.
 */
export async function finishAudit(entries: AuditEntry[], values: FormationValue[], data: Dataset, loaded: LoadedBattle, o: AuditOptions, argv: string[], elapsedMs: number, notPlayed: readonly string[], heldOutRefusal: string | null): Promise<void> {
  const result = summariseAudit(entries, values, loaded.battle, data.id);
  const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
  const fit = o.fit !== undefined ? fitReport(entries, values, loaded.battle, o.metric, o.fit) : null;
  const heldOut = heldOutRefusal !== null ? { notRun: heldOutRefusal } : auditHeldOut(entries, values, loaded.battle, o.metric);
  if (o.json) process.stdout.write(JSON.stringify({ ...auditJson(result, data, loaded, o), heldOut, ...(fit ? { fit } : {}) }, null, 2) + '\n');
  else {
    printAudit(result, battleName, data, o, heldOut);
    if (fit) process.stdout.write(`\n${fitLines(fit).join('\n')}\n`);
  }
  if (fit && o.fitOut !== undefined) {
    writeFileSync(`${o.fitOut}.tmp`, JSON.stringify(fittedBattle(loaded.battle, fit, data.id), null, 2) + '\n');
    renameSync(`${o.fitOut}.tmp`, o.fitOut);
    noteWritten(o.fitOut);
    if (o.quiet !== true) process.stderr.write(`wrote the fitted battle to ${o.fitOut}\n`);
  }
  if (o.out !== undefined) {
    const meta = runMeta({
      title: `Audit of ${data.id} against the ${battleName} battle`,
      argv,
      seed: o.seed,
      trials: o.trials,
      chunkSize: o.chunkSize,
      data,
      rules: o.rules ?? DEFAULT_RULES,
      simulations: values.reduce((t, v) => t + v.meetings, 0),
      timings: { simulationMs: Math.round(elapsedMs) },
      notes: [`Battle: ${battleName} (${loaded.file}).`, ...(o.precision !== undefined ? [`Trials by need: ${PILOT_TRIALS} per meeting, then more where they decide a fair cost, until its 95% interval is within ±${o.precision} of it under every mix; at most ${o.trials.toLocaleString('en')} per meeting (the trials given above are that cap). Each formation's most in one meeting and its sum are in audit.csv.`] : []), ...fieldLacking(data, loaded).map((f) => `The data set lacks ${f}, which the battle names: the rest of the field stands for it.`), ...result.skipped.map((s) => `Not audited: ${s.army}/${s.formation}: ${s.reason}`), ...notPlayed.map((n) => `Not simulated: ${n}`)],
    });
    const section = auditSection(result, battleName, chartContext(meta));
    if (fit) section.summary.push(...fitLines(fit));
    const written = await writeRunReport({ meta, sections: [section, heldOutSection(heldOut)] }, o.out);
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}
