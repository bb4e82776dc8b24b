import { hasAbility } from '../../../../model/resolvedUnit.js';
import { FLYING, ON_TABLE, RESERVE, type Game } from '../game.js';
import { K_AIRCRAFT, K_FIGHTERS, K_HIT_AND_RUN, K_NECRON_RESERVES, K_NO_MARCH, K_PHASE_OUT, K_PORTAL_USER, K_SKIMMER, K_SPACECRAFT, K_TELEPORT } from '../formationInfo.js';
import { portalOpen, standAtPortal } from '../necronReserves.js';
import { NP_POP_UP } from '../notPlayed.js';
import { clearLine, lineOfFire } from '../geometry.js';
import { chargeMove } from '../chargeMove.js';
import { hasCommander, MAX_FOLLOWERS, mayFollow } from '../commander.js';
import { CAPTURE_RANGE, OBJECTIVE_COUNT } from '../objectives.js';
import { Plan } from '../plan.js';
import { ACT_ADVANCE, ACT_DOUBLE, ACT_ENGAGE, ACT_GROUND_ATTACK, ACT_INTERCEPT, ACT_MARCH, ACT_MARSHAL, ACT_OVERWATCH, ACT_SPACECRAFT, ACT_SUSTAINED, HOLD_MOVE, HOLD_REGROUP, HOLD_SHOOT } from '../actionCodes.js';
import { STEP, STEPS, type Estimates } from './estimates.js';
import { followWorth, FOLLOW_CHANCE, FOLLOW_WORTH, SUPPORT_REACH, SUPPORTED } from './followWorth.js';
import { bestObjective, Goal } from './goal.js';
import type { PolicyParams } from './policyParams.js';

/** A sustained fire action's +1 to hit against an advance, and a double's or marshal's −1, as a share of the expected damage. */
const SUSTAINED = 4 / 3;
const DOUBLE = 2 / 3;
/** Mean Blast markers a regroup removes: the highest of 2D6 (161/36). */
const REGROUP_MEAN = 161 / 36;
/** What an objective is worth to the policy, as a share of its army's points. */
const OBJECTIVE_SHARE = 0.1;
/** Shots at a broken formation also kill with its Blast markers (RB 1.13.4): worth this much more. */
const BROKEN_TARGET = 1.5;
/** An enemy that has acted this turn shoots again only next turn: its threat counts this much. */
const ACTED_THREAT = 0.3;
/** An enemy with no line of fire to where f would stand must first move to see it: its threat counts this much. */
const HIDDEN_THREAT = 0.3;
/** RB 1.12.3: a charger must end within 15 cm of its target. */
const CHARGE_REACH = 15;
/** planFor: no target reckoned yet where the move ends. */
const UNRECKONED = -2;

/**
 * A player (docs/game.md, "Players"): the policy's parameters applied to every
 * choice of one army. Deterministic: the same state gives the same choices,
 * so a game depends on its dice alone. Reads the game's arrays and allocates
 * nothing per choice; the numbers its reckonings pass between them go
 * through its fields (`px`, `py`, `gapNow`, `value`), since a fraction
 * passed to or returned from a call V8 does not inline is boxed.
 */
export class Player {
  readonly plan = new Plan();
  readonly next = new Plan();
  private readonly goal = new Goal();
  /** The objective each formation was set up to garrison (-1: none). */
  readonly garrisonOf: Int8Array;
  /** Objectives a formation of the army is on or heading for this turn, a bit each. */
  private claimed = 0;
  /** Each formation's last quick reckoning (quickScore), and the turn it was made in (0: none yet). */
  private readonly priority: Float64Array;
  private priorityTurn = 0;
  private readonly objectiveValue: number;
  private readonly objective: number;
  private readonly aggression: number;
  private readonly caution: number;
  private readonly retainChance: number;
  private readonly marshalAt: number;
  private readonly assaultOdds: number;
  readonly garrisonShare: number;
  /** Where the spacecraft's bombardment and drop zone fall, where a teleport lands. */
  bombardX = 0;
  bombardY = 0;
  dropX = 0;
  dropY = 0;
  pointX = 0;
  pointY = 0;
  /** Where a winner of an assault consolidates to (consolidation). */
  moveX = 0;
  moveY = 0;
  private readonly consolidating = new Plan();
  // The reckonings' inputs and output.
  private px = 0;
  private py = 0;
  private gapNow = 0;
  private value = 0;
  /** followWorth's worth and chance of winning (FOLLOW_*), and the formations combinedWorth orders to follow a commander (a bit each). */
  private readonly follow = new Float64Array(2);
  private followers = 0;
  /** The share of the formation being reckoned that fires (firingShare). */
  private fire = 0;
  private readonly shots: Float64Array;
  private readonly odds: Float64Array;
  private readonly slowAndSteady: boolean;
  /** The army's formations, ownStart to ownEnd (exclusive), and the enemy's (Game.armyStart). */
  private readonly ownStart: number;
  private readonly ownEnd: number;
  private readonly enemyStart: number;
  private readonly enemyEnd: number;

