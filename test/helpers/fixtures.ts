import type { FormationSpec, ResolvedUnit } from '../../src/model/formation.js';
import { Unit, Weapon, WeaponMode, type ArmyRule } from '../../src/model/schema.js';
import { DEFAULT_OPTIONS, type CoverSpec, type EngagementSpec, type NeteaOptions, type PlacedFormation, type Step } from '../../src/rulesets/netea/model/spec.js';

/**
 * Synthetic units and formations for core tests: built through the zod
 * schemas (so defaults apply as in real data) with exactly the stats a test
 * needs, independent of the shipped datasheets.
 */

export function weapon(id: string, modes: Array<Partial<WeaponMode> & { range: number }>): Weapon {
  return Weapon.parse({ id, name: id, modes });
}

export function unit(id: string, fields: Partial<Unit> & { type: Unit['type'] }, weapons: Array<{ weapon: Weapon; multiplier?: number | string; arc?: string }> = []): { unit: Unit; weapons: Weapon[]; multipliers: Array<number | string>; arcs: string[] } {
  const u = Unit.parse({
    id,
    name: id,
    speed: 15,
    armour: null,
    cc: null,
    ff: null,
    ...fields,
    weapons: weapons.map((w) => ({ weapon: w.weapon.id, multiplier: w.multiplier ?? 1, arc: w.arc ?? 'all' })),
  });
  return { unit: u, weapons: weapons.map((w) => w.weapon), multipliers: weapons.map((w) => w.multiplier ?? 1), arcs: weapons.map((w) => w.arc ?? 'all') };
}

export type TestUnit = ReturnType<typeof unit>;

function resolved(t: TestUnit, points: number | null): ResolvedUnit {
  return {
    unit: t.unit,
    weapons: t.weapons.map((w, i) => ({ weapon: w, multiplier: t.multipliers[i]!, arc: t.arcs[i]! })),
    characters: [],
    characterWeapons: [],
    points,
  };
}

export function formation(name: string, members: Array<[number, TestUnit]>, opts: { rules?: ArmyRule[]; points?: number; initiative?: number } = {}): FormationSpec {
  const total = members.reduce((s, [n]) => s + n, 0);
  const units: ResolvedUnit[] = [];
  for (const [n, t] of members) for (let i = 0; i < n; i++) units.push(resolved(t, opts.points !== undefined ? opts.points / total : null));
  return {
    text: name,
    name,
    units,
    points: opts.points ?? null,
    armyId: null,
    rules: opts.rules ?? [],
    initiative: opts.initiative ?? 2,
    strategyRating: 2,
    unsupported: [],
  };
}

export function placed(id: string, side: 0 | 1, f: FormationSpec, p: Partial<Omit<PlacedFormation, 'id' | 'side' | 'formation'>> = {}): PlacedFormation {
  const cover: CoverSpec = p.cover ?? { kind: 'none' };
  return {
    id,
    side,
    formation: f,
    front: p.front ?? 10,
    rankWidth: p.rankWidth ?? 100,
    spacing: p.spacing ?? 5,
    cover,
    blastMarkers: p.blastMarkers ?? 0,
    broken: p.broken ?? false,
    ...(p.coverUnits ? { coverUnits: p.coverUnits } : {}),
    ...(p.offTable ? { offTable: true } : {}),
  };
}

export function shootStep(by: number, at: number, extra: Partial<Extract<Step, { kind: 'shoot' }>> = {}): Step {
  return { kind: 'shoot', label: 'shoot', by, at, action: 'advance', crossfire: false, barrage: true, test: false, retain: false, ...extra };
}

export function engagement(formations: PlacedFormation[], steps: Step[], options: Partial<NeteaOptions> = {}): EngagementSpec {
  return { ruleset: 'netea', formations, steps, options: { ...DEFAULT_OPTIONS, ...options } };
}
