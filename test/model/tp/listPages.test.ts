import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * Imported formations checked against their list's own page: each test first finds the row as
 * the page prints it (read from the checkout now), then asserts the units, counts and cost the
 * importer made of it.
 */

describeWithTp('formations as their list pages print them', (tpDir) => {
  const { dataset: data, report } = importedTournamentPack(tpDir);
  /** A list page's text without its tags, white space squashed. */
  function pageText(list: string): string {
    const html = readFileSync(join(tpDir, '_site', '_army_lists', `${list}.html`), 'utf8');
    return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
  }
  const formation = (army: string, id: string) => {
    const f = data.armies.get(army)?.formations.find((x) => x.id === id);
    if (!f) throw new Error(`${army}/${id} not imported`);
    return f;
  };

  it('Plague Zombie Infestations: "3+2D6 Plague Zombies | 175 points" fielded as the expected 10, and the notes say so', () => {
    for (const list of ['chaos-cultist-slaves-to-darkness', 'chaos-cultist-stigmatus-covenant']) {
      expect(pageText(list)).toMatch(/Plague Zombie Infestations 3\+2D6 Plague Zombies 175 points/);
      const zombies = formation(list, 'plague-zombie-infestations');
      expect(zombies).toMatchObject({ units: [{ unit: 'plague-zombies', count: 10 }], points: 175, limit: '0–2' });
      expect(zombies.notes).toContain('"3+2D6 Plague Zombies" fielded as 10, the expected number (3 + 2 × 3.5)');
    }
  });

  it('Gun Emplacements are fortifications, not units (TP FAQ): Artillery Company, Tarantulas, Heavy Support Battery', () => {
    expect(pageText('imperial-guard-baran-siegemasters')).toContain('Artillery Company Nine Götterdämmerung Howitzers and nine Gun Emplacements 425 points');
    expect(formation('imperial-guard-baran-siegemasters', 'artillery-company')).toMatchObject({ units: [{ unit: 'gotterdammerung-howitzer', count: 9 }], points: 425 });
    expect(pageText('space-marine-imperial-fists')).toContain('Four Tarantula Platforms and four Gun Emplacements 100 points');
    expect(formation('space-marine-imperial-fists', 'tarantulas')).toMatchObject({ units: [{ unit: 'tarantula-platform', count: 4 }], points: 100 });
    // "Heavy Support Battery | Three Gun Emplacements and one of the following options: | Three Medusa Platforms | +275 points"
    expect(pageText('imperial-guard-death-korps-of-krieg')).toMatch(/Heavy Support Battery Three Gun Emplacements and one of the following options:/);
    const medusas = formation('imperial-guard-death-korps-of-krieg', 'heavy-support-battery-three-medusa-platforms');
    expect(medusas).toMatchObject({ units: [{ unit: 'medusa-platform', count: 3 }], points: 275 });
    // "(replace three Gun Emplacements with three Trojans) | (+25 points)"
    const trojans = parseFormation(data, `imperial-guard-death-korps-of-krieg/heavy-support-battery-three-medusa-platforms+${medusas.upgrades[0]}`);
    expect(trojans.units.map((u) => u.unit.id)).toEqual(['medusa-platform', 'medusa-platform', 'medusa-platform', 'trojan', 'trojan', 'trojan']);
    expect(trojans.points).toBe(300);
    // A formation of fortifications only stays out, with the reason.
    expect(report.unmapped.find((u) => u.id === 'space-marine-imperial-fists/fortified-positions')?.reason).toBe(
      'only fortifications (Bunkers or 52cm of Trenches or Minefields): terrain, not units (TP FAQ Fortified Positions)',
    );
  });

  it('the Iron Warriors\' Chaos Terminators are Iron Warriors Terminators with an Iron Warriors Lord', () => {
    expect(pageText('chaos-space-marine-iron-warriors')).toContain('Chaos Terminators Between four and six Chaos Space Marine Terminators, and one Iron Warriors Lord');
    expect(formation('chaos-space-marine-iron-warriors', 'chaos-terminators')).toMatchObject({
      units: [{ unit: 'iron-warriors-terminators', count: 4 }],
      characters: [{ count: 1, from: ['iron-warriors-lord'] }],
      points: 275,
    });
  });

  it('the Speed Freeks\' Fighta Sqwadron: "Three Fighter Bombers | 150", "Add up to six Fighter-Bombers for +50 points each"', () => {
    const text = pageText('ork-speed-freeks');
    expect(text).toContain('Fighta Sqwadron Three Fighter Bombers 150');
    expect(text).toContain('Add up to six Fighter-Bombers for +50 points each');
    expect(formation('ork-speed-freeks', 'fighta-sqwadron')).toMatchObject({ kind: 'aircraft', units: [{ unit: 'fighta-bommer', count: 3 }], points: 150 });
    const eight = parseFormation(data, 'ork-speed-freeks/fighta-sqwadron+fighta-sqwadron-add-up-to-six-fighter-bombers+fighta-sqwadron-add-up-to-six-fighter-bombers');
    expect(eight.units).toHaveLength(5);
    expect(eight.points).toBe(250);
  });

  it('a sample of other formations: units, counts and costs as printed', () => {
    expect(pageText('imperial-guard-steel-legion')).toContain('Mechanized Infantry Company One Commander unit, twelve Infantry units and seven Chimera 400 points');
    expect(formation('imperial-guard-steel-legion', 'mechanized-infantry-company')).toMatchObject({
      units: [{ unit: 'commander', count: 1 }, { unit: 'infantry', count: 12 }, { unit: 'chimera', count: 7 }],
      points: 400,
    });
    expect(pageText('tau')).toContain('Four Crisis Battlesuits and one Shas’el character');
    expect(formation('tau', 'crisis-battlesuit-cadre')).toMatchObject({ units: [{ unit: 'crisis-battlesuits', count: 4 }], characters: [{ count: 1, from: ['shasel'] }], points: 250 });
    expect(pageText('ork-gargant-mob')).toContain('Supa-Stompa Mob One Supa-Stompa and three Supa-Stompa Weapons 150');
    const mob = formation('ork-gargant-mob', 'supa-stompa-mob');
    expect(mob).toMatchObject({ units: [{ unit: 'supa-stompa-ogbm', count: 1 }], points: 150 });
    expect(mob.characters).toBeUndefined();
    expect(pageText('adeptus-mechanicus-skitarii-legion')).toContain('Minorus Two Ordinatus Minorus 250 points');
    expect(formation('adeptus-mechanicus-skitarii-legion', 'minorus')).toMatchObject({ units: [{ unit: 'ordinatus-minorus', count: 2 }], points: 250 });
  });

  it('imports 554 of the 555 formations read (the Tiger Shark Squadron\'s Gun Drone formation one of them)', () => {
    expect(report.counts.formations).toEqual({ total: 555, mapped: 554 });
  });
});
