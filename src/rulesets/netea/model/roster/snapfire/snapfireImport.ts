import type { Dataset } from '../../../../../model/dataset.js';
import { parseFormation } from '../../../../../model/formation.js';
import { InputError } from '../../../../../model/inputError.js';
import type { Army, Formation } from '../../../../../model/schema.js';
import type { ImportedList, ImportedFormation } from '../importedList.js';
import { snapfirePoints } from './snapfireList.js';
import { snapfireList, type SnapfireForce } from './snapfireForce.js';
import { snapfireTable, type UpgradeMapping } from './snapfireTable.js';

/**
 * A Snapfire force as formation texts of the Tournament Pack, by what each entry means there
 * (snapfireTable.ts): a formation becomes its TP formation, at the size or alternative its name
 * or a mandatory choice picks; the units of its mandatory choices become the TP formation's own
 * units, choices of them (`@land-speeder,land-speeder-tornado,...`, counted with the units a
 * swap such as Typhoons replaces) or the upgrades that add more (`+extra-raptors`); its other
 * upgrades become TP upgrades, each as often as it was taken. Each entry with no TP counterpart is
 * named with the reason, and left out; a choice the TP prices into the formation, or ignores, is
 * said.
 */

type Counts = Map<string, number>;

/** Marks an upgrade added only so that a replacement has something to replace (addersFor). */
const ADDED = '?';
const unmark = (t: string) => (t.startsWith(ADDED) ? t.slice(ADDED.length) : t);

