import type { ScenarioSpec } from '../../sim/scenario.js';

/** Readable, distinct formation names: the formation's name, with its script id when two share a name. */
export function formationNames(spec: ScenarioSpec): string[] {
  const names = spec.formations.map((f) => f.formation.name);
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n} (${spec.formations[i]!.id})` : n));
}

/** Formations something shoots at or that fight in an assault: the ones that can lose units. */
export function engagedFormations(spec: ScenarioSpec): number[] {
  const out = new Set<number>();
  for (const s of spec.steps) {
    if (s.kind === 'shoot') out.add(s.at);
    else if (s.kind === 'assault') [...s.by, ...s.at].forEach((f) => out.add(f));
  }
  return [...out].sort((a, b) => a - b);
}
