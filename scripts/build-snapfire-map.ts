/**
 * Rebuilds src/rulesets/netea/model/roster/snapfire/snapfireMap.json: every formation and upgrade of
 * Snapfire's NetEA list files (adam77/snapfire, war/lists/*NETEA*.json at one commit) with what it
 * is in the NetEA Tournament Pack, by this project's importer's ids, or why it is nothing there.
 *
 *   npx tsx scripts/build-snapfire-map.ts --snapfire <snapfire checkout or git dir> [--commit <sha>] [--data <TP checkout>]
 *
 * Names are matched first (formations by name, words or their one unit; upgrades by the TP
 * upgrade's name, the units it adds or offers, the formation's own units and choices), then the
 * reviewed aliases in snapfireAliases.json override. An upgrade of one of a formation's mandatory
 * choices fields the formation's own units in Snapfire ("10 of Leman Russ, Vanquisher" for a Tank
 * Company), so it is read as the formation's units, a choice of them, or a TP upgrade that swaps
 * one for it, before any upgrade that merely adds a unit of that name. Prints what stays
 * unmatched, for review. Writes only ids and Snapfire's own facts: no Tournament Pack data.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTournamentPack } from '../src/model/tp/importer.js';
import type { Dataset } from '../src/model/dataset.js';
import type { Army, Formation, Upgrade } from '../src/model/schema.js';
import { projectRoot } from '../src/model/projectRoot.js';
import { checkoutVersion } from '../src/model/tp/version.js';
import { decodeHtml, defaultUpgrades, offeredUpgrades, readSnapfireList, type SnapfireFormation, type SnapfireList, type SnapfireUpgrade } from '../src/rulesets/netea/model/roster/snapfire/snapfireList.js';
import type { FormationMapping, SnapfireTable, UpgradeMapping } from '../src/rulesets/netea/model/roster/snapfire/snapfireTable.js';

const HERE = join(projectRoot(), 'src', 'rulesets', 'netea', 'model', 'roster', 'snapfire');

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k < 0 ? undefined : process.argv[k + 1];
}

const snapfire = arg('--snapfire');
if (snapfire === undefined) {
  process.stderr.write('usage: npx tsx scripts/build-snapfire-map.ts --snapfire <snapfire checkout or git dir> [--commit <sha>] [--data <TP checkout>]\n');
  process.exit(2);
}
const tpPath = arg('--data') ?? join(projectRoot(), '..', 'shared', 'netea-tp');

/** Reads Snapfire's files at a commit of its git directory, or from a work tree. */
const isGitDir = existsSync(join(snapfire, 'HEAD')) && existsSync(join(snapfire, 'objects'));
const git = (...args: string[]) => execFileSync('git', ['--git-dir', isGitDir ? snapfire : join(snapfire, '.git'), ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = arg('--commit') ?? git('rev-parse', 'HEAD').trim();
const listFiles = isGitDir || arg('--commit') !== undefined
  ? git('ls-tree', '-r', '--name-only', commit, 'war/lists').split('\n').filter((f) => /netea/i.test(f) && f.endsWith('.json'))
  : readdirSync(join(snapfire, 'war', 'lists'), { recursive: true }).map(String).filter((f) => /netea/i.test(f) && f.endsWith('.json')).map((f) => `war/lists/${f}`);
const readList = (file: string): string => (isGitDir || arg('--commit') !== undefined ? git('show', `${commit}:${file}`) : readFileSync(join(snapfire, file), 'utf8'));

interface Aliases {
  lists: Record<string, { tp: string; primary: boolean }>;
  formations: Record<string, Record<string, string | FormationMapping>>;
  upgrades: Record<string, Record<string, UpgradeMapping>>;
  upgradesIn: Record<string, Record<string, Record<string, UpgradeMapping>>>;
}
const aliases = JSON.parse(readFileSync(join(HERE, 'snapfireAliases.json'), 'utf8')) as Aliases;

// ---- Names ------------------------------------------------------------------------------------

const SPELLING: Record<string, string> = { mechanized: 'mechanised', armored: 'armoured', armor: 'armour', harridian: 'harridan', landspeeder: 'land speeder' };
function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && /(ch|sh|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(ss|us)$/.test(w)) return w.slice(0, -1);
  return w;
}
/** A name's words: decoded, folded, lower case, plurals and a few spellings folded. */
function words(s: string): string[] {
  return decodeHtml(s)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '')
    .map(singular)
    .flatMap((w) => (SPELLING[w] ?? w).split(' '));
}
const norm = (s: string) => words(s).join(' ');
const STOP = new Set(['the', 'of', 'a', 'an', 'and', 'with', 'or', 'plus', 'formation', 'detachment', 'unit', 'config', 'class', 'add', 'any', 'number', 'up', 'to', 'following', 'each', 'x', 'one', 'two', 'three', 'four', 'five', 'six']);
const keyWords = (s: string) => words(s).filter((w) => !STOP.has(w) && !/^[0-9]+x?$/.test(w));
const sameSet = (a: string[], b: string[]) => a.length > 0 && a.length === b.length && a.every((w) => b.includes(w));
const subset = (a: string[], b: string[]) => a.length > 0 && a.every((w) => b.includes(w));

