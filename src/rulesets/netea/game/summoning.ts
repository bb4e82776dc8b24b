import type { Sfc32 } from '../../../sim/rng.js';
import { d3 } from '../../../sim/dice/d3.js';
import type { ResolvedUnit } from '../../../model/resolvedUnit.js';
import { C, type Engagement, type GameEngagement } from './engine.js';
import type { GameSpec } from './gameSpec.js';
import { footprintRadius } from './formationInfo.js';
import { augmented } from './daemonPool.js';
import { EV_DAEMONS_BACK, type Timeline } from './timeline.js';

/**
 * Chaos summoning in a game (TP Summoned Units, Augmented Summoning, Daemonic Focus, Fickle
 * Masters). A formation with Daemonic Pact carries the places of the daemons it may summon after
 * its own units (daemonPool.ts), absent until summoned: they are engine units like any other, so
 * a summoned daemon counts towards its formation's break point, Blast markers, assaults and
 * kills ("Summoned daemonic units count as part of the formation that summoned them").
 *
 * - Summoning (`summon`, at the start of the formation's activation, before its action test):
 *   an unbroken formation rolls 2D3 summoning points, plus each living unit's Augmented Summoning
 *   (+2, +2D3), and spends them at once: the player's rule here is the most summoning points' worth
 *   it can place, a greater daemon first (when the pool has a greater marker, no greater daemon of
 *   its allegiance of the army is on the table and the points reach its cost), then lesser
 *   daemons, the dearest that fits each time, one lesser marker each.
 * - Placement: "within 5cm of a unit from the formation that was there prior to summoning ... not
 *   in enemy zone of control". A formation stands as one disc (formationInfo.ts footprintRadius):
 *   daemons join it while the disc they make reaches no further than 5 cm beyond the disc it had
 *   before summoning (no chain), and none is placed where the grown disc would come within 5 cm
 *   (a zone of control, RB 1.7.3) of an enemy formation on the table: the disc does not say on
 *   which side of the formation a daemon could stand, so one enemy within reach stops it. A disc's
 *   centre is never in impassable terrain, and neither are its daemons.
 * - Destroyed daemons are gone for good; a broken formation's daemons are removed from play, after
 *   an assault's extra hits (`sweep`, after every engine call: the engine deals the extra hits
 *   before the formation breaks, settle.ts).
 * - End phase, after the rallies (`returnToPool`): the summoned daemons go back to the pool as
 *   markers, a war engine keeping its damage, unless the formation is unbroken and has a living
 *   unit with Daemonic Focus (the player keeps all); a formation may break as they leave.
 * - Fickle Masters (`fickle`): a strategy roll of 6 adds D3 lesser markers, a 1 takes D3 away.
 * Typed arrays, sized once; nothing is allocated in a game.
 */

/** A place's state. */
const ABSENT = 0;
const SUMMONED = 1;
const GONE = 2;
/** Allegiance codes per army: any, and the five allegiances. */
const ALLEGIANCES = 6;
/** Allegiance codes: 0 any, then undivided, khorne, nurgle, slaanesh, tzeentch. */
const ALLEGIANCE_CODE: Readonly<Record<string, number>> = { any: 0, undivided: 1, khorne: 2, nurgle: 3, slaanesh: 4, tzeentch: 5 };

function hasFocus(ru: ResolvedUnit): boolean {
  return ru.unit.otherRules.includes('daemonic-focus') || ru.characters.some((c) => c.otherRules.includes('daemonic-focus'));
}

export class Summoning {
  /** Any formation of either army can summon: else every call returns at once. */
  readonly any: boolean;
  /** Per formation: 1 with Daemonic Pact. */
  readonly pact: Uint8Array;
  /** Per engine unit: 0 not a daemon's place, 1 a lesser daemon's, 2 a greater daemon's. */
  readonly place: Uint8Array;
  /** Per engine unit: its place's state (ABSENT, SUMMONED, GONE), its summoning points, its allegiance code. */
  readonly state: Uint8Array;
  readonly cost: Uint8Array;
  readonly allegiance: Uint8Array;
  /** Per engine unit: Augmented Summoning's fixed points and D3s; 1 with Daemonic Focus. */
  readonly augPlus: Uint8Array;
  readonly augDice: Uint8Array;
  readonly focus: Uint8Array;
  /** Per formation: the strength its daemons' places add to its starting strength (a war engine its DC), which a game leaves out (victoryPoints.ts). */
  readonly placeStrength: Int32Array;
  /** The engine units that are daemons' places, in order. */
  readonly places: Int32Array;
  /** Per army: the pool's markers now, and at the start; Fickle Masters. */
  readonly lesser = new Int32Array(2);
  readonly greater = new Int32Array(2);
  readonly startLesser = new Int32Array(2);
  readonly startGreater = new Int32Array(2);
  readonly fickleMasters = new Uint8Array(2);
  /** Per army and allegiance code: greater daemons on the table. */
  readonly greaterOnTable = new Int32Array(2 * ALLEGIANCES);
  /** Per army: the damage each greater marker returned with (a stack), and how many. */
  readonly markerDamage: Int32Array;
  readonly markerCount = new Int32Array(2);
  /** This game: summonings stopped for want of a place while points and markers were left (named, notPlayed.ts). */
  outOfPlaces = 0;
  /** The last summoning's points rolled. */
  lastPoints = 0;
  /** Daemons placed this game. */
  placedThisGame = 0;

