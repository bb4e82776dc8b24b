import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { assault } from '../../../src/rulesets/netea/engine/assault.js';
import type { AssaultSetup } from '../../../src/rulesets/netea/engine/assault/setup.js';
import { ChargeCache } from '../../../src/rulesets/netea/engine/assault/chargeCache.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, type AssaultSetup as SpecSetup, type SideState } from '../../../src/rulesets/netea/engine/engagements.js';
import type { Engagement } from '../../../src/rulesets/netea/engine/engagement.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';

/**
 * What an assault keeps from one trial to the next (the charge cache, the
 * unit lists, the first round's engaged units left in the scratch arrays)
 * must change nothing: trial after trial, with one cache per assault step,
 * the dice and every unit's and formation's state are those of assaults
 * worked out from scratch (a new cache every time).
 */

const data = loadBuiltinDataset();
const P = (text: string) => parseFormation(data, text);
const TRIALS = 3000;

function spec(attacker: string, target: string, s: Partial<SpecSetup> = {}) {
  return assaultEngagement(P(attacker), P(target), { geometry: { ...DEFAULT_GEOMETRY, gap: 15 }, attacker: FRESH, target: FRESH, supports: [], test: false, overwatch: [], ...s });
}

function setupOf(supporters: number, overwatch = 0): AssaultSetup {
  return { attackers: 1, defenders: 2, supporters, overwatch, contactLimit: -1 };
}

/** The state an assault leaves, and its outcome and rounds, added to a hash. */
function fingerprint(hash: ReturnType<typeof createHash>, e: Engagement, outcome: number): void {
  const v: number[] = [outcome, e.asRounds];
  for (let u = 0; u < e.nUnits; u++) v.push(e.stAlive[u]!, e.stDC[u]!, e.stDamageTaken[u]!);
  for (let f = 0; f < e.nFormations; f++) v.push(e.fBm[f]!, e.fBroken[f]!, e.fFront[f]!, e.fPointsLost[f]!, e.fBmPlaced[f]!);
  hash.update(new Uint8Array(Float64Array.from(v).buffer));
}

/** Runs the setups in turn, trial after trial; `cached`: one cache per setup, else a new cache every assault. */
function runSetups(built: ReturnType<typeof spec>, setups: AssaultSetup[], cached: boolean): string {
  const runner = new NeteaRunner(built);
  const e = runner.e;
  const caches = setups.map(() => new ChargeCache(e.nFormations, e.nUnits));
  const rng = rngFromSeed('assault cache');
  const hash = createHash('sha256');
  for (let t = 0; t < TRIALS; t++) {
    const i = t % setups.length;
    runner.reset(rng);
    const cache = cached ? caches[i]! : new ChargeCache(e.nFormations, e.nUnits);
    fingerprint(hash, e, assault(e, setups[i]!, cache, rng));
  }
  return hash.digest('hex');
}

const broken: SideState = { blastMarkers: 0, broken: true, cover: { kind: 'none' } };
const support = (text: string, side: 0 | 1) => ({ formation: P(text), side, gap: 15, state: FRESH });

describe('assault: what one trial keeps for the next changes nothing', () => {
  const cases: Array<[string, ReturnType<typeof spec>, AssaultSetup[]]> = [
    ['Tactical detachment against an Ork warband, Devastators supporting', spec('codex-astartes/tactical', 'ork-war-horde/warband', { supports: [support('4 Devastator', 0)] }), [setupOf(4)]],
    ['Terminators (TSKNF, Inspiring commander) against an Ork warband', spec('codex-astartes/terminator+commander', 'ork-war-horde/warband'), [setupOf(0)]],
    ['war engines: a Tactical detachment and a Warhound against a Gargant', spec('codex-astartes/tactical', '1 Gargant', { supports: [support('Warhound', 0)] }), [setupOf(4)]],
    ['a broken defender', spec('codex-astartes/tactical', '8 Boyz', { target: broken }), [setupOf(0)]],
    ['overwatch before the counter-charges', spec('6 Tactical', 'ork-war-horde/warband', { supports: [support('4 Devastator', 1)] }), [setupOf(0, 4)]],
    ['two assault steps in turn on one engagement, with and without support', spec('codex-astartes/tactical', 'ork-war-horde/warband', { supports: [support('4 Devastator', 0), support('3 Predator-Annihilator', 1)] }), [setupOf(4 | 8), setupOf(0), setupOf(8)]],
  ];
  for (const [name, built, setups] of cases) {
    it(name, () => {
      expect(runSetups(built, setups, true)).toBe(runSetups(built, setups, false));
    });
  }
});
