import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * Upgrades whose printed text means more than its names match: a typo beside a shorter unit
 * name, a unit replaced "or" another, alternatives priced apart, a heading row, and an upgrade
 * name the list never defines. Each is checked against the list's own page.
 */


const count = (f: FormationSpec, id: string): number => f.units.filter((u) => u.unit.id === id).length;

describeWithTp('Tournament Pack upgrades read as the list means them', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;
  const upgrade = (list: string, id: string) => data.armies.get(list)!.upgrades.find((u) => u.id === id);

  it('"Mutli-melta Attack Bikes" is the Multi-melta Attack Bike, not the Attack Bike (four Space Marine lists)', () => {
    // Scions Bike: "Four Attack Bikes", 125; Bikes: "Replace up to four Attack Bikes with an equal
    // number of Bikes or Mutli-melta Attack Bikes", +10 points each.
    for (const list of ['space-marine-codex-astartes', 'space-marine-raven-guard', 'space-marine-scions-of-iron']) {
      expect(upgrade(list, 'bikes')!.choices).toEqual([{ count: 1, from: ['bike', 'multi-melta-attack-bike'] }]);
    }
    // White Scars: "Replace up to seven Attack Bikes with an equal number of White Scars Bike units or Mutli-melta Attack Bikes".
    expect(upgrade('space-marine-white-scars', 'bikes-replace-up-to-seven-attack-bikes-with-an-equal-number-of-white-scars-bike-units-or-mutli-melta-attack-bikes')!.choices).toEqual([
      { count: 1, from: ['white-scars-bike', 'multi-melta-attack-bike'] },
    ]);
    const bikes = parseFormation(data, 'space-marine-scions-of-iron/bike+bikes@multi-melta-attack-bike+bikes@multi-melta-attack-bike');
    expect(count(bikes, 'attack-bike')).toBe(2);
    expect(count(bikes, 'multi-melta-attack-bike')).toBe(2);
    expect(bikes.points).toBe(145);
  });

  it('"Replace a Predator Destructor or Vindicator" replaces whichever the formation fields, or the one picked', () => {
    const id = 'commander-replace-a-predator-destructor-or-vindicator-with-a-land-raider-prometheus-with-supreme-commander';
    expect(upgrade('space-marine-scions-of-iron', id)!.remove).toEqual([{ unit: 'predator-destructor', count: 1, or: ['vindicator'] }]);
    // Vindicator: "Four Vindicators", 200; the option costs +125.
    const vindicators = parseFormation(data, `space-marine-scions-of-iron/vindicator+${id}`);
    expect(count(vindicators, 'vindicator')).toBe(3);
    expect(count(vindicators, 'land-raider-prometheus')).toBe(1);
    expect(vindicators.units.find((u) => u.unit.id === 'land-raider-prometheus')!.unit.abilities).toContain('supreme-commander');
    expect(vindicators.points).toBe(325);
    // Tactical: four Tacticals "and any two of the following units: Predator Annihilator, Predator
    // Destructor, Vindicator"; one Destructor and one Vindicator, the Vindicator picked to go.
    const tactical = parseFormation(data, `space-marine-scions-of-iron/tactical@predator-destructor,vindicator+${id}@vindicator`);
    expect(count(tactical, 'predator-destructor')).toBe(1);
    expect(count(tactical, 'vindicator')).toBe(0);
    expect(count(tactical, 'land-raider-prometheus')).toBe(1);
    // Neither in the formation: one message naming both.
    const attempt = () => parseFormation(data, `space-marine-scions-of-iron/whirlwind+${id}`);
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow('replaces 1 Predator Destructor (or Vindicator) but the formation has fewer');
    // Slaves to Darkness: "Replace a Demagogue or Chaos Marine Aspiring Champion with a Daemon Prince".
    expect(upgrade('chaos-cultist-slaves-to-darkness', 'daemon-prince')!.remove).toEqual([{ unit: 'demagogue', count: 1, or: ['chaos-marine-aspiring-champion'] }]);
  });

  it('alternatives priced apart are upgrades of their own, of which a formation takes one', () => {
    // Steel Legion Storm Trooper Platoon: "Eight Storm Troopers", 200; "(add four Chimera or
    // Valkyries) (+100 or +150 points)".
    const valkyries = parseFormation(data, 'imperial-guard-steel-legion/storm-trooper-platoon+storm-trooper-platoon-add-four-valkyries');
    expect(count(valkyries, 'valkyrie')).toBe(4);
    expect(valkyries.points).toBe(350);
    const chimeras = parseFormation(data, 'imperial-guard-steel-legion/storm-trooper-platoon+storm-trooper-platoon-add-four-chimera');
    expect(count(chimeras, 'chimera')).toBe(4);
    expect(chimeras.points).toBe(300);
    expect(() => parseFormation(data, 'imperial-guard-steel-legion/storm-trooper-platoon+storm-trooper-platoon-add-four-chimera+storm-trooper-platoon-add-four-valkyries')).toThrow(
      'upgrades "add four Chimera" and "add four Valkyries" are alternatives of one upgrade of the list; take one of them',
    );
    // Emperor's Children Havocs: "Replace two or four Chaos Space Marines with an equal number of
    // Havocs", "+25 or +50 points"; the Retinue is six Chaos Space Marines and a Chaos Lord, 225.
    expect(upgrade('chaos-space-marine-emperors-children', 'havocs-two')).toMatchObject({ points: 25, add: [{ unit: 'havocs', count: 2 }], remove: [{ unit: 'chaos-space-marines', count: 2 }] });
    const four = parseFormation(data, 'chaos-space-marine-emperors-children/retinue+havocs-four');
    expect(count(four, 'havocs')).toBe(4);
    expect(count(four, 'chaos-space-marines')).toBe(2);
    expect(four.points).toBe(275);
    expect(() => parseFormation(data, 'chaos-space-marine-emperors-children/retinue+havocs-two+havocs-four')).toThrow(InputError);
    // Gargant Mob Dreadnought: "Add one Dreadnought, or" +35 | "Replace one Killa Kan with one Dreadnought" +10.
    const dreadnoughts = data.armies.get('ork-gargant-mob')!.upgrades.filter((u) => u.name.startsWith('Dreadnought:'));
    expect(dreadnoughts.map((u) => [u.name, u.points, u.oneOf])).toEqual([
      ['Dreadnought: Add one Dreadnought', 35, 'dreadnought-add-one-dreadnought'],
      ['Dreadnought: Replace one Killa Kan with one Dreadnought', 10, 'dreadnought-add-one-dreadnought'],
    ]);
  });

  it('a heading row is no upgrade; "Choose one of the following options" makes the rows alternatives', () => {
    // Scions Commander: "Choose one of the following options:" a Captain, Chaplain or Librarian
    // (+50), or "0–1 of one of the following options per army:" three Supreme Commander options.
    const commanders = data.armies.get('space-marine-scions-of-iron')!.upgrades.filter((u) => u.name.startsWith('Commander'));
    expect(commanders.map((u) => u.points)).toEqual([50, 100, 100, 125]);
    expect(new Set(commanders.map((u) => u.oneOf)).size).toBe(1);
    expect(commanders.slice(1).every((u) => u.notes!.includes('limit 0–1 of them per army'))).toBe(true);
    expect(() => parseFormation(data, 'space-marine-scions-of-iron/land-raider+commander-add-any-one-of-the-following-characters-to-any-unit-in-the-formation-captain-chaplain-librarian+commander-give-a-land-raider-supreme-commander')).toThrow(
      'are alternatives of one upgrade of the list; take one of them',
    );
  });

  it('a weapon a row names with a unit arms it, and a surcharge for a weapon is paid once (Tau)', () => {
    // Armour Support Group: "Four Hammerheads Note: One or more Hammerheads with Railguns cost +25
    // points", 200; a Hammerhead is "Armed with either a Railgun, Ion Cannon or Twin Fusion Cannon".
    const railguns = parseFormation(data, 'tau/armour-support-group');
    expect(railguns.points).toBe(225);
    expect(parseFormation(data, 'tau/armour-support-group@ion-cannon').points).toBe(200);
    const carries = (f: FormationSpec, weapon: string) => f.units.filter((u) => u.weapons.some((w) => w.weapon.id === weapon && w.multiplier !== 0)).length;
    // Fire Warrior Cadre (225): "Add two Hammerheads with Ion Cannons", +75; "Add up to two
    // Hammerheads with Railguns or Twin Fusion Cannons", +50 points each.
    const ion = parseFormation(data, 'tau/fire-warrior-cadre+hammerheads-add-two-hammerheads-with-ion-cannons');
    expect([carries(ion, 'ion-cannon'), carries(ion, 'railgun'), ion.points]).toEqual([2, 0, 300]);
    const either = 'hammerheads-add-up-to-two-hammerheads-with-railguns-or-twin-fusion-cannons';
    const fusion = parseFormation(data, `tau/fire-warrior-cadre+${either}@twin-fusion-cannon+${either}`);
    expect([carries(fusion, 'twin-fusion-cannon'), carries(fusion, 'railgun'), fusion.points]).toEqual([1, 1, 325]);
    expect(() => parseFormation(data, `tau/fire-warrior-cadre+${either}@ion-cannon`)).toThrow('has no option "ion-cannon"');
    // Ion Cannon Hammerheads with two railgun ones added: the surcharge once, 200 + 2 × 50 + 25.
    const mixed = parseFormation(data, `tau/armour-support-group@ion-cannon+${either}+${either}`);
    expect([carries(mixed, 'ion-cannon'), carries(mixed, 'railgun'), mixed.points]).toEqual([4, 2, 325]);
  });

  it('"+75 points each or +125 points per pair", "+75 points or six for +150", "one Gorgon or eight Centaurs"', () => {
    // Codex Astartes Tactical: "Six Tactical units plus transport", 275; Land Raiders: "Add up to
    // four Land Raiders", +75 points each, +125 points per pair.
    const raiders = (n: number) => parseFormation(data, `space-marine-codex-astartes/tactical${'+land-raiders'.repeat(n)}`).points;
    expect([raiders(1), raiders(2), raiders(3), raiders(4)]).toEqual([350, 400, 475, 525]);
    // Saim-Hann Wild Rider Clan: "One unit of Wild Riders and six Saim-Hann Jetbikes", 250; "Add three
    // Saim-Hann Jetbikes for +75 points or six for +150".
    const jetbikes = 'wild-rider-clan-add-three-saim-hann-jetbikes';
    const six = parseFormation(data, `eldar-saim-hann/wild-rider-clan+${jetbikes}+${jetbikes}`);
    expect([count(six, 'saim-hann-jetbikes'), six.points]).toEqual([12, 400]);
    expect(() => parseFormation(data, `eldar-saim-hann/wild-rider-clan${`+${jetbikes}`.repeat(3)}`)).toThrow('may be taken 2 time(s) per formation');
    // Alaitoc Guardian Host (150): "Add between two and three Wraithguard units for +50 points each".
    const wraithguard = '+guardian-add-between-two-and-three-wraithguard-units';
    expect(parseFormation(data, `eldar-alaitoc/guardian${wraithguard.repeat(2)}`).points).toBe(250);
    expect(parseFormation(data, `eldar-alaitoc/guardian${wraithguard.repeat(3)}`).points).toBe(300);
    expect(() => parseFormation(data, `eldar-alaitoc/guardian${wraithguard}`)).toThrow('is taken between 2 and 3 times, and 1 is fewer');
    // Death Korps Grenadiers Platoon: "Eight Grenadiers", 225; "(add one Gorgon or eight Centaurs)", +75.
    const centaurs = parseFormation(data, 'imperial-guard-death-korps-of-krieg/grenadiers-platoon+grenadiers-platoon-add-eight-centaurs');
    expect([count(centaurs, 'centaur'), centaurs.points]).toEqual([8, 300]);
    const gorgon = parseFormation(data, 'imperial-guard-death-korps-of-krieg/grenadiers-platoon+grenadiers-platoon-add-one-gorgon');
    expect([count(gorgon, 'gorgon'), gorgon.points]).toEqual([1, 300]);
  });

  it('a character the list lets join certain units joins one of them, or is refused', () => {
    // Necron: "If a C'tan is not fielded then a Necron Overlord may be added to one Warbarque or unit
    // with a Necron Lord in the army", +50. Infantry Phalanx: six Necron Warriors, one with a Necron
    // Lord, 225; Warbarque 300; Eques Maniple six Destroyers, 300, a Necron Lord +25.
    const fielded = (text: string) => {
      const f = parseFormation(data, text);
      return [f.units.map((u) => (u.characters.length > 0 ? `${u.unit.id}[${u.characters.map((c) => c.id).join(',')}]` : u.unit.id))[0], f.points];
    };
    expect(fielded('necron/infantry-phalanx+necron-overlord')).toEqual(['necron-warriors[necron-lord,necron-overlord]', 275]);
    expect(fielded('necron/warbarque+necron-overlord')).toEqual(['warbarque[necron-overlord]', 350]);
    expect(fielded('necron/eques-maniple+eques-maniple-add-up-to-one-necron-lord-character-to-any-uni+necron-overlord')).toEqual(['destroyers[necron-lord,necron-overlord]', 375]);
    expect(() => parseFormation(data, 'necron/eques-maniple+necron-overlord')).toThrow('upgrade "Necron Overlord" joins Warbarque or a unit with a Necron Lord, and the formation has none');
    // Orkimedes' Kustom upgrades: "(Each upgrade may be added to a Great Gargant, Gargant or
    // Supa-Stompa once.)": Flak Gunz go on the Supa-Stompa, not on a Killa Kan added before it.
    const mob = parseFormation(data, 'ork-gargant-mob/supa-stompa-mob+killa-kan+flak-gunz');
    expect(mob.units.filter((u) => u.characters.some((c) => c.id === 'flak-gunz')).map((u) => u.unit.id)).toEqual(['supa-stompa-ogbm']);
  });

  it('the Dark Eldar Transport table goes to the formations that come "plus transport"', () => {
    // Kabal Syndicate: "Six Warriors plus transport", 200. Raider: "May transport two infantry
    // units", free; Barge of Pleasure: "May transport four infantry units", +125 points each.
    const kabal = (text: string) => parseFormation(data, `dark-eldar/kabal-syndicate${text}`);
    expect(count(kabal(''), 'raider')).toBe(3);
    const barge = kabal('+barge-of-pleasure');
    expect([count(barge, 'barge-of-pleasure'), count(barge, 'raider'), barge.points]).toEqual([1, 1, 325]);
    const barges = kabal('+barge-of-pleasure+barge-of-pleasure');
    expect([count(barges, 'barge-of-pleasure'), count(barges, 'raider'), barges.points]).toEqual([2, 0, 450]);
    for (const f of ['kabal-coterie', 'kabal-syndicate', 'haemonculi-coven', 'talos-swarm', 'wych-cult']) {
      expect(data.armies.get('dark-eldar')!.formations.find((x) => x.id === f)!.upgrades).toEqual(expect.arrayContaining(['raider', 'barge-of-pleasure']));
    }
  });

  it('the Space Wolves rows that list "Commander" take the list\'s Hero upgrade', () => {
    // Land Raider: "Any four of the following units: Land Raider, Land Raider Crusader", 325,
    // upgrades "Commander, Hunter, Vindicators"; Hero: "Add one Captain, Chaplain or Librarian
    // character to any unit in the formation", +50.
    for (const f of ['land-raider', 'land-speeder', 'predator', 'vindicator']) {
      expect(data.armies.get('space-marine-space-wolves')!.formations.find((x) => x.id === f)!.upgrades).toContain('hero');
    }
    const raiders = parseFormation(data, 'space-marine-space-wolves/land-raider+hero@chaplain');
    expect(raiders.units[0]!.characters.map((c) => c.id)).toEqual(['chaplain']);
    expect(raiders.points).toBe(375);
    expect(tp.report.decisions.some((d) => d.message === 'formation "Land Raider": upgrade "Commander", which the list does not define, read as its "Hero" (upgradeAliases.ts)')).toBe(true);
  });
});
