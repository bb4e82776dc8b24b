import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { expect } from 'vitest';
import { SHOWCASE } from '../../src/cli/showcase.js';

/**
 * What `epic-balance run <experiment>` printed and wrote, checked: the report
 * folder `out` holds the report, a CSV and a chart, every file its manifest
 * lists; the manifest says the trials, the rule system (the file's, NetEA's
 * by default) and the command that reproduces the run, word for word (the
 * words given, then the seed and chunk size the run took by default).
 *
 * For the shipped experiments: test/commands/run.test.ts runs each with a small
 * trial count and checks it with this, but for those the README's commands
 * already run that way (test/readme/experiments.test.ts), which check them
 * with this instead of running the same simulations and reports twice.
 */
export function expectRunReport(r: { stdout: string }, args: string[], out: string, trials: number): void {
  const experiment = args[1]!;
  expect(args[0]).toBe('run');
  // The report's path in full (resolved from this process's folder, as the command resolves it).
  expect(r.stdout).toContain(`report: ${join(resolve(out), 'report.html')}`);
  const files = readdirSync(out);
  expect(files).toContain('report.html');
  expect(files.some((f) => f.endsWith('.csv'))).toBe(true);
  expect(files.some((f) => f.endsWith('.png'))).toBe(true);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  expect(manifest.trials).toBe(trials);
  // Every manifest names its rule system (NetEA's too).
  expect(manifest.rules).toBe(JSON.parse(readFileSync(experiment, 'utf8')).rules ?? 'netea');
  expect(manifest.command, basename(experiment)).toBe(`epic-balance ${args.join(' ')} --seed epic-balance --chunk-size 50000`);
  for (const f of manifest.files) expect(files).toContain(f);
  expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('The question');
}

/** The shipped experiments the README runs, each by a command of its own (`npx epic-balance run experiments/<file>`). */
export function shippedRunsInReadme(readme: string): string[] {
  return [...readme.matchAll(/^npx epic-balance run experiments\/([\w-]+\.json)$/gm)].map((m) => m[1]!);
}

/**
 * What `epic-balance showcase --trials N` printed and wrote in `out`: every part
 * ran N trials, the manifest's command reproduces the whole (the words given,
 * then the seed and chunk size), and each part's command is `run` of its
 * shipped file at those trials. The README's `npm start` runs the showcase with
 * a small trial count (test/readme/guide.test.ts), which checks it with this;
 * test/commands/showcase.test.ts checks the README still runs it.
 */
export function expectShowcaseReport(r: { stdout: string }, args: string[], out: string): void {
  expect(args[0]).toBe('showcase');
  const trials = args[args.indexOf('--trials') + 1];
  expect(args.indexOf('--trials')).toBeGreaterThan(0);
  expect(r.stdout).toContain(`What should a Warhound titan cost? (${trials} trials per simulation)`);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { command: string; parts: Array<{ command: string }> };
  expect(manifest.command).toBe(`epic-balance ${args.join(' ')} --seed epic-balance --chunk-size 50000`);
  expect(manifest.parts.map((p) => p.command)).toEqual(SHOWCASE.map((name) => `epic-balance run experiments/${name}.json --trials ${trials} --seed epic-balance --chunk-size 50000`));
}
