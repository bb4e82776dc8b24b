import { mountCapacity, type ResolvedUnit } from './resolvedUnit.js';
import type { Army, Formation, Upgrade } from './schema.js';

/**
 * The weapons a formation's weapon mounts carry when its text names none (formation.ts), and
 * those the audit values: titans, Gargants, Supa-Stompas and
 * the Ordinatus Minorus, whose weapons are upgrades of the list's weapon tables (TP Weapon Mount:
 * "Mount each weapon mount in the formation with one of the following upgrades"). Every list
 * that has them makes them compulsory ("All Weapon Mounts ... must be mounted with a weapon":
 * the War Griffons, Gryphonne IV and Gargant Mob special rules; "Each Gargant ... comes with
 * exactly three Gargant and/or Supa-Stompa Weapons ... manditory upgrades"), so a titan with an
 * empty mount is no formation a player fields, and the audit never values one.
 *
 * The scheme: the formation is fielded with every mount carrying the first weapon of its
 * tables, in the list's order, that the mount may take (a weapon printed "(Arm weapon mount
 * only)" takes only an arm mount); then, for each other weapon of its tables, one valuation with
 * that weapon on every mount it may take and the default on the others. Why: it is one rule a
 * reader can redo from the list's page, with no judgement of which loadout is good; each
 * valuation differs from the default by one weapon, so its fair cost beside the default's is
 * that weapon's worth on those mounts; and it grows with the table, not with its combinations
 * (a Warlord's 17 weapons over its 4 mounts would be thousands of loadouts).
 */

/** One loadout: the weapon upgrades as a formation text takes them, and what they are in words. */
export interface MountLoadout {
  /**
   * Upgrade ids, one per mount, those restricted to a kind of mount first: a weapon goes to the
   * unit with the most mounts it may still take (formationUpgrades.ts), so weapons that may take
   * any mount must come after those that need their kind free.
   */
  upgrades: string[];
  /** "4 Apocalypse Missile Launcher", "2 Krooz Missiles, 1 Deth Kannon". */
  said: string;
  /** For an alternative: the weapon it values ("+krooz-missiles x2": that weapon, on that many mounts). */
  option?: string;
}

export type MountPlan = { fielded: MountLoadout; alternatives: MountLoadout[] } | { cannot: string };

const mayTake = (w: Upgrade, kind: string): boolean => w.mount!.only === undefined || w.mount!.only === kind;

/** Mounts of the formation's units by kind (`arm-weapon-mount`), filled or not. */
function mountKinds(units: ResolvedUnit[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const ru of units) for (const [kind, n] of mountCapacity(ru)) out.set(kind, (out.get(kind) ?? 0) + n);
  return out;
}

function loadout(kinds: Map<string, number>, byKind: Map<string, Upgrade>, option?: string): MountLoadout {
  const count = new Map<Upgrade, number>();
  for (const [kind, n] of kinds) count.set(byKind.get(kind)!, (count.get(byKind.get(kind)!) ?? 0) + n);
  const ordered = [...count].sort(([a], [b]) => Number(b.mount!.only !== undefined) - Number(a.mount!.only !== undefined));
  return {
    upgrades: ordered.flatMap(([w, n]) => Array<string>(n).fill(w.id)),
    said: ordered.map(([w, n]) => `${n} ${w.name}`).join(', '),
    ...(option !== undefined ? { option } : {}),
  };
}

/**
 * The default loadout and the alternatives of a formation whose units have weapon mounts; null
 * for one with none. `units` are the formation's units as fielded. A mount no weapon of its
 * tables may take (the importer found no table for it) is named, and nothing is valued.
 */
export function mountLoadouts(army: Army, f: Formation, units: ResolvedUnit[]): MountPlan | null {
  const kinds = mountKinds(units);
  if (kinds.size === 0) return null;
  const weapons = f.upgrades.map((id) => army.upgrades.find((u) => u.id === id)).filter((u): u is Upgrade => u?.mount !== undefined);
  const fielded = new Map<string, Upgrade>();
  for (const kind of kinds.keys()) {
    const first = weapons.find((w) => mayTake(w, kind));
    if (first === undefined) return { cannot: `no weapon table of its list offers a weapon for its ${kind.replace(/-/g, ' ')}s (${weapons.length} weapon upgrades offered to it)` };
    fielded.set(kind, first);
  }
  const alternatives: MountLoadout[] = [];
  for (const w of weapons) {
    const taken = [...kinds.keys()].filter((kind) => mayTake(w, kind) && fielded.get(kind) !== w);
    if (taken.length === 0) continue;
    const byKind = new Map([...fielded].map(([kind, d]) => [kind, taken.includes(kind) ? w : d]));
    const mounted = [...kinds].filter(([kind]) => mayTake(w, kind)).reduce((n, [, k]) => n + k, 0);
    alternatives.push(loadout(kinds, byKind, `+${w.id} x${mounted}`));
  }
  return { fielded: loadout(kinds, fielded), alternatives };
}
