import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/cli/index.js';
import { RULE_SYSTEMS } from '../../src/cli/rulesOption.js';
import { inProcess } from '../helpers/cli.js';

/**
 * `--rules` takes the same four names on every command that has it: a command
 * that cannot play one says which it plays and why (one line, exit 2), never
 * "invalid choice"; and `--seed ''` is refused, as an experiment's "seed": "".
 */

const program = new Command('epic-balance');
registerCommands(program);
const withRules = program.commands.filter((c) => c.options.some((o) => o.long === '--rules'));

describe('--rules', () => {
  it('every command with --rules offers all four rule systems', () => {
    expect(withRules.map((c) => c.name()).sort()).toEqual(['assault', 'audit', 'fair-cost', 'list', 'matrix', 'shoot']);
    for (const c of withRules) expect(c.options.find((o) => o.long === '--rules')!.argChoices, c.name()).toEqual([...RULE_SYSTEMS]);
  });

  it('list --rules rulebook-2004 lists the NetEA data, as the 2004 rulebook plays it', async () => {
    const netea = await inProcess(['list', 'codex-astartes']);
    const rb = await inProcess(['list', 'codex-astartes', '--rules', 'rulebook-2004']);
    expect(rb.code).toBe(0);
    expect(rb.stdout).toBe(netea.stdout);
    const armies = await inProcess(['list', '--rules', 'rulebook-2004']);
    expect(armies.stdout.split('\n')[0]).toBe('rules rulebook-2004, data rulebook-2004 sha256:e6cdb5fc9c4d');
  });

  it.each([
    [['fair-cost', '4 Devastator', '--rules', 'heresy'], "`fair-cost` does not play heresy: Heresy's profiles carry no points (docs/heresy.md), so there is no cost to weigh a result against; it plays netea, rulebook-2004, epic40k"],
    [['audit', '--rules', 'heresy'], "`audit` does not play heresy: Heresy's profiles carry no points (docs/heresy.md), so there is no cost to weigh a result against; it plays netea, rulebook-2004, epic40k"],
    [['matrix', 'codex-astartes', '--vs', 'ork-war-horde', '--rules', 'heresy'], "`matrix` does not play heresy: Heresy's profiles carry no points (docs/heresy.md), so there is no cost to weigh a result against; it plays netea, epic40k"],
    [
      ['matrix', 'codex-astartes', '--vs', 'ork-war-horde', '--rules', 'rulebook-2004'],
      "`matrix` does not play rulebook-2004: a matrix plays NetEA's rules (the 2004 rulebook's switches are not passed to its cells yet; `fair-cost --rules rulebook-2004` and `audit --rules rulebook-2004` value formations under them); it plays netea, epic40k",
    ],
  ])('%j is refused with the reason, before anything runs', async (args, message) => {
    const r = await inProcess(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`epic-balance: option --rules: ${message}\n`);
  });
});

describe('--seed', () => {
  it.each([
    ['shoot', '4 Devastator', '--at', '8 Ork Boyz'],
    ['run', 'experiments/tactical-vs-warband.json'],
    ['audit'],
    ['showcase'],
  ])('an empty seed is refused: %s', async (...args) => {
    const r = await inProcess([...args, '--trials', '10', '--seed', '']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('epic-balance: option --seed: expected a seed: any non-empty text, e.g. "epic-balance", got ""\n');
  });
});
