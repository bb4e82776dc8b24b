import { Weapon, type WeaponMode } from '../schema.js';
import { formatPath } from '../inputError.js';
import type { Fields, FrontMatterFile } from './frontMatter.js';
import { parseFirepower, parseRange, UNLIMITED_RANGE_CM } from './firepower.js';
import type { ReportLog } from './report.js';
import { weaponRuleMapping, type RuleInfo } from './specialRules.js';

/** TP Knight Technology: "The Power Lance and Shock Lance may only be used if the unit's formation carried out an engage action." */
const ENGAGE_ONLY = new Set(['power-lance', 'shock-lance']);

const MODE_KEYS = new Set(['range', 'firepower', 'special_rules', 'boolean']);

export interface WeaponImport {
  /** Undefined when the weapon could not be represented (the log says why). */
  weapon?: Weapon;
  /** Special-rule ids the weapon's modes use, for the rule report. */
  rules: string[];
}

/**
 * One `_weapons/*.md` file → a Weapon. Each mode's range, firepower and special rules map
 * to the WeaponMode fields; rules the simulator does not model stay in `otherRules` by id.
 */
export function importWeapon(
  id: string,
  fm: FrontMatterFile,
  fields: Fields,
  rules: Map<string, RuleInfo>,
  log: ReportLog,
): WeaponImport {
  const name = fields.name(fm.data, 'name');
  const rawModes = fields.list(fm.data, 'modes');
  const used: string[] = [];
  if (name === undefined) return { rules: used };
  if (rawModes.length === 0) {
    fields.fail('modes', 'a list of at least one mode (range, firepower, special_rules)', fm.data.modes);
    return { rules: used };
  }
  const modes: WeaponMode[] = [];
  const notes: string[] = [];
  const problems: string[] = [];
  rawModes.forEach((raw, i) => {
    const path = `modes[${i}]`;
    const m = fields.mapping(raw, path);
    if (!m) return;
    for (const key of Object.keys(m)) {
      if (!MODE_KEYS.has(key)) log.decide(fm.file, id, `${path}.${key}: field not used by the importer (value ${JSON.stringify(m[key])})`);
    }
    const rangeText = fields.text(m, 'range', `${path}.range`);
    const fpText = fields.text(m, 'firepower', `${path}.firepower`);
    const ruleIds = fields.ids(m, 'special_rules').map(String);
    used.push(...ruleIds);
    const range = parseRange(rangeText);
    const fp = parseFirepower(fpText);
    if (!range.ok) {
      problems.push(`${path}: ${range.reason}`);
      return;
    }
    if (!fp.ok) {
      problems.push(`${path}: ${fp.reason}`);
      return;
    }
    const f = fp.value;
    let kind = range.value.kind;
    if (f.kind && f.kind !== kind) {
      log.decide(fm.file, id, `${path}: range "${rangeText}" with firepower "${fpText}": used the firepower's kind (${f.kind})`);
      kind = f.kind;
    }
    if (range.value.printed) {
      notes.push(
        range.value.range === UNLIMITED_RANGE_CM
          ? `${path} range printed "${range.value.printed}", stored as ${UNLIMITED_RANGE_CM}cm`
          : `${path} range printed "${range.value.printed}"`,
      );
    }
    const mode: WeaponMode = {
      range: range.value.range,
      kind,
      shots: f.shots ?? (f.empty ? 0 : 1),
      macroWeapon: false,
      ignoreCover: false,
      disrupt: false,
      lance: false,
      sniper: false,
      singleShot: false,
      slowFiring: false,
      indirectFire: false,
      firstStrike: false,
      guidedMissile: false,
      engageOnly: ENGAGE_ONLY.has(id),
      otherRules: [],
    };
    if (f.ap !== undefined) mode.ap = f.ap;
    if (f.at !== undefined) mode.at = f.at;
    if (f.aa !== undefined) mode.aa = f.aa;
    if (f.mw !== undefined) mode.mw = f.mw;
    if (f.bp !== undefined) mode.bp = f.bp;
    if (f.empty) notes.push(`${path} has no firepower of its own`);
    if (rawModes.length > 1) mode.label = [rangeText, fpText].filter((s) => s && s.trim() !== '').join(' ').trim() || undefined;
    if (mode.label === undefined) delete mode.label;
    for (const r of ruleIds) {
      const mapping = weaponRuleMapping(r, rules.get(r));
      if (!mapping) mode.otherRules.push(r);
      else if (mapping.field === 'flag') mode[mapping.flag] = true;
      else if (mapping.field === 'titanKiller') mode.titanKiller = mapping.value;
      else mode.extraAttacks = mapping.value;
    }
    const joined = fields.text(m, 'boolean', `${path}.boolean`);
    if (joined !== undefined) {
      const j = joined.trim().toLowerCase();
      if (i === 0) log.decide(fm.file, id, `${path}.boolean "${joined}" on the first mode ignored (nothing before it)`);
      else if (j === 'and') mode.combinedWithPrevious = true;
      else if (j !== 'or') problems.push(`${path}.boolean: "${joined}" is neither "and" nor "or"`);
    }
    modes.push(mode);
  });
  if (problems.length > 0) {
    log.unmap('weapon', fm.file, id, name, problems.join('; '));
    return { rules: used };
  }
  if (modes.length === 0) return { rules: used };
  const candidate: Weapon = { id, name, modes };
  if (notes.length > 0) candidate.notes = notes.join('. ');
  const parsed = Weapon.safeParse(candidate);
  if (!parsed.success) {
    log.unmap('weapon', fm.file, id, name, parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; '));
    return { rules: used };
  }
  return { weapon: parsed.data, rules: used };
}
