import { request } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, type Option } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHash, runNumbers, toArgv, toHash } from '../../site/src/hash.js';
import { assaultWords, shootWords } from '../../site/src/rulesets/netea/oneStepWords.js';
import { DEFAULT_ASSAULT_GAP } from '../../src/model/engagementGeometry.js';
import { registerCommands } from '../../src/cli/index.js';
import { CLI_DEFAULTS } from '../../src/model/oneStepDefaults.js';
import { serveStatic } from '../../src/cli/serve.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED } from '../../src/model/runDefaults.js';
import { InputError } from '../../src/model/inputError.js';
import { DEFAULT_GAP } from '../../src/rulesets/netea/engine/engagements.js';
import { matchupArgv, matchupHash, parseMatchupHash } from '../../site/src/rulesets/netea/lists/matchupHash.js';

const program = new Command('epic-balance');
registerCommands(program);
const option = (command: string, flag: string): Option => program.commands.find((c) => c.name() === command)!.options.find((o) => o.long === flag)!;

describe('the playground\'s words', () => {
  it('has the command line\'s defaults', () => {
    expect(CLI_DEFAULTS.seed).toBe(DEFAULT_SEED);
    expect(CLI_DEFAULTS.chunkSize).toBe(DEFAULT_CHUNK_SIZE);
    expect(CLI_DEFAULTS.assaultGap).toBe(DEFAULT_ASSAULT_GAP);
    expect(CLI_DEFAULTS.shootGap).toBe(DEFAULT_GAP);
    for (const c of ['shoot', 'assault']) {
      expect(option(c, '--trials').defaultValue).toBe(CLI_DEFAULTS.trials);
      expect(option(c, '--seed').defaultValue).toBe(CLI_DEFAULTS.seed);
      expect(option(c, '--chunk-size').defaultValue).toBe(CLI_DEFAULTS.chunkSize);
      expect(option(c, '--rank-width').defaultValue).toBe(CLI_DEFAULTS.rankWidth);
      expect(option(c, '--spacing').defaultValue).toBe(CLI_DEFAULTS.spacing);
    }
    expect(option('shoot', '--gap').defaultValue).toBe(CLI_DEFAULTS.shootGap);
    expect(option('assault', '--gap').defaultValue).toBe(CLI_DEFAULTS.assaultGap);
  });

  it('every hash key is an option of its commands', () => {
    const s = parseHash('#assault=a&at=b&support=c&target-support=d&gap=5&support-gap=6&cover=4&bm=1&target-bm=2&target-broken&test&contact=3&rank-width=4&spacing=6&trials=7&seed=x&chunk-size=8&data=builtin&workers=2');
    const argv = toArgv(s);
    for (const word of argv.filter((w) => w.startsWith('--'))) expect(option('assault', word), word).toBeDefined();
    const t = parseHash('#shoot=a&at=b&action=sustained&cover&crossfire&flak=c&no-target-flak&cap=d&phase=disengagement&moved');
    for (const word of toArgv(t).filter((w) => w.startsWith('--'))) expect(program.commands.find((c) => c.name() === 'shoot')!.options.some((o) => o.long === word), word).toBe(true);
  });

  it('reads the contract\'s hash and writes it back', () => {
    const s = parseHash('#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=20000&seed=play');
    expect(s).toEqual({ command: 'shoot', formation: '4 Devastator', at: '8 Ork Boyz', trials: 20000, seed: 'play' });
    expect(toHash(s)).toBe('#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=20000&seed=play');
    expect(runNumbers(s)).toEqual({ trials: 20000, seed: 'play', chunkSize: 50_000 });
    expect(toArgv(s)).toEqual(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '20000', '--seed', 'play', '--chunk-size', '50000']);
  });

  it('keeps a plus a plus, repeats repeatable options, writes flags alone', () => {
    const hash = '#assault=codex-astartes/tactical-detachment%2Brazorbacks&at=ork-war-horde/warband&support=4%20Devastator&support=codex-astartes/whirlwind-detachment&cover&target-broken';
    const s = parseHash(hash);
    expect(s.formation).toBe('codex-astartes/tactical-detachment+razorbacks');
    expect(parseHash('#assault=codex-astartes/tactical-detachment+razorbacks&at=x').formation).toBe('codex-astartes/tactical-detachment+razorbacks');
    expect(s.support).toEqual(['4 Devastator', 'codex-astartes/whirlwind-detachment']);
    expect(s.cover).toBe(true);
    expect(parseHash(toHash(s))).toEqual(s);
    expect(assaultWords(s)).toMatchObject({ gap: 10, cover: true, targetBroken: true, support: s.support });
    expect(shootWords(parseHash('#shoot=a&at=b'))).toMatchObject({ gap: 30, gapGiven: false, action: 'advance', targetFlak: true });
    expect(shootWords(parseHash('#shoot=a&at=b&gap=30'))).toMatchObject({ gap: 30, gapGiven: true });
  });

  it.each([
    ['#at=b', 'expected shoot=<formation> or assault=<formation>'],
    ['#shoot=a', 'option --at: expected the target formation'],
    ['#shoot=a&at=b&trials=-5', 'option --trials: expected a whole number of at least 1, got "-5"'],
    ['#shoot=a&at=b&action=charge', 'option --action: expected one of advance, double, sustained, marshal, overwatch, got "charge"'],
    ['#shoot=a&at=b&support=c', 'option --support: only for assault, not shoot'],
    ['#shoot=a&at=b&frobnicate=1', 'option --frobnicate: unknown option for shoot'],
    ['#shoot=a&at=b&data=../tp', 'option --data: expected builtin or the name of a Tournament Pack checkout\'s folder (no slashes), got "../tp"'],
    ['#shoot=a%zz&at=b', 'not a valid percent-encoded key=value'],
  ])('refuses %s with one clear problem', (hash, message) => {
    let error: unknown;
    try {
      parseHash(hash);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain(message);
  });
});

