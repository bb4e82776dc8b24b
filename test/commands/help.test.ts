import { Command, type Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/cli/index.js';
import { inProcess } from '../helpers/cli.js';

const program = new Command('epic-balance');
registerCommands(program);
const commands = program.commands.map((c) => c.name());

/** What commander prints for an option's default: "(default: ...)", or "(choices: ..., default: ...)". */
function defaultText(o: Option): string | null {
  if (o.defaultValue === undefined && o.defaultValueDescription === undefined) return null;
  return `default: ${o.defaultValueDescription ?? JSON.stringify(o.defaultValue)})`;
}

describe('--help', () => {
  it('covers every command, run and showcase included', () => {
    expect(commands).toEqual(expect.arrayContaining(['shoot', 'assault', 'fair-cost', 'matrix', 'import-tp', 'validate', 'list', 'merge', 'run', 'showcase']));
  });

  it.each(commands)('%s --help lists every option with its default and gives an example', async (name) => {
    const r = await inProcess([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: epic-balance ${name} `));
    expect(r.stdout).toMatch(/^Examples?( \(.*\))?:\n {2}(epic-balance|machine 1: epic-balance) \S+/m);
    const flat = r.stdout.replace(/\s+/g, ' ');
    const sub = program.commands.find((c) => c.name() === name)!;
    for (const o of sub.options) {
      expect(flat).toContain(o.flags);
      const d = defaultText(o);
      if (d !== null) expect(flat, `${name} ${o.flags}`).toContain(d);
    }
  });
});