const COUNT_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
/** "2x Land Raider", "3 Basilisks", "Tank Squadron (3 Leman Russ)": how many, the name, its parentheses. */
function upgradeName(raw: string): { times: number; main: string; paren: string[]; full: string } {
  let name = decodeHtml(raw);
  let times = 1;
  const m = /^([0-9]+)\s*x?\s+(.*)$/i.exec(name) ?? /^([0-9]+)x(.*)$/i.exec(name);
  if (m) {
    times = Number(m[1]);
    name = m[2]!;
  }
  const w = /^(one|two|three|four|five|six)\s+(.*)$/i.exec(name);
  if (w && times === 1) {
    times = COUNT_WORDS[w[1]!.toLowerCase()]!;
    name = w[2]!;
  }
  const paren = [...name.matchAll(/\(([^()]*)\)/g)].map((x) => x[1]!);
  return { times, main: squash(name.replace(/\([^()]*\)/g, ' ')), paren, full: name };
}
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

// ---- Matching ---------------------------------------------------------------------------------

const SIZES: Record<string, string> = { big: 'big', uge: 'uge', normal: 'normal', small: 'small', medium: 'medium', large: 'large', m: 'medium', l: 'large', s: 'small' };

function unitKeys(data: Dataset, id: string): string[] {
  const u = data.units.get(id);
  return [norm(id.replace(/-/g, ' ')), ...(u ? [norm(u.name), ...u.aliases.map(norm)] : [])];
}
function unitMatches(data: Dataset, id: string, key: string): boolean {
  if (key === '') return false;
  const ks = unitKeys(data, id);
  if (ks.includes(key) || ks.some((k) => k.replace(/ /g, '') === key.replace(/ /g, ''))) return true;
  const kw = key.split(' ').filter((w) => !STOP.has(w));
  return ks.some((k) => sameSet(k.split(' ').filter((w) => !STOP.has(w)), kw));
}

function matchFormation(data: Dataset, sf: { name: string }, army: Army): { tp: string; option?: string } | undefined {
  const sized = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(sf.name);
  const size = sized ? SIZES[norm(sized[2]!)] : undefined;
  if (sized && size !== undefined) {
    const base = matchFormation(data, { name: sized[1]! }, army);
    const tf = base && army.formations.find((f) => f.id === base.tp);
    if (base && tf?.sizes?.some((z) => z.id === size)) return { tp: base.tp, option: size };
  }
  const key = norm(sf.name);
  const unique = (fs: Formation[]) => (fs.length === 1 ? { tp: fs[0]!.id } : undefined);
  const kw = keyWords(sf.name);
  return (
    unique(army.formations.filter((f) => norm(f.name) === key || norm(f.id.replace(/-/g, ' ')) === key)) ??
    unique(army.formations.filter((f) => sameSet(keyWords(f.name), kw) || sameSet(keyWords(f.id), kw))) ??
    unique(army.formations.filter((f) => subset(kw, keyWords(f.id)) || subset(keyWords(f.id), kw) || subset(kw, keyWords(f.name)) || subset(keyWords(f.name), kw))) ??
    unique(army.formations.filter((f) => f.units.length === 1 && unitMatches(data, f.units[0]!.unit, key)))
  );
}

const TRANSPORT = /^(rhino|drop pod|dreadclaw|raider|transport|on foot)$/;

/** The formation's own units, choices and alternatives a name may stand for. */
/**
 * The formation's own units, choices and alternatives a name may stand for; `loose`: a unit whose
 * name holds the name's words ("Terminators unit" for Chaos Space Marine Terminators).
 */
