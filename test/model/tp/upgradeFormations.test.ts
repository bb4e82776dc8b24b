import { expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { changesAnEngagement, reachOf } from '../../../src/model/ruleReach.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * The Tau Tiger Shark Squadron's "(add a Gun Drone formation of six Gun Drones) (+100 points)":
 * TP Tiger Shark Gun Drones, "After this initial deployment the Gun Drones are a completely
 * independent formation". The importer adds the drones as a formation of the list.
 */
describeWithTp('an upgrade that brings a formation of its own (Tau Tiger Shark Squadron)', (tpDir) => {
  const { dataset: data, report } = importedTournamentPack(tpDir);
  const upgradeId = 'tiger-shark-squadron-add-a-gun-drone-formation-of-six-gun-dr';
  const tau = data.armies.get('tau')!;

  it('the Gun Drone formation is a formation of the list: six Gun Drones, 100 points (the upgrade\'s price), said to come with a Tiger Shark Squadron', () => {
    const drones = tau.formations.find((f) => f.id === 'tiger-shark-squadron-gun-drones')!;
    expect(drones).toMatchObject({ name: 'Tiger Shark Squadron Gun Drones', kind: 'ground', units: [{ unit: 'gun-drones', count: 6 }], choices: [], upgrades: [], points: 100 });
    expect(drones.notes).toContain('the Gun Drone formation a Tiger Shark Squadron brings with its upgrade "add a Gun Drone formation of six Gun Drones" (+100 points)');
    const spec = parseFormation(data, 'tau/tiger-shark-squadron-gun-drones');
    expect(spec.units.map((u) => u.unit.id)).toEqual(Array(6).fill('gun-drones'));
    expect(spec.points).toBe(100);
    // Tau's initiative 2+ for "All other formations".
    expect(spec.initiative).toBe(2);
    expect(report.unmapped.some((u) => u.id === `tau/${upgradeId}`)).toBe(false);
  });

  it('taken on the Tiger Sharks, the upgrade adds no unit and no points to them (175, two Tiger Sharks) and names the formation to simulate', () => {
    const upgrade = tau.upgrades.find((u) => u.id === upgradeId)!;
    expect(upgrade).toMatchObject({ points: 100, formation: 'tiger-shark-squadron-gun-drones', add: [], choices: [] });
    expect(tau.formations.find((f) => f.id === 'tiger-shark-squadron')!.upgrades).toEqual([upgradeId]);
    const plain = parseFormation(data, 'tau/tiger-shark-squadron');
    const sharks = parseFormation(data, `tau/tiger-shark-squadron+${upgradeId}`);
    expect(sharks.units.map((u) => u.unit.id)).toEqual(['tiger-shark', 'tiger-shark']);
    expect([plain.points, sharks.points]).toEqual([175, 175]);
    const note = 'Tiger Shark Squadron Gun Drones: brought-formation: a formation of its own that an upgrade of this one brings (TP Tiger Shark Gun Drones: carried in, set down after the approach move, then "a completely independent formation"): neither fielded with this formation nor priced in it; simulate it on its own ("tau/tiger-shark-squadron-gun-drones": 6 Gun Drones, 100 points)';
    expect(sharks.unsupported.filter((n) => !plain.unsupported.includes(n))).toEqual([note]);
    // Where the drones come in from is deployment, outside the engagements the model plays.
    expect([reachOf('brought-formation'), changesAnEngagement(note)]).toEqual(['deployment', false]);
    // The transport rule's part the model leaves out is named with every Tau result.
    expect(plain.unsupported.find((n) => n.includes('tiger-shark-gun-drones'))).toContain('placing no Blast markers when destroyed aboard');
  });
});
