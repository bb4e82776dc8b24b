import { expect, it } from 'vitest';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * The Chaos lists' summoning tables (TP Summoned Units; each list's Epic Tournament Special
 * Rules), read from the checkout: the numbers below are the checkout's own, as its pages print them.
 */
describeWithTp('Tournament Pack summoning tables', (tpDir) => {
  const data = loadDataset(tpDir);
  const summoning = (list: string) => data.armies.get(list)!.summoning!;
  const costs = (list: string) => summoning(list).daemons.map((d) => [d.unit, d.greater ? 'greater' : 'lesser', d.allegiance, d.points, d.undividedPoints ?? null]);

  it("Emperor's Children: every formation owes Slaanesh; Daemonettes 1, Fiends 1, Steeds 2, Keeper of Secrets 8; markers +50 and +15; the pact adds a lesser daemon", () => {
    const s = summoning('chaos-space-marine-emperors-children');
    expect(s.rule).toBe('emperors-children-epic-tournament-special-rules');
    expect(s.allegiance).toBe('slaanesh');
    expect(costs('chaos-space-marine-emperors-children')).toEqual([
      ['daemonettes', 'lesser', 'slaanesh', 1, null],
      ['fiends-of-slaanesh', 'lesser', 'slaanesh', 1, null],
      ['steeds-of-slaanesh', 'lesser', 'slaanesh', 2, null],
      ['keeper-of-secrets', 'greater', 'slaanesh', 8, null],
    ]);
    const army = data.armies.get('chaos-space-marine-emperors-children')!;
    const price = (id: string) => army.upgrades.find((u) => u.id === id)!.points;
    expect([price(s.poolUpgrades.greater), price(s.poolUpgrades.lesser)]).toEqual([50, 15]);
    expect(s.pactUpgrade).toEqual({ upgrade: 'daemonic-pact', addsLesser: true });
    expect(s.pactFormations).toEqual([]);
  });

  it('Black Legion: the gods\' lesser daemons 1 (2 for Chaos Undivided), Daemonic Beasts 1 for any, greater daemons 8; no fixed allegiance', () => {
    const s = summoning('chaos-space-marine-black-legion');
    expect(s.allegiance).toBeUndefined();
    expect(costs('chaos-space-marine-black-legion')).toEqual([
      ['daemonic-beasts', 'lesser', 'any', 1, null],
      ['bloodletters', 'lesser', 'khorne', 1, 2],
      ['plaguebearers', 'lesser', 'nurgle', 1, 2],
      ['daemonettes', 'lesser', 'slaanesh', 1, 2],
      ['flamers', 'lesser', 'tzeentch', 1, 2],
      ['bloodthirster', 'greater', 'khorne', 8, null],
      ['great-unclean-one', 'greater', 'nurgle', 8, null],
      ['keeper-of-secrets', 'greater', 'slaanesh', 8, null],
      ['lord-of-change', 'greater', 'tzeentch', 8, null],
    ]);
  });

  it('Red Corsairs: Chaos Undivided; Minor Daemons 1, Greater Daemon 6; markers +50 and +10', () => {
    const s = summoning('chaos-space-marine-red-corsairs');
    expect(s.allegiance).toBe('undivided');
    expect(costs('chaos-space-marine-red-corsairs')).toEqual([
      ['minor-daemons', 'lesser', 'undivided', 1, null],
      ['greater-daemon', 'greater', 'undivided', 6, null],
    ]);
    const army = data.armies.get('chaos-space-marine-red-corsairs')!;
    expect(army.upgrades.find((u) => u.id === s.poolUpgrades.lesser)!.points).toBe(10);
  });

  it('the Cultists: Stigmatus Covenant markers +75 and +20, its pact adds none; the Slaves to Darkness coven has the pact and a lesser daemon as printed; god-named formations owe their god', () => {
    const sc = summoning('chaos-cultist-stigmatus-covenant');
    const army = data.armies.get('chaos-cultist-stigmatus-covenant')!;
    const price = (id: string) => army.upgrades.find((u) => u.id === id)!.points;
    expect([price(sc.poolUpgrades.greater), price(sc.poolUpgrades.lesser)]).toEqual([75, 20]);
    expect(sc.pactUpgrade).toEqual({ upgrade: 'daemonic-pact', addsLesser: false });
    expect(sc.formationAllegiance['khorne-lord-of-battles']).toBe('khorne');
    expect(sc.formationAllegiance['chaos-undivided-defilers']).toBe('undivided');
    const sd = summoning('chaos-cultist-slaves-to-darkness');
    expect(sd.pactUpgrade).toBeUndefined();
    expect(sd.pactFormations).toEqual([{ formation: 'cultist-coven', addsLesser: true }]);
    expect(costs('chaos-cultist-slaves-to-darkness')).toEqual(costs('chaos-space-marine-black-legion'));
  });

  it('the summoned daemons\' datasheets are imported, with Daemonic Focus and Augmented Summoning named on the units that have them', () => {
    expect(data.units.get('daemonettes')!.type).toBe('INF');
    expect(data.units.get('keeper-of-secrets')!.damageCapacity).toBe(3);
    expect(data.units.get('keeper-of-secrets')!.otherRules).toContain('daemonic-focus');
    expect(data.units.get('icon-bearer')!.otherRules).toContain('daemonic-focus');
    expect(data.units.get('champion-of-chaos')!.otherRules).toContain('augmented-summoning-2d3');
    expect(data.units.get('chaos-altar')!.otherRules).toEqual(expect.arrayContaining(['augmented-summoning-2', 'daemonic-focus']));
    // Lists without a Daemon Pool have no summoning.
    expect(data.armies.get('chaos-space-marine-iron-warriors')?.summoning).toBeUndefined();
  });
});
