import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FORMAT } from '../../src/reports/outTarget.js';
import { partialFile, partialJob, writePartialFile } from '../../src/run/partial.js';
import { simulate } from '../../src/run/simulate.js';
import { inProcess, spawnCli } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';
import { devastatorsAtBoyz, REPO } from '../workers/helpers.js';

/**
 * Issue 28's break-it table, kept: unknown names and typos, malformed and
 * ill-typed experiment files, bad numbers for every numeric option, existing
 * and unwritable --out (every command that writes one), empty and wrong
 * --data, and two runs writing one --out. Ctrl-C in each long command is in
 * interrupt.test.ts (it needs real processes and a loaded machine).
 *
 * Every refusal: exit code 2, nothing on stdout, one line on stderr matching
 * its pattern (commander's own errors too: src/cli/program.ts), and
 * the workspace (the current folder for the whole file, where every default
 * output would go) exactly as it was: no file written, changed or deleted.
 * The commands run in this process (inProcess) but for what needs a real
 * one: the exit code and streams of the command line itself, two processes.
 */

let workspace: string;
let home: string;
const at = (...parts: string[]) => join(workspace, ...parts);

/** Every file and folder under the workspace, with each file's content hash. */
function snapshot(dir = workspace, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const rel = `${prefix}${e.name}`;
      if (e.isDirectory()) return [`${rel}/`, ...snapshot(join(dir, e.name), `${rel}/`)];
      if (e.isSymbolicLink()) return [`${rel} ->`];
      return [`${rel} ${createHash('sha1').update(readFileSync(join(dir, e.name))).digest('hex')}`];
    });
}

/** Runs `args` in this process: refused with exit 2, its one line matching `line`, nothing on stdout, the workspace untouched. */
async function refused(args: string[], line: RegExp): Promise<void> {
  const before = snapshot();
  const r = await inProcess(args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.replace(/\n$/, '').split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0], args.join(' ')).toMatch(line);
  expect(snapshot(), args.join(' ')).toEqual(before);
}

const SHOOT = ['shoot', '4 Devastator', '--at', '8 Ork Boyz'];
const GAME = ['game', 'codex-astartes/tactical-detachment', 'ork-war-horde/warband'];
const ASSAULT = ['assault', '4 Devastator', '--at', '8 Ork Boyz'];
const base = JSON.parse(readFileSync(join(REPO, 'experiments', 'tactical-vs-warband.json'), 'utf8')) as Record<string, unknown>;

/** A report folder of another run, as writeRunReport leaves one (only its manifest is read). */
function otherRunsReport(dir: string): void {
  mkdirSync(dir);
  writeFileSync(join(dir, 'report.html'), '<html></html>');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: REPORT_FORMAT, formatVersion: 1, command: 'epic-balance shoot A --at B', argv: ['shoot', 'A', '--at', 'B'], seed: 'other', files: ['manifest.json', 'report.html'] }));
}

