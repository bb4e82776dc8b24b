import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, shootEngagement } from '../../../src/rulesets/netea/engine/engagements.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { GameEngagement } from '../../../src/rulesets/netea/engine/gameEngagement.js';
import { COVER_NONE, COVER_OVERWATCH_OPEN, COVER_TALL_5 } from '../../../src/rulesets/netea/engine/gameCover.js';
import { TERRAIN_INFANTRY, TERRAIN_VEHICLE } from '../../../src/rulesets/netea/engine/dangerousTerrain.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { DEFAULT_OPTIONS, type EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';

/**
 * The game's facade over the engine (gameEngagement.ts) is the engine's own
 * steps on one engagement: from the same seed, a shot or an assault through
 * it gives the script runner's general path's outcomes, trial for trial;
 * a cover state switched in play is the cover compiled in; and its own small
 * additions (dangerous terrain, boarding) follow the rules with forced dice.
 */

const data = loadBuiltinDataset();
const TRIALS = 20_000;

/** Target's units lost and broken, per trial, through the facade: each trial the game's reset, the fronts as the spec places them, the step. */
function viaFacade(spec: EngagementSpec, step: (ge: GameEngagement, rng: ReturnType<typeof rngFromSeed>) => void, cover = COVER_NONE): { lost: number[]; broken: number; bm: number } {
  const ge = new GameEngagement(spec.formations, spec.options);
  const rng = rngFromSeed('facade');
  const lost: number[] = [];
  let broken = 0;
  let bm = 0;
  for (let t = 0; t < TRIALS; t++) {
    ge.reset(rng);
    ge.setCover(1, cover);
    spec.formations.forEach((pf, f) => (ge.e.fFront[f] = pf.front));
    step(ge, rng);
    const alive = ge.e.fAlive[1]!;
    lost[spec.formations[1]!.formation.units.length - alive] = (lost[spec.formations[1]!.formation.units.length - alive] ?? 0) + 1;
    if (alive > 0 && ge.e.fBroken[1] === 1) broken++;
    bm += ge.e.fBm[1]!;
  }
  return { lost, broken, bm };
}

/** The same from the script runner's general path (no fire or assault plan), after its only step. */
function viaRunner(spec: EngagementSpec): { lost: number[]; broken: number; bm: number } {
  const runner = new NeteaRunner(spec, { firePlan: false, assaultPlan: false });
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed('facade'), TRIALS, tally);
  const L = runner.layout.records[0]!.formations[1]!;
  const lost: number[] = [];
  for (let k = 0; k <= L.units; k++) if (tally[L.killedHistogram + k]! > 0) lost[k] = tally[L.killedHistogram + k]!;
  return { lost, broken: tally[L.broken]!, bm: tally[L.bmSum]! };
}

