import type { ValueModel } from '../value/fixedPointCost.js';
import { MixRootSolver } from '../value/mixRootSolver.js';
import type { ParityMetric } from '../value/parityCost.js';

/**
 * Formations' fair costs by scene mix, each mix solved once for every
 * formation and kept (MixRootSolver, the same doubles as mixFairCost). A fair
 * cost under a mix depends on the formation and the mix only, not on the
 * costs a fit sees, so the held-out validation's folds, whose searches start
 * from the same mix and mostly take the same steps, share one: a fold's fit
 * reads the mixes an earlier fold tried instead of solving them again.
 *
 * A mix is known by its weights written out in full (String of a double
 * gives it back exactly), so two mixes share an entry only when every weight
 * is the same double.
 */
export class FairCostsByMix {
  private readonly solvers: MixRootSolver[];
  private readonly solved = new Map<string, Float64Array>();

  constructor(models: readonly ValueModel[], metric: ParityMetric) {
    this.solvers = models.map((m) => new MixRootSolver(m, metric));
  }

  /** Every formation's fair cost under w, in the models' order. */
  under(w: readonly number[]): Float64Array {
    const key = w.join(',');
    let costs = this.solved.get(key);
    if (costs === undefined) {
      costs = Float64Array.from(this.solvers, (s) => s.root(w));
      this.solved.set(key, costs);
    }
    return costs;
  }
}