  constructor(
    readonly game: Game,
    readonly army: number,
    params: PolicyParams,
    est: Estimates,
  ) {
    this.objective = params.objective;
    this.aggression = params.aggression;
    this.caution = params.caution;
    this.retainChance = params.retainChance;
    this.marshalAt = params.marshalAt;
    this.assaultOdds = params.assaultOdds;
    this.garrisonShare = params.garrison;
    this.garrisonOf = new Int8Array(game.nF).fill(-1);
    this.ownStart = game.armyStart[army]!;
    this.ownEnd = game.armyEnd[army]!;
    this.enemyStart = game.armyStart[1 - army]!;
    this.enemyEnd = game.armyEnd[1 - army]!;
    this.priority = new Float64Array(game.nF);
    this.shots = est.shots;
    this.odds = est.assaultOdds;
    let points = 0;
    for (let f = 0; f < game.nF; f++) if (game.army(f) === army) points += game.info.points[f]!;
    this.objectiveValue = OBJECTIVE_SHARE * points;
    this.slowAndSteady = game.spec.armies[army]!.formations.some((f) => f.units.some((u) => hasAbility(u, 'slow-and-steady')));
  }

  /** A new game. */
  reset(): void {
    this.garrisonOf.fill(-1);
    this.claimed = 0;
    this.priorityTurn = 0;
  }

  /** A new turn: no objective claimed yet; a garrison claims its own. */
  newTurn(): void {
    this.claimed = 0;
    const game = this.game;
    for (let f = 0; f < game.nF; f++) if (this.garrisonOf[f]! >= 0 && game.standing(f)) this.claimed |= 1 << this.garrisonOf[f]!;
  }

  /**
   * Can formation f act now (RB 1.6: unbroken; aircraft from off the table; the spacecraft on its turn; a Necron
   * formation in the reserves, unbroken, through a portal the policy would use, TP Portal)?
   */
  canAct(f: number): boolean {
    const game = this.game;
    if (game.army(f) !== this.army || game.activated[f] === 1 || game.e.fAlive[f] === 0) return false;
    const kind = game.info.kind[f]!;
    if ((kind & K_SPACECRAFT) !== 0) return game.status[f] === RESERVE && game.spacecraftTurn[this.army] === game.turn;
    if ((kind & K_AIRCRAFT) !== 0) return game.status[f] === RESERVE;
    if (game.status[f] === RESERVE) return (kind & (K_NECRON_RESERVES | K_PORTAL_USER)) === (K_NECRON_RESERVES | K_PORTAL_USER) && game.e.fBroken[f] === 0 && this.portalFor(f) >= 0;
    return game.standing(f);
  }

  /**
   * The portal unit a Necron formation f in the reserves would enter through (TP Portal), as the policy picks it: of the
   * army's portals open this turn, the one whose formation stands furthest towards the enemy's table edge, f standing at it
   * outside every enemy's zone of control (entering through a portal inside one would have to be an engage action, TP FAQ:
   * the policy does not enter so); -1 if none.
   */
  portalFor(f: number): number {
    const game = this.game;
    const portals = game.info.portalUnits;
    const n = game.nF;
    const forward = game.forward(this.army);
    let best = -1;
    let bestAhead = -Infinity;
    for (let k = 0; k < portals.length; k++) {
      const u = portals[k]!;
      if (!portalOpen(game, u, this.army)) continue;
      const g = game.e.uFormation[u]!;
      const ahead = forward * game.y[g]!;
      if (ahead <= bestAhead) continue;
      let covered = false;
      for (let t = this.enemyStart; t < this.enemyEnd && !covered; t++) {
        if (game.status[t] === ON_TABLE && game.e.fAlive[t]! > 0 && game.centres[g * n + t]! - game.rad[f]! - game.rad[t]! < game.info.zoc[t]!) covered = true;
      }
      if (covered) continue;
      best = u;
      bestAhead = ahead;
    }
    return best;
  }

  /** Has the army a formation left to act this turn? */
  anyToAct(): boolean {
    for (let f = this.ownStart; f < this.ownEnd; f++) if (this.canAct(f)) return true;
    return false;
  }

  /**
   * Nominates the formation to act and fills `plan` (RB 1.6: the formation and
   * its action, declared before the test): the formation whose quick
   * reckoning (quickScore) is best, then its full plan. The reckonings are
   * made for every formation at the turn's first choice and kept; each later
   * choice reckons the best one again, and takes it if it is still at least the
   * next best's, otherwise tries that one (at most four times). False if none
   * can act.
   */
  choose(plan: Plan): boolean {
    const f = this.nominate();
    if (f < 0) return false;
    this.planFor(f, plan);
    return true;
  }

  /** The formation choose nominates (its reckonings), or -1 if none can act. */
  private nominate(): number {
    const game = this.game;
    // The reckonings were all made just now (the turn's first choice): the best needs none again.
    let fresh = false;
    if (this.priorityTurn !== game.turn) {
      this.priorityTurn = game.turn;
      for (let f = this.ownStart; f < this.ownEnd; f++) if (this.canAct(f)) this.quickScore(f);
      fresh = true;
    }
    let best = -1;
    for (let tries = 0; tries < 4; tries++) {
      best = -1;
      let second = -Infinity;
      for (let f = this.ownStart; f < this.ownEnd; f++) {
        if (!this.canAct(f)) continue;
        const p = this.priority[f]!;
        if (best < 0 || p > this.priority[best]!) {
          if (best >= 0) second = this.priority[best]!;
          best = f;
        } else if (p > second) {
          second = p;
        }
      }
      if (best < 0) return -1;
      if (fresh) break;
      this.quickScore(best);
      if (this.priority[best]! >= second) break;
    }
    return best;
  }

