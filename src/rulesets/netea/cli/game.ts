import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import { loadDataset } from '../../../model/loadDataset.js';
import { InputError } from '../../../model/inputError.js';
import { DEFAULT_OPTIONS } from '../model/spec.js';
import { chunkRng } from '../../../run/chunkSeed.js';
import { parseArmy } from '../game/armyInput.js';
import { DEFAULT_MAX_TURNS, type GameArmy, type GameSpec } from '../game/gameSpec.js';
import { GameRunner } from '../game/gameRunner.js';
import { isGameLayout } from '../game/gameTally.js';
import { engineNotSimulated } from '../game/notPlayed.js';
import { parsePolicyPairs, type NamedPolicy } from '../game/policy/policyInput.js';
import { loadTableLayout } from '../game/loadTableLayout.js';
import { timelineText } from '../game/timelineText.js';
import { TABLE_DEPTH, TABLE_WIDTH } from '../game/table.js';
import { GOAL_NAMES } from '../game/goalBits.js';
import { addDatasheetOption, pathOption, seedText, wholeNumber } from '../../../cli/options.js';
import { DEFAULT_SEED } from '../../../model/runDefaults.js';
import type { SimulationRunner } from '../../../cli/simulationRunner.js';
import { gameResult, notPlayedAcross, type GameResult, type Probability } from './gameResults.js';

/** Games per chunk: each chunk is seeded apart, so this is part of a run's identity. */
export const GAME_CHUNK = 250;
/** The engine's masks hold 31 formations (gameEngagement.ts). */
const MAX_FORMATIONS = 31;

interface GameOptions {
  games: number;
  seed: string;
  workers: number;
  policy?: string;
  table: string;
  data?: string;
  datasheet?: string[];
  json?: boolean;
  timeline?: boolean;
  quiet?: boolean;
}

