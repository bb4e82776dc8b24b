import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/model/projectRoot.js';

/**
 * A small Tournament Pack checkout written by the tests themselves, in the
 * layout of the NetEA Tournament Pack repository (dsusco/tp.net-armageddon.org)
 * that `--data` reads: `_site/_units`, `_weapons`, `_special_rules`, `_forces`
 * (Markdown files with YAML front matter), `_army_lists` (front matter, then
 * HTML tables of formations and upgrades) and `_faqs`. Two invented army lists,
 * seven units, six weapons: so the importer, `list` and `audit` run on a
 * machine without a checkout of the real pack (nothing of it is copied here).
 *
 * A checkout is written from a description (MINI_PACK) so a test can write two
 * versions of it that differ in one printed price (`costs`), as the real pack's
 * history does when its army-list champions change a cost.
 */

interface MiniWeapon {
  name: string;
  modes: Array<{ range: string; firepower: string; rules?: string[] }>;
}

interface MiniUnit {
  name: string;
  type: 'INF' | 'LV' | 'AV';
  speed: string;
  armour: string;
  cc: string;
  ff: string;
  rules?: string[];
  /** What the unit's page prints under it (a transport's capacity). */
  notes?: string;
  weapons: Array<{ id: string; multiplier?: number }>;
}

interface MiniFormation {
  /** The formation's id as the importer makes it from `name` (the kebab-case of it). */
  id: string;
  name: string;
  units: string;
  upgrades: string[];
  cost: number;
  /** A limit printed before the name ("0–1"). */
  limit?: string;
  /** The caption of the table it is printed in, one of its list's `tables`; absent: the list's first table. */
  table?: string;
}

/** A table of formations after a list's first, with the note printed under its header. */
interface MiniTable {
  caption: string;
  note?: string;
}

interface MiniList {
  title: string;
  name: string;
  force: string;
  /** The paragraph before the tables: strategy rating and initiative. */
  ratings: string;
  caption: string;
  /** Tables of formations after the first (`caption`), in order. */
  tables?: MiniTable[];
  formations: MiniFormation[];
  /** `limit`: printed before the name ("0–1 ... per army"). */
  upgrades: Array<{ name: string; units: string; cost: string; limit?: string }>;
  /** The front matter's "Using the army list" text: how an army is built. */
  using?: string;
}

