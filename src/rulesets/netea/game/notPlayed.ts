import { ruleOfNote } from '../../../model/ruleReach.js';
import type { GameSpec } from './gameSpec.js';

/**
 * Rules the game does not play yet, each named in every game's output with
 * how many games it mattered in: never silently skipped. `mark` notes, during
 * a game, that one of them mattered (a formation that has the rule did what
 * the rule is about); the runner counts the games.
 */
export const NOT_PLAYED = [
  { id: 'combat-air-patrol', rule: 'Combat air patrol (RB 4.2.1; TP): fighters waiting to intercept a ground attack', when: 'an army fielded fighters' },
  { id: 'air-transport', rule: 'Transport aircraft and transport war engines carrying other formations, landing and air assaults (RB 3.1.3, 4.2.5)', when: 'a formation with such a transport acted' },
  { id: 'tunneler', rule: 'Tunneler (TP): arriving underground from turn 2', when: 'a formation with tunnelers was set up (it deploys on the table instead)' },
  { id: 'skimmer-pop-up', rule: 'Skimmers popping up to see over terrain (RB 2.1.13; TP)', when: 'a formation of skimmers had its line of fire blocked' },
  { id: 'fortified-positions', rule: 'Fortified positions bought with an upgrade (TP): the formation stands in the open', when: 'a formation with bought positions was fielded' },
  { id: 'war-engines-block-lof', rule: 'War engines blocking the line of fire (RB 1.9.2)', when: 'a war engine stood on the table' },
  { id: 'cautious-move', rule: 'Moving cautiously through dangerous terrain (RB 1.8.1: 5 cm, tests re-rolled)', when: 'a formation crossed dangerous terrain' },
  { id: 'consolidation-pickup', rule: 'A transport picking passengers up as it consolidates (RB 1.12.9, RB FAQ)', when: 'a winner of an assault with transports consolidated, its passengers on foot' },
  { id: 'planetfall-without-spacecraft', rule: 'Planetfall without the army\'s spacecraft (RB 4.4): the formation deploys on the table', when: 'a drop-pod or planetfall formation had no spacecraft to land from' },
  { id: 'summoning-places', rule: 'Summoned Units (TP): a formation summoning more daemons than it has places for (daemonPool.ts: as many of each lesser daemon as the pool had markers, six more under Fickle Masters)', when: 'a formation had summoning points and lesser markers left but no place for the daemon' },
  { id: 'turn-cap', rule: 'RB 6.1.7 plays on while both tiebreak dice match: the game was ended on the tiebreak at the turn cap', when: 'a game reached the turn cap' },
] as const;

export type NotPlayedId = (typeof NOT_PLAYED)[number]['id'];
export const NOT_PLAYED_COUNT = NOT_PLAYED.length;

/** The index of a rule in NOT_PLAYED. */
export function notPlayedIndex(id: NotPlayedId): number {
  return NOT_PLAYED.findIndex((r) => r.id === id);
}

export const NP_CAP = notPlayedIndex('combat-air-patrol');
export const NP_AIR_TRANSPORT = notPlayedIndex('air-transport');
export const NP_TUNNELER = notPlayedIndex('tunneler');
export const NP_POP_UP = notPlayedIndex('skimmer-pop-up');
export const NP_POSITIONS = notPlayedIndex('fortified-positions');
export const NP_WE_LOF = notPlayedIndex('war-engines-block-lof');
export const NP_CAUTIOUS = notPlayedIndex('cautious-move');
export const NP_CONSOLIDATION_PICKUP = notPlayedIndex('consolidation-pickup');
export const NP_PLANETFALL = notPlayedIndex('planetfall-without-spacecraft');
export const NP_TURN_CAP = notPlayedIndex('turn-cap');
export const NP_SUMMONING_PLACES = notPlayedIndex('summoning-places');

export class NotPlayed {
  /** This game: 1 for each rule that mattered. */
  readonly mattered = new Uint8Array(NOT_PLAYED_COUNT);

  clear(): void {
    this.mattered.fill(0);
  }

