import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import type { Epic40kState } from './state.js';

/**
 * Damage to a war engine (BattleBible L753-767, L1132, L1225, L1336, L1344).
 *
 * Each point first takes down a shield point, if any are left and
 * `bypassShields` is false (close combat and distortion cannons bypass them,
 * L1225, L1344); otherwise it removes a point of Damage Capacity. Every point
 * of damage rolls a D6 for Critical Damage, a 6 being critical (L759);
 * `alwaysCritical` makes every one critical (Death Ray hits, L1336). A point
 * a shield absorbs rolls only with `criticalOnShieldedDamage` (L759 and L1132
 * disagree).
 *
 * The Critical Damage Tables are not in the seed: each critical adds
 * `criticalExtraDamage` points (option), which do not roll for criticals
 * themselves (L759-763). At 0 Damage Capacity the engine is destroyed (L755);
 * its Catastrophic Damage roll against nearby units is not simulated (the
 * tables are missing). Returns the points of Damage Capacity lost.
 */
export function damageWarEngine(st: Epic40kState, rng: Sfc32, u: number, points: number, bypassShields: boolean, alwaysCritical: boolean): number {
  let criticals = 0;
  let lost = 0;
  const critShielded = st.options.criticalOnShieldedDamage;
  for (let i = 0; i < points; i++) {
    if (!bypassShields && st.shields[u]! > 0) {
      st.shields[u]!--;
      if (critShielded && (alwaysCritical || d6(rng) === 6)) criticals++;
      continue;
    }
    lost++;
    if (alwaysCritical || d6(rng) === 6) criticals++;
  }
  lost += criticals * st.options.criticalExtraDamage;
  return applyDamageCapacityLoss(st, u, lost);
}

/** Removes `lost` points of Damage Capacity (no more than it has); at 0 the engine is destroyed (L755). Returns the points removed. */
export function applyDamageCapacityLoss(st: Epic40kState, u: number, lost: number): number {
  const have = st.dc[u]!;
  const taken = lost < have ? lost : have;
  st.dc[u] = have - taken;
  st.damage[st.det[u]!]! += taken;
  if (st.dc[u] === 0) st.alive[u] = 0;
  return taken;
}
