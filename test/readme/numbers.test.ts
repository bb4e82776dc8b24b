import { describe, expect, it } from 'vitest';
import { FULL_RUN_TIMEOUT, needsTp, NOT_RESULTS, prose, QUOTES, RAZORBACKS, README, readmeWorkspace, runAsWritten, TP, WHOLE_TP, writeMyQuestion } from '../helpers/readme.js';

/**
 * The results the README's prose quotes, each from the --json of the README
 * commands it names, run as written; every other number of the prose says why
 * it is none (test/helpers/readme.ts, "the numbers the README prints"). The
 * text blocks are checked by the files that run their commands.
 */

readmeWorkspace();

describe('README numbers', () => {
  it.each(QUOTES.map((q) => [q.commands.join(' and '), q] as const))('the prose quotes `%s`', async (_what, q) => {
    if (q.commands.some(needsTp) && TP === undefined) {
      console.warn(`skipped (no Tournament Pack checkout: set EPIC_BALANCE_TP or place ../shared/netea-tp): the numbers of ${q.commands.join(', ')}`);
      return;
    }
    if (q.commands.includes(RAZORBACKS)) writeMyQuestion();
    const runs = await Promise.all(q.commands.map((c) => runAsWritten(c, true)));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(prose(README)).toContain(q.sentence(runs.map((r) => JSON.parse(r.stdout))));
  }, FULL_RUN_TIMEOUT);

  it('every percentage and decimal of the prose is a quoted result, or says why it is none', async () => {
    const text = prose(README);
    const covered: Array<[number, number]> = [];
    const cover = (s: string | RegExp) => {
      const at = typeof s === 'string' ? { index: text.indexOf(s), length: s.length } : ((m) => (m ? { index: m.index, length: m[0].length } : { index: -1, length: 0 }))(s.exec(text));
      expect(at.index, `the README says ${String(s)}`).toBeGreaterThanOrEqual(0);
      covered.push([at.index, at.index + at.length]);
    };
    // The quotes' sentences, checked above, and where they stand (without a Tournament Pack, its quotes are left out: they hold no decimal).
    for (const q of QUOTES) {
      if (q.commands.some(needsTp) && TP === undefined) continue;
      if (q.commands.includes(RAZORBACKS)) writeMyQuestion();
      cover(q.sentence(await Promise.all(q.commands.map(async (c) => JSON.parse((await runAsWritten(c, true)).stdout)))));
    }
    for (const n of NOT_RESULTS) {
      cover(n.text);
      await n.check?.();
    }
    const loose = [...text.matchAll(/\d+(?:\.\d+)?%|\d+\.\d+/g)].filter((m) => m[0] !== '95%' && !covered.some(([a, b]) => m.index >= a && m.index < b));
    expect(loose.map((m) => text.slice(Math.max(0, m.index - 60), m.index + 20))).toEqual([]);
  }, FULL_RUN_TIMEOUT);

  it.skipIf(TP === undefined)('the whole Tournament Pack\'s audit: its formations and valuations, counted without simulating', async () => {
    const { loadDataset } = await import('../../src/model/loadDataset.js');
    const { auditEntries, auditLists } = await import('../../src/reports/audit/auditEntries.js');
    const data = loadDataset(TP!);
    const entries = auditEntries(data, auditLists(data));
    const formations = entries.filter((e) => e.variantOf === undefined).length;
    const valuations = entries.filter((e) => e.spec !== undefined).length;
    expect(prose(README)).toContain(`(\`${WHOLE_TP}\`: ${formations} formations, titans armed with each of their weapons, ${valuations} valuations)`);
  });
});
