import { describe, expect, it } from 'vitest';
import { loadEpic40kLists } from '../../src/rulesets/epic40k/model/load.js';
import { parseEpic40kDetachment } from '../../src/rulesets/epic40k/model/detachment.js';
import { characterRow, listDetachments } from '../../src/rulesets/epic40k/model/listDetachments.js';
import type { Unit } from '../../src/rulesets/epic40k/model/schema.js';
import { problemsOf } from '../helpers/simulate.js';

const lists = loadEpic40kLists();
const unitOf = (army: string, name: string): Unit => {
  const u = lists.get(army)!.units.find((x) => x.name === name || x.aliases.includes(name));
  if (!u) throw new Error(`${army}/${name} missing`);
  return u;
};
const fpText = (u: Unit) => (u.firepower.kind === 'normal' ? String(u.firepower.value) : u.firepower.kind === 'anti-tank' ? `(${u.firepower.shots})` : u.firepower.kind);
const rangeText = (u: Unit) => (u.range === null ? 'n/a' : u.range.min > 0 ? `${u.range.min}-${u.range.max}` : String(u.range.max));

describe('Epic 40,000 lists: integrity', () => {
  it('holds the five lists with the seed\'s 137 profiles (and the Leviathan line; the Orks\' "Warboss/Nobz" row, L2620, as two units priced apart)', () => {
    expect([...lists.keys()].sort()).toEqual(['chaos', 'eldar', 'imperium', 'orks', 'tyranids']);
    expect(['chaos', 'eldar', 'imperium', 'orks', 'tyranids'].map((a) => lists.get(a)!.units.length)).toEqual([35, 26, 40, 23, 14]);
  });
  it('every profile and row records a line inside its army\'s section of the seed', () => {
    for (const a of lists.values()) {
      for (const u of a.units) expect(u.line >= a.lines[0] && u.line <= a.lines[1], `${a.id}/${u.name} L${u.line}`).toBe(true);
      for (const d of a.detachments) for (const s of d.sections) for (const r of s.rows) expect(r.line >= a.lines[0] && r.line <= a.lines[1], `${d.name} L${r.line}`).toBe(true);
    }
  });
});

// Spot checks typed by hand from the seed: army, unit, line, "speed/range/firepower/assault/armour", abilities.
const PROFILES: Array<[string, string, number, string, string[]]> = [
  ['chaos', 'Chaos Space Marines', 1475, '10/30/1/3/5', ['rapid-fire']],
  ['chaos', 'Berzerkers', 1476, '10/30/1/3/5', ['rapid-fire', 'rampage', 'assault']],
  ['chaos', 'Noise Marines', 1477, '10/30/1/3/5', ['heavy-weapons', 'stubborn']],
  // "Anti-tank" is the firepower's kind, "(2)" its shots; "Transport-2" is checked below.
  ['chaos', 'Land Raider', 1489, '20/45/(2)/2/6', []],
  ['chaos', 'Khorne Engine', 1492, '20/30/2/D3+3/6', ['rampage']],
  ['chaos', 'Nurgle Engine', 1493, '20/30-90/disrupt/1/5', ['artillery']],
  ['chaos', 'Chaos Artillery', 1496, '10/90/heavy-barrage/0/5', ['artillery']],
  ['chaos', 'Bloodthirster', 1510, '25/n/a/0/10/6', ['skimmer', 'save', 'rampage']],
  ['chaos', 'Cultist', 1523, '10/30/1/1/3', []],
  ['eldar', 'Avatar', 1865, '15/n/a/0/8/6', ['save', 'rampage', 'commander']],
  ['eldar', 'Guardians', 1866, '15/15/2/1/3', []],
  ['eldar', 'Wraithguard', 1869, '10/15/(1)/3/6', []],
  ['eldar', 'Dark Reapers', 1874, '15/15/1/4/4', ['heavy-weapons']],
  ['eldar', 'Wave Serpent', 1887, '30/30/disrupt/2/6', ['skimmer']],
  ['eldar', 'Fire Prism', 1889, '30/45/(1)/1/5', ['skimmer', 'flak']],
  ['imperium', 'Inquisitor Lord', 2145, '10/30/1/3/5', ['hero', 'rapid-fire', 'stubborn', 'commander']],
  ['imperium', 'Imperial Guard', 2146, '10/30/1/1/3', []],
  ['imperium', 'Ogryns', 2151, '10/15/1/4/5', []],
  ['imperium', 'Leman Russ', 2156, '25/45/3/1/6', []],
  ['imperium', 'Siege Artillery', 2163, '10/45-125/heavy-barrage/0/5', ['artillery']],
  ['imperium', 'Space Marines', 2185, '10/30/1/3/5', ['rapid-fire', 'stubborn']],
  ['imperium', 'Devastator Squad', 2189, '10/30/1/3/5', ['heavy-weapons', 'no-rapid-fire']],
  ['imperium', 'Land Raider', 2200, '20/45/(2)/2/6', []],
  ['imperium', 'Vindicator', 2204, '25/15/3/1/6', ['close-support']],
  ['orks', 'Orks', 2617, '10/30/1/2/4', []],
  ['orks', 'Shooty Boyz', 2622, '10/30/1/2/4', ['heavy-weapons']],
  ['orks', 'Gretchin', 2627, '10/15/1/1/3', []],
  ['orks', 'Battlewagon', 2636, '25/45/1/2/5', []],
  ['orks', 'Squiggoth', 2641, '15/30/2/D6/5', ['rampage']],
  ['tyranids', 'Termagants', 2895, '15/15/1/2/3', []],
  ['tyranids', 'Hive Tyrant', 2896, '15/30/2/6/6', ['save', 'psyker']],
  ['tyranids', 'Genestealers', 2899, '15/n/a/0/6/4', []],
  ['tyranids', 'Biovore', 2903, '10/60/disrupt/1/4', ['artillery']],
  ['tyranids', 'Assault Spawn', 2912, '25/15/2/4/6', ['rampage']],
];

