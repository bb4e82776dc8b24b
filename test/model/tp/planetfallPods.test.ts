import { expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { boardPods } from '../../../src/model/planetfallPods.js';
import { newUnit } from '../../../src/model/resolvedUnit.js';
import { changesAnEngagement, ruleOfNote } from '../../../src/model/ruleReach.js';
import { Upgrade } from '../../../src/model/schema.js';
import { UnitResolver } from '../../../src/model/tp/names.js';
import { readPlanetfallPods } from '../../../src/model/tp/planetfallPodText.js';
import { inProcess } from '../../helpers/cli.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * The planetfall transports priced per unit: Dreadclaws (Black Legion, Emperor's Children, Iron
 * Warriors: "Transport a formation containing only infantry units and Chaos Dreadnoughts in
 * Dreadclaws", "+5 points per unit") and the Red Corsairs' Drop Pods ("... in Chaos Drop Pods",
 * "+10 points per unit"). Prices are the printed formation cost plus the per-unit price times the
 * units fielded once the other upgrades are applied (characters are not units).
 */
describeWithTp('Tournament Pack planetfall pods priced per unit', (tpDir) => {
  const { dataset: data, report } = importedTournamentPack(tpDir);
  const upgradeOf = (army: string, id: string) => data.armies.get(army)!.upgrades.find((u) => u.id === id)!;
  const takers = (army: string, id: string) => data.armies.get(army)!.formations.filter((f) => f.upgrades.includes(id)).map((f) => f.id).sort();
  const refusal = (text: string) => {
    try {
      parseFormation(data, text);
    } catch (e) {
      if (e instanceof InputError) return e.message;
      throw e;
    }
    return 'not refused';
  };

  it('the four upgrades are read: priced per unit, the pods, and the units the pod\'s notes let it carry', () => {
    // Dreadclaw: "May transport one formation of infantry units (except Chaos Space Marine Bikes) and Chaos Dreadnoughts."
    // The Chaos Siege Dreadnought and the Emperor's Children Dreadnought "count as" a Chaos Dreadnought for being transported.
    const dreadclaws = (units: string[]) => ({
      id: 'dreadclaws',
      name: 'Dreadclaws',
      points: 5,
      add: [],
      remove: [],
      choices: [],
      perUnit: true,
      planetfallPods: { pod: 'dreadclaw', types: ['INF'], except: ['chaos-space-marine-bikes'], units },
      notes: 'Transport a formation containing only infantry units and Chaos Dreadnoughts in Dreadclaws (+5 points per unit); per unit',
    });
    expect(upgradeOf('chaos-space-marine-black-legion', 'dreadclaws')).toEqual(dreadclaws(['chaos-dreadnought']));
    expect(upgradeOf('chaos-space-marine-emperors-children', 'dreadclaws')).toEqual(dreadclaws(['chaos-dreadnought', 'emperors-children-dreadnought']));
    expect(upgradeOf('chaos-space-marine-iron-warriors', 'dreadclaws')).toEqual(dreadclaws(['chaos-dreadnought', 'chaos-siege-dreadnought']));
    // Chaos Drop Pod: "May transport one formation of only the following units: Berzerkers, Chaos Dreadnoughts,
    // Chaos Space Marine Chosen, Chaos Space Marines, Daemon Prince, Havocs, Noise Marines, Plague Marines, Thousand Sons."
    expect(upgradeOf('chaos-space-marine-red-corsairs', 'drop-pods')).toEqual({
      id: 'drop-pods',
      name: 'Drop Pods',
      points: 10,
      add: [],
      remove: [],
      choices: [],
      perUnit: true,
      planetfallPods: {
        pod: 'chaos-drop-pod',
        types: [],
        except: [],
        units: ['berzerkers', 'chaos-dreadnought', 'chaos-space-marine-chosen', 'chaos-space-marines', 'daemon-prince', 'havocs', 'noise-marines', 'plague-marines', 'thousand-sons'],
      },
      notes: 'Transport a formation containing only infantry units and Chaos Dreadnoughts in Chaos Drop Pods (+10 points per unit); per unit',
    });
  });

  it('mapped and offered by the formations whose rows name them; the import report lists none of the four', () => {
    expect(takers('chaos-space-marine-black-legion', 'dreadclaws')).toEqual(['chaos-terminators', 'chosen', 'retinue']);
    expect(takers('chaos-space-marine-emperors-children', 'dreadclaws')).toEqual(['chosen', 'emperor-s-children-terminators', 'noise-marines', 'retinue']);
    expect(takers('chaos-space-marine-iron-warriors', 'dreadclaws')).toEqual(['chosen', 'dreadnought-assault-pack', 'siege-hammer-company']);
    expect(takers('chaos-space-marine-red-corsairs', 'drop-pods')).toEqual(['chosen', 'cult-marines', 'renegade-warbard']);
    expect(report.unmapped.filter((u) => /\/(dreadclaws|drop-pods)$/.test(u.id))).toEqual([]);
  });

  it('every formation offering one takes it as listed: its printed cost plus the price times its units', () => {
    const priced: string[] = [];
    for (const army of data.armies.values()) {
      for (const f of army.formations) {
        for (const id of f.upgrades.filter((u) => army.upgrades.find((x) => x.id === u)!.perUnit === true)) {
          const spec = parseFormation(data, `${army.id}/${f.id}+${id}`);
          priced.push(`${army.id}/${f.id}+${id}: ${f.points} + ${spec.units.length} x ${army.upgrades.find((x) => x.id === id)!.points} = ${spec.points}`);
        }
      }
    }
    expect(priced).toEqual([
      'chaos-space-marine-black-legion/retinue+dreadclaws: 275 + 8 x 5 = 315',
      'chaos-space-marine-black-legion/chaos-terminators+dreadclaws: 275 + 4 x 5 = 295',
      'chaos-space-marine-black-legion/chosen+dreadclaws: 125 + 4 x 5 = 145',
      'chaos-space-marine-emperors-children/retinue+dreadclaws: 225 + 6 x 5 = 255',
      'chaos-space-marine-emperors-children/chosen+dreadclaws: 125 + 4 x 5 = 145',
      'chaos-space-marine-emperors-children/emperor-s-children-terminators+dreadclaws: 275 + 4 x 5 = 295',
      'chaos-space-marine-emperors-children/noise-marines+dreadclaws: 300 + 6 x 5 = 330',
      'chaos-space-marine-iron-warriors/chosen+dreadclaws: 125 + 4 x 5 = 145',
      'chaos-space-marine-iron-warriors/dreadnought-assault-pack+dreadclaws: 225 + 5 x 5 = 250',
      'chaos-space-marine-iron-warriors/siege-hammer-company+dreadclaws: 225 + 6 x 5 = 255',
      'chaos-space-marine-red-corsairs/renegade-warbard+drop-pods: 275 + 8 x 10 = 355',
      'chaos-space-marine-red-corsairs/chosen+drop-pods: 175 + 6 x 10 = 235',
      'chaos-space-marine-red-corsairs/cult-marines+drop-pods: 275 + 8 x 10 = 355',
    ]);
  });

  it('priced per unit fielded once the other upgrades are applied, whatever the order written; characters are not counted', () => {
    // Black Legion Chosen: "Four Chaos Space Marine Chosen", 125: 125 + 4 x 5.
    const chosen = parseFormation(data, 'chaos-space-marine-black-legion/chosen+dreadclaws');
    expect(chosen.points).toBe(145);
    expect(chosen.units.map((u) => u.unit.id)).toEqual(Array(4).fill('chaos-space-marine-chosen'));
    expect(chosen.units.map((u) => u.points)).toEqual(Array(4).fill(125 / 4 + 5));
    expect(chosen.choice).toBe('upgrade Dreadclaws: 4 units at +5 points each (+20), the formation landing by planetfall in pods (Dreadclaw) removed once it has disembarked (not fielded)');
    // Iron Warriors Dreadnought Assault Pack: "Five Chaos Dreadnoughts", 225; Siege Dreadnought +50
    // adds a Chaos Siege Dreadnought, which counts as a Chaos Dreadnought: 225 + 50 + 6 x 5.
    for (const text of ['chaos-space-marine-iron-warriors/dreadnought-assault-pack+siege-dreadnought+dreadclaws', 'chaos-space-marine-iron-warriors/dreadnought-assault-pack+dreadclaws+siege-dreadnought']) {
      const pack = parseFormation(data, text);
      expect(pack.points).toBe(305);
      expect(pack.units.reduce((s, u) => s + u.points!, 0)).toBe(305);
    }
    expect(parseFormation(data, 'chaos-space-marine-iron-warriors/dreadnought-assault-pack+dreadclaws').points).toBe(250);
    // Black Legion Retinue: "Eight Chaos Space Marines, one with a Chaos Lord or Sorcerer Lord character", 275;
    // Obliterators +75 each: ten units, the Chaos Lord not one: 275 + 2 x 75 + 10 x 5.
    expect(parseFormation(data, 'chaos-space-marine-black-legion/retinue+dreadclaws+obliterators+obliterators').points).toBe(475);
    // Emperor's Children Retinue: six Chaos Space Marines, 225; Dreadnoughts +50 each: 225 + 50 + 7 x 5.
    expect(parseFormation(data, 'chaos-space-marine-emperors-children/retinue+dreadnoughts+dreadclaws').points).toBe(310);
    // Red Corsairs Renegade Warbard: eight Chaos Space Marines, 275; Havocs "Replace four Chaos Space Marines
    // with four Havocs" +50: still eight units, 275 + 50 + 8 x 10. A Daemon Prince replacing the Chaos Lord's unit is carried too.
    expect(parseFormation(data, 'chaos-space-marine-red-corsairs/renegade-warbard+drop-pods+havocs').points).toBe(405);
    expect(parseFormation(data, 'chaos-space-marine-red-corsairs/renegade-warbard+daemon-prince+drop-pods').points).toBe(405);
    // Red Corsairs Chosen: "Six Chaos Space Marine Chosen", 175: 175 + 6 x 10.
    expect(parseFormation(data, 'chaos-space-marine-red-corsairs/chosen+drop-pods').points).toBe(235);
  });

  it('a formation with a unit the pods do not carry is refused, naming it; the upgrade is taken once', () => {
    expect(refusal('chaos-space-marine-black-legion/chosen+rhinos+dreadclaws')).toBe(
      'formation "chaos-space-marine-black-legion/chosen+rhinos+dreadclaws": upgrade "Dreadclaws" lands the formation in pods (Dreadclaw) that carry only infantry units (except Chaos Space Marine Bikes), Chaos Dreadnought; this formation also fields 1 Chaos Rhino (leave out the upgrades that add them)',
    );
    expect(refusal('chaos-space-marine-black-legion/retinue+land-raiders+land-raiders+dreadclaws')).toContain('this formation also fields 2 Chaos Land Raider (leave out');
    // Obliterators are infantry, but not among the units a Chaos Drop Pod carries.
    expect(refusal('chaos-space-marine-red-corsairs/renegade-warbard+obliterators+drop-pods')).toBe(
      'formation "chaos-space-marine-red-corsairs/renegade-warbard+obliterators+drop-pods": upgrade "Drop Pods" lands the formation in pods (Chaos Drop Pod) that carry only Berzerkers, Chaos Dreadnought, Chaos Space Marine Chosen, Chaos Space Marines, Daemon Prince, Havocs, Noise Marines, Plague Marines, Thousand Sons; this formation also fields 1 Obliterators (leave out the upgrades that add them)',
    );
    expect(refusal('chaos-space-marine-black-legion/chosen+dreadclaws+dreadclaws')).toContain('upgrade "Dreadclaws" may be taken 1 time(s) per formation');
    // No formation offering Dreadclaws may add Bikes, so the exception is checked on a unit list.
    const bikes = ['chaos-space-marine-bikes', 'chaos-space-marine-bikes', 'chaos-space-marines'].map((id) => newUnit(data, data.units.get(id)!));
    const dreadclaws = upgradeOf('chaos-space-marine-black-legion', 'dreadclaws');
    expect(() => boardPods(data, bikes, dreadclaws, dreadclaws.planetfallPods!, 'bikes')).toThrow('this formation also fields 2 Chaos Space Marine Bikes (leave out');
  });

  it('a refused formation text exits with code 2 and the one message', async () => {
    const r = await inProcess(['shoot', 'chaos-space-marine-red-corsairs/cult-marines+defilers+drop-pods', '--at', 'ork-war-horde/warband', '--data', tpDir, '--trials', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('upgrade "Drop Pods" lands the formation in pods (Chaos Drop Pod) that carry only Berzerkers,');
    expect(r.stderr).toContain('this formation also fields 1 Defiler (leave out the upgrades that add them)');
  });

  it('no pod is fielded; planetfall and the Drop Pod\'s Deathwind are named, as rules acting outside the engagements played', () => {
    const claws = parseFormation(data, 'chaos-space-marine-iron-warriors/siege-hammer-company+dreadclaws');
    expect(claws.units.some((u) => u.unit.type === 'Special')).toBe(false);
    // Siege Hammer Company: "Six Chaos Assault Marines and one Iron Warriors Lord", 225: 225 + 6 x 5.
    expect(claws.points).toBe(255);
    expect(claws.unsupported).toContain('Dreadclaw: planetfall: deployment (formations start on the table)');
    const pods = parseFormation(data, 'chaos-space-marine-red-corsairs/cult-marines+drop-pods');
    expect(pods.units.map((u) => u.unit.id)).toEqual(Array(8).fill('berzerkers'));
    expect(pods.points).toBe(275 + 8 * 10);
    const landing = pods.unsupported.filter((n) => n.startsWith('Chaos Drop Pod: '));
    expect(landing.map(ruleOfNote)).toEqual(['planetfall', 'deathwind']);
    expect(landing[1]).toContain('an experiment\'s `arrive` step with "method": "drop-pod" plays it');
    expect(landing.some(changesAnEngagement)).toBe(false);
  });

  it('a transport text or pod it cannot read stays unsupported, saying why', () => {
    const units = [...data.units.values()];
    const ctx = { resolver: new UnitResolver(units.filter((u) => data.unitForce.get(u.id)?.id === 'black-legion')), listUnits: [], allUnits: data.units };
    expect(readPlanetfallPods('Transport the formation in Dreadclaws', ctx)).toEqual({
      unsupported: 'transports the formation in other units, in words not read as "Transport a formation containing only <units> in <pods>"',
    });
    expect(readPlanetfallPods('Transport a formation containing only infantry units in Chaos Rhinos', ctx)).toEqual({
      unsupported: 'transports the formation in Chaos Rhino, which has no planetfall: only pods that land the formation are read',
    });
    // The upgrade allows fewer units than the pod's notes: which governs is not guessed.
    expect(readPlanetfallPods('Transport a formation containing only Chaos Dreadnoughts in Dreadclaws', ctx)).toEqual({
      unsupported: 'Dreadclaw\'s notes let it carry units the upgrade\'s text does not ("Chaos Dreadnoughts")',
    });
  });

  it('the schema refuses a per-unit price on an upgrade that adds units', () => {
    const r = Upgrade.safeParse({ id: 'x', name: 'X', points: 5, perUnit: true, add: [{ unit: 'rhino', count: 1 }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'an upgrade priced per unit adds, removes, joins, mounts and gives nothing, and is taken once: its price counts the units the formation\'s other upgrades leave',
    ]);
  });
});