describe('the game facade is the engine', () => {
  it('a shot at 30 cm: 4 Devastators on sustained fire at an Ork warband, trial for trial the runner\'s', () => {
    const spec = shootEngagement(parseFormation(data, '4 Devastator'), parseFormation(data, 'ork-war-horde/warband'), { action: 'sustained', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    const game = viaFacade(spec, (ge, rng) => ge.shootAt(0, 1, C.ACTION_SUSTAINED, false, rng));
    expect(game).toEqual(viaRunner(spec));
    expect(game.lost.reduce((s, n) => s + (n ?? 0), 0)).toBe(TRIALS);
  });

  it('a shot in a crossfire at a war engine: a Devastator detachment at a Warhound, the runner\'s', () => {
    const spec = shootEngagement(parseFormation(data, 'codex-astartes/devastator-detachment'), parseFormation(data, 'Warhound'), { action: 'advance', crossfire: true, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    expect(viaFacade(spec, (ge, rng) => ge.shootAt(0, 1, C.ACTION_ADVANCE, true, rng))).toEqual(viaRunner(spec));
  });

  it('an assault from 10 cm with supporting fire: a Tactical detachment charges an Ork warband, the runner\'s', () => {
    const spec = assaultEngagement(parseFormation(data, 'codex-astartes/tactical-detachment'), parseFormation(data, 'ork-war-horde/warband'), {
      geometry: { ...DEFAULT_GEOMETRY, gap: 10 },
      attacker: FRESH,
      target: FRESH,
      supports: [{ formation: parseFormation(data, '4 Devastator'), side: 0, gap: 12, state: FRESH }],
      test: false,
      overwatch: [],
    });
    expect(viaFacade(spec, (ge, rng) => ge.assault(1, 2, 4, 0, rng))).toEqual(viaRunner(spec));
  });

  it('a cover state switched in play is the cover compiled in: woods (5+) for the warband', () => {
    const open = shootEngagement(parseFormation(data, '4 Devastator'), parseFormation(data, 'ork-war-horde/warband'), { action: 'advance', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    const inWoods: EngagementSpec = { ...open, formations: [open.formations[0]!, { ...open.formations[1]!, cover: { kind: 'save', save: 5 } }] };
    const switched = viaFacade(open, (ge, rng) => ge.shootAt(0, 1, C.ACTION_ADVANCE, false, rng), COVER_TALL_5);
    expect(switched).toEqual(viaRunner(inWoods));
    expect(switched).not.toEqual(viaRunner(open));
  });

  it('switching cover back and forth leaves the choices as compiled', () => {
    const spec = shootEngagement(parseFormation(data, 'codex-astartes/devastator-detachment'), parseFormation(data, 'ork-war-horde/warband'), { action: 'advance', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    const ge = new GameEngagement(spec.formations, spec.options);
    const before = { choice: ge.e.choice.slice(), fail: ge.e.uFailNormal.slice(), cover: ge.e.uCoverSave.slice(), flags: ge.e.uFlags.slice() };
    ge.setCover(1, COVER_OVERWATCH_OPEN);
    expect(ge.e.fCover[1]).toBe(1);
    ge.setCover(1, COVER_TALL_5);
    ge.setCover(1, COVER_NONE);
    expect({ choice: ge.e.choice, fail: ge.e.uFailNormal, cover: ge.e.uCoverSave, flags: ge.e.uFlags }).toEqual(before);
  });
});

describe('dangerous terrain (RB 1.8.1) and boarding (RB 1.7.5) through the facade', () => {
  const spec = (text: string, embarked = true): EngagementSpec => ({ ruleset: 'netea', formations: [{ id: 'a', side: 0, formation: parseFormation(data, text), front: 0, rankWidth: 5, spacing: 5, cover: { kind: 'none' }, blastMarkers: 0, broken: false, embarked }], steps: [], options: DEFAULT_OPTIONS });

  it('a D6 per unit of the kinds it is dangerous to, a 1 destroys with no save and no Blast marker', () => {
    const s = spec('codex-astartes/tactical-detachment');
    const ge = new GameEngagement(s.formations, s.options);
    ge.reset(rngFromSeed('x'));
    ge.disembark(0);
    // Woods: dangerous to the three Rhinos (vehicles), not to the six Tacticals.
    const lost = ge.dangerousTerrain(0, TERRAIN_VEHICLE, new ScriptedDice([1, 4, 1]));
    expect(lost).toBe(2);
    expect(ge.e.fAlive[0]).toBe(7);
    expect(ge.e.fBm[0]).toBe(0);
    // Marsh: dangerous to all; the 7 left roll, none a 1.
    expect(ge.dangerousTerrain(0, TERRAIN_INFANTRY | TERRAIN_VEHICLE, new ScriptedDice([2, 3, 4, 5, 6, 2, 3]))).toBe(0);
  });

  it('walkers re-roll a failed test (RB 2.1.18)', () => {
    const s = spec('4 space-marine/Dreadnought', false);
    const ge = new GameEngagement(s.formations, s.options);
    ge.reset(rngFromSeed('x'));
    // Four walkers: a 1 re-rolled to a 5 stands, a 1 re-rolled to a 1 falls.
    expect(ge.dangerousTerrain(0, TERRAIN_VEHICLE, new ScriptedDice([1, 5, 2, 1, 1, 3]))).toBe(1);
    expect(ge.e.fAlive[0]).toBe(3);
  });

  it('passengers get into their own transports and out again; a destroyed transport carries nobody', () => {
    const s = spec('codex-astartes/tactical-detachment');
    const ge = new GameEngagement(s.formations, s.options);
    ge.reset(rngFromSeed('x'));
    ge.disembark(0);
    expect(ge.e.transports.fEmbarked[0]).toBe(0);
    expect(ge.embark(0)).toBe(6);
    ge.disembark(0);
    // The first Rhino (unit 6, after the six Tacticals) is destroyed: its two passengers walk.
    const rhino = ge.e.fUnitStart[0]! + 6;
    ge.e.stAlive[rhino] = 0;
    expect(ge.embark(0)).toBe(4);
  });
});
