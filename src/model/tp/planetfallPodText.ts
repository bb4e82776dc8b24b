import { podsCarry } from '../planetfallPods.js';
import type { Unit, UnitType, Upgrade } from '../schema.js';
import type { UnitResolver } from './names.js';
import { nameKey, pluralKeys, squash } from './text.js';

/**
 * "Transport a formation containing only infantry units and Chaos Dreadnoughts in Dreadclaws"
 * (+5 points per unit): the pods, a unit with planetfall, and the units they carry. The upgrade's
 * text and the pod's own notes both say which: "May transport one formation of infantry units
 * (except Chaos Space Marine Bikes) and Chaos Dreadnoughts" (Dreadclaw), "of only the following
 * units: Berzerkers, ..." (Chaos Drop Pod). The pod's are kept where the upgrade's text allows
 * every one of them; a unit that "Counts as a Chaos Dreadnought for the purposes of being
 * transported" (the Chaos Siege Dreadnought, the Emperor's Children Dreadnought) rides as one.
 */

type Pods = NonNullable<Upgrade['planetfallPods']>;

export interface PodContext {
  resolver: UnitResolver;
  /** The units of the list's forces, for those that count as another "for the purposes of being transported". */
  listUnits: Unit[];
  /** Every unit read: a pod's notes may name one the list does not field ("except Chaos Space Marine Bikes" in the Iron Warriors list). */
  allUnits: Map<string, Unit>;
}

const UPGRADE_TEXT = /^transport\s+a\s+formation\s+containing\s+only\s+(.+?)\s+in\s+(.+)$/i;
const POD_NOTES = /\bmay transport one formation of\s+(?:only the following units:\s*)?([^.]+)\./i;
const COUNTS_AS = /\bcounts as (?:an? )?(.+?) for the purposes of being transported\b/i;
const CLASS_ITEM = /^(infantry|light vehicle|armoured vehicle|war engine)\s+units?(?:\s*\(except\s+([^)]+)\))?$/i;
const CLASSES: Record<string, UnitType> = { infantry: 'INF', 'light vehicle': 'LV', 'armoured vehicle': 'AV', 'war engine': 'WE' };
/** ", ", ", and ", " and " outside parentheses. */
const LIST_SEPARATOR = /\s*,\s*(?:and\s+)?(?![^(]*\))|\s+and\s+(?![^(]*\))/i;

/** A unit named exactly: among the list's units, else among all (each name once there). */
function unitNamed(written: string, ctx: PodContext): Unit | string {
  const r = ctx.resolver.resolve(written);
  if (r.ok && r.corrected === undefined) return r.unit;
  const key = nameKey(written);
  const hits = [...ctx.allUnits.values()].filter((u) => nameKey(u.name) === key || pluralKeys(nameKey(u.name)).includes(key));
  return hits.length === 1 ? hits[0]! : `no one unit is named "${written}"`;
}

/** "infantry units (except Chaos Space Marine Bikes) and Chaos Dreadnoughts" → classes, exceptions and units, with those that count as one of the units. */
function readCarried(written: string, ctx: PodContext): Pods | string {
  const out: Pods = { pod: '', types: [], except: [], units: [] };
  for (const item of squash(written).split(LIST_SEPARATOR)) {
    const cls = CLASS_ITEM.exec(item);
    if (cls) {
      out.types.push(CLASSES[cls[1]!.toLowerCase()]!);
      for (const name of cls[2]?.split(LIST_SEPARATOR) ?? []) {
        const u = unitNamed(name, ctx);
        if (typeof u === 'string') return u;
        out.except.push(u.id);
      }
      continue;
    }
    const u = unitNamed(item, ctx);
    if (typeof u === 'string') return u;
    out.units.push(u.id);
  }
  for (const u of ctx.listUnits) {
    const m = COUNTS_AS.exec(u.notes ?? '');
    const as = m ? unitNamed(m[1]!, ctx) : undefined;
    if (typeof as === 'object' && out.units.includes(as.id) && !out.units.includes(u.id)) out.units.push(u.id);
  }
  return out;
}

/** Whether every unit `inner` carries, `outer` carries too. */
function within(inner: Pods, outer: Pods, ctx: PodContext): boolean {
  const classes = inner.types.every((t) => outer.types.includes(t)) && (inner.types.length === 0 || outer.except.every((id) => inner.except.includes(id)));
  return classes && inner.units.every((id) => podsCarry(outer, ctx.allUnits.get(id)!));
}

/** The pods of a "Transport a formation containing only ... in <pods>" upgrade, or why they cannot be read. */
export function readPlanetfallPods(text: string, ctx: PodContext): { pods: Pods } | { unsupported: string } {
  const m = UPGRADE_TEXT.exec(squash(text));
  if (!m) return { unsupported: 'transports the formation in other units, in words not read as "Transport a formation containing only <units> in <pods>"' };
  const pod = unitNamed(m[2]!, ctx);
  if (typeof pod === 'string') return { unsupported: `cannot resolve the pods: ${pod}` };
  if (!pod.abilities.includes('planetfall')) return { unsupported: `transports the formation in ${pod.name}, which has no planetfall: only pods that land the formation are read` };
  const allowed = readCarried(m[1]!, ctx);
  if (typeof allowed === 'string') return { unsupported: `cannot resolve the units it carries: ${allowed}` };
  const notes = POD_NOTES.exec(pod.notes ?? '');
  if (!notes) return { unsupported: `${pod.name}'s notes do not say which formation it may transport ("May transport one formation of ...")` };
  const carried = readCarried(notes[1]!, ctx);
  if (typeof carried === 'string') return { unsupported: `cannot resolve the units ${pod.name} carries: ${carried}` };
  if (!within(carried, allowed, ctx)) return { unsupported: `${pod.name}'s notes let it carry units the upgrade's text does not ("${m[1]}")` };
  return { pods: { ...carried, pod: pod.id } };
}