export function registerGame(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('game')
    .description('two armies play whole tournament games (RB 6.1): wins, draws and losses, goals, victory points, each formation\'s part')
    .argument('<armyA>', 'army A: formation texts separated by commas ("codex-astartes/tactical-detachment, codex-astartes/devastator-detachment"; semicolons between unit lists), or an army file (.json, armies/army.schema.json)')
    .argument('<armyB>', 'army B, the same way')
    .addOption(new Option('--games <n>', 'games per pair of policies').default(2000).argParser(wholeNumber('--games', 1)))
    .addOption(new Option('--seed <text>', 'seed: the same seed gives the same numbers').default(DEFAULT_SEED).argParser(seedText))
    .addOption(new Option('--workers <n>', 'worker threads (the numbers do not depend on it)').default(availableParallelism(), 'available parallelism').argParser(wholeNumber('--workers', 1)))
    .option('--policy <A,B>', 'the players\' policies: objective-first, aggressive or cautious, each optionally with parameters ("aggressive:caution=0.3"); one for both, or A\'s and B\'s; default: every pair, reported as a range')
    .option('--table <table>', 'the table: random (a new random layout each game), a shipped layout (open-field, standard, city-fight) or a layout file', 'random')
    .addOption(new Option('--data <path>', 'use a NetEA Tournament Pack checkout instead of the built-in 2004 rulebook data').argParser(pathOption('--data')))
    .option('--json', 'print the result as JSON')
    .option('--timeline', 'also print a turn-by-turn timeline of one sampled game (the first of the run)')
    .option('--quiet', 'no progress bar on stderr')
    .addHelpText('after', '\nExample:\n  epic-balance game armies/codex-astartes-3000.json armies/ork-war-horde-3000.json --games 2000 --policy objective-first,aggressive --timeline')
    .action(async (a: string, b: string, o: GameOptions) => {
      const data = loadDataset(o.data, o.datasheet);
      const armies: [GameArmy, GameArmy] = [parseArmy(data, a, 'A'), parseArmy(data, b, 'B')];
      const pairs = parsePolicyPairs(o.policy);
      const table = loadTableLayout(o.table);
      const formations = armies[0].formations.length + armies[1].formations.length;
      if (formations > MAX_FORMATIONS) {
        throw new InputError([{ file: 'armies', path: '', message: `${formations} formations: the engine holds at most ${MAX_FORMATIONS} formations in one game (army A ${armies[0].formations.length}, army B ${armies[1].formations.length})` }]);
      }
      const matchup = `${a} vs ${b}`;
      const runs: Array<{ policies: [NamedPolicy, NamedPolicy]; spec: GameSpec; result: GameResult }> = [];
      for (const policies of pairs) {
        const spec: GameSpec = { ruleset: 'netea-game', armies, policies: [policies[0].params, policies[1].params], table, options: DEFAULT_OPTIONS, maxTurns: DEFAULT_MAX_TURNS };
        // Every pair of policies plays on the same dice (the same seed, scenario and matchup): common random numbers.
        const sim = await runner.run({ trials: o.games, seed: o.seed, workers: o.workers, chunkSize: GAME_CHUNK, ...(o.quiet === true ? { quiet: true } : {}) }, { spec, scenario: 'game', matchup });
        if (!isGameLayout(sim.layout)) throw new Error('a game run returned another tally');
        runs.push({ policies, spec, result: gameResult(spec, sim.tally, sim.layout) });
      }
      const first = runs[0]!;
      const timeline = o.timeline === true ? timelineText(new GameRunner(first.spec).sample(chunkRng(o.seed, 'game', matchup, 0)), first.spec) : null;
      const notSimulated = engineNotSimulated(first.spec);
      const tableName = table === null ? 'random (each game its own, RB 6.1.3 guidelines)' : table.name;
      const winsA = runs.map((r) => r.result.armies[0].wins.p);
      if (o.json === true) {
        const json = {
          armies: armies.map((x) => ({ name: x.name, list: x.listId, strategyRating: x.strategyRating, points: x.formations.reduce((s, f) => s + (f.points ?? 0), 0), formations: x.formations.map((f) => f.text) })),
          gamesPerPolicyPair: o.games,
          seed: o.seed,
          data: { id: data.id, version: data.version },
          table: tableName,
          tableSize: [TABLE_WIDTH, TABLE_DEPTH],
          armyAWinsAcrossPolicies: { min: Math.min(...winsA), max: Math.max(...winsA) },
          runs: runs.map((r) => ({ policies: [r.policies[0].label, r.policies[1].label], ...r.result })),
          notSimulated,
          ...(timeline !== null ? { timeline } : {}),
        };
        process.stdout.write(JSON.stringify(json, null, 2) + '\n');
        return;
      }
      const out: string[] = [];
      out.push(`army A: ${armies[0].name} (strategy rating ${armies[0].strategyRating})`);
      out.push(`army B: ${armies[1].name} (strategy rating ${armies[1].strategyRating})`);
      out.push(`${o.games.toLocaleString('en')} games per pair of policies, seed "${o.seed}", data ${data.id} ${data.version}, table ${tableName}`);
      out.push('');
      out.push(...winTable(runs));
      if (runs.length > 1) out.push('', `army A wins ${pct(Math.min(...winsA))} to ${pct(Math.max(...winsA))} across the ${runs.length} pairs of policies (each with its 95% interval above)`);
      for (const r of runs) out.push('', `policies ${r.policies[0].label} (A) and ${r.policies[1].label} (B)`, ...details(r.result));
      const np = notPlayedAcross(runs.map((r) => r.result));
      if (np.length > 0) {
        const total = runs.reduce((s, r) => s + r.result.games, 0);
        out.push('', `not played in games (the games it mattered in, of the ${total.toLocaleString('en')} of every pair of policies):`);
        for (const r of np) out.push(`  - ${r.rule}: ${r.games.toLocaleString('en')} games (${pct(r.games / total)}; ${r.when})`);
      }
      if (notSimulated.length > 0) {
        out.push('', 'not simulated (rules of these formations the engine does not play, in every game):');
        for (const r of notSimulated) out.push(`  - ${r}`);
      }
      if (timeline !== null) out.push('', `timeline of one game (the first of the run; policies ${first.policies[0].label} and ${first.policies[1].label}):`, ...timeline);
      process.stdout.write(out.join('\n') + '\n');
    });
  addDatasheetOption(cmd);
}

