import type { EngagementSpec, PlacedFormation } from '../src/rulesets/netea/model/spec.js';
import type { Sfc32 } from '../src/sim/rng.js';
import { dieOf } from '../src/scenarios/registry.js';

/**
 * A deliberately naive reference for the shooting benchmark: one formation
 * shoots another, written the way one would write it without thinking about
 * speed. Every die is an object, every shot and hit an object, the units are
 * copied into fresh objects each trial, hits are allocated by filtering and
 * sorting arrays. It is what the engine's typed-array core is measured
 * against (`npm run bench`: the speed-up), and a test checks that it gives the
 * same numbers as the engine (test/workers/naiveReference.test.ts).
 *
 * It knows the rules this scenario needs and refuses specs that need more:
 * ranged AP/AT weapons without special rules, a ground target without war
 * engines, no cover, no crossfire, a fresh shooter; the target may start
 * with Blast markers. The rules (RB 1.9): a shot needing 7+ cannot happen here
 * (no modifiers beyond the action), a natural 1 always misses; hits go front
 * to back, one per unit in reach before any unit takes a second; each hit
 * gets an armour save; one Blast marker for coming under fire and one per
 * unit killed; the target breaks when its Blast markers reach its break point
 * (a unit each, two under They Shall Know No Fear); a broken formation loses
 * its Blast markers and withdraws two moves, losing units that still end
 * within 15 cm of the enemy.
 */

/** A die of the rule system's faces (dieOf: six for NetEA), rolled plainly. */
class Die {
  readonly sides: number;
  readonly value: number;

  constructor(rng: Sfc32, sides: number) {
    // Rejection sampling with a modulo: uniform, and independent of the engine's mapping.
    this.sides = sides;
    const limit = 4294967296 - (4294967296 % sides);
    let r = rng.next() >>> 0;
    while (r >= limit) r = rng.next() >>> 0;
    this.value = (r % sides) + 1;
  }
}

interface NaiveWeapon {
  name: string;
  range: number;
  shots: number;
  ap: number | null;
  at: number | null;
}

interface NaiveUnit {
  index: number;
  name: string;
  type: string;
  armour: number | null;
  speed: number;
  depth: number;
  breakWeight: number;
  alive: boolean;
  weapons: NaiveWeapon[];
}

interface Shot {
  shooter: NaiveUnit;
  weapon: NaiveWeapon;
  needs: number;
  against: 'ap' | 'at';
  reach: number;
  die?: Die;
}

interface Hit {
  shot: Shot;
  target?: NaiveUnit;
  save?: Die;
}

export interface NaiveOutcome {
  killed: number;
  broken: boolean;
  destroyed: boolean;
  blastMarkers: number;
  blastMarkersPlaced: number;
}

/** Counts over trials for the target formation, as plain numbers. */
export interface NaiveTally {
  trials: number;
  /** killed[k]: trials with k target units killed. */
  killed: number[];
  broken: number;
  destroyed: number;
  blastMarkersSum: number;
  blastMarkersPlacedSum: number;
}

function unsupported(what: string): never {
  throw new Error(`the naive reference does not simulate ${what}`);
}

function unitsOf(p: PlacedFormation, armed: boolean): NaiveUnit[] {
  const tsknf = p.formation.rules.includes('they-shall-know-no-fear');
  return p.formation.units.map((ru, i) => {
    if (ru.unit.type === 'WE' || ru.unit.type === 'AC' || ru.unit.type === 'SC' || ru.unit.type === 'AC/WE') unsupported(`${ru.unit.type} units`);
    if (ru.unit.abilities.length > 0 || ru.characters.length > 0) unsupported('unit abilities or characters');
    const weapons: NaiveWeapon[] = [];
    for (const w of armed ? ru.weapons : []) {
      if (typeof w.multiplier !== 'number') unsupported('dice multipliers');
      for (const m of w.weapon.modes) {
        if (m.kind !== 'ranged') continue;
        const flags = m as unknown as Record<string, unknown>;
        for (const f of ['macroWeapon', 'ignoreCover', 'disrupt', 'lance', 'sniper', 'singleShot', 'slowFiring', 'indirectFire']) if (flags[f] === true) unsupported(`weapons with ${f}`);
        if (flags.bp !== undefined || flags.mw !== undefined || flags.titanKiller !== undefined || typeof m.shots !== 'number') unsupported('barrages, MW, TK or dice shots');
        if (w.weapon.modes.length > 1) unsupported('weapons with several modes');
        weapons.push({ name: w.weapon.name, range: m.range, shots: (m.shots as number) * w.multiplier, ap: (m.ap as number | undefined) ?? null, at: (m.at as number | undefined) ?? null });
      }
    }
    return {
      index: i,
      name: ru.unit.name,
      type: ru.unit.type,
      armour: ru.unit.armour,
      speed: ru.unit.speed,
      depth: Math.floor(i / p.rankWidth) * p.spacing,
      breakWeight: tsknf ? 2 : 1,
      alive: true,
      weapons,
    };
  });
}

