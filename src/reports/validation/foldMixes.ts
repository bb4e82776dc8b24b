import { scenePlayedBy, type Battle } from '../../model/battle.js';
import type { FlyingKind } from '../../model/flyingKind.js';
import { fitMix } from '../audit/fitMix.js';
import type { ValueModel } from '../value/fixedPointCost.js';
import type { ParityMetric } from '../value/parityCost.js';
import { FairCostsByMix } from './fairCostsByMix.js';

/** A row the scene weights are refitted on: its list, its kind and its fair cost's model. */
export interface FoldMixRow {
  army: string;
  kind: FlyingKind;
  model: ValueModel;
}

/** The scene weights of each leave-one-list-out fold, and every row's fair cost under a mix. */
export interface FoldMixes {
  /** The fold's mix: the ground scenes' weights fitted on the training rows' visible costs, once per held-out list. */
  mixOf(train: readonly number[], visible: readonly number[], list: string): number[];
  /** Every row's fair cost under `mix`, solved once per mix (fairCostsByMix.ts). */
  costsUnder(mix: number[]): Float64Array;
  /** The mixes fitted so far, by held-out list. */
  readonly mixes: ReadonlyMap<string, number[]>;
}

/**
 * The scene weights refitted with each list held out: every fold fits the ground rows' mix
 * (fitMix.ts) from the same start, equal ground weights (the battle's own may have been fitted to
 * these costs), on the training rows' visible costs only; each mix's fair costs are solved once
 * for all the folds.
 */
export function foldMixes(rows: readonly FoldMixRow[], battle: Battle, metric: ParityMetric): FoldMixes {
  const ground = battle.scenes.map((s) => scenePlayedBy(s.kind) === 'ground');
  const groundScenes = ground.filter(Boolean).length;
  const start: Battle = { ...battle, scenes: battle.scenes.map((s, i) => (ground[i] ? { ...s, weight: 1 / groundScenes } : s)) };
  const groundRows = rows.flatMap((r, i) => (r.kind === 'ground' ? [i] : []));
  const groundAt = new Map(groundRows.map((i, k) => [i, k]));
  const groundCosts = new FairCostsByMix(groundRows.map((i) => rows[i]!.model), metric);
  const allCosts = new FairCostsByMix(rows.map((r) => r.model), metric);
  const mixes = new Map<string, number[]>();
  return {
    mixes,
    costsUnder: (mix) => allCosts.under(mix),
    mixOf(train, visible, list) {
      let w = mixes.get(list);
      if (w === undefined) {
        const fitted = train.filter((i) => rows[i]!.kind === 'ground');
        const fitRows = fitted.map((i) => ({ army: rows[i]!.army, cost: visible[i]!, model: rows[i]!.model }));
        const at = Int32Array.from(fitted, (i) => groundAt.get(i)!);
        w = fitMix(fitRows, start, metric, (mix) => {
          const all = groundCosts.under(mix);
          return Float64Array.from(at, (k) => all[k]!);
        }).weights;
        mixes.set(list, w);
      }
      return w;
    },
  };
}
