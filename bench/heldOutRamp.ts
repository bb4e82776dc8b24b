import { readFileSync } from 'node:fs';
import { scenePlayedBy, type Battle } from '../src/model/battle.js';
import { battleFieldOf } from '../src/model/battleField.js';
import { loadBattle } from '../src/model/loadBattle.js';
import { loadDataset } from '../src/model/loadDataset.js';
import { auditEntries, auditLists } from '../src/reports/audit/auditEntries.js';
import { fitMix } from '../src/reports/audit/fitMix.js';
import { FairCostsByMix } from '../src/reports/validation/fairCostsByMix.js';
import { formationFeatures } from '../src/reports/validation/formationFeatures.js';
import { heldOutRidge } from '../src/reports/validation/heldOutRidge.js';
import { leaveOneListOut } from '../src/reports/validation/leaveOneListOut.js';
import { predictionFigures } from '../src/reports/validation/predictionFigures.js';
import { initiativeChances } from '../src/reports/value/initiativeChances.js';
import type { FormationValue } from '../src/reports/value/formationValue.js';
import { linearPrediction } from '../src/stats/linearPrediction.js';
import { medianOf } from '../src/stats/medianOf.js';
import { ridgeRegression } from '../src/stats/ridgeRegression.js';
import { restoreInfinity, type AuditPartial } from '../src/cli/audit.js';
import type { FormationSpec } from '../src/model/formation.js';
import { battleStagingOf } from '../src/scenarios/registry.js';

/**
 * `node dist/bench/heldOutRamp.js --data <TP checkout> --partial <file> --battle <file> --ramps 15,30,60,none,30/foot,60/reach`:
 * the speed initiative's ramp (speedInitiative.ts; "none": the plays alternate; "/foot" after a ramp:
 * each formation at its slowest unit's own speed, its transports left out, as rejudgeAudit.ts
 * --transports foot; "/reach" after a ramp: the reach initiative, formationReach.ts; "/indirect": the reach
 * initiative counting indirect fire only, indirectReach in formationReach.ts; "/charge": the speed
 * initiative on how far off a formation can charge, an infiltrator's doubled, chargeSpeed.ts) chosen
 * leave-one-list-out together with the scene weights. For every held-out list and every ramp,
 * the ground scenes' weights are fitted on the other lists (fitMix.ts, from equal weights, as
 * heldOutValidation.ts fits them) and the ramp with the lowest training loss is that fold's;
 * the held-out list is then predicted under that ramp and mix, unscaled, scaled by a held-out
 * line, and as a feature of the datasheet baseline. Nothing is simulated: the groups are the
 * partial's (one `audit --chunks 0-<last>` piece), as in rejudgeAudit.ts.
 */

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  if (i < 0 || i + 1 >= argv.length) throw new Error(`heldOutRamp: expected ${name} <value>`);
  return argv[i + 1]!;
};
const variants = arg('--ramps').split(',').map((r) => {
  const [ramp, transports = 'ride'] = r.split('/');
  if (transports !== 'ride' && transports !== 'foot' && transports !== 'reach' && transports !== 'indirect' && transports !== 'charge') throw new Error(`heldOutRamp: "${r}": expected a ramp, "none", or a ramp followed by /ride, /foot, /reach, /indirect or /charge`);
  return { name: r, ramp: ramp === 'none' ? null : Number(ramp), transports };
});
const ramps = variants.map((v) => v.name);
/** A formation's slowest unit's own speed, markers (type Special) left out: formationSpeed.ts without the transports. */
const footSpeed = (f: FormationSpec) => {
  const slowest = Math.min(...f.units.flatMap((ru) => (ru.unit.type === 'Special' ? [] : [ru.unit.speed])));
  return Number.isFinite(slowest) ? slowest : 0;
};
const neteaStaging = battleStagingOf(undefined);
const partialText = readFileSync(arg('--partial'), 'utf8');
const loaded = loadBattle(arg('--battle'));
const data = loadDataset(arg('--data'));
const entries = auditEntries(data, auditLists(data));
const audited = entries.filter((e) => e.spec !== undefined);
const field = battleFieldOf(data, loaded, 'heldOutRamp').specs;
const judged = audited.flatMap((e, i) => (e.variantOf !== undefined ? [] : [i]));
const rows = judged.map((i) => ({ army: audited[i]!.army, cost: audited[i]!.cost!, kind: audited[i]!.kind ?? 'ground', warEngine: audited[i]!.warEngine, features: formationFeatures(audited[i]!.spec!, audited[i]!.kind ?? 'ground') }));
const lists = rows.map((r) => r.army);
const costs = rows.map((r) => r.cost);
const listIds = [...new Set(lists)].sort();
const ground = loaded.battle.scenes.map((s) => scenePlayedBy(s.kind) === 'ground');
const k = ground.filter(Boolean).length;
const start: Battle = { ...loaded.battle, scenes: loaded.battle.scenes.map((s, i) => (ground[i] ? { ...s, weight: 1 / k } : s)) };

