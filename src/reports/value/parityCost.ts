import { covarianceOfMeans } from '../stats/covarianceOfMeans.js';
import { fiellerInterval } from '../stats/fiellerInterval.js';
import { varianceOfMean } from '../stats/varianceOfMean.js';
import type { ValueMeetingSums } from './valueMeeting.js';

/**
 * The fair cost from a battle's meetings under one mix of scene weights.
 *
 * Meeting j pits m_j copies of the formation (run at cost c0) against n_j
 * copies of an opponent of cost P_j in scene s_j; its weight w_j is the
 * scene's weight shared over the scene's meetings: equally over opponents,
 * and between the two initiatives by the chance of each (the strategy roll,
 * RB 1.5). Per copy of the
 * formation, with D and L the losses of the opponents and of the formation
 * (lossValue.ts):
 *
 *   X = Σ w_j·D̄_j/m_j    what it destroys       Y = Σ w_j·L̄_j/m_j   what it loses (at c0)
 *   P̄ = Σ w_j·n_j·P_j/m_j / Σ w_j                the opponent points it faces
 *
 * - efficiency parity (the default): its value destroyed per point of its
 *   cost c, X/(W·c), equals the opponents' per point of theirs,
 *   (c/c0)·Y/(W·P̄): c* = √(c0·P̄·X/Y). Doubling the formation doubles X and
 *   halves Y per copy, so c* doubles: the value is size-consistent.
 * - exchange parity: what it destroys equals what it loses, X = (c/c0)·Y:
 *   c* = c0·X/Y, which grows with the square of size (kept as an option).
 *
 * X/Y's 95% interval is Fieller's (meetings are independent runs, so the
 * variances and covariances of their means add with weights w_j²/m_j²); c*'s
 * interval is that interval through the monotone map to c*.
 */

export const PARITY_METRICS = ['efficiency', 'exchange'] as const;
export type ParityMetric = (typeof PARITY_METRICS)[number];

export interface ParityMeeting {
  scene: number;
  opponent: number;
  /** Its share of its scene's weight relative to the scene's other meetings (the chance its side acts first). */
  share: number;
  /** Copies of the formation and of the opponent. */
  m: number;
  n: number;
  opponentPoints: number;
  sums: ValueMeetingSums;
}

export interface ParityCost {
  estimate: number;
  ci95: [number, number];
  /** X, Y and P̄ as above, for reports. */
  destroyed: number;
  lost: number;
  opponentPoints: number;
}

/** Each meeting's weight: its scene's weight shared over the scene's meetings in proportion to their shares. */
export function meetingWeights(meetings: ParityMeeting[], sceneWeights: number[]): number[] {
  const perScene = new Map<number, number>();
  for (const m of meetings) perScene.set(m.scene, (perScene.get(m.scene) ?? 0) + m.share);
  return meetings.map((m) => ((sceneWeights[m.scene] ?? 0) * m.share) / perScene.get(m.scene)!);
}

const toCost = (ratio: number, c0: number, pBar: number, metric: ParityMetric): number => {
  if (ratio <= 0) return 0;
  if (ratio === Infinity) return Infinity;
  return metric === 'exchange' ? c0 * ratio : Math.sqrt(c0 * pBar * ratio);
};

/** The parity cost and its interval from the meetings under `sceneWeights`. */
export function parityCost(meetings: ParityMeeting[], sceneWeights: number[], c0: number, metric: ParityMetric): ParityCost {
  const w = meetingWeights(meetings, sceneWeights);
  let x = 0, y = 0, vx = 0, vy = 0, cxy = 0, wp = 0, wt = 0;
  meetings.forEach((mt, j) => {
    const s = mt.sums;
    const k = w[j]! / mt.m;
    x += (k * s.d) / s.n;
    y += (k * s.l) / s.n;
    vx += k * k * varianceOfMean(s.d, s.dd, s.n);
    vy += k * k * varianceOfMean(s.l, s.ll, s.n);
    cxy += k * k * covarianceOfMeans(s.d, s.l, s.dl, s.n);
    wp += (w[j]! * mt.n * mt.opponentPoints) / mt.m;
    wt += w[j]!;
  });
  const pBar = wt > 0 ? wp / wt : 0;
  const ratio = y > 0 ? x / y : x > 0 ? Infinity : 0;
  const [lo, hi] = y > 0 || x > 0 ? fiellerInterval(x, y, vx, vy, cxy) : [0, 0];
  return {
    estimate: toCost(ratio, c0, pBar, metric),
    ci95: [toCost(Math.max(0, lo), c0, pBar, metric), toCost(hi, c0, pBar, metric)],
    destroyed: x,
    lost: y,
    opponentPoints: pBar,
  };
}
