import { effectiveProfile } from './effectiveProfile.js';
import type { Epic40kOptions } from '../model/options.js';
import type { Epic40kSpec } from '../model/spec.js';

/**
 * An Epic 40,000 engagement compiled into flat typed arrays (struct of
 * arrays): every unit of every detachment has an index, its detachment's
 * units are contiguous and nearest the enemy first. The constant part is
 * filled once per scenario; the per-trial part (alive, damage capacity,
 * shields, Blast markers, broken) is reset at the start of every trial. No
 * object is created in a trial.
 */
export class Epic40kState {
  readonly units: number;
  readonly detachments: number;
  readonly options: Epic40kOptions;

  // Per detachment (constant).
  readonly first: Int32Array;
  readonly count: Int32Array;
  readonly side: Int8Array;
  readonly startBm: Int32Array;
  readonly startBroken: Uint8Array;
  /** Order: 0 none, 1 assault, 2 overwatch, 3 march. */
  readonly order: Int8Array;
  /** Any unit Stubborn (L1440): the detachment re-rolls failed Leadership tests. */
  readonly stubborn: Uint8Array;

  // Per unit (constant).
  readonly det: Int32Array;
  /** Distance from the centre line, cm. */
  readonly pos: Float64Array;
  readonly armour: Int8Array;
  /** Armour with the infantry cover bonus (L948-956) when the unit is in cover. */
  readonly coverArmour: Int8Array;
  readonly inCover: Uint8Array;
  readonly firepower: Int32Array;
  readonly rangeMin: Float64Array;
  readonly rangeMax: Float64Array;
  readonly assault: Int32Array;
  readonly assaultN: Int8Array;
  readonly assaultSides: Int8Array;
  readonly antiTank: Int32Array;
  readonly deathRay: Int32Array;
  readonly pulsar: Int32Array;
  readonly distortion: Int32Array;
  readonly megaCannon: Int32Array;
  readonly disrupt: Int32Array;
  readonly barrage: Int32Array;
  readonly save: Uint8Array;
  readonly ccDice: Int8Array;
  readonly rampage: Uint8Array;
  readonly closeSupport: Uint8Array;
  readonly psyker: Uint8Array;
  readonly infantry: Uint8Array;
  readonly warEngine: Uint8Array;
  readonly startDc: Int32Array;
  readonly startShields: Int32Array;
  readonly voidShields: Uint8Array;
  readonly speed: Int32Array;
  readonly chargeMultiple: Int8Array;
  /** Any super-heavy, special or barrage weapon on the unit (the shooting loop reads those arrays only then). */
  readonly special: Uint8Array;
  /** Any war engine in the scenario (damage capacity and shields need resetting). */
  readonly anyWarEngine: boolean;
  /** Points of the unit (the lists price per unit, L1537). */
  readonly points: Float64Array;

  // Per trial.
  readonly alive: Uint8Array;
  readonly dc: Int32Array;
  readonly shields: Int32Array;
  readonly bm: Int32Array;
  readonly broken: Uint8Array;
  /** Blast markers placed on the detachment since the trial began. */
  readonly placed: Int32Array;
  /** War-engine damage points taken since the trial began (shields excluded). */
  readonly damage: Int32Array;

  // Scratch, reused by every procedure.
  /** Hits allocated to each unit in the current attack. */
  readonly hits: Int32Array;
  /** Units that can be hit by the current attack, nearest first. */
  readonly eligible: Int32Array;
  /** Kept dice by face 1..6 (index 0 unused). */
  readonly faces: Int32Array;
  /** Units in base contact in the current close combat. */
  readonly contact: Uint8Array;
  /** A flag per unit for the procedure in hand (cleared after use). */
  readonly mark: Uint8Array;
  /** Position of every unit on the line during an assault: side 0 at -pos, side 1 at +pos. */
  readonly x: Float64Array;
  /** Attackers engaging each unit in the current close combat (L1182). */
  readonly engaged: Int32Array;
  /** Hits scored against each unit in the current close combat. */
  readonly ccHits: Int32Array;
  /** Roll-offs of the last firefight (ties included). */
  firefightRolls = 0;

