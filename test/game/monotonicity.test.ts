import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../src/model/formation.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import type { GameArmy } from '../../src/rulesets/netea/game/gameSpec.js';
import { army, data, gameSpec, playGames } from './helpers.js';

/**
 * Monotonicity (issue 30): adding a formation to an army never lowers its
 * win rate beyond the interval, and removing a unit never raises it, over 24
 * pairs of armies. Both the win rate (the share of GAMES games the army wins)
 * and its score (a draw counted half a win) are held to it. The variants play
 * on the same dice as the original (the same seed: common random numbers),
 * and a change counts against the rule only when it leaves the 99.9%
 * interval of the difference of two independent measures, which is wider
 * than the paired one: never flaky, since the seed is fixed.
 */

const GAMES = 400;
const Z999 = 3.2905;

/** Army A, army B and the formation added to A, for each pair. */
const PAIRS: Array<[string, string, string]> = [
  ['codex-astartes/tactical-detachment, codex-astartes/devastator-detachment', 'ork-war-horde/warband, ork-war-horde/warband', 'codex-astartes/assault-detachment'],
  ['codex-astartes/tactical-detachment, codex-astartes/bike-detachment', 'ork-war-horde/big-warband', 'codex-astartes/land-speeder-detachment'],
  ['codex-astartes/devastator-detachment, codex-astartes/predator-detachment', 'ork-war-horde/kult-of-speed, ork-war-horde/warband', 'codex-astartes/tactical-detachment'],
  ['codex-astartes/land-raider-detachment', 'ork-war-horde/blitz-brigade, ork-war-horde/warband', 'codex-astartes/scout-detachment'],
  ['codex-astartes/assault-detachment, codex-astartes/tactical-detachment', 'steel-legion/infantry-company, steel-legion/sentinel-squadron', 'codex-astartes/whirlwind-detachment'],
  ['codex-astartes/terminator-detachment, codex-astartes/tactical-detachment', 'steel-legion/mechanised-infantry-company', 'codex-astartes/vindicator-detachment'],
  ['ork-war-horde/warband, ork-war-horde/warband', 'codex-astartes/tactical-detachment', 'ork-war-horde/kult-of-speed'],
  ['ork-war-horde/big-warband', 'codex-astartes/devastator-detachment, codex-astartes/scout-detachment', 'ork-war-horde/mekboy-gunzmob'],
  ['ork-war-horde/kult-of-speed, ork-war-horde/blitz-brigade', 'steel-legion/infantry-company', 'ork-war-horde/warband'],
  ['ork-war-horde/warband, ork-war-horde/mekboy-stompamob', 'steel-legion/rough-rider-platoon, steel-legion/infantry-company', 'ork-war-horde/stormboyz-warhorde'],
  ['ork-war-horde/big-warband, ork-war-horde/warband', 'codex-astartes/land-raider-detachment, codex-astartes/bike-detachment', 'ork-war-horde/blitz-brigade'],
  ['ork-war-horde/stormboyz-warhorde, ork-war-horde/warband', 'steel-legion/storm-trooper-platoon, steel-legion/sentinel-squadron', 'ork-war-horde/big-warband'],
  ['steel-legion/infantry-company, steel-legion/artillery-battery', 'ork-war-horde/warband, ork-war-horde/kult-of-speed', 'steel-legion/sentinel-squadron'],
  ['steel-legion/mechanised-infantry-company', 'codex-astartes/tactical-detachment, codex-astartes/assault-detachment', 'steel-legion/storm-trooper-platoon'],
  ['steel-legion/infantry-company, steel-legion/rough-rider-platoon', 'ork-war-horde/big-warband', 'steel-legion/flak-battery'],
  ['steel-legion/storm-trooper-platoon, steel-legion/sentinel-squadron', 'codex-astartes/scout-detachment, codex-astartes/assault-detachment', 'steel-legion/infantry-company'],
  ['steel-legion/infantry-company, steel-legion/infantry-company', 'codex-astartes/land-speeder-detachment, codex-astartes/tactical-detachment', 'steel-legion/super-heavy-tank-platoon'],
  ['steel-legion/artillery-battery, steel-legion/storm-trooper-platoon', 'ork-war-horde/blitz-brigade, ork-war-horde/warband', 'steel-legion/rough-rider-platoon'],
  ['titan-legion/warhound-battlegroup, steel-legion/infantry-company', 'ork-war-horde/big-warband', 'steel-legion/sentinel-squadron'],
  ['codex-astartes/scout-detachment, codex-astartes/tactical-detachment', 'titan-legion/warhound-battlegroup, ork-war-horde/warband', 'codex-astartes/devastator-detachment'],
  ['ork-war-horde/warband, ork-war-horde/kult-of-speed', 'titan-legion/warhound-battlegroup', 'ork-war-horde/big-mekboy-gunzmob'],
  ['codex-astartes/bike-detachment, codex-astartes/land-speeder-detachment', 'steel-legion/infantry-company, steel-legion/flak-battery', 'codex-astartes/predator-detachment'],
  ['ork-war-horde/blitz-brigade, ork-war-horde/blitz-brigade', 'codex-astartes/predator-detachment', 'ork-war-horde/warband'],
  ['steel-legion/rough-rider-platoon, steel-legion/sentinel-squadron', 'ork-war-horde/stormboyz-warhorde, ork-war-horde/warband', 'steel-legion/infantry-company'],
];

