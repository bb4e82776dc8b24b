import type { Upgrade } from '../schema.js';

/**
 * The prose of an upgrade that buys fortified positions for the formation's own units (schema.ts
 * Upgrade.positions): "Add one gun emplacement for every armoured vehicle unit" (TP Iron
 * Warriors), "Add up to 52cm of Trench and 52cm of Razor Wire" (TP Knight World Infantry Platoon).
 */

type BoughtPositions = NonNullable<Upgrade['positions']>;

/** TP Knight World Fortified Positions, Trench: "Can hold one infantry unit per 4cm of length". */
const TRENCH_CM_PER_UNIT = 4;

const ONE_PER_AV = /^add\s+one\s+gun\s+emplacement\s+for\s+every\s+armoured\s+vehicle\s+unit$/i;
const TRENCH_LENGTH = /^add\s+(?:up\s+to\s+)?([0-9]+)\s*cm\s+of\s+trench(?:\s+and\s+[0-9]+\s*cm\s+of\s+(razor\s+wire))?$/i;

/** The positions an upgrade's text buys, or undefined when it buys none (or something else besides). */
export function parseBoughtPositions(text: string): BoughtPositions | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  if (ONE_PER_AV.test(t)) return { position: 'gun-emplacement', type: 'AV', unplayed: [] };
  const trench = TRENCH_LENGTH.exec(t);
  if (trench) {
    const holds = Math.floor(Number(trench[1]) / TRENCH_CM_PER_UNIT);
    if (holds < 1) return undefined;
    return { position: 'trench', type: 'INF', holds, unplayed: trench[2] !== undefined ? ['razor-wire'] : [] };
  }
  return undefined;
}
