import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import type { Dataset } from '../../../src/model/dataset.js';
import type { GameArmy } from '../../../src/rulesets/netea/game/gameSpec.js';
import { POLICIES } from '../../../src/rulesets/netea/game/policy/policyParams.js';
import { RandomArmyBuilder } from '../../../src/rulesets/netea/game/randomArmy.js';
import { tournamentArmy } from '../../../src/rulesets/netea/game/tournamentArmy.js';
import { exchangeTasks, worthResult, WorthSweep, type WorthSetup } from '../../../src/rulesets/netea/game/worth/worthSweep.js';
import { MINI_FORMATIONS, writeMiniTournamentPack } from '../../helpers/miniTournamentPack.js';
import { testTempDir } from '../../helpers/tempDir.js';

/**
 * The worth never reads a stated cost: the same armies (the same formation texts) parsed from a
 * Tournament Pack whose every printed cost is changed give the same exchanges and worths, byte for
 * byte. (Which armies are legal depends on the costs: that is the tournament's points limit, and
 * the armies are held fixed here.)
 */

const LISTS = ['iron-horde', 'star-wardens'];

function setupFrom(data: Dataset, texts: string[][][]): WorthSetup {
  const armies: GameArmy[][] = texts.map((armies, l) => armies.map((a, k) => ({ name: `${LISTS[l]} #${k + 1}`, listId: LISTS[l]!, strategyRating: data.armies.get(LISTS[l]!)!.strategyRating, formations: a.map((t) => parseFormation(data, t)) })));
  const items = LISTS.map((list, l) => {
    const m = new Map<string, FormationSpec>();
    for (const a of armies[l]!) for (const f of a.formations) if (!m.has(f.text)) m.set(f.text, f);
    for (const f of data.armies.get(list)!.formations) if (!m.has(`${list}/${f.id}`)) m.set(`${list}/${f.id}`, parseFormation(data, `${list}/${f.id}`));
    return m;
  });
  return { lists: LISTS, armies, items, prices: null, policies: [{ label: 'aggressive', params: POLICIES.aggressive }], games: 50, seed: 'cost-free', limit: 1000 };
}

async function sweep(setup: WorthSetup): Promise<string> {
  const s = new WorthSweep(setup, undefined);
  const records = [];
  for (const t of exchangeTasks(setup)) records.push(await s.play(t));
  return JSON.stringify({ records, result: worthResult(setup, records) });
}

describe('the worth reads no stated cost', () => {
  it('gives byte-identical exchanges and worths when every printed cost changes', async () => {
    const data = loadDataset(writeMiniTournamentPack(testTempDir('worth-cost-')));
    const texts = LISTS.map((list) => [0].map((k) => {
      const r = new RandomArmyBuilder(data, list, 1000).build('cost-free', k);
      if ('reason' in r) throw new Error(r.reason);
      return tournamentArmy(data, r, k).formations;
    }));
    const costs = Object.fromEntries(Object.entries(MINI_FORMATIONS).map(([f, c], i) => [f, 3 * c + 5 * i + 1]));
    const altered = loadDataset(writeMiniTournamentPack(testTempDir('worth-cost-'), { costs }));
    const a = setupFrom(data, texts);
    const b = setupFrom(altered, texts);
    // The costs did change in what the sweep is given.
    expect(b.armies[0]![0]!.formations.map((f) => f.points)).not.toEqual(a.armies[0]![0]!.formations.map((f) => f.points));
    expect(await sweep(b)).toBe(await sweep(a));
  }, 600_000);
});
