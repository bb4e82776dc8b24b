import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import type { Dataset } from '../../../model/dataset.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { InputError } from '../../../model/inputError.js';
import { DEFAULT_OPTIONS } from '../model/spec.js';
import { checkOutTarget } from '../../../reports/outTarget.js';
import { rulesName } from '../../../model/registry.js';
import { runMeta } from '../../../reports/runReport.js';
import { writeRunReport } from '../../../reports/writeRunReport.js';
import { ChunkPool } from '../../../run/pool.js';
import { simulate } from '../../../run/simulate.js';
import { DEFAULT_POINTS, RandomArmyBuilder } from '../game/randomArmy.js';
import { DEFAULT_MAX_TURNS, type GameSpec } from '../game/gameSpec.js';
import { isGameLayout } from '../game/gameTally.js';
import { engineNotSimulated, NOT_PLAYED } from '../game/notPlayed.js';
import { parsePolicyList, type NamedPolicy } from '../game/policy/policyInput.js';
import { POLICY_NAMES } from '../game/policy/policyParams.js';
import { armyPairings, notPlayedByList, pairingOutcome, reckonedOdds, standings, type ArmyPairing, type ListStanding, type PairingOutcome } from '../game/tournament.js';
import { tournamentArmy, type TournamentArmy } from '../game/tournamentArmy.js';
import { GAME_CHUNK } from './game.js';
import { addDatasheetOption, badOption, pathOption, seedText, wholeNumber } from '../../../cli/options.js';
import { checkMergeOptions, inShard, shardOf, Piece, readPieces, type RunIdentity, type RunOutcome, type Shard } from './tournamentPieces.js';
import { tournamentReport } from './tournamentReport.js';
import { DEFAULT_SEED } from '../../../model/runDefaults.js';

interface TournamentOptions {
  data?: string;
  lists?: string;
  armies: number;
  games: number;
  points: number;
  policy?: string;
  mirrors?: boolean;
  seed: string;
  workers: number;
  json?: boolean;
  quiet?: boolean;
  out?: string;
  datasheet?: string[];
  shard?: string;
  partialOut?: string;
  merge?: string[];
}

/** Defaults small enough that two lists play in well under a minute on two cores (docs/game.md, "The lists' round robin"). */
export const DEFAULT_ARMIES = 2;
export const DEFAULT_GAMES = 50;

