import { scenePlayedBy, type Battle } from '../../model/battle.js';
import type { FlyingKind } from '../../model/flyingKind.js';
import type { ValueModel } from '../value/fixedPointCost.js';
import type { ParityMetric } from '../value/parityCost.js';
import { linearPrediction } from '../../stats/linearPrediction.js';
import { medianOf } from '../../stats/medianOf.js';
import { ridgeRegression } from '../../stats/ridgeRegression.js';
import { blindSpots, type RoleBlindSpot } from './blindSpots.js';
import { RIDGE_LAMBDAS, INNER_FOLDS } from './chooseRidgeLambda.js';
import { foldMixes } from './foldMixes.js';
import { FORMATION_FEATURES } from './formationFeatures.js';
import type { FormationRole } from './formationRole.js';
import { heldOutRidge } from './heldOutRidge.js';
import { leaveOneListOut } from './leaveOneListOut.js';
import { predictionFigures, type PredictionFigures } from './predictionFigures.js';

/** A formation as the held-out validation sees it: its datasheet features and role, and its simulated scenes. */
export interface HeldOutInput {
  army: string;
  text: string;
  cost: number;
  kind: FlyingKind;
  warEngine: boolean;
  /** formationFeatures.ts, in FORMATION_FEATURES' order. */
  features: number[];
  role: FormationRole;
  /** The groups the simulation ran (FormationValue.model): any mix's fair cost follows from them. */
  model: ValueModel;
}

export type PredictorId = 'baseline' | 'simulation' | 'simulation-scaled' | 'baseline-with-simulation';

export interface Predictor {
  id: PredictorId;
  /** A few words for the table; `method` says how each was fitted. */
  label: string;
  figures: Partial<Record<FlyingKind, PredictionFigures>>;
}

export interface HeldOutValidation {
  protocol: 'leave-one-list-out';
  /** What was fitted to the costs, and how the held-out list was kept out of it. */
  method: string[];
  lists: number;
  features: readonly string[];
  /** The ridge penalties chosen in the folds (baseline; baseline with the simulation), as median and range. */
  lambda: { grid: number[]; baseline: [number, number, number]; withSimulation: [number, number, number] };
  /** The ground scenes' weights the folds fitted, by scene id, as median and range over the held-out lists. */
  sceneWeights: Record<string, [number, number, number]>;
  predictors: Predictor[];
  /** Ground formations: the baseline with the simulation's value as a feature, minus the baseline alone. */
  simulationAdds: { spearman: number; spearmanWithoutWarEngines: number; within25: number };
  blindSpots: RoleBlindSpot[];
  /** Every formation's held-out predictions, in points. */
  predictions: Array<{ army: string; text: string; kind: FlyingKind; role: FormationRole; cost: number } & Record<PredictorId, number>>;
}

const range = (xs: number[]): [number, number, number] => [medianOf(xs), Math.min(...xs), Math.max(...xs)];

/**
 * The audit's validation on held-out lists (issue 32, item 2): four
 * predictors of a formation's cost, each fitted leave-one-list-out
 * (leaveOneListOut.ts), so every list's predictions come from fits that never
 * saw that list's costs, and each judged by the same figures
 * (predictionFigures.ts):
 *
 * - baseline: ridge regression of log cost on the datasheet features
 *   (formationFeatures.ts), λ by inner cross-validation over lists;
 * - simulation: the fair cost under the battle's scenes, with the ground
 *   scenes' weights fitted to the other lists' costs (fitMix.ts, the search
 *   started from equal weights, since the battle's own weights may have been
 *   fitted to these very lists); aircraft and spacecraft keep their scenes'
 *   reasoned weights;
 * - simulation-scaled: that fair cost turned into points by a line
 *   log ĉ = a + b·log(fair cost) + (a shift for aircraft and one for
 *   spacecraft), least squares on the other lists;
 * - baseline-with-simulation: the baseline with log(fair cost) as one more
 *   feature (its value for training and held rows both from the fold's mix).
 *
 * A fair cost of 0 or ∞ (a formation that never destroys or never loses
 * anything in the scenes) takes, as a feature, the fold's smallest or largest
 * finite training value; as a prediction it stays unpredicted.
 */
