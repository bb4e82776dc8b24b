import type { Dataset } from '../../../model/dataset.js';
import { epic40kData, loadEpic40kLists } from '../model/load.js';
import { listDetachments } from '../model/listDetachments.js';
import type { Army } from '../model/schema.js';
import type { FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import type { AuditEntry } from '../../../reports/audit/auditEntries.js';
import type { FormationValue } from '../../../reports/value/formationValue.js';
import { valueFormations } from '../../../reports/value/valueFormations.js';
import { auditKey, auditRange, checkAuditOutputs, finishAudit, replayedAudit, writeAuditPartial, type AuditOptions } from '../../../cli/audit.js';
import { epic40kBattleField, loadEpic40kBattle, planEpic40kValue } from '../reports/epic40kValuePlan.js';

/**
 * `audit --rules epic40k`: the fair cost of every priced ground unit of the
 * BattleBible lists, each valued in its catalogue detachment
 * (src/rulesets/epic40k/model/listDetachments.ts: copies of the unit making about 150
 * points) in the Epic 40,000 reference battle (battles/epic40k-reference.json,
 * or --battle), by the shared machinery (valueFormations with
 * planEpic40kValue), and judged by the shared audit (summariseAudit,
 * finishAudit) against the unit's own cost: Spearman, the share within ±25%,
 * the within-list CV, the list offset, the halves of the lists, the same
 * text, --json, CSV, chart and report.html, naming the rules. The lists price
 * units ("Cost per Unit/Option", L1537), so a unit's fair cost is its
 * detachment's divided by its copies: efficiency parity is size-consistent
 * (docs/fair-cost.md), and value per point is the detachment's.
 */

/** The held-out validation's baseline reads NetEA datasheets' features (formationFeatures.ts); these are not. */
const HELD_OUT_REFUSAL = 'the held-out validation reads NetEA datasheets; the Epic 40,000 audit has its own figures above';

/** Options of the NetEA audit that mean nothing here, with why. */
const NETEA_ONLY: Array<[keyof AuditOptions, string, string]> = [
  ['data', '--data', 'names a NetEA Tournament Pack checkout; the Epic 40,000 lists are built in (datasheets/epic40k)'],
  ['fit', '--fit', 'fits scene weights to the costs it then judges; the Epic 40,000 reference battle is reasoned, not fitted (docs/epic40k.md, Audit)'],
  ['fitOut', '--fit-out', 'writes fitted weights; the Epic 40,000 reference battle is not fitted (docs/epic40k.md, Audit)'],
];

function rejectNeteaAuditOptions(o: AuditOptions): void {
  const problems = NETEA_ONLY.filter(([key]) => o[key] !== undefined).map(([, name, why]) => ({ file: `option ${name}`, path: '', message: `not available under --rules epic40k: it ${why}` }));
  if (problems.length > 0) throw new InputError(problems);
}

/** The lists asked for, in the built-in order; an unknown id names the lists there are. */
function auditedLists(lists: Map<string, Army>, asked?: string[]): Army[] {
  const all = [...lists.values()];
  if (asked === undefined || asked.length === 0) return all;
  const unknown = asked.filter((id) => !lists.has(id));
  if (unknown.length > 0) throw new InputError([{ file: 'option --lists', path: '', message: `no Epic 40,000 army list ${unknown.map((u) => `"${u}"`).join(', ')} (lists: ${[...lists.keys()].join(', ')})` }]);
  return all.filter((a) => asked.includes(a.id));
}

/** Every unit of the lists as an audit entry: a catalogue detachment to value, or skipped with the reason. */
export function epic40kAuditEntries(lists: Map<string, Army>, armies: Army[]): AuditEntry[] {
  return armies.flatMap((army) => {
    const catalogue = listDetachments(lists, army);
    const audited = catalogue.formations.map(
      (f): AuditEntry => ({
        army: army.id,
        armyName: army.name,
        text: `${army.id}/${f.spec.units[0]!.unit.name} (1 of ${f.spec.units.length})`,
        formation: f.id,
        cost: f.spec.units[0]!.unit.points!,
        warEngine: f.spec.units.some((u) => u.unit.kind === 'war-engine'),
        unsupported: f.spec.unsupported,
        outsideEngagement: [],
        spec: f.spec as unknown as FormationSpec,
        kind: 'ground',
      }),
    );
    const skipped = catalogue.skipped.map((s): AuditEntry => {
      const unit = army.units.find((u) => u.id === s.id)!;
      return { army: army.id, armyName: army.name, text: `${army.id}/${unit.name}`, formation: s.id, cost: unit.points ?? null, warEngine: unit.kind === 'war-engine', unsupported: [], outsideEngagement: [], skipped: s.reason };
    });
    return [...audited, ...skipped];
  });
}

/** A catalogue detachment's value as one of its `n` units': every cost divided by n, value per point unchanged. */
export function unitValue(v: FormationValue, n: number): FormationValue {
  const per = (x: number) => x / n;
  const pair = (p: [number, number]): [number, number] => [per(p[0]), per(p[1])];
  return {
    ...v,
    cost: v.cost === null ? null : per(v.cost),
    runCost: per(v.runCost),
    fairCost: { estimate: per(v.fairCost.estimate), ci95: pair(v.fairCost.ci95), band: pair(v.fairCost.band) },
    alternatives: v.alternatives.map((a) => ({ ...a, estimate: per(a.estimate), ci95: pair(a.ci95) })),
    opponents: v.opponents.map((o) => ({ ...o, fairCost: { estimate: per(o.fairCost.estimate), ci95: pair(o.fairCost.ci95) } })),
  };
}

function showProgress(done: number, total: number): void {
  process.stderr.write(`\raudit: ${done}/${total} detachments${done === total ? '\n' : ''}`);
}

/**
 * Runs the Epic 40,000 audit and hands its values to the shared printer and
 * report; with --chunks (or --partial-out) only a range of the units, written
 * as a piece for `merge`, as NetEA's audit does (audit.ts).
 */
export async function epic40kAudit(o: AuditOptions, started: number): Promise<void> {
  rejectNeteaAuditOptions(o);
  const loaded = loadEpic40kBattle(o.battle);
  const lists = loadEpic40kLists();
  const entries = epic40kAuditEntries(lists, auditedLists(lists, o.lists));
  // The shared printer and report read a data set's id and version only.
  const data = epic40kData() as Dataset;
  const options: AuditOptions = { ...o, rules: 'epic40k' };
  const argv = process.argv.slice(2);
  const audited = entries.filter((e) => e.spec !== undefined).map((e) => e.spec!);
  const range = auditRange(o, audited.length);
  const key = auditKey(data, loaded.battle, o, entries);
  checkAuditOutputs(o, key, range);
  const replay = replayedAudit(key);
  if (replay !== null) {
    await finishAudit(entries, replay.values, data, loaded, options, replay.command, 0, [], HELD_OUT_REFUSAL);
    return;
  }
  const piece = audited.slice(range.first, range.last + 1);
  const field = epic40kBattleField(loaded) as unknown as FormationSpec[];
  const progress = o.quiet === true || o.json === true || !process.stderr.isTTY ? undefined : showProgress;
  const detachmentValues = await valueFormations(piece, field, loaded.battle, { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, metric: o.metric, workers: o.workers, plan: planEpic40kValue, ...(o.precision !== undefined ? { precision: o.precision } : {}) }, progress);
  const values = detachmentValues.map((v, i) => unitValue(v, piece[i]!.units.length));
  if (o.chunks !== undefined || o.partialOut !== undefined) {
    writeAuditPartial(o, argv, key, audited.length, range, values);
    return;
  }
  await finishAudit(entries, values, data, loaded, options, argv, performance.now() - started, [], HELD_OUT_REFUSAL);
}
