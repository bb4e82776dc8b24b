import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec, Step } from '../../../src/rulesets/netea/model/spec.js';
import { outcomeAt, probability } from '../../../src/reports/aggregate.js';
import { binomialPmf, killsFromHits, tolerance999 } from '../../helpers/exact.js';
import { engagement, formation, placed, unit } from '../../helpers/fixtures.js';
import type { ArmyRule } from '../../../src/model/schema.js';

/**
 * Single-round assaults against exact probabilities by enumeration: every
 * hit count for each side, then every pair of "highest of 2D6" result rolls
 * with the modifiers of RB 1.12.6 (TP sequence: wipe-outs and stalls decide
 * without a roll). The simulator runs one round (a tie is no result).
 */

const N = 200_000;

function assaultStep(extra: Partial<Extract<Step, { kind: 'assault' }>> = {}): Step {
  return { kind: 'assault', label: 'assault', by: [0], at: [1], support: [], overwatch: [], test: false, retain: false, ...extra };
}

function simulate(spec: EngagementSpec, seed: string, trials = N) {
  const runner = new NeteaRunner(spec);
  // Dice by counts (the plan's default), each side's first-round deaths drawn at once: these exact distributions check it.
  expect(runner.path).toBe('assault plan');
  expect(runner.assaultPlan!.fightByMasks).toBe(true);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), trials, tally);
  const L = runner.layout.records[0]!.assault!;
  return {
    attackerWins: probability(tally[L.attackerWins]!, trials).p,
    defenderWins: probability(tally[L.defenderWins]!, trials).p,
    noResult: probability(tally[L.noResult]!, trials).p,
    defender: outcomeAt(tally, runner.layout, 0, 1),
    attacker: outcomeAt(tally, runner.layout, 0, 0),
  };
}

const highest = [0, 1, 3, 5, 7, 9, 11].map((x) => x / 36);

interface Side {
  n: number;
  /** To-hit in close combat. */
  cc: number;
  bm: number;
  tsknf: boolean;
  /** Armour save (infantry that engaged have no cover); none when absent. */
  save?: number;
}

/** Blast markers for the comparison: TSKNF count half, rounded down (TP). */
const countedBm = (s: Side) => (s.tsknf ? s.bm >> 1 : s.bm);

/**
 * Exact one-round outcome when every unit fights in base contact with no
 * armour (each hit kills one unit, spread evenly), no support, no first strike.
 * Returns P(attacker wins), P(defender wins), P(tie or both wiped), and the
 * distribution of defender units lost including the loser's extra hits.
 */
function exactAssault(a: Side, d: Side) {
  const pA = (7 - a.cc) / 6;
  const pD = (7 - d.cc) / 6;
  let win = 0;
  let lose = 0;
  let none = 0;
  const defenderLost = new Array(d.n + 1).fill(0);
  // Hits spread one at a time over the units, a unit dying when any of its saves fails.
  const pFail = (s: Side) => (s.save === undefined ? 1 : 1 - (7 - s.save) / 6);
  killsFromHits(binomialPmf(a.n, pA), d.n, pFail(d)).forEach((ph, killsByA) => {
    killsFromHits(binomialPmf(d.n, pD), a.n, pFail(a)).forEach((qh, killsByD) => {
      const w = ph * qh;
      const aLeft = a.n - killsByD;
      const dLeft = d.n - killsByA;
      if (aLeft === 0 && dLeft === 0) return void (none += w, (defenderLost[d.n] += w));
      if (dLeft === 0) return void (win += w, (defenderLost[d.n] += w));
      if (aLeft === 0) return void (lose += w, (defenderLost[killsByA] += w));
      const mods = (mine: Side, mineLeft: number, theirs: Side, theirsLeft: number, kills: number) =>
        kills + (mineLeft > theirsLeft ? 1 : 0) + (mineLeft > 2 * theirsLeft ? 1 : 0) + (mine.bm === 0 ? 1 : 0) + (countedBm(theirs) > countedBm(mine) ? 1 : 0);
      const modA = mods(a, aLeft, d, dLeft, killsByA);
      const modD = mods(d, dLeft, a, aLeft, killsByD);
      for (let ra = 1; ra <= 6; ra++) {
        for (let rd = 1; rd <= 6; rd++) {
          const p = w * highest[ra]! * highest[rd]!;
          const sa = ra + modA;
          const sd = rd + modD;
          if (sa > sd) {
            win += p;
            const extra = d.tsknf ? (sa - sd) >> 1 : sa - sd;
            defenderLost[killsByA + Math.min(extra, dLeft)] += p;
          } else if (sd > sa) {
            lose += p;
            defenderLost[killsByA] += p;
          } else {
            none += p;
            defenderLost[killsByA] += p;
          }
        }
      }
    });
  });
  return { win, lose, none, defenderLost };
}