/** Checks the spec is one shooting attack this reference can do, and prepares it. */
export function naiveScenario(spec: EngagementSpec) {
  if (spec.formations.length !== 2 || spec.steps.length !== 1) unsupported('more than one step or two formations');
  const step = spec.steps[0]!;
  if (step.kind !== 'shoot') unsupported(`"${step.kind}" steps`);
  if (step.crossfire) unsupported('crossfire');
  const [a, b] = [spec.formations[step.by]!, spec.formations[step.at]!];
  if (a.blastMarkers > 0 || a.broken || b.broken) unsupported('suppression or broken formations');
  if (a.cover.kind !== 'none' || b.cover.kind !== 'none') unsupported('cover');
  const modifier = step.action === 'sustained' ? -1 : step.action === 'double' || step.action === 'marshal' ? 1 : 0;
  return { shooters: unitsOf(a, true), targets: unitsOf(b, false), gap: a.front + b.front, modifier, targetBm: b.blastMarkers, faces: dieOf(spec).faces };
}

export type NaiveScenario = ReturnType<typeof naiveScenario>;

/** One trial, written plainly. */
export function naiveTrial(s: NaiveScenario, rng: Sfc32): NaiveOutcome {
  const shooters = s.shooters.map((u) => ({ ...u }));
  const targets = s.targets.map((u) => ({ ...u }));
  const nearest = () => Math.min(...targets.filter((t) => t.alive).map((t) => t.depth));
  const frontDepth = nearest();

  // To hit: every weapon of every unit in range fires all its shots.
  const shots: Shot[] = [];
  for (const shooter of shooters) {
    for (const weapon of shooter.weapons) {
      const distance = s.gap + shooter.depth + frontDepth;
      if (weapon.range < distance) continue;
      const infantry = targets.some((t) => t.type === 'INF' || t.type === 'LV');
      const armoured = targets.some((t) => t.type === 'AV');
      if (infantry && armoured) unsupported('mixed targets');
      const against = infantry ? 'ap' : 'at';
      const value = weapon[against];
      if (value === null) continue;
      for (let i = 0; i < weapon.shots; i++) shots.push({ shooter, weapon, needs: value + s.modifier, against, reach: weapon.range - s.gap - shooter.depth });
    }
  }
  if (shots.length === 0) return { killed: 0, broken: false, destroyed: false, blastMarkers: s.targetBm, blastMarkersPlaced: 0 };
  for (const shot of shots) {
    if (shot.needs > s.faces) unsupported(`shots needing ${s.faces + 1}+`);
    shot.die = new Die(rng, s.faces);
  }
  const hits: Hit[] = shots.filter((shot) => shot.die!.value !== 1 && shot.die!.value >= Math.max(2, shot.needs)).map((shot) => ({ shot }));

  // Allocate: front to back, the least-hit unit in reach first.
  const taken = new Map<NaiveUnit, number>();
  for (const hit of hits) {
    const eligible = targets
      .filter((t) => t.alive && t.depth <= hit.shot.reach && (hit.shot.against === 'ap' ? t.type === 'INF' || t.type === 'LV' : t.type === 'AV'))
      .sort((x, y) => (taken.get(x) ?? 0) - (taken.get(y) ?? 0) || x.index - y.index);
    const target = eligible[0];
    if (!target) continue;
    hit.target = target;
    taken.set(target, (taken.get(target) ?? 0) + 1);
  }

  // Saves, in the order the hits were allocated.
  let killed = 0;
  for (const hit of hits) {
    const t = hit.target;
    if (!t || !t.alive) continue;
    if (t.armour !== null) {
      hit.save = new Die(rng, s.faces);
      if (hit.save.value >= t.armour) continue;
    }
    t.alive = false;
    killed++;
  }

  // Blast markers, break test, withdrawal.
  const placed = 1 + killed;
  let blastMarkers = s.targetBm + placed;
  const breakPoint = targets.filter((t) => t.alive).reduce((sum, t) => sum + t.breakWeight, 0);
  let broken = false;
  if (breakPoint > 0 && blastMarkers >= breakPoint) {
    broken = true;
    blastMarkers = 0;
    const enemyFront = Math.min(...shooters.filter((u) => u.alive).map((u) => u.depth));
    for (const t of targets.filter((u) => u.alive)) {
      if (s.gap + t.depth + enemyFront + 2 * t.speed <= 15) {
        t.alive = false;
        killed++;
      }
    }
  }
  const destroyed = targets.every((t) => !t.alive);
  return { killed, broken, destroyed, blastMarkers, blastMarkersPlaced: placed };
}

/** Runs `trials` naive trials and counts them. */
export function naiveRun(s: NaiveScenario, rng: Sfc32, trials: number): NaiveTally {
  const tally: NaiveTally = { trials: 0, killed: s.targets.map(() => 0).concat([0]), broken: 0, destroyed: 0, blastMarkersSum: 0, blastMarkersPlacedSum: 0 };
  for (let t = 0; t < trials; t++) {
    const o = naiveTrial(s, rng);
    tally.trials++;
    tally.killed[o.killed]!++;
    if (o.broken) tally.broken++;
    if (o.destroyed) tally.destroyed++;
    tally.blastMarkersSum += o.blastMarkers;
    tally.blastMarkersPlacedSum += o.blastMarkersPlaced;
  }
  return tally;
}