  /**
   * After a passed test: retain the initiative (RB 1.6.3) when the next
   * formation's chance of passing with the −1 is at least the policy's.
   * Fills `next` when it does.
   */
  wantsRetain(): boolean {
    const f = this.nominate();
    if (f < 0) return false;
    // Engaging needs the least (an Ork's +2): when even that falls short, no plan of f
    // would be retained, and only what planning it leaves behind is done.
    if (!this.retains(this.needFor(f, ACT_ENGAGE, true))) {
      this.planTraces(f);
      return false;
    }
    this.planFor(f, this.next);
    if (this.next.score <= 0) return false;
    return this.retains(this.needFor(f, this.next.action, true));
  }

  /** Is a test needing `need` on a D6 passed at least as often as the policy's retain chance? */
  private retains(need: number): boolean {
    return (need <= 1 ? 6 : 7 - need) >= 6 * this.retainChance;
  }

  /**
   * What planFor(f) leaves behind besides its plan, without the plan: the
   * objective its heading claims for the turn, the lines of fire it finds
   * from where f stands (Game.lof, kept), a skimmer's pop-up named when one
   * is missing. Aircraft and spacecraft leave nothing.
   */
  private planTraces(f: number): void {
    const game = this.game;
    if ((game.info.kind[f]! & (K_SPACECRAFT | K_AIRCRAFT)) !== 0) return;
    this.firingShare(f);
    this.heading(f, this.speedOf(f, 3), this.zocHolder(f), this.next);
    this.px = game.x[f]!;
    this.py = game.y[f]!;
    this.bestTarget(f, true);
  }

  /** The D6 roll formation f needs for its action test for `action` (RB 1.6.2, 5.5.2; TP Farsight: no −1 to retain; aircraft −1 per Blast marker, RB 4.2.7): 1 or less always passes, 7 or more never. */
  needFor(f: number, action: number, retain: boolean): number {
    const e = this.game.e;
    let mods = retain && !this.game.hasFarsight(f) ? -1 : 0;
    if ((this.game.info.kind[f]! & (K_AIRCRAFT | K_SPACECRAFT)) !== 0) mods -= e.fBm[f]!;
    else if (e.fBm[f]! > 0) mods -= 1;
    if (e.fWaaagh[f] === 1 && (action === ACT_ENGAGE || action === ACT_DOUBLE)) mods += 2;
    return e.fInitiative[f]! - mods;
  }

  // ---- reckonings (inputs and output in fields) ----

  /** The share of f's units that are not suppressed (RB 1.9.2: a Blast marker stops one unit), into `fire`. */
  private firingShare(f: number): void {
    const e = this.game.e;
    const units = e.fAlive[f]!;
    const free = units === 0 ? 0 : 1 - e.fBm[f]! / (e.fTsknf[f] === 1 ? 2 * units : units);
    this.fire = free > 0 ? (free * units) / this.game.info.units[f]! : 0;
  }

  /** What a shot of f (its `fire` set) at t across `gapNow` is worth, into `value`. */
  private shotWorth(f: number, t: number): void {
    const step = Math.ceil(this.gapNow / STEP);
    const v = step >= STEPS ? 0 : this.shots[(f * this.game.nF + t) * STEPS + step]! * this.fire;
    this.value = this.game.e.fBroken[t] === 1 ? v * BROKEN_TARGET : v;
  }

  /**
   * Points the enemy is expected to destroy of f standing at (px, py), into
   * `value`: the shots of its formations still to act weigh in full, of those
   * that have acted a share, of those with no line of fire to it (terrain
   * between, RB 1.9.2) a share.
   */
  private exposure(f: number): void {
    const game = this.game;
    const n = game.nF;
    const r = game.rad[f]!;
    const px = this.px;
    const py = this.py;
    const xs = game.x;
    const ys = game.y;
    const rad = game.rad;
    const shots = this.shots;
    const table = game.table;
    let sum = 0;
    for (let g = this.enemyStart; g < this.enemyEnd; g++) {
      if (!game.standing(g)) continue;
      const gx = xs[g]!;
      const gy = ys[g]!;
      const dx = gx - px;
      const dy = gy - py;
      const d = Math.sqrt(dx * dx + dy * dy) - r - rad[g]!;
      const step = d > 0 ? Math.ceil(d / STEP) : 0;
      if (step >= STEPS) continue;
      let v = shots[(g * n + f) * STEPS + step]!;
      if (v === 0) continue;
      if (game.activated[g] === 1) v *= ACTED_THREAT;
      table.sx0 = gx;
      table.sy0 = gy;
      table.sx1 = px;
      table.sy1 = py;
      sum += clearLine(game) ? v : v * HIDDEN_THREAT;
    }
    this.value = sum;
  }