interface Measure {
  /** Win rate and its variance; score (wins and half the draws) and its variance. */
  w: number;
  wv: number;
  s: number;
  sv: number;
}

/** Army A's win rate and score over GAMES games from the pair's seed. */
async function measure(a: GameArmy, b: GameArmy, seed: string): Promise<Measure> {
  const runner = new GameRunner(gameSpec(a, b));
  const tally = new Float64Array(runner.layout.length);
  await playGames(runner, rngFromSeed(seed), GAMES, tally);
  const w = tally[runner.layout.wins[0]]! / GAMES;
  const d = tally[runner.layout.draws]! / GAMES;
  const s = w + d / 2;
  // A game's score is 1, 1/2 or 0: its variance is E[x²] - s².
  return { w, wv: (w * (1 - w)) / GAMES, s, sv: (w + d / 4 - s * s) / GAMES };
}

/** Is `lower` below `base` beyond the 99.9% interval of their difference, in win rate or in score? */
function lowerBeyond(lower: Measure, base: Measure): string | null {
  if (lower.w < base.w - Z999 * Math.sqrt(base.wv + lower.wv)) return `win rate ${base.w.toFixed(3)} -> ${lower.w.toFixed(3)}`;
  if (lower.s < base.s - Z999 * Math.sqrt(base.sv + lower.sv)) return `score ${base.s.toFixed(3)} -> ${lower.s.toFixed(3)}`;
  return null;
}

/**
 * Army A less one unit, the formation's cost unchanged: from its first formation of more than
 * one unit, the front unit that is no transport, and whose loss leaves the formation the rules
 * it had: whether it may garrison (RB 6.1.5: a formation with at most one unit faster than
 * 15 cm may, so a Devastator detachment that loses one of its two Rhinos gains that) and
 * whether its passengers fit in its transports.
 */
function lessOneUnit(a: GameArmy): GameArmy {
  const f = a.formations.findIndex((x) => x.units.length > 1);
  const units = a.formations[f]!.units;
  const k = units.findIndex((u) => (u.unit.transport ?? 0) === 0 && u.unit.speed <= 15);
  const smaller = { ...a.formations[f]!, units: units.filter((_, i) => i !== (k >= 0 ? k : units.length - 1)) };
  return { ...a, formations: a.formations.map((x, i) => (i === f ? smaller : x)) };
}

/**
 * The pairs in which a formation more lowers the score beyond the interval: failures of the
 * property found and explained, kept in sight rather than dropped. Pair 7: a Big Warband given a
 * Mekboy Gunzmob against a Devastator and a Scout detachment, 0.706 -> 0.599 over its 400 games
 * (1,000 games with `game`: 69.5% -> 58.6% before the passengers stayed aboard, 69.8% -> 60.8%
 * after); most of these games end on the tiebreak, and the 125-point Gunzmob, fielded where the
 * Devastators reach it, gives the Marines about 55 victory points a game (docs/game.md,
 * "Monotonicity"). The test fails here when one of them holds again, so that it rejoins the others.
 */
const KNOWN_LOWER_WITH_ONE_MORE = new Set([7]);

describe('monotonicity over 24 pairs of armies: a formation more never lowers the win rate or the score, a unit less never raises them, beyond the 99.9% interval', () => {
  it.each(PAIRS.map((pair, i) => [i, ...pair] as const))('pair %i: %s vs %s, adding %s', async (i, textA, textB, added) => {
    const a = army(textA);
    const b = army(textB, 'B');
    const seed = `monotonicity ${i}`;
    const base = await measure(a, b, seed);
    const more = lowerBeyond(await measure({ ...a, formations: [...a.formations, parseFormation(data, added)] }, b, seed), base);
    const less = lowerBeyond(base, await measure(lessOneUnit(a), b, seed));
    if (KNOWN_LOWER_WITH_ONE_MORE.has(i)) expect(more, `pair ${i} holds now: take it out of KNOWN_LOWER_WITH_ONE_MORE`).toBe('score 0.706 -> 0.599');
    else expect(more, `${textA} + ${added} vs ${textB}`).toBeNull();
    expect(less?.replace(/(\S+) -> (\S+)$/, '$2 -> $1') ?? null, `${textA} less a unit vs ${textB}`).toBeNull();
  });
});