  constructor(spec: GameSpec, e: Engagement) {
    const nF = e.nFormations;
    const nU = e.nUnits;
    this.pact = new Uint8Array(nF);
    this.place = new Uint8Array(nU);
    this.state = new Uint8Array(nU);
    this.cost = new Uint8Array(nU);
    this.allegiance = new Uint8Array(nU);
    this.augPlus = new Uint8Array(nU);
    this.augDice = new Uint8Array(nU);
    this.focus = new Uint8Array(nU);
    const places: number[] = [];
    let f = 0;
    let maxGreater = 0;
    spec.armies.forEach((army, a) => {
      const pool = army.daemonPool;
      if (pool !== undefined) {
        this.startLesser[a] = pool.lesser;
        this.startGreater[a] = pool.greater;
        this.fickleMasters[a] = pool.fickleMasters ? 1 : 0;
        maxGreater = Math.max(maxGreater, pool.greater);
      }
      for (const spec of army.formations) {
        if (spec.daemonicPact === true) this.pact[f] = 1;
        const start = e.fUnitStart[f]!;
        spec.units.forEach((ru, k) => {
          const u = start + k;
          const aug = augmented(ru);
          this.augPlus[u] = aug.plus;
          this.augDice[u] = aug.dice;
          this.focus[u] = hasFocus(ru) ? 1 : 0;
          if (ru.summoned === undefined) return;
          this.place[u] = ru.summoned.greater ? 2 : 1;
          this.cost[u] = ru.summoned.points;
          this.allegiance[u] = ALLEGIANCE_CODE[ru.summoned.allegiance]!;
          places.push(u);
        });
        f++;
      }
    });
    this.places = Int32Array.from(places);
    this.placeStrength = new Int32Array(nF);
    for (const u of places) this.placeStrength[e.uFormation[u]!]! += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.uStartDC[u]! : 1;
    this.any = places.length > 0;
    this.markerDamage = new Int32Array(2 * (maxGreater + 1));
  }

  /** A new game: every place absent (its unit out of play), the pools as bought. */
  reset(ge: GameEngagement): void {
    this.outOfPlaces = 0;
    this.lastPoints = 0;
    this.placedThisGame = 0;
    if (!this.any) return;
    for (let i = 0; i < this.places.length; i++) {
      const u = this.places[i]!;
      this.state[u] = ABSENT;
      ge.dismissUnit(u, false);
    }
    for (let a = 0; a < 2; a++) {
      this.lesser[a] = this.startLesser[a]!;
      this.greater[a] = this.startGreater[a]!;
      this.markerCount[a] = 0;
    }
    this.greaterOnTable.fill(0);
  }

