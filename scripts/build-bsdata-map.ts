/**
 * Rebuilds src/rulesets/netea/model/roster/battlescribe/bsdataMap.json: for each BattleScribe
 * catalogue of BSData/wh40k-epic-armageddon that has a NetEA Tournament Pack list
 * (bsdataAliases.json, reviewed), its top-level formation entries by id with the TP formation
 * each is, matched by name (entryNames.ts) unless an alias in bsdataAliases.json says otherwise,
 * or null with the reason. Writes ids and BattleScribe's names only: no Tournament Pack data.
 *
 *   npx tsx scripts/build-bsdata-map.ts --bsdata <git dir of BSData/wh40k-epic-armageddon> [--commit <sha>] [--data <TP checkout>]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { importTournamentPack } from '../src/model/tp/importer.js';
import { projectRoot } from '../src/model/projectRoot.js';
import { formationNamed } from '../src/rulesets/netea/model/roster/entryNames.js';

const HERE = join(projectRoot(), 'src', 'rulesets', 'netea', 'model', 'roster', 'battlescribe');
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const bsdata = arg('--bsdata');
if (bsdata === undefined) {
  process.stderr.write('usage: npx tsx scripts/build-bsdata-map.ts --bsdata <git dir> [--commit <sha>] [--data <TP checkout>]\n');
  process.exit(2);
}
const git = (...a: string[]) => execFileSync('git', ['--git-dir', bsdata, ...a], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = arg('--commit') ?? git('rev-parse', 'HEAD').trim();
const { dataset } = importTournamentPack(arg('--data') ?? join(projectRoot(), '..', 'shared', 'netea-tp'));
const aliases = JSON.parse(readFileSync(join(HERE, 'bsdataAliases.json'), 'utf8')) as {
  catalogues: Record<string, { file: string; tp: string }>;
  formations: Record<string, Record<string, string | null>>;
};
const out: { bsdata: { repo: string; commit: string }; catalogues: Record<string, { name: string; revision: string; tp: string; formations: Record<string, { name: string; tp: string | null; reason?: string }> }> } = {
  bsdata: { repo: 'BSData/wh40k-epic-armageddon', commit },
  catalogues: {},
};
const unmatched: string[] = [];
for (const [id, c] of Object.entries(aliases.catalogues)) {
  const root = parse(git('show', `${commit}:${c.file}`), { lowerCaseTagName: false }).querySelector('catalogue')!;
  const army = dataset.armies.get(c.tp)!;
  const formations: Record<string, { name: string; tp: string | null; reason?: string }> = {};
  type El = { rawTagName?: string; childNodes: El[]; getAttribute(k: string): string | undefined };
  const lists = (root as unknown as El).childNodes.filter((n) => n.rawTagName === 'selectionEntries' || n.rawTagName === 'entryLinks');
  for (const e of lists.flatMap((n) => n.childNodes)) {
    if ((e.rawTagName !== 'selectionEntry' && e.rawTagName !== 'entryLink') || e.getAttribute('name') === '-Community-') continue;
    const type = e.getAttribute('type');
    if (type !== 'unit' && type !== 'model' && type !== 'selectionEntry') continue;
    const eid = e.rawTagName === 'entryLink' ? e.getAttribute('targetId')! : e.getAttribute('id')!;
    const name = e.getAttribute('name') ?? eid;
    const alias = aliases.formations[id]?.[eid];
    const tf = alias === undefined ? formationNamed(army, name) : null;
    const tp = alias !== undefined ? alias : (tf?.id ?? null);
    if (tp !== null && !army.formations.some((f) => f.id === tp)) throw new Error(`${c.file} ${eid}: no TP formation "${tp}" in ${army.id}`);
    formations[eid] = tp === null ? { name, tp, reason: alias === null ? 'reviewed: no TP formation' : `no TP formation of ${army.id} is named "${name}"` } : { name, tp };
    if (tp === null && alias === undefined) unmatched.push(`${c.file} ${eid} "${name}"`);
  }
  out.catalogues[id] = { name: root.getAttribute('name') ?? c.file, revision: root.getAttribute('revision') ?? '', tp: c.tp, formations };
}
writeFileSync(join(HERE, 'bsdataMap.json'), `${JSON.stringify(out, null, 1)}\n`);
const all = Object.values(out.catalogues).flatMap((c) => Object.values(c.formations));
process.stdout.write(`${Object.keys(out.catalogues).length} catalogues; formation entries ${all.filter((f) => f.tp !== null).length}/${all.length} mapped\nunmatched (${unmatched.length}):\n${unmatched.map((u) => `  ${u}`).join('\n')}\n`);