  /**
   * What engaging t is worth to f, into `value`: its chance of winning (the
   * engine's odds for the two fresh formations, estimates.ts, for a charge
   * that reaches t or one that falls short, weighed by what each has left:
   * its living units, less a twentieth a Blast marker, a broken target at
   * 0.6; and by the formations within 15 cm of t that would lend supporting
   * fire, RB 1.12.6: each of t's army two thirds, each of f's four thirds),
   * times the prize, less the chance of losing times half its own worth; 0
   * below the policy's odds.
   */
  private assaultWorth(f: number, t: number): void {
    const game = this.game;
    const e = game.e;
    const info = game.info;
    const n = game.nF;
    const gap = game.centres[f * n + t]! - game.rad[f]! - game.rad[t]!;
    const short = gap > chargeMove(game, f) ? n * n : 0;
    const fresh = this.odds[short + f * n + t]!;
    let mine = fresh * (e.fAlive[f]! / info.units[f]!) * (1 - Math.min(0.5, e.fBm[f]! * 0.05));
    let theirs = (1 - fresh) * (e.fAlive[t]! / info.units[t]!) * (e.fBroken[t] === 1 ? 0.6 : 1 - Math.min(0.5, e.fBm[t]! * 0.05));
    const centres = game.centres;
    const rad = game.rad;
    const radT = rad[t]!;
    for (let g = this.ownStart; g < this.ownEnd; g++) {
      if (centres[g * n + t]! - rad[g]! - radT > SUPPORT_REACH || g === f || !game.standing(g) || game.marched[g] === 1) continue;
      mine *= SUPPORTED;
    }
    for (let g = this.enemyStart; g < this.enemyEnd; g++) {
      if (centres[g * n + t]! - rad[g]! - radT > SUPPORT_REACH || g === t || !game.standing(g) || game.marched[g] === 1) continue;
      theirs *= SUPPORTED;
    }
    const p = mine <= 0 ? 0 : mine / (mine + theirs);
    if (p < this.assaultOdds) {
      this.value = 0;
      return;
    }
    const prize = info.points[t]! * (e.fBroken[t] === 1 ? 1 : 0.6);
    this.value = this.aggression * (p * prize - (1 - p) * 0.5 * info.points[f]!);
  }

  /**
   * What engaging t is worth to f, whose commander may order up to two other
   * formations to follow it (RB 2.1.2, commander.ts), into `value`, and the
   * formations the player orders into `followers`: of the army's formations
   * that may follow (mayFollow) and could charge t (in reach, in no other
   * enemy's zone of control), it adds, best first and at most two, each one
   * that raises the assault's worth (followWorth) by more than what that
   * formation's own activation is reckoned to do this turn (its quick
   * reckoning, `priority`), since following spends it. Without one, the
   * worth of f charging alone (assaultWorth), as also when the combined
   * chance of winning is below the policy's odds; with them, the combined
   * worth less the followers' own.
   */
  private combinedWorth(f: number, t: number): void {
    const game = this.game;
    const out = this.follow;
    let candidates = 0;
    for (let g = this.ownStart; g < this.ownEnd; g++) {
      if (!mayFollow(game, f, g) || !this.inReach(g, t)) continue;
      const zoc = this.zocHolder(g);
      if (zoc < 0 || zoc === t) candidates |= 1 << g;
    }
    let chosen = 0;
    if (candidates !== 0) {
      followWorth(game, this.odds, this.aggression, f, t, 0, out);
      let score = out[FOLLOW_WORTH]!;
      let chance = out[FOLLOW_CHANCE]!;
      // What the chosen followers' own activations were reckoned to do.
      let given = 0;
      for (let k = 0; k < MAX_FOLLOWERS; k++) {
        let pick = -1;
        let pickScore = score;
        let pickChance = chance;
        let pickOwn = 0;
        for (let g = this.ownStart; g < this.ownEnd; g++) {
          if ((candidates & (1 << g)) === 0 || (chosen & (1 << g)) !== 0) continue;
          followWorth(game, this.odds, this.aggression, f, t, chosen | (1 << g), out);
          const own = this.priority[g]! > 0 ? this.priority[g]! : 0;
          const net = out[FOLLOW_WORTH]! - given - own;
          if (net > pickScore) {
            pick = g;
            pickScore = net;
            pickChance = out[FOLLOW_CHANCE]!;
            pickOwn = own;
          }
        }
        if (pick < 0) break;
        chosen |= 1 << pick;
        given += pickOwn;
        score = pickScore;
        chance = pickChance;
      }
      if (chosen !== 0 && chance >= this.assaultOdds && score > 0) {
        this.value = score;
        this.followers = chosen;
        return;
      }
    }
    this.followers = 0;
    this.assaultWorth(f, t);
  }

  /** What standing at (px, py) is worth for the objectives f would hold there, into `value`. */
  private holding(f: number): void {
    const o = this.game.objectives;
    const r = this.game.rad[f]!;
    let worth = 0;
    for (let k = 0; k < OBJECTIVE_COUNT; k++) {
      const dx = o.x[k]! - this.px;
      const dy = o.y[k]! - this.py;
      if (Math.sqrt(dx * dx + dy * dy) - r <= CAPTURE_RANGE) worth += this.objective * this.objectiveValue;
    }
    this.value = worth;
  }

  /** The enemy whose zone of control f stands in, or -1 (RB 1.7.3: it must charge or leave). */
  private zocHolder(f: number): number {
    const game = this.game;
    const n = game.nF;
    for (let g = this.enemyStart; g < this.enemyEnd; g++) {
      if (game.status[g] !== ON_TABLE || game.e.fAlive[g] === 0) continue;
      if (game.centres[f * n + g]! - game.rad[f]! - game.rad[g]! < game.info.zoc[g]!) return g;
    }
    return -1;
  }