/** The invented pack: its lists, units, weapons, rules and forces, by file name (the item's id). */
export const MINI_PACK = {
  rules: {
    leader: { name: 'Leader', text: 'A made-up text: the formation rallies more easily.' },
    transport: { name: 'Transport', text: 'A made-up text: carries infantry.' },
    'macro-weapon': { name: 'Macro-weapon', abbr: 'MW', text: 'A made-up text: ignores armour.' },
  } as Record<string, { name: string; abbr?: string; text: string }>,
  weapons: {
    'las-carbine': { name: 'Las Carbine', modes: [{ range: '45cm', firepower: 'AP5+/AT6+' }] },
    'lance-launcher': { name: 'Lance Launcher', modes: [{ range: '45cm', firepower: 'AP5+/AT5+' }] },
    'siege-gun': { name: 'Siege Gun', modes: [{ range: '75cm', firepower: 'AP4+/AT4+' }] },
    'pintle-gun': { name: 'Pintle Gun', modes: [{ range: '(15cm)', firepower: 'Small Arms' }] },
    'scrap-gun': { name: 'Scrap Gun', modes: [{ range: '30cm', firepower: 'AP6+/AT6+' }] },
    'wrecking-blade': { name: 'Wrecking Blade', modes: [{ range: '(bc)', firepower: 'Assault Weapons', rules: ['macro-weapon'] }] },
  } as Record<string, MiniWeapon>,
  units: {
    warden: { name: 'Warden', type: 'INF', speed: '15cm', armour: '4+', cc: '4+', ff: '4+', weapons: [{ id: 'las-carbine' }] },
    lancer: { name: 'Lancer', type: 'INF', speed: '15cm', armour: '4+', cc: '5+', ff: '3+', weapons: [{ id: 'lance-launcher', multiplier: 2 }] },
    hauler: { name: 'Hauler', type: 'AV', speed: '30cm', armour: '5+', cc: '6+', ff: '6+', rules: ['transport'], notes: 'May transport two Warden or Lancer units.', weapons: [{ id: 'pintle-gun' }] },
    bastion: { name: 'Bastion', type: 'AV', speed: '20cm', armour: '4+', cc: '6+', ff: '4+', weapons: [{ id: 'siege-gun' }, { id: 'pintle-gun' }] },
    brute: { name: 'Brute', type: 'INF', speed: '15cm', armour: '6+', cc: '4+', ff: '6+', weapons: [{ id: 'scrap-gun' }] },
    'brute-boss': { name: 'Brute Boss', type: 'INF', speed: '15cm', armour: '4+', cc: '3+', ff: '5+', rules: ['leader'], weapons: [{ id: 'scrap-gun', multiplier: 2 }, { id: 'wrecking-blade' }] },
    'battle-cart': { name: 'Battle Cart', type: 'AV', speed: '25cm', armour: '4+', cc: '6+', ff: '5+', rules: ['transport'], notes: 'May transport two Brute units.', weapons: [{ id: 'scrap-gun', multiplier: 2 }] },
  } as Record<string, MiniUnit>,
  forces: {
    'star-warden': { name: 'Star Warden', units: ['warden', 'lancer', 'hauler', 'bastion'] },
    'iron-horde': { name: 'Iron Horde', units: ['brute', 'brute-boss', 'battle-cart'] },
  } as Record<string, { name: string; units: string[] }>,
  lists: {
    'star-wardens': {
      title: 'Star Wardens',
      name: 'Star Warden Host',
      force: 'star-warden',
      ratings: 'Star Warden Host armies have a strategy rating of 4. All formations have an initiative rating of 1+.',
      caption: 'Star Warden Formations',
      tables: [
        { caption: 'Star Warden Support Formations', note: '(Any one support formation may be fielded per each warden line.)' },
        { caption: 'Star Warden Engines', note: '(Up to a third of the points available may be spent on these formations.)' },
      ],
      formations: [
        { id: 'warden-line', name: 'Warden Line', units: 'Six Warden units and three Haulers', upgrades: ['Lancers'], cost: 250 },
        { id: 'lancer-squad', name: 'Lancer Squad', units: 'Four Lancer units', upgrades: [], cost: 200, table: 'Star Warden Support Formations' },
        { id: 'bastion-troop', name: 'Bastion Troop', units: 'Three Bastions', upgrades: [], cost: 225, limit: '0–1', table: 'Star Warden Engines' },
      ],
      upgrades: [{ name: 'Lancers', units: 'Add two Lancer units', cost: '+50 points', limit: '0–1 per army' }],
      using: 'You must have at least one Warden Line. Lancer Squads may only be taken by a host whose Warden Lines carry banners.',
    },
    'iron-horde': {
      title: 'Iron Horde',
      name: 'The Iron Horde',
      force: 'iron-horde',
      ratings: 'Iron Horde armies have a strategy rating of 2. All formations have an initiative rating of 2+.',
      caption: 'Iron Horde Formations',
      formations: [
        { id: 'mob', name: 'Mob', units: 'One Brute Boss and eight Brute units', upgrades: [], cost: 175 },
        { id: 'big-mob', name: 'Big Mob', units: 'Two Brute Bosses and sixteen Brute units', upgrades: [], cost: 325 },
        { id: 'cart-mob', name: 'Cart Mob', units: 'Four Battle Carts', upgrades: [], cost: 200 },
      ],
      upgrades: [],
    },
  } as Record<string, MiniList>,
};

/** The formations of the mini pack as `list` names them ("iron-horde/mob"), with their printed cost. */
export const MINI_FORMATIONS: Record<string, number> = Object.fromEntries(
  Object.entries(MINI_PACK.lists).flatMap(([list, l]) => l.formations.map((f) => [`${list}/${f.id}`, f.cost])),
);

export interface MiniPackOptions {
  /** Printed costs replacing the defaults, by `list/formation` (a second version with a price changed). */
  costs?: Record<string, number>;
  /** The commit a SOURCE.md beside `_site` names: the version the importer reports. */
  commit?: string;
  /** Write the body rows without `</tr>`, as the pack's pages before 2020 sometimes did (HTML lets a row leave it out). */
  leaveOutRowEnds?: boolean;
}

/** `key: value` lines of YAML front matter, then the body. */
function markdown(fields: string[], body = ''): string {
  return `---\n${fields.join('\n')}\n---\n${body}`;
}

const yamlList = (key: string, items: string[]): string[] => (items.length === 0 ? [] : [`${key}:`, ...items.map((i) => `  - ${i}`)]);

function weaponFile(w: MiniWeapon): string {
  const modes = w.modes.flatMap((m) => ['  -', `    range: ${m.range}`, `    firepower: ${m.firepower}`, ...yamlList('special_rules', m.rules ?? []).map((l) => `    ${l}`)]);
  return markdown([`name: ${w.name}`, 'modes:', ...modes]);
}

function unitFile(u: MiniUnit): string {
  const weapons = u.weapons.flatMap((w) => ['  -', `    id: ${w.id}`, ...(w.multiplier !== undefined ? [`    multiplier: ${w.multiplier}`] : [])]);
  return markdown([`name: ${u.name}`, `type: ${u.type}`, `speed: ${u.speed}`, `armour: ${u.armour}`, `cc: ${u.cc}`, `ff: ${u.ff}`, ...yamlList('special_rules', u.rules ?? []), ...(u.notes !== undefined ? ['notes:', '  |', `    ${u.notes}`] : []), 'weapons:', ...weapons]);
}

