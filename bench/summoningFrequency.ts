import { loadDataset } from '../src/model/loadDataset.js';
import { GameRunner } from '../src/rulesets/netea/game/gameRunner.js';
import { POLICIES } from '../src/rulesets/netea/game/policy/policyParams.js';
import { RandomArmyBuilder, type RandomArmy } from '../src/rulesets/netea/game/randomArmy.js';
import { tournamentArmy } from '../src/rulesets/netea/game/tournamentArmy.js';
import { DEFAULT_OPTIONS } from '../src/rulesets/netea/model/spec.js';
import { rngFromSeed } from '../src/sim/rng.js';

/**
 * `node dist/bench/summoningFrequency.js --data <TP checkout> [games]`: how often the Chaos lists'
 * random armies summon in games (summoning.ts). The first two random armies (seed "epic-balance",
 * as `tournament` draws them) of Emperor's Children and Black Legion each play `games` games
 * (default 1,000; seed "summoning frequency"; objective-first; random tables) against the Codex
 * Astartes' first; printed: the pool, the pact formations, daemons placed per game, the share of
 * games with a summoning and the Chaos army's wins.
 */
const at = process.argv.indexOf('--data');
if (at < 0 || process.argv[at + 1] === undefined) {
  console.error('usage: node dist/bench/summoningFrequency.js --data <TP checkout> [games]');
  process.exit(2);
}
const data = loadDataset(process.argv[at + 1]!);
const games = Number(process.argv.find((a, i) => i > at + 1 && /^[0-9]+$/.test(a)) ?? 1000);
const built = (r: RandomArmy | { reason: string }): RandomArmy => {
  if ('reason' in r) throw new Error(r.reason);
  return r;
};
const enemy = tournamentArmy(data, built(new RandomArmyBuilder(data, 'space-marine-codex-astartes').build('epic-balance', 0)), 0).army;
const policy = POLICIES['objective-first'];
for (const list of ['chaos-space-marine-emperors-children', 'chaos-space-marine-black-legion']) {
  const builder = new RandomArmyBuilder(data, list);
  for (const k of [0, 1]) {
    const army = tournamentArmy(data, built(builder.build('epic-balance', k)), k).army;
    const runner = new GameRunner({ ruleset: 'netea-game', armies: [army, enemy], policies: [policy, policy], table: null, options: DEFAULT_OPTIONS, maxTurns: 12 });
    const rng = rngFromSeed('summoning frequency');
    const tally = new Float64Array(runner.layout.length);
    let placed = 0;
    let summoned = 0;
    for (let g = 0; g < games; g++) {
      runner.run(rng, 1, tally);
      placed += runner.game.daemons.placedThisGame;
      if (runner.game.daemons.placedThisGame > 0) summoned++;
    }
    const pacts = army.formations.filter((f) => f.daemonicPact === true).length;
    console.log(
      `${list} #${k + 1}: pool ${army.daemonPool?.lesser ?? 0} lesser, ${army.daemonPool?.greater ?? 0} greater; ${pacts} pact formation(s); ${games} games: ` +
        `${(placed / games).toFixed(2)} daemons placed a game, a summoning in ${((100 * summoned) / games).toFixed(1)}%, wins ${((100 * tally[runner.layout.wins[0]]!) / games).toFixed(1)}%`,
    );
  }
}
