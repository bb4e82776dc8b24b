import { readFileSync, writeFileSync } from 'node:fs';
import { loadBattle } from '../src/model/loadBattle.js';
import { loadDataset } from '../src/model/loadDataset.js';
import { battleFieldOf } from '../src/model/battleField.js';
import { auditEntries, auditLists } from '../src/reports/audit/auditEntries.js';
import { fitLines, fitReport, fittedBattle } from '../src/reports/audit/fitReport.js';
import { auditHeldOut } from '../src/reports/validation/auditHeldOut.js';
import { initiativeChances } from '../src/reports/value/initiativeChances.js';
import type { FormationValue } from '../src/reports/value/formationValue.js';
import { restoreInfinity, type AuditPartial } from '../src/cli/audit.js';
import type { Battle } from '../src/model/battle.js';
import type { FormationSpec } from '../src/model/formation.js';
import { battleStagingOf } from '../src/scenarios/registry.js';
import { foldMixes } from '../src/reports/validation/foldMixes.js';
import { leaveOneListOut } from '../src/reports/validation/leaveOneListOut.js';
import { predictionFigures } from '../src/reports/validation/predictionFigures.js';
import { solveLinearSystem } from '../src/stats/solveLinearSystem.js';
import { medianOf } from '../src/stats/medianOf.js';

/**
 * `node dist/bench/rejudgeAudit.js --data <TP checkout> --partial <file> --battle <file> [--save <file>] [--lines] [--transports ride|foot] [--drop-scenes <id,...>] [--fit A|B [--fit-out <file>]]`:
 * the held-out validation of a whole audit's simulated groups (the partial result of one
 * `audit --chunks 0-<last>` piece) under another battle that plays the same scenes against the
 * same field, differing only in how the plays are combined (its `initiative`) or its weights:
 * nothing is simulated again. Each formation's chance of the better play against each
 * opponent is recomputed from the new battle (initiativeChances.ts) and the held-out
 * validation (auditHeldOut.ts) runs on the cached groups.
 *
 * It is a screening tool, not the audit: the audit under the new battle would spend its
 * trials by need where the new mixture puts its weight, and would simulate a group a root
 * moved next to; here a root beyond the groups simulated takes the nearest group's meetings.
 * A change that looks right here is confirmed by the whole audit under its battle.
 *
 * `--drop-scenes` takes scenes out of the battle and of every formation's groups before judging:
 * the audit's battle with fewer scenes, so that one audit of a battle with several new scenes
 * screens each of them (the air-raid scenes, docs/fair-cost.md). `--fit` fits the battle's ground
 * scene weights to half A or B of the lists as `audit --fit` does (fitReport.ts), on the groups
 * simulated, and `--fit-out` writes the battle with them.
 */

interface Args {
  data: string;
  partial: string;
  battle: string;
  save?: string;
  /** Also judge lines with an intercept in points (issue 32's idea 4), fitted leave-one-list-out. */
  lines: boolean;
  /**
   * `foot`: under the speed initiative, a formation moves at its slowest unit's own speed, its
   * transports' left out (formationSpeed.ts gives passengers their transport's, RB 1.7.5): a
   * screen of how much of v5's gain for the "plus transport" formations the Tournament Pack's
   * costs bear out. `ride` (the default) is formationSpeed.ts.
   */
  transports: 'ride' | 'foot';
  /** Scene ids taken out of the battle and of every formation's simulated groups. */
  dropScenes: string[];
  fit?: 'A' | 'B';
  fitOut?: string;
}

function parseArgs(argv: string[]): Args {
  const a: Partial<Args> = { lines: false, transports: 'ride', dropScenes: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data') a.data = argv[++i];
    else if (arg === '--partial') a.partial = argv[++i];
    else if (arg === '--battle') a.battle = argv[++i];
    else if (arg === '--save') a.save = argv[++i];
    else if (arg === '--lines') a.lines = true;
    else if (arg === '--transports') {
      const t = argv[++i];
      if (t !== 'ride' && t !== 'foot') throw new Error(`rejudgeAudit: expected --transports ride or foot, got "${t}"`);
      a.transports = t;
    }
    else if (arg === '--fit') {
      const h = argv[++i];
      if (h !== 'A' && h !== 'B') throw new Error(`rejudgeAudit: expected --fit A or B, got "${h}"`);
      a.fit = h;
    } else if (arg === '--fit-out') a.fitOut = argv[++i];
    else if (arg === '--drop-scenes') a.dropScenes = (argv[++i] ?? '').split(',').filter((s) => s !== '');
    else throw new Error(`rejudgeAudit: unknown argument "${arg}" (expected --data, --partial, --battle, --save, --lines, --transports ride|foot, --drop-scenes <id,...>)`);
  }
  if (a.data === undefined || a.partial === undefined || a.battle === undefined) throw new Error('rejudgeAudit: expected --data <checkout> --partial <file> --battle <file>');
  return a as Args;
}

