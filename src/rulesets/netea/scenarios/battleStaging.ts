import type { BattleCover } from '../../../model/battle.js';
import type { BattleStaging } from '../../../scenarios/battleStaging.js';
import { chargeSpeed } from '../engine/chargeSpeed.js';
import { formationReach, indirectReach } from '../engine/formationReach.js';
import { formationSpeed } from '../engine/formationSpeed.js';
import { speedFirstChance } from '../engine/speedInitiative.js';
import { firstMoveChance } from '../engine/strategyRoll.js';
import type { CoverSpec, EngagementSpec, NeteaOptions } from '../model/spec.js';
import { sceneEngagement } from './battleScenes.js';

function coverSpec(c: BattleCover): CoverSpec {
  if (c === 'none') return { kind: 'none' };
  if (c === 'obscured') return { kind: 'obscured' };
  return { kind: 'save', save: c.save };
}

/**
 * A battle as NetEA stages it: each scene's engagement (battleScenes.ts) played by the engine's
 * rules `options` (left out, the engine's default: the Tournament Pack's; rulesVariant.ts gives
 * the 2004 rulebook's), the strategy roll (RB 1.5, strategyRoll.ts) and who chooses the fight by
 * speed (its move, formationSpeed.ts, or how far off it can charge, chargeSpeed.ts) or by reach
 * (formationReach.ts), on speedInitiative.ts's ramp.
 */
export function neteaBattleStaging(options?: NeteaOptions): BattleStaging<EngagementSpec> {
  return {
    scene: (groupA, groupB, play) => sceneEngagement(groupA, groupB, { ...play, cover: coverSpec(play.cover), ...(options !== undefined ? { options } : {}) }),
    firstMoveChance,
    formationSpeed,
    chargeSpeed,
    formationReach: (f) => formationReach(f),
    indirectReach: (f) => indirectReach(f),
    speedFirstChance,
  };
}
