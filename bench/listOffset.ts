import { readFileSync } from 'node:fs';
import { loadDataset } from '../src/model/loadDataset.js';
import { loadBattle } from '../src/model/loadBattle.js';
import { battleFieldOf } from '../src/model/battleField.js';
import { auditEntries, auditLists, type AuditEntry } from '../src/reports/audit/auditEntries.js';
import { isArmyRuleNote, ruleOfNote } from '../src/model/ruleReach.js';
import { formationSpeed } from '../src/rulesets/netea/engine/formationSpeed.js';
import { coefficientOfVariation } from '../src/stats/coefficientOfVariation.js';
import { medianOf } from '../src/stats/medianOf.js';
import { pearsonCorrelation } from '../src/stats/pearsonCorrelation.js';
import { spearmanCorrelation } from '../src/stats/spearmanCorrelation.js';
import { rngFromSeed, type Sfc32 } from '../src/sim/rng.js';

/**
 * `node dist/bench/listOffset.js --data <TP checkout> --audit <audit --json file> [--battle <file>] [--permutations N]`:
 * what the held-out list offset and within-list CV of a whole audit are made of (issue 32's targets
 * 1.25x and 0.15). Reads the audit's held-out predictions (`heldOut.predictions`, ground formations)
 * and, from the data set, each list's army-level properties the scenes may not see: strategy
 * rating, initiative, the army rules the engine plays and those it names as not modelled, speed,
 * roles. It prints, for the simulation's fair cost and the datasheet baseline:
 *
 * 1. each list's median of prediction ÷ cost (the offset is the largest over the smallest) and its CV;
 * 2. the correlation over the lists of log(list median) with each property (Spearman and Pearson, n lists);
 * 3. the offset's floor from within-list spread alone: the offset of the same ratios dealt to lists of
 *    the same sizes at random (a permutation, seeded), and of the ratios with each list's median
 *    taken out first; the share of that spread at which the offset's median would be 1.25x (the
 *    list-centred log ratios shrunk by a factor found by bisection) and the within-list CV it
 *    means; and a one-way analysis of variance of log ratio by list (between-list standard
 *    deviation by the method of moments, with n0 the effective list size);
 * 4. the within-list spread: each role's share of the within-list sum of squares of log(ratio ÷ list
 *    median) against its share of formations, and the formations furthest from their list's median
 *    in the lists with the largest CV.
 *
 * Nothing here fits anything; it reads one audit.
 */

interface Prediction {
  army: string;
  text: string;
  kind: string;
  role: string;
  cost: number;
  baseline: number;
  simulation: number;
}

interface Args {
  data: string;
  audit: string;
  battle: string;
  permutations: number;
}

function parseArgs(argv: string[]): Args {
  const a: Partial<Args> = { battle: 'battles/reference.json', permutations: 2000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data') a.data = argv[++i];
    else if (arg === '--audit') a.audit = argv[++i];
    else if (arg === '--battle') a.battle = argv[++i];
    else if (arg === '--permutations') a.permutations = Number(argv[++i]);
    else throw new Error(`listOffset: unknown argument "${arg}" (expected --data, --audit, --battle, --permutations)`);
  }
  if (a.data === undefined || a.audit === undefined) throw new Error('listOffset: expected --data <checkout> --audit <audit --json file>');
  if (!Number.isInteger(a.permutations) || a.permutations! < 1) throw new Error('listOffset: expected --permutations to be a whole number of 1 or more');
  return a as Args;
}

const args = parseArgs(process.argv.slice(2));
const audit = JSON.parse(readFileSync(args.audit, 'utf8')) as { heldOut?: { predictions: Prediction[] } };
if (audit.heldOut === undefined) throw new Error(`listOffset: ${args.audit} has no heldOut section (an audit of three lists or more, --json)`);
const rows = audit.heldOut.predictions.filter((p) => p.kind === 'ground');
const data = loadDataset(args.data);
const entries = new Map<string, AuditEntry>();
for (const e of auditEntries(data, auditLists(data))) if (e.variantOf === undefined && e.spec !== undefined) entries.set(e.text, e);
const fieldArmies = new Set(battleFieldOf(data, loadBattle(args.battle), 'listOffset').specs.map((s) => s.text.slice(0, s.text.indexOf('/'))));

const lists = [...new Set(rows.map((r) => r.army))].sort();
const rowsOf = new Map(lists.map((l) => [l, rows.filter((r) => r.army === l)]));
const ratio = (r: Prediction, by: 'simulation' | 'baseline') => r[by] / r.cost;
const PLAYED = ['they-shall-know-no-fear', 'mob-rule', 'power-of-the-waaagh', 'bravery', 'iron-willed', 'unblooded', 'implacable-advance', 'the-hive-mind', 'hit-and-run-tactics'] as const;