describe('epic-balance serve', () => {
  const root = mkdtempSync(join(tmpdir(), 'epic-balance-serve-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const get = (url: string) =>
    new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      request(url, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
      })
        .on('error', reject)
        .end();
    });

  it('serves the folder with content types, index.html for /, and nothing outside it', async () => {
    const dir = join(root, 'site');
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'main.js'), 'void 0;');
    writeFileSync(join(root, 'secret.txt'), 'secret');
    const { server, url } = await serveStatic(dir, 0);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await get(url)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
      expect(await get(`${url}main.js`)).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', body: 'void 0;' });
      expect((await get(`${url}missing.js`)).status).toBe(404);
      expect((await get(`${url}..%2Fsecret.txt`)).status).not.toBe(200);
      expect((await get(`${url}%2e%2e/secret.txt`)).body).not.toContain('secret');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the address of a matchup (site/src/rulesets/netea/lists/matchupHash.ts)', () => {
  const mine = { name: 'Ultramarines 3rd', army: 'space-marine-codex-astartes', points: 3000, formations: ['space-marine-codex-astartes/tactical+razorbacks', 'space-marine-codex-astartes/bike'], upgrades: [] };
  const theirs = { name: 'Ultramarines 3rd', army: 'eldar-alaitoc', points: 2000, formations: ['eldar-alaitoc/guardians'], upgrades: ['avatar'] };

  it('carries both lists whole, and the command line that prints the same JSON', () => {
    const s = { mine, theirs, trials: 40, seed: 'a b', data: 'netea-tp' };
    const hash = matchupHash(s);
    expect(hash).toBe('#matchup=Ultramarines%203rd%0Aspace-marine-codex-astartes%0A3000%0Aspace-marine-codex-astartes/tactical%2Brazorbacks%0Aspace-marine-codex-astartes/bike&theirs=Ultramarines%203rd%0Aeldar-alaitoc%0A2000%0Aeldar-alaitoc/guardians%0A%2Bavatar&trials=40&seed=a%20b&data=netea-tp');
    expect(parseMatchupHash(hash)).toEqual(s);
    // Two lists of one name: the second list file is told apart.
    expect(matchupArgv(s)).toEqual(['matchup', 'ultramarines-3rd.json', 'ultramarines-3rd-theirs.json', '--data', 'netea-tp', '--trials', '40', '--seed', 'a b', '--chunk-size', '50000']);
    expect(matchupArgv({ mine, theirs: { ...theirs, name: 'Iyanden!' } }).slice(0, 3)).toEqual(['matchup', 'ultramarines-3rd.json', 'iyanden.json']);
  });

  it('refuses a list without formations, a bad points limit and an option matchup does not take, naming them', () => {
    const list = encodeURIComponent('Mine\nspace-marine-codex-astartes\n3000\nspace-marine-codex-astartes/bike');
    expect(() => parseMatchupHash(`#matchup=${list}`)).toThrow('expected theirs=<list>, once');
    expect(() => parseMatchupHash(`#matchup=${list}&theirs=${encodeURIComponent('Theirs\neldar-alaitoc\n2000')}`)).toThrow('got no formation');
    expect(() => parseMatchupHash(`#matchup=${list}&theirs=${encodeURIComponent('Theirs\neldar-alaitoc\nlots\neldar-alaitoc/guardians')}`)).toThrow('expected the points limit, a whole number of at least 1, got "lots"');
    expect(() => parseMatchupHash(`#matchup=${list}&theirs=${list}&at=x`)).toThrow('unknown option for matchup in the playground');
    expect(() => parseMatchupHash(`#matchup=${list}&theirs=${list}&trials=0`)).toThrow('expected a whole number of at least 1, got "0"');
  });
});
