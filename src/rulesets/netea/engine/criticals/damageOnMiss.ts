import type { Sfc32 } from '../../../../sim/rng.js';
import type { Engagement } from '../engagement.js';
import { extraDamage } from '../damage.js';

/**
 * TP Cyclops: "The unit takes an extra point of damage and will take an extra point of damage
 * whenever the Hellfury Cannon misses." Once its first critical has set stMissDamage, each shot
 * of the named weapon (its lines carry W_MISS_DAMAGE) whose to-hit roll fails costs the unit
 * that much damage: a shot is what misses or hits (RB 1.9.5), and the Hellfury Cannon (MW2+,
 * one shot) rolls one to-hit die per shooting attack; it rolls none in an assault, where a war
 * engine fights with its close combat and firefight values. The damage is the critical's own,
 * like its first extra point: a Blast marker for each point, no critical roll.
 */
export function damageOnMisses(e: Engagement, u: number, misses: number, rng: Sfc32): void {
  if (e.stMissDamage[u] !== 0) extraDamage(e, u, misses * e.stMissDamage[u]!, false, rng);
}
