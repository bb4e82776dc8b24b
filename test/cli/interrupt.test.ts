import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interruptWhenUnderWay, loadOneCpu } from '../helpers/interrupt.js';
import { testTempDir } from '../helpers/tempDir.js';
import { REPO } from '../workers/helpers.js';

/**
 * Issue 28: Ctrl-C in every long command, on a machine another process keeps
 * busy. Each command is stopped once its first simulation task has started
 * (not after a guessed delay): it must exit 130 within a few seconds, print
 * exactly one "interrupted" line, and leave nothing in its folder: no report
 * that looks complete, no temporary folder (reports go under the command's
 * own folder, the default ones of run and showcase included).
 */

const experiment = (name: string) => join(REPO, 'experiments', `${name}.json`);
const NOTHING_WRITTEN = /^epic-balance: interrupted; nothing was written\n$/;
const AFTER_TRIALS = /^epic-balance: interrupted after [0-9,]+ trials; nothing was written\n$/;

let stopLoad: () => void = () => {};
beforeAll(() => {
  stopLoad = loadOneCpu();
});
afterAll(() => stopLoad());

describe('Ctrl-C on a loaded machine: exit 130, one line, nothing left behind', () => {
  it.each([
    ['run (default report folder out/<name>)', ['run', experiment('tactical-vs-warband'), '--trials', '100000000'], AFTER_TRIALS],
    ['audit', ['audit', '--trials', '100000', '--out', 'report'], NOTHING_WRITTEN],
    ['showcase (default report folder out/showcase)', ['showcase', '--trials', '100000000'], AFTER_TRIALS],
    ['fair-cost in the battle (meetings on worker threads)', ['fair-cost', 'titan-legion/warhound-battlegroup', '--trials', '1000000', '--out', 'report'], NOTHING_WRITTEN],
    ['fair-cost --engagement (meetings on the main thread)', ['fair-cost', 'codex-astartes/devastator-detachment', '--engagement', 'shoot', '--vs', 'ork-war-horde/warband', '--trials', '100000000', '--out', 'report'], NOTHING_WRITTEN],
    ['matrix', ['matrix', 'codex-astartes', '--vs', 'ork-war-horde', '--engagement', 'shoot', '--trials', '100000000', '--out', 'report'], AFTER_TRIALS],
    ['assault', ['assault', 'codex-astartes/tactical-detachment', '--at', 'ork-war-horde/warband', '--trials', '1000000000', '--out', 'report'], AFTER_TRIALS],
    // game writes no file: it prints its result at the end, so an interrupted one prints nothing on stdout (its trials are games).
    ['game', ['game', 'codex-astartes/tactical-detachment, codex-astartes/devastator-detachment', 'ork-war-horde/warband, ork-war-horde/warband', '--games', '1000000', '--policy', 'aggressive'], AFTER_TRIALS],
    ['tournament', ['tournament', '--lists', 'codex-astartes,ork-war-horde', '--games', '1000000', '--policy', 'aggressive', '--out', 'report'], NOTHING_WRITTEN],
    ['worth', ['worth', '--lists', 'codex-astartes,ork-war-horde', '--games', '100000', '--policy', 'aggressive', '--out', 'report'], NOTHING_WRITTEN],
  ] as Array<[string, string[], RegExp]>)('%s', async (_name, args, line) => {
    const dir = testTempDir('eb-interrupt-');
    // --quiet: no progress or notes; warnings a user must see (formations skipped, rules not
    // simulated) come first, printed before the run, and the interruption ends stderr in one line.
    const r = await interruptWhenUnderWay([...args, '--quiet'], dir);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(`${lines.at(-1)}\n`).toMatch(line);
    expect(lines.filter((l) => l.includes('interrupted'))).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(r.exitMs).toBeLessThan(3_000);
  });

  it('while the report is being written: its temporary folder is removed, no report appears', async () => {
    const dir = testTempDir('eb-interrupt-');
    const writing = () => existsSync(join(dir, 'out')) && readdirSync(join(dir, 'out')).some((f) => f.startsWith('.devastator-actions.tmp-'));
    const r = await interruptWhenUnderWay(['run', experiment('devastator-actions'), '--trials', '1000', '--quiet'], dir, writing);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(AFTER_TRIALS);
    // The report, its temporary folder and the out/ folder made for it are gone.
    expect(readdirSync(dir)).toEqual([]);
    expect(r.exitMs).toBeLessThan(3_000);
  });
});
