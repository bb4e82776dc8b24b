import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataset, type Dataset, TOURNAMENT_PACK_DATASET_ID, type NamedDatasheet } from '../dataset.js';
import { InputError, type Problem } from '../inputError.js';
import { Force, type DatasheetFile, type Unit, type Weapon } from '../schema.js';
import { importArmyList } from './armyLists.js';
import { Fields, readFrontMatter, type FrontMatterFile } from './frontMatter.js';
import { ReportLog, type ImportReport, type KindCount, type SpecialRuleEntry } from './report.js';
import { armyRuleMapping, describeMapping, type RuleInfo } from './specialRules.js';
import { importUnit } from './units.js';
import { checkoutVersion } from './version.js';
import { isId, slug } from './text.js';
import { importWeapon } from './weapons.js';

/** The data folders of a Tournament Pack checkout, under `_site`. */
const FOLDERS = ['_units', '_weapons', '_special_rules', '_forces', '_army_lists'] as const;

export interface TournamentPackImport {
  dataset: Dataset;
  report: ImportReport;
}

interface SourceFile {
  /** The id the file gives its item: the file name without its extension. */
  id: string;
  /** Path relative to the checkout, for messages. */
  file: string;
  text: string;
}

/** Finds `_site` in a checkout (or accepts the `_site` folder itself). */
function siteOf(dir: string): { site: string; prefix: string } {
  const problem = (message: string): InputError => new InputError([{ file: dir, path: '', message }]);
  if (!existsSync(dir)) throw problem('no such directory; expected a checkout of the NetEA Tournament Pack (dsusco/tp.net-armageddon.org)');
  if (!statSync(dir).isDirectory()) throw problem('not a directory; expected a checkout of the NetEA Tournament Pack');
  const candidates = [
    { site: join(dir, '_site'), prefix: '_site/' },
    { site: dir, prefix: '' },
  ];
  for (const c of candidates) {
    if (FOLDERS.every((f) => existsSync(join(c.site, f)))) return c;
  }
  const found = existsSync(join(dir, '_site')) ? FOLDERS.filter((f) => !existsSync(join(dir, '_site', f))) : null;
  throw problem(
    found
      ? `not a Tournament Pack checkout: _site lacks ${found.join(', ')}`
      : `not a Tournament Pack checkout: expected a _site folder holding ${FOLDERS.join(', ')}`,
  );
}

function readFolder(site: string, prefix: string, folder: string, ext: string, hash: ReturnType<typeof createHash>): SourceFile[] {
  return readdirSync(join(site, folder))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => {
      const text = readFileSync(join(site, folder, f), 'utf8');
      const file = `${prefix}${folder}/${f}`;
      hash.update(file).update('\0').update(text).update('\0');
      return { id: f.slice(0, -ext.length), file, text };
    });
}

/**
 * Reads a checkout of the NetEA Tournament Pack repository (its `_site` data folders) into
 * the project's data model, validates every item with the zod schemas and builds the
 * cross-checked data set `netea-tp`. Bad input (not a checkout, malformed front matter,
 * fields of the wrong shape) throws an InputError naming each file, path and expectation;
 * items the importer cannot represent are left out and listed in the report with the reason.
 */