  /**
   * Formation f (unbroken, on the table) summons before its action (TP Summoned Units). `radius` is its disc's now and
   * `bigger` its war engines' share of it; `enemyGap` the gap to the nearest enemy formation on the table (Infinity: none).
   * Returns the daemons placed.
   */
  summon(ge: GameEngagement, f: number, army: number, radius: number, bigger: number, enemyGap: number, rng: Sfc32): number {
    this.lastPoints = 0;
    if (this.pact[f] === 0 || this.lesser[army]! + this.greater[army]! === 0) return 0;
    const e = ge.e;
    const start = e.fUnitStart[f]!;
    const end = e.fUnitEnd[f]!;
    let points = d3(rng) + d3(rng);
    for (let u = start; u < end; u++) {
      if (e.stAlive[u] === 0) continue;
      points += this.augPlus[u]!;
      for (let k = this.augDice[u]!; k > 0; k--) points += d3(rng);
    }
    this.lastPoints = points;
    let alive = e.fAlive[f]!;
    // Daemons go within 5 cm of the units there before: the disc may grow by 5 cm at most, and never into an enemy's zone of control.
    const reach = Math.min(radius + 5, radius + enemyGap - 5);
    let placed = 0;
    // A greater daemon first.
    if (this.greater[army]! > 0) {
      for (let u = start; u < end; u++) {
        if (this.place[u] !== 2 || this.state[u] !== ABSENT || this.cost[u]! > points) continue;
        const code = army * ALLEGIANCES + this.allegiance[u]!;
        if (this.greaterOnTable[code]! > 0) continue;
        if (footprintRadius(alive + 1) + bigger > reach) break;
        ge.summonUnit(u);
        // The marker's damage, if it came back damaged (a war engine "will have the same DC it had before").
        if (this.markerCount[army]! > 0) {
          const damage = this.markerDamage[army * (this.markerDamage.length >> 1) + --this.markerCount[army]!]!;
          for (let k = 0; k < damage; k++) ge.losePoint(u);
        }
        this.state[u] = SUMMONED;
        this.greaterOnTable[code]!++;
        this.greater[army]!--;
        points -= this.cost[u]!;
        alive++;
        placed++;
        break;
      }
    }
    // Then lesser daemons, the dearest that fits each time.
    while (points > 0 && this.lesser[army]! > 0) {
      let best = -1;
      let cheapestCost = 256;
      for (let u = start; u < end; u++) {
        if (this.place[u] !== 1) continue;
        if (this.cost[u]! < cheapestCost) cheapestCost = this.cost[u]!;
        if (this.state[u] !== ABSENT || this.cost[u]! > points) continue;
        if (best < 0 || this.cost[u]! > this.cost[best]!) best = u;
      }
      if (best < 0) {
        if (cheapestCost <= points) this.outOfPlaces++;
        break;
      }
      if (footprintRadius(alive + 1) + bigger > reach) break;
      ge.summonUnit(best);
      this.state[best] = SUMMONED;
      this.lesser[army]!--;
      points -= this.cost[best]!;
      alive++;
      placed++;
    }
    this.placedThisGame += placed;
    return placed;
  }

  /** After an engine call: destroyed daemons are gone for good; a broken formation's daemons are removed from play. */
  sweep(ge: GameEngagement): void {
    if (!this.any) return;
    const e = ge.e;
    for (let i = 0; i < this.places.length; i++) {
      const u = this.places[i]!;
      if (this.state[u] !== SUMMONED) continue;
      const f = e.uFormation[u]!;
      if (e.stAlive[u] === 1) {
        if (e.fBroken[f] === 0) continue;
        ge.dismissUnit(u, false);
      }
      this.state[u] = GONE;
      if (this.place[u] === 2) this.greaterOnTable[e.fSide[f]! * ALLEGIANCES + this.allegiance[u]!]!--;
    }
  }

  /**
   * The end phase after the rallies: summoned daemons back to the pool, unless their formation is unbroken and has a living
   * unit with Daemonic Focus; a formation whose daemons left breaks if its Blast markers now reach its break point.
   */
  returnToPool(ge: GameEngagement, rng: Sfc32, timeline: Timeline | null, turn: number): void {
    if (!this.any) return;
    const e = ge.e;
    const half = this.markerDamage.length >> 1;
    for (let f = 0; f < e.nFormations; f++) {
      if (this.pact[f] === 0 || e.fAlive[f] === 0) continue;
      const start = e.fUnitStart[f]!;
      const end = e.fUnitEnd[f]!;
      let keep = false;
      if (e.fBroken[f] === 0) for (let u = start; u < end && !keep; u++) if (e.stAlive[u] === 1 && this.focus[u] === 1) keep = true;
      if (keep) continue;
      const army = e.fSide[f]!;
      let left = 0;
      for (let u = start; u < end; u++) {
        if (this.place[u] === 0 || this.state[u] !== SUMMONED || e.stAlive[u] === 0) continue;
        if (this.place[u] === 2) {
          this.markerDamage[army * half + this.markerCount[army]!++] = e.stDamageTaken[u]!;
          this.greater[army]!++;
          this.greaterOnTable[army * ALLEGIANCES + this.allegiance[u]!]!--;
        } else this.lesser[army]!++;
        ge.dismissUnit(u, true);
        this.state[u] = ABSENT;
        left++;
      }
      if (left > 0) timeline?.add(turn, EV_DAEMONS_BACK, f, -1, left, 0, 0, 0);
      if (left > 0 && e.fAlive[f]! > 0) ge.checkBreak(f, rng);
    }
  }

  /** TP Fickle Masters: army `army`'s strategy roll showed `die`: a 6 adds D3 lesser markers, a 1 takes D3 (as many as there are). */
  fickle(army: number, die: number, rng: Sfc32): void {
    if (this.fickleMasters[army] === 0) return;
    if (die === 6) this.lesser[army]! += d3(rng);
    else if (die === 1 && this.lesser[army]! > 0) this.lesser[army] = Math.max(0, this.lesser[army]! - d3(rng));
  }

  /** Is engine unit u a daemon's place (not one of its formation's own units)? */
  isPlace(u: number): boolean {
    return this.place[u] !== 0;
  }
}