beforeAll(async () => {
  home = process.cwd();
  workspace = mkdtempSync(join(tmpdir(), 'eb-hostile-'));
  process.chdir(workspace);
  writeFileSync(at('notes.txt'), 'my notes\n');
  mkdirSync(at('docs'));
  writeFileSync(at('docs', 'README.md'), '# mine\n');
  mkdirSync(at('empty-folder'));
  otherRunsReport(at('other-run'));
  // A battle whose only field is the Tournament Pack's: the built-in data set has none in it.
  const reference = JSON.parse(readFileSync(join(REPO, 'battles', 'reference.json'), 'utf8')) as { field: Record<string, unknown>; $schema?: string };
  mkdirSync(at('battles'));
  writeFileSync(at('battles', 'no-field.json'), JSON.stringify({ ...reference, $schema: undefined, field: { 'netea-tp': reference.field['netea-tp'] } }));
  mkdirSync(at('overlays'));
  writeFileSync(at('overlays', 'bad-type.json'), JSON.stringify({ units: [{ id: 'devastator', speed: 'fast' }] }));
  writeFileSync(at('overlays', 'unknown-unit.json'), JSON.stringify({ armies: [{ id: 'codex-astartes', formations: [{ id: 'tactical-detachment', points: 300 }, { id: 'devastator-detachment', units: [{ unit: 'nope', count: 2 }] }] }] }));
  writeFileSync(at('overlays', 'broken.json'), '{ "units": ');
  mkdirSync(at('experiments'));
  const experiment = (name: string, content: string | object) => writeFileSync(at('experiments', name), typeof content === 'string' ? content : JSON.stringify(content));
  experiment('broken.json', '{ "name": "x", ');
  experiment('empty.json', '');
  experiment('array.json', '[1, 2]');
  experiment('trials-text.json', { ...base, trials: 'many' });
  experiment('trials-negative.json', { ...base, trials: -5 });
  experiment('typo-field.json', { ...base, trails: 1000 });
  experiment('bad-name.json', { ...base, name: 'Tactical vs Warband!' });
  const engagement = base.engagement as { formations: object; variants: object[]; script: Array<Record<string, unknown>> };
  experiment('bad-action.json', { ...base, engagement: { ...engagement, script: [{ ...engagement.script[0], action: 'sprint' }, engagement.script[1]] } });
  experiment('unknown-formation.json', { ...base, engagement: { ...engagement, variants: [{ label: 'x', values: { shooter: 'codex-astartes/tactikal-detachment', assaulter: 'ork-war-horde/warband' } }] } });
  experiment('unknown-step.json', { ...base, engagement: { ...engagement, script: [{ step: 'teleport', by: 'shooter' }] } });
  // Two pieces of a split run whose command writes a report to other-run/ (a folder holding another run's report).
  const plan = { seed: 'pieces', scenario: 'shoot', matchup: '4 Devastator -> 8 Ork Boyz', trials: 2_000, chunkSize: 1_000 };
  const command = [...SHOOT, '--trials', '2000', '--chunk-size', '1000', '--seed', 'pieces', '--out', 'other-run'];
  for (const [name, chunk] of [['a.partial.json', 0], ['b.partial.json', 1]] as const) {
    const piece = await simulate({ spec: devastatorsAtBoyz(), ...plan, chunks: { first: chunk, last: chunk } });
    writePartialFile(at(name), partialFile(command, [partialJob(piece)]));
  }
});

afterAll(() => {
  process.chdir(home);
  rmSync(workspace, { recursive: true, force: true });
});