  constructor(spec: Epic40kSpec) {
    this.options = spec.options;
    const dets = spec.formations;
    this.detachments = dets.length;
    this.units = dets.reduce((n, d) => n + d.formation.units.length, 0);
    const D = this.detachments;
    const U = this.units;
    this.first = new Int32Array(D);
    this.count = new Int32Array(D);
    this.side = new Int8Array(D);
    this.startBm = new Int32Array(D);
    this.startBroken = new Uint8Array(D);
    this.order = new Int8Array(D);
    this.stubborn = new Uint8Array(D);
    this.det = new Int32Array(U);
    this.pos = new Float64Array(U);
    this.armour = new Int8Array(U);
    this.coverArmour = new Int8Array(U);
    this.inCover = new Uint8Array(U);
    this.firepower = new Int32Array(U);
    this.rangeMin = new Float64Array(U);
    this.rangeMax = new Float64Array(U);
    this.assault = new Int32Array(U);
    this.assaultN = new Int8Array(U);
    this.assaultSides = new Int8Array(U);
    this.antiTank = new Int32Array(U);
    this.deathRay = new Int32Array(U);
    this.pulsar = new Int32Array(U);
    this.distortion = new Int32Array(U);
    this.megaCannon = new Int32Array(U);
    this.disrupt = new Int32Array(U);
    this.barrage = new Int32Array(U);
    this.save = new Uint8Array(U);
    this.ccDice = new Int8Array(U);
    this.rampage = new Uint8Array(U);
    this.closeSupport = new Uint8Array(U);
    this.psyker = new Uint8Array(U);
    this.infantry = new Uint8Array(U);
    this.warEngine = new Uint8Array(U);
    this.startDc = new Int32Array(U);
    this.startShields = new Int32Array(U);
    this.voidShields = new Uint8Array(U);
    this.speed = new Int32Array(U);
    this.chargeMultiple = new Int8Array(U);
    this.points = new Float64Array(U);
    this.special = new Uint8Array(U);
    this.alive = new Uint8Array(U);
    this.dc = new Int32Array(U);
    this.shields = new Int32Array(U);
    this.bm = new Int32Array(D);
    this.broken = new Uint8Array(D);
    this.placed = new Int32Array(D);
    this.damage = new Int32Array(D);
    this.hits = new Int32Array(U);
    this.eligible = new Int32Array(U);
    this.faces = new Int32Array(7);
    this.contact = new Uint8Array(U);
    this.mark = new Uint8Array(U);
    this.x = new Float64Array(U);
    this.engaged = new Int32Array(U);
    this.ccHits = new Int32Array(U);

    const ORDER = { none: 0, assault: 1, overwatch: 2, march: 3 } as const;
    let u = 0;
    dets.forEach((d, di) => {
      const units = d.formation.units.map((x) => x.unit);
      this.first[di] = u;
      this.count[di] = units.length;
      this.side[di] = d.side;
      this.startBm[di] = d.blastMarkers;
      this.startBroken[di] = d.broken ? 1 : 0;
      this.order[di] = ORDER[d.order];
      const covered = new Set(d.cover === 0 ? [] : (d.coverUnits ?? units.map((_, i) => i)));
      units.forEach((unit, i) => {
        const p = effectiveProfile(unit, d.order, spec.options.armourCap);
        this.det[u] = di;
        this.pos[u] = d.front + Math.floor(i / Math.max(1, d.rankWidth)) * d.spacing;
        this.armour[u] = p.armour;
        this.inCover[u] = covered.has(i) ? 1 : 0;
        const bonus = this.inCover[u] && p.infantry ? d.cover : 0;
        this.coverArmour[u] = spec.options.armourCap ? Math.min(6, p.armour + bonus) : p.armour + bonus;
        this.firepower[u] = p.firepower;
        this.rangeMin[u] = p.rangeMin;
        this.rangeMax[u] = p.rangeMax;
        this.assault[u] = p.assault;
        this.assaultN[u] = p.assaultN;
        this.assaultSides[u] = p.assaultSides;
        this.antiTank[u] = p.antiTank;
        this.deathRay[u] = p.deathRay;
        this.pulsar[u] = p.pulsar;
        this.distortion[u] = p.distortion;
        this.megaCannon[u] = p.megaCannon;
        this.disrupt[u] = p.disrupt;
        this.barrage[u] = p.barrage;
        this.save[u] = p.save ? 1 : 0;
        this.ccDice[u] = p.ccDice;
        this.rampage[u] = p.rampage ? 1 : 0;
        this.closeSupport[u] = p.closeSupport ? 1 : 0;
        this.psyker[u] = p.psyker ? 1 : 0;
        this.infantry[u] = p.infantry ? 1 : 0;
        this.warEngine[u] = p.warEngine ? 1 : 0;
        this.startDc[u] = p.damageCapacity;
        this.startShields[u] = p.shields;
        this.voidShields[u] = p.voidShields ? 1 : 0;
        this.speed[u] = p.speed;
        this.chargeMultiple[u] = p.chargeMultiple;
        this.points[u] = unit.points ?? 0;
        this.special[u] = p.antiTank + p.deathRay + p.pulsar + p.distortion + p.megaCannon + p.disrupt + p.barrage > 0 ? 1 : 0;
        if (p.stubborn) this.stubborn[di] = 1;
        u++;
      });
    });
    this.anyWarEngine = this.warEngine.some((w) => w === 1);
  }

  /** Every unit alive and whole, every detachment as the spec placed it. */
  reset(): void {
    // Plain loops: on arrays this small they beat the fill and set builtins.
    const alive = this.alive;
    for (let u = 0; u < alive.length; u++) alive[u] = 1;
    if (this.anyWarEngine) {
      for (let u = 0; u < alive.length; u++) {
        this.dc[u] = this.startDc[u]!;
        this.shields[u] = this.startShields[u]!;
      }
    }
    for (let d = 0; d < this.detachments; d++) {
      this.bm[d] = this.startBm[d]!;
      this.broken[d] = this.startBroken[d]!;
      this.placed[d] = 0;
      this.damage[d] = 0;
    }
  }

  /** Units of detachment `d` still alive. */
  aliveIn(d: number): number {
    const end = this.first[d]! + this.count[d]!;
    let n = 0;
    for (let u = this.first[d]!; u < end; u++) n += this.alive[u]!;
    return n;
  }

  /** Places Blast markers on detachment `d` (flyers never take them, L871; not simulated here). */
  addBlastMarkers(d: number, n: number): void {
    if (n <= 0) return;
    this.bm[d]! += n;
    this.placed[d]! += n;
  }
}