const args = parseArgs(process.argv.slice(2));
const partial = JSON.parse(readFileSync(args.partial, 'utf8'), restoreInfinity) as AuditPartial;
if (partial.range.first !== 0 || partial.range.last !== partial.audited - 1) throw new Error(`rejudgeAudit: ${args.partial} holds formations ${partial.range.first}-${partial.range.last} of ${partial.audited}; give one piece covering every formation`);
const loaded = loadBattle(args.battle);
const kept = loaded.battle.scenes.flatMap((s, i) => (args.dropScenes.includes(s.id) ? [] : [i]));
for (const id of args.dropScenes) if (!loaded.battle.scenes.some((s) => s.id === id)) throw new Error(`rejudgeAudit: --drop-scenes: the battle has no scene "${id}"`);
loaded.battle.scenes = kept.map((i) => loaded.battle.scenes[i]!);
loaded.battle.alternatives = loaded.battle.alternatives.map((a) => ({ ...a, weights: Object.fromEntries(Object.entries(a.weights).filter(([id]) => !args.dropScenes.includes(id))) }));
const data = loadDataset(args.data);
const entries = auditEntries(data, auditLists(data));
const audited = entries.filter((e) => e.spec !== undefined);
if (audited.length !== partial.audited) throw new Error(`rejudgeAudit: the data set has ${audited.length} audited formations, the partial ${partial.audited}`);
const field = battleFieldOf(data, loaded, 'rejudgeAudit').specs;
/** A formation's slowest unit's own speed, markers (type Special) left out: formationSpeed.ts without the transports. */
const footSpeed = (f: FormationSpec) => {
  const slowest = Math.min(...f.units.flatMap((ru) => (ru.unit.type === 'Special' ? [] : [ru.unit.speed])));
  return Number.isFinite(slowest) ? slowest : 0;
};
const neteaStaging = battleStagingOf(undefined);
const staging = args.transports === 'foot' ? { ...neteaStaging, formationSpeed: footSpeed } : neteaStaging;
const values: FormationValue[] = partial.values;
// The dropped scenes' plays leave every model, and the plays kept point at their scene's new index.
for (const v of values) {
  const keep = v.model.slots.flatMap((s, j) => (kept.includes(s.scene) ? [j] : []));
  v.model.slots = keep.map((j) => ({ ...v.model.slots[j]!, scene: kept.indexOf(v.model.slots[j]!.scene) }));
  for (const o of v.model.opponents) for (const g of o.groups) g.sums = keep.map((j) => g.sums[j]!);
}
values.forEach((v, i) => {
  const spec = audited[i]!.spec!;
  if (v.text !== spec.text) throw new Error(`rejudgeAudit: formation ${i} is ${v.text} in the partial, ${spec.text} in the data set`);
  const met = v.model.opponents.map((o) => {
    const f = field.find((s) => s.text === o.opponent);
    if (f === undefined) throw new Error(`rejudgeAudit: opponent ${o.opponent} of ${v.text} is not in the battle's field`);
    return f;
  });
  const chances = initiativeChances(spec, met, loaded.battle, v.kind, staging);
  v.model.opponents.forEach((o, k) => (o.firstChance = chances[k]!));
});
const started = performance.now();
const heldOut = auditHeldOut(entries, values, loaded.battle, values[0]!.metric);
if ('notRun' in heldOut) throw new Error(heldOut.notRun);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const out: string[] = [`battle ${loaded.battle.name} v${loaded.battle.version} (${args.battle}${args.dropScenes.length > 0 ? `, without ${args.dropScenes.join(', ')}` : ''}), initiative ${JSON.stringify(loaded.battle.initiative.value)}${loaded.battle.initiative.ramp !== undefined ? ` ramp ${loaded.battle.initiative.ramp}` : ''}, transports ${args.transports}; groups from ${args.partial}; validation ${((performance.now() - started) / 1000).toFixed(1)} s`];
for (const kind of ['ground', 'aircraft'] as const) {
  for (const p of heldOut.predictors) {
    const f = p.figures[kind];
    if (f === undefined) continue;
    out.push(`${kind.padEnd(9)}${p.id.padEnd(26)}n ${String(f.formations).padStart(3)}  Spearman ${f.spearman.toFixed(3)}  w/o WE ${f.spearmanWithoutWarEngines.toFixed(3)}  ±25% ${pct(f.within25).padStart(6)}  CV ${f.listCvMedian.toFixed(3)}  offset ${f.listOffset.toFixed(2)}x`);
  }
}
out.push(`simulation adds: Spearman ${heldOut.simulationAdds.spearman.toFixed(3)}, without war engines ${heldOut.simulationAdds.spearmanWithoutWarEngines.toFixed(3)}, within ±25% ${pct(heldOut.simulationAdds.within25)}`);
out.push(`scene weights: ${Object.entries(heldOut.sceneWeights).map(([id, [m]]) => `${id} ${m.toFixed(3)}`).join(', ')}`);
out.push('blind spots (scaled simulation ÷ baseline):');
for (const b of heldOut.blindSpots) out.push(`  ${b.role.padEnd(20)}${String(b.formations).padStart(4)}  ${b.simulationOverBaseline.toFixed(2)}x  nearer ${pct(b.simulationNearer)}  against cost ${b.againstCost.simulation.toFixed(2)}x ${pct(b.againstCost.simulationWithin25).padStart(6)} / baseline ${b.againstCost.baseline.toFixed(2)}x ${pct(b.againstCost.baselineWithin25).padStart(6)}  most apart +${b.mostApart.higher} -${b.mostApart.lower}`);
if (args.lines) {
  for (const id of ['baseline', 'simulation', 'simulation-scaled'] as const) {
    out.push(`${'ground'.padEnd(9)}${id.padEnd(33)}by cost: ${costBands(heldOut.predictions.filter((p) => p.kind === 'ground').map((p) => ({ cost: p.cost, predicted: p[id] })))}`);
  }
  out.push(...interceptLines(loaded.battle));
}
process.stdout.write(out.join('\n') + '\n');
if (args.save !== undefined) writeFileSync(args.save, JSON.stringify(heldOut, null, 2) + '\n');
if (args.fit !== undefined) {
  const fit = fitReport(entries, values, loaded.battle, values[0]!.metric, args.fit);
  process.stdout.write(fitLines(fit).join('\n') + '\n');
  if (args.fitOut !== undefined) writeFileSync(args.fitOut, JSON.stringify(fittedBattle(loaded.battle, fit, data.id), null, 2) + '\n');
}