describe('Epic 40,000 lists: spot checks against the seed', () => {
  for (const [army, name, line, profile, abilities] of PROFILES) {
    it(`${army}: ${name} (L${line}) ${profile}`, () => {
      const u = unitOf(army, name);
      expect(u.line).toBe(line);
      expect(`${u.speed}/${rangeText(u)}/${fpText(u)}/${u.assault}/${u.armour}`).toBe(profile);
      for (const a of abilities) expect(u.abilities).toContain(a);
    });
  }
  it('the Leviathan (L2177-2178): 10 / 6+ / Void-4 / 8 / 6 / 6', () => {
    const u = unitOf('imperium', 'Imperial Leviathan');
    expect([u.speed, u.armour, u.shields, u.damageCapacity, u.assault, u.transport]).toEqual([10, 6, { kind: 'void', points: 4 }, 8, 6, 6]);
  });
  it('transports and flyers: Rhino Transport-2 (L2209), the Chaos Land Raider Transport-2 (L1489), Thunderhawk Intercept 1 / Gunnery 4 from the "¼" (L2214)', () => {
    expect(unitOf('imperium', 'Rhino').transport).toBe(2);
    expect(unitOf('chaos', 'Land Raider').transport).toBe(2);
    const th = unitOf('imperium', 'Thunderhawk');
    expect([th.kind, th.intercept, th.gunnery, th.transport]).toEqual(['flyer', 1, 4, 6]);
    expect(th.errata.join(' ')).toContain('1/4');
  });
  const ROWS: Array<[string, number, string, string, string]> = [
    ['chaos', 1538, 'Chaos Lord (0-1x)', '1', '25'],
    ['chaos', 1562, 'Chaos Space Marine Squad', '1-2', '15'],
    ['chaos', 1589, 'Nurgle Daemon Engine', '1', '31'],
    ['chaos', 1711, 'Nurgle Daemon Engine', '1', '45'],
    ['chaos', 1655, 'Bloodthirster Greater Daemon', '1', '29'],
    ['eldar', 1923, 'Eldar Guardian Squad', '1-2', '8'],
    ['eldar', 2064, 'Phoenix Bomber', '1', '50'],
    ['imperium', 2251, 'Imperial Guard Squad', '2', '7'],
    ['imperium', 2265, 'Leman Russ Battle Tank', '1', '32'],
    ['imperium', 2442, 'Space Marine Squad', '2', '15'],
    ['imperium', 2460, 'Land Raider', '1', '35'],
    ['orks', 2684, 'Ork Boyz Mob', '1-4', '9'],
    ['orks', 2690, 'Kommandos Mob (0-1x)', '104', '12'],
    ['tyranids', 2944, 'Genestealer Brood', '1-2', '10'],
  ];
  for (const [army, line, name, units, cost] of ROWS) {
    it(`${army}: the row at L${line} "${name} | ${units} | ${cost}"`, () => {
      const rows = lists.get(army)!.detachments.flatMap((d) => d.sections.flatMap((s) => s.rows));
      const r = rows.find((x) => x.line === line);
      expect(r && [r.name, r.units, r.cost]).toEqual([name, units, cost]);
    });
  }
  it('unit points per unit with their rows: Space Marines 15 (L2442), Imperial Guard 7 (L2251), Orks 9 (L2684), Devastators 15 + 10/2', () => {
    expect([unitOf('imperium', 'Space Marines').points, unitOf('imperium', 'Space Marines').pointsLine]).toEqual([15, 2442]);
    expect([unitOf('imperium', 'Imperial Guard').points, unitOf('imperium', 'Imperial Guard').pointsLine]).toEqual([7, 2251]);
    expect([unitOf('orks', 'Orks').points, unitOf('orks', 'Orks').pointsLine]).toEqual([9, 2684]);
    expect(unitOf('imperium', 'Devastator Squad').points).toBe(20);
  });
});

