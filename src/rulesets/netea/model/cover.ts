import { z } from 'zod';
import { FORTIFIED_POSITIONS } from '../../../model/fortifiedPositions.js';

/**
 * NetEA's cover in an experiment (also the 2004 rulebook's): none, obscured (RB 1.8.4: the
 * shooter's -1), a save the terrain gives (RB 1.8.4), or a Tournament Pack fortified position,
 * in which each kind of unit gets what the position's table gives (TP Fortified Positions): the
 * schemas of each, which the experiment's cover lists beside the other systems'.
 */
export const NETEA_COVERS = [
  z.literal('none'),
  z.literal('obscured'),
  z.strictObject({ save: z.number().int().min(2).max(6) }),
  z.enum(FORTIFIED_POSITIONS),
] as const;

/** NetEA's cover values as an error message lists them. */
export const NETEA_COVER_WORDS = 'NetEA\'s "none", "obscured", {"save": 2-6} or a fortified position ("bunker", "gun-emplacement", "trench")';