export function heldOutValidation(rows: readonly HeldOutInput[], battle: Battle, metric: ParityMetric): HeldOutValidation {
  const lists = rows.map((r) => r.army);
  const costs = rows.map((r) => r.cost);
  const ground = battle.scenes.map((s) => scenePlayedBy(s.kind) === 'ground');
  const folds = foldMixes(rows, battle, metric);
  const simulated = (i: number, w: number[]) => folds.costsUnder(w)[i]!;
  /** log(fair cost) under the fold's mix for every row; a fair cost of 0 or ∞ (or 0/0) takes the training rows' smallest, largest (or median) finite value. */
  const logSimulated = (train: number[], w: number[]) => {
    const logs = rows.map((_, i) => Math.log(simulated(i, w)));
    const finite = train.map((i) => logs[i]!).filter(Number.isFinite);
    const lo = Math.min(...finite);
    const hi = Math.max(...finite);
    return logs.map((v) => (Number.isNaN(v) ? medianOf(finite) : v === Infinity ? hi : v === -Infinity ? lo : v));
  };
  const x = rows.map((r) => r.features);
  const lambdas = { baseline: [] as number[], withSimulation: [] as number[] };

  const baseline = leaveOneListOut(lists, costs, (train, held, visible) => {
    const fit = heldOutRidge(x, visible.map(Math.log), lists, train, held);
    lambdas.baseline.push(fit.lambda);
    return fit.predictions;
  });
  const simulation = leaveOneListOut(lists, costs, (train, held, visible, list) => {
    const w = folds.mixOf(train, visible, list);
    return held.map((i) => simulated(i, w));
  });
  const scaled = leaveOneListOut(lists, costs, (train, held, visible, list) => {
    const s = logSimulated(train, folds.mixOf(train, visible, list));
    const line = (i: number) => [s[i]!, rows[i]!.kind === 'aircraft' ? 1 : 0, rows[i]!.kind === 'spacecraft' ? 1 : 0];
    const model = ridgeRegression(train.map(line), train.map((i) => Math.log(visible[i]!)), 0);
    return held.map((i) => Math.exp(linearPrediction(model, line(i))));
  });
  const combined = leaveOneListOut(lists, costs, (train, held, visible, list) => {
    const s = logSimulated(train, folds.mixOf(train, visible, list));
    const fit = heldOutRidge(rows.map((r, i) => [...r.features, s[i]!]), visible.map(Math.log), lists, train, held);
    lambdas.withSimulation.push(fit.lambda);
    return fit.predictions;
  });

  const figures = (p: number[]) => predictionFigures(rows.map((r, i) => ({ army: r.army, kind: r.kind, warEngine: r.warEngine, cost: r.cost, predicted: p[i]! })));
  const predictors: Predictor[] = [
    { id: 'baseline', label: 'datasheet baseline (no simulation)', figures: figures(baseline) },
    { id: 'simulation', label: 'simulation: fair cost, scene weights held out', figures: figures(simulation) },
    { id: 'simulation-scaled', label: 'simulation scaled to points by a held-out line', figures: figures(scaled) },
    { id: 'baseline-with-simulation', label: 'baseline + the simulation as a feature', figures: figures(combined) },
  ];
  const g = (id: PredictorId) => predictors.find((p) => p.id === id)!.figures.ground;
  const base = g('baseline');
  const both = g('baseline-with-simulation');
  return {
    protocol: 'leave-one-list-out',
    method: [
      `Leave-one-list-out over ${new Set(lists).size} lists: each list's predictions come from fits made with that list's costs hidden (a test poisons one list's costs and checks its predictions do not move).`,
      `Baseline: ridge regression of log cost on ${FORMATION_FEATURES.length} standardized datasheet features (units, speed, armour, CC, FF, expected hits at 30 and 60 cm, barrage, macro-weapons, damage capacity, abilities as flags; formationFeatures.ts), λ from {${RIDGE_LAMBDAS.join(', ')}} by ${INNER_FOLDS}-fold cross-validation over the training lists.`,
      'Simulation: the ground scenes\' weights refitted for each held-out list on the other lists\' costs (fitMix.ts, from equal weights); the battle\'s own weights are not used, since they may have been fitted to these lists. Aircraft and spacecraft scenes keep their reasoned weights.',
      'Scaled: log cost = a + b·log fair cost (+ a shift for aircraft and for spacecraft), least squares on the other lists. With the simulation: the baseline plus log fair cost as a feature, same protocol.',
      'No fit here reads the held-out list\'s costs, and the simulation\'s fair cost reads no cost at all (the fixed point: docs/fair-cost.md#the-fair-cost-a-fixed-point-that-never-reads-the-cost).',
    ],
    lists: new Set(lists).size,
    features: FORMATION_FEATURES,
    lambda: { grid: RIDGE_LAMBDAS, baseline: range(lambdas.baseline), withSimulation: range(lambdas.withSimulation) },
    sceneWeights: Object.fromEntries(battle.scenes.flatMap((s, k) => (ground[k] ? [[s.id, range([...folds.mixes.values()].map((w) => w[k]!))]] : []))),
    predictors,
    simulationAdds: {
      spearman: (both?.spearman ?? NaN) - (base?.spearman ?? NaN),
      spearmanWithoutWarEngines: (both?.spearmanWithoutWarEngines ?? NaN) - (base?.spearmanWithoutWarEngines ?? NaN),
      within25: (both?.within25 ?? NaN) - (base?.within25 ?? NaN),
    },
    blindSpots: blindSpots(rows.map((r, i) => ({ text: r.text, role: r.role, cost: r.cost, simulation: scaled[i]!, baseline: baseline[i]! }))),
    predictions: rows.map((r, i) => ({ army: r.army, text: r.text, kind: r.kind, role: r.role, cost: r.cost, baseline: baseline[i]!, simulation: simulation[i]!, 'simulation-scaled': scaled[i]!, 'baseline-with-simulation': combined[i]! })),
  };
}
