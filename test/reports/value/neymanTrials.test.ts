import { describe, expect, it } from 'vitest';
import type { MeetingTerm, SimulatedGroup } from '../../../src/reports/value/fixedPointCost.js';
import { neymanTrials } from '../../../src/reports/value/neymanTrials.js';

/** 100 trials in which the formation lost a whole copy half the time: per-trial variance of ℓ is (50 − 50²/100)/99 = 25/99. */
const HALF = { n: 100, d: 0, l: 50, dd: 0, ll: 50, dl: 0 };
/** 100 trials, a copy lost every time: no spread. */
const ALWAYS = { n: 100, d: 0, l: 100, dd: 0, ll: 100, dl: 0 };

const group: SimulatedGroup = { m: 1, n: 1, sums: [HALF, HALF, ALWAYS] };
const term = (slot: number, ofLost: number): MeetingTerm => ({ opponent: 0, group, slot, ofLost, ofDestroyed: 0 });
const terms = [term(0, 1), term(1, 0.25), term(2, 1)];
const S2 = 25 / 99;

describe('neymanTrials: trials in proportion to each meeting\'s spread in G', () => {
  // Spreads σ_j = |c_j|·s: s, s/4 and 0, so Σσ = 1.25·s and n_j = σ_j·Σσ/V*.
  const target = (1.25 * S2) / 1000;

  it('gives the meeting of weight 1 four times the trials of the one of weight 1/4, and none to a meeting without spread', () => {
    // n_0 = s·1.25s/V* = 1000 (900 more); n_1 = 250, rounded up to 300 (200 more); n_2: spread 0.
    expect(neymanTrials(terms, target, 100, 16000)).toEqual([900, 200, 0]);
  });

  it('reaches the target variance: Σ σ_j²/n_j ≤ V* at the counts it gives', () => {
    const more = neymanTrials(terms, target, 100, 16000);
    const variance = S2 / (100 + more[0]!) + (S2 / 16) / (100 + more[1]!);
    expect(variance).toBeLessThanOrEqual(target);
  });

  it('holds every meeting within the cap, and asks nothing of a meeting that already has its share', () => {
    expect(neymanTrials(terms, target, 100, 500)).toEqual([400, 200, 0]);
    expect(neymanTrials(terms, (1.25 * S2) / 50, 100, 16000)).toEqual([0, 0, 0]);
  });

  it('with a target of 0 (no spread allowed), every meeting with a spread goes to the cap', () => {
    expect(neymanTrials(terms, 0, 100, 800)).toEqual([700, 700, 0]);
  });
});
