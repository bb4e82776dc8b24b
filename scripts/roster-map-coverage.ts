/**
 * How much of Snapfire's NetEA lists and BSData's Epic Armageddon catalogues the mapping tables
 * map to the Tournament Pack: per list and in total, for the primary Snapfire list of each TP
 * army (the file war/indexNETEA.html links) and for every Snapfire list with a TP counterpart.
 *
 *   npx tsx scripts/roster-map-coverage.ts [--lists]
 */
import bsdata from '../src/rulesets/netea/model/roster/battlescribe/bsdataMap.json' with { type: 'json' };
import { snapfireTable } from '../src/rulesets/netea/model/roster/snapfire/snapfireTable.js';

const table = snapfireTable();
const rows = Object.entries(table.lists).filter(([, l]) => l.tp !== null);
const count = (which: typeof rows) => {
  const formations = which.flatMap(([, l]) => Object.values(l.formations));
  const upgrades = which.flatMap(([, l]) => Object.entries(l.upgrades).map(([id, u]) => ({ u, offered: Object.values(l.formations).some((f) => f.upgrades.includes(Number(id)) || f.mandatory.some((m) => m.from.includes(Number(id)))) })));
  const as = (k: string) => upgrades.filter((x) => x.u.map.as === k).length;
  return {
    formations: `${formations.filter((f) => !('none' in f.map)).length}/${formations.length}`,
    formationsAsArmyUpgrades: formations.filter((f) => 'tpUpgrade' in f.map).length,
    upgrades: `${upgrades.filter((x) => x.u.map.as !== 'none').length}/${upgrades.length}`,
    upgradesNone: as('none'),
    upgradesNoneOfferedByNoFormation: upgrades.filter((x) => x.u.map.as === 'none' && !x.offered).length,
    ignored: as('ignored'),
    surcharge: as('surcharge'),
    transport: as('transport'),
  };
};
const primary = rows.filter(([, l]) => l.primary === true);
process.stdout.write(`Snapfire ${table.snapfire.repo} ${table.snapfire.commit}, TP ${table.tournamentPack}\n`);
process.stdout.write(`primary lists (${primary.length}): ${JSON.stringify(count(primary))}\n`);
process.stdout.write(`all lists with a TP list (${rows.length}): ${JSON.stringify(count(rows))}\n`);
if (process.argv.includes('--lists')) for (const r of rows) process.stdout.write(`  ${r[0]} -> ${r[1].tp}${r[1].primary === true ? ' (primary)' : ''}: ${JSON.stringify(count([r]))}\n`);
const entries = Object.values(bsdata.catalogues).flatMap((c) => Object.values(c.formations));
process.stdout.write(`BSData ${bsdata.bsdata.repo} ${bsdata.bsdata.commit}: ${Object.keys(bsdata.catalogues).length} catalogues, top-level entries mapped to a TP formation ${entries.filter((e) => e.tp !== null).length}/${entries.length}; an entry not mapped is taken by name, else named with the reason when a roster holds it\n`);
