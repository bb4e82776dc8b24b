import { DEFAULT_ASSAULT_GAP } from '../src/model/engagementGeometry.js';
import { parseFormation } from '../src/model/formation.js';
import { loadBuiltinDataset } from '../src/model/loadDatasheets.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, shootEngagement } from '../src/rulesets/netea/engine/engagements.js';
import type { RunnableSpec } from '../src/scenarios/registry.js';
import { loadArmyFile, parseArmy } from '../src/rulesets/netea/game/armyInput.js';
import { DEFAULT_MAX_TURNS, type GameSpec } from '../src/rulesets/netea/game/gameSpec.js';
import { POLICIES } from '../src/rulesets/netea/game/policy/policyParams.js';
import { projectRoot } from '../src/model/projectRoot.js';
import { DEFAULT_OPTIONS } from '../src/rulesets/netea/model/spec.js';
import { join } from 'node:path';
import type { EngagementSpec } from '../src/rulesets/netea/model/spec.js';
import type { Epic40kSpec } from '../src/rulesets/epic40k/model/spec.js';
import { epic40kAssaultJob, epic40kShootJob } from '../src/rulesets/epic40k/scenarios/epic40kJobs.js';
import { heresyAssaultJob, heresyShootJob } from '../src/rulesets/heresy/scenarios/heresyJobs.js';
import { HERESY_SHOOT_DISTANCE } from '../src/rulesets/heresy/engine/engagements.js';
import type { HeresySpec } from '../src/rulesets/heresy/model/spec.js';
import { DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from '../src/rulesets/netea/engine/engagements.js';
import { DEFAULT_AIR_ATTACK_GAP, groundAttackEngagement } from '../src/rulesets/netea/engine/aerospaceEngagements.js';

/**
 * The benchmark's scenarios. Each builds exactly the spec its `cli` command
 * line builds, so the numbers can be reproduced with the CLI. To add one,
 * append an entry: the bench runs every scenario whose spec compiles and
 * lists the others with the reason.
 */
export interface BenchScenario<S extends RunnableSpec = EngagementSpec> {
  id: string;
  title: string;
  /** The same scenario as an epic-balance command line (after the program name). */
  cli: string[];
  build(): S;
  /** Trials per chunk, when not the engagements' DEFAULT_CHUNK_SIZE (a game's trial is a whole game). */
  chunkSize?: number;
}

const data = () => loadBuiltinDataset();

export const SCENARIOS: BenchScenario[] = [
  {
    id: 'shooting',
    title: '4 Devastators shoot 8 Ork Boyz',
    cli: ['shoot', '4 Devastator', '--at', '8 Ork Boyz'],
    build: () => {
      const d = data();
      return shootEngagement(parseFormation(d, '4 Devastator'), parseFormation(d, '8 Ork Boyz'), { action: 'advance', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    },
  },
  {
    id: 'war-engine',
    title: 'Devastator detachment shoots a Warhound',
    cli: ['shoot', 'codex-astartes/devastator', '--at', 'Warhound'],
    build: () => {
      const d = data();
      return shootEngagement(parseFormation(d, 'codex-astartes/devastator'), parseFormation(d, 'Warhound'), { action: 'advance', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    },
  },
  {
    id: 'assault',
    title: 'Tactical detachment assaults an Ork warband, 4 Devastators supporting',
    cli: ['assault', 'codex-astartes/tactical', '--at', 'ork-war-horde/warband', '--support', '4 Devastator'],
    build: () => {
      const d = data();
      return assaultEngagement(parseFormation(d, 'codex-astartes/tactical'), parseFormation(d, 'ork-war-horde/warband'), {
        geometry: { ...DEFAULT_GEOMETRY, gap: DEFAULT_ASSAULT_GAP },
        attacker: FRESH,
        target: FRESH,
        supports: [{ formation: parseFormation(d, '4 Devastator'), side: 0, gap: DEFAULT_ASSAULT_GAP, state: FRESH }],
        test: false,
        overwatch: [],
      });
    },
  },
  {
    id: 'aircraft',
    title: 'Thunderbolt squadron attacks a Steel Legion company with Hydras, through their flak',
    cli: ['shoot', 'imperial-navy/thunderbolt-squadron', '--at', 'steel-legion/mechanised-infantry-company+flak-upgrade'],
    build: () => {
      const d = data();
      return groundAttackEngagement(parseFormation(d, 'imperial-navy/thunderbolt-squadron'), parseFormation(d, 'steel-legion/mechanised-infantry-company+flak-upgrade'), {
        geometry: { ...DEFAULT_GEOMETRY, gap: DEFAULT_AIR_ATTACK_GAP },
        aircraft: FRESH,
        target: FRESH,
        targetFlak: true,
        flak: [],
        cap: null,
        test: false,
      });
    },
  },
];

/** The Epic 40,000 scenarios (issue 20): the same measurements on the second rule system. */
export const EPIC40K_SCENARIOS: Array<BenchScenario<Epic40kSpec>> = [
  {
    id: 'epic40k-shooting',
    title: 'Epic 40,000: 6 Space Marines and 2 Rhinos shoot 8 Orks and 2 Battlewagons',
    cli: ['shoot', '--rules', 'epic40k', '6 Space Marines, 2 Rhino', '--at', 'orks/8 Orks, 2 Battlewagon'],
    build: () =>
      epic40kShootJob({ formation: '6 Space Marines, 2 Rhino', at: 'orks/8 Orks, 2 Battlewagon', gap: 30, bm: 0, targetBm: 0, rankWidth: DEFAULT_RANK_WIDTH, spacing: DEFAULT_SPACING }).spec,
  },
  {
    id: 'epic40k-assault',
    title: 'Epic 40,000: 6 Space Marines charge 8 Orks (close combat, firefight)',
    cli: ['assault', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks'],
    build: () =>
      epic40kAssaultJob({ formation: '6 Space Marines', at: '8 Orks', gap: DEFAULT_ASSAULT_GAP, bm: 0, targetBm: 0, rankWidth: DEFAULT_RANK_WIDTH, spacing: DEFAULT_SPACING }).spec,
  },
];

/**
 * The Heresy scenarios (issue 21): the same measurements on the D10 rule
 * system. Shooting: every weapon in range, hits, penetration dice and
 * suppression, against mixed infantry and Armored Vehicles in hard cover;
 * assault: the charge, rounds of D10 + bonus casualty points and quality
 * checks, with supporting stands.
 */
export const HERESY_SCENARIOS: Array<BenchScenario<HeresySpec>> = [
  {
    id: 'heresy-shooting',
    title: 'Heresy (D10): 4 Terminators and 2 Land Raiders fire at 8 Orks and 2 Rhinos in hard cover',
    cli: ['shoot', '--rules', 'heresy', '4 Terminator, 2 Land Raider', '--at', '8 Ork, 2 Rhino', '--cover', 'hard'],
    build: () => heresyShootJob({ formation: '4 Terminator, 2 Land Raider', at: '8 Ork, 2 Rhino', cover: 'hard', gap: HERESY_SHOOT_DISTANCE }).spec,
  },
  {
    id: 'heresy-assault',
    title: 'Heresy (D10): 8 Orks charge 4 Space Marines, 4 Orks supporting',
    cli: ['assault', '--rules', 'heresy', '8 Ork', '--at', '4 Space Marine', '--support', '4 Ork'],
    build: () => heresyAssaultJob({ formation: '8 Ork', at: '4 Space Marine', support: ['4 Ork'], gap: DEFAULT_ASSAULT_GAP }).spec,
  },
];

/** Two armies of the shipped army files (armies/), objective-first against objective-first, on random tables. */
function gameOf(a: string, b: string): GameSpec {
  const data = loadBuiltinDataset();
  const army = (file: string) => loadArmyFile(data, join(projectRoot(), 'armies', file));
  return { ruleset: 'netea-game', armies: [army(a), army(b)], policies: [POLICIES['objective-first'], POLICIES['objective-first']], table: null, options: DEFAULT_OPTIONS, maxTurns: DEFAULT_MAX_TURNS };
}

/**
 * Whole games (issue 30): a trial is a tournament game, set-up to the last
 * end phase. `game` is the target's (two 3,000-point armies); `game-small`
 * is a lighter one with the same kinds of formation (transports, a war
 * engine, aircraft), for the allocation check's 100,000 games.
 */
export const GAME_SCENARIOS: Array<BenchScenario<GameSpec>> = [
  {
    id: 'game',
    title: 'a tournament game: Codex Astartes against the Ork War Horde, 3,000 points each, objective-first, a random table',
    cli: ['game', 'armies/codex-astartes-3000.json', 'armies/ork-war-horde-3000.json', '--policy', 'objective-first'],
    build: () => gameOf('codex-astartes-3000.json', 'ork-war-horde-3000.json'),
    chunkSize: 250,
  },
  {
    id: 'game-small',
    title: 'a small game: a Tactical detachment, a Warhound and Thunderbolts against two warbands, Big Gunz and Fighta-bommerz',
    cli: ['game', 'codex-astartes/tactical-detachment, titan-legion/warhound-battlegroup, imperial-navy/thunderbolt-squadron', 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/mekboy-gunzmob, ork-war-horde/fighta-sqwadron', '--policy', 'objective-first'],
    build: () => {
      const data = loadBuiltinDataset();
      const a = parseArmy(data, 'codex-astartes/tactical-detachment, titan-legion/warhound-battlegroup, imperial-navy/thunderbolt-squadron', 'A');
      const b = parseArmy(data, 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/mekboy-gunzmob, ork-war-horde/fighta-sqwadron', 'B');
      return { ruleset: 'netea-game', armies: [a, b], policies: [POLICIES['objective-first'], POLICIES['objective-first']], table: null, options: DEFAULT_OPTIONS, maxTurns: DEFAULT_MAX_TURNS };
    },
    chunkSize: 500,
  },
];
