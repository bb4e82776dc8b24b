import type { Battle } from '../../model/battle.js';
import type { FormationSpec } from '../../model/formation.js';
import type { BattleStaging } from '../../scenarios/battleStaging.js';
import { battleStagingOf } from '../../scenarios/registry.js';

/**
 * The formation's chance of taking the better of its two plays of every scene
 * against each opponent (playShares, fixedPointCost.ts), by the battle's
 * `initiative`: ½ when the plays alternate; the strategy roll's chance (RB 1.5)
 * under `strategy-roll`; under `speed` the faster formation chooses the fight
 * (the rule system's staging: NetEA's speedInitiative.ts, formationSpeed.ts; with
 * `speedBy: "charge"` how far off it can charge, chargeSpeed.ts); under
 * `reach` the one that can hit the other from farther off chooses it, by the same ramp
 * on the reaches (formationReach.ts; `reachBy: "indirect-fire"` counts only the fire
 * that needs no line of fire).
 * Aircraft and spacecraft play each scene once: ½, unused.
 */
export function initiativeChances(formation: FormationSpec, field: readonly FormationSpec[], battle: Battle, kind: 'ground' | 'aircraft' | 'spacecraft', staging: Pick<BattleStaging<unknown>, 'firstMoveChance' | 'formationSpeed' | 'chargeSpeed' | 'formationReach' | 'indirectReach' | 'speedFirstChance'> = battleStagingOf(undefined)): number[] {
  const rule = battle.initiative;
  if (kind !== 'ground' || rule.value === 'alternate') return field.map(() => 0.5);
  if (rule.value === 'strategy-roll') return field.map((o) => staging.firstMoveChance(formation.strategyRating, o.strategyRating));
  const measure = rule.value === 'speed' ? (rule.speedBy === 'charge' ? staging.chargeSpeed : staging.formationSpeed) : rule.reachBy === 'indirect-fire' ? staging.indirectReach : staging.formationReach;
  const own = measure(formation);
  return field.map((o) => staging.speedFirstChance(own, measure(o), rule.ramp ?? 0));
}
