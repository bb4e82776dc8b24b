import type { HeresyOptions } from '../model/options.js';
import type { HeresySpec } from '../model/spec.js';

export const TYPE_INFANTRY = 0;
export const TYPE_LIGHT_VEHICLE = 1;
export const TYPE_ARMORED_VEHICLE = 2;

export const SKILL_RAPID_FIRE = 1;
export const SKILL_STUBBORN = 2;
export const SKILL_CLOSE_SUPPORT = 4;
export const SKILL_JUMP_PACKS = 8;
export const SKILL_TANK_KILLERS = 16;
export const SKILL_ANTI_INFANTRY = 32;
export const SKILL_ANTI_TANK = 64;
export const SKILL_ENHANCED_ASSAULT = 128;

const SKILL_BITS: Record<string, number> = {
  'rapid-fire': SKILL_RAPID_FIRE,
  stubborn: SKILL_STUBBORN,
  'close-support': SKILL_CLOSE_SUPPORT,
  'jump-packs': SKILL_JUMP_PACKS,
  'tank-killers': SKILL_TANK_KILLERS,
  'anti-infantry': SKILL_ANTI_INFANTRY,
  'anti-tank': SKILL_ANTI_TANK,
  'enhanced-assault': SKILL_ENHANCED_ASSAULT,
};

/** Quality level past Routed: the unit is removed (L410-412, L446-447). */
export const LEVEL_DESTROYED = 3;

/**
 * A Heresy engagement compiled to typed arrays (struct of arrays), reset at
 * the start of every trial: per unit (the formations of the shared reports)
 * its stands' range, quality level, Suppressed flag and chits; per stand its
 * profile, alive flag and points; per profile its characteristics and
 * weapons. Nothing is allocated per trial.
 */
export class HeresyState {
  readonly options: HeresyOptions;
  readonly units: number;
  readonly sides: Int8Array;
  readonly first: Int32Array;
  readonly count: Int32Array;
  readonly cover: Int8Array;
  readonly prepared: Uint8Array;
  readonly level: Int8Array;
  readonly suppressed: Uint8Array;
  readonly chits: Int32Array;
  /** Once-per-turn Stubborn re-roll used (L479-480). */
  readonly stubbornUsed: Uint8Array;
  /** Stands alive at the start of the turn: a unit past its break point that lost stands since checks in the end phase (L429-430). */
  readonly aliveAtTurnStart: Int32Array;
  /** The unit's skills: the union of its stands'. */
  readonly unitSkills: Int32Array;
  readonly breakPoint: Int32Array;
  private readonly level0: Int8Array;
  private readonly suppressed0: Uint8Array;

  readonly stands: number;
  readonly alive: Uint8Array;
  readonly prof: Int32Array;
  readonly points: Float64Array;

  readonly accuracy: Int32Array;
  readonly armour: Int32Array;
  readonly assault: Int32Array;
  /** Quality target numbers, 3 per profile: Fresh, Fatigued, Routed. */
  readonly quality: Int32Array;
  readonly type: Int8Array;
  readonly skills: Int32Array;
  readonly wFirst: Int32Array;
  readonly wCount: Int32Array;
  readonly wFp: Int32Array;
  readonly wPen: Int32Array;
  readonly wShort: Float64Array;
  readonly wLong: Float64Array;

