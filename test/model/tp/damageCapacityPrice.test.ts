import { expect, it } from 'vitest';
import { damageCapacityPrice } from '../../../src/model/damageCapacityPrice.js';
import { parseFormation } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { changesAnEngagement } from '../../../src/model/ruleReach.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * The Ork Gargant Mob's Kustom upgrade "Kart", "+25 points per 4 DC": 25 points for every 4 points
 * of starting damage capacity of the titan it joins (Supa-Stompa DC 4, Gargant 8, Great Gargant 12).
 */
describeWithTp('a character priced by the damage capacity of the unit it joins (Ork Kart)', (tpDir) => {
  const { dataset: data, report } = importedTournamentPack(tpDir);
  const kart = data.armies.get('ork-gargant-mob')!.upgrades.find((u) => u.id === 'kart')!;

  it('is imported as a character at 25 points per 4 DC, offered to the Gargant, Great Gargant and Supa-Stompa Mob', () => {
    expect(kart).toMatchObject({ points: 25, character: 'kart', pointsPerDamageCapacity: { per: 4 } });
    expect(report.unmapped.some((u) => u.id === 'ork-gargant-mob/kart')).toBe(false);
    const offered = data.armies.get('ork-gargant-mob')!.formations.filter((f) => f.upgrades.includes('kart')).map((f) => f.id);
    expect(offered).toEqual(['gargant', 'great-gargant', 'supa-stompa-mob']);
  });

  it('costs 25 x DC / 4 on each titan, and joins it', () => {
    // Each fielded with its default loadout: three Deth Kannons (+75 each) on the Gargants, three Gatling Cannons (+50 each) on the Supa-Stompa.
    const cases: Array<[string, string, number]> = [
      ['ork-gargant-mob/gargant+kart', 'gargant-ogbm', 475 + 3 * 75 + (25 * 8) / 4],
      ['ork-gargant-mob/great-gargant+kart', 'great-gargant-ogbm', 650 + 3 * 75 + (25 * 12) / 4],
      ['ork-gargant-mob/supa-stompa-mob+kart', 'supa-stompa-ogbm', 150 + 3 * 50 + (25 * 4) / 4],
    ];
    for (const [text, titan, points] of cases) {
      const spec = parseFormation(data, text);
      expect([text, spec.points]).toEqual([text, points]);
      expect(spec.units[0]!.unit.id).toBe(titan);
      expect(spec.units[0]!.characters.map((c) => c.id)).toContain('kart');
    }
    expect([750, 950, 325]).toEqual(cases.map((c) => c[2]));
  });

  it('joins the titan, not a unit added before it (a Killa Kan, +25): 150 + 150 + 25 + 25', () => {
    const spec = parseFormation(data, 'ork-gargant-mob/supa-stompa-mob+killa-kan+kart');
    expect(spec.units.map((u) => `${u.unit.id}[${u.characters.map((c) => c.id).join(',')}]`)).toEqual(['supa-stompa-ogbm[kart,gatling-cannon,gatling-cannon,gatling-cannon]', 'killa-kan[]']);
    expect(spec.points).toBe(350);
  });

  it('is refused, naming why, where no unit has a damage capacity, or one that is not a multiple of 4', () => {
    const kans = parseFormation(data, 'ork-gargant-mob/kan-mob').units;
    expect(() => damageCapacityPrice(kans, kart, 'ork-gargant-mob/kan-mob+kart')).toThrow(InputError);
    expect(() => damageCapacityPrice(kans, kart, 'ork-gargant-mob/kan-mob+kart')).toThrow(
      'upgrade "Kart" is priced +25 points per 4 DC of the unit it joins, and no unit of the formation has a damage capacity (expected a war engine: a Gargant, Great Gargant or Supa-Stompa)',
    );
    // A Land Train starts with DC 2 + 1 (its Berserker Battlecar).
    const train = parseFormation(data, 'squat/land-train').units;
    expect(() => damageCapacityPrice(train, kart, 'squat/land-train+kart')).toThrow('and Land Train has DC 3, not a multiple of 4: the Tournament Pack gives no price for it');
  });

  it('its transport, by the titan\'s damage capacity, is named with every result as not played (movement)', () => {
    const note = parseFormation(data, 'ork-gargant-mob/gargant+kart').unsupported.find((n) => n.startsWith('Kart: '));
    expect(note).toMatch(/^Kart: transport-per-damage-capacity: carrying units by the starting damage capacity of the war engine it joins/);
    expect(changesAnEngagement(note!)).toBe(false);
  });
});
