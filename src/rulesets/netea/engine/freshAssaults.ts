import type { Sfc32 } from '../../../sim/rng.js';
import type { FormationSpec } from '../../../model/formation.js';
import type { Engagement } from './engagement.js';
import { compileEngagement } from './compileEngagement.js';
import type { EngagementSpec, NeteaOptions } from '../model/spec.js';
import { EngagementTraits, markAllUnitsDirty, resetEngagementState, rollPowerFields } from './resetEngagement.js';
import { assault, ATTACKER_WINS } from './assault.js';
import type { AssaultSetup } from './assault/setup.js';
import { ChargeCache } from './assault/chargeCache.js';
import { DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from './engagements.js';

/**
 * Two formations, fresh, in the open, charging each other across a gap, assault after assault:
 * the engine's general assault path (assault.ts) on an engagement holding the two alone,
 * compiled once for both directions and every gap. Each formation may charge, as in a game
 * (gameEngagement.ts), so modes usable only after an engage action are compiled in. No test is
 * taken, no supporting fire lent. A trial resets every unit (resetEngagement.ts) and rolls power
 * fields afresh, as a script's trial does (runner.ts). No allocation per trial.
 */
export class FreshAssaults {
  private readonly e: Engagement;
  private readonly traits: EngagementTraits;
  private readonly cache: ChargeCache;
  private readonly setup: AssaultSetup = { attackers: 0, defenders: 0, supporters: 0, overwatch: 0, contactLimit: -1 };
  /** Either formation is aircraft or a spacecraft: no assault between them. */
  readonly aerospace: boolean;

  constructor(a: FormationSpec, b: FormationSpec, options: NeteaOptions) {
    const spec: EngagementSpec = {
      ruleset: 'netea',
      formations: [a, b].map((formation, side) => ({ id: `${side}`, side: side as 0 | 1, formation, front: 0, rankWidth: DEFAULT_RANK_WIDTH, spacing: DEFAULT_SPACING, cover: { kind: 'none' as const }, blastMarkers: 0, broken: false })),
      steps: [0, 1].map((f) => ({ kind: 'assault' as const, label: 'either formation may charge', by: [f], at: [], support: [], overwatch: [], test: false, retain: false })),
      options,
    };
    this.e = compileEngagement(spec);
    this.traits = new EngagementTraits(this.e);
    this.cache = new ChargeCache(2, this.e.nUnits);
    this.aerospace = this.e.air.fAerospace[0] === 1 || this.e.air.fAerospace[1] === 1;
    // Every unit starts dirty so the first reset initialises it (runner.ts).
    markAllUnitsDirty(this.e);
  }

  /**
   * How many of `trials` assaults formation `by` (0 or 1) wins charging the other from `gap` cm
   * (the charger's front at 0, the target's at `gap`, as engagements.ts places an assault).
   */
  attackerWins(by: number, gap: number, trials: number, rng: Sfc32): number {
    const e = this.e;
    const s = this.setup;
    s.attackers = 1 << by;
    s.defenders = 1 << (1 - by);
    let wins = 0;
    for (let t = 0; t < trials; t++) {
      resetEngagementState(e, this.traits);
      if (this.traits.hasPowerFields) rollPowerFields(e, rng);
      e.fFront[by] = 0;
      e.fFront[1 - by] = gap;
      if (assault(e, s, this.cache, rng) === ATTACKER_WINS) wins++;
    }
    return wins;
  }
}
