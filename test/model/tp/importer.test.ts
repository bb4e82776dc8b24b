import { beforeAll, expect, it } from 'vitest';
import type { Dataset } from '../../../src/model/dataset.js';
import { importTournamentPack } from '../../../src/model/tp/importer.js';
import type { ImportReport } from '../../../src/model/tp/report.js';
import { UNLIMITED_RANGE_CM } from '../../../src/model/tp/firepower.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * The full NetEA Tournament Pack checkout (../shared/netea-tp, or $EPIC_BALANCE_TP), imported
 * once; the spot checks compare imported values with what its files print.
 */
describeWithTp('importTournamentPack on the NetEA Tournament Pack checkout', (tpDir) => {
  let ds: Dataset;
  let report: ImportReport;

  beforeAll(() => {
    ({ dataset: ds, report } = importTournamentPack(tpDir));
  });

  const unit = (id: string) => {
    const u = ds.units.get(id);
    if (!u) throw new Error(`unit ${id} not imported`);
    return u;
  };
  const weapon = (id: string) => {
    const w = ds.weapons.get(id);
    if (!w) throw new Error(`weapon ${id} not imported`);
    return w;
  };
  const army = (id: string) => {
    const a = ds.armies.get(id);
    if (!a) throw new Error(`army ${id} not imported`);
    return a;
  };

  it('loads all 34 army lists', () => {
    expect(report.counts.armyLists).toEqual({ total: 34, mapped: 34 });
    expect(ds.armies.size).toBe(34);
  });

  it('maps at least 95% of units and of weapons, and names every unmapped one with a reason', () => {
    const { units, weapons } = report.counts;
    expect(units.total).toBe(559);
    expect(weapons.total).toBe(462);
    expect(units.mapped / units.total).toBeGreaterThanOrEqual(0.95);
    expect(weapons.mapped / weapons.total).toBeGreaterThanOrEqual(0.95);
    const listed = (kind: string) => report.unmapped.filter((u) => u.kind === kind).length;
    expect(listed('unit')).toBe(units.total - units.mapped);
    expect(listed('weapon')).toBe(weapons.total - weapons.mapped);
    for (const u of report.unmapped) {
      expect(u.name.length, JSON.stringify(u)).toBeGreaterThan(0);
      expect(u.reason.length, JSON.stringify(u)).toBeGreaterThan(0);
    }
    expect(ds.units.size).toBe(units.mapped);
    expect(ds.weapons.size).toBe(weapons.mapped);
  });

  it('accounts for every formation and upgrade read: mapped or listed', () => {
    const { formations, upgrades } = report.counts;
    expect(formations.total).toBeGreaterThan(500);
    expect(formations.mapped / formations.total).toBeGreaterThan(0.9);
    const formationsListed = report.unmapped.filter((u) => u.kind === 'formation').length;
    expect(formations.mapped + formationsListed).toBe(formations.total);
    const importedFormations = [...ds.armies.values()].reduce((n, a) => n + a.formations.length, 0);
    expect(importedFormations).toBe(formations.mapped);
    // Upgrades that cannot be expressed are still imported (formations refer to them), marked unsupported.
    const importedUpgrades = [...ds.armies.values()].flatMap((a) => a.upgrades);
    expect(importedUpgrades.length).toBe(upgrades.total);
    expect(importedUpgrades.filter((u) => u.unsupported === undefined).length).toBe(upgrades.mapped);
  });

  it('reports each of the 167 special rules as supported, unsupported or unknown', () => {
    expect(report.counts.specialRules.total).toBe(167);
    expect(report.specialRules).toHaveLength(167);
    const status = (id: string) => report.specialRules.find((r) => r.id === id)?.status;
    expect(status('reinforced-armour')).toBe('supported');
    expect(status('damage-capacity-3')).toBe('supported');
    expect(status('titan-killer-d61')).toBe('supported');
    expect(status('they-shall-know-no-fear')).toBe('supported');
    expect(status('knight-shield')).toBe('supported');
    expect(status('living-metal')).toBe('supported');
    expect(status('holofield')).toBe('supported');
    expect(status('deflector-shield')).toBe('supported');
    expect(status('regeneration')).toBe('supported');
    expect(status('daemonic-focus')).toBe('unsupported');
    expect(report.specialRules.find((r) => r.id === 'shadowfields-3')?.mappedTo).toBe('unit shadowfields = 3');
    expect(report.specialRules.find((r) => r.id === 'void-shields-2')?.mappedTo).toBe('unit voidShields = 2');
    expect(report.counts.specialRules.mapped).toBe(report.specialRules.filter((r) => r.status === 'supported').length);
  });

  it('imports the Warhound as printed', () => {
    const w = unit('warhound-class-titan');
    expect(w.type).toBe('WE');
    expect(w.speed).toBe(30);
    expect(w.armour).toBe(5);
    expect(w.cc).toBe(4);
    expect(w.ff).toBe(4);
    expect(w.damageCapacity).toBe(3);
    expect(w.voidShields).toBe(2);
    expect(w.abilities).toEqual(expect.arrayContaining(['reinforced-armour', 'fearless', 'walker']));
    expect(w.weapons).toEqual([
      { weapon: 'plasma-blastgun', multiplier: 1, arc: 'forward' },
      { weapon: 'vulcan-mega-bolter', multiplier: 1, arc: 'forward' },
    ]);
    expect(w.critical?.parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'stagger', distance: 'D6', onBlocked: 'destroyed', hitsOnContact: 6 },
    ]);
    expect(ds.unitForce.get('warhound-class-titan')?.id).toBe('titan-legion');
  });

  it('imports weapon profiles: multipliers, macro-weapons, slow firing, titan killers, extra attacks', () => {
    expect(weapon('vulcan-mega-bolter').modes).toEqual([
      expect.objectContaining({ range: 45, kind: 'ranged', shots: 4, ap: 3, at: 5, macroWeapon: false }),
    ]);
    const blastgun = weapon('plasma-blastgun').modes[0]!;
    expect(blastgun).toMatchObject({ range: 45, shots: 2, mw: 2, slowFiring: true });
    expect(blastgun.ap).toBeUndefined();
    expect(weapon('hellfury-cannon').modes[0]).toMatchObject({ range: 90, mw: 2, titanKiller: 'D6+1' });
    expect(weapon('daemon-blades').modes[0]).toMatchObject({ range: 0, kind: 'assault', extraAttacks: 'D3' });
    expect(weapon('orbital-bombardment-d63bp').modes[0]).toMatchObject({ range: UNLIMITED_RANGE_CM, bp: 'D6+3', macroWeapon: true });
    expect(weapon('deathstrike-missile').modes[0]).toMatchObject({
      range: UNLIMITED_RANGE_CM,
      mw: 2,
      indirectFire: true,
      singleShot: true,
      titanKiller: 'D6',
    });
  });

  it('keeps "and" modes as combined and "or" modes as alternatives', () => {
    const flamer = weapon('heavy-flamer').modes;
    expect(flamer[0]).toMatchObject({ range: 15, kind: 'ranged', ap: 4, ignoreCover: true });
    expect(flamer[1]).toMatchObject({ range: 15, kind: 'small-arms', ignoreCover: true, combinedWithPrevious: true });
    const cobra = weapon('cobra-d-cannon').modes;
    expect(cobra[1]).toMatchObject({ mw: 3, titanKiller: 'D6' });
    expect(cobra[1]!.combinedWithPrevious).toBeUndefined();
  });

  it('keeps rules the simulator does not model by name, and odd stats as decided', () => {
    expect(unit('warden').abilities).toContain('knight-shield');
    expect(unit('tormentor-titan').shadowfields).toBe(3);
    expect([unit('hive-tyrant').synapse, unit('symbiote').synapse, unit('hormagaunts').brood, unit('gargoyles').brood]).toEqual([2, 1, 1, 2]);
    expect(unit('great-gargant').powerFields).toBe('D6+6');
    expect(unit('wyches')).toMatchObject({ armour: null, assaultArmour: 5 });
    expect(unit('wyches').otherRules).not.toContain('armour 5+ in assaults only');
    expect(unit('drop-pod').type).toBe('Special');
    expect(unit('marauder-bomber')).toMatchObject({ type: 'AC', speed: 0, aircraftSpeed: 'bomber', armour: 4, cc: null, ff: null });
    expect(unit('imperator-class-titan')).toMatchObject({ damageCapacity: 12, voidShields: 8, transport: 10 });
    expect(unit('imperator-class-titan').critical?.parts[0]).toMatchObject({ kind: 'reactor', destroyedOn: [1], repairedOn: [4, 5, 6] });
  });

  it('gives weapon options a default pick read from the notes', () => {
    const razorback = unit('razorback');
    expect(razorback.transport).toBe(1);
    expect(razorback.weapons).toEqual([
      { weapon: 'twin-lascannon', multiplier: 1, arc: 'all', choice: { min: 0, max: 1 } },
      { weapon: 'twin-heavy-bolter', multiplier: 0, arc: 'all', choice: { min: 0, max: 1 } },
    ]);
  });

  it('imports the Codex Astartes Tactical detachment with its upgrades', () => {
    const codex = army('space-marine-codex-astartes');
    expect(codex.strategyRating).toBe(5);
    expect(codex.initiative.default).toBe(1);
    expect(codex.initiative['marauder-squadron']).toBe(2);
    expect(codex.initiative['thunderbolt-squadron']).toBe(2);
    const tactical = codex.formations.find((f) => f.id === 'tactical')!;
    expect(tactical.points).toBe(275);
    expect(tactical.units).toEqual([{ unit: 'tactical', count: 6 }]);
    expect(tactical.notes).toContain('plus transport');
    expect(tactical.upgrades).toEqual(
      expect.arrayContaining([
        'commander-captain-chaplain-librarian',
        'commander-supreme-commander',
        'dreadnoughts',
        'hunter',
        'land-raiders',
        'razorbacks',
        'vindicators',
      ]),
    );
    expect(tactical.upgrades).toHaveLength(7);
    const up = (id: string) => codex.upgrades.find((u) => u.id === id)!;
    expect(up('commander-supreme-commander')).toMatchObject({ points: 100, character: 'supreme-commander' });
    expect(up('commander-captain-chaplain-librarian')).toMatchObject({ points: 50, character: 'captain', choices: [{ count: 1, from: ['captain', 'chaplain', 'librarian'] }] });
    expect(up('dreadnoughts')).toMatchObject({ points: 50, add: [{ unit: 'dreadnought', count: 1 }], repeatable: { max: 2 } });
    expect(up('land-raiders').notes).toContain('+125 points per pair');
    expect(codex.formations.find((f) => f.id === 'strike-cruiser')).toMatchObject({ limit: '0–1', kind: 'spacecraft', points: 200 });
    // Allies listed in the list are imported with it.
    expect(codex.formations.find((f) => f.id === 'warhound')).toMatchObject({ units: [{ unit: 'warhound-class-titan', count: 1 }], points: 275, kind: 'war-engine' });
  });

  it('reads strategy ratings and initiative of several lists', () => {
    expect(army('imperial-guard-steel-legion')).toMatchObject({ strategyRating: 2, initiative: { default: 2, warhound: 1, reaver: 1 } });
    expect(army('ork-war-horde')).toMatchObject({ strategyRating: 3, initiative: { default: 3 } });
    expect(army('tyranid')).toMatchObject({ strategyRating: 1, initiative: { default: 1 } });
    expect(army('eldar-biel-tan').initiative).toMatchObject({ default: 2, 'aspect-warrior': 1, phantom: 1 });
    expect(army('chaos-space-marine-black-legion').initiative).toMatchObject({ default: 1, harbinger: 2 });
  });

  it('resolves prose unit lists against the list\'s forces', () => {
    const ork = army('ork-war-horde').formations.find((f) => f.id === 'warband')!;
    expect(ork.units).toEqual([
      { unit: 'nobz', count: 2 },
      { unit: 'boyz', count: 6 },
      { unit: 'grotz', count: 2 },
    ]);
    expect(ork.points).toBe(200);
    expect(ork.notes).toMatch(/Big 350/);
    const steel = army('imperial-guard-steel-legion').formations.find((f) => f.id === 'mechanized-infantry-company')!;
    expect(steel.units).toEqual([
      { unit: 'commander', count: 1 },
      { unit: 'infantry', count: 12 },
      { unit: 'chimera', count: 7 },
    ]);
  });

  it('names each unmapped formation and upgrade', () => {
    const formations = report.unmapped.filter((u) => u.kind === 'formation');
    expect(formations.map((u) => u.id)).toEqual(['space-marine-imperial-fists/fortified-positions']);
    expect(formations[0]!.reason).toContain('only fortifications');
    // "Give up to four Scout units Sniper" is read (grantUpgrades.test.ts); a rule's text is named with why.
    expect(report.unmapped.find((u) => u.id === 'space-marine-codex-astartes/snipers')).toBeUndefined();
    expect(report.unmapped.find((u) => u.kind === 'upgrade' && u.id === 'dark-eldar/kashnarak')?.reason).toBe('the text is a rule, not units to add or replace (kept in notes)');
  });

  it('says which version it read', () => {
    expect(report.version).toMatch(/\(git HEAD|\(from SOURCE\.md\)|content sha256:[0-9a-f]{64}/);
    expect(ds.id).toBe('netea-tp');
    expect(ds.version).toBe(report.version);
  });

  it('is what loadDataset returns for --data, once per path', () => {
    const a = loadDataset(tpDir);
    expect(a.id).toBe('netea-tp');
    expect(loadDataset(tpDir)).toBe(a);
  });
});
