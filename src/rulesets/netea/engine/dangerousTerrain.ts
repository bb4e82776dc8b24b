import type { Sfc32 } from '../../../sim/rng.js';
import { d6 } from '../../../sim/dice/d6.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { damageWarEngine, destroyUnit } from './damage.js';
import { checkBreak } from './blastMarkers.js';

/** The kinds of unit the terrain table tells apart (RB 1.8, its three columns): a bit each. */
export const TERRAIN_INFANTRY = 1;
export const TERRAIN_VEHICLE = 2;
export const TERRAIN_WAR_ENGINE = 4;

/** Unit u's column of the terrain table: mounted infantry count as vehicles (RB 2.1.10); aircraft are none. */
export function terrainKindOf(e: Engagement, u: number): number {
  const cls = e.uClass[u]!;
  if (cls === C.CLASS_INF) return (e.uFlags[u]! & C.U_MOUNTED) !== 0 ? TERRAIN_VEHICLE : TERRAIN_INFANTRY;
  if (cls === C.CLASS_LV || cls === C.CLASS_AV) return TERRAIN_VEHICLE;
  if (cls === C.CLASS_WE) return TERRAIN_WAR_ENGINE;
  return 0;
}

/**
 * Dangerous terrain tests (RB 1.8.1) for the units of formation f whose kind
 * is in `kinds` (TERRAIN_* bits) as they enter the terrain: a D6 each, a 1
 * destroys the unit with no save and no Blast marker; walkers re-roll a
 * failure (RB 2.1.18; `walker`, a flag per unit). A war engine takes a point of damage with its critical
 * roll instead, no save, no Blast marker ([A-26]). Passengers of a transport
 * destroyed so get out or die as the wreck's passengers do (armour or 6+
 * cover save), placing no Blast marker either. Units inside transports do not
 * test. The formation may break if its break point falls to its Blast markers.
 * Returns the units that failed.
 */
export function dangerousTerrainTest(e: Engagement, f: number, kinds: number, walker: Uint8Array, rng: Sfc32): number {
  let failed = 0;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (e.stAlive[u] === 0 || e.transports.stEmbarked[u] === 1 || (terrainKindOf(e, u) & kinds) === 0) continue;
    if (d6(rng) !== 1) continue;
    if (walker[u] === 1 && d6(rng) !== 1) continue;
    failed++;
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) damageWarEngine(e, u, 1, true, 0, rng);
    else destroyUnit(e, u, true, false, 0, rng);
  }
  if (failed > 0) checkBreak(e, f, rng);
  return failed;
}