  /**
   * The speed of f's moves in an action of `moves` moves: its transports' when they are
   * faster and its passengers may ride (riding already, or two moves or more: picked up in
   * one, out at the end of the next, RB 1.7.5; activation.ts).
   */
  private speedOf(f: number, moves: number): number {
    const game = this.game;
    const info = game.info;
    const ride = info.rideSpeed[f]! > info.speed[f]! && (moves > 1 || game.embarked[f] === 1);
    return ride ? info.rideSpeed[f]! : info.speed[f]!;
  }

  /** Could f charge t from where it stands: some unit within 15 cm of t after its charge move (RB 1.12.3)? */
  private inReach(f: number, t: number): boolean {
    const game = this.game;
    return game.centres[f * game.nF + t]! - game.rad[f]! - game.rad[t]! - chargeMove(game, f) <= CHARGE_REACH;
  }

  /**
   * A quick reckoning of what activating f now could do, into priority[f]:
   * its best shot (sustained from where it stands, or after a move), its best
   * assault, or the objective it would head for.
   */
  private quickScore(f: number): void {
    const game = this.game;
    const kind = game.info.kind[f]!;
    if ((kind & K_SPACECRAFT) !== 0) {
      this.priority[f] = Infinity;
      return;
    }
    this.firingShare(f);
    if ((kind & K_AIRCRAFT) !== 0) {
      const t = this.airTarget(f);
      this.priority[f] = t >= 0 ? this.value : -1;
      return;
    }
    // TP Portal: a formation in the reserves is reckoned from the portal it would enter through.
    if (game.status[f] === RESERVE) standAtPortal(game, f, this.portalFor(f));
    const n = game.nF;
    const speed = this.speedOf(f, 1);
    const range = game.info.range[f]!;
    let best = 0;
    const inZoc = this.zocHolder(f) >= 0;
    const charge = chargeMove(game, f);
    for (let t = this.enemyStart; t < this.enemyEnd; t++) {
      if (!game.present(t)) continue;
      const d = game.centres[f * n + t]! - game.rad[f]! - game.rad[t]!;
      const gap = d > 0 ? d : 0;
      if (!inZoc && gap <= range && lineOfFire(game, f, t)) {
        this.gapNow = gap;
        this.shotWorth(f, t);
        if (SUSTAINED * this.value > best) best = SUSTAINED * this.value;
      } else {
        this.gapNow = gap > speed ? gap - speed : 0;
        this.shotWorth(f, t);
        if (this.value > best) best = this.value;
      }
      // inReach, its gap and charge move already at hand.
      if (d - charge <= CHARGE_REACH) {
        this.assaultWorth(f, t);
        if (this.value > best) best = this.value;
      }
    }
    if (bestObjective(game, f, speed, this.claimed, this.goal) >= 0) {
      const dx = this.goal.x - game.x[f]!;
      const dy = this.goal.y - game.y[f]!;
      if (Math.sqrt(dx * dx + dy * dy) - game.rad[f]! > CAPTURE_RANGE) {
        const worth = this.objective * this.objectiveValue * this.goal.value;
        if (worth > best) best = worth;
      }
    }
    this.priority[f] = best;
  }

  /** The ground formation aircraft f (its `fire` set) would attack: the best shot at one on the table, its worth in `value`; -1 if none. */
  private airTarget(f: number): number {
    const game = this.game;
    let best = -1;
    let bestValue = 0;
    this.gapNow = 0;
    for (let t = this.enemyStart; t < this.enemyEnd; t++) {
      if (!game.present(t)) continue;
      this.shotWorth(f, t);
      if (this.value > bestValue) {
        bestValue = this.value;
        best = t;
      }
    }
    this.value = bestValue;
    return best;
  }

  // ---- plans ----