  mark(rule: number): void {
    this.mattered[rule] = 1;
  }
}

/**
 * Rules the engagement model leaves out that a game plays (model/ruleReach.ts
 * names them for engagements): walkers' dangerous-terrain re-roll, jump packs
 * and skimmers crossing terrain, teleport, planetfall from the army's
 * spacecraft and its drop pods' Deathwind, Slow and Steady, passengers
 * getting in and out, Farsight's retains (TP Eldar), Fleet of Foot's
 * marches (TP Dark Eldar) and Hit & Run Tactics (shooting before or after
 * each move, consolidating the formation's speed), Phase Out (TP Necrons:
 * necronReserves.ts), the Chaos lists' summoning (TP Summoned Units, Daemonic
 * Pact, Augmented Summoning, Daemonic Focus, Fickle Masters and the lists'
 * summoning tables: summoning.ts); and rules a game names in NOT_PLAYED with
 * their count instead (skimmer pop-up, tunnelers, transports carrying other
 * formations, summoning beyond a formation's places).
 */
const PLAYED_IN_GAMES = new Set([
  'walker', 'jump-packs', 'skimmer', 'teleport', 'planetfall', 'deathwind', 'slow-and-steady', 'transport', 'tunneler', 'farsight', 'fleet-of-foot', 'hit-and-run-tactics', 'phase-out',
  'summoned-units', 'augmented-summoning', 'augmented-summoning-2', 'augmented-summoning-2d3', 'daemonic-focus', 'fickle-masters',
  'emperors-children-epic-tournament-special-rules', '13th-black-crusade-black-legion-epic-tournament-special-rules', 'red-corsairs-epic-tournament-special-rules',
  // The Daemonic Pact upgrade's note (upgradeText.ts): its pool marker and its summoning are played.
  'buys daemons for the Daemon Pool (summoning is not modelled)',
]);
/** Rules a game plays in part: what it still leaves out. */
const IN_PART: Readonly<Record<string, string>> = {
  scout: 'the 20 cm coherency (a formation stands as one disc); the 10 cm zone of control is played',
  'self-planetfall': 'arriving by its own planetfall: the formation is set up on the table',
  'scarab-conflict-necron-army-epic-tournament-special-rules':
    'holding formations back at set-up (the players set every formation up but teleporters, which arrive in turn 1) and the Tomb Complex (its portal and two garrisons: the upgrade is not fielded); that a formation in the reserves counts as destroyed for the tiebreak and Break Their Spirit, and that Necron formations may not garrison otherwise, are played',
  'necron-technology': 'leaving the table through a portal (the players never do), and units out of formation after a move through portals (a formation moves as one disc); entering play through a portal, Necron and Living Metal are played',
  portal: 'leaving the table through it (the players never do); formations entering play through it are played',
  'slaves-to-darkness-epic-tournament-special-rules': 'the free Arch-Heretic is `+free-arch-heretic`; Plague Zombies deploy by teleport and are fielded as 3+2D6 = 10; the summoning point costs are played',
  'stigmatus-covenant-epic-tournament-special-rules': 'the free Arch-Heretic is `+free-arch-heretic`; Plague Zombies deploy by teleport and are fielded as 3+2D6 = 10; the summoning point costs are played',
};

/**
 * The rules of the armies' formations that games do not play, by formation
 * (FormationSpec.unsupported, as every command names them, less what a game
 * plays and with what it plays in part said): they matter in every game the
 * formation plays.
 */
export function engineNotSimulated(spec: GameSpec): string[] {
  const out = new Set<string>();
  for (const army of spec.armies) {
    for (const f of army.formations) {
      for (const note of f.unsupported) {
        const rule = ruleOfNote(note);
        if (PLAYED_IN_GAMES.has(rule)) continue;
        const part = IN_PART[rule];
        out.add(part !== undefined ? `${f.name}: ${note.slice(0, note.indexOf(`${rule}`) + rule.length)}: ${part}` : `${f.name}: ${note}`);
      }
    }
  }
  return [...out].sort();
}
