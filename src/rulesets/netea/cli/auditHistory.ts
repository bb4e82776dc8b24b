import type { Dataset } from '../../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { loadBattle } from '../../../model/loadBattle.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { auditEntries } from '../../../reports/audit/auditEntries.js';
import { summariseAudit } from '../../../reports/audit/auditResult.js';
import { priceChanges, type PriceChange } from '../../../reports/history/priceChanges.js';
import { directionShares, rateChanges, type DirectionShare, type ExtraValue, type HistoryCase } from '../../../reports/history/historyRatings.js';
import { valueFormations } from '../../../reports/value/valueFormations.js';
import { battleAirDefence, battleAirRaid, battleField, type AuditOptions } from '../../../cli/audit.js';
import { fieldLacking } from '../../../model/battleField.js';

/**
 * `audit --data <older checkout> --history <newer checkout>`: the price changes the Tournament
 * Pack's champions made between two versions (priceChanges.ts), each valued by the audit on the
 * older version and rated right when the audit pointed the way the price then moved
 * (historyRatings.ts). Only the lists with a change are valued: a formation's value does not
 * depend on the other formations audited, and its list's median comes from its own list.
 */

const optionError = (message: string) => new InputError([{ file: 'option --history', path: '', message }]);

/** The newer checkout, its import problems named as --history's. */
function loadHistory(path: string, datasheets?: readonly string[]): Dataset {
  try {
    return loadDataset(path, datasheets);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(e.problems.map((p) => ({ ...p, file: `--history ${p.file}` })));
  }
}

/** The audit's own row text with a size or an upgrade added: "army/f+w+w" → "army/f@big+w+w", "army/f+w+w+upgrade". */
function withSize(text: string, size: string): string {
  const plus = text.indexOf('+');
  return plus < 0 ? `${text}@${size}` : `${text.slice(0, plus)}@${size}${text.slice(plus)}`;
}

export async function auditHistory(o: AuditOptions & { history: string }, started: number): Promise<void> {
  if (o.data === undefined) throw optionError('expected --data <older Tournament Pack checkout> with it: the version the audit values');
  if (o.rules !== undefined && o.rules !== 'netea') throw optionError(`expected the NetEA rules (the Tournament Pack's history), not --rules ${o.rules}`);
  for (const [name, set] of [['--chunks', o.chunks], ['--partial-out', o.partialOut], ['--fit', o.fit], ['--out', o.out]] as const) {
    if (set !== undefined) throw optionError(`${name} does not apply to a history reading (it prints, or --json)`);
  }
  const loaded = loadBattle(o.battle);
  const older = loadDataset(o.data, o.datasheet);
  const newer = loadHistory(o.history, o.datasheet);
  const { changes, unmatched, sharedLists } = priceChanges(older, newer);
  if (sharedLists === 0) throw optionError(`${o.history} has none of the army lists of ${o.data}: expected another version of the same Tournament Pack`);
  const judged = changes.filter((c) => c.notJudged === undefined && (o.lists === undefined || o.lists.includes(c.army)));
  const lists = [...older.armies.keys()].filter((a) => judged.some((c) => c.army === a));
  const field = battleField(older, loaded);
  const lacking = fieldLacking(older, loaded);
  const entries = auditEntries(older, lists);
  const audited = entries.filter((e) => e.spec !== undefined);
  // Sizes and upgrades are valued beside the audit's rows, on the row's own text.
  const extras: Array<{ change: PriceChange; spec: FormationSpec; cost: number; host?: string }> = [];
  const problems = new Map<PriceChange, string>();
  for (const c of judged.filter((x) => x.kind !== 'formation')) {
    const host = c.kind === 'size'
      ? audited.find((e) => e.army === c.army && e.formation === c.id && e.variantOf === undefined)
      : audited.find((e) => e.army === c.army && e.variantOf === undefined && older.armies.get(c.army)!.formations.find((f) => f.id === e.formation)!.upgrades.includes(c.id));
    if (host === undefined) {
      problems.set(c, c.kind === 'size' ? 'its formation is not audited' : 'no audited formation of its list takes it');
      continue;
    }
    const text = c.kind === 'size' ? withSize(host.text, c.size!) : `${host.text}+${c.id}`;
    try {
      const spec = parseFormation(older, text);
      const cost = c.kind === 'size' ? spec.points! : c.oldPoints;
      if (cost <= 0) problems.set(c, 'free at the older version: no value per point to rate');
      else extras.push({ change: c, spec, cost, ...(c.kind === 'upgrade' ? { host: host.text } : {}) });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.set(c, `cannot be built as ${text}: ${e.problems.map((p) => p.message).join('; ')}`);
    }
  }
  const values = await valueFormations([...audited.map((e) => e.spec!), ...extras.map((x) => x.spec)], field, loaded.battle, { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, metric: o.metric, workers: o.workers, airDefence: battleAirDefence(older, loaded), airRaid: battleAirRaid(older, loaded), rules: 'netea', ...(o.precision !== undefined ? { precision: o.precision } : {}) });
  const audit = summariseAudit(entries, values.slice(0, audited.length), loaded.battle, older.id);
  const extraValues = new Map<PriceChange, ExtraValue>(extras.map((x, i) => [x.change, { text: x.spec.text, value: values[audited.length + i]!, cost: x.cost, ...(x.host !== undefined ? { host: x.host } : {}) }]));
  const cases = rateChanges(judged, audit, extraValues, problems, loaded.battle.margin.value);
  const shares = directionShares(cases, audit);
  const report = {
    older: { path: o.data, version: older.version },
    newer: { path: o.history, version: newer.version },
    battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file },
    seed: o.seed,
    trials: o.trials,
    /** Set when the trials were by need (docs/fair-cost.md): `trials` is then the most any meeting could run. */
    precision: o.precision ?? null,
    chunkSize: o.chunkSize,
    metric: o.metric,
    field: { formations: field.length, lacking },
    listsValued: lists,
    shares,
    cases,
    notJudged: changes.filter((c) => c.notJudged !== undefined),
    unmatched,
    elapsedMs: Math.round(performance.now() - started),
  };
  if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else process.stdout.write(historyText(report));
}

