import { DEFAULT_HERESY_OPTIONS, type HeresyOptions } from '../model/options.js';
import type { HeresyCover, HeresyOrder, HeresySpec, HeresyUnit, PlacedHeresyUnit, QualityLevel } from '../model/spec.js';

/** Default distance for a shot: 30 cm. */
export const HERESY_SHOOT_DISTANCE = 30;

export interface HeresyUnitState {
  cover: HeresyCover;
  quality: QualityLevel;
  suppressed: boolean;
  order: HeresyOrder;
}

export const FRESH_IN_THE_OPEN: HeresyUnitState = { cover: 0, quality: 0, suppressed: false, order: 'none' };

function place(id: string, side: 0 | 1, formation: HeresyUnit, s: HeresyUnitState): PlacedHeresyUnit {
  return { id, side, formation, ...s };
}

/** One unit fires all its weapons at another `distance` cm away. */
export function heresyShootEngagement(attacker: HeresyUnit, target: HeresyUnit, o: { distance: number; attacker: HeresyUnitState; target: HeresyUnitState; options?: Partial<HeresyOptions> }): HeresySpec {
  return {
    ruleset: 'heresy',
    formations: [place('A', 0, attacker, o.attacker), place('B', 1, target, o.target)],
    steps: [{ kind: 'shoot', label: `${attacker.name} shoots ${target.name}`, by: 0, at: 1, distance: o.distance }],
    options: { ...DEFAULT_HERESY_OPTIONS, ...o.options },
  };
}

/** One unit charges another; `supports`: units of either side within 15 cm of the combat (L213-217). */
export function heresyAssaultEngagement(
  attacker: HeresyUnit,
  target: HeresyUnit,
  o: { attacker: HeresyUnitState; target: HeresyUnitState; supports?: Array<{ formation: HeresyUnit; side: 0 | 1; state?: HeresyUnitState }>; options?: Partial<HeresyOptions> },
): HeresySpec {
  const formations = [place('A', 0, attacker, o.attacker), place('B', 1, target, o.target)];
  const support: number[] = [];
  (o.supports ?? []).forEach((s, i) => {
    support.push(formations.length);
    formations.push(place(`S${i + 1}`, s.side, s.formation, s.state ?? FRESH_IN_THE_OPEN));
  });
  return {
    ruleset: 'heresy',
    formations,
    steps: [{ kind: 'assault', label: `${attacker.name} assaults ${target.name}`, by: [0], at: [1], support }],
    options: { ...DEFAULT_HERESY_OPTIONS, ...o.options },
  };
}
