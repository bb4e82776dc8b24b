import type { FormationSpec } from '../../../../model/formation.js';
import { rngFromSeed } from '../../../../sim/rng.js';
import { TRIALS } from '../../../../sim/ruleset.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, NeteaRunner, type NeteaOptions } from '../engine.js';

/** Assaults the engine fights to reckon each pair's odds (a fixed seed: the reckoning is the same every time). */
const TRIALS_PER_PAIR = 100;
/** Charges that reach (from 5 cm: every charger gets into contact), and charges that end 10 cm short (a firefight). */
const CONTACT_GAP = 5;
const SHORT_BY = 10;

/** Reckonings kept per worker: the same armies give the same odds whatever the policies. */
const kept = new Map<string, Float64Array>();

/**
 * A player's reckoning of its assaults (docs/game.md, "Players"): for every
 * formation f of one army and every formation t of the other, the chance that
 * f, fresh, charging t, fresh, wins the assault, as the engine fights it
 * (TRIALS_PER_PAIR assaults, no supporting fire): at index f * n + t a charge
 * from 5 cm (every charger in contact), at n * n + f * n + t one that ends
 * 10 cm short of t (a firefight); 0 for aircraft and spacecraft, which
 * neither charge nor are charged. The player scales it in play by the
 * formations' losses, Blast markers and supporters.
 */
export function assaultOdds(forms: readonly FormationSpec[], sides: readonly number[], aerospace: (f: number) => boolean, options: NeteaOptions): Float64Array {
  const key = JSON.stringify([forms.map((f) => [f.text, f.units.length, f.strategyRating]), sides, options]);
  const known = kept.get(key);
  if (known !== undefined) return known;
  const n = forms.length;
  const odds = new Float64Array(2 * n * n);
  for (let f = 0; f < n; f++) {
    if (aerospace(f)) continue;
    const charge = Math.min(...forms[f]!.units.map((u) => u.unit.speed));
    for (let t = 0; t < n; t++) {
      if (sides[t] === sides[f] || aerospace(t)) continue;
      for (let kind = 0; kind < 2; kind++) {
        const gap = kind === 0 ? CONTACT_GAP : charge + SHORT_BY;
        const spec = assaultEngagement(forms[f]!, forms[t]!, { geometry: { ...DEFAULT_GEOMETRY, gap }, attacker: FRESH, target: FRESH, supports: [], test: false, overwatch: [], options });
        const runner = new NeteaRunner(spec);
        const tally = new Float64Array(runner.layout.length);
        runner.run(rngFromSeed(`assault odds ${f} ${t} ${kind}`), TRIALS_PER_PAIR, tally);
        odds[kind * n * n + f * n + t] = tally[runner.layout.records[0]!.assault!.attackerWins]! / tally[TRIALS]!;
      }
    }
  }
  kept.set(key, odds);
  return odds;
}
