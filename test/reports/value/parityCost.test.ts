import { describe, expect, it } from 'vitest';
import { meetingWeights, parityCost, type ParityMeeting } from '../../../src/reports/value/parityCost.js';
import { pointsMatchedGroup } from '../../../src/reports/value/pointsMatchedGroup.js';
import { verdictOf } from '../../../src/reports/value/verdict.js';

/** A meeting whose every trial gave the same D and L: no spread, so the interval is the point. */
function constant(scene: number, m: number, n: number, opponentPoints: number, d: number, l: number, trials = 10): ParityMeeting {
  return { scene, opponent: 0, share: 1, m, n, opponentPoints, sums: { n: trials, d: d * trials, l: l * trials, dd: d * d * trials, ll: l * l * trials, dl: d * l * trials } };
}

describe('parity cost from weighted meetings', () => {
  // Scene weights 3 and 1. X = 3·100/1 + 1·60/2 = 330, Y = 3·50/1 + 1·40/2 = 170,
  // P̄ = (3·1·200/1 + 1·1·300/2)/4 = 187.5, c0 = 100.
  const meetings = [constant(0, 1, 1, 200, 100, 50), constant(1, 2, 1, 300, 60, 40)];

  it('efficiency parity: c* = √(c0·P̄·X/Y)', () => {
    const c = parityCost(meetings, [3, 1], 100, 'efficiency');
    expect(c.destroyed).toBeCloseTo(330, 10);
    expect(c.lost).toBeCloseTo(170, 10);
    expect(c.opponentPoints).toBeCloseTo(187.5, 10);
    expect(c.estimate).toBeCloseTo(Math.sqrt((100 * 187.5 * 330) / 170), 9);
    expect(c.ci95[0]).toBeCloseTo(c.estimate, 6);
    expect(c.ci95[1]).toBeCloseTo(c.estimate, 6);
  });

  it('exchange parity: c* = c0·X/Y', () => {
    expect(parityCost(meetings, [3, 1], 100, 'exchange').estimate).toBeCloseTo((100 * 330) / 170, 9);
  });

  it('a scene weight is shared over its meetings, in proportion to their shares (the chance of each initiative)', () => {
    expect(meetingWeights([constant(0, 1, 1, 1, 1, 1), constant(0, 1, 1, 1, 1, 1), constant(1, 1, 1, 1, 1, 1)], [0.5, 0.5])).toEqual([0.25, 0.25, 0.5]);
    const first = { ...constant(0, 1, 1, 1, 1, 1), share: 0.75 };
    const second = { ...constant(0, 1, 1, 1, 1, 1), share: 0.25 };
    expect(meetingWeights([first, second], [1])).toEqual([0.75, 0.25]);
  });

  it('efficiency parity is size-consistent, exchange parity grows with the square of size', () => {
    // A doubled formation at twice the cost: per copy it destroys twice as much and,
    // spread over twice the units, loses half as many of its (same-priced) points.
    const single = [constant(0, 1, 1, 200, 80, 60)];
    const doubled = [constant(0, 1, 1, 200, 160, 60)];
    const e1 = parityCost(single, [1], 100, 'efficiency').estimate;
    const e2 = parityCost(doubled, [1], 200, 'efficiency').estimate;
    expect(e2 / e1).toBeCloseTo(2, 12);
    const x1 = parityCost(single, [1], 100, 'exchange').estimate;
    const x2 = parityCost(doubled, [1], 200, 'exchange').estimate;
    expect(x2 / x1).toBeCloseTo(4, 12);
  });

  it('a formation that never loses anything has no finite fair cost; one that never scores is worth 0', () => {
    expect(parityCost([constant(0, 1, 1, 200, 50, 0)], [1], 100, 'efficiency').estimate).toBe(Infinity);
    expect(parityCost([constant(0, 1, 1, 200, 0, 50)], [1], 100, 'efficiency').estimate).toBe(0);
  });

  it('with spread, the interval is Fieller\'s around the estimate', () => {
    // Two trials per meeting: D = 90, 110 and L = 40, 60 (perfectly correlated).
    const m: ParityMeeting = { scene: 0, opponent: 0, share: 1, m: 1, n: 1, opponentPoints: 100, sums: { n: 2, d: 200, l: 100, dd: 90 * 90 + 110 * 110, ll: 40 * 40 + 60 * 60, dl: 90 * 40 + 110 * 60 } };
    const c = parityCost([m], [1], 100, 'exchange');
    expect(c.estimate).toBeCloseTo(200, 10);
    expect(c.ci95[0]).toBeLessThan(200);
    expect(c.ci95[1]).toBeGreaterThan(200);
  });
});

describe('points-matched groups', () => {
  it('brings the two sides\' points nearest, up to the largest group', () => {
    expect(pointsMatchedGroup(650, 200, 3)).toEqual({ m: 1, n: 3 });
    expect(pointsMatchedGroup(200, 650, 3)).toEqual({ m: 3, n: 1 });
    expect(pointsMatchedGroup(275, 250, 3)).toEqual({ m: 1, n: 1 });
    expect(pointsMatchedGroup(150, 225, 3)).toEqual({ m: 3, n: 2 });
    expect(pointsMatchedGroup(1250, 100, 3)).toEqual({ m: 1, n: 3 });
    expect(pointsMatchedGroup(1250, 100, 1)).toEqual({ m: 1, n: 1 });
  });
});

describe('verdict', () => {
  it('flags only when the whole band lies outside the cost by more than the margin', () => {
    expect(verdictOf(200, [251, 300], 0.25)).toBe('under-costed');
    expect(verdictOf(200, [249, 300], 0.25)).toBe('fair');
    expect(verdictOf(200, [100, 159], 0.25)).toBe('over-costed');
    expect(verdictOf(200, [100, 161], 0.25)).toBe('fair');
    expect(verdictOf(200, [100, 400], 0.25)).toBe('fair');
  });
});