function pct(p: number): string {
  return `${(100 * p).toFixed(1)}%`;
}

function withInterval(x: Probability): string {
  return `${pct(x.p)} [${pct(x.ci95[0])}, ${pct(x.ci95[1])}]`;
}

function winTable(runs: ReadonlyArray<{ policies: [NamedPolicy, NamedPolicy]; result: GameResult }>): string[] {
  const label = (r: (typeof runs)[number]) => `${r.policies[0].label}, ${r.policies[1].label}`;
  const width = Math.max(24, ...runs.map((r) => label(r).length));
  const out = [`${'policies (A, B)'.padEnd(width)}  ${'A wins'.padEnd(22)}  ${'draws'.padEnd(22)}  B wins`];
  for (const r of runs) out.push(`${label(r).padEnd(width)}  ${withInterval(r.result.armies[0].wins).padEnd(22)}  ${withInterval(r.result.draws).padEnd(22)}  ${withInterval(r.result.armies[1].wins)}`);
  return out;
}

function details(r: GameResult): string[] {
  const out: string[] = [];
  r.armies.forEach((army, a) => {
    out.push(`  army ${a === 0 ? 'A' : 'B'}: ${army.name}`);
    out.push(`    wins ${withInterval(army.wins)}; on goals ${withInterval(army.winsOnGoals)}`);
    out.push(`    goals at the last check: ${army.goalCounts.map((p, k) => `${k}: ${pct(p)}`).join('  ')}`);
    out.push(`    ${GOAL_NAMES.map((g) => `${g} ${pct(army.goals[g]!.p)}`).join(', ')}`);
    const vp = army.victoryPointsHistogram.filter((b) => b.p > 0);
    out.push(`    victory points scored (mean) ${army.victoryPoints.mean.toFixed(0)} [${army.victoryPoints.ci95[0].toFixed(0)}, ${army.victoryPoints.ci95[1].toFixed(0)}]; ${vp.map((b) => `${b.from}+: ${pct(b.p)}`).join('  ')}`);
    out.push(`    ${'formation'.padEnd(46)} ${'points'.padStart(6)}  ${'destroyed per game'.padEnd(20)} ${'held'.padStart(5)}  ${'broken after turn 1-5'.padEnd(30)} destroyed after turn 1-5`);
    for (const f of army.formations) {
      const d = f.pointsDestroyed;
      out.push(`    ${f.name.slice(0, 46).padEnd(46)} ${String(f.points).padStart(6)}  ${`${d.mean.toFixed(1)} [${d.ci95[0].toFixed(1)}, ${d.ci95[1].toFixed(1)}]`.padEnd(20)} ${f.objectivesHeld.mean.toFixed(2).padStart(5)}  ${f.brokenByTurn.map((p) => pct(p).padStart(6)).join('').padEnd(30)} ${f.destroyedByTurn.map((p) => pct(p).padStart(6)).join('')}`);
    }
  });
  out.push(`  draws ${withInterval(r.draws)}; ended on the tiebreak ${withInterval(r.tiebreaks)}`);
  out.push(`  first-player advantage: the army acting first in turn 1 wins ${withInterval(r.firstPlayerWins)}`);
  out.push(`  table-side advantage: the army on the south edge wins ${withInterval(r.southEdgeWins)}`);
  out.push(`  last turn: ${r.turns.map((p, k) => (p > 0 ? `${k + 1}: ${pct(p)}` : '')).filter((s) => s !== '').join('  ')}`);
  out.push('  (held: end phases per game the formation captured or contested an objective; broken and destroyed: P at the end of each turn, a game over earlier as it ended)');
  return out;
}
