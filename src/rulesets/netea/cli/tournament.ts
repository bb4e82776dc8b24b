import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import type { Dataset } from '../../../model/dataset.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { InputError } from '../../../model/inputError.js';
import { DEFAULT_OPTIONS } from '../model/spec.js';
import { ChunkPool } from '../../../run/pool.js';
import { simulate } from '../../../run/simulate.js';
import { DEFAULT_POINTS, RandomArmyBuilder } from '../game/randomArmy.js';
import { DEFAULT_MAX_TURNS, type GameSpec } from '../game/gameSpec.js';
import { isGameLayout } from '../game/gameTally.js';
import { engineNotSimulated, NOT_PLAYED } from '../game/notPlayed.js';
import { parsePolicy, type NamedPolicy } from '../game/policy/policyInput.js';
import { POLICY_NAMES } from '../game/policy/policyParams.js';
import { armyPairings, notPlayedByList, pairingOutcome, standings, type ListStanding, type PairingOutcome } from '../game/tournament.js';
import { tournamentArmy, type TournamentArmy } from '../game/tournamentArmy.js';
import { GAME_CHUNK } from './game.js';
import { badOption, pathOption, seedText, wholeNumber } from '../../../cli/options.js';
import { DEFAULT_SEED } from '../../../cli/simOptions.js';

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
}

/** Defaults small enough that two lists play in well under a minute on two cores (docs/game.md, "The lists' round robin"). */
export const DEFAULT_ARMIES = 2;
export const DEFAULT_GAMES = 50;

export function registerTournament(program: Command): void {
  program
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
    .addHelpText('after', '\nExample:\n  epic-balance tournament --data ../netea-tp --lists codex-astartes,ork-war-horde --armies 2 --games 50')
    .action(async (o: TournamentOptions) => {
      const data = loadDataset(o.data);
      const lists = resolveLists(data, o.lists);
      const policies = parsePolicies(o.policy);
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
      const played = pairings.filter((p) => p.refused === null).length;
      const pool = new ChunkPool({ workers: Math.max(1, Math.min(o.workers, played * policies.length)) });
      const outcomes: Array<Array<PairingOutcome | null>> = [];
      try {
        for (const policy of policies) {
          let done = 0;
          outcomes.push(
            await Promise.all(
              pairings.map(async (p) => {
                if (p.refused !== null) return null;
                const [A, B] = [armies[p.lists[0]]![p.armies[0]]!, armies[p.lists[1]]![p.armies[1]]!];
                const spec: GameSpec = { ruleset: 'netea-game', armies: [A.army, B.army], policies: [policy.params, policy.params], table: null, options: DEFAULT_OPTIONS, maxTurns: DEFAULT_MAX_TURNS };
                // Every policy plays a pair of armies on the same dice: common random numbers.
                const r = await simulate({ spec, seed: o.seed, scenario: 'tournament', matchup: `${A.list}#${A.index} vs ${B.list}#${B.index}`, trials: o.games, chunkSize: GAME_CHUNK, pool });
                if (!isGameLayout(r.layout)) throw new Error('a game run returned another tally');
                done++;
                if (o.quiet !== true && process.stderr.isTTY) process.stderr.write(`\r${policy.label}: ${done} of ${played} pairs of armies`);
                return pairingOutcome(r.tally, r.layout);
              }),
            ),
          );
          if (o.quiet !== true && process.stderr.isTTY) process.stderr.write('\n');
        }
      } finally {
        await pool.destroy();
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
      };
      if (o.json === true) {
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
        process.stdout.write(JSON.stringify(json, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2) + '\n');
        return;
      }
      process.stdout.write(report(summary, playing, armies, perList, policies, refusals, refusedPairs, notPlayed, notSimulated).join('\n') + '\n');
    });
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

function parsePolicies(text: string | undefined): NamedPolicy[] {
  if (text === undefined) return POLICY_NAMES.map((n) => parsePolicy(n));
  return text.split(',').map((p) => parsePolicy(p));
}

function range(xs: number[]): { min: number; max: number } {
  return { min: Math.min(...xs), max: Math.max(...xs) };
}

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

function report(
  s: { data: { id: string; version: string }; seed: string; points: number; armiesPerList: number; gamesPerPairOfArmies: number; policies: string[]; table: string; sampler: string; games: number; seconds: { armies: number; games: number } },
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
  out.push(`${s.games.toLocaleString('en')} games in ${s.seconds.games.toFixed(1)} s (${(s.games / s.seconds.games).toFixed(0)} games/s, compiling included); armies built in ${s.seconds.armies.toFixed(1)} s`);
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
