import type { ScenarioSpec } from '../../scenarios/registry.js';

/** Readable, distinct formation names: the formation's name, with its script id when two share a name. */
export function formationNames(spec: ScenarioSpec): string[] {
  const names = spec.formations.map((f) => f.formation.name);
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n} (${spec.formations[i]!.id})` : n));
}

/**
 * Formations something shoots at or that fight in an assault: the ones that
 * can lose units. The targets of ground attacks, flak, interceptions and
 * orbital attacks too, and an aircraft formation making a ground attack
 * through flak or combat air patrol (RB 4.2.1-4.2.4).
 */
export function engagedFormations(spec: ScenarioSpec): number[] {
  const out = new Set<number>();
  for (const s of spec.steps) {
    switch (s.kind) {
      case 'shoot':
      case 'flak':
      case 'intercept':
      case 'orbital':
        out.add(s.at);
        break;
      case 'ground-attack':
        out.add(s.at);
        if (s.flak.length > 0 || s.cap >= 0) out.add(s.by);
        break;
      case 'assault':
        [...s.by, ...s.at].forEach((f) => out.add(f));
        break;
    }
  }
  return [...out].sort((a, b) => a - b);
}
