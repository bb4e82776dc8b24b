import { describe, expect, it } from 'vitest';
import { notPlayedAcross, type GameResult } from '../../src/rulesets/netea/cli/gameResults.js';
import { NOT_PLAYED } from '../../src/rulesets/netea/game/notPlayed.js';

/**
 * The rules a run of games does not play are named from every pair of
 * policies, not the first alone: a rule that only an aggressive player
 * reaches (a formation crossing dangerous terrain) is named when the first pair never met it.
 */
describe('rules not played, across the pairs of policies', () => {
  const [combatAirPatrol, positions, turnCap] = [NOT_PLAYED[0], NOT_PLAYED[4], NOT_PLAYED[9]];
  const run = (np: Array<[(typeof NOT_PLAYED)[number], number]>): GameResult => ({ notPlayed: np.map(([r, games]) => ({ rule: r.rule, when: r.when, games, share: games / 100 })) }) as unknown as GameResult;

  it('sums the games each rule mattered in over every pair, in the order of NOT_PLAYED', () => {
    const out = notPlayedAcross([run([]), run([[turnCap, 1], [positions, 40]]), run([[combatAirPatrol, 7], [positions, 2]])]);
    expect(out).toEqual([
      { rule: combatAirPatrol.rule, when: combatAirPatrol.when, games: 7 },
      { rule: positions.rule, when: positions.when, games: 42 },
      { rule: turnCap.rule, when: turnCap.when, games: 1 },
    ]);
  });

  it('names nothing when no rule mattered', () => {
    expect(notPlayedAcross([run([]), run([])])).toEqual([]);
  });
});
