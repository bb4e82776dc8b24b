import type { Sfc32 } from '../../../sim/rng.js';
import { d6 } from '../../../sim/dice/d6.js';
import { ARRIVE_DROP_POD, ARRIVE_PLANETFALL, ARRIVE_TELEPORT, C } from './engine.js';
import { GONE, RESERVE, type Game } from './game.js';
import type { Player } from './policy/player.js';
import { K_DROP_POD, K_PLANETFALL, K_SPACECRAFT, K_TELEPORT } from './formationInfo.js';
import { frontsAround } from './fronts.js';
import { place, setDown } from './placement.js';
import { settle } from './settle.js';
import { creditLosses, noteLosses } from './ledger.js';
import { UNIT } from './randomTable.js';
import { EV_ACTION, EV_AIR_ATTACK, EV_ARRIVE } from './timeline.js';
import { ACT_SPACECRAFT } from './actionCodes.js';

/** RB 4.3.3: an orbital bombardment's template is 12 cm across. */
const TEMPLATE_RADIUS = 6;

/**
 * Spacecraft (RB 4.3) and what lands from them (RB 4.4, 5.1.2), and
 * teleporting formations (RB 2.1.17). Each army's spacecraft arrives on the
 * turn planned when it was set up (Game.spacecraftTurn); activated that
 * turn, it takes its action test and, on a pass, its bombardment falls on the
 * planned point: on the enemy formation standing under the template there
 * (the nearest, if several), whose war engines its pin-point attacks may also
 * strike. Then the army's drop-pod and planetfall formations land around the
 * drop zone, each scattering 2D6 cm, and may act later in the turn. A failed
 * test delays it a turn (RB 4.3.2).
 */
export function spacecraftAction(game: Game, player: Player, f: number, retain: boolean, rng: Sfc32): boolean {
  const army = game.army(f);
  frontsAround(game, f, -1);
  const passed = game.ge.actionTest(1 << f, C.ACTION_ADVANCE, retain, rng);
  game.timeline?.add(game.turn, EV_ACTION, f, -1, ACT_SPACECRAFT, passed ? 1 : 0, retain ? 1 : 0, 0);
  if (!passed) {
    game.spacecraftTurn[army] = game.turn + 1;
    return false;
  }
  const t = underPoint(game, player);
  if (t >= 0) {
    frontsAround(game, t, -1);
    game.e.fFront[f] = 0;
    noteLosses(game);
    const fired = game.ge.orbital(f, t, rng);
    creditLosses(game, f, 1 - army);
    game.timeline?.add(game.turn, EV_AIR_ATTACK, f, t, ACT_SPACECRAFT, fired ? 1 : 0, game.credited, 0);
    settle(game);
  }
  for (let g = 0; g < game.nF; g++) {
    if (game.army(g) !== army || game.status[g] !== RESERVE || (game.info.kind[g]! & (K_DROP_POD | K_PLANETFALL)) === 0) continue;
    landFromOrbit(game, g, player, rng);
  }
  game.status[f] = GONE;
  return true;
}

/** The enemy formation on the table with a unit under a 12 cm template centred on the player's planned bombardment, the nearest; -1 if none. */
function underPoint(game: Game, player: Player): number {
  const enemy = 1 - player.army;
  let best = -1;
  let bestGap = TEMPLATE_RADIUS;
  for (let g = 0; g < game.nF; g++) {
    if (game.army(g) !== enemy || !game.present(g)) continue;
    const dx = game.x[g]! - player.bombardX;
    const dy = game.y[g]! - player.bombardY;
    const d = Math.sqrt(dx * dx + dy * dy) - game.rad[g]!;
    if (d <= bestGap) {
      bestGap = d;
      best = g;
    }
  }
  return best;
}

/**
 * Formation g lands at the drop zone and scatters 2D6 cm in a random direction (RB 4.4: placed
 * within 15 cm of it, here on it), moved to the nearest clear ground if it cannot stand there,
 * then the engine's landing (a drop pod's Deathwind, RB 5.1.2).
 */
function landFromOrbit(game: Game, g: number, player: Player, rng: Sfc32): void {
  const scatter = d6(rng) + d6(rng);
  const angle = 2 * Math.PI * (rng.next() >>> 0) * UNIT;
  place.px = player.dropX + scatter * Math.cos(angle);
  place.py = player.dropY + scatter * Math.sin(angle);
  place.anywhere();
  setDown(game, g);
  frontsAround(game, g, -1);
  game.ge.land(g, (game.info.kind[g]! & K_DROP_POD) !== 0 ? ARRIVE_DROP_POD : ARRIVE_PLANETFALL, rng);
  game.timeline?.add(game.turn, EV_ARRIVE, g, -1, game.x[g]!, game.y[g]!, 0, 0);
  settle(game);
}

/**
 * The start of a turn (RB 1.4.2, 2.1.17): each army's teleporting formations
 * the player brings in this turn are placed where its policy says, outside
 * enemy zones of control; a D6 for each unit, a Blast marker for each 1.
 * The army with the higher strategy rating first. A Necron formation that
 * phased out comes back so once it has rallied (TP Phase Out: "It may
 * re-enter by teleporting ... If the rally roll fails, the formation must
 * remain in the reserves until it rallies").
 */
export function teleportArrivals(game: Game, players: readonly [Player, Player], first: number, rng: Sfc32): void {
  for (let k = 0; k < 2; k++) {
    const army = (first + k) & 1;
    const player = players[army]!;
    for (let f = 0; f < game.nF; f++) {
      if (game.army(f) !== army || game.status[f] !== RESERVE || (game.info.kind[f]! & K_TELEPORT) === 0 || (game.info.kind[f]! & K_SPACECRAFT) !== 0) continue;
      if (game.e.fBroken[f] === 1 || game.e.fAlive[f] === 0) continue;
      if (!player.teleportNow(f)) continue;
      place.px = player.pointX;
      place.py = player.pointY;
      place.anywhere();
      setDown(game, f);
      frontsAround(game, f, -1);
      game.ge.land(f, ARRIVE_TELEPORT, rng);
      game.timeline?.add(game.turn, EV_ARRIVE, f, -1, game.x[f]!, game.y[f]!, 1, 0);
      settle(game);
    }
  }
}