/** One list's properties, each a number so that it can be correlated (a rule: the share of the list's formations that carry it). */
function listProperties(list: string): Record<string, number> {
  const army = data.armies.get(list)!;
  const specs = rowsOf.get(list)!.map((r) => {
    const e = entries.get(r.text);
    if (e === undefined) throw new Error(`listOffset: ${r.text} is in the audit but not among the data set's audited formations`);
    return e;
  });
  const share = (pred: (e: AuditEntry) => boolean) => specs.filter(pred).length / specs.length;
  const armyNotes = specs.flatMap((e) => e.unsupported.filter(isArmyRuleNote));
  const out: Record<string, number> = {
    'strategy rating': army.strategyRating,
    'initiative, default': army.initiative.default,
    'initiative, median formation': medianOf(specs.map((e) => e.spec!.initiative)),
    'share of formations at 1+': share((e) => e.spec!.initiative === 1),
    'army rules not modelled (engagement), distinct': new Set(armyNotes.map(ruleOfNote)).size,
    'army rules not modelled (outside), distinct': new Set(specs.flatMap((e) => e.outsideEngagement).map(ruleOfNote)).size,
    'share with own rules not modelled': share((e) => e.unsupported.some((n) => !isArmyRuleNote(n))),
    'median speed (cm)': medianOf(specs.map((e) => formationSpeed(e.spec!))),
    'median cost': medianOf(specs.map((e) => e.cost!)),
    'share war engines': share((e) => e.warEngine),
    'own list in the field (fewer opponents)': fieldArmies.has(list) ? 1 : 0,
    formations: specs.length,
  };
  for (const rule of PLAYED) out[`played: ${rule}`] = share((e) => e.spec!.rules.includes(rule));
  for (const role of ['artillery', 'war engines', 'infantry companies', 'fast assault', 'skimmers', 'infantry', 'armour']) out[`share role ${role}`] = rowsOf.get(list)!.filter((r) => r.role === role).length / specs.length;
  return out;
}