function ownUnit(data: Dataset, army: Army, tf: Formation, keys: string[], loose = false): UpgradeMapping | undefined {
  for (const k of keys) {
    const kws = k.split(' ').filter((w) => !STOP.has(w));
    const byWords = loose ? tf.units.filter((u) => unitKeys(data, u.unit).some((uk) => subset(kws, uk.split(' ')))) : [];
    const unit = tf.units.find((u) => unitMatches(data, u.unit, k)) ?? (byWords.length === 1 ? byWords[0] : undefined);
    // A character that comes with the formation ("one with a Chaos Lord character") is fielded with it: nothing to pick.
    const character = (tf.characters ?? []).find((c) => c.from.some((x) => unitMatches(data, x, k)));
    if (character !== undefined && unit === undefined) return { as: 'included', note: `the formation's own ${data.units.get(character.from[0]!)?.name ?? character.from[0]} character` };
    for (const c of tf.choices) {
      const id = c.from.find((x) => unitMatches(data, x, k));
      if (id !== undefined && (c.from.length > 1 || unit === undefined)) {
        // "Any eight of Deth Kopta, Flakwagon, Gunwagon" and "Add any number of the following units": the rest are extras.
        const extra = tf.upgrades.map((x) => army.upgrades.find((y) => y.id === x)).find((t) => t !== undefined && t.repeatable !== undefined && t.remove.length === 0 && t.choices.some((ch) => ch.count === 1 && ch.from.includes(id)));
        return extra === undefined ? { as: 'formation-option', option: id } : { as: 'formation-option', option: id, extra: extra.id };
      }
    }
    if (unit !== undefined) {
      // "Between four and eight Raptors": the formation's own, then one `+extra-<units>` for each more.
      // "Add up to one Falcon" too: taken more often than the TP allows, the check names it.
      const extra = tf.upgrades.map((id) => army.upgrades.find((x) => x.id === id)).find((t) => t !== undefined && t.remove.length === 0 && t.add.length === 1 && t.add[0]!.unit === unit.unit && t.add[0]!.count === 1);
      return extra === undefined ? { as: 'included', unit: unit.unit } : { as: 'included', unit: unit.unit, extra: extra.id };
    }
    const alt = tf.alternatives?.find((a) => norm(a.name) === k || a.units.length === 1 && unitMatches(data, a.units[0]!.unit, k));
    if (alt !== undefined) return { as: 'formation-option', option: alt.id };
    for (const c of tf.choices) {
      const ids = c.from.filter((x) => unitKeys(data, x).some((uk) => subset(kws, uk.split(' '))));
      if (ids.length === 1) return { as: 'formation-option', option: ids[0]! };
    }
  }
  return undefined;
}

