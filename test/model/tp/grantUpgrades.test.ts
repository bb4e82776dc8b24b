import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { ruleOfNote } from '../../../src/model/ruleReach.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { compileEngagement } from '../../../src/rulesets/netea/engine/compileEngagement.js';
import { engagement, placed, shootStep } from '../../helpers/fixtures.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * Upgrades that give units a rule ("Give up to four Scout units Sniper +10 points each"): the
 * importer reads the rule and who takes it, the formation text applies it unit by unit.
 */
describeWithTp('Tournament Pack upgrades that give units a rule', (tpDir) => {
  const data = loadDataset(tpDir);
  const marks = (f: FormationSpec) => f.units.map((u) => `${u.unit.id}${u.unit.abilities.includes('sniper') ? '+sniper' : ''}${u.unit.abilities.includes('supreme-commander') ? '+supreme-commander' : ''}${u.unit.otherRules.length > 0 ? `[${u.unit.otherRules.join(',')}]` : ''}`);

  it('every "Give ..." upgrade of the lists is read: the rule, whom it goes to, how often it may be taken', () => {
    const grants = [...data.armies.values()].flatMap((a) => a.upgrades.filter((u) => u.grant !== undefined).map((u) => `${a.id}/${u.id}: ${JSON.stringify(u.grant)} +${u.points}${u.repeatable ? ` x${u.repeatable.max ?? 'any'}` : ''}`));
    expect(grants.sort()).toEqual([
      'adeptus-mechanicus-skitarii-legion/linked-neural-network: {"rule":"self-reliant","type":"INF"} +25',
      'adeptus-mechanicus-skitarii-legion/praetorian-maniple-give-all-infantry-units-in-the-formation: {"rule":"self-reliant","type":"INF"} +25',
      'space-marine-codex-astartes/snipers: {"rule":"sniper","unit":"scout","count":1} +10 x4',
      'space-marine-imperial-fists/snipers: {"rule":"sniper","unit":"scout","count":1} +10 x4',
      'space-marine-raven-guard/ambush: {"rule":"self-planetfall","type":"INF"} +50',
      'space-marine-raven-guard/planetfall: {"rule":"planetfall"} +25',
      // "Give any number of Scout units Sniper +10 points each"
      'space-marine-raven-guard/snipers: {"rule":"sniper","unit":"scout","count":1} +10 xany',
      'space-marine-salamanders/snipers: {"rule":"sniper","unit":"scout","count":1} +10 x4',
      'space-marine-scions-of-iron/commander-give-a-land-raider-supreme-commander: {"rule":"supreme-commander","unit":"land-raider","count":1} +100',
      'space-marine-scions-of-iron/commander-replace-a-land-raider-with-a-land-raider-prometheus-with-supreme-commander: {"rule":"supreme-commander","unit":"land-raider-prometheus","count":1} +100',
      'space-marine-scions-of-iron/commander-replace-a-predator-destructor-or-vindicator-with-a-land-raider-prometheus-with-supreme-commander: {"rule":"supreme-commander","unit":"land-raider-prometheus","count":1} +125',
      'space-marine-scions-of-iron/snipers: {"rule":"sniper","unit":"scout","count":1} +10 x4',
      'space-marine-space-wolves/snipers: {"rule":"sniper","unit":"wolf-scouts","count":1} +10 x4',
      'space-marine-white-scars/snipers: {"rule":"sniper","unit":"scout","count":1} +10 x4',
      'tau/bonded-team: {"rule":"self-reliant"} +25',
    ]);
  });

  it('"+snipers" twice: two of the four Scouts fire as snipers, 150 + 2 x 10 points; a fifth is refused', () => {
    // Codex Astartes Scout: "Four Scout units plus transport", 150 points; Snipers: "Give up to four Scout units Sniper", +10 points each.
    const scouts = parseFormation(data, 'space-marine-codex-astartes/scout+snipers+snipers');
    expect(marks(scouts)).toEqual(['scout+sniper', 'scout+sniper', 'scout', 'scout', 'rhino', 'rhino']);
    expect(scouts.points).toBe(170);
    expect(scouts.units[0]!.points).toBe(parseFormation(data, 'space-marine-codex-astartes/scout').units[0]!.points! + 10);
    const attempt = () => parseFormation(data, 'space-marine-codex-astartes/scout+snipers+snipers+snipers+snipers+snipers');
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow('upgrade "Snipers" may be taken 4 time(s) per formation');
  });

  it('the engine reads the given ability: the sniper Scouts\' ranged lines carry the sniper flag, the others\' do not', () => {
    const scouts = parseFormation(data, 'space-marine-codex-astartes/scout+snipers+snipers');
    const target = parseFormation(data, 'ork-war-horde/warband');
    const e = compileEngagement(engagement([placed('a', 0, scouts), placed('t', 1, target)], [shootStep(0, 1)]));
    const sniperLines = new Map<number, boolean[]>();
    for (let l = 0; l < e.wUnit.length; l++) {
      const u = e.wUnit[l]!;
      if (e.uFormation[u] !== 0 || e.wKind[l] !== C.KIND_RANGED) continue;
      sniperLines.set(u, [...(sniperLines.get(u) ?? []), (e.wFlags[l]! & C.W_SNIPER) !== 0]);
    }
    expect([0, 1, 2, 3].map((u) => sniperLines.get(u))).toEqual([[true], [true], [false], [false]]);
  });

  it('a Land Raider made Supreme Commander, or replaced by a Prometheus that is one; a formation without one is refused, naming the count', () => {
    // Scions of Iron Land Raider: four Land Raiders, 325; "Give a Land Raider Supreme Commander", +100.
    const raiders = parseFormation(data, 'space-marine-scions-of-iron/land-raider+commander-give-a-land-raider-supreme-commander');
    expect(marks(raiders)).toEqual(['land-raider+supreme-commander', 'land-raider', 'land-raider', 'land-raider']);
    expect(raiders.points).toBe(425);
    // "Replace a Land Raider with a Land Raider Prometheus with Supreme Commander", +100: the Prometheus comes in with the ability.
    const command = parseFormation(data, 'space-marine-scions-of-iron/land-raider+commander-replace-a-land-raider-with-a-land-raider-prometheus-with-supreme-commander');
    expect(marks(command)).toEqual(['land-raider', 'land-raider', 'land-raider', 'land-raider-prometheus+supreme-commander']);
    expect(command.points).toBe(425);
    expect(command.units[3]!.points).toBe(100);
    const attempt = () => parseFormation(data, 'space-marine-scions-of-iron/bike+commander-give-a-land-raider-supreme-commander');
    expect(attempt).toThrow('upgrade "Commander: Give a Land Raider Supreme Commander" gives supreme-commander to 1 land-raider unit(s) without it, and the formation has 0');
  });

  it('a rule the engine does not play (Bonded Team\'s Self-Reliant, whose text the Tournament Pack does not hold) is named with every run, and counts as one that could change an engagement', () => {
    // Fire Warrior Cadre: "Eight Fire Warriors", 225; Bonded Team: "Give all units in the formation Self-Reliant", +25.
    const cadre = parseFormation(data, 'tau/fire-warrior-cadre+bonded-team');
    expect(marks(cadre)).toEqual(Array(8).fill('fire-warriors[self-reliant]'));
    expect(cadre.points).toBe(250);
    expect(cadre.unsupported.filter((n) => ruleOfNote(n) === 'self-reliant')).toEqual(['Fire Warriors: self-reliant']);
    // Raven Guard Ambush: "Give all infantry units Self Planetfall", +50: the infantry only, named as deployment.
    const veterans = parseFormation(data, 'space-marine-raven-guard/sternguard-veteran+ambush');
    expect(veterans.units.filter((u) => u.unit.abilities.includes('self-planetfall')).map((u) => u.unit.type)).toEqual(Array(4).fill('INF'));
    expect(veterans.unsupported.some((n) => /self-planetfall: deployment/.test(n))).toBe(true);
  });
});