/** Whether the data set fields a formation text. */
function fields(data: Dataset, text: string): boolean {
  try {
    parseFormation(data, text);
    return true;
  } catch (e) {
    if (e instanceof InputError) return false;
    throw e;
  }
}
const bump = (m: Counts, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

export function importSnapfireForce(data: Dataset, force: SnapfireForce, file: string): ImportedList {
  const list = snapfireList(force.list, file);
  if (list.tp === null) throw new InputError([{ file, path: 'list', message: `Snapfire list ${force.list} (${list.name}) has no Tournament Pack list: ${list.reason ?? 'not mapped'}` }]);
  const army = data.armies.get(list.tp);
  if (army === undefined) throw new InputError([{ file, path: 'list', message: `Snapfire list ${force.list} is the Tournament Pack's "${list.tp}", which data set ${data.id} ${data.version} does not have` }]);
  const out: ImportedList = { name: force.name, army: army.id, formations: [], upgrades: [], unmapped: [], notes: [], sourcePoints: 0, against: `Snapfire list ${force.list} (${list.name}, ${list.version}) at adam77/snapfire ${snapfireTable().snapfire.commit}` };
  const upgradeById = (id: number) => list.upgrades[String(id)];
  force.formations.forEach((taken, k) => {
    const sf = list.formations[String(taken.id)]!;
    const entry = `formation ${k + 1} "${sf.name}" [${taken.id}]`;
    const listed = snapfirePoints(sf, taken.upgrades.flatMap((u) => new Array<number>(u.count).fill(u.id)), upgradeById);
    // The plain text prints what the player's chooser priced; a link's price is the list file's.
    const points = taken.printed ?? listed;
    if (points !== listed) out.notes.push(`${entry}: printed at ${points} points; Snapfire's list file at commit ${snapfireTable().snapfire.commit.slice(0, 7)} prices it ${listed} (the text was made against another version of the list)`);
    out.sourcePoints += points;
    if ('none' in sf.map) {
      out.unmapped.push({ entry, reason: sf.map.reason });
      return;
    }
    if ('tpUpgrade' in sf.map) {
      out.upgrades.push({ id: sf.map.tpUpgrade, source: { name: sf.name, points } });
      out.notes.push(`${entry}: the army upgrade "${sf.map.tpUpgrade}" (${sf.map.reason})`);
      return;
    }
    let formationId = sf.map.tp;
    let option = sf.map.option;
    const upgrades: string[] = [...(sf.map.plus ?? [])];
    const options: Counts = new Map();
    const included: Counts = new Map();
    const extras = new Map<string, string>();
    const variants: Array<{ of: string; option: string; entry: string }> = [];
    for (const u of taken.upgrades) {
      const su = upgradeById(u.id)!;
      const m: UpgradeMapping = su.byFormation?.[String(taken.id)] ?? su.map;
      const said = `${entry}: ${u.count > 1 ? `${u.count} ` : ''}"${su.name}" [${u.id}]`;
      switch (m.as) {
        case 'upgrade':
          for (const t of [m, ...(m.also ?? [])]) {
            for (let n = 0; n < u.count * (t.times ?? 1); n++) {
              // "Land Raider Achilles" is a Land Raider bought and replaced (TP: "Replace up to two Land Raiders with ... Achilles"): the upgrade adding what it replaces comes first.
              // Only where the TP would refuse the replacement otherwise (see below): marked until then.
              for (const adder of addersFor(army, formationId, t.tp, upgrades.map(unmark))) upgrades.push(`${ADDED}${adder}`);
              upgrades.push(t.option === undefined ? t.tp : `${t.tp}@${t.option}`);
            }
          }
          break;
        case 'formation-option':
          bump(options, m.option, u.count * (m.times ?? 1));
          if (m.extra !== undefined) extras.set(m.option, m.extra);
          break;
        case 'included':
          // A menu upgrade (not one of the mandatory choices that field the formation's own units) is bought on top of them.
          if (m.unit !== undefined && !sf.mandatory.some((c) => c.from.includes(u.id))) {
            const priced = Array.isArray(su.points) ? su.points.some((p) => p > 0) : su.points > 0;
            if (m.extra !== undefined) for (let n = 0; n < u.count * (m.times ?? 1); n++) upgrades.push(m.extra);
            else if (priced) out.unmapped.push({ entry: `${entry}: upgrade "${su.name}" [${u.id}]`, reason: `Snapfire sells it on top of the formation's own units; the Tournament Pack formation ${formationId} has no upgrade that adds ${m.unit}` });
            else out.notes.push(`${said}: the formation's own ${m.unit}, which the Tournament Pack formation fields anyway`);
            break;
          }
          if (m.unit !== undefined) bump(included, m.unit, u.count * (m.times ?? 1));
          if (m.unit !== undefined && m.extra !== undefined) extras.set(m.unit, m.extra);
          break;
        case 'selects-formation':
          formationId = m.formation;
          option = m.option;
          break;
        case 'transport':
          if (!/rhino/i.test(su.name)) out.notes.push(`${said}: in the Tournament Pack a deployment choice of "plus transport" formations, not an entry of the list; the formation is fielded with the transports its cost includes`);
          break;
        case 'variant':
          for (let n = 0; n < u.count; n++) variants.push({ of: m.of, option: m.option, entry: `${entry}: upgrade "${su.name}" [${u.id}]` });
          break;
        case 'surcharge':
        case 'ignored':
          out.notes.push(`${said}: ${m.reason}`);
          break;
        case 'none':
          out.unmapped.push({ entry: said.slice(0, said.indexOf(':')) + `: upgrade "${su.name}" [${u.id}]`, reason: m.reason });
          break;
      }
    }
    pickVariants(army, upgrades, variants, (v) => out.unmapped.push({ entry: v.entry, reason: `a Snapfire surcharge for one unit of the TP upgrade "${v.of}", which the formation has not taken (or all of whose units are picked already)` }));
    const tf = army.formations.find((f) => f.id === formationId)!;
    const build = (ups: string[], say: (note: string) => void, leftOut: (units: string, reason: string) => void) => formationText(data, army, tf, option, ups, { options, included, extras }, say, leftOut);
    const plain = build(upgrades.filter((t) => !t.startsWith(ADDED)), () => {}, () => {});
    const adders = upgrades.filter((t) => t.startsWith(ADDED)).map(unmark);
    const useAdders = adders.length > 0 && !fields(data, plain) && fields(data, build(upgrades.map(unmark), () => {}, () => {}));
    if (useAdders) out.notes.push(`${entry}: ${adders.map((a) => `+${a}`).join(', ')} added first: the Tournament Pack's replacement upgrades replace units the formation does not have without them (Snapfire sells the pair as one)`);
    const text = build(useAdders ? upgrades.map(unmark) : upgrades.filter((t) => !t.startsWith(ADDED)), (note) => out.notes.push(`${entry}: ${note}`), (units, reason) => out.unmapped.push({ entry: `${entry}: ${units}`, reason }));
    const formation: ImportedFormation = { text, source: { name: sf.name, points } };
    out.formations.push(formation);
  });
  if (force.printed !== undefined && force.printed !== out.sourcePoints) out.notes.push(`the text prints a total of ${force.printed} points, its formations add up to ${out.sourcePoints}`);
  return out;
}

/**
 * Snapfire's per-variant surcharges as picks of the TP upgrade's choice: each makes one more unit
 * of the first `of` taken with room the surcharge's variant, the rest of its units the choice's
 * first option ("Tank Squadron" with one Demolisher surcharge: `+tank-squadron@leman-russ-demolisher,leman-russ,leman-russ`).
 */
function pickVariants(army: Army, upgrades: string[], variants: Array<{ of: string; option: string; entry: string }>, unplaced: (v: { of: string; option: string; entry: string }) => void): void {
  const picks = new Map<number, string[]>();
  for (const v of variants) {
    const choice = army.upgrades.find((x) => x.id === v.of)?.choices.find((c) => c.from.includes(v.option));
    const at = choice === undefined ? -1 : upgrades.findIndex((t, k) => t.split('@')[0] === v.of && (picks.get(k)?.length ?? 0) < choice.count);
    if (at < 0) {
      unplaced(v);
      continue;
    }
    picks.set(at, [...(picks.get(at) ?? []), v.option]);
  }
  for (const [k, ids] of picks) {
    const choice = army.upgrades.find((x) => x.id === upgrades[k]!.split('@')[0])!.choices.find((c) => c.from.includes(ids[0]!))!;
    const all = [...ids, ...new Array<string>(choice.count - ids.length).fill(choice.from[0]!)];
    upgrades[k] = `${upgrades[k]!.split('@')[0]}@${all.join(',')}`;
  }
}

/** The units a formation fields with the upgrades taken so far (`id` or `id@picked`), by unit id. */
function unitsWith(army: Army, tf: Formation, tokens: string[]): Counts {
  const have: Counts = new Map();
  for (const u of tf.units) bump(have, u.unit, u.count);
  for (const token of tokens) {
    const [id, picked] = token.split('@');
    const up = army.upgrades.find((x) => x.id === id);
    for (const a of up?.add ?? []) bump(have, picked !== undefined && up!.choices.some((c) => c.from.includes(a.unit) && c.from.includes(picked)) ? picked : a.unit, a.count);
    for (const r of up?.remove ?? []) bump(have, r.unit, -r.count);
  }
  return have;
}

/** The upgrades that must come before `tp` so the units it replaces are there: one adding each unit missing, as often as missing. */
function addersFor(army: Army, formationId: string, tp: string, taken: string[]): string[] {
  const tf = army.formations.find((f) => f.id === formationId);
  const up = army.upgrades.find((x) => x.id === tp);
  if (tf === undefined || up === undefined) return [];
  const out: string[] = [];
  for (const r of up.remove) {
    if (r.or !== undefined) continue;
    const missing = r.count - (unitsWith(army, tf, [...taken, ...out]).get(r.unit) ?? 0);
    const adder = tf.upgrades.map((id) => army.upgrades.find((x) => x.id === id)).find((a) => a !== undefined && a.remove.length === 0 && a.add.some((x) => x.unit === r.unit));
    if (adder === undefined) continue;
    const token = adder.choices.some((c) => c.from.length > 1 && c.from.includes(r.unit)) ? `${adder.id}@${r.unit}` : adder.id;
    for (let k = 0; k < missing; k++) out.push(token);
  }
  return out;
}

/** What a Snapfire formation counted of the TP formation's units: options of its choice, its own units, and the upgrade adding one more of each. */
interface Fielded {
  options: Counts;
  included: Counts;
  extras: Map<string, string>;
}

/**
 * The formation text: the TP formation, its size or alternative, the options of its choice of
 * units as Snapfire counted them (the first ones its choice holds, the rest each one `+extra@<unit>`
 * more), its own units beyond their count as `+extra` upgrades, and its upgrades. Units Snapfire
 * fields beyond what the TP formation can hold are left out and named (`leftOut`); fewer than the
 * TP formation fields are said (`say`): the text fields the TP's.
 */
function formationText(data: Dataset, army: Army, tf: Formation, named: string | undefined, upgrades: string[], fielded: Fielded, say: (note: string) => void, leftOut: (units: string, reason: string) => void): string {
  // A formation fielded at a size Snapfire does not name but counts ("3 Steam Gargant" in a Steam Gargant formation of one, 'Uge):
  // the size whose multiple of the formation's own units is what Snapfire fields.
  const ownCount = (unit: string) => tf.units.filter((u) => u.unit === unit).reduce((k, u) => k + u.count, 0);
  const counted = [...fielded.included].filter(([unit]) => ownCount(unit) > 0);
  const sized = named === undefined && counted.length > 0 ? tf.sizes?.find((z) => z.times > 1 && counted.every(([unit, n]) => n === ownCount(unit) * z.times)) : undefined;
  const option = named ?? sized?.id;
  if (sized !== undefined) say(`Snapfire fields ${counted.map(([unit, n]) => `${n} ${data.units.get(unit)?.name ?? unit}`).join(', ')}: the Tournament Pack formation at size ${sized.id}`);
  const times = tf.sizes?.find((s) => s.id === option)?.times ?? 1;
  const name = (id: string) => data.units.get(id)?.name ?? id;
  // Units the upgrades taken remove were fielded first: they count toward the choice and the formation's own.
  const removed: Counts = new Map();
  for (const raw of upgrades) {
    const [id, picked] = raw.split('@');
    const u = army.upgrades.find((x) => x.id === id);
    for (const r of u?.remove ?? []) bump(removed, r.or === undefined ? r.unit : ([r.unit, ...r.or].find((x) => x === picked) ?? r.unit), r.count);
  }
  const head: string[] = option === undefined ? [] : [option];
  const more: string[] = [];
  const choice = tf.choices[0];
  for (const o of fielded.options.keys()) if (!choice?.from.includes(o) && o !== option) head.push(o);
  if (choice !== undefined && choice.from.some((id) => fielded.options.has(id))) {
    const want = choice.count * times;
    let room = want;
    const core: string[] = [];
    for (const id of choice.from) {
      const n = (fielded.options.get(id) ?? 0) + (removed.get(id) ?? 0);
      const inCore = Math.min(n, room);
      room -= inCore;
      core.push(...new Array<string>(inCore).fill(id));
      const extra = fielded.extras.get(id);
      // "Add any four Leman Russ variants": one TP upgrade adding exactly the units beyond the choice, all of them this option.
      const bulk = n > inCore && extra === undefined ? tf.upgrades.map((x) => army.upgrades.find((y) => y.id === x)).find((t) => t !== undefined && t.remove.length === 0 && t.choices.some((ch) => ch.count === n - inCore && ch.from.includes(id))) : undefined;
      if (n > inCore && extra !== undefined) more.push(...new Array<string>(n - inCore).fill(`${extra}@${id}`));
      else if (bulk !== undefined) {
        // Taken already without picks (a Snapfire formation that is the TP's with it, `plus`): pick on that one.
        const picked = `${bulk.id}@${new Array<string>(n - inCore).fill(id).join(',')}`;
        const k = upgrades.indexOf(bulk.id);
        if (k >= 0) upgrades[k] = picked;
        else more.push(picked);
      }
      else if (n > inCore) leftOut(`${n - inCore} ${name(id)}`, `Snapfire fields ${n} ${name(id)}; the Tournament Pack formation's choice holds ${inCore} and no upgrade of it adds more`);
    }
    if (room > 0) say(`Snapfire fields ${want - room} of ${choice.from.map(name).join(', ')}, the Tournament Pack formation ${want}: the text fields ${want}, the rest of the list's first option`);
    if (!core.every((id) => id === choice.from[0]) || room > 0) head.push(...core);
  }
  for (const [unit, n] of fielded.included) {
    const own = tf.units.filter((u) => u.unit === unit).reduce((k, u) => k + u.count, 0) * times;
    const count = n + (removed.get(unit) ?? 0);
    const extra = fielded.extras.get(unit);
    if (count > own && extra !== undefined) more.push(...new Array<string>(count - own).fill(extra));
    else if (count > own) leftOut(`${count - own} ${name(unit)}`, `Snapfire fields ${count} ${name(unit)}; the Tournament Pack formation fields ${own} and no upgrade of it adds more`);
    else if (count !== own) say(`Snapfire fields ${count} ${name(unit)}, the Tournament Pack formation ${own}: the text fields the Tournament Pack's`);
  }
  const at = head.length > 0 ? `@${head.join(',')}` : '';
  return `${army.id}/${tf.id}${at}${[...more, ...upgrades].map((u) => `+${u}`).join('')}`;
}
