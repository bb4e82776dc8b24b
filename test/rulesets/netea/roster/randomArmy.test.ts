import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../../src/model/dataset.js';
import { loadDataset } from '../../../../src/model/loadDataset.js';
import { checkRoster, type FieldedTexts } from '../../../../src/rulesets/netea/model/roster/check.js';
import { RandomArmyBuilder, type RandomArmy } from '../../../../src/rulesets/netea/game/randomArmy.js';
import { writeMiniTournamentPack } from '../../../helpers/miniTournamentPack.js';
import { describeWithTp } from '../../../helpers/tournamentPack.js';

/**
 * Random legal armies (randomArmy.ts): every army the builder returns passes `checkRoster`, checked
 * here again on its list file; the same seed gives the same army; the points left are fewer than
 * the list's cheapest formation costs.
 */

function built(r: RandomArmy | { reason: string }): RandomArmy {
  if ('reason' in r) throw new Error(r.reason);
  return r;
}

/**
 * Each single addition to the army: a formation of the list (as its list prints it), an upgrade
 * its formations offer (one more of it). The army is full when each of them, checked, breaks a
 * rule or the points limit. The army's own upgrades are not among them: the builder takes them
 * only where a rule's minimum demands one, since a game fields none of them (randomArmy.ts).
 * `fielded` holds the formation texts of `data` checked so far: each addition is checked with the
 * army's other formations, which are then read once, not once per addition.
 */
function additionsThatFit(data: Dataset, a: RandomArmy, fielded: FieldedTexts): string[] {
  const list = data.armies.get(a.list)!;
  const texts = a.roster.formations.map(String);
  const tries: Array<{ what: string; formations: string[]; upgrades: string[] }> = [
    ...list.formations.map((f) => ({ what: f.id, formations: [...texts, `${list.id}/${f.id}`], upgrades: a.roster.upgrades })),
    ...texts.flatMap((t, i) => {
      const f = list.formations.find((x) => x.id === t.split('+')[0]!.split('/')[1]!.split('@')[0])!;
      return f.upgrades.filter((u) => list.upgrades.find((x) => x.id === u)!.mount === undefined).map((u) => ({ what: `${t}+${u}`, formations: texts.map((x, j) => (j === i ? `${x}+${u}` : x)), upgrades: a.roster.upgrades }));
    }),
  ];
  return tries.filter((t) => checkRoster(data, { ...a.roster, formations: t.formations, upgrades: t.upgrades }, 'list', fielded).breaches.length === 0).map((t) => t.what);
}

const count = (a: RandomArmy, formation: string) => a.roster.formations.filter((f) => String(f).split('+')[0]!.split('@')[0]!.endsWith(`/${formation}`)).length;