const uniform = (rng: Sfc32) => (rng.next() >>> 0) / 4294967296;
function shuffled(xs: readonly number[], rng: Sfc32): number[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(uniform(rng) * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
/** The audit's list offset (auditValidation.ts listFigures): the largest list median of ratio over the smallest. */
function offsetOf(ratios: readonly number[], sizes: readonly number[]): number {
  const medians: number[] = [];
  let at = 0;
  for (const n of sizes) {
    medians.push(medianOf(ratios.slice(at, at + n)));
    at += n;
  }
  return Math.max(...medians) / Math.min(...medians);
}
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

const out: string[] = [`audit ${args.audit}: ${rows.length} ground formations in ${lists.length} lists (held-out predictions); data ${data.id}`];
const props = new Map(lists.map((l) => [l, listProperties(l)]));
for (const by of ['simulation', 'baseline'] as const) {
  const medians = new Map(lists.map((l) => [l, medianOf(rowsOf.get(l)!.map((r) => ratio(r, by)))]));
  const cvs = new Map(lists.map((l) => [l, coefficientOfVariation(rowsOf.get(l)!.map((r) => ratio(r, by)))]));
  const sorted = [...lists].sort((x, y) => medians.get(x)! - medians.get(y)!);
  const m = [...medians.values()];
  out.push('', `== ${by}: list offset ${(Math.max(...m) / Math.min(...m)).toFixed(3)}x, within-list CV median ${medianOf(lists.filter((l) => rowsOf.get(l)!.length >= 3).map((l) => cvs.get(l)!)).toFixed(3)}`);
  out.push('list'.padEnd(42) + '  n  median   CV  SR init');
  for (const l of sorted) {
    const p = props.get(l)!;
    out.push(`${l.padEnd(42)}${String(rowsOf.get(l)!.length).padStart(3)}  ${medians.get(l)!.toFixed(3)}  ${cvs.get(l)!.toFixed(3)}  ${p['strategy rating']}  ${p['initiative, default']}+`);
  }
  out.push(`correlation over the ${lists.length} lists of log(list median of ${by} ÷ cost) with:`);
  const y = lists.map((l) => Math.log(medians.get(l)!));
  for (const key of Object.keys(props.get(lists[0]!)!)) {
    const x = lists.map((l) => props.get(l)![key]!);
    if (new Set(x).size < 2) continue;
    out.push(`  ${key.padEnd(48)} Spearman ${spearmanCorrelation(x, y).toFixed(2).padStart(5)}  Pearson ${pearsonCorrelation(x, y).toFixed(2).padStart(5)}`);
  }
  // 3. The floor: the same ratios dealt at random to lists of the same sizes.
  const sizes = lists.map((l) => rowsOf.get(l)!.length);
  const all = lists.flatMap((l) => rowsOf.get(l)!.map((r) => ratio(r, by)));
  const centred = lists.flatMap((l) => rowsOf.get(l)!.map((r) => ratio(r, by) / medians.get(l)!));
  const observed = Math.max(...m) / Math.min(...m);
  for (const [what, xs] of [['permuted', all], ['list medians taken out, permuted', centred]] as const) {
    const rng = rngFromSeed(`list-offset/${by}/${what}`);
    const nulls = Array.from({ length: args.permutations }, () => offsetOf(shuffled(xs, rng), sizes));
    out.push(`offset of the ratios dealt at random (${what}, ${args.permutations} permutations): median ${quantile(nulls, 0.5).toFixed(3)}x, 5% ${quantile(nulls, 0.05).toFixed(3)}x, 95% ${quantile(nulls, 0.95).toFixed(3)}x; share at or above the observed ${observed.toFixed(3)}x: ${(nulls.filter((o) => o >= observed).length / nulls.length).toFixed(3)}`);
  }
  // How small the within-list spread must be for the offset to reach 1.25x with no list effect at all:
  // the list-centred log ratios shrunk by s, dealt at random, the median offset found by bisection on s.
  const centredLogs = centred.map(Math.log);
  const medianNull = (s: number) => {
    const rng = rngFromSeed(`list-offset/${by}/shrunk`);
    const xs = centredLogs.map((v) => Math.exp(s * v));
    return quantile(Array.from({ length: Math.min(args.permutations, 500) }, () => offsetOf(shuffled(xs, rng), sizes)), 0.5);
  };
  let lo = 0;
  let hi = 1;
  for (let step = 0; step < 14; step++) {
    const mid = (lo + hi) / 2;
    if (medianNull(mid) > 1.25) hi = mid;
    else lo = mid;
  }
  const shrunkCv = (s: number) => {
    let at = 0;
    const cvsAt: number[] = [];
    for (const size of sizes) {
      if (size >= 3) cvsAt.push(coefficientOfVariation(centredLogs.slice(at, at + size).map((v) => Math.exp(s * v))));
      at += size;
    }
    return medianOf(cvsAt);
  };
  out.push(`with no list effect, the offset's median reaches 1.25x when the within-list spread is ${lo.toFixed(3)} of this audit's: a within-list CV median of ${shrunkCv(lo).toFixed(3)} (now ${shrunkCv(1).toFixed(3)} with the list medians taken out)`);
  const logs = lists.map((l) => rowsOf.get(l)!.map((r) => Math.log(ratio(r, by))));
  const n = all.length;
  const k = lists.length;
  const grand = logs.flat().reduce((t, v) => t + v, 0) / n;
  const means = logs.map((xs) => xs.reduce((t, v) => t + v, 0) / xs.length);
  const ssb = logs.reduce((t, xs, i) => t + xs.length * (means[i]! - grand) ** 2, 0);
  const ssw = logs.reduce((t, xs, i) => t + xs.reduce((u, v) => u + (v - means[i]!) ** 2, 0), 0);
  const msb = ssb / (k - 1);
  const msw = ssw / (n - k);
  const n0 = (n - sizes.reduce((t, s) => t + s * s, 0) / n) / (k - 1);
  const between = Math.max(0, (msb - msw) / n0);
  out.push(`log ratio by list (one-way ANOVA): F = ${(msb / msw).toFixed(2)} on ${k - 1} and ${n - k} df; within-list sd ${Math.sqrt(msw).toFixed(3)}, between-list sd ${Math.sqrt(between).toFixed(3)} (n0 ${n0.toFixed(1)}), share of variance between lists ${(between / (between + msw)).toFixed(3)}`);
  // 4. Within-list spread by role.
  const dev = lists.flatMap((l) => rowsOf.get(l)!.map((r) => ({ r, d: Math.log(ratio(r, by) / medians.get(l)!) })));
  const total = dev.reduce((t, x) => t + x.d * x.d, 0);
  out.push('within-list spread by role: share of Σ log²(ratio ÷ list median), share of formations, median log(ratio ÷ list median)');
  const roles = [...new Set(dev.map((x) => x.r.role))].sort();
  for (const role of roles) {
    const of = dev.filter((x) => x.r.role === role);
    out.push(`  ${role.padEnd(20)} ${(of.reduce((t, x) => t + x.d * x.d, 0) / total).toFixed(3)}  ${(of.length / dev.length).toFixed(3)}  ${medianOf(of.map((x) => x.d)).toFixed(3).padStart(6)}`);
  }
  const worst = [...lists].sort((x, y) => cvs.get(y)! - cvs.get(x)!).slice(0, 6);
  out.push('the formations furthest from their list median in the six lists with the largest CV (ratio ÷ list median):');
  for (const l of worst) {
    const far = dev.filter((x) => x.r.army === l).sort((x, y) => Math.abs(y.d) - Math.abs(x.d)).slice(0, 4);
    out.push(`  ${l} (CV ${cvs.get(l)!.toFixed(3)}): ${far.map((x) => `${x.r.text.slice(l.length + 1)} [${x.r.role}] ${x.r.cost} → ${x.r[by].toFixed(0)} (${Math.exp(x.d).toFixed(2)})`).join('; ')}`);
  }
}
process.stdout.write(out.join('\n') + '\n');
