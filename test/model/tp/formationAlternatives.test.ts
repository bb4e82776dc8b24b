import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { formationVariants } from '../../../src/model/formationChoice.js';
import { InputError } from '../../../src/model/inputError.js';
import { auditEntries } from '../../../src/reports/audit/auditEntries.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * Formation rows that offer another composition after "or", and rows whose price depends on the
 * choice ("225 or 350 points"): each alternative is fielded with `@<id>` at the price the list
 * prints (Formation.alternatives). Each is checked against the list's own page.
 */


/** The fielded units by id, a character counted on its own. */
function units(f: FormationSpec): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of f.units) for (const id of [u.unit.id, ...u.characters.map((c) => c.id)]) out[id] = (out[id] ?? 0) + 1;
  return out;
}

describeWithTp('Tournament Pack formation alternatives picked with @', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;
  const field = (text: string) => parseFormation(data, text);

  it('a composition after "or" is an alternative at the formation\'s price', () => {
    // tau.html, Fire Warrior Cadre: "Eight Fire Warriors or Six Fire Warriors and three Devilfish", 225 points.
    expect(field('tau/fire-warrior-cadre')).toMatchObject({ points: 225 });
    expect(units(field('tau/fire-warrior-cadre'))).toEqual({ 'fire-warriors': 8 });
    const devilfish = field('tau/fire-warrior-cadre@six-fire-warriors-and-three-devilfish');
    expect(units(devilfish)).toEqual({ 'fire-warriors': 6, devilfish: 3 });
    expect(devilfish.points).toBe(225);
    // tyranid.html, Tyranid Swarm: "One Hive Tyrant or two Tyranid Warriors, and any six of the
    // following units: Hormagaunts, Termagants", S 200: the choice of gaunts stays.
    expect(units(field('tyranid/tyranid-swarm'))).toEqual({ 'hive-tyrant': 1, hormagaunts: 6 });
    const warriors = field('tyranid/tyranid-swarm@tyranid-warriors,termagants');
    expect(units(warriors)).toEqual({ 'tyranid-warriors': 2, termagants: 6 });
    expect(warriors.points).toBe(200);
    expect(warriors.choice).toContain('2 Tyranid Warriors instead of 1 Hive Tyrant (as picked)');
  });

  it('"eight Berzerkers or six Noise Marines, Plague Marines or Thousand Sons": six of one cult, the Chaos Lord stays', () => {
    // chaos-space-marine-red-corsairs.html, Cult Marines: "One Chaos Lord or Sorcerer Lord character
    // and eight Berzerkers or six Noise Marines, Plague Marines or Thousand Sons", 275 points.
    expect(data.armies.get('chaos-space-marine-red-corsairs')!.formations.find((f) => f.id === 'cult-marines')!.alternatives!.map((a) => a.id)).toEqual(['noise-marines', 'plague-marines', 'thousand-sons']);
    expect(units(field('chaos-space-marine-red-corsairs/cult-marines'))).toEqual({ berzerkers: 8, 'chaos-lord': 1 });
    for (const cult of ['noise-marines', 'plague-marines', 'thousand-sons']) {
      const f = field(`chaos-space-marine-red-corsairs/cult-marines@${cult}`);
      expect(units(f)).toEqual({ [cult]: 6, 'chaos-lord': 1 });
      expect(f.points).toBe(275);
    }
    // Two cults at once: one message naming the alternatives (exit code 2).
    const mixed = () => field('chaos-space-marine-red-corsairs/cult-marines@noise-marines,plague-marines');
    expect(mixed).toThrow(InputError);
    expect(mixed).toThrow('"@plague-marines" fields 6 Plague Marines instead of 8 Berzerkers, which another pick of formation "cult-marines" has already replaced; pick one of "@noise-marines", "@plague-marines", "@thousand-sons"');
  });

  it('a choice priced "a or b points" fields each option whole at its price', () => {
    // chaos-space-marine-black-legion.html, Havocs: "Four Havocs, one with a Chaos Lord character,
    // and two Chaos Rhinos or Chaos Land Raiders", "225 points or 350 points".
    const rhinos = field('chaos-space-marine-black-legion/havocs');
    expect(units(rhinos)).toEqual({ havocs: 4, 'chaos-lord': 1, 'chaos-rhino': 2 });
    expect(rhinos.points).toBe(225);
    expect(field('chaos-space-marine-black-legion/havocs@chaos-rhino').points).toBe(225);
    const raiders = field('chaos-space-marine-black-legion/havocs@chaos-land-raider');
    expect(units(raiders)).toEqual({ havocs: 4, 'chaos-lord': 1, 'chaos-land-raider': 2 });
    expect(raiders.points).toBe(350);
    // eldar-iyanden.html, Ghost Warrior: "Four Wraithblade or Wraithguard units, one with a
    // Spiritseer", "225 or 275 points", read in the printed order.
    expect(field('eldar-iyanden/ghost-warrior').points).toBe(225);
    const wraithguard = field('eldar-iyanden/ghost-warrior@wraithguard');
    expect(units(wraithguard)).toEqual({ wraithguard: 4, spiritseer: 1 });
    expect(wraithguard.points).toBe(275);
    // dark-eldar.html, Kabal Flotilla: "Four or six Ravagers", "250 or 350 points".
    expect(field('dark-eldar/kabal-flotilla')).toMatchObject({ points: 250 });
    const six = field('dark-eldar/kabal-flotilla@six-ravagers');
    expect(units(six)).toEqual({ ravager: 6 });
    expect(six.points).toBe(350);
    const unknown = () => field('dark-eldar/kabal-flotilla@five-ravagers');
    expect(unknown).toThrow(InputError);
    expect(unknown).toThrow('formation "kabal-flotilla" offers no option "five-ravagers" to pick with "@"; expected one of "six-ravagers"');
  });

  it('terrain instead of units leaves the units out ("either three Bruenhilde or three Gun Emplacements")', () => {
    // imperial-guard-baran-siegemasters.html, Flak Battery: "Three Blitzen AA Guns and either three
    // Bruenhilde or three Gun Emplacements", 125 points.
    expect(units(field('imperial-guard-baran-siegemasters/flak-battery'))).toEqual({ 'blitzen-aa-gun': 3, bruenhilde: 3 });
    const emplaced = field('imperial-guard-baran-siegemasters/flak-battery@three-gun-emplacements');
    expect(units(emplaced)).toEqual({ 'blitzen-aa-gun': 3 });
    expect(emplaced.points).toBe(125);
    // imperial-guard-death-korps-of-krieg.html, Light Support Battery: "Four Heavy Mortars or Quad
    // Launchers, and either four Centaurs or 20cm of Trenches", 200 points.
    expect(units(field('imperial-guard-death-korps-of-krieg/light-support-battery@quad-launcher,20cm-of-trenches'))).toEqual({ 'quad-launcher': 4 });
  });

  it('the audit values each alternative beside its formation, at its own cost', () => {
    expect(formationVariants(data, 'chaos-space-marine-black-legion', 'havocs')).toEqual(['chaos-space-marine-black-legion/havocs', 'chaos-space-marine-black-legion/havocs@chaos-land-raider']);
    const entries = auditEntries(data, ['chaos-space-marine-red-corsairs']).filter((e) => e.formation === 'cult-marines');
    expect(entries.map((e) => [e.option ?? null, e.cost])).toEqual([
      [null, 275],
      ['@noise-marines', 275],
      ['@plague-marines', 275],
      ['@thousand-sons', 275],
    ]);
    // One formation each, however many alternatives: the count of formations is unchanged.
    expect(auditEntries(data, ['chaos-space-marine-red-corsairs']).filter((e) => e.variantOf === undefined)).toHaveLength(data.armies.get('chaos-space-marine-red-corsairs')!.formations.length);
  });
});