function scenario(a: Side, d: Side): EngagementSpec {
  const rules = (s: Side): ArmyRule[] => (s.tsknf ? ['they-shall-know-no-fear'] : []);
  const attacker = formation('a', [[a.n, unit('ua', { type: 'INF', cc: a.cc, ff: 6, speed: 15, ...(a.save === undefined ? {} : { armour: a.save }) })]], { rules: rules(a) });
  const defender = formation('d', [[d.n, unit('ud', { type: 'INF', cc: d.cc, ff: 6, speed: 15, ...(d.save === undefined ? {} : { armour: d.save }) })]], { rules: rules(d) });
  return engagement(
    [placed('a', 0, attacker, { front: 0, blastMarkers: a.bm }), placed('d', 1, defender, { front: 10, blastMarkers: d.bm })],
    [assaultStep()],
    { maxAssaultRounds: 1 },
  );
}

function check(a: Side, d: Side, seed: string) {
  const exact = exactAssault(a, d);
  const got = simulate(scenario(a, d), seed);
  expect(Math.abs(got.attackerWins - exact.win), 'P(attacker wins)').toBeLessThanOrEqual(tolerance999(exact.win, N));
  expect(Math.abs(got.defenderWins - exact.lose), 'P(defender wins)').toBeLessThanOrEqual(tolerance999(exact.lose, N));
  expect(Math.abs(got.noResult - exact.none), 'P(no result)').toBeLessThanOrEqual(tolerance999(exact.none, N));
  exact.defenderLost.forEach((p: number, k: number) => {
    expect(Math.abs(got.defender.unitsKilled.distribution[k]! - p), `P(defender lost ${k})`).toBeLessThanOrEqual(tolerance999(p, N));
  });
}

describe('assault: one round against exact enumeration', () => {
  it('4 v 4, CC 4+ against CC 5+, no Blast markers', () => check({ n: 4, cc: 4, bm: 0, tsknf: false }, { n: 4, cc: 5, bm: 0, tsknf: false }, 'a44'));
  it('6 v 3 (outnumbering, more than twice), CC 5+ against CC 3+', () => check({ n: 6, cc: 5, bm: 0, tsknf: false }, { n: 3, cc: 3, bm: 0, tsknf: false }, 'a63'));
  it('3 v 5 with Blast markers on both sides (2 v 1)', () => check({ n: 3, cc: 3, bm: 2, tsknf: false }, { n: 5, cc: 4, bm: 1, tsknf: false }, 'a35'));
  it('They Shall Know No Fear: half their Blast markers count, one still denies "no Blast markers", extra hits halved', () =>
    check({ n: 4, cc: 4, bm: 1, tsknf: false }, { n: 5, cc: 4, bm: 3, tsknf: true }, 'a-tsknf'));
  it('TSKNF attacker with a single Blast marker', () => check({ n: 5, cc: 3, bm: 1, tsknf: true }, { n: 4, cc: 4, bm: 0, tsknf: false }, 'a-tsknf2'));
  it('armour saves: 5 v 7, 4+ against 6+, up to 7 hits on 5 units (two on some)', () => check({ n: 5, cc: 3, bm: 0, tsknf: false, save: 4 }, { n: 7, cc: 3, bm: 1, tsknf: false, save: 6 }, 'a-save'));
  it('armour saves: 6 v 3, 5+ against 4+, up to 6 hits on 3 units (two on each)', () => check({ n: 6, cc: 3, bm: 0, tsknf: false, save: 5 }, { n: 3, cc: 4, bm: 0, tsknf: false, save: 4 }, 'a-save2'));
});