/**
 * A predictor by cost band (below 150, 150 to 250, 250 to 400, 400 to 700, 700 and more points):
 * each band's count, median prediction ÷ cost and share within ±25%. A line fitted by least
 * squares of log cost on a noisy log prediction has a slope below 1 (attenuation), which lifts the
 * cheapest formations and sinks the dearest: this shows it.
 */
function costBands(rows: ReadonlyArray<{ cost: number; predicted: number }>): string {
  const edges = [0, 150, 250, 400, 700, Infinity];
  return edges.slice(0, -1).map((lo, b) => {
    const of = rows.filter((r) => r.cost >= lo && r.cost < edges[b + 1]! && Number.isFinite(r.predicted) && r.predicted > 0);
    const within = of.filter((r) => r.predicted >= 0.75 * r.cost && r.predicted <= 1.25 * r.cost).length / of.length;
    return `${lo}+ (${of.length}) ${medianOf(of.map((r) => r.predicted / r.cost)).toFixed(2)}x ${(100 * within).toFixed(0)}%`;
  }).join(', ');
}

/**
 * The simulation's fair cost f turned into points by a line with an intercept, ĉ = a + b·f
 * (one intercept more for aircraft), fitted on the other lists under each fold's scene mix
 * (refitted here as heldOutValidation.ts fits it: from equal ground weights): by least squares
 * in points, and by least squares relative to the cost (weights 1/c², the error a ±25% share
 * counts); and the fair cost times one rate (log ĉ = log f + a, slope held at 1, so no attenuation).
 * Spacecraft are left out (their own line would have 33 rows).
 */
