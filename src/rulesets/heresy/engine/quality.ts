import { d10 } from '../../../sim/dice/d10.js';
import type { Sfc32 } from '../../../sim/rng.js';

/**
 * Quality and leadership (seed 003, L320-450, L504-532).
 *
 * A quality check (L399-403): D10 + bonus >= the target number of the unit's
 * current level (Fresh / Fatigued / Routed, L377-383). True if passed.
 */
export function qualityCheck(rng: Sfc32, tn: number, bonus: number): boolean {
  return d10(rng) + bonus >= tn;
}

/** The leadership bonus (L340-348): Ld 1-3: 0; 4-6: +1; 7-9: +2; 10: +3. */
export function leadershipBonus(ld: number): number {
  if (ld <= 3) return 0;
  if (ld <= 6) return 1;
  if (ld <= 9) return 2;
  return 3;
}

/** Command radius in cm: leadership x 5 cm (L331-339): an Ork Nob with Ld 4 has 20 cm. */
export function commandRadius(ld: number): number {
  return ld * 5;
}

/**
 * Models a unit must lose to be broken (L508-525): (100% - 10% x the Fresh
 * target number) of its models, rounded up. Terminators (Fresh 4), 6 models:
 * 60% of 6 = 3.6 -> 4. Integer arithmetic: ceil(models * (10 - tn) / 10).
 */
export function breakPoint(models: number, freshTn: number): number {
  return Math.ceil((models * (10 - freshTn)) / 10);
}

/**
 * A rally attempt (L431-450) on a unit at `level` (1 Fatigued, 2 Routed)
 * whose level target number is `tn`, by a commander of bonus `bonus`:
 * a natural 10 returns it to Fresh; a natural 1 loses another level (3 =
 * beyond Routed: removed); otherwise D10 + bonus >= tn improves one level.
 * Returns the new level.
 */
export function rally(rng: Sfc32, level: number, tn: number, bonus: number): number {
  const roll = d10(rng);
  if (roll === 10) return 0;
  if (roll === 1) return level + 1;
  return roll + bonus >= tn ? level - 1 : level;
}