const row = (cells: string[], end: string): string => `      <tr>${cells.map((c) => `<td>${c}</td>`).join('')}${end}`;

function table(caption: string, head: string[], rows: string[][], rowEnd: string, note?: string): string {
  return [
    '<table class="_army_list">',
    `  <caption>${caption}</caption>`,
    `  <thead>${note === undefined ? '' : `<tr><td colspan="${head.length}">${note}</td></tr>`}<tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`,
    '  <tbody>',
    ...rows.map((r) => row(r, rowEnd)),
    '  </tbody>',
    '</table>',
  ].join('\n');
}

function listFile(id: string, l: MiniList, costs: Record<string, number>, rowEnd: string): string {
  const rows = (caption: string) => l.formations
    .filter((f) => (f.table ?? l.caption) === caption)
    .map((f) => [f.limit === undefined ? f.name : `${f.limit} ${f.name}`, f.units, f.upgrades.join(', ') || 'None', `${costs[`${id}/${f.id}`] ?? f.cost} points`]);
  const tables = [{ caption: l.caption } as MiniTable, ...(l.tables ?? [])].map((t) => table(t.caption, ['Formation', 'Units', 'Upgrades', 'Cost'], rows(t.caption), rowEnd, t.note));
  if (l.upgrades.length > 0) tables.push(table(`${l.title} Upgrades`, ['Upgrade', 'Units', 'Cost'], l.upgrades.map((u) => [u.limit === undefined ? u.name : `${u.limit.replace(/^(\S+)/, `$1 ${u.name}`)}`, u.units, u.cost]), rowEnd));
  const using = l.using === undefined ? [] : ['using_the_army_list:', '  |', `    ${l.using}`];
  return markdown([`title: ${l.title}`, `name: ${l.name}`, ...yamlList('forces', [l.force]), ...using], `<p>${l.ratings}</p>\n\n${tables.join('\n\n')}\n`);
}

/**
 * Writes the mini pack into `dir` (created if missing) as a checkout: `dir/_site/...`.
 * Returns `dir`, for `--data`.
 */
export function writeMiniTournamentPack(dir: string, options: MiniPackOptions = {}): string {
  const unknown = Object.keys(options.costs ?? {}).filter((text) => !(text in MINI_FORMATIONS));
  if (unknown.length > 0) throw new Error(`no formation ${unknown.join(', ')} in the mini pack; it has ${Object.keys(MINI_FORMATIONS).join(', ')}`);
  const files: Record<string, string> = {};
  for (const [id, r] of Object.entries(MINI_PACK.rules)) files[`_special_rules/${id}.md`] = markdown([`name: ${r.name}`, ...(r.abbr ? [`abbr: ${r.abbr}`] : [])], `${r.text}\n`);
  for (const [id, w] of Object.entries(MINI_PACK.weapons)) files[`_weapons/${id}.md`] = weaponFile(w);
  for (const [id, u] of Object.entries(MINI_PACK.units)) files[`_units/${id}.md`] = unitFile(u);
  for (const [id, f] of Object.entries(MINI_PACK.forces)) files[`_forces/${id}.md`] = markdown([`name: ${f.name}`, ...yamlList('units', f.units)]);
  for (const [id, l] of Object.entries(MINI_PACK.lists)) files[`_army_lists/${id}.html`] = listFile(id, l, options.costs ?? {}, options.leaveOutRowEnds === true ? '' : '</tr>');
  files['_faqs/assaults.md'] = markdown(['name: Assaults'], 'Does a made-up question get a made-up answer?\n: Yes.\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, '_site', path, '..'), { recursive: true });
    writeFileSync(join(dir, '_site', path), text);
  }
  if (options.commit !== undefined) writeFileSync(join(dir, 'SOURCE.md'), `A test checkout standing for commit ${options.commit}.\n`);
  return dir;
}

/**
 * The reference battle (battles/reference.json) with its Tournament Pack field and
 * air defence replaced by formations of the mini pack, written to `file`: the real
 * field names formations the mini pack does not have. Returns `file`, for `--battle`.
 */
export function writeMiniBattle(file: string): string {
  const battle = JSON.parse(readFileSync(join(projectRoot(), 'battles', 'reference.json'), 'utf8')) as { $schema?: string; field: Record<string, unknown>; airDefence: Record<string, unknown> };
  const why = 'A formation of the mini Tournament Pack the tests write (test/helpers/miniTournamentPack.ts).';
  battle.field['netea-tp'] = ['star-wardens/warden-line', 'star-wardens/bastion-troop', 'iron-horde/mob', 'iron-horde/cart-mob'].map((formation) => ({ formation, why }));
  delete battle.airDefence['netea-tp'];
  // Its "./battle.schema.json" names a file beside the shipped battle, not beside this copy.
  delete battle.$schema;
  writeFileSync(file, JSON.stringify(battle, null, 2));
  return file;
}