export function importTournamentPack(dir: string): TournamentPackImport {
  const started = performance.now();
  const { site, prefix } = siteOf(dir);
  const hash = createHash('sha256');
  const src = {
    units: readFolder(site, prefix, '_units', '.md', hash),
    weapons: readFolder(site, prefix, '_weapons', '.md', hash),
    rules: readFolder(site, prefix, '_special_rules', '.md', hash),
    forces: readFolder(site, prefix, '_forces', '.md', hash),
    armies: readFolder(site, prefix, '_army_lists', '.html', hash),
  };
  const problems: Problem[] = [];
  const log = new ReportLog();
  const parse = (f: SourceFile): FrontMatterFile | undefined => readFrontMatter(f.file, f.text, problems);
  const idOf = (f: SourceFile, kind: string): string => {
    if (isId(f.id)) return f.id;
    const id = slug(f.id);
    log.decide(f.file, id, `${kind} file name "${f.id}" is not a kebab-case id; used "${id}"`);
    return id;
  };

  // Special rules: names (with the values of parameterised rules) for the mapping.
  const rules = new Map<string, RuleInfo>();
  const ruleText = new Map<string, string>();
  for (const f of src.rules) {
    const fm = parse(f);
    if (!fm) continue;
    ruleText.set(f.id, fm.body);
    const fields = new Fields(f.file, problems);
    const name = fields.name(fm.data, 'name');
    if (name === undefined) continue;
    const info: RuleInfo = { id: f.id, name, file: f.file };
    const abbr = fields.text(fm.data, 'abbr');
    if (abbr !== undefined) info.abbr = abbr;
    rules.set(f.id, info);
  }
  const ruleUse = new Map<string, number>();
  const useRules = (ids: string[]) => ids.forEach((r) => ruleUse.set(r, (ruleUse.get(r) ?? 0) + 1));
  const ruleUsers = new Map<string, string>();
  const noteUser = (ids: string[], file: string) => ids.forEach((r) => ruleUsers.has(r) || ruleUsers.set(r, file));

  // Weapons.
  const weapons = new Map<string, Weapon>();
  const weaponProblems = new Map<string, string>();
  let weaponsMapped = 0;
  for (const f of src.weapons) {
    const fm = parse(f);
    if (!fm) continue;
    const id = idOf(f, 'weapon');
    const before = log.unmapped.length;
    const r = importWeapon(id, fm, new Fields(f.file, problems), rules, log);
    useRules(r.rules);
    noteUser(r.rules, f.file);
    if (r.weapon) {
      weapons.set(f.id, r.weapon);
      weaponsMapped += 1;
    } else if (log.unmapped.length > before) weaponProblems.set(f.id, log.unmapped[log.unmapped.length - 1]!.reason);
  }

  // Units.
  const units = new Map<string, Unit>();
  const unitIdOf = new Map<string, string>();
  for (const f of src.units) {
    const fm = parse(f);
    if (!fm) continue;
    const id = idOf(f, 'unit');
    const r = importUnit(id, fm, new Fields(f.file, problems), rules, weapons, weaponProblems, log);
    useRules(r.rules);
    noteUser(r.rules, f.file);
    if (r.unit) {
      units.set(r.unit.id, r.unit);
      unitIdOf.set(f.id, r.unit.id);
    }
  }

  // Forces.
  const forces: Force[] = [];
  const forceUnits = new Map<string, { units: string[] }>();
  let forcesMapped = 0;
  for (const f of src.forces) {
    const fm = parse(f);
    if (!fm) continue;
    const fields = new Fields(f.file, problems);
    const id = idOf(f, 'force');
    const name = fields.name(fm.data, 'name');
    const unitIds = fields.ids(fm.data, 'units');
    const ruleIds = fields.ids(fm.data, 'special_rules');
    useRules(ruleIds);
    noteUser(ruleIds, f.file);
    if (name === undefined) continue;
    const missing: string[] = [];
    const members: string[] = [];
    for (const u of unitIds) {
      const uid = unitIdOf.get(u);
      if (uid) members.push(uid);
      else missing.push(u);
    }
    const force: Force = {
      id,
      name,
      rules: ruleIds.map(armyRuleMapping).filter((r): r is NonNullable<typeof r> => r !== undefined),
      otherRules: ruleIds.filter((r) => armyRuleMapping(r) === undefined),
      units: members,
    };
    const parsed = Force.safeParse(force);
    if (!parsed.success) {
      log.unmap('force', f.file, id, name, parsed.error.issues.map((i) => i.message).join('; '));
      continue;
    }
    forces.push(parsed.data);
    forceUnits.set(id, { units: members });
    if (missing.length > 0) {
      log.unmap('force', f.file, id, name, `units not imported (see their own entries): ${missing.join(', ')}`);
    } else forcesMapped += 1;
  }

  // Army lists.
  const armies: NamedDatasheet[] = [];
  const counts = { formations: { total: 0, mapped: 0 }, upgrades: { total: 0, mapped: 0, offered: 0 }, construction: { total: 0, mapped: 0 } };
  const mountWeapons = new Set([...weapons.values()].filter((w) => w.modes.every((m) => m.otherRules.includes('weapon-mount'))).map((w) => w.id));
  let armiesMapped = 0;
  for (const f of src.armies) {
    const fm = parse(f);
    if (!fm) continue;
    const id = idOf(f, 'army list');
    const r = importArmyList(id, fm, new Fields(f.file, problems), units, forceUnits, mountWeapons, ruleText, log);
    useRules(r.rules);
    noteUser(r.rules, f.file);
    counts.formations.total += r.formations.total;
    counts.formations.mapped += r.formations.mapped;
    counts.upgrades.total += r.upgrades.total;
    counts.upgrades.mapped += r.upgrades.mapped;
    counts.upgrades.offered += r.upgrades.offered;
    counts.construction.total += r.construction.total;
    counts.construction.mapped += r.construction.mapped;
    if (r.army) {
      armiesMapped += 1;
      armies.push({ file: f.file, data: sheet({ armies: [r.army] }) });
    }
  }

  if (problems.length > 0) throw new InputError(problems);

  // Special rules referenced without a file.
  for (const [r, n] of ruleUse) {
    if (!rules.has(r)) log.unmap('special-rule', ruleUsers.get(r) ?? '', r, r, `used ${n} time(s) but there is no _special_rules/${r}.md`);
  }
  const specialRules: SpecialRuleEntry[] = [...rules.values()].map((info) => {
    const mappedTo = describeMapping(info.id, info);
    const usedBy = ruleUse.get(info.id) ?? 0;
    const entry: SpecialRuleEntry = {
      id: info.id,
      name: info.name,
      status: mappedTo ? 'supported' : usedBy > 0 ? 'unsupported' : 'unknown',
      usedBy,
    };
    if (mappedTo) entry.mappedTo = mappedTo;
    if (entry.status === 'unknown') {
      log.unmap('special-rule', info.file, info.id, info.name, 'no unit, weapon, force or army list uses it and the importer has no field for it');
    }
    return entry;
  });

  const sheets: NamedDatasheet[] = [
    ...[...weapons.values()].map((w) => ({ file: `${prefix}_weapons/${w.id}.md`, data: sheet({ weapons: [w] }) })),
    ...[...units.values()].map((u) => ({ file: `${prefix}_units/${u.id}.md`, data: sheet({ units: [u] }) })),
    ...forces.map((fo) => ({ file: `${prefix}_forces/${fo.id}.md`, data: sheet({ forces: [fo] }) })),
    ...armies,
  ];
  const version = checkoutVersion(dir, hash.digest('hex'));
  const dataset = buildDataset(TOURNAMENT_PACK_DATASET_ID, version, sheets);

  const count = (total: number, mapped: number): KindCount => ({ total, mapped });
  const report: ImportReport = {
    source: dir,
    version,
    counts: {
      units: count(src.units.length, units.size),
      weapons: count(src.weapons.length, weaponsMapped),
      specialRules: count(src.rules.length, specialRules.filter((r) => r.status === 'supported').length),
      forces: count(src.forces.length, forcesMapped),
      armyLists: count(src.armies.length, armiesMapped),
      formations: count(counts.formations.total, counts.formations.mapped),
      upgrades: count(counts.upgrades.total, counts.upgrades.mapped),
      upgradesOffered: count(counts.upgrades.total, counts.upgrades.offered),
      construction: count(counts.construction.total, counts.construction.mapped),
    },
    unmapped: log.unmapped,
    specialRules,
    decisions: log.decisions,
    notRead: [`${prefix}_faqs: FAQ rulings are prose, not data the model holds`],
    elapsedMs: Math.round(performance.now() - started),
  };
  return { dataset, report };
}

function sheet(part: Partial<DatasheetFile>): DatasheetFile {
  return { weapons: [], units: [], forces: [], armies: [], ...part };
}
