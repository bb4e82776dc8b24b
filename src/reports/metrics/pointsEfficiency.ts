import { TRIALS, type TallyLayout } from '../../sim/ruleset.js';
import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { Mean } from '../aggregate.js';
import { momentIndex, type Moments, type TrialVariable } from '../../run/moments.js';
import { covarianceOfMeans } from '../../stats/covarianceOfMeans.js';
import { fiellerInterval } from '../../stats/fiellerInterval.js';
import { varianceOfMean } from '../../stats/varianceOfMean.js';
import { Z95 } from '../../stats/z95.js';

/** A ratio of two means with its 95% Fieller interval. */
export interface Ratio {
  estimate: number;
  ci95: [number, number];
  /**
   * `measured`: the covariance of numerator and denominator came from per-trial
   * cross sums. `bound`: it was not available and the interval takes the worst
   * case allowed by Cauchy–Schwarz (cov = −sd·sd), so it is conservative.
   */
  covariance: 'measured' | 'bound';
}

/** Points efficiency of one side of a script, at its last record. */
export interface SideEfficiency {
  side: 0 | 1;
  /** Formations of the side that shoot or fight an assault in the script. */
  acting: number[];
  /** Their total cost, or null when one of them has no points cost. */
  points: number | null;
  /** Enemy points destroyed per trial; null when an enemy formation has no points cost. */
  pointsDestroyed: Mean | null;
  /** Enemy points destroyed per 100 points of the acting formations. */
  per100: Mean | null;
  /** Own points lost per trial. */
  pointsLost: Mean | null;
  /** Points destroyed ÷ points lost; only when both sides act (two-sided script). */
  exchangeRatio: Ratio | null;
}

/** Per-trial variable name for a side's points lost, as `sidePointsVariables` names them. */
export const pointsLostVariable = (side: 0 | 1) => `pointsLost:side${side}`;

/**
 * Formations that act in a script: shooters, and every formation that fights
 * in an assault (engaging, engaged and supporting: all of them strike blows).
 * In the air war (RB 4.2-4.3) the aircraft making a ground attack, the
 * formations firing flak at it and the fighters intercepting it on combat air
 * patrol; the formation firing flak, intercepting or bombarding from orbit.
 */
export function actingFormations(spec: ScenarioSpec): Set<number> {
  const acting = new Set<number>();
  for (const s of spec.steps) {
    switch (s.kind) {
      case 'shoot':
      case 'flak':
      case 'intercept':
      case 'orbital':
        acting.add(s.by);
        break;
      case 'ground-attack':
        [s.by, ...s.flak, ...(s.cap >= 0 ? [s.cap] : [])].forEach((f) => acting.add(f));
        break;
      case 'assault':
        [...s.by, ...s.at, ...s.support].forEach((f) => acting.add(f));
        break;
    }
  }
  return acting;
}

/**
 * The trial variables the exchange ratio needs: each side's points lost at the
 * last record. Pass them to `simulateWithMoments` to get a measured covariance.
 */
export function sidePointsVariables(spec: ScenarioSpec, layout: TallyLayout): TrialVariable[] {
  const last = layout.records[layout.records.length - 1]!;
  return ([0, 1] as const).map((side) => {
    const slots = spec.formations.flatMap((f, i) => (f.side === side ? [last.formations[i]!.pointsLostSum] : []));
    return { name: pointsLostVariable(side), value: (t: Float64Array) => slots.reduce((s, slot) => s + t[slot]!, 0) };
  });
}

interface SumEstimate {
  mean: number;
  /** Variance of the mean. */
  variance: number;
  exact: boolean;
}