function interceptLines(battle: Battle): string[] {
  const rows = audited.flatMap((e, i) => (e.variantOf !== undefined || e.kind === 'spacecraft' ? [] : [{ army: e.army, cost: e.cost!, kind: e.kind ?? 'ground', warEngine: e.warEngine, model: values[i]!.model }]));
  const lists = rows.map((r) => r.army);
  const costs = rows.map((r) => r.cost);
  const folds = foldMixes(rows, battle, values[0]!.metric);
  const line = (relative: boolean) =>
    leaveOneListOut(lists, costs, (train, held, visible, list) => {
      const f = folds.costsUnder(folds.mixOf(train, visible, list));
      const usable = train.filter((i) => Number.isFinite(f[i]!) && f[i]! > 0);
      // Columns: 1, f, and for aircraft their own intercept and slope.
      const x = (i: number) => [1, f[i]!, rows[i]!.kind === 'aircraft' ? 1 : 0, rows[i]!.kind === 'aircraft' ? f[i]! : 0];
      // Weighted least squares, weight 1/c² when relative: the normal equations Σ w·x·xᵀ β = Σ w·x·c.
      const p = x(0).length;
      const gram = Array.from({ length: p }, () => new Array<number>(p).fill(0));
      const rhs = new Array<number>(p).fill(0);
      for (const i of usable) {
        const xi = x(i);
        const w = relative ? 1 / visible[i]! ** 2 : 1;
        for (let a = 0; a < p; a++) {
          rhs[a]! += w * xi[a]! * visible[i]!;
          for (let b = 0; b < p; b++) gram[a]![b]! += w * xi[a]! * xi[b]!;
        }
      }
      const beta = solveLinearSystem(gram, rhs);
      return held.map((i) => (Number.isFinite(f[i]!) && f[i]! > 0 ? x(i).reduce((t, v, j) => t + v * beta[j]!, 0) : NaN));
    });
  // log ĉ = log f + a (a shift of its own for aircraft): the fair cost times one rate, a the training rows' mean log(c/f), slope held at 1.
  const rate = leaveOneListOut(lists, costs, (train, held, visible, list) => {
    const f = folds.costsUnder(folds.mixOf(train, visible, list));
    const shift = (kind: string) => {
      const of = train.filter((i) => rows[i]!.kind === kind && Number.isFinite(f[i]!) && f[i]! > 0);
      return of.reduce((t, i) => t + Math.log(visible[i]! / f[i]!), 0) / of.length;
    };
    const a = { ground: shift('ground'), aircraft: shift('aircraft') };
    return held.map((i) => (Number.isFinite(f[i]!) && f[i]! > 0 ? f[i]! * Math.exp(rows[i]!.kind === 'aircraft' ? a.aircraft : a.ground) : NaN));
  });
  const out: string[] = [];
  const lines: Array<[string, number[]]> = [['a + b·f, points least squares', line(false)], ['a + b·f, relative least squares', line(true)], ['k·f, k = exp(mean log(c/f))', rate]];
  for (const [name, p] of lines) {
    const figs = predictionFigures(rows.map((r, i) => ({ army: r.army, kind: r.kind, warEngine: r.warEngine, cost: r.cost, predicted: p[i]! })));
    out.push(`${'ground'.padEnd(9)}${name.padEnd(33)}by cost: ${costBands(rows.flatMap((r, i) => (r.kind === 'ground' ? [{ cost: r.cost, predicted: p[i]! }] : [])))}`);
    for (const kind of ['ground', 'aircraft'] as const) {
      const g = figs[kind];
      if (g !== undefined) out.push(`${kind.padEnd(9)}${name.padEnd(33)}n ${String(g.formations).padStart(3)}  Spearman ${g.spearman.toFixed(3)}  w/o WE ${g.spearmanWithoutWarEngines.toFixed(3)}  ±25% ${(100 * g.within25).toFixed(1)}%  CV ${g.listCvMedian.toFixed(3)}  offset ${g.listOffset.toFixed(2)}x`);
    }
  }
  return out;
}
