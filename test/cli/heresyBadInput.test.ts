import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heresyProfilesJsonSchema } from '../../src/rulesets/heresy/model/jsonSchema.js';
import { projectRoot } from '../../src/model/projectRoot.js';
import { inProcess } from '../helpers/cli.js';

/**
 * Issue 21, bad input under --rules heresy (shoot, assault, list; run's are in
 * test/commands/heresyRun.test.ts): a profile value out of range, a D6 value
 * where a D10 one belongs, a NetEA formation or an Epic 40,000 detachment:
 * one line naming the file or unit, the path and what is expected; exit 2.
 */

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-heresy-bad-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const builtIn = JSON.parse(readFileSync(join(projectRoot(), 'datasheets', 'heresy', 'examples.json'), 'utf8'));

/** A user's profile file holding one Space Marine profile, renamed "Odd Marine", with `patch` applied. */
function profileFile(name: string, patch: Record<string, unknown>): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify({ ...builtIn, id: 'mine', profiles: [{ ...builtIn.profiles[0], id: 'odd-marine', name: 'Odd Marine', aliases: [], ...patch }] }));
  return path;
}

async function oneProblem(args: string[]): Promise<string> {
  const r = await inProcess(args);
  expect(r.code, r.stdout).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}

describe('bad Heresy input: one message, exit 2', () => {
  it('a profile value out of range, or a D6 roll written as NetEA writes it, names the file, the path and the range', async () => {
    const armour = await oneProblem(['shoot', '--rules', 'heresy', '4 Odd Marine', '--at', '8 Ork', '--data', profileFile('armour.json', { armour: 0 })]);
    expect(armour).toContain('armour.json: profiles[0].armour: expected the armour as a whole number from 1 to 10 (a D10 value)');
    const d6 = await oneProblem(['assault', '--rules', 'heresy', '4 Odd Marine', '--at', '8 Ork', '--data', profileFile('d6.json', { armour: '4+' })]);
    expect(d6).toContain('d6.json: profiles[0].armour: "4+" is a D6 roll as NetEA and Epic 40,000 write it; expected the armour as a whole number from 1 to 10');
    const quality = await oneProblem(['list', '--rules', 'heresy', '--data', profileFile('quality.json', { quality: [5, 7, 11] })]);
    expect(quality).toContain('quality.json: profiles[0].quality[2]: expected the quality (routed) as a whole number from 1 to 10');
    const pen = await oneProblem(['shoot', '--rules', 'heresy', '4 Odd Marine', '--at', '8 Ork', '--data', profileFile('pen.json', { weapons: [{ ...builtIn.profiles[0].weapons[0], penetration: 4 }] })]);
    expect(pen).toContain('pen.json: profiles[0].weapons[0].penetration: expected 1 to 3 penetration dice (L36-39)');
  });

  it('a NetEA formation or an Epic 40,000 detachment, as the unit, the target or a support: names it and says how to write a Heresy unit', async () => {
    for (const args of [
      ['shoot', '--rules', 'heresy', 'codex-astartes/tactical-detachment', '--at', '8 Ork'],
      ['shoot', '--rules', 'heresy', '4 Space Marine', '--at', 'ork-war-horde/warband'],
      ['assault', '--rules', 'heresy', 'orks/8 Orks', '--at', '4 Space Marine'],
      ['assault', '--rules', 'heresy', '8 Ork', '--at', '4 Space Marine', '--support', 'codex-astartes/devastator'],
    ]) {
      const line = await oneProblem(args);
      expect(line).toMatch(/^epic-balance: unit "[^"]+": "[a-z-]+" is not a Heresy profile set \(expected heresy-examples\)/);
      expect(line).toContain('write the unit as stands, e.g. "4 Space Marine, 1 Rhino"');
    }
    const unit = await oneProblem(['shoot', '--rules', 'heresy', '4 Devastator', '--at', '8 Ork']);
    expect(unit).toContain('unit "4 Devastator": unknown Heresy profile "Devastator"; `epic-balance list --rules heresy` lists the profiles');
  });
});

describe('the profile file format', () => {
  it('datasheets/heresy/profiles.schema.json (what the example file and editors read) is the zod schema\'s (npm run schemas)', () => {
    expect(builtIn.$schema).toBe('./profiles.schema.json');
    expect(JSON.parse(readFileSync(join(projectRoot(), 'datasheets', 'heresy', 'profiles.schema.json'), 'utf8'))).toEqual(heresyProfilesJsonSchema());
  });
});
