import type { Sfc32 } from '../src/sim/rng.js';
import type { HeresySpec, HeresyStandRef } from '../src/rulesets/heresy/model/spec.js';
import { dieOf } from '../src/scenarios/registry.js';

/**
 * A deliberately naive reference for the Heresy shooting benchmark, as
 * naiveShoot.ts is for NetEA's: one unit fires at another, written from the
 * seed (003, Heresy Rules Part II) without thinking about speed and without
 * the kernel's code. Every die is an object, every shot and hit an object,
 * the stands are copied into fresh objects each trial, victims are found by
 * filtering and sorting arrays. `npm run bench` measures the kernel against
 * it; test/sim/heresy/naiveReference.test.ts checks they give the same numbers.
 *
 * The rules: a Routed unit does not fire (L395-396); every weapon within its
 * long range fires (L71-74), one die per firepower point (L32-35), hitting
 * on accuracy + 2 beyond short range (L42-44) + cover 1/2/3 (L112-123) + 2
 * against a Light Vehicle (L463-466) + 1 Suppressed + 1 Fatigued (L165-166,
 * L390-392); above 10 a natural 10 with the excess added to the armour
 * (L126-140). The firer nominates the type of the target's front stand
 * (L71-74); Anti-infantry fire cannot affect Armored Vehicles (L467-470).
 * A hit rolls its penetration dice (+1 Anti-tank against an Armored Vehicle,
 * L499-500) against armour + cover (+ the excess); armour above 10 cannot be
 * penetrated. The owner loses the weakest stands first (or the front ones).
 * More firepower dice than models (Rapid Fire x2, Anti-infantry into cover
 * x1/2) suppress (L149, L471-472, L189-190). Broken: Routed, or casualties
 * reaching (100% - 10 x Fresh quality %) of the stands, rounded up (L508-525).
 */

class Die {
  readonly value: number;

  constructor(rng: Sfc32, sides: number) {
    // Rejection sampling with a modulo: uniform, and independent of the engine's mapping.
    const limit = 4294967296 - (4294967296 % sides);
    let r = rng.next() >>> 0;
    while (r >= limit) r = rng.next() >>> 0;
    this.value = (r % sides) + 1;
  }
}

interface NaiveStand {
  index: number;
  profile: HeresyStandRef;
  alive: boolean;
}

interface Shot {
  need: number;
  excess: number;
  penetration: number;
  effective: boolean;
  die?: Die;
}

export interface NaiveHeresyOutcome {
  killed: number;
  broken: boolean;
  chits: number;
}

export interface NaiveHeresyTally {
  trials: number;
  /** killed[k]: trials with k target stands killed. */
  killed: number[];
  broken: number;
  chitsSum: number;
}

function unsupported(what: string): never {
  throw new Error(`the naive Heresy reference does not simulate ${what}`);
}

const has = (p: HeresyStandRef, skill: HeresyStandRef['skills'][number]) => p.skills.includes(skill);

/** Checks the spec is one Heresy shot this reference can do, and prepares it. */
export function naiveHeresyScenario(spec: HeresySpec) {
  if (spec.formations.length !== 2 || spec.steps.length !== 1) unsupported('more than one step or two units');
  const step = spec.steps[0]!;
  if (step.kind !== 'shoot') unsupported(`"${step.kind}" steps`);
  const [firer, target] = [spec.formations[step.by]!, spec.formations[step.at]!];
  if (firer.quality !== 0 || firer.suppressed || target.suppressed) unsupported('a firer or target not fresh');
  return { firer, target, distance: step.distance, options: spec.options, faces: dieOf(spec).faces };
}

export type NaiveHeresyScenario = ReturnType<typeof naiveHeresyScenario>;

/** One trial, written plainly. */
export function naiveHeresyTrial(s: NaiveHeresyScenario, rng: Sfc32): NaiveHeresyOutcome {
  const firers: NaiveStand[] = s.firer.formation.units.map((u, index) => ({ index, profile: { ...u.unit }, alive: true }));
  const targets: NaiveStand[] = s.target.formation.units.map((u, index) => ({ index, profile: { ...u.unit }, alive: true }));
  const cover = s.target.cover;
  const nominated = targets[0]!.profile.type;
  const victims = targets.filter((t) => t.profile.type === nominated);
  if (s.options.shootingCasualties === 'owner') victims.sort((a, b) => a.profile.assault - b.profile.assault || a.index - b.index);
  const modelsBefore = targets.filter((t) => t.alive).length;

  const shots: Shot[] = [];
  let suppressionDice = 0;
  for (const firer of firers) {
    for (const weapon of firer.profile.weapons) {
      if (s.distance > weapon.range.long) continue;
      const raw = firer.profile.accuracy + (s.distance > weapon.range.short ? 2 : 0) + cover + (nominated === 'light-vehicle' ? 2 : 0);
      const antiInfantry = has(firer.profile, 'anti-infantry');
      suppressionDice += weapon.firepower * (has(firer.profile, 'rapid-fire') ? 2 : 1) * (antiInfantry && cover > 0 ? 0.5 : 1);
      for (let i = 0; i < weapon.firepower; i++) {
        shots.push({
          need: Math.max(1, Math.min(10, raw)),
          excess: Math.max(0, raw - 10),
          penetration: weapon.penetration + (has(firer.profile, 'anti-tank') && nominated === 'armored-vehicle' ? 1 : 0),
          effective: !(antiInfantry && nominated === 'armored-vehicle'),
        });
      }
    }
  }
  let killed = 0;
  for (const shot of shots) {
    shot.die = new Die(rng, s.faces);
    if (shot.die.value < shot.need || !shot.effective) continue;
    const next = victims.filter((v) => v.alive);
    if (next.length === 0) continue;
    const armour = next[0]!.profile.armour + cover + shot.excess;
    const dice: Die[] = [];
    for (let j = 0; j < shot.penetration; j++) dice.push(new Die(rng, s.faces));
    const through = armour > 10 ? 0 : dice.filter((d) => d.value >= armour).length;
    const dead = s.options.penetration === 'each' ? through : Math.min(through, 1);
    for (const v of next.slice(0, dead)) {
      v.alive = false;
      killed++;
    }
  }
  const chits = suppressionDice > modelsBefore ? 1 : 0;
  const fresh = Math.max(...targets.map((t) => t.profile.quality[0]));
  const breakAt = Math.ceil((targets.length * (100 - 10 * fresh)) / 100);
  const broken = s.target.quality === 2 || (breakAt > 0 && killed >= breakAt);
  return { killed, broken: broken && targets.some((t) => t.alive), chits };
}

/** Runs `trials` naive trials and counts them. */
export function naiveHeresyRun(s: NaiveHeresyScenario, rng: Sfc32, trials: number): NaiveHeresyTally {
  const tally: NaiveHeresyTally = { trials: 0, killed: new Array<number>(s.target.formation.units.length + 1).fill(0), broken: 0, chitsSum: 0 };
  for (let t = 0; t < trials; t++) {
    const o = naiveHeresyTrial(s, rng);
    tally.trials++;
    tally.killed[o.killed]!++;
    if (o.broken) tally.broken++;
    tally.chitsSum += o.chits;
  }
  return tally;
}