  /**
   * Formation f's plan for this activation (docs/game.md, "Players"): the best
   * of sustained fire from where it stands; an advance, double or march
   * towards where it heads (what it would then shoot, the objectives it would
   * stand on, how far it got, less the fire it would stand in); engaging an
   * enemy in reach at the policy's odds; marshalling near its break point;
   * overwatch, for a cautious player, when the enemy may come into range.
   * A formation in an enemy's zone of control must charge it or leave (RB 1.7.3).
   */
  planFor(f: number, plan: Plan): void {
    const game = this.game;
    const kind = game.info.kind[f]!;
    plan.f = f;
    // With nothing better, an advance that stays where it is and shoots whatever comes into range.
    plan.action = ACT_ADVANCE;
    plan.score = 0;
    plan.shotThere = 0;
    plan.target = -1;
    plan.marshalMove = 0;
    plan.hold = HOLD_REGROUP;
    plan.portal = -1;
    plan.followers = 0;
    // TP Portal: a formation in the reserves enters through a portal "as part of any activation that allows movement",
    // measured from the portal: planned from there, with no sustained fire or overwatch, and a marshal that moves.
    const entering = game.status[f] === RESERVE && (kind & (K_SPACECRAFT | K_AIRCRAFT)) === 0;
    if (entering) {
      plan.portal = this.portalFor(f);
      standAtPortal(game, f, plan.portal);
    }
    plan.destX = game.x[f]!;
    plan.destY = game.y[f]!;
    if ((kind & K_SPACECRAFT) !== 0) {
      plan.action = ACT_SPACECRAFT;
      plan.score = 1;
      return;
    }
    this.firingShare(f);
    if ((kind & K_AIRCRAFT) !== 0) {
      this.planAir(f, plan);
      return;
    }
    const speed = this.speedOf(f, 1);
    const zoc = this.zocHolder(f);
    this.heading(f, this.speedOf(f, 3), zoc, plan);
    const x0 = game.x[f]!;
    const y0 = game.y[f]!;
    const dx = plan.destX - x0;
    const dy = plan.destY - y0;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const ux = dist > 0 ? dx / dist : 0;
    const uy = dist > 0 ? dy / dist : 0;
    this.px = x0;
    this.py = y0;
    this.holding(f);
    const holdHere = this.value;
    let exposed = 0;
    if (this.caution > 0) {
      this.exposure(f);
      exposed = this.caution * this.value;
    }
    let bestScore = -Infinity;
    // Shooting from where it stands: sustained fire (not from inside a zone of control, RB 1.7.3).
    const target = this.bestTarget(f, true);
    let targetShot = 0;
    if (target >= 0) {
      this.shotWorth(f, target);
      targetShot = this.value;
    }
    // Passengers aboard cannot shoot (RB 1.7.5) and get out only at the end of a move: no shot without one.
    const aboard = game.embarked[f] === 1;
    if (zoc < 0 && target >= 0 && !entering && !aboard) {
      bestScore = SUSTAINED * targetShot + holdHere - exposed;
      this.set(plan, ACT_SUSTAINED, target);
      plan.score = bestScore;
    }
    // Moving one, two or three moves towards where it is heading. A move as long as the
    // last one reckoned (cut short at the destination, or none) ends where it did: the
    // objectives held, the exposure and the shot found there are kept (no state changes
    // while a plan is made). Two moves in five end so, a garrison's every one.
    let atStep = 0;
    let atHold = holdHere;
    let atExposure = exposed;
    let atTarget = UNRECKONED;
    let atShot = 0;
    const hitAndRun = (kind & K_HIT_AND_RUN) !== 0;
    // TP Implacable Advance: "Necron formations cannot take a March action".
    const mostMoves = (kind & K_NO_MARCH) !== 0 ? 2 : 3;
    for (let moves = 1; moves <= mostMoves; moves++) {
      const step = Math.min(dist, moves * (moves === 1 ? speed : this.speedOf(f, moves)));
      if (step <= 0 && zoc < 0) continue;
      if (step !== atStep) {
        atStep = step;
        this.px = x0 + ux * step;
        this.py = y0 + uy * step;
        this.holding(f);
        atHold = this.value;
        if (this.caution > 0) {
          this.exposure(f);
          atExposure = this.caution * this.value;
        }
        atTarget = UNRECKONED;
      }
      let score = atHold + this.objective * this.objectiveValue * 0.01 * step + this.aggression * 0.5 * step;
      if (this.caution > 0) score -= atExposure;
      if (moves < 3) {
        if (atTarget === UNRECKONED) {
          atTarget = this.bestTarget(f, false);
          if (atTarget >= 0) {
            this.shotWorth(f, atTarget);
            atShot = this.value;
          }
        }
        const there = atTarget >= 0 ? atShot : 0;
        // TP Hit & Run Tactics: it may shoot before it moves instead, from where it stands.
        const shot = hitAndRun && zoc < 0 && targetShot > there ? targetShot : there;
        score += (moves === 2 ? DOUBLE : 1) * shot;
        if (score > bestScore) plan.shotThere = there;
      }
      if (score > bestScore) {
        bestScore = score;
        this.set(plan, moves === 1 ? ACT_ADVANCE : moves === 2 ? ACT_DOUBLE : ACT_MARCH, -1);
        plan.score = score;
      }
    }
    // Engaging: an enemy in reach at the policy's odds (and only the one whose zone of control it is in, if any);
    // with a commander, the formations it orders to follow (RB 2.1.2).
    const commands = !entering && hasCommander(game, f);
    for (let t = this.enemyStart; t < this.enemyEnd; t++) {
      if (!game.present(t) || (zoc >= 0 && t !== zoc) || !this.inReach(f, t)) continue;
      if (commands) this.combinedWorth(f, t);
      else this.assaultWorth(f, t);
      if (this.value <= 0) continue;
      const worth = this.value;
      const followers = commands ? this.followers : 0;
      this.px = game.x[t]!;
      this.py = game.y[t]!;
      this.holding(f);
      const score = worth + this.value;
      if (score > bestScore) {
        bestScore = score;
        this.set(plan, ACT_ENGAGE, t);
        plan.score = score;
        plan.followers = followers;
      }
    }
    if (zoc >= 0) return;
    // Marshalling: Blast markers near the break point.
    const e = game.e;
    if (e.fBm[f]! > 0 && e.fBm[f]! >= this.marshalAt * e.fBreakWeight[f]!) {
      const removed = Math.min(e.fBm[f]!, REGROUP_MEAN);
      const shoots = target >= 0 && !entering && !aboard;
      const score = (removed * game.info.points[f]!) / Math.max(1, e.fBreakWeight[f]!) + (shoots ? DOUBLE * targetShot : 0) + holdHere;
      if (score > bestScore) {
        bestScore = score;
        this.set(plan, ACT_MARSHAL, target);
        plan.score = score;
        plan.marshalMove = shoots ? 0 : 1;
      }
    }
    // Overwatch: a cautious player waits for the enemy to come into its range.
    if (this.caution >= 0.5 && target < 0 && !entering && !aboard) {
      this.px = x0;
      this.py = y0;
      const t = this.bestTarget(f, false);
      if (t >= 0) {
        const d = this.gapNow - this.speedOf(t, 1);
        this.gapNow = d > 0 ? d : 0;
        this.shotWorth(f, t);
        const waiting = this.caution * 0.5 * this.value + holdHere - exposed;
        if (waiting > bestScore) {
          this.set(plan, ACT_OVERWATCH, -1);
          plan.score = waiting;
        }
      }
    }
  }

