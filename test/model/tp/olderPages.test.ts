import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeImpliedEndTags } from '../../../src/model/tp/impliedEndTags.js';
import { parsePage } from '../../../src/model/tp/htmlTables.js';
import { importTournamentPack } from '../../../src/model/tp/importer.js';
import { MINI_PACK, writeMiniTournamentPack } from '../../helpers/miniTournamentPack.js';
import { testTempDir } from '../../helpers/tempDir.js';

/**
 * Pages written the way the Tournament Pack wrote them before 2020-2024, on an invented list
 * (nothing of the real pack is copied): rows without `</tr>`, an Upgrades cell reading "All" over
 * upgrade tables that print only a cost, and a Units header spanning two columns whose second
 * cell reads "None".
 */

const FILES: Record<string, string> = {
  '_special_rules/damage-capacity-2.md': '---\nname: Damage Capacity 2\n---\n',
  '_weapons/lance-gun.md': '---\nname: Lance Gun\nmodes:\n  -\n    range: 60cm\n    firepower: AP5+/AT4+\n---\n',
  '_weapons/star-cannon.md': '---\nname: Star Cannon\nmodes:\n  -\n    range: 45cm\n    firepower: AP4+/AT4+\n---\n',
  '_units/guard.md': '---\nname: Guard\ntype: INF\nspeed: 15cm\narmour: 5+\ncc: 5+\nff: 4+\nweapons:\n  -\n    id: lance-gun\n---\n',
  '_units/strider.md': '---\nname: Strider\ntype: WE\nspeed: 20cm\narmour: 4+\ncc: 5+\nff: 4+\nspecial_rules:\n  - damage-capacity-2\nnotes:\n  |\n    Critical Hit Effect: Destroyed.\nweapons:\n  -\n    id: star-cannon\n---\n',
  '_forces/wardens.md': '---\nname: Wardens\nunits:\n  - guard\n  - strider\n---\n',
};

function page(body: string): string {
  return `---\ntitle: Wardens\nname: Warden Host\nforces:\n  - wardens\n---\n<p>Warden Host armies have a strategy rating of 3. All formations have an initiative rating of 2+.</p>\n${body}\n`;
}

function writePack(dir: string, body: string): string {
  for (const [path, text] of Object.entries({ ...FILES, '_army_lists/wardens.html': page(body) })) {
    mkdirSync(join(dir, '_site', path, '..'), { recursive: true });
    writeFileSync(join(dir, '_site', path), text);
  }
  return dir;
}

const formationsOf = (dir: string) => importTournamentPack(dir).dataset.armies.get('wardens')!;

describe('the end tags HTML lets a table leave out', () => {
  it('writes out each </td>, </th> and </tr> a row leaves out, in nested tables too, and counts each table\'s own rows', () => {
    const closed = closeImpliedEndTags('<table><caption>A</caption><tbody><tr><td>x<tr><td>y<td>z</tr></tbody></table><table><tr><td><table><caption>In</caption><tr><th>w</table></td></tr></table>');
    expect(closed.html).toBe('<table><caption>A</caption><tbody><tr><td>x</td></tr><tr><td>y</td><td>z</td></tr></tbody></table><table><tr><td><table><caption>In</caption><tr><th>w</th></tr></table></td></tr></table>');
    expect(closed.tables).toEqual([{ caption: 'A', rows: 2 }, { caption: '', rows: 1 }, { caption: 'In', rows: 1 }]);
  });

  it('leaves a page that closes its rows as it is', () => {
    const html = '<p>a</p><table><caption>A</caption><tr><td>x</td></tr></table>';
    expect(closeImpliedEndTags(html).html).toBe(html);
  });

  it('reads a table whose rows leave out </tr> like the same table with them; one the parser still mangles is named with the rows it lost', () => {
    const rows = (end: string) => `<table><caption>Support</caption><thead><tr><th>Formation</th><th>Units</th><th>Cost</th>${end}</thead><tbody><tr><td>Pack</td><td>Two Striders</td><td>300 points</td>${end}<tr><td>Line</td><td>Six Guard</td><td>150 points</td>${end}</tbody></table>`;
    const open = parsePage(rows(''));
    const closed = parsePage(rows('</tr>'));
    expect(open.grids.map((g) => g.rows.map((r) => r.map((c) => c?.text)))).toEqual(closed.grids.map((g) => g.rows.map((r) => r.map((c) => c?.text))));
    expect(open.grids[0]!.rows).toHaveLength(2);
    expect(open.lost).toEqual([]);
    // An unclosed <div> in a cell: node-html-parser drops the row that holds it.
    const mangled = parsePage('<table><caption>Broken</caption><tr><td><div>Pack</td><td>300 points</td></tr><tr><td>Line</td><td>150 points</td></tr></table>');
    expect(mangled.lost).toEqual([{ caption: 'Broken', lost: '1 of its 2 rows' }]);
  });
});

