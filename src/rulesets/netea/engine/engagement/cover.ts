import { namesRule } from '../../../../model/ruleReach.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import type { FortifiedPosition } from '../../../../model/fortifiedPositions.js';
import type { PlacedFormation } from '../../model/spec.js';

/** A position's effect on one kind of unit: its cover save, or `NO_SHELTER`. */
const NO_SHELTER = 0;

interface PositionEffect {
  infantry: number;
  vehicle: number;
  warEngine: number;
  /** It "counts as Fortifications" (TP Terrain Effects): crossfire does not worsen saves in it (RB 1.11). */
  fortification: boolean;
}

/**
 * TP Fortified Position Effects Table. The five armies' tables (Baran
 * Siegemasters, Death Korps of Krieg, Imperial Fists, Iron Warriors, Knight
 * World) give the same effects for the positions they share and differ only in
 * which positions they list, so this one table serves every formation: "once
 * set up, fortified positions may be used by any unit (including enemy
 * units)" (TP Fortified Positions).
 *
 * - Bunker: "Counts as Fortifications"; infantry 3+ cover save; vehicles and
 *   war engines "Dangerous".
 * - Gun Emplacement: infantry 4+; vehicles 5+, "a Cover Save that works in the
 *   same manner as an infantry cover save"; war engines "No Effect".
 * - Trench: infantry 4+; vehicles "Dangerous"; war engines "No Effect".
 *
 * A cover save comes with the cover to-hit modifier, as an infantry cover save
 * does (RB 1.8.3). "Dangerous" is a dangerous-terrain test for entering the
 * position, which an engagement does not play: the position gives such a unit
 * no save and no −1 to hit. Mounted infantry count as vehicles for terrain
 * (RB 2.1.10).
 */
const POSITIONS: Readonly<Record<FortifiedPosition, PositionEffect>> = {
  bunker: { infantry: 3, vehicle: NO_SHELTER, warEngine: NO_SHELTER, fortification: true },
  'gun-emplacement': { infantry: 4, vehicle: 5, warEngine: NO_SHELTER, fortification: false },
  trench: { infantry: 4, vehicle: NO_SHELTER, warEngine: NO_SHELTER, fortification: false },
};

/**
 * The cover of unit g (unit i of its formation) as the formation is placed:
 * sets its cover save (uCoverSave) and returns its flags with the cover ones
 * added (U_IN_COVER, U_IN_FORTIFICATION and Masters of Siege's).
 */
export function fillCover(e: Engagement, g: number, i: number, pf: PlacedFormation, flags: number): number {
  e.uCoverSave[g] = C.NONE;
  const cover = pf.cover;
  if (cover.kind === 'none' || (pf.coverUnits !== undefined && !pf.coverUnits.includes(i))) return flags;
  const cls = e.uClass[g]!;
  const mounted = (flags & C.U_MOUNTED) !== 0;
  const infantry = cls === C.CLASS_INF && !mounted;
  if (cover.kind === 'obscured') return flags | C.U_IN_COVER;
  if (cover.kind === 'save') {
    // RB 1.8.3: cover saves are for infantry only; mounted units count as vehicles for terrain.
    if (infantry) e.uCoverSave[g] = cover.save;
    return flags | C.U_IN_COVER;
  }
  const effect = POSITIONS[cover.position];
  const vehicle = cls === C.CLASS_LV || cls === C.CLASS_AV || (cls === C.CLASS_INF && mounted);
  // Aircraft and spacecraft are never in a position.
  const save = infantry ? effect.infantry : vehicle ? effect.vehicle : cls === C.CLASS_WE ? effect.warEngine : NO_SHELTER;
  if (save === NO_SHELTER) return flags;
  e.uCoverSave[g] = save;
  let out = flags | C.U_IN_COVER;
  if (effect.fortification) out |= C.U_IN_FORTIFICATION;
  // TP Masters of Siege applies to "bunkers" and "trenches purchased as part of the army": a formation
  // of the army is taken to hold its own. The rule stays named (its overwatch garrison and minefields
  // are not played), so the formation's notes say whether it carries it.
  if (infantry && namesRule(pf.formation.unsupported, 'masters-of-siege')) {
    if (cover.position === 'bunker') out |= C.U_SIEGE_BUNKER;
    if (cover.position === 'trench') out |= C.U_TRENCH_FIRST_STRIKE;
  }
  return out;
}