/** Mean and variance of Σ pointsLost over some formations at the last record. */
function lostOver(formations: number[], side: 0 | 1, tally: Float64Array, layout: TallyLayout, moments?: Moments): SumEstimate {
  const n = tally[TRIALS]!;
  const last = layout.records[layout.records.length - 1]!;
  if (moments && moments.names.includes(pointsLostVariable(side))) {
    const i = momentIndex(moments, pointsLostVariable(side));
    return { mean: moments.sums[i]! / n, variance: varianceOfMean(moments.sums[i]!, moments.cross[i]![i]!, n), exact: true };
  }
  let mean = 0;
  let sd = 0;
  for (const f of formations) {
    const L = last.formations[f]!;
    mean += tally[L.pointsLostSum]! / n;
    sd += Math.sqrt(varianceOfMean(tally[L.pointsLostSum]!, tally[L.pointsLostSumSq]!, n));
  }
  // Σ of several formations: (Σ sd)² bounds the variance (perfect correlation).
  return { mean, variance: sd * sd, exact: formations.length <= 1 };
}

function asMean(e: SumEstimate, scale = 1): Mean {
  const half = Z95 * Math.sqrt(e.variance) * scale;
  return { mean: e.mean * scale, ci95: [e.mean * scale - half, e.mean * scale + half] };
}

/**
 * Points efficiency of each side that acts: enemy points destroyed per 100
 * points of its acting formations, E[D]·100/P, and for two-sided scripts the
 * exchange ratio E[D]/E[L] (points destroyed ÷ points lost, a ratio of means)
 * with Fieller's interval from Var(D̄), Var(L̄) and Cov(D̄, L̄).
 */
export function pointsEfficiency(spec: ScenarioSpec, tally: Float64Array, layout: TallyLayout, moments?: Moments): SideEfficiency[] {
  const n = tally[TRIALS]!;
  const acting = actingFormations(spec);
  const bySide = (side: 0 | 1) => spec.formations.flatMap((f, i) => (f.side === side ? [i] : []));
  const twoSided = ([0, 1] as const).every((side) => bySide(side).some((f) => acting.has(f)));
  const out: SideEfficiency[] = [];
  for (const side of [0, 1] as const) {
    const own = bySide(side);
    const enemy = bySide(side === 0 ? 1 : 0);
    const mine = own.filter((f) => acting.has(f));
    if (mine.length === 0) continue;
    const points = mine.every((f) => spec.formations[f]!.formation.points !== null)
      ? mine.reduce((s, f) => s + spec.formations[f]!.formation.points!, 0)
      : null;
    const enemyPriced = enemy.every((f) => spec.formations[f]!.formation.points !== null);
    const ownPriced = own.every((f) => spec.formations[f]!.formation.points !== null);
    const D = lostOver(enemy, side === 0 ? 1 : 0, tally, layout, moments);
    const L = lostOver(own, side, tally, layout, moments);
    let exchangeRatio: Ratio | null = null;
    if (twoSided && enemyPriced && ownPriced) {
      const measured = moments !== undefined && moments.names.includes(pointsLostVariable(0)) && moments.names.includes(pointsLostVariable(1));
      let cov: number;
      if (measured) {
        const i = momentIndex(moments!, pointsLostVariable(side === 0 ? 1 : 0));
        const j = momentIndex(moments!, pointsLostVariable(side));
        cov = covarianceOfMeans(moments!.sums[i]!, moments!.sums[j]!, moments!.cross[i]![j]!, n);
      } else {
        cov = -Math.sqrt(D.variance * L.variance);
      }
      const ci = fiellerInterval(D.mean, L.mean, D.variance, L.variance, cov);
      exchangeRatio = { estimate: D.mean / L.mean, ci95: [Math.max(0, ci[0]), ci[1]], covariance: measured ? 'measured' : 'bound' };
    }
    out.push({
      side,
      acting: mine,
      points,
      pointsDestroyed: enemyPriced ? asMean(D) : null,
      per100: enemyPriced && points !== null && points > 0 ? asMean(D, 100 / points) : null,
      pointsLost: ownPriced ? asMean(L) : null,
      exchangeRatio,
    });
  }
  return out;
}