/** One Snapfire upgrade in the TP formation of a formation offering it. */
function matchUpgrade(data: Dataset, u: SnapfireUpgrade, sf: SnapfireFormation, tf: Formation, army: Army): UpgradeMapping | undefined {
  const { times, main, paren, full } = upgradeName(u.name);
  const keys = [norm(full), norm(main), ...paren.map(norm)].filter((k) => k !== '');
  const offered = tf.upgrades.map((id) => army.upgrades.find((x) => x.id === id)).filter((x): x is Upgrade => x !== undefined);
  const adds = (t: Upgrade) => t.add.reduce((n, a) => n + a.count, 0);
  /** "3 Wraithlords" where the TP upgrade adds three at once, or cannot repeat: one TP upgrade. */
  const timesFor = (tp: string): number => {
    if (times === 1) return 1;
    const t = army.upgrades.find((x) => x.id === tp)!;
    if (adds(t) === times || t.repeatable === undefined) return 1;
    return adds(t) > 1 && times % adds(t) === 0 ? times / adds(t) : times;
  };
  const asUpgrade = (t: Upgrade, option?: string): UpgradeMapping => ({ as: 'upgrade', tp: t.id, ...(option !== undefined ? { option } : {}), ...(timesFor(t.id) > 1 ? { times: timesFor(t.id) } : {}) });

  // A mandatory choice's option fields the formation's own units: itself, a choice of them, or a swap.
  if (sf.mandatory.some((m) => m.from.includes(u.id))) {
    const own = ownUnit(data, army, tf, keys);
    if (own !== undefined) return own;
    for (const k of keys) {
      for (const t of offered.filter((x) => x.remove.length > 0)) {
        const option = t.choices.flatMap((c) => c.from).find((x) => unitMatches(data, x, k));
        if (t.add.some((a) => unitMatches(data, a.unit, k)) || (t.character !== undefined && unitMatches(data, t.character, k)) || option !== undefined) return asUpgrade(t, option !== undefined && t.choices.some((c) => c.from.length > 1 && c.from.includes(option)) ? option : undefined);
      }
    }
    const loose = ownUnit(data, army, tf, keys, true);
    if (loose !== undefined) return loose;
  }
  for (const k of [norm(full), norm(main)]) {
    const hit = offered.filter((t) => norm(t.name) === k || norm(t.id.replace(/-/g, ' ')) === k || sameSet(keyWords(t.name), k.split(' ').filter((w) => !STOP.has(w))));
    if (hit.length === 1) return asUpgrade(hit[0]!);
  }
  for (const k of keys) {
    const hits: UpgradeMapping[] = [];
    for (const t of offered) {
      for (const c of t.choices) {
        const id = c.from.find((x) => unitMatches(data, x, k));
        if (id !== undefined) hits.push(asUpgrade(t, c.from.length > 1 ? id : undefined));
      }
      if (t.character !== undefined && unitMatches(data, t.character, k)) hits.push(asUpgrade(t));
      if (t.add.some((a) => unitMatches(data, a.unit, k))) hits.push(asUpgrade(t));
    }
    const distinct = [...new Map(hits.map((h) => [JSON.stringify(h), h])).values()];
    if (distinct.length === 1) return distinct[0];
    if (distinct.length > 1 && new Set(distinct.map((h) => (h.as === 'upgrade' ? h.tp : ''))).size === 1) return distinct.find((h) => h.as === 'upgrade' && h.option !== undefined) ?? distinct[0];
  }
  const kw = keyWords(main);
  const sub = offered.filter((t) => subset(kw, keyWords(t.name)) || subset(kw, keyWords(t.id)));
  if (sub.length === 1) return asUpgrade(sub[0]!);
  const own = ownUnit(data, army, tf, keys);
  if (own !== undefined) return own;
  if (TRANSPORT.test(norm(main)) && /plus transport/i.test(tf.notes ?? '')) return { as: 'transport' };
  return undefined;
}

// ---- Build ------------------------------------------------------------------------------------

