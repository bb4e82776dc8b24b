import { describe, expect, it } from 'vitest';
import { isArmyRuleNote } from '../../src/model/ruleReach.js';
import { parseFormation } from '../../src/model/formation.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { itWithTp } from '../helpers/tournamentPack.js';

/**
 * Issue 17, item 2: the army- and force-level rules a formation's army carries
 * and the simulator does not model are named with every run, like unit rules;
 * those modelled by other means, and those of list building, deployment,
 * terrain and victory, are not.
 */

const armyRules = (f: { unsupported: string[] }) => f.unsupported.filter(isArmyRuleNote);

describe('army-level rules named at run time', () => {
  const builtin = loadDataset();
  it('the 2004 lists: Commissars and Ork Warlords (free characters) and a transport allowance are named; power fields and void shields, modelled, are not', () => {
    expect(armyRules(parseFormation(builtin, 'steel-legion/infantry-company'))).toEqual([expect.stringMatching(/^Armageddon Steel Legion \(army rule\): commissars: one free Commissar per 500 points/)]);
    expect(armyRules(parseFormation(builtin, 'ork-war-horde/warband'))).toEqual([expect.stringMatching(/\(army rule\): fortresses-transport-own-formation: /), expect.stringMatching(/\(army rule\): ork-warlords: /)]);
    const gargant = parseFormation(builtin, 'ork-war-horde/great-gargant-formation');
    expect(armyRules(gargant).some((r) => r.includes('power-fields'))).toBe(false);
    expect(armyRules(parseFormation(builtin, 'titan-legion/warlord-battlegroup'))).toEqual([]);
    // List building ("two support formations per company") changes nothing in an engagement.
    expect(parseFormation(builtin, 'steel-legion/tank-company').unsupported.join(' ')).not.toMatch(/support-formations/);
  });

  itWithTp('the Tournament Pack: Eldar technology and Hit & Run on Eldar formations, Knight technology on the Knight World\'s, nothing for "plus transport" already fielded', (tpDir) => {
    const tp = loadDataset(tpDir);
    const guardian = armyRules(parseFormation(tp, 'eldar-biel-tan/guardian')).join(' | ');
    expect(guardian).toMatch(/eldar-technology/);
    expect(guardian).toMatch(/hit-and-run-tactics/);
    // Hit & Run reaches the engine as an army rule, the Dark Eldar's (the same text) as the Eldar's.
    expect(parseFormation(tp, 'eldar-biel-tan/guardian').rules).toContain('hit-and-run-tactics');
    expect(parseFormation(tp, 'dark-eldar/kabal-coterie').rules).toContain('hit-and-run-tactics');
    expect(armyRules(parseFormation(tp, 'dark-eldar/kabal-coterie')).some((n) => n.startsWith('Dark Eldar (army rule): hit-and-run-tactics: the full consolidation move'))).toBe(true);
    expect(parseFormation(tp, 'space-marine-codex-astartes/tactical').rules).not.toContain('hit-and-run-tactics');
    // Bravery (armyRuleScope.ts) and the Knight World's technology are simulated.
    const household = armyRules(parseFormation(tp, 'adeptus-mechanicus-knight-world/knight-household')).join(' | ');
    expect(household).not.toMatch(/bravery/);
    expect(household).not.toMatch(/knight-technology/);
    expect(armyRules(parseFormation(tp, 'space-marine-codex-astartes/tactical')).join(' | ')).not.toMatch(/space-marine-transports/);
  });
});
