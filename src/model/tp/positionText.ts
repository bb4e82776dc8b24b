import type { Upgrade } from '../schema.js';

/**
 * The prose of an upgrade that buys fortified positions for the formation's own units (schema.ts
 * Upgrade.positions): "Add one gun emplacement for every armoured vehicle unit" (TP Iron
 * Warriors), "Add up to 52cm of Trench and 52cm of Razor Wire" (TP Knight World Infantry Platoon).
 */

type BoughtPositions = NonNullable<Upgrade['positions']>;

/** TP Knight World Fortified Positions, Trench: "Can hold one infantry unit per 4cm of length". */
export const TRENCH_CM_PER_UNIT = 4;

/** The unit classes a position is bought for, as the lists name them. */
const CLASS_NAMES: Readonly<Record<string, BoughtPositions['type']>> = {
  'armoured vehicle': 'AV',
  'light vehicle': 'LV',
  infantry: 'INF',
};

const ONE_PER_UNIT = /^add\s+one\s+gun\s+emplacement\s+for\s+every\s+(armoured vehicle|light vehicle|infantry)\s+unit$/i;
const TRENCH_LENGTH = /^add\s+(?:up\s+to\s+)?([0-9]+)\s*cm\s+of\s+trench(?:es)?(?:\s+and\s+(?:up\s+to\s+)?[0-9]+\s*cm\s+of\s+(razor\s+wire))?$/i;

/** The positions an upgrade's text buys, or undefined when it buys none (or something else besides). */
export function parseBoughtPositions(text: string): BoughtPositions | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  const each = ONE_PER_UNIT.exec(t);
  if (each) return { position: 'gun-emplacement', type: CLASS_NAMES[each[1]!.toLowerCase()]!, unplayed: [] };
  const trench = TRENCH_LENGTH.exec(t);
  if (trench) {
    const holds = Math.floor(Number(trench[1]) / TRENCH_CM_PER_UNIT);
    if (holds < 1) return undefined;
    return { position: 'trench', type: 'INF', holds, unplayed: trench[2] !== undefined ? ['razor-wire'] : [] };
  }
  return undefined;
}