  /**
   * Where formation f consolidates after its side won an assault, moving up
   * to `dist` cm (RB 1.12.9: "to occupy territory they have captured"), into
   * (moveX, moveY): towards where it is heading (heading: the objective it
   * wants, or the enemy, as the policy weighs them), when ending the move
   * there is worth more than staying, as a move of an action is reckoned
   * (planFor: the objectives it would hold, the way made, less the enemy's
   * expected fire for a cautious player). False when it stays: also when it
   * already holds the objective it wants.
   */
  consolidation(f: number, dist: number): boolean {
    const game = this.game;
    const p = this.consolidating;
    const x0 = game.x[f]!;
    const y0 = game.y[f]!;
    p.destX = x0;
    p.destY = y0;
    this.heading(f, this.speedOf(f, 3), -1, p);
    const dx = p.destX - x0;
    const dy = p.destY - y0;
    const d = Math.sqrt(dx * dx + dy * dy);
    const toObjective = this.goal.objective >= 0 && p.destX === this.goal.x && p.destY === this.goal.y;
    if (d < 1 || (toObjective && d - game.rad[f]! <= CAPTURE_RANGE)) return false;
    const step = Math.min(d, dist);
    this.px = x0;
    this.py = y0;
    this.standingWorth(f);
    const stay = this.value;
    this.px = x0 + (dx / d) * step;
    this.py = y0 + (dy / d) * step;
    this.standingWorth(f);
    if (this.value + this.objective * this.objectiveValue * 0.01 * step + this.aggression * 0.5 * step <= stay) return false;
    this.moveX = p.destX;
    this.moveY = p.destY;
    return true;
  }

  /** What standing at (px, py) is worth to f: the objectives it holds there, less the enemy's expected fire times the policy's caution; into `value`. */
  private standingWorth(f: number): void {
    let worth = 0;
    if (this.caution > 0) {
      this.exposure(f);
      worth = -this.caution * this.value;
    }
    this.holding(f);
    this.value += worth;
  }

  /** The plan's action and target (its score is written beside: a fraction passed to a call would be boxed). */
  private set(plan: Plan, action: number, target: number): void {
    plan.action = action;
    plan.target = target;
    plan.followers = 0;
  }

  /** An aircraft's plan: intercept enemy aircraft over the table (fighters), or attack the best ground target, or stand down (no target). */
  private planAir(f: number, plan: Plan): void {
    const game = this.game;
    plan.action = ACT_GROUND_ATTACK;
    plan.score = 0;
    if ((game.info.kind[f]! & K_FIGHTERS) !== 0) {
      for (let t = this.enemyStart; t < this.enemyEnd; t++) {
        if (game.status[t] === FLYING && game.e.fAlive[t]! > 0) {
          plan.action = ACT_INTERCEPT;
          plan.target = t;
          plan.score = 0.2 * game.info.points[t]!;
          return;
        }
      }
    }
    plan.target = this.airTarget(f);
    if (plan.target >= 0) plan.score = this.value;
  }

  /**
   * Where f heads (plan.dest): out of the zone of control it stands in;
   * otherwise the objective or the enemy,
   * whichever the policy weighs more (objective × the objective's worth
   * against aggression, halved when an enemy is already in range).
   */
  private heading(f: number, speed: number, zoc: number, plan: Plan): void {
    const game = this.game;
    const x0 = game.x[f]!;
    const y0 = game.y[f]!;
    if (zoc >= 0) {
      const ax = x0 - game.x[zoc]!;
      const ay = y0 - game.y[zoc]!;
      const away = Math.sqrt(ax * ax + ay * ay) || 1;
      plan.destX = x0 + (ax / away) * speed;
      plan.destY = y0 + (ay / away) * speed;
      return;
    }
    const k = bestObjective(game, f, speed, this.claimed, this.goal);
    const enemy = this.nearestEnemy(f);
    const inRange = enemy >= 0 && this.gapNow <= game.info.range[f]!;
    const objectiveScore = k >= 0 ? this.objective * this.goal.value : 0;
    const enemyScore = enemy >= 0 ? this.aggression * (inRange ? 0.5 : 1) : 0;
    if (k >= 0 && objectiveScore >= enemyScore) {
      this.claimed |= 1 << k;
      plan.destX = this.goal.x;
      plan.destY = this.goal.y;
    } else if (enemy >= 0) {
      plan.destX = game.x[enemy]!;
      plan.destY = game.y[enemy]!;
    }
  }

