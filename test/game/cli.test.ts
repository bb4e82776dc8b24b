import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * `epic-balance game`: what it prints, the same numbers whatever the number
 * of workers, and bad input refused on one line with exit code 2 and nothing
 * written.
 */

const A = 'codex-astartes/tactical-detachment, codex-astartes/devastator-detachment';
const B = 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/kult-of-speed';

describe('epic-balance game', () => {
  it('prints every pair of policies as a range, the details of each, what is not played, and a timeline', async () => {
    const r = await inProcess(['game', A, B, '--games', '300', '--workers', '1', '--quiet', '--timeline', '--seed', 'cli']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^army A: Codex Astartes Space Marines, 2 formations, 550 points \(strategy rating 5\)$/m);
    expect(r.stdout).toMatch(/300 games per pair of policies, seed "cli", data rulebook-2004/);
    for (const p of ['objective-first, objective-first', 'aggressive, cautious', 'cautious, cautious']) expect(r.stdout).toContain(p);
    expect(r.stdout).toMatch(/army A wins \d+\.\d% to \d+\.\d% across the 9 pairs of policies/);
    expect(r.stdout).toMatch(/first-player advantage: the army acting first in turn 1 wins \d+\.\d% \[/);
    expect(r.stdout).toMatch(/table-side advantage: the army on the south edge wins/);
    expect(r.stdout).toMatch(/^not played in games/m);
    expect(r.stdout).toMatch(/^timeline of one game/m);
    expect(r.stdout).toMatch(/^Turn 1$/m);
    expect(r.stdout).toMatch(/^End: /m);
  });

  it('--json: one pair with --policy, every number with its interval; the same numbers on 1 and 2 workers', async () => {
    const args = ['game', A, B, '--games', '600', '--policy', 'aggressive,objective-first:caution=0.2', '--json', '--quiet', '--seed', 'workers'];
    // In this process (the numbers, not the process, are under test): its second run starts two worker threads.
    const one = await inProcess([...args, '--workers', '1']);
    const two = await inProcess([...args, '--workers', '2']);
    expect(one.code, one.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const json = JSON.parse(one.stdout) as { runs: Array<{ policies: string[]; games: number; armies: Array<{ wins: { p: number; ci95: number[] } }>; draws: { p: number } }> };
    expect(json.runs).toHaveLength(1);
    const run = json.runs[0]!;
    expect(run.policies).toEqual(['aggressive', 'objective-first:caution=0.2']);
    expect(run.games).toBe(600);
    expect(run.armies[0]!.wins.p + run.armies[1]!.wins.p + run.draws.p).toBeCloseTo(1, 12);
    expect(run.armies[0]!.wins.ci95[0]).toBeLessThanOrEqual(run.armies[0]!.wins.p);
  });

  it('a shipped table and an army file', async () => {
    const r = await inProcess(['game', 'armies/codex-astartes-3000.json', 'armies/ork-war-horde-3000.json', '--games', '50', '--policy', 'cautious', '--table', 'standard', '--workers', '1', '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/table standard/);
    expect(r.stdout).toMatch(/army A: Codex Astartes, 3,000 points \(strategy rating 5\)/);
  });
});

describe('bad input: one line, exit code 2, nothing written', () => {
  const refused = async (args: string[], pattern: RegExp) => {
    const before = readdirSync('.');
    const r = await inProcess(['game', ...args, '--games', '10', '--workers', '1', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(readdirSync('.')).toEqual(before);
  };

  it('an unknown formation', async () => {
    await refused(['codex-astartes/tactical-detachmnt', B], /formation "codex-astartes\/tactical-detachmnt": army "codex-astartes" has no formation "tactical-detachmnt"/);
  });

  it('an unknown policy, an unknown parameter, a parameter out of range', async () => {
    await refused([A, B, '--policy', 'reckless'], /option --policy: "reckless": unknown policy; expected one of "objective-first", "aggressive", "cautious"/);
    await refused([A, B, '--policy', 'aggressive:bravado=1'], /option --policy: "aggressive:bravado=1": unknown parameter "bravado"/);
    await refused([A, B, '--policy', 'cautious:caution=1.5'], /option --policy: "cautious:caution=1.5": parameter caution: expected a number <=1/);
  });

  it('a table layout with overlapping objectives', async () => {
    const file = join(testTempDir('game-cli'), 'overlap.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'overlap',
        description: 'two objectives 10 cm apart',
        features: [],
        objectives: [
          { x: 90, y: 0 },
          { x: 90, y: 120 },
          { x: 60, y: 40 },
          { x: 70, y: 40 },
          { x: 30, y: 80 },
          { x: 150, y: 80 },
        ],
      }),
    );
    await refused([A, B, '--table', file], /overlap\.json: objectives\[3\]: objectives 3 and 4 overlap: 10\.0 cm apart, and objectives must be at least 30 cm apart \(RB 6\.1\.4\)/);
    await refused([A, B, '--table', 'nowhere'], /option --table: "nowhere": expected "random", a shipped table \("city-fight", "open-field", "standard"\) or a table layout file/);
  });

  it('an empty seed', async () => {
    await refused([A, B, '--seed', ''], /option --seed: expected a seed: any non-empty text, e.g. "epic-balance", got ""/);
  });

  it('a formation with no points, and too many formations for one game', async () => {
    await refused(['5 Tactical; 3 Devastator', B], /army A: formations\[0\]: formation "5 Tactical" has no points value, which the tiebreak and Break Their Spirit need \(RB 6\.1\.7\)/);
    const many = Array.from({ length: 16 }, () => 'ork-war-horde/warband').join(', ');
    await refused([many, many], /armies: 32 formations: the engine holds at most 31 formations in one game/);
  });
});