export function registerTournament(program: Command): void {
  const cmd = program
    .command('tournament')
    .description('the lists\' round robin: random legal armies of each list meet every other list\'s; each list\'s score against the field (issue 30, item 4)')
    .addOption(new Option('--data <path>', 'a NetEA Tournament Pack checkout (default: the built-in 2004 rulebook lists)').argParser(pathOption('--data')))
    .option('--lists <a,b,...>', 'the lists, by id or the end of one ("codex-astartes" for space-marine-codex-astartes); default: every list of the data set')
    .addOption(new Option('--armies <k>', 'random armies per list').default(DEFAULT_ARMIES).argParser(wholeNumber('--armies', 1)))
    .addOption(new Option('--games <n>', 'games per pair of armies and policy').default(DEFAULT_GAMES).argParser(wholeNumber('--games', 1)))
    .addOption(new Option('--points <n>', 'the armies\' points limit').default(DEFAULT_POINTS).argParser(wholeNumber('--points', 1)))
    .option('--policy <p,q,...>', `the policies, each played by both players (${POLICY_NAMES.join(', ')}, optionally with parameters); default: all three, reported as a range`)
    .option('--mirrors', 'also play each list against itself (its own armies against one another)')
    .addOption(new Option('--seed <text>', 'seed of the armies and the games: the same seed gives the same numbers').default(DEFAULT_SEED).argParser(seedText))
    .addOption(new Option('--workers <n>', 'worker threads (the numbers do not depend on it)').default(availableParallelism(), 'available parallelism').argParser(wholeNumber('--workers', 1)))
    .option('--json', 'print the result as JSON')
    .option('--quiet', 'no progress on stderr')
    .option('--out <dir>', 'write the report folder (report.html, tournament.csv, tournament-armies.csv, the chart, tournament.json, manifest.json) to this directory')
    .option('--shard <i/N|slurm>', 'play only piece i of N (every N-th pair of armies) into --partial-out; slurm: this Slurm array task\'s piece (docs/splitting-runs.md)')
    .option('--partial-out <file>', 'with --shard: the piece\'s file, kept as runs finish; the same command again goes on where it stopped')
    .option('--merge <files...>', 'instead of playing: the pieces of a split round robin, merged into what the unsplit run prints and writes')
    .addHelpText('after', '\nExamples:\n  epic-balance tournament --data ../netea-tp --lists codex-astartes,ork-war-horde --armies 2 --games 50\n  epic-balance tournament --data ../netea-tp --shard 1/4 --partial-out piece-1.json   # and 2/4, 3/4, 4/4\n  epic-balance tournament --merge piece-*.json --out round-robin')
    .action(async (o: TournamentOptions) => {
      if (o.merge !== undefined) {
        const alsoGiven: Array<[string, string | undefined]> = [['--shard', o.shard], ['--partial-out', o.partialOut], ['--lists', o.lists], ['--policy', o.policy], ['--data', o.data], ['--datasheet', o.datasheet?.join(' ') || undefined], ['--mirrors', o.mirrors === true ? 'true' : undefined]];
        checkMergeOptions(alsoGiven, o.out);
        const pieces = readPieces(o.merge);
        const id = pieces.identity;
        const merged: TournamentOptions = { ...o, armies: id.armies, games: id.games, points: id.points, policy: id.policies.join(','), mirrors: id.mirrors, seed: id.seed, lists: id.lists.join(','), datasheet: id.datasheets, ...(id.data !== null ? { data: id.data } : {}) };
        delete merged.merge;
        return roundRobin(merged, { merge: pieces.outcomes, dataVersion: id.dataVersion, pieces: o.merge.length });
      }
      const shard = shardOf(o, 'tournament', ' (a whole round robin prints its result, or writes --out)');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      return roundRobin(o, shard === null ? {} : { shard });
    });
  addDatasheetOption(cmd);
}

/** How the round robin is played: whole, one shard of it, or from the pieces' outcomes. */
interface RoundRobinMode {
  shard?: Shard;
  merge?: Map<string, RunOutcome>;
  /** With merge: the data version the pieces were played on, and how many pieces. */
  dataVersion?: string;
  pieces?: number;
}

