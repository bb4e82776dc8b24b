/**
 * What a Snapfire list file says (adam77/snapfire, `war/lists/<list>.json`, as its
 * `war/js/ArmyList.js` reads it): formations with their points, units line and upgrade menu;
 * upgrades with their points (a number, or an array cycled per upgrade name within a formation:
 * two "Vindicator" at `[50, 25]` cost 75); and the mandatory upgrade choices that field a
 * formation's own units ("5 of Attack Bike, Bike Unit, Multi-melta Attack Bike" for the Bike
 * formation), which the chooser fills with the first option when a formation is added.
 */

export interface SnapfireMandatory {
  min: number;
  max: number;
  from: number[];
}

export interface SnapfireFormation {
  id: number;
  name: string;
  points: number;
  /** The formation's units line, printed under it in the plain text ("6 Tacticals plus transport"). */
  units?: string;
  section: string;
  /** Its UPGRADES menu. */
  upgrades: number[];
  /** Its mandatory choices (upgrade constraints with a minimum that apply to it). */
  mandatory: SnapfireMandatory[];
}

export interface SnapfireUpgrade {
  id: number;
  name: string;
  points: number | number[];
}

export interface SnapfireList {
  /** The list's own name ("Codex Astartes"): the plain text's second line names it with the version. */
  name: string;
  version: string;
  formations: SnapfireFormation[];
  upgrades: SnapfireUpgrade[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', ndash: '–', mdash: '—', eacute: 'é' };

/** Snapfire's names and versions may hold HTML (`&amp;`, `<a href=...>`): the text a player reads. */
export function decodeHtml(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d: string) => String.fromCodePoint(parseInt(d, 10)))
    .replace(/&([a-z]+);/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m)
    .trim();
}

interface RawList {
  id: string;
  version?: string;
  sections: Array<{ name: string; formations: Array<{ id: number; name: string; pts: number; units?: string; upgrades?: number[] }> }>;
  fixedFormations?: Array<{ id: number; name: string; pts: number; units?: string; upgrades?: number[] }>;
  upgrades: Array<{ id: number; name: string; pts: number | number[] }>;
  upgradeConstraints?: Array<{ min?: number; max?: number; from: number[]; appliesTo?: number[]; perArmy?: boolean }>;
}

/**
 * A list file as Snapfire reads it (ArmyList.init): a constraint with only a minimum has no
 * maximum, and one without `appliesTo` applies to every formation; a constraint with a minimum
 * (not per army) is a formation's mandatory choice.
 */
export function readSnapfireList(json: unknown): SnapfireList {
  const d = json as RawList;
  const raw = [...(d.fixedFormations ?? []).map((f) => ({ f, section: 'fixedFormations' })), ...d.sections.flatMap((s) => s.formations.map((f) => ({ f, section: s.name })))];
  const constraints = (d.upgradeConstraints ?? []).filter((c) => (c.min ?? 0) > 0 && c.perArmy !== true);
  const formations = raw.map(({ f, section }): SnapfireFormation => {
    const out: SnapfireFormation = {
      id: f.id,
      name: decodeHtml(f.name),
      points: f.pts,
      section: decodeHtml(section),
      upgrades: f.upgrades ?? [],
      mandatory: constraints.filter((c) => c.appliesTo === undefined || c.appliesTo.includes(f.id)).map((c) => ({ min: c.min!, max: c.max ?? 1_000_000, from: c.from })),
    };
    if (f.units !== undefined && f.units.trim() !== '') out.units = decodeHtml(f.units);
    return out;
  });
  return {
    name: decodeHtml(d.id),
    version: decodeHtml(d.version ?? ''),
    formations,
    upgrades: d.upgrades.map((u) => ({ id: u.id, name: decodeHtml(u.name), points: u.pts })),
  };
}

/** The upgrades a formation may take: its menu and the options of its mandatory choices (the chooser's REPLACE WITH... popup). */
export function offeredUpgrades(f: SnapfireFormation): number[] {
  return [...new Set([...f.upgrades, ...f.mandatory.flatMap((m) => m.from)])];
}

/** The upgrades a formation starts with (Force.addFormation without noDefaults): `min` of each mandatory choice's first option. */
export function defaultUpgrades(f: SnapfireFormation): number[] {
  return f.mandatory.flatMap((m) => new Array<number>(m.min).fill(m.from[0]!));
}

/**
 * A formation's points as Snapfire computes them (calcPoints): its own plus each upgrade's, an
 * array price cycled per upgrade name within the formation. `taken`: upgrade ids, once per time taken.
 */
export function snapfirePoints(f: { points: number }, taken: number[], upgradeById: (id: number) => { name: string; points: number | number[] } | undefined): number {
  const counted = new Map<string, number>();
  let total = f.points;
  for (const id of taken) {
    const u = upgradeById(id);
    if (u === undefined) continue;
    if (Array.isArray(u.points)) {
      const k = counted.get(u.name) ?? 0;
      counted.set(u.name, k + 1);
      total += u.points[k % u.points.length]!;
    } else total += u.points;
  }
  return total;
}