  constructor(spec: HeresySpec) {
    this.options = spec.options;
    const F = spec.formations.length;
    this.units = F;
    this.sides = Int8Array.from(spec.formations, (f) => f.side);
    this.first = new Int32Array(F);
    this.count = new Int32Array(F);
    this.cover = new Int8Array(F);
    this.prepared = new Uint8Array(F);
    this.level = new Int8Array(F);
    this.level0 = new Int8Array(F);
    this.suppressed = new Uint8Array(F);
    this.suppressed0 = new Uint8Array(F);
    this.chits = new Int32Array(F);
    this.stubbornUsed = new Uint8Array(F);
    this.aliveAtTurnStart = new Int32Array(F);
    this.unitSkills = new Int32Array(F);
    this.breakPoint = new Int32Array(F);
    const profiles: Array<HeresySpec['formations'][number]['formation']['units'][number]['unit']> = [];
    const profIndex = new Map<string, number>();
    const standProf: number[] = [];
    const standPoints: number[] = [];
    spec.formations.forEach((f, i) => {
      this.first[i] = standProf.length;
      this.count[i] = f.formation.units.length;
      this.cover[i] = f.cover;
      this.prepared[i] = f.order === 'prepared' ? 1 : 0;
      this.level0[i] = f.quality;
      this.suppressed0[i] = f.suppressed ? 1 : 0;
      let worstFresh = 0;
      for (const { unit } of f.formation.units) {
        const key = JSON.stringify(unit);
        let p = profIndex.get(key);
        if (p === undefined) {
          p = profiles.length;
          profiles.push(unit);
          profIndex.set(key, p);
        }
        standProf.push(p);
        standPoints.push(unit.points ?? 0);
        for (const s of unit.skills) this.unitSkills[i]! |= SKILL_BITS[s] ?? 0;
        worstFresh = Math.max(worstFresh, unit.quality[0]);
      }
      this.breakPoint[i] = Math.ceil((f.formation.units.length * (10 - worstFresh)) / 10);
    });
    this.stands = standProf.length;
    this.alive = new Uint8Array(this.stands);
    this.prof = Int32Array.from(standProf);
    this.points = Float64Array.from(standPoints);
    const P = profiles.length;
    this.accuracy = Int32Array.from(profiles, (p) => p.accuracy);
    this.armour = Int32Array.from(profiles, (p) => p.armour);
    this.assault = Int32Array.from(profiles, (p) => p.assault);
    this.quality = Int32Array.from(profiles.flatMap((p) => p.quality));
    this.type = Int8Array.from(profiles, (p) => (p.type === 'armored-vehicle' ? TYPE_ARMORED_VEHICLE : p.type === 'light-vehicle' ? TYPE_LIGHT_VEHICLE : TYPE_INFANTRY));
    this.skills = Int32Array.from(profiles, (p) => p.skills.reduce((b, s) => b | (SKILL_BITS[s] ?? 0), 0));
    this.wFirst = new Int32Array(P);
    this.wCount = new Int32Array(P);
    const ws = profiles.flatMap((p, i) => {
      this.wCount[i] = p.weapons.length;
      return p.weapons;
    });
    let o = 0;
    for (let i = 0; i < P; i++) {
      this.wFirst[i] = o;
      o += this.wCount[i]!;
    }
    this.wFp = Int32Array.from(ws, (w) => w.firepower);
    this.wPen = Int32Array.from(ws, (w) => w.penetration);
    this.wShort = Float64Array.from(ws, (w) => w.range.short);
    this.wLong = Float64Array.from(ws, (w) => w.range.long);
    this.reset();
  }

  /** The state at the start of a trial; plain loops, as the arrays are short (fill and set cost a builtin call each). */
  reset(): void {
    const alive = this.alive;
    for (let u = 0; u < alive.length; u++) alive[u] = 1;
    for (let f = 0; f < this.units; f++) {
      this.level[f] = this.level0[f]!;
      this.suppressed[f] = this.suppressed0[f]!;
      this.chits[f] = 0;
      this.stubbornUsed[f] = 0;
      this.aliveAtTurnStart[f] = this.count[f]!;
    }
  }

  aliveIn(f: number): number {
    let n = 0;
    const end = this.first[f]! + this.count[f]!;
    for (let u = this.first[f]!; u < end; u++) n += this.alive[u]!;
    return n;
  }

  /** The target number of unit f's quality check at its current level: the worst (highest) of its living stands'. */
  qualityTn(f: number): number {
    let tn = 0;
    const end = this.first[f]! + this.count[f]!;
    const lv = this.level[f]!;
    for (let u = this.first[f]!; u < end; u++) if (this.alive[u] === 1) tn = Math.max(tn, this.quality[this.prof[u]! * 3 + lv]!);
    return tn;
  }

  /** Kills every stand of unit f. */
  destroy(f: number): void {
    this.alive.fill(0, this.first[f]!, this.first[f]! + this.count[f]!);
  }
}
