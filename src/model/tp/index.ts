/** The NetEA Tournament Pack importer: public API. */
export { importTournamentPack, type TournamentPackImport } from './importer.js';
export {
  formatImportReport,
  type ImportDecision,
  type ImportKind,
  type ImportReport,
  type KindCount,
  type SpecialRuleEntry,
  type SpecialRuleStatus,
  type UnmappedItem,
} from './report.js';
export { parseDiceExpr, parseFirepower, parseRange, UNLIMITED_RANGE_CM, type ParsedFirepower, type ParsedRange } from './firepower.js';
export { extractCritical, parseCritical } from './criticals.js';
