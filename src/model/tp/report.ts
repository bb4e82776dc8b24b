/**
 * What an import of a Tournament Pack checkout produced: counts per kind, every item the
 * importer could not represent (with the reason), the status of every special rule, and the
 * judgement calls it made along the way. Nothing read is dropped without a line here.
 */

export type ImportKind =
  | 'unit'
  | 'weapon'
  | 'special-rule'
  | 'force'
  | 'army-list'
  /** A table of an army-list page the HTML reader lost, whole or some of its rows. */
  | 'table'
  | 'formation'
  | 'upgrade'
  /** An upgrade of a list that no formation of the list takes. */
  | 'unoffered-upgrade'
  /** Another composition or size a formation row offers that cannot be fielded; the formation is fielded without it. */
  | 'formation-option'
  | 'initiative'
  /** A text of a list stating how the army is built that the construction reader cannot read into a rule. */
  | 'construction';

export interface KindCount {
  total: number;
  mapped: number;
}

export interface UnmappedItem {
  kind: ImportKind;
  /** The item's id (a file name without extension, or a formation/upgrade id inside an army list). */
  id: string;
  name: string;
  reason: string;
  /** The file it came from, relative to the checkout. */
  file: string;
}

export type SpecialRuleStatus = 'supported' | 'unsupported' | 'unknown';

export interface SpecialRuleEntry {
  id: string;
  name: string;
  /**
   * `supported`: mapped to a schema field or enum (an ability, damage capacity, a weapon flag...);
   * `unsupported`: kept by id in `otherRules` where it is used, for a simulation to name;
   * `unknown`: no unit, weapon, force or army list uses it, so the importer has nowhere to put it.
   */
  status: SpecialRuleStatus;
  /** For supported rules: the field it maps to ("abilities: fearless", "damageCapacity = 3"). */
  mappedTo?: string;
  /** How many units, weapon modes, forces and army lists use it. */
  usedBy: number;
}

/** A choice the importer made that a reader of the data should know about. */
export interface ImportDecision {
  file: string;
  id: string;
  message: string;
}

export interface ImportReport {
  /** The checkout that was read (as given). */
  source: string;
  /** The data set version: the git commit, or the commit from SOURCE.md, plus a content hash. */
  version: string;
  counts: {
    units: KindCount;
    weapons: KindCount;
    specialRules: KindCount;
    forces: KindCount;
    armyLists: KindCount;
    formations: KindCount;
    upgrades: KindCount;
    /** Upgrades some formation of their list takes (`mapped`), of all upgrades read. */
    upgradesOffered: KindCount;
    /** Texts of the army lists stating how an army is built (`total`), and those read into a construction rule (`mapped`). */
    construction: KindCount;
  };
  unmapped: UnmappedItem[];
  specialRules: SpecialRuleEntry[];
  decisions: ImportDecision[];
  /** Folders of the checkout the importer does not read, and why. */
  notRead: string[];
  /** Wall-clock time of the import, in milliseconds. */
  elapsedMs: number;
}

/** Collects unmapped items and decisions while the importer runs. */
export class ReportLog {
  readonly unmapped: UnmappedItem[] = [];
  readonly decisions: ImportDecision[] = [];

  unmap(kind: ImportKind, file: string, id: string, name: string, reason: string): void {
    this.unmapped.push({ kind, id, name, reason, file });
  }

  decide(file: string, id: string, message: string): void {
    this.decisions.push({ file, id, message });
  }
}

const KIND_LABEL: Record<keyof ImportReport['counts'], string> = {
  units: 'units',
  weapons: 'weapons',
  specialRules: 'special rules',
  forces: 'forces',
  armyLists: 'army lists',
  formations: 'formations',
  upgrades: 'upgrades',
  upgradesOffered: 'upgrades offered',
  construction: 'construction',
};

/** The report as text: version, counts, every unmapped item by name with its reason. */
export function formatImportReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(`Tournament Pack data set netea-tp, version ${report.version}`);
  lines.push(`read ${report.source} in ${report.elapsedMs} ms`);
  lines.push('');
  lines.push(`${'kind'.padEnd(16)} ${'mapped'.padStart(6)} / total`);
  for (const key of Object.keys(KIND_LABEL) as Array<keyof ImportReport['counts']>) {
    const c = report.counts[key];
    let extra = '';
    if (key === 'specialRules') {
      const unsupported = report.specialRules.filter((r) => r.status === 'unsupported').length;
      const unknown = report.specialRules.filter((r) => r.status === 'unknown').length;
      extra = `  (supported; ${unsupported} unsupported, kept by id in otherRules; ${unknown} unknown)`;
    }
    if (key === 'upgradesOffered') extra = '  (taken by some formation of their list)';
    if (key === 'construction') extra = '  (texts on how an army is built, read into rules)';
    lines.push(`${KIND_LABEL[key].padEnd(16)} ${String(c.mapped).padStart(6)} / ${c.total}${extra}`);
  }
  lines.push('');
  if (report.unmapped.length === 0) lines.push('Unmapped: none');
  else {
    lines.push(`Unmapped (${report.unmapped.length}):`);
    const byKind = new Map<ImportKind, UnmappedItem[]>();
    for (const u of report.unmapped) byKind.set(u.kind, [...(byKind.get(u.kind) ?? []), u]);
    for (const [kind, items] of byKind) {
      lines.push(`  ${kind} (${items.length})`);
      for (const u of items) lines.push(`    ${u.name} [${u.id}]: ${u.reason}`);
    }
  }
  const unsupported = report.specialRules.filter((r) => r.status === 'unsupported').map((r) => r.id);
  if (unsupported.length > 0) {
    lines.push('');
    lines.push(`Special rules the simulator does not model (kept by id in otherRules, ${unsupported.length}):`);
    lines.push(`  ${unsupported.join(', ')}`);
  }
  lines.push('');
  lines.push(`${report.decisions.length} import decisions (defaults picked, spellings corrected, ...) are listed with --json.`);
  if (report.notRead.length > 0) lines.push(`Not read: ${report.notRead.join('; ')}`);
  return lines.join('\n');
}
