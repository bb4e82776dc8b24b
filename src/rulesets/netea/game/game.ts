import type { Sfc32 } from '../../../sim/rng.js';
import { embarkationProblem, GameEngagement, OFF_TABLE, type Engagement, type PlacedFormation, DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from './engine.js';
import { FormationInfo, footprintRadius } from './formationInfo.js';
import type { GameSpec } from './gameSpec.js';
import { Table } from './table.js';
import { Objectives } from './objectives.js';
import { NotPlayed } from './notPlayed.js';
import { Summoning } from './summoning.js';
import { Timeline } from './timeline.js';
import { TRACKED_TURNS } from './gameTally.js';

/** Where a formation is (`Game.status`). */
export const RESERVE = 0;
export const ON_TABLE = 1;
/** An aircraft formation over the table this turn (RB 4.2: it disengages in the end phase). */
export const FLYING = 2;
/** Destroyed, or a spacecraft whose turn has passed. */
export const GONE = 3;

/** The largest formation the radius table covers. */
const MAX_UNITS = 400;

/**
 * A tournament game's state (RB 6.1), compiled once from a GameSpec and
 * reset for every game: the engine's engagement holding both armies (units,
 * Blast markers, broken formations and war-engine damage live there), where
 * each formation stands on the table, what it has done this turn, the
 * objectives and the turn. Typed arrays throughout; nothing is allocated per
 * game or per action.
 */
export class Game {
  readonly spec: GameSpec;
  readonly ge: GameEngagement;
  readonly e: Engagement;
  readonly info: FormationInfo;
  readonly nF: number;
  readonly table = new Table();
  readonly objectives = new Objectives();
  readonly notPlayed: NotPlayed;
  /** The Chaos armies' Daemon Pools and summoned daemons (summoning.ts). */
  readonly daemons: Summoning;
  /** The sampled game's events, when one is being recorded (null otherwise). */
  timeline: Timeline | null = null;

  // ---- per formation, this game ----
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly status: Uint8Array;
  /** Took its action this turn (RB 1.6). */
  readonly activated: Uint8Array;
  /** On overwatch (RB 1.10), and the turn it went on overwatch. */
  readonly overwatch: Uint8Array;
  readonly overwatchTurn: Int32Array;
  /** Marched this turn: no supporting fire, no crossfire, no flak (RB 1.11, 1.12.6, 4.2.4). */
  readonly marched: Uint8Array;
  /** Took an action with a move this turn (TP Flak Attacks: -1 in the end phase). */
  readonly moved: Uint8Array;
  /** Rallied from broken this end phase: it cannot capture or contest (RB 6.1.4). */
  readonly rallied: Uint8Array;
  /** Its passengers are in their transports. */
  readonly embarked: Uint8Array;
  /** Distance between the centres of every two formations (index f * nF + g), kept as they move (noteMoved). */
  readonly centres: Float64Array;
  /** Scratch for geometry.ts segmentDistance (no number crosses a call). */
  readonly seg = new Float64Array(7);
  /** Each formation's radius now (radius), kept as its units die (refreshRadii). */
  readonly rad: Float64Array;
  /** The move counter when the formation last moved (line-of-fire cache). */
  readonly movedAt: Int32Array;
  /** Line of fire between two formations (1 clear, 0 blocked) and the move counter it was found at. */
  readonly lof: Uint8Array;
  readonly lofAt: Int32Array;
  moves = 0;
  /** The turn the army's spacecraft arrives, or 0 (RB 4.3.1), per army. */
  readonly spacecraftTurn: Int32Array;
  /** Each army's points lost before the current attack, and what the last credit gave (ledger.ts). */
  readonly lostBefore = new Float64Array(2);
  credited = 0;
  /** Each charger's gap to its target before the charge, whole cm (assaults.ts: the engine charges from there). */
  readonly chargeGap: Int32Array;
  /** Points of enemy units each formation destroyed this game. */
  readonly destroyedPoints: Float64Array;
  /** End phases in which the formation held (captured or contested) an objective. */
  readonly held: Int32Array;
  /** Each formation at the end of each tracked turn (gameTally.ts TRACKED_TURNS): 0 standing, 1 broken, 2 destroyed. */
  readonly turnState: Uint8Array;
  /** The radius of a formation of n units (footprintRadius). */
  private readonly radiusByUnits: Float64Array;

  // ---- the game ----
  turn = 0;
  /** The long edge each army deploys on: 0 the south edge (y 0), 1 the north edge (y = depth). */
  readonly edge: Uint8Array;
  /** Army a's formations are a run, armyStart[a] to armyEnd[a] (exclusive): army A's first, as the spec lists them, so loops over one army visit only it. */
  readonly armyStart = new Int32Array(2);
  readonly armyEnd = new Int32Array(2);
  /** The army that won the strategy roll last turn (-1: none yet), and the army acting first this turn. */
  initiativeWinner = -1;
  firstToAct = 0;
  /** The army that acted first in turn 1. */
  firstPlayer = 0;
  /** Each army has retained the initiative twice in a row this turn (TP Farsight: once per turn). */
  readonly farsightRetained = new Uint8Array(2);
  /** Per engine unit: a portal used this turn (TP Portal: "Each portal can be used only once per turn"). */
  readonly portalUsed: Uint8Array;

  constructor(spec: GameSpec) {
    this.spec = spec;
    const placed: PlacedFormation[] = [];
    const canEmbark: boolean[] = [];
    spec.armies.forEach((army, side) => {
      for (const formation of army.formations) {
        const embark = formation.units.some((u) => (u.unit.transport ?? 0) > 0) && embarkationProblem(formation) === null;
        canEmbark.push(embark);
        placed.push({ id: `${side}-${placed.length}`, side: side as 0 | 1, formation: { ...formation, strategyRating: army.strategyRating }, front: 0, rankWidth: DEFAULT_RANK_WIDTH, spacing: DEFAULT_SPACING, cover: { kind: 'none' }, blastMarkers: 0, broken: false, ...(embark ? { embarked: true } : {}) });
      }
    });
    this.ge = new GameEngagement(placed, spec.options);
    this.e = this.ge.e;
    const n = placed.length;
    this.nF = n;
    this.info = new FormationInfo(placed.map((p) => p.formation), this.e, canEmbark);
    this.notPlayed = new NotPlayed();
    this.daemons = new Summoning(spec, this.e);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.status = new Uint8Array(n);
    this.activated = new Uint8Array(n);
    this.overwatch = new Uint8Array(n);
    this.overwatchTurn = new Int32Array(n);
    this.marched = new Uint8Array(n);
    this.moved = new Uint8Array(n);
    this.rallied = new Uint8Array(n);
    this.embarked = new Uint8Array(n);
    this.movedAt = new Int32Array(n);
    this.centres = new Float64Array(n * n);
    this.rad = new Float64Array(n);
    this.lof = new Uint8Array(n * n);
    this.lofAt = new Int32Array(n * n).fill(-1);
    this.spacecraftTurn = new Int32Array(2);
    this.chargeGap = new Int32Array(n);
    this.destroyedPoints = new Float64Array(n);
    this.held = new Int32Array(n);
    this.edge = new Uint8Array(2);
    const countA = spec.armies[0].formations.length;
    this.armyEnd[0] = countA;
    this.armyStart[1] = countA;
    this.armyEnd[1] = n;
    this.turnState = new Uint8Array(n * TRACKED_TURNS);
    this.portalUsed = new Uint8Array(this.info.portal.length);
    this.radiusByUnits = new Float64Array(MAX_UNITS + 1);
    for (let k = 0; k <= MAX_UNITS; k++) this.radiusByUnits[k] = footprintRadius(k);
  }

  /** A new game: the engagement as compiled, every formation off the table, nothing done. */
  reset(rng: Sfc32): void {
    this.ge.reset(rng);
    this.daemons.reset(this.ge);
    const e = this.e;
    for (let f = 0; f < this.nF; f++) {
      this.status[f] = RESERVE;
      this.activated[f] = 0;
      this.overwatch[f] = 0;
      this.overwatchTurn[f] = 0;
      this.marched[f] = 0;
      this.moved[f] = 0;
      this.rallied[f] = 0;
      // Formations set up on foot: passengers get in as their formation moves (activation.ts).
      this.ge.disembark(f);
      this.embarked[f] = 0;
      this.destroyedPoints[f] = 0;
      this.held[f] = 0;
      this.x[f] = 0;
      this.y[f] = 0;
      e.fFront[f] = OFF_TABLE;
    }
    this.lofAt.fill(-1);
    this.turnState.fill(0);
    this.portalUsed.fill(0);
    this.refreshRadii();
    this.moves = 0;
    this.turn = 0;
    this.initiativeWinner = -1;
    this.spacecraftTurn[0] = 0;
    this.spacecraftTurn[1] = 0;
  }

  /** The army (engine side) of formation f. */
  army(f: number): number {
    return this.e.fSide[f]!;
  }

  /** Is formation f on the table and alive (ground units, landed, or aircraft over it)? */
  present(f: number): boolean {
    return this.status[f] === ON_TABLE && this.e.fAlive[f]! > 0;
  }

  /** Can formation f act, fight or be fought: on the table, alive and unbroken. */
  standing(f: number): boolean {
    return this.status[f] === ON_TABLE && this.e.fAlive[f]! > 0 && this.e.fBroken[f] === 0;
  }

  /** Formation f's radius from its living units in ranks, plus its war engines' size (kept in `rad`). */
  radius(f: number): number {
    return this.rad[f]!;
  }

  /** Every formation's radius after its losses (called once the engine has acted). */
  refreshRadii(): void {
    const e = this.e;
    for (let f = 0; f < this.nF; f++) {
      const alive = e.fAlive[f]!;
      this.rad[f] = this.radiusByUnits[alive > MAX_UNITS ? MAX_UNITS : alive]! + this.info.bigger[f]!;
    }
  }

  /** Distance between the nearest units of two formations on the table, cm (0 when they touch). */
  gap(f: number, g: number): number {
    const d = this.centres[f * this.nF + g]! - this.rad[f]! - this.rad[g]!;
    return d > 0 ? d : 0;
  }

  /** Are the nearest units of f and g within `cm` of each other (a whole number of cm: no fraction crosses the call)? */
  within(f: number, g: number, cm: number): boolean {
    return this.centres[f * this.nF + g]! - this.rad[f]! - this.rad[g]! <= cm;
  }

  /** Is formation f's nearest unit within `cm` of objective k? */
  nearObjective(f: number, k: number, cm: number): boolean {
    const dx = this.x[f]! - this.objectives.x[k]!;
    const dy = this.y[f]! - this.objectives.y[k]!;
    return Math.sqrt(dx * dx + dy * dy) - this.rad[f]! <= cm;
  }

  /** The y of army a's own table edge, and the direction (+1 or -1) towards the enemy's. */
  edgeY(a: number): number {
    return this.edge[a] === 0 ? 0 : this.table.depth;
  }

  forward(a: number): number {
    return this.edge[a] === 0 ? 1 : -1;
  }

  /** Has formation f a living unit with Farsight (TP Eldar Farsight: it "may ignore the -1 Action test penalty" to retain)? */
  hasFarsight(f: number): boolean {
    const e = this.e;
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) if (this.info.farsight[u] === 1 && e.stAlive[u] === 1) return true;
    return false;
  }

  /** Has army a a unit with Farsight "in play and on the battlefield" (TP Farsight: retaining twice in a row)? */
  farsightOnTable(a: number): boolean {
    const end = this.armyEnd[a]!;
    for (let f = this.armyStart[a]!; f < end; f++) if (this.status[f] === ON_TABLE && this.hasFarsight(f)) return true;
    return false;
  }

  /** Formation f has moved (or been set down): its distances are measured again, and lines of fire to it found again. */
  noteMoved(f: number): void {
    this.movedAt[f] = ++this.moves;
    const n = this.nF;
    const x = this.x[f]!;
    const y = this.y[f]!;
    for (let g = 0; g < n; g++) {
      const dx = this.x[g]! - x;
      const dy = this.y[g]! - y;
      const d = Math.sqrt(dx * dx + dy * dy);
      this.centres[f * n + g] = d;
      this.centres[g * n + f] = d;
    }
  }
}