  /** The enemy formation on the table nearest to f, its gap in `gapNow`; -1 if none. */
  private nearestEnemy(f: number): number {
    const game = this.game;
    const n = game.nF;
    let best = -1;
    let bestGap = Infinity;
    for (let t = this.enemyStart; t < this.enemyEnd; t++) {
      if (!game.present(t)) continue;
      const d = game.centres[f * n + t]! - game.rad[f]! - game.rad[t]!;
      if (d < bestGap) {
        bestGap = d;
        best = t;
      }
    }
    this.gapNow = bestGap > 0 ? bestGap : 0;
    return best;
  }

  /**
   * The enemy f (its `fire` set) would shoot from (px, py): in range of its
   * weapons, with a line of fire (checked only from where it stands,
   * `checkLof`), the best shot; failing any worth something, the nearest in
   * range (the Blast marker for coming under fire, RB FAQ). Its gap is left
   * in `gapNow`; -1 if none.
   */
  private bestTarget(f: number, checkLof: boolean): number {
    const game = this.game;
    const range = game.info.range[f]!;
    const r = game.rad[f]!;
    let best = -1;
    let bestValue = 0;
    let bestGap = 0;
    let nearest = -1;
    let nearestGap = Infinity;
    for (let t = this.enemyStart; t < this.enemyEnd; t++) {
      if (!game.present(t)) continue;
      const dx = game.x[t]! - this.px;
      const dy = game.y[t]! - this.py;
      const d = Math.sqrt(dx * dx + dy * dy) - r - game.rad[t]!;
      const gap = d > 0 ? d : 0;
      if (gap > range) continue;
      if (checkLof && !lineOfFire(game, f, t)) {
        if ((game.info.kind[f]! & K_SKIMMER) !== 0) game.notPlayed.mark(NP_POP_UP);
        continue;
      }
      this.gapNow = gap;
      this.shotWorth(f, t);
      if (this.value > bestValue) {
        bestValue = this.value;
        best = t;
        bestGap = gap;
      }
      if (gap < nearestGap) {
        nearestGap = gap;
        nearest = t;
      }
    }
    this.gapNow = best >= 0 ? bestGap : nearestGap;
    return best >= 0 ? best : nearest;
  }

  /**
   * TP Hit & Run Tactics: does f shoot now, before its next move, rather than later? When its best
   * shot from where it stands (a line of fire, out of any enemy's zone of control) is worth
   * something and at least what the plan expected of its shot where the moves end.
   */
  shootsFirst(f: number, plan: Plan): boolean {
    if (this.zocHolder(f) >= 0) return false;
    const t = this.shootTarget(f);
    if (t < 0) return false;
    this.shotWorth(f, t);
    return this.value > 0 && this.value >= plan.shotThere;
  }

  /** The formation f shoots once it has moved (RB 1.9.1: one target), from where it stands. */
  shootTarget(f: number): number {
    this.firingShare(f);
    this.px = this.game.x[f]!;
    this.py = this.game.y[f]!;
    return this.bestTarget(f, true);
  }

  /** What a failed test's hold does (RB 1.6.1): leave a zone of control; shoot if it can; regroup near its break point; or move on. */
  holdChoice(f: number, plan: Plan): void {
    // TP Portal: a formation in the reserves enters only with a move (the hold's, towards where it was heading).
    if (this.game.status[f] === RESERVE) {
      plan.hold = HOLD_MOVE;
      return;
    }
    const zoc = this.zocHolder(f);
    if (zoc >= 0) {
      this.heading(f, this.speedOf(f, 1), zoc, plan);
      plan.hold = HOLD_MOVE;
      return;
    }
    const e = this.game.e;
    if (this.shootTarget(f) >= 0) plan.hold = HOLD_SHOOT;
    else if (e.fBm[f]! >= this.marshalAt * e.fBreakWeight[f]!) plan.hold = HOLD_REGROUP;
    else plan.hold = HOLD_MOVE;
  }

  // ---- set-up ----

  /**
   * The army's spacecraft (RB 4.3.1): it arrives in turn 1, or 3 under Slow
   * and Steady (TP), its bombardment planned on the first objective the army
   * placed in the enemy's half and its drop zone on the second.
   */
  planSpacecraft(): number {
    this.plannedPoints();
    return this.slowAndSteady ? 3 : 1;
  }

  /** The bombardment (the first objective the army placed in the enemy's half) and drop zone (the second). */
  private plannedPoints(): void {
    const o = this.game.objectives;
    let found = 0;
    for (let k = 0; k < OBJECTIVE_COUNT; k++) {
      if (o.placer[k] !== this.army || o.onEdge[k] === 1) continue;
      if (found++ === 0) {
        this.bombardX = o.x[k]!;
        this.bombardY = o.y[k]!;
      } else {
        this.dropX = o.x[k]!;
        this.dropY = o.y[k]!;
      }
    }
  }

  /**
   * Does teleporting formation f arrive this turn? The policy brings it in at the start of turn 1, and a Necron formation
   * that phased out at the start of the first turn after it rallied (TP Phase Out: "It may re-enter by teleporting"), at the
   * second objective the army placed in the enemy's half (pointX, pointY).
   */
  teleportNow(f: number): boolean {
    const game = this.game;
    const kind = game.info.kind[f]!;
    if ((kind & K_TELEPORT) === 0 || (game.turn !== 1 && (kind & K_PHASE_OUT) === 0)) return false;
    this.plannedPoints();
    this.pointX = this.dropX;
    this.pointY = this.dropY;
    return true;
  }
}
