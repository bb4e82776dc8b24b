import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import type { Epic40kState } from './state.js';
import { damageWarEngine } from './warEngineDamage.js';

/**
 * Remove Casualties (BattleBible L1105-1107): each hit is a point of damage,
 * which destroys an ordinary unit. A unit with the Save ability (or a Hero,
 * L1408) rolls a D6 per hit and a 4+ cancels it (L1432). War engines take
 * their hits as damage points (warEngineDamage.ts).
 *
 * Resolves `hits[u]` for the units `eligible[0..n)` and clears it. Returns the
 * number of units destroyed.
 */
export function applyHits(st: Epic40kState, rng: Sfc32, n: number, bypassShields: boolean): number {
  let killed = 0;
  const hits = st.hits;
  for (let i = 0; i < n; i++) {
    const u = st.eligible[i]!;
    const h = hits[u]!;
    if (h === 0) continue;
    hits[u] = 0;
    if (st.alive[u] === 0) continue;
    if (st.warEngine[u] === 1) {
      damageWarEngine(st, rng, u, h, bypassShields, false);
      if (st.alive[u] === 0) killed++;
      continue;
    }
    if (saveAll(st, rng, u, h)) continue;
    st.alive[u] = 0;
    killed++;
  }
  return killed;
}

/** True if unit `u` saves every one of `h` hits (4+ each with the Save ability, L1432; none without). */
export function saveAll(st: Epic40kState, rng: Sfc32, u: number, h: number): boolean {
  if (st.save[u] === 0) return false;
  for (let k = 0; k < h; k++) if (d6(rng) < 4) return false;
  return true;
}
