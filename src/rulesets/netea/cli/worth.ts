import { availableParallelism } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { z } from 'zod';
import type { Dataset } from '../../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { InputError } from '../../../model/inputError.js';
import { DEFAULT_SEED } from '../../../model/runDefaults.js';
import { checkOutTarget } from '../../../reports/outTarget.js';
import { runMeta } from '../../../reports/runReport.js';
import { writeRunReport } from '../../../reports/writeRunReport.js';
import { inFlight } from '../../../run/inFlight.js';
import { ChunkPool } from '../../../run/pool.js';
import { addDatasheetOption, badOption, pathOption, seedText, wholeNumber } from '../../../cli/options.js';
import type { GameArmy } from '../game/gameSpec.js';
import { parsePolicyList, type NamedPolicy } from '../game/policy/policyInput.js';
import { POLICY_NAMES } from '../game/policy/policyParams.js';
import { DEFAULT_POINTS, RandomArmyBuilder } from '../game/randomArmy.js';
import { tournamentArmy } from '../game/tournamentArmy.js';
import { WORTH_CHUNK } from '../run/worth/fieldScore.js';
import { exchangeTasks, worthResult, WorthSweep, type ExchangeRecord, type WorthSetup } from '../run/worth/worthSweep.js';
import { resolveLists } from './tournament.js';
import { checkMergeOptions, inShard, shardOf, type Shard } from './tournamentPieces.js';
import { judgeWorths, worthLines, worthReport } from './worthReport.js';
import { exchangeKey, readWorthPieces, WorthPiece, type WorthIdentity } from './worthPieces.js';