const { dataset } = importTournamentPack(tpPath);
const out: SnapfireTable = { snapfire: { repo: 'adam77/snapfire', commit }, tournamentPack: checkoutVersion(tpPath, '').split(' ')[0]!, lists: {} };
const unmatched: string[] = [];
for (const file of listFiles.sort()) {
  const id = file.replace(/^war\/lists\//, '').replace(/\.json$/, '');
  let sl: SnapfireList;
  try {
    sl = readSnapfireList(JSON.parse(readList(file).replace(/^\uFEFF/, '')));
  } catch (e) {
    unmatched.push(`${id}: not valid JSON (${(e as Error).message}); Snapfire cannot load it either`);
    continue;
  }
  const entry = aliases.lists[id];
  const army = entry === undefined ? undefined : dataset.armies.get(entry.tp);
  const list: SnapfireTable['lists'][string] = { name: sl.name, version: sl.version, tp: army?.id ?? null, formations: {}, upgrades: {} };
  if (entry !== undefined) list.primary = entry.primary;
  else list.reason = 'no Tournament Pack list for this army in the Tournament Pack the table was built against';
  out.lists[id] = list;
  // A list with no TP counterpart is refused on sight: its name and the reason are all the importer needs.
  if (army === undefined) continue;
  const tpOf = new Map<number, Formation>();
  for (const f of sl.formations) {
    let map: FormationMapping;
    const alias = aliases.formations[id]?.[String(f.id)];
    if (army === undefined) map = { none: true, reason: list.reason! };
    else if (alias !== undefined) map = typeof alias === 'string' ? { tp: alias } : alias;
    else map = matchFormation(dataset, f, army) ?? { none: true, reason: 'no TP formation of that name' };
    if ('tp' in map && army !== undefined) {
      const tf = army.formations.find((x) => x.id === map.tp);
      if (tf === undefined) throw new Error(`${id} formation ${f.id}: no TP formation "${map.tp}" in ${army.id}`);
      for (const p of map.plus ?? []) if (!army.upgrades.some((x) => x.id === p)) throw new Error(`${id} formation ${f.id}: no TP upgrade "${p}"`);
      tpOf.set(f.id, tf);
    } else if ('none' in map && army !== undefined && alias === undefined) unmatched.push(`${id} formation ${f.id} "${f.name}" ${f.points}`);
    list.formations[String(f.id)] = { name: f.name, points: f.points, ...(f.units !== undefined ? { units: f.units } : {}), section: f.section, upgrades: f.upgrades, mandatory: f.mandatory, map };
  }
  for (const u of sl.upgrades) {
    const users = sl.formations.filter((f) => offeredUpgrades(f).includes(u.id));
    const per = new Map<number, UpgradeMapping>();
    for (const f of users) {
      const tf = tpOf.get(f.id);
      const alias = aliases.upgradesIn[id]?.[String(f.id)]?.[String(u.id)] ?? aliases.upgrades[id]?.[String(u.id)];
      let m: UpgradeMapping | undefined;
      if (alias !== undefined) m = alias;
      else if (army === undefined) m = { as: 'none', reason: list.reason! };
      else if (tf === undefined) continue;
      else m = matchUpgrade(dataset, u, f, tf, army);
      if (m === undefined) {
        unmatched.push(`${id} upgrade ${u.id} "${u.name}" ${JSON.stringify(u.points)} in formation ${f.id} (TP ${tf?.id})`);
        m = { as: 'none', reason: `no upgrade, option or unit of TP formation ${tf?.id} matches` };
      }
      const tpIds = m.as === 'upgrade' ? [m.tp, ...(m.also ?? []).map((t) => t.tp)] : [];
      for (const tpId of tpIds) if (army !== undefined && !army.upgrades.some((x) => x.id === tpId)) throw new Error(`${id} upgrade ${u.id}: no TP upgrade "${tpId}"`);
      // An upgrade the TP formation does not offer cannot be taken there, whatever it is called.
      const refused = tf === undefined ? undefined : tpIds.find((tpId) => !tf.upgrades.includes(tpId));
      if (refused !== undefined) m = { as: 'none', reason: `the TP formation ${tf!.id} does not take the upgrade ${refused} this stands for` };
      if (m.as === 'variant' && tf !== undefined && !tf.upgrades.includes(m.of)) m = { as: 'none', reason: `the TP formation ${tf.id} does not take the upgrade ${m.of} whose units this prices` };
      per.set(f.id, m);
    }
    const key = (m: UpgradeMapping) => JSON.stringify(m);
    const counts = new Map<string, number>();
    for (const m of per.values()) counts.set(key(m), (counts.get(key(m)) ?? 0) + 1);
    const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const map: UpgradeMapping = best === undefined ? { as: 'none', reason: users.length === 0 ? 'offered by no formation of the Snapfire list (no link made by its chooser holds it)' : 'its formations do not map' } : (JSON.parse(best) as UpgradeMapping);
    const byFormation = Object.fromEntries([...per].filter(([, m]) => key(m) !== best).map(([fid, m]) => [String(fid), m]));
    list.upgrades[String(u.id)] = { name: u.name, points: u.points, map, ...(Object.keys(byFormation).length > 0 ? { byFormation } : {}) };
  }
  // Mandatory defaults are the formation's own units (or a choice of them), or a titan's weapons: flag any other.
  for (const f of sl.formations) {
    for (const d of new Set(defaultUpgrades(f))) {
      const e = list.upgrades[String(d)];
      const m = e?.byFormation?.[String(f.id)] ?? e?.map;
      const weapon = m !== undefined && m.as === 'upgrade' && army?.upgrades.find((x) => x.id === m.tp)?.mount !== undefined;
      if (m !== undefined && m.as === 'upgrade' && !weapon && army !== undefined && tpOf.has(f.id)) unmatched.push(`${id} formation ${f.id} "${f.name}": its mandatory default ${d} "${e!.name}" maps to TP upgrade ${m.tp}, not to the formation's own units`);
    }
  }
}
writeFileSync(join(HERE, 'snapfireMap.json'), `${JSON.stringify(out, null, 1)}\n`);
const mapped = Object.values(out.lists).filter((l) => l.tp !== null);
const formations = mapped.flatMap((l) => Object.values(l.formations));
const upgrades = mapped.flatMap((l) => Object.values(l.upgrades));
process.stdout.write(`${Object.keys(out.lists).length} Snapfire NetEA lists, ${mapped.length} with a TP list; formations ${formations.filter((f) => !('none' in f.map)).length}/${formations.length}; upgrades ${upgrades.filter((u) => u.map.as !== 'none').length}/${upgrades.length} mapped or named\n`);
if (unmatched.length > 0) process.stdout.write(`unmatched, for review (${unmatched.length}):\n${unmatched.map((u) => `  ${u}`).join('\n')}\n`);
