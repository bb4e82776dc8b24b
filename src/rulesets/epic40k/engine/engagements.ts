import { DEFAULT_EPIC40K_OPTIONS, type Epic40kOptions } from '../model/options.js';
import type { Epic40kDetachment, Epic40kOrder, Epic40kSpec, PlacedDetachment } from '../model/spec.js';

/** Default geometry: the fronts 30 cm apart for shooting, units 5 cm apart, 10 to a rank (a detachment in line). */
export const EPIC40K_SHOOT_GAP = 30;
/** Default gap before an assault: within an infantry charge (2 x 10 cm, L1168). */
export const EPIC40K_ASSAULT_GAP = 15;
export const EPIC40K_RANK_WIDTH = 10;
export const EPIC40K_SPACING = 5;

export interface DetachmentState {
  order: Epic40kOrder;
  cover: 0 | 1 | 2;
  coverUnits?: number[];
  blastMarkers: number;
  broken: boolean;
}

export const OPEN_GROUND: DetachmentState = { order: 'none', cover: 0, blastMarkers: 0, broken: false };

export interface Geometry {
  gap: number;
  rankWidth: number;
  spacing: number;
}

function place(id: string, side: 0 | 1, formation: Epic40kDetachment, front: number, g: Geometry, s: DetachmentState): PlacedDetachment {
  return { id, side, formation, front, rankWidth: g.rankWidth, spacing: g.spacing, ...s };
}

/** One detachment shoots another `gap` cm away (the two fronts each half the gap from the centre line). */
export function epic40kShootEngagement(attacker: Epic40kDetachment, target: Epic40kDetachment, o: { geometry: Geometry; attacker: DetachmentState; target: DetachmentState; options?: Partial<Epic40kOptions> }): Epic40kSpec {
  const half = o.geometry.gap / 2;
  return {
    ruleset: 'epic40k',
    formations: [place('A', 0, attacker, half, o.geometry, o.attacker), place('B', 1, target, half, o.geometry, o.target)],
    steps: [{ kind: 'shoot', label: `${attacker.name} shoots ${target.name}`, by: 0, at: 1 }],
    options: { ...DEFAULT_EPIC40K_OPTIONS, ...o.options },
  };
}

/**
 * One detachment, on Assault orders, charges another `gap` cm away (L1160-
 * 1168), with a close combat and/or firefight to follow; `supports`: other
 * detachments whose war engines may lend support (L1184), placed `gap` away.
 */
export function epic40kAssaultEngagement(
  attacker: Epic40kDetachment,
  target: Epic40kDetachment,
  o: { geometry: Geometry; attacker: DetachmentState; target: DetachmentState; supports?: Array<{ formation: Epic40kDetachment; side: 0 | 1; state: DetachmentState }>; options?: Partial<Epic40kOptions> },
): Epic40kSpec {
  const half = o.geometry.gap / 2;
  const formations = [place('A', 0, attacker, half, o.geometry, { ...o.attacker, order: 'assault' }), place('B', 1, target, half, o.geometry, o.target)];
  const support: number[] = [];
  (o.supports ?? []).forEach((s, i) => {
    support.push(formations.length);
    formations.push(place(`S${i + 1}`, s.side, s.formation, half, o.geometry, s.state));
  });
  return {
    ruleset: 'epic40k',
    formations,
    steps: [{ kind: 'assault', label: `${attacker.name} assaults ${target.name}`, by: [0], at: [1], support }],
    options: { ...DEFAULT_EPIC40K_OPTIONS, ...o.options },
  };
}