async function roundRobin(o: TournamentOptions, mode: RoundRobinMode): Promise<void> {
  const data = loadDataset(o.data, o.datasheet);
  const lists = resolveLists(data, o.lists);
  const policies = parsePolicyList(o.policy);
  const started = performance.now();
  const armies: TournamentArmy[][] = [];
  const refusals: Array<{ list: string; reason: string }> = [];
  const playing: string[] = [];
  for (const list of lists) {
    const builder = new RandomArmyBuilder(data, list, o.points);
    const built: TournamentArmy[] = [];
    for (let k = 0; k < o.armies; k++) {
      const r = builder.build(o.seed, k);
      if ('reason' in r) {
        refusals.push(r);
        break;
      }
      built.push(tournamentArmy(data, r, k));
    }
    if (built.length === o.armies) {
      armies.push(built);
      playing.push(list);
    }
  }
  const built = performance.now();
  const pairings = armyPairings(armies, o.mirrors === true);
  const outcomes: Array<Array<PairingOutcome | null>> = policies.map(() => pairings.map(() => null));
  const identity: RunIdentity = { data: o.data ?? null, datasheets: o.datasheet ?? [], dataVersion: data.version, lists, armies: o.armies, games: o.games, points: o.points, policies: policies.map((p) => p.label), mirrors: o.mirrors === true, seed: o.seed };
  if (mode.merge !== undefined) {
    if (data.version !== mode.dataVersion) throw new InputError([{ file: 'option --merge', path: '', message: `the pieces were played on data ${mode.dataVersion}, and ${o.data ?? 'the built-in data'} is now ${data.version}; expected the data the pieces were played on` }]);
    fillFromPieces(pairings, policies.length, mode.merge, outcomes);
  } else {
    const shard = mode.shard ?? null;
    const mine = playedIndices(pairings).filter((_, i) => shard === null || inShard(i, shard));
    const piece = shard === null ? null : new Piece(o.partialOut!, identity, shard, mine.length * policies.length);
    const pool = new ChunkPool({ workers: Math.max(1, Math.min(o.workers, Math.max(1, mine.length * policies.length - (piece?.played ?? 0)))) });
    try {
      await playPairings(mine, pairings, armies, policies, o, pool, outcomes, piece);
    } finally {
      await pool.destroy();
      piece?.save();
    }
    if (piece !== null) {
      const games = outcomes.flat().reduce((n, x) => n + (x?.games ?? 0), 0);
      if (o.quiet !== true) process.stderr.write(`shard ${shard!.index}/${shard!.count}: ${piece.played} runs (${mine.length} pairs of armies, ${policies.length} policies), ${games.toLocaleString('en')} games, kept in ${o.partialOut}\n`);
      return;
    }
  }
  const seconds = (performance.now() - built) / 1000;
  const games = outcomes.flat().reduce((n, x) => n + (x?.games ?? 0), 0);
  const perList = policies.map((_, k) => standings(playing, armies.map((a) => a.length), pairings, outcomes[k]!));
  const notPlayed = notPlayedByList(playing.length, pairings, outcomes);
  // The rules as each formation's notes name them, without the formation's name (engineNotSimulated prefixes it).
  const notSimulated = armies.map((list) => [...new Set(list.flatMap((a) => a.army.formations.flatMap((f) => engineNotSimulated({ armies: [{ ...a.army, formations: [f] }, { ...a.army, formations: [] }] } as unknown as GameSpec).map((r) => r.slice(f.name.length + 2)))))].sort());
  const refusedPairs = pairings.filter((p) => p.refused !== null).map((p) => ({ a: `${playing[p.lists[0]]}#${p.armies[0] + 1}`, b: `${playing[p.lists[1]]}#${p.armies[1] + 1}`, why: p.refused! }));
  const summary = {
    data: { id: data.id, version: data.version },
    seed: o.seed,
    points: o.points,
    armiesPerList: o.armies,
    gamesPerPairOfArmies: o.games,
    policies: policies.map((p) => p.label),
    table: 'random (each game its own, RB 6.1.3 guidelines)',
    sampler: 'randomArmy.ts: demands first, then a formation or an upgrade with chance 1/2 each, uniform within (docs/game.md)',
    games,
    seconds: { armies: (built - started) / 1000, games: seconds },
    mergedPieces: mode.pieces ?? null,
  };
  const json = {
    ...summary,
    notBuilt: refusals,
    refusedPairs,
    lists: playing.map((list, i) => ({
      list,
      armies: armies[i]!.map((a) => ({ points: a.points, formations: a.formations, upgrades: a.upgrades, notFielded: a.notFielded })),
      byPolicy: policies.map((p, k) => ({ policy: p.label, ...perList[k]![i]! })),
      scoreAcrossPolicies: range(perList.map((s) => s[i]!.field?.score ?? Number.NaN)),
      notPlayed: NOT_PLAYED.map((r, k) => ({ rule: r.rule, games: notPlayed[i]!.rules[k]! })).filter((r) => r.games > 0),
      notSimulated: notSimulated[i]!,
    })),
  };
  if (o.json === true) process.stdout.write(JSON.stringify(json, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2) + '\n');
  else process.stdout.write(report(summary, playing, armies, perList, policies, refusals, refusedPairs, notPlayed, notSimulated).join('\n') + '\n');
  if (o.out !== undefined) {
    const meta = runMeta({
      title: `The lists' round robin: ${playing.length} lists, ${o.armies} random ${o.points}-point armies each`,
      argv: process.argv.slice(2),
      seed: o.seed,
      trials: o.games,
      chunkSize: GAME_CHUNK,
      data: { id: data.id, version: data.version, ...(data.overlays !== undefined ? { overlays: data.overlays } : {}) },
      // The games play the engine's default options: NetEA's rules.
      rules: 'netea',
      simulations: outcomes.flat().filter((x) => x !== null).length,
      timings: { armiesMs: Math.round(summary.seconds.armies * 1000), simulationMs: Math.round(summary.seconds.games * 1000) },
      notes: reportNotes(playing, refusals, refusedPairs, notPlayed, notSimulated),
    });
    const header = [
      `Round robin of ${playing.length} lists, ${o.armies} random ${o.points}-point armies each, ${o.games} games per pair of armies and policy (${summary.games.toLocaleString('en')} games), seed "${o.seed}".`,
      `Rules: ${rulesName(meta.rules)}; data ${data.id} ${data.version}.`,
      `Table: ${summary.table}. Policies, each played by both players: ${summary.policies.join(', ')}.`,
      `Armies: ${summary.sampler}.`,
    ];
    const written = await writeRunReport(tournamentReport({ lists: playing, policies: summary.policies, standings: perList, armies, json }, meta, header), o.out);
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}

/** The manifest's notes: lists and pairs not played, and each list's rules not played or not simulated. */
function reportNotes(lists: readonly string[], refusals: ReadonlyArray<{ list: string; reason: string }>, refusedPairs: ReadonlyArray<{ a: string; b: string; why: string }>, notPlayed: ReadonlyArray<{ games: number; rules: number[] }>, notSimulated: readonly string[][]): string[] {
  const notes: string[] = [];
  for (const r of refusals) notes.push(`Not played, no legal army built: ${r.list}: ${r.reason}`);
  for (const r of refusedPairs) notes.push(`Pair of armies not played: ${r.a} vs ${r.b}: ${r.why}`);
  lists.forEach((l, i) => {
    const np = notPlayed[i]!;
    const rules = NOT_PLAYED.map((r, k) => ({ r, g: np.rules[k]! })).filter((x) => x.g > 0);
    if (rules.length > 0) notes.push(`Rules not played, ${l} (share of its ${np.games.toLocaleString('en')} games each mattered in): ${rules.map((x) => `${x.r.rule} ${pct(x.g / np.games)}`).join('; ')}`);
    if (notSimulated[i]!.length > 0) notes.push(`Not simulated, ${l}: ${notSimulated[i]!.join('; ')}`);
  });
  return notes;
}

/** The pairings played (not refused), by index: the k-th of them goes to shard k mod N. */
function playedIndices(pairings: readonly ArmyPairing[]): number[] {
  return pairings.flatMap((p, k) => (p.refused === null ? [k] : []));
}

/** Every run's outcome from the pieces; a run a piece lacks means the pieces are not of this run. */
function fillFromPieces(pairings: readonly ArmyPairing[], policies: number, from: Map<string, RunOutcome>, outcomes: Array<Array<PairingOutcome | null>>): void {
  for (const k of playedIndices(pairings)) {
    for (let q = 0; q < policies; q++) {
      const o = from.get(`${k} ${q}`);
      if (o === undefined) throw new InputError([{ file: 'option --merge', path: '', message: `no piece holds pair of armies ${k + 1} under policy ${q + 1}; expected the pieces of one run` }]);
      outcomes[q]![k] = o;
    }
  }
}

/** Runs under way at once: enough to keep every worker busy while the main thread reckons the next pairs' odds. */
const RUNS_IN_FLIGHT_PER_WORKER = 4;

/**
 * Plays every pair of armies under every policy, pair after pair (its policies together), into
 * outcomes[policy][pairing]. The main thread reckons each pair's assault odds once
 * (reckonedOdds: a pair of formations is fought once for the whole round robin) while the
 * workers play the pairs before it; a few runs are under way at once.
 */
async function playPairings(mine: readonly number[], pairings: readonly ArmyPairing[], armies: readonly TournamentArmy[][], policies: readonly NamedPolicy[], o: TournamentOptions, pool: ChunkPool, outcomes: Array<Array<PairingOutcome | null>>, piece: Piece | null): Promise<void> {
  const total = mine.length * policies.length;
  const limit = RUNS_IN_FLIGHT_PER_WORKER * pool.workers;
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  let done = piece?.played ?? 0;
  for (const k of mine) {
    const p = pairings[k]!;
    // A piece run again: what its file holds is not played twice.
    const kept = policies.map((_, q) => piece?.outcome(k, q) ?? null);
    kept.forEach((x, q) => (outcomes[q]![k] = x));
    if (kept.every((x) => x !== null)) continue;
    const [A, B] = [armies[p.lists[0]]![p.armies[0]]!, armies[p.lists[1]]![p.armies[1]]!];
    const assaultOdds = reckonedOdds([A.army, B.army], DEFAULT_OPTIONS);
    for (const [q, policy] of policies.entries()) {
      if (kept[q] !== null) continue;
      const spec: GameSpec = { ruleset: 'netea-game', armies: [A.army, B.army], policies: [policy.params, policy.params], table: null, options: DEFAULT_OPTIONS, maxTurns: DEFAULT_MAX_TURNS, assaultOdds };
      // Every policy plays a pair of armies on the same dice: common random numbers.
      const run: Promise<void> = simulate({ spec, seed: o.seed, scenario: 'tournament', matchup: `${A.list}#${A.index} vs ${B.list}#${B.index}`, trials: o.games, chunkSize: GAME_CHUNK, pool }).then(
        (r) => {
          if (!isGameLayout(r.layout)) throw new Error('a game run returned another tally');
          outcomes[q]![k] = pairingOutcome(r.tally, r.layout);
          piece?.add(k, q, outcomes[q]![k]!);
          done++;
          if (o.quiet !== true && process.stderr.isTTY) process.stderr.write(`\r${done} of ${total} runs (pairs of armies, each policy)`);
        },
      ).catch((error: unknown) => {
        failure ??= { error };
      }).finally(() => running.delete(run));
      running.add(run);
      if (running.size >= limit) await Promise.race(running);
      // Ctrl-C's handler runs when the main thread is free (run/interrupt.ts).
      else await new Promise<void>((resolve) => setImmediate(resolve));
      if (failure !== null) break;
    }
    if (failure !== null) break;
  }
  await Promise.all(running);
  if (failure !== null) throw (failure as { error: unknown }).error;
  if (o.quiet !== true && process.stderr.isTTY) process.stderr.write('\n');
}

/** --lists: ids, or the end of one after a dash ("codex-astartes"); each must name exactly one list. */
export function resolveLists(data: Dataset, text: string | undefined): string[] {
  const ids = [...data.armies.keys()];
  if (text === undefined) return ids;
  const out: string[] = [];
  for (const raw of text.split(',').map((s) => s.trim().toLowerCase())) {
    if (raw === '') throw badOption('--lists', text, 'list ids separated by commas');
    const found = data.armies.has(raw) ? [raw] : ids.filter((id) => id.endsWith(`-${raw}`));
    if (found.length !== 1) {
      throw new InputError([{ file: 'option --lists', path: '', message: `"${raw}": ${found.length === 0 ? 'no such list' : `names ${found.length} lists (${found.join(', ')})`}; expected one of ${ids.join(', ')} (data set ${data.id})` }]);
    }
    if (!out.includes(found[0]!)) out.push(found[0]!);
  }
  if (out.length < 2) throw badOption('--lists', text, 'at least two different lists');
  return out;
}

function range(xs: number[]): { min: number; max: number } {
  return { min: Math.min(...xs), max: Math.max(...xs) };
}

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

function report(
  s: { data: { id: string; version: string }; seed: string; points: number; armiesPerList: number; gamesPerPairOfArmies: number; policies: string[]; table: string; sampler: string; games: number; seconds: { armies: number; games: number }; mergedPieces: number | null },
  lists: string[],
  armies: TournamentArmy[][],
  perList: ListStanding[][],
  policies: NamedPolicy[],
  refusals: Array<{ list: string; reason: string }>,
  refusedPairs: Array<{ a: string; b: string; why: string }>,
  notPlayed: Array<{ games: number; rules: number[] }>,
  notSimulated: string[][],
): string[] {
  const out: string[] = [];
  out.push(`round robin of ${lists.length} lists, ${s.armiesPerList} random ${s.points}-point armies each, ${s.gamesPerPairOfArmies} games per pair of armies and policy`);
  out.push(`data ${s.data.id} ${s.data.version}; seed "${s.seed}"; table ${s.table}; policies ${s.policies.join(', ')} (each played by both players)`);
  out.push(`armies: ${s.sampler}`);
  if (s.mergedPieces !== null) out.push(`${s.games.toLocaleString('en')} games, played in ${s.mergedPieces} pieces and merged; armies built again in ${s.seconds.armies.toFixed(1)} s`);
  else out.push(`${s.games.toLocaleString('en')} games in ${s.seconds.games.toFixed(1)} s (${(s.games / s.seconds.games).toFixed(0)} games/s, compiling included); armies built in ${s.seconds.armies.toFixed(1)} s`);
  out.push('');
  out.push('score against the field (wins and half the draws, each other list weighing the same), 95% interval over the games, the armies as drawn; "armies": the spread over the list\'s own armies');
  const width = Math.max(28, ...lists.map((l) => l.length));
  out.push(`${'list'.padEnd(width)}  ${'across policies'.padEnd(15)}  ${policies.map((p) => p.label.padEnd(54)).join('')}`);
  const order = lists.map((_, i) => i).sort((a, b) => mean(perList.map((x) => x[b]!.field?.score ?? 0)) - mean(perList.map((x) => x[a]!.field?.score ?? 0)));
  for (const i of order) {
    const scores = perList.map((x) => x[i]!.field?.score ?? Number.NaN);
    const cells = perList.map((x) => {
      const st = x[i]!;
      if (st.field === null) return 'not played'.padEnd(54);
      const armiesSpread = st.byArmy.filter((v) => !Number.isNaN(v));
      return `${pct(st.field.score)} [${pct(st.field.ci95[0])}, ${pct(st.field.ci95[1])}] armies ${pct(Math.min(...armiesSpread))}-${pct(Math.max(...armiesSpread))}`.padEnd(54);
    });
    out.push(`${lists[i]!.padEnd(width)}  ${`${pct(Math.min(...scores))}-${pct(Math.max(...scores))}`.padEnd(15)}  ${cells.join('')}`);
  }
  policies.forEach((p, k) => {
    out.push('', `matrix, policy ${p.label}: the row list's score against the column list`);
    const short = lists.map((_, j) => `L${j + 1}`);
    out.push(`${''.padEnd(width + 5)}${short.map((c) => c.padStart(7)).join('')}`);
    lists.forEach((l, i) => out.push(`${`L${i + 1} ${l}`.padEnd(width + 5)}${perList[k]![i]!.against.map((x) => (x === null ? '-' : pct(x.score)).padStart(7)).join('')}`));
  });
  out.push('', 'the armies:');
  lists.forEach((l, i) =>
    armies[i]!.forEach((a) => {
      out.push(`  ${l} #${a.index + 1}, ${a.points} points: ${a.formations.map((f) => f.slice(f.indexOf('/') + 1)).join(', ')}${a.upgrades.length > 0 ? `; army upgrades ${a.upgrades.join(', ')}` : ''}`);
      for (const nf of a.notFielded) out.push(`    not fielded: ${nf}`);
    }),
  );
  if (refusals.length > 0) {
    out.push('', 'lists not played (no legal army built):');
    for (const r of refusals) out.push(`  - ${r.list}: ${r.reason}`);
  }
  if (refusedPairs.length > 0) {
    out.push('', `pairs of armies not played (${refusedPairs.length}):`);
    for (const r of refusedPairs) out.push(`  - ${r.a} vs ${r.b}: ${r.why}`);
  }
  out.push('', 'rules not played, per list: the games of the list (either side, every policy) each mattered in');
  lists.forEach((l, i) => {
    const np = notPlayed[i]!;
    const rules = NOT_PLAYED.map((r, k) => ({ r, g: np.rules[k]! })).filter((x) => x.g > 0);
    out.push(`  ${l} (${np.games.toLocaleString('en')} games): ${rules.length === 0 ? 'none' : rules.map((x) => `${x.r.id} ${pct(x.g / np.games)}`).join(', ')}`);
    if (notSimulated[i]!.length > 0) out.push(`    not simulated: ${notSimulated[i]!.join('; ')}`);
  });
  return out;
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
