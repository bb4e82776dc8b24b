import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { formationVariants } from '../../../src/model/formationChoice.js';
import { InputError } from '../../../src/model/inputError.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * Formation rows that allow a range of sizes ("Between four and eight Raptors", "Up to three
 * Decimators", "Two to three Raven Fighters") with a price per extra unit or per unit: fielded at
 * the smallest size, as the audit values them, and larger with the importer's repeatable upgrade
 * (`+extra-raptors`); choices priced per unit price each pick (Formation.unitPrices). Each is
 * checked against the list's own page.
 */


function units(f: FormationSpec): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of f.units) for (const id of [u.unit.id, ...u.characters.map((c) => c.id)]) out[id] = (out[id] ?? 0) + 1;
  return out;
}

const times = (n: number, upgrade: string) => Array.from({ length: n }, () => `+${upgrade}`).join('');

describeWithTp('Tournament Pack formation sizes', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;
  const field = (text: string) => parseFormation(data, text);

  it('"Between four and eight Raptors", "175 points for four +35 points per extra"', () => {
    const raptors = 'chaos-space-marine-black-legion/raptor-cult';
    expect(field(raptors)).toMatchObject({ points: 175 });
    expect(units(field(raptors))).toEqual({ raptors: 4, 'chaos-lord': 1 });
    const eight = field(`${raptors}${times(4, 'extra-raptors')}`);
    expect(units(eight)).toEqual({ raptors: 8, 'chaos-lord': 1 });
    expect(eight.points).toBe(175 + 4 * 35);
    // A ninth Raptor is beyond the range: one message, exit code 2.
    const nine = () => field(`${raptors}${times(5, 'extra-raptors')}`);
    expect(nine).toThrow(InputError);
    expect(nine).toThrow('upgrade "Extra Raptors" may be taken 4 time(s) per formation');
    // The audit values the smallest size only.
    expect(formationVariants(data, 'chaos-space-marine-black-legion', 'raptor-cult')).toEqual([raptors]);
  });

  it('Terminators "between four and six ... +60 points per extra"; Noise Marines "between six and ten ... +35 points per extra"', () => {
    // Black Legion Chaos Terminators: 275 points for four; Red Corsairs Terminator Retinue: 300 for four, +50 per extra.
    const six = field(`chaos-space-marine-black-legion/chaos-terminators${times(2, 'extra-chaos-space-marine-terminators')}`);
    expect(units(six)['chaos-space-marine-terminators']).toBe(6);
    expect(six.points).toBe(275 + 2 * 60);
    expect(field(`chaos-space-marine-red-corsairs/terminator-retinue${times(2, 'extra-chaos-space-marine-terminators')}`).points).toBe(300 + 2 * 50);
    expect(field(`chaos-space-marine-emperors-children/emperor-s-children-terminators+extra-emperor-s-children-terminators`).points).toBe(275 + 60);
    expect(field(`chaos-space-marine-iron-warriors/chaos-terminators${times(2, 'extra-chaos-space-marine-terminators')}`).points).toBe(275 + 2 * 60);
    // Emperor's Children Noise Marines: "300 points for six".
    const ten = field(`chaos-space-marine-emperors-children/noise-marines${times(4, 'extra-noise-marines')}`);
    expect(units(ten)['noise-marines']).toBe(10);
    expect(ten.points).toBe(300 + 4 * 35);
    expect(() => field(`chaos-space-marine-emperors-children/noise-marines${times(5, 'extra-noise-marines')}`)).toThrow('upgrade "Extra Noise Marines" may be taken 4 time(s) per formation');
  });

  it('"Up to N ..., P points each" and "Two to three ..., P points each": one more unit at P, up to the most', () => {
    const cases: Array<[string, string, string, number, number, number]> = [
      // [formation, upgrade, unit, fielded, most, points each]
      ['dark-eldar/ravens', 'extra-raven-fighters', 'raven-fighter', 2, 3, 100], // "Two to three Raven Fighters", "100 points each"
      ['dark-eldar/razorwings', 'extra-razorwing-bombers', 'razorwing', 2, 3, 125], // "Two to three Razorwing Bombers", "125 points each"
      ['dark-eldar/heavy-barges', 'extra-vessels-of-pain', 'vessel-of-pain', 1, 2, 250], // "Up to two Vessels of Pain", "250 points each"
      ['dark-eldar/spacecraft-up-to-three-corsair-class-escorts', 'extra-corsair-class-escorts', 'corsair-class-escort', 1, 3, 150], // "up to three Corsair Class Escorts", "150 points each"
      ['chaos-space-marine-black-legion/decimators', 'extra-decimators', 'decimator', 1, 3, 225], // "Up to three Decimators", "225 points each"
      ['chaos-space-marine-black-legion/deathwheels', 'extra-deathwheels', 'deathwheel', 1, 3, 275], // "Up to three Deathwheels", "275 points each"
      ['chaos-space-marine-iron-warriors/super-heavy-company', 'extra-decimators', 'decimator', 1, 3, 225], // "Up to three Decimators", "225 points each"
      ['chaos-cultist-slaves-to-darkness/khorne-lord-of-battles', 'extra-lord-of-battles', 'lord-of-battles', 1, 2, 400], // "Up to two Lord of Battles", "400 points each"
      ['chaos-cultist-slaves-to-darkness/nurgle-plague-towers', 'extra-plague-towers', 'plague-tower', 1, 2, 300], // "Up to two Plague Towers", "300 points each"
      ['chaos-cultist-stigmatus-covenant/nurgle-plague-towers', 'extra-plague-towers', 'plague-tower', 1, 3, 325], // "Up to three Plague Towers", "325 points each"
      ['chaos-cultist-stigmatus-covenant/tzeentch-firelords', 'extra-firelords', 'firelord', 1, 3, 150], // "Up to three Firelords", "150 points each"
    ];
    for (const [formation, extra, unit, fielded, most, each] of cases) {
      expect(units(field(formation))).toEqual({ [unit]: fielded });
      expect(field(formation).points).toBe(fielded * each);
      const largest = field(`${formation}${times(most - fielded, extra)}`);
      expect(units(largest)).toEqual({ [unit]: most });
      expect(largest.points).toBe(most * each);
      expect(() => field(`${formation}${times(most - fielded + 1, extra)}`)).toThrow(InputError);
    }
  });

  it('ranges priced per unit: each pick pays its own price, at the default size and beyond', () => {
    // Black Legion Armoured Company: "Between four and eight of any of the following units: Chaos
    // Predator, Chaos Land Raider", "50 points each per Chaos Predator 75 points each per Chaos Land Raider".
    const company = 'chaos-space-marine-black-legion/armoured-company';
    expect(field(company).points).toBe(200);
    expect(field(`${company}@chaos-land-raider`).points).toBe(300);
    expect(field(`${company}@chaos-predator,chaos-land-raider`).points).toBe(250);
    const extra = 'extra-chaos-predator-or-chaos-land-raider';
    const eight = field(`${company}@chaos-land-raider+${extra}@chaos-land-raider+${extra}@chaos-land-raider+${extra}+${extra}`);
    expect(units(eight)).toEqual({ 'chaos-land-raider': 6, 'chaos-predator': 2 });
    expect(eight.points).toBe(6 * 75 + 2 * 50);
    expect(() => field(`${company}${times(5, extra)}`)).toThrow('may be taken 4 time(s) per formation');
    // Emperor's Children: 55 per Predator, 80 per Land Raider.
    expect(field('chaos-space-marine-emperors-children/armoured-company@emperors-children-land-raider').points).toBe(320);
    // Knight Pack: "Between four and six of any of the following units: Hell-Strider 50 points each,
    // Hell-Knight 75 points each, Hell-Scourge 90 points each".
    const pack = field('chaos-space-marine-emperors-children/knight-pack@hell-scourge+extra-hell-strider-hell-knight-or-hell-scourge@hell-knight+extra-hell-strider-hell-knight-or-hell-scourge');
    expect(units(pack)).toEqual({ 'hell-scourge': 4, 'hell-knight': 1, 'hell-strider': 1 });
    expect(pack.points).toBe(4 * 90 + 75 + 50);
    // Slaanesh Daemon Scout Titans: "Up to any two of the following units: Questor 275 points each, Subjugator 225 points each".
    const titans = 'chaos-cultist-slaves-to-darkness/slaanesh-daemon-scout-titans';
    expect(field(titans).points).toBe(275);
    expect(field(`${titans}@subjugator-titan`).points).toBe(225);
    expect(field(`${titans}@subjugator-titan+extra-questor-titan-or-subjugator-titan@subjugator-titan`).points).toBe(450);
    // The audit values each pick at its own price.
    expect(formationVariants(data, 'chaos-space-marine-black-legion', 'armoured-company')).toEqual([company, `${company}@chaos-land-raider`]);
  });

  it('sizes priced in columns: Big and \'Uge (Ork), medium and large (Squat, Tyranid) field two and three times the units', () => {
    // ork-war-horde.html, Warband: "Two Nobz, six Boyz and two Grotz", Normal 200, Big 350, 'Uge 500
    // ("A formation with double the normal number of units is called a big formation, and a
    // formation with three times the normal number of units is called a 'uge formation").
    expect(units(field('ork-war-horde/warband'))).toEqual({ nobz: 2, boyz: 6, grotz: 2 });
    const big = field('ork-war-horde/warband@big');
    expect(units(big)).toEqual({ nobz: 4, boyz: 12, grotz: 4 });
    expect(big.points).toBe(350);
    expect(big.name).toContain('Warband (big)');
    expect(field('ork-war-horde/warband@uge')).toMatchObject({ points: 500 });
    expect(units(field('ork-war-horde/warband@uge'))).toEqual({ nobz: 6, boyz: 18, grotz: 6 });
    expect(field('ork-war-horde/warband@normal').points).toBe(200);
    // A choice's count grows with it: Blitz Brigade "Any four of the following units: Deth Kopta, Flakwagon, Gunwagon", Big 250.
    const blitz = field('ork-war-horde/blitz-brigade@big,flakwagon');
    expect(units(blitz)).toEqual({ flakwagon: 8 });
    expect(blitz.points).toBe(250);
    // squat.html, Warrior Brotherhood: "One Hearthguard and nine Warriors", S 250, M 450, L 650;
    // "Add up to three Rapiers for +25 points each": at medium, up to six.
    const medium = field(`squat/warrior@medium${times(6, 'warrior-add-up-to-three-rapiers')}`);
    expect(units(medium)).toEqual({ hearthguard: 2, 'squat-warriors': 18, 'squat-rapier': 6 });
    expect(medium.points).toBe(450 + 6 * 25);
    expect(() => field(`squat/warrior@medium${times(7, 'warrior-add-up-to-three-rapiers')}`)).toThrow('may be taken 6 time(s) per formation');
    expect(field('squat/warrior@large').points).toBe(650);
    // "a normal sized Kult of Speed can include 0–1 Oddboy, a big Kult of Speed can include 0–2":
    // Mekboy Gunzmob "Five Big Gunz", Big 225, "Add up to one Oddboy character to a Big Gunz unit for +50 points".
    const oddboy = 'mekboy-gunzmob-add-up-to-one-oddboy-character-to-a-big-gunz';
    expect(field(`ork-war-horde/mekboy-gunzmob@big+${oddboy}+${oddboy}`).points).toBe(225 + 2 * 50);
    expect(() => field(`ork-war-horde/mekboy-gunzmob+${oddboy}+${oddboy}`)).toThrow('may be taken 1 time(s) per formation');
    // tyranid.html, Tyranid Swarm: S 200, M 375, L 525; its alternative doubles too.
    const swarm = field('tyranid/tyranid-swarm@medium,tyranid-warriors');
    expect(units(swarm)).toEqual({ 'tyranid-warriors': 4, hormagaunts: 12 });
    expect(swarm.points).toBe(375);
    // A size the list prints "n/a" for, or two sizes: one message each (exit code 2).
    // ork-feral-orks.html, Junka Brigade: "Six Boyz and six Junkatrukks", 175, 300, n/a.
    const uge = () => field('ork-feral-orks/junka-brigade@uge');
    expect(uge).toThrow(InputError);
    expect(uge).toThrow('formation "junka-brigade" offers no option "uge" to pick with "@"; expected one of "normal", "big"');
    expect(() => field('ork-war-horde/warband@big,uge')).toThrow('sizes "@big", "@uge" of formation "warband": pick one');
    // The audit values the formation at its own size only.
    expect(formationVariants(data, 'ork-war-horde', 'warband')).toEqual(['ork-war-horde/warband']);
  });

  it('upgrades printed in the units cell are offered: "(Add up to two Daemonic Assault Engines)" "(+75 points each)"', () => {
    // chaos-cultist-slaves-to-darkness.html: "Four Daemonic Assault Engines (Add up to two Daemonic
    // Assault Engines)", "275 points (+75 points each)"; "Two Firelords (Add up to one Firelord)", "250 points (+100 points)".
    const engines = 'chaos-cultist-slaves-to-darkness/khorne-daemonic-assault-engines';
    const up = 'add-up-to-two-daemonic-assault-engines';
    expect(field(engines).points).toBe(275);
    const six = field(`${engines}+${up}+${up}`);
    expect(units(six)).toEqual({ 'daemon-assault-engine': 6 });
    expect(six.points).toBe(275 + 2 * 75);
    expect(() => field(`${engines}+${up}+${up}+${up}`)).toThrow(InputError);
    const firelords = field('chaos-cultist-slaves-to-darkness/tzeentch-firelords+add-up-to-one-firelord');
    expect(units(firelords)).toEqual({ firelord: 3 });
    expect(firelords.points).toBe(350);
  });
});
