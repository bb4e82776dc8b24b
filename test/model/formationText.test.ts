import { describe, expect, it } from 'vitest';
import { armyFormationName, parseFormation } from '../../src/model/formation.js';
import { InputError } from '../../src/model/inputError.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { shortNames } from '../../src/reports/variantFacts.js';
import { shootEngagement } from '../../src/rulesets/netea/engine/engagements.js';
import { inProcess } from '../helpers/cli.js';

/** What a formation text says back: its name, its problems, the rules it names as not simulated. */

const data = loadDataset();
const problemsOf = (text: string) => {
  try {
    parseFormation(data, text);
  } catch (e) {
    if (e instanceof InputError) return e.problems.map((p) => `${p.file}: ${p.message}`);
    throw e;
  }
  return [];
};

describe("a formation's name", () => {
  it('says the words its army and formation names share once', () => {
    expect(armyFormationName('Armageddon Steel Legion', 'Steel Legion Mechanised Infantry Company')).toBe('Armageddon Steel Legion Mechanised Infantry Company');
    expect(armyFormationName('Codex Astartes Space Marines', 'Tactical')).toBe('Codex Astartes Space Marines Tactical');
    expect(armyFormationName('Hive Fleet Onachus Tyranid', 'Tyranid Swarm')).toBe('Hive Fleet Onachus Tyranid Swarm');
    expect(parseFormation(data, 'steel-legion/mechanised-infantry-company+flak-upgrade').name).toBe('Armageddon Steel Legion Mechanised Infantry Company + Flak');
  });

  it('is shortened to the list\'s own formation name in experiment labels', () => {
    const company = parseFormation(data, 'steel-legion/infantry-company');
    const warband = parseFormation(data, 'ork-war-horde/warband+extra-big-gunz');
    const spec = shootEngagement(company, warband, { action: 'advance', crossfire: false, geometry: { gap: 30, rankWidth: 5, spacing: 5 }, attacker: { blastMarkers: 0, broken: false, cover: { kind: 'none' } }, target: { blastMarkers: 0, broken: false, cover: { kind: 'none' }, embarked: false } });
    expect(shortNames(spec, data)).toEqual(['Steel Legion Infantry Company', 'Warband + Big Gunz']);
  });
});

describe('a unit count out of range', () => {
  it('names the text once, and the part when the text has several', () => {
    expect(problemsOf('0 Devastator')).toEqual(['formation "0 Devastator": expected a unit count from 1 to 200, got 0']);
    expect(problemsOf('4 Devastator, 300 Rhino')).toEqual(['formation "4 Devastator, 300 Rhino": "300 Rhino": expected a unit count from 1 to 200']);
  });
});

describe('a "plus transport" formation of the built-in lists', () => {
  // RB 6.3.1: "Six Tactical units plus transport"; the built-in list writes its three Rhinos into the formation.
  it('is fielded with the Rhinos its list writes in, and no note says they are missing', () => {
    const tactical = parseFormation(data, 'codex-astartes/tactical-detachment');
    expect(tactical.units.filter((u) => u.unit.name === 'Rhino')).toHaveLength(3);
    expect(tactical.unsupported.filter((r) => r.startsWith('plus transport'))).toEqual([]);
    expect(tactical.choice).toBeUndefined();
  });

  it('is fielded as written, upgrades too: +razorbacks adds no Rhino; @on-foot is refused (devastator-without-rhinos is the list\'s way)', () => {
    const names = (text: string) => parseFormation(data, text).units.map((u) => u.unit.name);
    expect(names('codex-astartes/tactical-detachment+razorbacks').filter((n) => n === 'Rhino' || n === 'Razorback').sort()).toEqual(['Razorback', 'Rhino', 'Rhino']);
    expect(problemsOf('codex-astartes/tactical-detachment@on-foot')).toEqual([
      'formation "codex-astartes/tactical-detachment@on-foot": formation "tactical-detachment" is fielded with the transports its list writes into it; "@on-foot" leaves behind only those a "plus transport" cost adds (its list\'s upgrades take its own away)',
    ]);
  });

  it('shoot says nothing of transports not fielded', async () => {
    const r = await inProcess(['shoot', 'codex-astartes/tactical-detachment', '--at', '8 Ork Boyz', '--trials', '100', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { unsupported: string[] }).unsupported.filter((n) => n.includes('plus transport'))).toEqual([]);
  });
});
