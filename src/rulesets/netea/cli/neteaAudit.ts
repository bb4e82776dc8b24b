import { loadBattle } from '../../../model/loadBattle.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { auditEntries, auditLists } from '../../../reports/audit/auditEntries.js';
import { valueFormations } from '../../../reports/value/valueFormations.js';
import { variantNotes, rulesVariantOf } from '../model/rulesVariant.js';
import { type AuditOptions, auditKey, auditRange, battleAirDefence, battleAirRaid, battleField, checkAuditOutputs, finishAudit, replayedAudit, showProgress, writeAuditPartial } from '../../../cli/audit.js';
import type { CommandCall } from '../../../cli/ruleSystemCommands.js';
import { auditHistory } from './auditHistory.js';

/**
 * `audit` under NetEA or the 2004 rulebook: every formation of the data set valued in the
 * reference battle and judged against its own cost (cli/audit.ts), or with --history the
 * Tournament Pack's price changes rated (auditHistory.ts).
 */
export async function neteaAudit({ o: options, started }: CommandCall): Promise<void> {
  const o = options as AuditOptions;
  if (o.history !== undefined) return auditHistory({ ...o, history: o.history }, started);
  const loaded = loadBattle(o.battle);
  const data = loadDataset(o.data, o.datasheet);
  const lists = auditLists(data, o.lists);
  const field = battleField(data, loaded);
  const entries = auditEntries(data, lists);
  const audited = entries.filter((e) => e.spec !== undefined);
  const argv = process.argv.slice(2);
  const range = auditRange(o, audited.length);
  const key = auditKey(data, loaded.battle, o, entries);
  checkAuditOutputs(o, key, range);
  const replay = replayedAudit(key);
  if (replay !== null) {
    await finishAudit(entries, replay.values, data, loaded, o, replay.command, 0, notPlayed(o), null);
    return;
  }
  const piece = entries.filter((e) => e.spec === undefined || (audited.indexOf(e) >= range.first && audited.indexOf(e) <= range.last));
  const progress = o.quiet === true || o.json === true || !process.stderr.isTTY ? undefined : showProgress;
  const values = await valueFormations(piece.filter((e) => e.spec !== undefined).map((e) => e.spec!), field, loaded.battle, { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, metric: o.metric, workers: o.workers, airDefence: battleAirDefence(data, loaded), airRaid: battleAirRaid(data, loaded), rules: rulesVariantOf(o.rules ?? 'netea'), ...(o.precision !== undefined ? { precision: o.precision } : {}) }, progress);
  if (o.chunks !== undefined || o.partialOut !== undefined) {
    writeAuditPartial(o, argv, key, audited.length, range, values);
    return;
  }
  await finishAudit(entries, values, data, loaded, o, argv, performance.now() - started, notPlayed(o), null);
}

/** What the audit's rules variant does not play, for its report's notes: the 2004 rulebook's. */
function notPlayed(o: AuditOptions): string[] {
  return variantNotes(o.rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea');
}