/** Per ramp, per held-out list: the training loss of its fitted mix and every row's fair cost under that mix. */
const byRamp = variants.map(({ name, ramp, transports }) => {
  const staging = transports === 'foot' ? { ...neteaStaging, formationSpeed: footSpeed } : neteaStaging;
  const partial = JSON.parse(partialText, restoreInfinity) as AuditPartial;
  const values: FormationValue[] = partial.values;
  const battle: Battle = ramp === null ? { ...loaded.battle, initiative: { value: 'alternate', why: 'the plays alternate' } } : transports === 'reach' || transports === 'indirect' ? { ...loaded.battle, initiative: { value: 'reach', ramp, reachBy: transports === 'reach' ? 'any-fire' : 'indirect-fire', why: 'the formation with the longer reach chooses the fight' } } : { ...loaded.battle, initiative: { value: 'speed', ramp, ...(transports === 'charge' ? { speedBy: 'charge' as const } : {}), why: 'the faster formation chooses the fight' } };
  values.forEach((v, i) => {
    const met = v.model.opponents.map((o) => field.find((s) => s.text === o.opponent)!);
    const chances = initiativeChances(audited[i]!.spec!, met, battle, v.kind, staging);
    v.model.opponents.forEach((o, j) => (o.firstChance = chances[j]!));
  });
  const models = judged.map((i) => values[i]!.model);
  const metric = values[0]!.metric;
  const groundRows = rows.flatMap((r, i) => (r.kind === 'ground' ? [i] : []));
  const groundCosts = new FairCostsByMix(groundRows.map((i) => models[i]!), metric);
  const allCosts = new FairCostsByMix(models, metric);
  const folds = new Map<string, { loss: number; costs: Float64Array }>();
  for (const list of listIds) {
    const fitted = groundRows.filter((i) => lists[i] !== list);
    const at = Int32Array.from(fitted, (i) => groundRows.indexOf(i));
    const fit = fitMix(fitted.map((i) => ({ army: lists[i]!, cost: costs[i]!, model: models[i]! })), start, metric, (mix) => {
      const all = groundCosts.under(mix);
      return Float64Array.from(at, (j) => all[j]!);
    });
    folds.set(list, { loss: fit.loss, costs: Float64Array.from(allCosts.under(fit.weights)) });
  }
  // Half A (alternate lists in id order, as the reference battle's weights were fitted): the ramp a battle file would be given.
  const halfA = groundRows.filter((i) => listIds.indexOf(lists[i]!) % 2 === 0);
  const atA = Int32Array.from(halfA, (i) => groundRows.indexOf(i));
  const fitA = fitMix(halfA.map((i) => ({ army: lists[i]!, cost: costs[i]!, model: models[i]! })), start, metric, (mix) => {
    const all = groundCosts.under(mix);
    return Float64Array.from(atA, (j) => all[j]!);
  });
  process.stderr.write(`ramp ${name}: half A loss ${fitA.loss.toFixed(5)}, weights ${fitA.weights.map((w) => w.toFixed(3)).join(' ')}\n`);
  process.stderr.write(`ramp ${name} done\n`);
  return folds;
});

const chosen = new Map(listIds.map((list) => {
  let best = 0;
  byRamp.forEach((f, r) => (f.get(list)!.loss < byRamp[best]!.get(list)!.loss ? (best = r) : 0));
  return [list, best];
}));
const logOf = (f: Float64Array, train: number[]) => {
  const logs = Array.from(f, Math.log);
  const finite = train.map((i) => logs[i]!).filter(Number.isFinite);
  const lo = Math.min(...finite), hi = Math.max(...finite);
  return logs.map((v) => (Number.isNaN(v) ? medianOf(finite) : v === Infinity ? hi : v === -Infinity ? lo : v));
};
const predict = (pick: (list: string) => number) => {
  const f = (list: string) => byRamp[pick(list)]!.get(list)!.costs;
  const simulation = leaveOneListOut(lists, costs, (_t, held, _v, list) => held.map((i) => f(list)[i]!));
  const scaled = leaveOneListOut(lists, costs, (train, held, visible, list) => {
    const s = logOf(f(list), train);
    const line = (i: number) => [s[i]!, rows[i]!.kind === 'aircraft' ? 1 : 0, rows[i]!.kind === 'spacecraft' ? 1 : 0];
    const model = ridgeRegression(train.map(line), train.map((i) => Math.log(visible[i]!)), 0);
    return held.map((i) => Math.exp(linearPrediction(model, line(i))));
  });
  const combined = leaveOneListOut(lists, costs, (train, held, visible, list) => {
    const s = logOf(f(list), train);
    return heldOutRidge(rows.map((r, i) => [...r.features, s[i]!]), visible.map(Math.log), lists, train, held).predictions;
  });
  return { simulation, scaled, combined };
};
const line = (name: string, p: number[]) => {
  const g = predictionFigures(rows.map((r, i) => ({ army: r.army, kind: r.kind, warEngine: r.warEngine, cost: r.cost, predicted: p[i]! }))).ground!;
  return `${name.padEnd(40)}Spearman ${g.spearman.toFixed(3)}  w/o WE ${g.spearmanWithoutWarEngines.toFixed(3)}  ±25% ${(100 * g.within25).toFixed(1)}%  CV ${g.listCvMedian.toFixed(3)}  offset ${g.listOffset.toFixed(2)}x`;
};
const out: string[] = [`ramps ${ramps.join(', ')}; chosen per held-out list: ${ramps.map((r, j) => `${r} ×${[...chosen.values()].filter((c) => c === j).length}`).join(', ')}`];
ramps.forEach((r, j) => {
  const p = predict(() => j);
  out.push(line(`ramp ${r}: fair cost`, p.simulation), line(`ramp ${r}: scaled`, p.scaled), line(`ramp ${r}: baseline + simulation`, p.combined));
});
const p = predict((list) => chosen.get(list)!);
out.push(line('ramp chosen per fold: fair cost', p.simulation), line('ramp chosen per fold: scaled', p.scaled), line('ramp chosen per fold: baseline + simulation', p.combined));
out.push(`training loss by ramp (median over folds): ${ramps.map((r, j) => `${r} ${medianOf(listIds.map((l) => byRamp[j]!.get(l)!.loss)).toFixed(4)}`).join(', ')}`);
process.stdout.write(out.join('\n') + '\n');