const fmt = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : '∞');
const pct = (s: DirectionShare) => (s.rated === 0 ? 'none rated' : `${s.right}/${s.rated} (${((100 * s.right) / s.rated).toFixed(0)}%), ${s.decisions} distinct decisions; chance rate ${s.chance.toFixed(2)}`);

function caseLine(c: HistoryCase): string {
  const ch = c.change;
  const head = `${ch.direction.padEnd(5)} ${`${ch.army}/${ch.kind === 'size' ? `${ch.id}@${ch.size}` : ch.id}`.slice(0, 62).padEnd(63)}${`${ch.oldPoints}->${ch.newPoints}`.padStart(9)}`;
  if (c.rated === null) return `${head}  not rated: ${c.why}\n`;
  const f = c.fairCost!;
  return `${head}${String(c.cost).padStart(6)}  ${`${fmt(f.value)} [${fmt(f.ci95[0])}-${fmt(f.ci95[1])}]`.padEnd(18)}${c.relativeToList!.toFixed(2).padStart(8)}  ${c.verdict!.padEnd(17)} ${c.rated}\n`;
}

function historyText(r: { older: { version: string }; newer: { version: string }; battle: { name: string; version: number | string }; seed: string; trials: number; precision: number | null; metric: string; field: { formations: number; lacking: string[] }; listsValued: string[]; shares: Record<'cut' | 'rise', DirectionShare>; cases: HistoryCase[]; notJudged: PriceChange[]; unmatched: number; elapsedMs: number }): string {
  let s = `epic-balance audit --history: data netea-tp ${r.older.version.slice(0, 12)} against the later ${r.newer.version.slice(0, 12)}, battle ${r.battle.name} v${r.battle.version}, ${r.metric} parity, seed "${r.seed}", ${r.precision === null ? `${r.trials.toLocaleString('en')} trials per meeting` : `trials by need (each fair cost within ±${r.precision}, at most ${r.trials.toLocaleString('en')} per meeting)`}, ${(r.elapsedMs / 1000).toFixed(0)} s\n`;
  s += `field: ${r.field.formations} formations of the older version${r.field.lacking.length > 0 ? `; it lacks ${r.field.lacking.join(', ')}, so the field is the rest` : ''}\n`;
  s += `${r.cases.length + r.notJudged.length} price changes, ${r.cases.length} judged (the same units, composition and army rules, not a data correction), ${r.notJudged.length} not; ${r.unmatched} items of the older version have no item of that id in the later one (renamed or removed: not followed). Lists valued: ${r.listsValued.length}\n\n`;
  s += 'Rated in the direction of the change (value per point against its list\'s median below 1 before a cut, above 1 before a rise):\n';
  s += `  cuts   ${pct(r.shares.cut)}\n  rises  ${pct(r.shares.rise)}\n\n`;
  s += `${'move'.padEnd(6)}${'item'.padEnd(63)}${'price'.padStart(9)}${'cost'.padStart(6)}  ${'fair [95%]'.padEnd(18)}${'vs list'.padStart(8)}  verdict           rated\n`;
  for (const c of r.cases) s += caseLine(c);
  if (r.notJudged.length > 0) {
    s += '\nNot judged:\n';
    for (const c of r.notJudged) s += `  ${c.direction.padEnd(5)} ${c.army}/${c.kind === 'size' ? `${c.id}@${c.size}` : c.id} ${c.oldPoints}->${c.newPoints}: ${c.notJudged}\n`;
  }
  return s;
}
