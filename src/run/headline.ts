import { wilsonInterval } from '../stats/wilsonInterval.js';
import { TRIALS, type TallyLayout } from '../sim/ruleset.js';

/**
 * The headline probabilities of a tally, the ones `--precision` waits for:
 * for every record (after each step) and every formation, P(broken) and
 * P(destroyed); for assault records also P(attacker wins).
 */
export interface Headline {
  label: string;
  /** Tally index of the success count. */
  index: number;
}

export function headlineCounters(layout: TallyLayout): Headline[] {
  const out: Headline[] = [];
  layout.records.forEach((rec, r) => {
    rec.formations.forEach((f, i) => {
      out.push({ label: `record ${r} (${rec.label}) formation ${i}: P(broken)`, index: f.broken });
      out.push({ label: `record ${r} (${rec.label}) formation ${i}: P(destroyed)`, index: f.destroyed });
    });
    if (rec.assault) out.push({ label: `record ${r} (${rec.label}): P(attacker wins)`, index: rec.assault.attackerWins });
  });
  return out;
}

/** Half the width of the 95% Wilson interval of `successes` out of `n`. */
export function wilsonHalfWidth(successes: number, n: number): number {
  const [lo, hi] = wilsonInterval(successes, n);
  return (hi - lo) / 2;
}

/** The widest headline interval's half-width (1/2 before any trial; 0 when there is no headline). */
export function maxHalfWidth(tally: Float64Array, headlines: readonly Headline[]): number {
  const n = tally[TRIALS]!;
  let worst = 0;
  for (const h of headlines) {
    const w = wilsonHalfWidth(tally[h.index]!, n);
    if (w > worst) worst = w;
  }
  return worst;
}