describe('the importer on pages of older Tournament Pack versions', () => {
  it('imports a support table whose rows leave out </tr> whole (before 2020 the Steel Legion lost 12 formations so)', () => {
    const body = '<table><caption>Warden Support</caption><thead><tr><th>Formation</th><th>Units</th><th>Cost</th></tr></thead><tbody><tr><td>Guard Line</td><td>Six Guard</td><td>150 points</td><tr><td>Strider Pack</td><td>Two Striders</td><td>300 points</td><tr><td>Lone Strider</td><td>One Strider</td><td>175 points</td></tbody></table>';
    const army = formationsOf(writePack(testTempDir('eb-older-'), body));
    expect(army.formations.map((f) => [f.id, f.points])).toEqual([['guard-line', 150], ['strider-pack', 300], ['lone-strider', 175]]);
  });

  it('names a table the HTML reader loses rows of in the import report, as a "table" it could not map', () => {
    const body = '<table><caption>Warden Support</caption><tr><th>Formation</th><th>Units</th><th>Cost</th></tr><tr><td><div>Guard Line</td><td>Six Guard</td><td>150 points</td></tr><tr><td>Strider Pack</td><td>Two Striders</td><td>300 points</td></tr></table>';
    const { report } = importTournamentPack(writePack(testTempDir('eb-older-'), body));
    expect(report.unmapped.filter((u) => u.kind === 'table')).toEqual([{ kind: 'table', id: 'wardens/warden-support', name: 'Warden Support', file: '_site/_army_lists/wardens.html', reason: 'the HTML reader lost 1 of its 3 rows: the formations and upgrades those rows print are not imported' }]);
  });

  it('reads an Upgrades cell of "All" as every upgrade of the list\'s Upgrade tables, those that print only a cost too (the Titan Legion before 2026)', () => {
    const body = [
      '<table><caption>Warden Formations</caption><thead><tr><th>Formation</th><th>Units</th><th>Upgrades</th><th>Cost</th></tr></thead><tbody>',
      '<tr><td>Guard Line</td><td>Six Guard</td><td>All</td><td>150 points</td></tr>',
      '<tr><td>Strider Pack</td><td>Two Striders</td><td>None</td><td>300 points</td></tr>',
      '</tbody></table>',
      '<table><caption>Warden Upgrades</caption><thead><tr><th>Upgrade</th><th>Cost</th></tr></thead><tbody><tr><td>Strider</td><td>+150 points</td></tr></tbody></table>',
    ].join('\n');
    const army = formationsOf(writePack(testTempDir('eb-older-'), body));
    const upgrade = army.upgrades.find((u) => u.name === 'Strider')!;
    expect(upgrade.points).toBe(150);
    expect(upgrade.add).toEqual([{ unit: 'strider', count: 1 }]);
    expect(army.formations.find((f) => f.id === 'guard-line')!.upgrades).toEqual([upgrade.id]);
    expect(army.formations.find((f) => f.id === 'strider-pack')!.upgrades).toEqual([]);
  });

  it('reads "None" in the second column under a two-column Units header as no upgrades, not part of the units (the Necron Harvesters before 2024)', () => {
    const body = '<table><caption>Warden Engines</caption><thead><tr><th>Formation</th><th colspan="2">Units</th><th>Cost</th></tr></thead><tbody><tr><td>Strider Pack</td><td>Two Striders</td><td>None</td><td>300 points</td></tr></tbody></table>';
    const { dataset, report } = importTournamentPack(writePack(testTempDir('eb-older-'), body));
    const f = dataset.armies.get('wardens')!.formations[0]!;
    expect([f.id, f.points, f.units]).toEqual(['strider-pack', 300, [{ unit: 'strider', count: 2 }]]);
    expect(report.decisions.map((d) => d.message)).toContain('formation "Strider Pack": the second column under "Units" reads "None": no upgrades, not a unit');
  });

  it('imports the mini pack the same with its rows\' </tr> left out', () => {
    const closed = importTournamentPack(writeMiniTournamentPack(testTempDir('eb-older-'))).dataset;
    const open = importTournamentPack(writeMiniTournamentPack(testTempDir('eb-older-'), { leaveOutRowEnds: true })).dataset;
    const lists = Object.keys(MINI_PACK.lists);
    expect(lists.map((l) => open.armies.get(l))).toEqual(lists.map((l) => closed.armies.get(l)));
  });
});