describe('random armies of the mini Tournament Pack', () => {
  const data = loadDataset(writeMiniTournamentPack(mkdtempSync(join(tmpdir(), 'random-army-'))));
  const fielded: FieldedTexts = new Map();

  it('keeps every construction rule the importer read, over 200 seeds of each list', () => {
    const rules = data.armies.get('star-wardens')!.construction!.map((r) => r.kind);
    // The mini pack's Star Wardens: "0–1 Bastion Troop", a third of the points on its engines, one support formation per warden line, "0–1 Lancers per army", at least one Warden Line.
    expect(rules).toContain('points-share');
    for (const list of ['star-wardens', 'iron-horde']) {
      const builder = new RandomArmyBuilder(data, list);
      for (let k = 0; k < 200; k++) {
        const a = built(builder.build('mini', k));
        expect(checkRoster(data, a.roster).breaches).toEqual([]);
        expect(a.points).toBeLessThanOrEqual(3000);
        // Iron Horde's cheapest formation is a Mob (175); Star Wardens can always add a Warden Line (250).
        expect(a.unspent).toBeLessThan(list === 'iron-horde' ? 175 : 250);
        expect(additionsThatFit(data, a, fielded)).toEqual([]);
        if (list === 'star-wardens') {
          expect(count(a, 'bastion-troop')).toBeLessThanOrEqual(1);
          expect(count(a, 'warden-line')).toBeGreaterThanOrEqual(1);
          expect(count(a, 'lancer-squad')).toBeLessThanOrEqual(count(a, 'warden-line'));
        }
      }
    }
  });

  it('checks a list with the formation texts already fielded (check.ts FieldedTexts) as it checks it afresh', () => {
    const cache: FieldedTexts = new Map();
    for (let k = 0; k < 10; k++) {
      const a = built(new RandomArmyBuilder(data, 'star-wardens').build('mini', k));
      // One formation the data set refuses, and one the list does not allow twice: their breaches too.
      const roster = { ...a.roster, formations: [...a.roster.formations, 'star-wardens/no-such-formation', 'star-wardens/bastion-troop', 'star-wardens/bastion-troop'] };
      const fresh = checkRoster(data, roster);
      expect(fresh.breaches.length).toBeGreaterThanOrEqual(2);
      expect(checkRoster(data, roster, 'list', cache)).toEqual(fresh);
      expect(checkRoster(data, roster, 'list', cache)).toEqual(fresh);
    }
  });

  it('gives the same army from the same seed, and another from another', () => {
    const builder = new RandomArmyBuilder(data, 'star-wardens');
    const a = built(builder.build('mini', 3));
    expect(built(new RandomArmyBuilder(data, 'star-wardens').build('mini', 3)).roster).toEqual(a.roster);
    const others = Array.from({ length: 20 }, (_, k) => JSON.stringify(built(builder.build('mini', k)).roster.formations));
    expect(new Set(others).size).toBeGreaterThan(10);
  });

  it('names a list it cannot build an army of, with the reason', () => {
    const r = new RandomArmyBuilder(data, 'star-wardens', 100).build('mini', 0);
    expect(r).toMatchObject({ list: 'star-wardens' });
    expect('reason' in r && r.reason).toMatch(/^no legal 100-point army in 20 attempts: .*Warden Line/);
  });
});

describeWithTp('random armies of every Tournament Pack list', (tp) => {
  const data = loadDataset(tp);
  const fielded: FieldedTexts = new Map();
  const SEEDS = 12;

  // One test per list: a single test of all 34 blocks the test worker long enough to time out its reports.
  const unspent: number[] = [];
  const armyUpgrades: string[] = [];
  let poolMarkers = 0;
  for (const list of [...data.armies.values()]) {
    it(`builds ${SEEDS} legal 3,000-point armies of ${list.id}, each full: no formation or upgrade more fits`, () => {
      const builder = new RandomArmyBuilder(data, list.id);
      for (let k = 0; k < SEEDS; k++) {
        const a = built(builder.build('tp', k));
        expect(checkRoster(data, a.roster).breaches, `${list.id} #${k}`).toEqual([]);
        expect(additionsThatFit(data, a, fielded), `${list.id} #${k}: ${a.roster.formations.join(', ')}`).toEqual([]);
        unspent.push(a.unspent);
        // A Chaos list's Daemon Pool markers are the army upgrades it buys freely (a game summons them).
        const pool = list.summoning === undefined ? [] : [list.summoning.poolUpgrades.greater, list.summoning.poolUpgrades.lesser];
        armyUpgrades.push(...a.roster.upgrades.filter((id) => !pool.includes(id)));
        poolMarkers += a.roster.upgrades.filter((id) => pool.includes(id)).length;
      }
    }, 120_000);
  }

  it('leaves 25 points or fewer unspent in 400 of the 408 armies, at most 350, and takes no upgrade of an army on its own (no TP list demands one) but the Daemon Pool\'s markers', () => {
    expect(data.armies.size).toBe(34);
    expect(unspent).toHaveLength(34 * SEEDS);
    unspent.sort((x, y) => x - y);
    expect([unspent[0], unspent[Math.floor(unspent.length / 2)], unspent[unspent.length - 1]]).toEqual([0, 0, 350]);
    expect(unspent.filter((u) => u <= 25).length).toBe(400);
    expect(armyUpgrades).toEqual([]);
    expect(poolMarkers).toBeGreaterThan(0);
  });
});
