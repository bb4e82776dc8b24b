import type { FormationSpec } from './formation.js';

/** Counts of names in first-seen order: "6 Tactical, 3 Rhino". */
export function countNames(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => `${c} ${n}`).join(', ');
}

/**
 * The units a fielded formation puts on the table, as a player reads them: every unit, the
 * transports of a "plus transport" formation and the units its upgrades add among them, then the
 * characters that joined them ("6 Tactical, 3 Rhino, 2 Razorback (with Captain)"); the weapons a
 * titan's mounts carry are characters too, but they are named apart (`mounted`).
 */
export function fieldedSummary(spec: FormationSpec): { units: string; mounted: string } {
  const units = countNames(spec.units.map((u) => u.unit.name));
  const mountedIds = new Set(spec.units.flatMap((u) => (u.mounted ?? []).map((m) => m.character)));
  const characters = countNames(spec.units.flatMap((u) => u.characters.filter((c) => !mountedIds.has(c.id)).map((c) => c.name)));
  const mounted = countNames(spec.units.flatMap((u) => u.characters.filter((c) => mountedIds.has(c.id)).map((c) => c.name)));
  return { units: characters === '' ? units : `${units} (with ${characters})`, mounted };
}