describe('unknown names and typos', () => {
  it.each([
    [['shot', '4 Devastator'], /^epic-balance: unknown command 'shot' \(did you mean shoot\?\); see epic-balance --help$/],
    [[...SHOOT, '--trails', '10'], /^epic-balance: unknown option '--trails' \(did you mean --trials\?\); see epic-balance shoot --help$/],
    [['shoot', '4 Devastatr', '--at', '8 Ork Boyz'], /^epic-balance: formation "4 Devastatr": unknown unit "Devastatr"/],
    [['shoot', 'codex-astartes/tactikal', '--at', '8 Ork Boyz'], /^epic-balance: formation "codex-astartes\/tactikal": army "codex-astartes" has no formation "tactikal"; expected one of .*"tactical-detachment"/],
    [['shoot', 'codex-astartes/tactical+razorbax', '--at', '8 Ork Boyz'], /^epic-balance: formation "codex-astartes\/tactical\+razorbax": .*has no upgrade "razorbax"; expected one of .*"razorbacks"/],
    [['shoot', 'nope/tactical', '--at', '8 Ork Boyz'], /^epic-balance: formation "nope\/tactical": unknown unit "nope\/tactical"/],
    [['shoot', '', '--at', '8 Ork Boyz'], /^epic-balance: formation "": expected a formation, e.g. /],
    [[...SHOOT, '--action', 'sprint'], /^epic-balance: option '--action <action>' argument 'sprint' is invalid\. Allowed choices are advance, double, sustained, marshal, overwatch; see epic-balance shoot --help$/],
    [[...SHOOT, '--rules', 'epic50k'], /^epic-balance: option '--rules <system>' argument 'epic50k' is invalid\. Allowed choices are /],
    // commander's errors of a missing argument or option value: one line, naming the help to read.
    [['shoot', '--at', '8 Ork Boyz'], /^epic-balance: missing required argument 'formation'; see epic-balance shoot --help$/],
    [['shoot', '4 Devastator'], /^epic-balance: required option '--at <formation>' not specified; see epic-balance shoot --help$/],
    [['shoot', '4 Devastator', '--at'], /^epic-balance: option '--at <formation>' argument missing; see epic-balance shoot --help$/],
    [['shoot', '4 Devastator', 'more', '--at', '8 Ork Boyz'], /^epic-balance: too many arguments for 'shoot'\. Expected 1 argument but got 2; see epic-balance shoot --help$/],
    [['audit', '--seed'], /^epic-balance: option '--seed <text>' argument missing; see epic-balance audit --help$/],
    // A count that is not a whole number is a bad count, not part of a unit's name; a minus sign reaches commander as an option.
    [['shoot', '1.5 Devastator', '--at', '8 Ork Boyz'], /^epic-balance: formation "1\.5 Devastator": expected a unit count from 1 to 200, got 1\.5$/],
    [['shoot', '4 Devastator', '--at', '8 Ork Boyz, 0.5 Nob'], /^epic-balance: formation "8 Ork Boyz, 0\.5 Nob": "0\.5 Nob": expected a unit count from 1 to 200$/],
    [['shoot', '-1 Devastator', '--at', '8 Ork Boyz'], /^epic-balance: formation "-1 Devastator": expected a unit count from 1 to 200, got -1$/],
    [['shoot', '4 Devastator', '--at=-1 Ork Boyz'], /^epic-balance: formation "-1 Ork Boyz": expected a unit count from 1 to 200, got -1$/],
    // An empty path argument (a shell variable unset) is named as such.
    [['validate', ''], /^epic-balance: argument \[files\.\.\.\]: expected a path, got ""$/],
    [['validate', 'notes.txt', ' '], /^epic-balance: argument \[files\.\.\.\]: expected a path, got " "$/],
    [['import-tp', ''], /^epic-balance: argument <path>: expected a path, got ""$/],
    // The audit has no --vs: a battle without a field for the data set points at --battle.
    [['audit', '--battle', 'battles/no-field.json'], /^epic-balance: battles\/no-field\.json: field: no field for data set "rulebook-2004" \(the battle has fields for netea-tp\); add one, or give --battle a battle file that has one$/],
    [['fair-cost', 'titan-legion/warhound-battlegroup', '--battle', 'battles/no-field.json'], /^epic-balance: battles\/no-field\.json: field: no field for data set "rulebook-2004" \(the battle has fields for netea-tp\); add one, or name the opponents with --vs$/],
    [['matrix', 'nope', '--vs', 'ork-war-horde'], /^epic-balance: argument <army>: unknown army "nope"; expected one of /],
    [['matrix', 'codex-astartes', '--vs', 'orks'], /^epic-balance: option --vs: unknown army "orks"; expected one of /],
    [['fair-cost', 'titan-legion/warhund-battlegroup'], /^epic-balance: formation "titan-legion\/warhund-battlegroup": army "titan-legion" has no formation "warhund-battlegroup"/],
    [['audit', '--lists', 'nope'], /^epic-balance: option --lists: no army list "nope" in data set rulebook-2004 \(lists: /],
    [['audit', '--battle', 'nope.json'], /^epic-balance: nope\.json: cannot read \(ENOENT\)$/],
    [['list', 'nope'], /^epic-balance: army "nope": unknown army; expected one of /],
    [['run', 'experiments/nope.json'], /^epic-balance: experiments\/nope\.json: cannot read \(ENOENT\)$/],
    [['run', ''], /^epic-balance: "": expected the path of a JSON file, got an empty one$/],
    [['merge', 'nope.json'], /^epic-balance: nope\.json: cannot read the partial result file \(ENOENT\)$/],
    // game prints its result and writes no report: an --out is refused before anything runs, never taken as a folder to fill.
    [[...GAME, '--out', 'notes.txt'], /^epic-balance: unknown option '--out'; see epic-balance game --help$/],
    [['game', 'codex-astartes/tactikal', 'ork-war-horde/warband'], /^epic-balance: formation "codex-astartes\/tactikal": army "codex-astartes" has no formation "tactikal"; expected one of /],
    // The parser's message quotes the file's first line, line break and all: still one line.
    [['merge', 'notes.txt'], /^epic-balance: notes\.txt: not JSON: Unexpected token 'm', "my notes\\n" is not valid JSON$/],
  ] as Array<[string[], RegExp]>)('%j', async (args, line) => refused(args, line));
});

describe('malformed and ill-typed experiment files', () => {
  it.each([
    ['broken.json', /^epic-balance: experiments\/broken\.json: not valid JSON \(/],
    ['empty.json', /^epic-balance: experiments\/empty\.json: not valid JSON \(Unexpected end of JSON input\)$/],
    ['array.json', /^epic-balance: experiments\/array\.json: .*expected object, received array$/],
    ['trials-text.json', /^epic-balance: experiments\/trials-text\.json: trials: .*expected number, received string$/],
    ['trials-negative.json', /^epic-balance: experiments\/trials-negative\.json: trials: /],
    ['typo-field.json', /^epic-balance: experiments\/typo-field\.json: unknown field "trails"/],
    ['bad-name.json', /^epic-balance: experiments\/bad-name\.json: name: .*a short lower-case name/],
    ['bad-action.json', /^epic-balance: experiments\/bad-action\.json: engagement\.script\[0\]\.action: /],
    ['unknown-formation.json', /^epic-balance: experiments\/unknown-formation\.json: engagement\.formations\.shooter\.formation: army "codex-astartes" has no formation "tactikal-detachment"; expected one of /],
    ['unknown-step.json', /^epic-balance: experiments\/unknown-step\.json: engagement\.script\[0\]/],
  ])('%s', async (file, line) => refused(['run', join('experiments', file)], line));

  it('an experiment file that is a folder', async () => refused(['run', 'docs'], /^epic-balance: docs: cannot read \(EISDIR\)$/));
});

describe('bad numbers for every numeric option', () => {
  const whole = (min: number) => [
    [String(min - 1), new RegExp(`expected a whole number of at least ${min}, got "${min - 1}"$`)],
    ['1.5', new RegExp(`expected a whole number of at least ${min}, got "1\\.5"$`)],
    ['abc', new RegExp(`expected a whole number of at least ${min}, got "abc"$`)],
    ['', new RegExp(`expected a whole number of at least ${min}, got ""$`)],
    ['1e3', new RegExp(`expected a whole number of at least ${min}, got "1e3"$`)],
  ] as Array<[string, RegExp]>;
  const distance = [
    ['-1', /expected a number of at least 0, got "-1"$/],
    ['abc', /expected a number of at least 0, got "abc"$/],
    ['', /expected a number of at least 0, got ""$/],
    ['Infinity', /expected a number of at least 0, got "Infinity"$/],
  ] as Array<[string, RegExp]>;
  const runs = [['shoot', SHOOT], ['assault', ASSAULT], ['run', ['run', join(REPO, 'experiments', 'tactical-vs-warband.json')]], ['showcase', ['showcase']], ['matrix', ['matrix', 'codex-astartes', '--vs', 'ork-war-horde']], ['fair-cost', ['fair-cost', 'titan-legion/warhound-battlegroup']], ['audit', ['audit']]] as Array<[string, string[]]>;
  const cases: Array<[string, string[], RegExp]> = [];
  for (const [name, args] of runs) {
    for (const option of ['--trials', '--chunk-size', '--workers']) {
      for (const [value, message] of whole(1)) cases.push([`${name} ${option} "${value}"`, [...args, option, value], new RegExp(`^epic-balance: option ${option}: ${message.source}`)]);
    }
    for (const value of ['5-3', 'x', '-1']) cases.push([`${name} --chunks "${value}"`, [...args, '--chunks', value], /^epic-balance: option --chunks: expected a chunk range A-B with A <= B, chunks numbered from 0 \(e\.g\. 0-99\), got /]);
  }
  for (const [name, args] of runs.filter(([n]) => n !== 'audit')) {
    for (const value of ['0', '0.5', 'nan', '']) cases.push([`${name} --precision "${value}"`, [...args, '--precision', value], /^epic-balance: option --precision: expected a 95% interval half-width between 0 and 0\.5 /]);
  }
  for (const [name, args] of runs) {
    for (const value of ['', ' ', '\t']) cases.push([`${name} --seed ${JSON.stringify(value)}`, [...args, '--seed', value], /^epic-balance: option --seed: expected a seed: any non-empty text, e\.g\. "epic-balance", got "\s*"$/]);
  }
  for (const value of ['0', '1', 'nan', '']) cases.push([`audit --precision "${value}"`, ['audit', '--precision', value], /^epic-balance: option --precision: expected a share of the fair cost between 0 and 1 /]);
  for (const [name, args] of [['shoot', SHOOT], ['assault', ASSAULT]] as Array<[string, string[]]>) {
    for (const option of ['--bm', '--target-bm']) for (const [value, message] of whole(0)) cases.push([`${name} ${option} "${value}"`, [...args, option, value], new RegExp(`^epic-balance: option ${option}: ${message.source}`)]);
    for (const [value, message] of whole(1)) cases.push([`${name} --rank-width "${value}"`, [...args, '--rank-width', value], new RegExp(`^epic-balance: option --rank-width: ${message.source}`)]);
    for (const option of ['--gap', '--spacing']) for (const [value, message] of distance) cases.push([`${name} ${option} "${value}"`, [...args, option, value], new RegExp(`^epic-balance: option ${option}: ${message.source}`)]);
    for (const value of ['7', '1', 'wall']) cases.push([`${name} --cover "${value}"`, [...args, '--cover', value], /^epic-balance: option --cover: expected no value \(obscured: -1 to hit\), an infantry cover save from 2 to 6, or a fortified position/]);
  }
  for (const [value, message] of whole(0)) cases.push([`assault --contact "${value}"`, [...ASSAULT, '--contact', value], new RegExp(`^epic-balance: option --contact: ${message.source}`)]);
  for (const [value, message] of distance) {
    cases.push([`assault --support-gap "${value}"`, [...ASSAULT, '--support-gap', value], new RegExp(`^epic-balance: option --support-gap: ${message.source}`)]);
    cases.push([`matrix --gap "${value}"`, ['matrix', 'codex-astartes', '--vs', 'ork-war-horde', '--engagement', 'shoot', '--gap', value], new RegExp(`^epic-balance: option --gap: ${message.source}`)]);
    cases.push([`fair-cost --gap "${value}"`, ['fair-cost', 'titan-legion/warhound-battlegroup', '--engagement', 'shoot', '--vs', 'ork-war-horde/warband', '--gap', value], new RegExp(`^epic-balance: option --gap: ${message.source}`)]);
  }
  // A proposed cost (issue 32): a number of points above 0, with or without --out; nothing is written.
  for (const value of ['-50', '0', 'abc', '', 'Infinity']) {
    cases.push([`fair-cost --cost "${value}"`, ['fair-cost', 'titan-legion/warhound-battlegroup', '--cost', value, '--out', 'out-cost'], /^epic-balance: option --cost: expected a points cost above 0, e\.g\. 250, got /]);
  }
  for (const [value, message] of whole(0)) cases.push([`serve --port "${value}"`, ['serve', '--port', value], new RegExp(`^epic-balance: option --port: ${message.source}`)]);
  for (const option of ['--games', '--workers']) {
    for (const [value, message] of whole(1)) cases.push([`game ${option} "${value}"`, [...GAME, option, value], new RegExp(`^epic-balance: option ${option}: ${message.source}`)]);
  }
  cases.push(['shoot --chunks beyond the run', [...SHOOT, '--trials', '1000', '--chunks', '3-4'], /^epic-balance: option --chunks: expected chunks within 0-0: 1000 trials in chunks of 50000 make 1 chunk, got "3-4"$/]);

  it.each(cases)('%s', async (_name, args, line) => refused(args, line));
});

describe('existing and unwritable --out, for every command that writes one', () => {
  const REPORT_EXPECTED = 'expected a new folder, an empty one, or an earlier report folder of epic-balance';
  const writers: Array<[string, string[]]> = [
    ['shoot', SHOOT],
    ['shoot --rules heresy', ['shoot', '--rules', 'heresy', '4 Space Marine', '--at', '8 Ork']],
    ['shoot --rules epic40k', ['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks']],
    ['assault', ASSAULT],
    ['assault --rules heresy', ['assault', '--rules', 'heresy', '8 Ork', '--at', '4 Space Marine']],
    ['run', ['run', join(REPO, 'experiments', 'tactical-vs-warband.json')]],
    ['showcase', ['showcase']],
    ['matrix', ['matrix', 'codex-astartes', '--vs', 'ork-war-horde']],
    ['matrix --rules epic40k', ['matrix', '--rules', 'epic40k', 'space-marines', '--vs', 'orks']],
    ['fair-cost', ['fair-cost', 'titan-legion/warhound-battlegroup']],
    ['fair-cost --rules epic40k', ['fair-cost', '--rules', 'epic40k', '6 Space Marines']],
    ['audit', ['audit']],
    ['audit --rules epic40k', ['audit', '--rules', 'epic40k']],
    ['tournament', ['tournament', '--lists', 'codex-astartes,ork-war-horde']],
    ['worth', ['worth', '--lists', 'codex-astartes,ork-war-horde']],
  ];
  const cases: Array<[string, string[], RegExp]> = [];
  for (const [name, args] of writers) {
    cases.push([`${name} --out <an existing file>`, [...args, '--out', 'notes.txt'], new RegExp(`^epic-balance: option --out: "notes\\.txt" is an existing file; ${REPORT_EXPECTED}$`)]);
    cases.push([`${name} --out <a folder of other files>`, [...args, '--out', 'docs'], new RegExp(`^epic-balance: option --out: "docs" holds README\\.md and no manifest\\.json of an epic-balance report; ${REPORT_EXPECTED}$`)]);
    cases.push([`${name} --out <the repository's own folder>`, [...args, '--out', REPO], /^epic-balance: option --out: ".*" holds .* and no manifest\.json of an epic-balance report; /]);
    cases.push([`${name} --out ""`, [...args, '--out', ''], new RegExp(`^epic-balance: option --out: the path is empty; ${REPORT_EXPECTED}$`)]);
    cases.push([`${name} --out <a path under a file>`, [...args, '--out', 'notes.txt/run'], /^epic-balance: option --out: cannot look at "notes\.txt\/run" \(ENOTDIR\); /]);
    if (existsSync('/proc/self')) cases.push([`${name} --out /proc/x`, [...args, '--out', '/proc/x'], /^epic-balance: option --out: cannot write "\/proc\/x": no file can be made in \/proc \([A-Z]+\); expected a path in a folder this user can write$/]);
  }
  const PARTIAL_EXPECTED = 'expected a new file, or an earlier partial result of epic-balance';
  cases.push(['shoot --partial-out <an existing file>', [...SHOOT, '--chunks', '0', '--partial-out', 'notes.txt'], new RegExp(`^epic-balance: option --partial-out: "notes\\.txt" is an existing file that is not a partial result of epic-balance; ${PARTIAL_EXPECTED}$`)]);
  cases.push(['shoot --partial-out <a folder>', [...SHOOT, '--chunks', '0', '--partial-out', 'docs'], new RegExp(`^epic-balance: option --partial-out: "docs" is a folder; ${PARTIAL_EXPECTED}$`)]);
  cases.push(['audit --partial-out <an existing file>', ['audit', '--chunks', '0', '--partial-out', 'notes.txt'], new RegExp(`^epic-balance: option --partial-out: "notes\\.txt" is an existing file that is not a partial result of epic-balance; ${PARTIAL_EXPECTED}$`)]);
  const FIT_EXPECTED = 'expected a new file, or a battle file an earlier audit --fit-out wrote';
  for (const target of ['notes.txt', 'battles/no-field.json']) {
    cases.push([`audit --fit A --fit-out <${target}>`, ['audit', '--fit', 'A', '--fit-out', target], new RegExp(`^epic-balance: option --fit-out: "${target.replace('.', '\\.')}" is an existing file that is not a battle file written by epic-balance audit --fit-out; ${FIT_EXPECTED}$`)]);
  }
  cases.push(['audit --fit A --fit-out <a folder>', ['audit', '--fit', 'A', '--fit-out', 'docs'], new RegExp(`^epic-balance: option --fit-out: "docs" is a folder; ${FIT_EXPECTED}$`)]);
  cases.push(['audit --fit A --fit-out ""', ['audit', '--fit', 'A', '--fit-out', ''], new RegExp(`^epic-balance: option --fit-out: the path is empty; ${FIT_EXPECTED}$`)]);
  if (existsSync('/proc/self')) cases.push(['audit --fit A --fit-out /proc/x', ['audit', '--fit', 'A', '--fit-out', '/proc/x'], /^epic-balance: option --fit-out: cannot write "\/proc\/x": no file can be made in \/proc /]);
  cases.push(['merge --out <an existing file>', ['merge', 'a.partial.json', 'b.partial.json', '--out', 'notes.txt'], new RegExp(`^epic-balance: option --out: "notes\\.txt" is an existing file that is not a partial result of epic-balance; ${PARTIAL_EXPECTED}$`)]);
  if (existsSync('/proc/self')) cases.push(['merge --out /proc/x', ['merge', 'a.partial.json', 'b.partial.json', '--out', '/proc/x'], /^epic-balance: option --out: cannot write "\/proc\/x": no file can be made in \/proc /]);
  cases.push([
    'merge into a folder holding another run\'s report',
    ['merge', 'a.partial.json', 'b.partial.json'],
    /^epic-balance: option --out: "other-run" holds the report of another run \(epic-balance shoot A --at B, seed "other"\), not of the pieces' run \(epic-balance shoot .*--out other-run\); expected a new folder, an empty one, or a report of the same run \(move that folder away, then merge again\)$/,
  ]);

  it.each(cases)('%s', async (_name, args, line) => refused(args, line));

  it('the command line itself: exit 2, one line, before any simulation (a billion trials would take hours), no stack trace', async () => {
    const before = snapshot();
    const target = existsSync('/proc/self') ? '/proc/x' : 'notes.txt';
    const r = await spawnCli([...SHOOT, '--trials', '1000000000', '--out', target], workspace);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^epic-balance: option --out: [^\n]+\n$/);
    expect(r.stderr).not.toContain('.tmp-');
    expect(snapshot()).toEqual(before);
  });
});

describe('empty and wrong --data', () => {
  const TP = /expected a _site folder holding _units, _weapons, _special_rules, _forces, _army_lists$/;
  const cases: Array<[string, string[], RegExp]> = [];
  for (const [name, args] of [['shoot', SHOOT], ['list', ['list']], ['audit', ['audit']], ['matrix', ['matrix', 'codex-astartes', '--vs', 'ork-war-horde']], ['fair-cost', ['fair-cost', 'titan-legion/warhound-battlegroup']]] as Array<[string, string[]]>) {
    cases.push([`${name} --data ""`, [...args, '--data', ''], /^epic-balance: option --data: expected a path, got ""$/]);
    cases.push([`${name} --data <missing>`, [...args, '--data', 'no-such-checkout'], /^epic-balance: no-such-checkout: no such directory; expected a checkout of the NetEA Tournament Pack/]);
    cases.push([`${name} --data <an empty folder>`, [...args, '--data', 'empty-folder'], new RegExp(`^epic-balance: empty-folder: not a Tournament Pack checkout: ${TP.source}`)]);
    cases.push([`${name} --data <a folder of other files>`, [...args, '--data', 'docs'], new RegExp(`^epic-balance: docs: not a Tournament Pack checkout: ${TP.source}`)]);
    cases.push([`${name} --data <a file>`, [...args, '--data', 'notes.txt'], /^epic-balance: notes\.txt: not a directory; expected a checkout of the NetEA Tournament Pack/]);
  }
  cases.push(['shoot --rules heresy --data <not a profile file>', ['shoot', '--rules', 'heresy', '4 Space Marine', '--at', '8 Ork', '--data', 'notes.txt'], /^epic-balance: notes\.txt: not JSON: .*"my notes\\n" is not valid JSON$/]);
  cases.push(['shoot --rules epic40k --data <anything>', ['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks', '--data', 'docs'], /^epic-balance: option --data: /]);

  it.each(cases)('%s', async (_name, args, line) => refused(args, line));
});

describe('bad --datasheet overlays, on every command that reads data', () => {
  const readers: Array<[string, string[]]> = [
    ['shoot', SHOOT],
    ['assault', ASSAULT],
    ['list', ['list']],
    ['fair-cost', ['fair-cost', 'titan-legion/warhound-battlegroup']],
    ['matrix', ['matrix', 'codex-astartes', '--vs', 'ork-war-horde']],
    ['audit', ['audit']],
    ['run', ['run', join(REPO, 'experiments', 'tactical-vs-warband.json')]],
    ['showcase', ['showcase']],
  ];
  const cases: Array<[string, string[], RegExp]> = [];
  for (const [name, args] of readers) {
    cases.push([`${name} --datasheet <a value of the wrong type>`, [...args, '--datasheet', 'overlays/bad-type.json'], /^epic-balance: overlays\/bad-type\.json: units\[0\]\.speed: Invalid input: expected number, received string$/]);
    cases.push([`${name} --datasheet <an unknown unit>`, [...args, '--datasheet', 'overlays/unknown-unit.json'], /^epic-balance: overlays\/unknown-unit\.json: armies\[0\]\.formations\[1\]\.units\[0\]\.unit: unknown unit id "nope"$/]);
    cases.push([`${name} --datasheet <not JSON>`, [...args, '--datasheet', 'overlays/broken.json'], /^epic-balance: overlays\/broken\.json: not valid JSON \(/]);
    cases.push([`${name} --datasheet <missing>`, [...args, '--datasheet', 'overlays/nope.json'], /^epic-balance: overlays\/nope\.json: cannot read \(ENOENT\); expected a datasheet overlay file \(JSON\)$/]);
    cases.push([`${name} --datasheet ""`, [...args, '--datasheet', ''], /^epic-balance: option --datasheet: expected a path, got ""$/]);
  }
  cases.push(['shoot --rules epic40k --datasheet', ['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks', '--datasheet', 'overlays/bad-type.json'], /^epic-balance: option --datasheet: not available under --rules epic40k: /]);
  cases.push(['shoot --rules heresy --datasheet', ['shoot', '--rules', 'heresy', '4 Space Marine', '--at', '8 Ork', '--datasheet', 'overlays/bad-type.json'], /^epic-balance: option --datasheet: not available under --rules heresy: /]);

  it.each(cases)('%s', async (_name, args, line) => refused(args, line));
});

describe('two runs writing one --out', () => {
  it('both finish; the report there is whole (one run\'s files, no other), the later says it replaced the earlier, no temporary folder is left', async () => {
    const dir = testTempDir('eb-hostile-two-');
    const args = [...SHOOT, '--trials', '2000', '--workers', '1', '--quiet', '--out', 'shared'];
    const [one, two] = await Promise.all([spawnCli([...args, '--seed', 'one'], dir), spawnCli([...args, '--seed', 'two'], dir)]);
    for (const r of [one!, two!]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('2,000 trials');
    }
    // (Their other lines are the warning of rules not simulated, which --quiet keeps: print.ts warnNotSimulated.)
    const replacing = [one!, two!].map((r) => r.stderr.split('\n').filter((l) => l.startsWith('replacing')));
    expect(replacing.flat()).toEqual(['replacing the earlier report in shared']);
    expect(readdirSync(dir)).toEqual(['shared']);
    const manifest = JSON.parse(readFileSync(join(dir, 'shared', 'manifest.json'), 'utf8')) as { files: string[]; seed: string };
    expect(readdirSync(join(dir, 'shared')).sort()).toEqual(manifest.files);
    // The one there is the run that finished last: the one that said it replaced the other.
    expect(manifest.seed).toBe(replacing[0]!.length === 1 ? 'one' : 'two');
    expect(statSync(join(dir, 'shared', 'report.html')).size).toBeGreaterThan(0);
  });
});

describe('help, --quiet and the pieces of a split run', () => {
  it('--help still prints the usage and exits 0', async () => {
    const r = await inProcess(['shoot', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: epic-balance shoot \[options\] <formation>\n/);
    expect(r.stderr).toBe('');
  });

  it('--quiet silences the notes but not the warning of rules not simulated, printed once on stderr (shoot, assault)', async () => {
    // In this process: what the command writes on stderr is what inProcess reads (the real streams of
    // shoot are read by the tests beside it, of two runs writing one --out).
    const dir = testTempDir('eb-hostile-quiet-');
    for (const args of [SHOOT, ASSAULT]) {
      const r = await inProcess([...args, '--trials', '1000', '--workers', '1', '--quiet', '--out', join(dir, 'report')]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.match(/not simulated \(unsupported rules in these formations\):/g), r.stderr).toHaveLength(1);
      // Nothing but the warning: its heading and one "  - rule" line per rule (no "wrote ..." note).
      expect(r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('not simulated') && !l.startsWith('  - ')), r.stderr).toEqual([]);
      rmSync(join(dir, 'report'), { recursive: true });
    }
  });

  it('a piece (--chunks) with --out writes a report marked partial, says so first, and merge writes the whole one over it', async () => {
    const dir = testTempDir('eb-hostile-piece-');
    const args = [...SHOOT, '--trials', '2000', '--chunk-size', '1000', '--workers', '1', '--out', 'report'];
    const manifest = () => JSON.parse(readFileSync(join(dir, 'report', 'manifest.json'), 'utf8')) as { title: string; partial?: { chunks: string }; trials: number; notes: string[] };
    const heading = () => /<h1>([^<]*)<\/h1>/.exec(readFileSync(join(dir, 'report', 'report.html'), 'utf8'))![1];
    for (const chunk of ['0', '1']) {
      const piece = await spawnCli([...args, '--chunks', chunk, '--partial-out', `piece-${chunk}.partial.json`], dir);
      expect(piece.code, piece.stderr).toBe(0);
      expect(piece.stdout.split('\n')[0]).toBe(`partial result: chunks ${chunk}-${chunk} of 2 only, not the whole run; \`epic-balance merge\` of every piece gives the run's numbers`);
      expect(manifest().partial).toEqual({ chunks: chunk, note: `A piece of a split run: chunks ${chunk} only, not the whole run. \`epic-balance merge\` of every piece writes the complete report.` });
      expect(manifest().trials).toBe(1000);
      expect(heading()).toBe(`Partial result (chunks ${chunk} only): 4 Devastator (advance) shoots 8 Ork Boyz`);
    }
    const merged = await spawnCli(['merge', 'piece-0.partial.json', 'piece-1.partial.json'], dir);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout.split('\n')[0]).toBe('4 Devastator (advance) shoots 8 Ork Boyz');
    expect(merged.stderr).toContain('replacing the earlier report in report');
    expect(manifest().partial).toBeUndefined();
    expect(manifest().trials).toBe(2000);
    expect(heading()).toBe('4 Devastator (advance) shoots 8 Ork Boyz');
  });
});
