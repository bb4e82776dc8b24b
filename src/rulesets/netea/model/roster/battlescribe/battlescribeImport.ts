import { parse } from 'node-html-parser';
import type { Dataset } from '../../../../../model/dataset.js';
import { InputError } from '../../../../../model/inputError.js';
import { formationNamed, unitNamed, upgradeNamed } from '../entryNames.js';
import type { ImportedList } from '../importedList.js';
import table from './bsdataMap.json' with { type: 'json' };

/**
 * A BattleScribe roster (`.ros` XML, `.rosz` its zip, New Recruit's JSON of the same tree) over
 * BSData/wh40k-epic-armageddon, read as formation texts of the Tournament Pack. The roster schema
 * is BSData/schemas Catalogue.xsd: roster → forces → selections (entryId, number, type, costs).
 * Only Epic Armageddon rosters whose `-Community-` selection picks NetEA (entry
 * edea-8b4e-a6c5-af5b in every catalogue that has it) are read: other communities price and
 * allow other things. A top-level selection is a formation: by its entry id in bsdataMap.json
 * (the last segment of the `::` path, then any), else by name; its child selections are the
 * formation's own units, its transports, or TP upgrades by name, each as often as taken. Every
 * entry that maps to nothing is named with the reason.
 */

export const EPIC_SYSTEM = '8f10-ee06-8dc1-beb6';
export const NETEA_ENTRY = 'edea-8b4e-a6c5-af5b';

export interface RosterSelection {
  name: string;
  entryId: string;
  number: number;
  /** Its own cost in points and its children's. */
  points: number;
  selections: RosterSelection[];
}

export interface BattleScribeRoster {
  name: string;
  gameSystemId: string;
  gameSystemName: string;
  points?: number;
  limit?: number;
  forces: Array<{ catalogueId: string; catalogueName: string; selections: RosterSelection[] }>;
}

type Node = Record<string, unknown>;

/** A list in either JSON shape: an array, or an object holding one under the singular name ({"selection": [...]}). */
function listOf(v: unknown, singular: string): Node[] {
  if (Array.isArray(v)) return v as Node[];
  if (v !== null && typeof v === 'object') {
    const inner = (v as Node)[singular];
    return Array.isArray(inner) ? (inner as Node[]) : inner !== undefined ? [inner as Node] : [];
  }
  return [];
}
const pts = (costs: Node[]) => costs.filter((c) => c.typeId === 'points' || c.name === 'pts').reduce((n, c) => n + Number(c.value ?? 0), 0);

function selectionOf(n: Node): RosterSelection {
  const selections = listOf(n.selections, 'selection').map(selectionOf);
  return { name: String(n.name ?? ''), entryId: String(n.entryId ?? ''), number: Number(n.number ?? 1), points: pts(listOf(n.costs, 'cost')) + selections.reduce((k, s) => k + s.points, 0), selections };
}

/** New Recruit's JSON (`{"roster": {...}}`), or the XML tree read into the same shape. */
export function rosterFromJson(json: unknown, file: string): BattleScribeRoster {
  const r = (json as Node | null)?.roster as Node | undefined;
  if (r === undefined || typeof r !== 'object') throw new InputError([{ file, path: 'roster', message: 'expected a BattleScribe or New Recruit roster: {"roster": {"gameSystemId", "forces": [...]}}' }]);
  const out: BattleScribeRoster = {
    name: String(r.name ?? 'Roster'),
    gameSystemId: String(r.gameSystemId ?? ''),
    gameSystemName: String(r.gameSystemName ?? ''),
    forces: listOf(r.forces, 'force').map((f) => ({ catalogueId: String(f.catalogueId ?? ''), catalogueName: String(f.catalogueName ?? ''), selections: listOf(f.selections, 'selection').map(selectionOf) })),
  };
  const costs = listOf(r.costs, 'cost');
  if (costs.length > 0) out.points = pts(costs);
  const limits = listOf(r.costLimits, 'costLimit').filter((c) => c.typeId === 'points' || c.name === 'pts');
  if (limits.length > 0 && Number(limits[0]!.value) > 0) out.limit = Number(limits[0]!.value);
  return out;
}

/** A `.ros` file's XML as the JSON tree rosterFromJson reads (attributes as keys, child lists as arrays). */
export function rosterFromXml(xml: string, file: string): BattleScribeRoster {
  type El = { rawTagName?: string; attributes: Record<string, string>; childNodes: El[] };
  const root = parse(xml, { lowerCaseTagName: false }) as unknown as El;
  const find = (e: El, tag: string): El | undefined => e.childNodes.find((c) => c.rawTagName === tag);
  const toJson = (e: El): Node => {
    const out: Node = { ...e.attributes };
    for (const c of e.childNodes) if (c.rawTagName !== undefined && c.rawTagName !== '') out[c.rawTagName] = c.childNodes.filter((x) => x.rawTagName !== undefined && x.rawTagName !== '').map(toJson);
    return out;
  };
  const roster = find(root, 'roster');
  if (roster === undefined) throw new InputError([{ file, path: '', message: 'expected a BattleScribe roster: XML whose root element is <roster> (namespace http://www.battlescribe.net/schema/rosterSchema)' }]);
  return rosterFromJson({ roster: toJson(roster) }, file);
}

