import type { EngagementBuilder, EngagementKind, EngagementSettings } from '../../../reports/engagementKinds.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, shootEngagement, shootThenAssaultEngagement, type AssaultSetup } from '../engine/engagements.js';

/** Both formations fresh, no supporting formations, no engage test (a fresh formation needs none). */
function assaultSetup(s: EngagementSettings): AssaultSetup {
  return { geometry: { ...DEFAULT_GEOMETRY, gap: s.gap }, attacker: FRESH, target: FRESH, supports: [], test: false, overwatch: [] };
}

const BUILDERS: Record<EngagementKind, EngagementBuilder> = {
  shoot: (actor, target, s) =>
    shootEngagement(actor, target, {
      action: s.action,
      crossfire: false,
      geometry: { ...DEFAULT_GEOMETRY, gap: s.gap },
      attacker: FRESH,
      target: FRESH,
    }),
  assault: (actor, target, s) => assaultEngagement(actor, target, assaultSetup(s)),
  'shoot-assault': (actor, target, s) => shootThenAssaultEngagement(actor, target, assaultSetup(s)),
};

/** NetEA's engagement for the matrix and the one-engagement fair cost: `actor` acting on `target` (actor on side 0, target on side 1). */
export const neteaEngagement: EngagementBuilder = (actor, target, settings) => BUILDERS[settings.kind](actor, target, settings);
