import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYamlSubset } from '../../../src/model/tp/yamlSubset.js';
import { itWithTp } from '../../helpers/tournamentPack.js';

describe('parseYamlSubset', () => {
  it('reads the front-matter shapes the Tournament Pack uses, as the yaml package does', () => {
    const doc = [
      'name: Sky Lancer',
      'type: WE',
      'armour: 4+',
      "range: '-'",
      'firepower:',
      'multiplier: 2',
      'special_rules:',
      '  - fearless',
      '',
      '  - walker',
      'notes:',
      '  |',
      '    First line.',
      '',
      '    Second line.',
      'weapons:',
      '  -',
      '    id: lance',
      '    arc: FwA',
      '  - id: gun',
      '    multiplier: 0–1',
      'intro: |',
      '  <p>Text: with a colon</p>',
      'flag: true',
    ].join('\n');
    const fast = parseYamlSubset(doc);
    expect(fast).toEqual(parse(doc));
    expect(fast).toMatchObject({ range: '-', firepower: null, multiplier: 2, notes: 'First line.\n\nSecond line.\n' });
  });
  it('leaves anything else to the yaml package', () => {
    for (const doc of ['a: [1, 2]', 'a: &x 1', 'a: 1 # note', 'a: 1.5', 'a: >\n  folded', 'a: "esc\\n"', 'a: 1\na: 2', 'a:\n\t- x', 'a: b: c']) {
      expect(parseYamlSubset(doc), doc).toBeUndefined();
    }
  });
  itWithTp('agrees with the yaml package on every front matter of the checkout', (tpDir) => {
    const site = join(tpDir, '_site');
    let compared = 0;
    for (const folder of ['_units', '_weapons', '_special_rules', '_forces', '_army_lists']) {
      for (const f of readdirSync(join(site, folder))) {
        const text = readFileSync(join(site, folder, f), 'utf8');
        const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
        if (!m) continue;
        const fast = parseYamlSubset(m[1]!);
        if (fast !== undefined) {
          expect(fast, `${folder}/${f}`).toEqual(parse(m[1]!));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1200);
  });
});