interface WorthOptions {
  data?: string;
  lists?: string;
  formations?: string;
  armies: number;
  games: number;
  points: number;
  policy?: string;
  prices?: string;
  /** With --merge: the games' prices the pieces were measured with, by policy. */
  pricesGiven?: Array<[string, Array<[string, number]>]>;
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

export const DEFAULT_WORTH_GAMES = 100;

export function registerWorth(program: Command): void {
  const cmd = program
    .command('worth')
    .description('a formation\'s worth over a game: the share of its army it can replace at an unchanged score against the field, as a fixed point that never reads a stated cost (issue 30, item 5)')
    .addOption(new Option('--data <path>', 'a NetEA Tournament Pack checkout (default: the built-in 2004 rulebook lists)').argParser(pathOption('--data')))
    .option('--lists <a,b,...>', 'the lists (at least two): each is valued against the others\' armies; ids, or the end of one after a dash')
    .option('--formations <f,g,...|all>', 'formations valued besides those of the base armies (always valued: the fixed point needs them): list/formation ids, formation ids found in one list, or all')
    .addOption(new Option('--armies <k>', 'random legal armies per list: each list\'s base armies, and the field the other lists meet').default(1).argParser(wholeNumber('--armies', 1)))
    .addOption(new Option('--games <n>', `games per opposing army and policy for each army played, in batches of ${WORTH_CHUNK}`).default(DEFAULT_WORTH_GAMES).argParser(wholeNumber('--games', 1)))
    .addOption(new Option('--points <n>', 'the armies\' points limit, which the worths of a base army sum to').default(DEFAULT_POINTS).argParser(wholeNumber('--points', 1)))
    .option('--policy <p,q,...>', `the policies, each played by both players (${POLICY_NAMES.join(', ')}, optionally with parameters), each giving its own worths; default: all three, reported as a range`)
    .addOption(new Option('--prices <file>', 'price the games\' formations at the worths of an earlier `worth --json` (default: equal worth per formation of each list)').argParser(pathOption('--prices')))
    .addOption(new Option('--seed <text>', 'seed of the armies, the drop orders and the games').default(DEFAULT_SEED).argParser(seedText))
    .addOption(new Option('--workers <n>', 'worker threads (the numbers do not depend on it)').default(availableParallelism(), 'available parallelism').argParser(wholeNumber('--workers', 1)))
    .option('--json', 'print the result as JSON')
    .option('--quiet', 'no progress on stderr')
    .option('--out <dir>', 'write the report folder (report.html, worth.csv, worth.json, manifest.json) to this directory')
    .option('--shard <i/N|slurm>', 'measure only piece i of N (every N-th exchange) into --partial-out')
    .option('--partial-out <file>', 'with --shard: the piece\'s file, kept as exchanges finish; the same command again goes on where it stopped')
    .option('--merge <files...>', 'instead of playing: the pieces of a split sweep, merged into what the unsplit sweep prints')
    .addHelpText('after', '\nExamples:\n  epic-balance worth --data ../netea-tp --lists codex-astartes,ork-war-horde --games 100\n  epic-balance worth --data ../netea-tp --lists codex-astartes,ork-war-horde --shard 1/2 --partial-out w1.json   # and 2/2\n  epic-balance worth --merge w1.json w2.json --json')
    .action(async (o: WorthOptions) => {
      if (o.merge !== undefined) {
        const given: Array<[string, string | undefined]> = [['--shard', o.shard], ['--partial-out', o.partialOut], ['--lists', o.lists], ['--formations', o.formations], ['--data', o.data], ['--prices', o.prices], ['--datasheet', o.datasheet?.join(' ') || undefined]];
        checkMergeOptions(given, o.out);
        const pieces = readWorthPieces(o.merge);
        const id = pieces.identity;
        const merged: WorthOptions = { ...o, armies: id.armies, games: id.games, points: id.points, policy: id.policies.join(','), seed: id.seed, lists: id.lists.join(','), ...(id.formations !== '' ? { formations: id.formations } : {}), datasheet: id.datasheets, ...(id.data !== null ? { data: id.data } : {}), ...(id.prices !== null ? { pricesGiven: id.prices } : {}) };
        delete merged.merge;
        return sweep(merged, { merge: pieces.records, identity: id, pieces: o.merge.length });
      }
      const shard = shardOf(o, 'worth', '');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      return sweep(o, shard === null ? {} : { shard });
    });
  addDatasheetOption(cmd);
}

interface SweepMode {
  shard?: Shard;
  merge?: Map<string, ExchangeRecord>;
  identity?: WorthIdentity;
  pieces?: number;
}

const PricesFile = z.object({ worth: z.object({ byPolicy: z.array(z.object({ policy: z.string(), items: z.array(z.object({ text: z.string(), worth: z.number().nonnegative() })).min(1) })).min(1) }) });

/**
 * --prices: the worths of an earlier `worth --json`, by policy and formation text. Under each
 * policy the games are priced at that policy's worths, so the earlier run must have played every
 * policy of this one.
 */
function readPrices(path: string, policies: readonly NamedPolicy[]): Map<string, Map<string, number>> {
  const refuse = (message: string) => new InputError([{ file: path, path: '', message }]);
  if (!existsSync(path)) throw refuse('no such file; expected the output of worth --json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw refuse('not JSON; expected the output of worth --json');
  }
  const parsed = PricesFile.safeParse(json);
  if (!parsed.success) throw refuse(`${z.prettifyError(parsed.error).replace(/\n/g, ' ')}; expected the output of worth --json`);
  const prices = new Map(parsed.data.worth.byPolicy.map((b) => [b.policy, new Map(b.items.map((i) => [i.text, i.worth]))]));
  const lacking = policies.find((p) => !prices.has(p.label));
  if (lacking !== undefined) throw refuse(`no worths under policy "${lacking.label}" (it holds ${[...prices.keys()].join(', ')}); expected the output of a worth --json that played every policy of this run`);
  return prices;
}

/** --formations: ids of the lists' formations ("list/id", or an id found in exactly one of the lists), or all. */
function askedFormations(data: Dataset, lists: readonly string[], text: string | undefined): Array<{ list: number; text: string }> {
  if (text === undefined) return [];
  if (text.trim() === 'all') return lists.flatMap((l, list) => data.armies.get(l)!.formations.map((f) => ({ list, text: `${l}/${f.id}` })));
  return text.split(',').map((raw) => {
    const t = raw.trim();
    const found = lists.flatMap((l, list) => data.armies.get(l)!.formations.filter((f) => t === `${l}/${f.id}` || t === f.id).map((f) => ({ list, text: `${l}/${f.id}` })));
    if (found.length !== 1) throw new InputError([{ file: 'option --formations', path: '', message: `"${t}": ${found.length === 0 ? 'no formation of the lists' : `names ${found.length} formations (${found.map((f) => f.text).join(', ')})`}; expected list/formation or a formation id of one of ${lists.join(', ')}` }]);
    return found[0]!;
  });
}

function checkGames(games: number): void {
  if (games % WORTH_CHUNK !== 0 || games < 2 * WORTH_CHUNK) throw badOption('--games', String(games), `a multiple of ${WORTH_CHUNK} of at least ${2 * WORTH_CHUNK} (the games are played in batches of ${WORTH_CHUNK}, and the variance needs two a cell)`);
}

async function sweep(o: WorthOptions, mode: SweepMode): Promise<void> {
  checkGames(o.games);
  const data = loadDataset(o.data, o.datasheet);
  const lists = resolveLists(data, o.lists);
  const policies = parsePolicyList(o.policy);
  const prices = o.pricesGiven !== undefined ? new Map(o.pricesGiven.map(([p, items]) => [p, new Map(items)])) : o.prices !== undefined ? readPrices(o.prices, policies) : null;
  const asked = askedFormations(data, lists, o.formations);
  const armies: GameArmy[][] = [];
  const rosters: string[][][] = [];
  for (const list of lists) {
    const builder = new RandomArmyBuilder(data, list, o.points);
    const built: GameArmy[] = [];
    const texts: string[][] = [];
    for (let k = 0; k < o.armies; k++) {
      const r = builder.build(o.seed, k);
      if ('reason' in r) throw new InputError([{ file: 'option --lists', path: list, message: `${r.reason}; expected lists that build a legal ${o.points}-point army` }]);
      const a = tournamentArmy(data, r, k);
      built.push(a.army);
      texts.push(a.formations);
    }
    armies.push(built);
    rosters.push(texts);
  }
  const items = lists.map((_, list) => {
    const m = new Map<string, FormationSpec>();
    for (const a of armies[list]!) for (const f of a.formations) if (!m.has(f.text)) m.set(f.text, f);
    for (const a of asked) if (a.list === list && !m.has(a.text)) m.set(a.text, parseFormation(data, a.text));
    return m;
  });
  const setup: WorthSetup = { lists, armies, items, prices, policies, games: o.games, seed: o.seed, limit: o.points };
  const identity: WorthIdentity = { data: o.data ?? null, datasheets: o.datasheet ?? [], dataVersion: data.version, lists, armies: o.armies, formations: o.formations ?? '', games: o.games, points: o.points, policies: policies.map((p) => p.label), seed: o.seed, prices: prices === null ? null : [...prices].map(([p, items]) => [p, [...items]]) };
  const tasks = exchangeTasks(setup);
  const records: ExchangeRecord[] = [];
  const started = performance.now();
  if (mode.merge !== undefined) {
    if (JSON.stringify(mode.identity) !== JSON.stringify(identity)) throw new InputError([{ file: 'option --merge', path: '', message: `the pieces were measured on data ${mode.identity!.dataVersion}, and ${o.data ?? 'the built-in data'} is now ${data.version}; expected the data the pieces were measured on` }]);
    for (const t of tasks) {
      const r = mode.merge.get(exchangeKey(t));
      if (r === undefined) throw new InputError([{ file: 'option --merge', path: '', message: `no piece holds the exchange of ${t.item} on ${lists[t.list]} army ${t.army + 1}; expected the pieces of one sweep` }]);
      records.push(r);
    }
  } else {
    const shard = mode.shard ?? null;
    const mine = tasks.filter((_, i) => shard === null || inShard(i, shard));
    const piece = shard === null ? null : new WorthPiece(o.partialOut!, identity, shard, mine.length);
    const pool = new ChunkPool({ workers: o.workers });
    const sw = new WorthSweep(setup, pool);
    try {
      let done = 0;
      await inFlight(mine, 2 * o.workers, async (t) => {
        const r = piece?.has(t) ?? (await sw.play(t));
        if (piece !== null && piece.has(t) === null) piece.add(r);
        records.push(r);
        done++;
        if (o.quiet !== true && process.stderr.isTTY) process.stderr.write(`\r${done} of ${mine.length} exchanges`);
      });
    } finally {
      await pool.destroy();
      piece?.save();
    }
    if (o.quiet !== true && process.stderr.isTTY) process.stderr.write('\n');
    if (piece !== null) {
      if (o.quiet !== true) process.stderr.write(`shard ${shard!.index}/${shard!.count}: ${piece.done} of ${mine.length} exchanges, kept in ${o.partialOut}\n`);
      return;
    }
    // Finished in any order: kept in the sweep's order, so the output does not depend on timing.
    const order = new Map(tasks.map((t, i) => [exchangeKey(t), i]));
    records.sort((a, b) => order.get(exchangeKey(a))! - order.get(exchangeKey(b))!);
  }
  const seconds = (performance.now() - started) / 1000;
  const result = worthResult(setup, records);
  // The judge, after the valuation: the stated costs the worths are compared with (never an input to them).
  const stated = new Map<string, number>();
  for (const a of armies.flat()) for (const f of a.formations) if (!stated.has(f.text) && f.points !== null) stated.set(f.text, f.points);
  for (const m of items) for (const [text, f] of m) if (!stated.has(text) && f.points !== null) stated.set(text, f.points);
  const judged = result.byPolicy.map((b) => ({ policy: b.policy, ...judgeWorths(b.items, stated) }));
  const cellsOf = new WorthSweep(setup, undefined);
  // Which armies meet does not depend on the policy.
  const sampleWithoutCells = lists.flatMap((_, list) => armies[list]!.flatMap((__, k) => cellsOf.cells(0, list, k).tooBig.map((x) => `${lists[list]}#${k + 1} does not meet ${x.tag.replace(/#(\d+)$/, (_m, d: string) => `#${Number(d) + 1}`)}: more than 31 formations in one game`)));
  const run = {
    data: { id: data.id, version: data.version },
    rules: 'netea',
    seed: o.seed,
    points: o.points,
    armiesPerList: o.armies,
    gamesPerCell: o.games,
    batch: WORTH_CHUNK,
    policies: policies.map((p) => p.label),
    table: 'random (each game its own, RB 6.1.3 guidelines)',
    battle: 'each list\'s base armies against the other lists\' armies (the field), whole tournament games',
    sampler: 'randomArmy.ts: demands first, then a formation or an upgrade with chance 1/2 each, uniform within (docs/game.md)',
    gamePrices: prices === null ? 'equal worth per formation of each list (the fixed point\'s start)' : `the worths of an earlier sweep (${o.prices ?? 'as the pieces were measured'})`,
    exchanges: records.length,
    notMet: sampleWithoutCells,
    mergedPieces: mode.pieces ?? null,
  };
  const json = { run, worth: result, exchanges: records, judged };
  if (o.json === true) process.stdout.write(`${JSON.stringify(json, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
  else process.stdout.write(`${worthLines(run, lists.map((list, l) => ({ list, armies: rosters[l]! })), result, judged, mode.merge !== undefined ? null : seconds).join('\n')}\n`);
  if (o.out !== undefined) {
    const meta = runMeta({
      title: `A formation's worth over a game: ${lists.join(', ')}`,
      argv: process.argv.slice(2),
      seed: o.seed,
      trials: o.games,
      chunkSize: WORTH_CHUNK,
      data: { id: data.id, version: data.version, ...(data.overlays !== undefined ? { overlays: data.overlays } : {}) },
      rules: 'netea',
      simulations: records.length,
      timings: { simulationMs: Math.round(seconds * 1000) },
      notes: [`Games priced at ${run.gamePrices}.`, `Policies, each played by both players and each giving its own worths: ${run.policies.join(', ')}. Table: ${run.table}.`, ...sampleWithoutCells],
    });
    const written = await writeRunReport(worthReport(result, judged, json, meta), o.out);
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}