describe('the catalogue matrix and audit field (listDetachments.ts)', () => {
  const skippedOf = (army: string) => listDetachments(lists, lists.get(army)!).skipped;
  it('characters, one per detachment on the cards, are left out with the row that says so', () => {
    // L1538 "Chaos Lord (0-1x) | 1 | 25" (Command); L2544 "Chapter Master | 1 | 50" ("up to 1 Supreme Commander", L2536); L1605 "Include a Demagogue | - | +8".
    const lord = skippedOf('chaos').find((x) => x.name === 'Chaos Lord')!;
    expect(lord.reason).toContain('a character');
    expect(lord.reason).toContain('L1538 "Chaos Lord (0-1x) | 1 | 25"');
    expect(skippedOf('imperium').find((x) => x.name === 'Chapter Master')!.reason).toContain('L2544 "Chapter Master | 1 | 50"');
    expect(skippedOf('chaos').find((x) => x.name === 'Demagogue')!.reason).toContain('L1605 "Include a Demagogue | - | +8"');
    const characters = (army: string) => lists.get(army)!.units.filter((u) => characterRow(lists.get(army)!, u) !== null).map((u) => u.name);
    expect(['chaos', 'eldar', 'imperium', 'orks', 'tyranids'].map(characters)).toEqual([
      ['Chaos Lord', 'Chaos Sorcerer', 'Daemon Prince', 'Demagogue', 'Magus'],
      ['Avatar', 'Farseer', 'Warlock', 'Exarch', 'Great Harlequin', 'Shadow Seer'],
      ['Inquisitor Lord', 'Colonel', 'Chapter Master', 'Captain', 'Librarian'],
      ['Warlord', 'Warboss', 'Weirdboy'],
      [],
    ]);
  });
  it('Nobz, priced per mob (L2685), and three Hive Tyrants ("choose 3 and only 3 Synapse creatures", L2926) are fielded in copies; the Warboss, the same profile (L2620), costs 40 as an HQ (L2668)', () => {
    const orks = listDetachments(lists, lists.get('orks')!).formations;
    expect(orks.find((f) => f.id === 'nobz')!.label).toBe('11 Nobz (154)');
    expect([unitOf('orks', 'Nobz').points, unitOf('orks', 'Nobz').pointsLine, unitOf('orks', 'Warboss').points, unitOf('orks', 'Warboss').pointsLine]).toEqual([14, 2685, 40, 2668]);
    expect(unitOf('orks', 'Warboss/Nobz').id).toBe('nobz');
    expect(parseEpic40kDetachment(lists, '1 Warboss, 6 Orks').points).toBe(40 + 6 * 9);
    expect(listDetachments(lists, lists.get('tyranids')!).formations.find((f) => f.id === 'hive-tyrant')!.label).toBe('3 Hive Tyrant (150)');
    expect([...lists.values()].map((a) => listDetachments(lists, a).formations.length)).toEqual([26, 15, 30, 18, 12]);
  });
});

describe('Epic 40,000 detachments written as units', () => {
  it('resolves names and aliases, sums points, keeps the order', () => {
    const d = parseEpic40kDetachment(lists, '6 Space Marines, 2 Rhino');
    expect(d.units.map((u) => u.unit.name)).toEqual([...new Array(6).fill('Space Marines'), 'Rhino', 'Rhino']);
    expect(d.points).toBe(6 * 15 + 2 * 7);
    expect(parseEpic40kDetachment(lists, 'chaos/2 Land Raider').units[0]!.unit.line).toBe(1489);
  });
  it('bad input: an ambiguous name, an unknown unit, a NetEA formation, a flyer', () => {
    expect(problemsOf(() => parseEpic40kDetachment(lists, '1 Land Raider'))[0]!.message).toContain('chaos and imperium');
    expect(problemsOf(() => parseEpic40kDetachment(lists, '4 Devastator Marines'))[0]!.message).toContain('unknown Epic 40,000 unit');
    expect(problemsOf(() => parseEpic40kDetachment(lists, 'codex-astartes/tactical-detachment'))[0]!.message).toContain('not an Epic 40,000 army list');
    expect(problemsOf(() => parseEpic40kDetachment(lists, '2 Thunderhawk'))[0]!.message).toContain('flyer');
  });
});
