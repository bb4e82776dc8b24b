import { Z95 } from '../../../../stats/z95.js';
import type { PairExchange } from './pairMeeting.js';

/**
 * A linear combination of the pairs' losses, Σ c·(share lost), with its 95% interval. Each pair's
 * two shares come from the same meetings (correlated), different pairs from independent runs:
 * with the coefficients gathered per pair and side (a formation listed twice meets through the
 * same pair),
 *
 *   Var = Σ_pairs c_A²·Var u + c_B²·Var v + 2·c_A·c_B·Cov(u, v)
 *
 * and the interval is mean ± 1.96·√Var (each share is a mean of hundreds of trials or more).
 */

export interface Estimate {
  mean: number;
  ci95: [number, number];
}

/** c times the share of `who` lost in the pair `pair` (who is side A or side B of it). */
export interface LossTerm {
  pair: PairExchange;
  who: string;
  c: number;
}

export function linearEstimate(terms: LossTerm[]): Estimate {
  const byPair = new Map<string, { pair: PairExchange; a: number; b: number }>();
  for (const t of terms) {
    if (t.c === 0) continue;
    const e = byPair.get(t.pair.key) ?? { pair: t.pair, a: 0, b: 0 };
    if (t.pair.a === t.who) e.a += t.c;
    else if (t.pair.b === t.who) e.b += t.c;
    else throw new Error(`"${t.who}" is not a side of the pair ${t.pair.a} / ${t.pair.b}`);
    byPair.set(t.pair.key, e);
  }
  let mean = 0;
  let variance = 0;
  for (const { pair, a, b } of byPair.values()) {
    mean += a * pair.lostA + b * pair.lostB;
    variance += a * a * pair.varA + b * b * pair.varB + 2 * a * b * pair.covAB;
  }
  const half = Z95 * Math.sqrt(Math.max(0, variance));
  return { mean, ci95: [mean - half, mean + half] };
}