const lastSegment = (id: string) => id.split('::').pop() ?? id;

/** The roster as formation texts of its TP army list; refuses rosters of another game or community. */
export function importBattleScribe(data: Dataset, roster: BattleScribeRoster, file: string): ImportedList {
  if (roster.gameSystemId !== EPIC_SYSTEM) throw new InputError([{ file, path: 'roster.gameSystemId', message: `a roster of "${roster.gameSystemName || roster.gameSystemId}"; expected Epic Armageddon (game system ${EPIC_SYSTEM})` }]);
  if (roster.forces.length === 0) throw new InputError([{ file, path: 'roster.forces', message: 'no force; expected one force of a BSData Epic Armageddon catalogue' }]);
  const catalogues = table.catalogues as Record<string, { name: string; revision: string; tp: string; formations: Record<string, { name: string; tp: string | null; reason?: string }> }>;
  const force = roster.forces[0]!;
  const community = force.selections.find((s) => s.name === '-Community-');
  const picked = community?.selections[0];
  if (picked === undefined) throw new InputError([{ file, path: 'roster.forces[0].selections', message: 'no "-Community-" selection; expected one whose choice is NetEA (entry edea-8b4e-a6c5-af5b)' }]);
  if (lastSegment(picked.entryId) !== NETEA_ENTRY) throw new InputError([{ file, path: 'roster.forces[0].selections["-Community-"]', message: `the roster's community is ${picked.name}, not NetEA; expected NetEA (entry ${NETEA_ENTRY}): only NetEA rosters are priced by the Tournament Pack` }]);
  const catalogue = catalogues[force.catalogueId];
  if (catalogue === undefined) throw new InputError([{ file, path: 'roster.forces[0].catalogueId', message: `catalogue ${force.catalogueId} (${force.catalogueName}) has no Tournament Pack list in bsdataMap.json (BSData ${table.bsdata.commit.slice(0, 7)}); expected one of ${Object.values(catalogues).map((c) => `"${c.name}"`).join(', ')}` }]);
  const army = data.armies.get(catalogue.tp);
  if (army === undefined) throw new InputError([{ file, path: 'roster.forces[0].catalogueId', message: `catalogue ${catalogue.name} is the Tournament Pack's "${catalogue.tp}", which data set ${data.id} ${data.version} does not have` }]);
  const out: ImportedList = { name: roster.name, army: army.id, formations: [], upgrades: [], unmapped: [], notes: [], sourcePoints: roster.points ?? 0, against: `BattleScribe catalogue ${catalogue.name} (${force.catalogueId}, revision ${catalogue.revision}) at ${table.bsdata.repo} ${table.bsdata.commit}` };
  if (roster.limit !== undefined) out.pointsLimit = roster.limit;
  if (roster.points === undefined) out.sourcePoints = force.selections.reduce((n, s) => n + s.points, 0);
  force.selections.forEach((s, k) => {
    if (s === community) return;
    const entry = `selection ${k + 1} "${s.name}" (${s.entryId})`;
    const segments = s.entryId.split('::');
    const known = [lastSegment(s.entryId), ...segments].map((id) => catalogue.formations[id]).find((x) => x !== undefined);
    let tf = known?.tp != null ? army.formations.find((f) => f.id === known.tp) : undefined;
    if (tf === undefined && known === undefined) {
      tf = formationNamed(army, s.name);
      if (tf !== undefined) out.notes.push(`${entry}: entry not in bsdataMap.json; taken by its name as ${tf.id}`);
    }
    if (tf === undefined) {
      out.unmapped.push({ entry, reason: known?.reason ?? `no TP formation of ${army.id} has that entry id or name` });
      return;
    }
    const upgrades: string[] = [];
    const own = [...tf.units.map((u) => u.unit), ...tf.choices.flatMap((c) => c.from)];
    for (const c of s.selections) {
      const said = `${entry}: ${c.number > 1 ? `${c.number} ` : ''}"${c.name}"`;
      const unit = unitNamed(data, own, c.name);
      if (unit !== undefined) {
        const fielded = tf.units.filter((u) => u.unit === unit).reduce((n, u) => n + u.count, 0);
        if (fielded !== c.number) out.notes.push(`${said}: the Tournament Pack formation fields ${fielded} (the formation text fields the Tournament Pack's)`);
        continue;
      }
      if (/^(rhino|drop pod)s?$/i.test(c.name) && /plus transport/i.test(tf.notes ?? '')) continue;
      const u = upgradeNamed(data, army, tf, c.name);
      if (u !== undefined) {
        for (let n = 0; n < c.number; n++) upgrades.push(u.option === undefined ? u.upgrade.id : `${u.upgrade.id}@${u.option}`);
        continue;
      }
      out.unmapped.push({ entry: said, reason: `no unit or upgrade of TP formation ${tf.id} has that name` });
    }
    out.formations.push({ text: `${army.id}/${tf.id}${upgrades.map((u) => `+${u}`).join('')}`, source: { name: s.name, points: s.points } });
  });
  return out;
}
