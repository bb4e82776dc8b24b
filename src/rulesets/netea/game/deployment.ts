import { RESERVE, type Game } from './game.js';
import type { Player } from './policy/player.js';
import { K_AIRCRAFT, K_DROP_POD, K_FIGHTERS, K_GARRISON, K_PLANETFALL, K_POSITIONS, K_SPACECRAFT, K_TELEPORT, K_TUNNELER, K_WAR_ENGINE } from './formationInfo.js';
import { place, setDown } from './placement.js';
import { placeGarrison } from './garrison.js';
import { OBJECTIVE_COUNT } from './objectives.js';
import { EV_DEPLOY, EV_RESERVE } from './timeline.js';
import { NP_CAP, NP_PLANETFALL, NP_POSITIONS, NP_TUNNELER, NP_WE_LOF } from './notPlayed.js';

/** RB 6.1.6: the remaining formations are set up "within 15cms of their own side's table edge". */
export const DEPLOYMENT_ZONE = 15;

/**
 * Setting up (RB 6.1.5-6.1.6), after the objectives, the armies taking turns
 * from `first` (the higher strategy rating):
 *
 * 1. spacecraft first: each plans its turn, bombardment and drop zone
 *    (Player.planSpacecraft); no two arrive in the same turn (RB 4.3.1);
 * 2. garrisons: the formations that may garrison, as many as the policy's
 *    share (the slowest first), each on an objective in its army's own
 *    half, in the best cover that keeps it holding the objective
 *    (garrison.ts), the objectives taken in turn (those the enemy placed
 *    first, then the edge one);
 * 3. the rest along the army's own edge, within 15 cm of it as far as the
 *    formation's size allows, spread evenly along the edge in the order of
 *    the army's formations;
 * 4. in reserve (RB 6.1.6): aircraft, teleporting formations, and formations
 *    that land by drop pod or planetfall from the army's spacecraft (one
 *    without a spacecraft is set up with the rest, and named).
 */
export function deploy(game: Game, players: readonly [Player, Player], first: number): void {
  const info = game.info;
  for (let k = 0; k < 2; k++) {
    const army = (first + k) & 1;
    if (!hasKind(game, army, K_SPACECRAFT)) continue;
    let turn = players[army]!.planSpacecraft();
    if (turn === game.spacecraftTurn[1 - army]) turn++;
    game.spacecraftTurn[army] = turn;
  }
  // Reserves and what the game does not play.
  for (let f = 0; f < game.nF; f++) {
    const kind = info.kind[f]!;
    if ((kind & K_POSITIONS) !== 0) game.notPlayed.mark(NP_POSITIONS);
    if ((kind & K_WAR_ENGINE) !== 0 && (kind & (K_AIRCRAFT | K_SPACECRAFT)) === 0) game.notPlayed.mark(NP_WE_LOF);
    if ((kind & K_FIGHTERS) !== 0) game.notPlayed.mark(NP_CAP);
    if ((kind & K_TUNNELER) !== 0) game.notPlayed.mark(NP_TUNNELER);
    if ((kind & (K_DROP_POD | K_PLANETFALL)) !== 0 && game.spacecraftTurn[game.army(f)] === 0) game.notPlayed.mark(NP_PLANETFALL);
  }
  // Garrisons, one at a time in turn.
  let picked0 = 0;
  let picked1 = 0;
  const wanted0 = garrisonCount(game, players[0]!, 0);
  const wanted1 = garrisonCount(game, players[1]!, 1);
  for (let more = true; more; ) {
    more = false;
    for (let k = 0; k < 2; k++) {
      const army = (first + k) & 1;
      const picked = army === 0 ? picked0 : picked1;
      if (picked >= (army === 0 ? wanted0 : wanted1)) continue;
      const f = nextGarrison(game, army);
      if (f < 0) continue;
      placeGarrison(game, players[army]!, f, ownObjective(game, army, picked));
      if (army === 0) picked0++;
      else picked1++;
      more = true;
    }
  }
  // The rest along the edges.
  for (let k = 0; k < 2; k++) {
    const army = (first + k) & 1;
    let count = 0;
    for (let f = 0; f < game.nF; f++) if (onEdge(game, f, army)) count++;
    let slot = 0;
    const y0 = game.edgeY(army);
    const dir = game.forward(army);
    for (let f = 0; f < game.nF; f++) {
      if (!onEdge(game, f, army)) {
        if (game.army(f) === army && game.status[f] === RESERVE) game.timeline?.add(0, EV_RESERVE, f, -1, 0, 0, 0, 0);
        continue;
      }
      const r = game.rad[f]!;
      const depth = Math.max(r, DEPLOYMENT_ZONE - r);
      place.px = (game.table.width * (slot + 0.5)) / count;
      place.py = y0 + dir * r;
      place.yMin = Math.min(y0 + dir * r, y0 + dir * depth) - 0.001;
      place.yMax = Math.max(y0 + dir * r, y0 + dir * depth) + 0.001;
      setDown(game, f);
      game.timeline?.add(0, EV_DEPLOY, f, -1, game.x[f]!, game.y[f]!, 0, 0);
      slot++;
    }
  }
}

function hasKind(game: Game, army: number, kind: number): boolean {
  for (let f = 0; f < game.nF; f++) if (game.army(f) === army && (game.info.kind[f]! & kind) !== 0) return true;
  return false;
}

/** Does formation f go into reserve (RB 6.1.6)? */
function inReserve(game: Game, f: number): boolean {
  const kind = game.info.kind[f]!;
  if ((kind & (K_AIRCRAFT | K_SPACECRAFT | K_TELEPORT)) !== 0) return true;
  return (kind & (K_DROP_POD | K_PLANETFALL)) !== 0 && game.spacecraftTurn[game.army(f)]! > 0;
}

/** Is formation f of `army` still to be set up along its edge? */
function onEdge(game: Game, f: number, army: number): boolean {
  return game.army(f) === army && game.status[f] === RESERVE && !inReserve(game, f);
}

/** How many of the army's formations that may garrison its policy sets up as garrisons. */
function garrisonCount(game: Game, player: Player, army: number): number {
  let eligible = 0;
  for (let f = 0; f < game.nF; f++) if (game.army(f) === army && (game.info.kind[f]! & K_GARRISON) !== 0 && !inReserve(game, f)) eligible++;
  return Math.round(player.garrisonShare * eligible);
}

/** The army's next formation to garrison: the slowest still off the table that may. */
function nextGarrison(game: Game, army: number): number {
  let best = -1;
  for (let f = 0; f < game.nF; f++) {
    if (!onEdge(game, f, army) || (game.info.kind[f]! & K_GARRISON) === 0) continue;
    if (best < 0 || game.info.speed[f]! < game.info.speed[best]!) best = f;
  }
  return best;
}

/** The n-th objective in the army's own half to garrison (those the enemy placed first, then its own edge one), cycling. */
function ownObjective(game: Game, army: number, n: number): number {
  const o = game.objectives;
  let seen = 0;
  const own = 3;
  const want = n % own;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < OBJECTIVE_COUNT; k++) {
      if (o.half[k] !== army || (pass === 0) !== (o.onEdge[k] === 0)) continue;
      if (seen++ === want) return k;
    }
  }
  return -1;
}
