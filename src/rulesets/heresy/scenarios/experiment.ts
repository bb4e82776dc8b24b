import type { ExperimentStep } from '../../../model/experiment.js';
import { DEFAULT_HERESY_OPTIONS } from '../model/options.js';
import type { HeresyCover, HeresySpec, HeresyStep, HeresyUnit, PlacedHeresyUnit } from '../model/spec.js';
import { InputError, type Problem } from '../../../model/inputError.js';
import { checkSteps, dedupe, definedOnly, parameterCombinations, substitute, type LoadedExperiment, type Variant } from '../../../scenarios/loadExperiment.js';
import { loadHeresyProfiles } from '../model/load.js';
import { parseHeresyUnit } from '../model/unit.js';

/**
 * An experiment file with `"rules": "heresy"` compiled into one Heresy
 * engagement (src/rulesets/heresy/model/spec.ts) per parameter combination:
 * the file format of NetEA's and Epic 40,000's (formations on sides A and B,
 * a script, parameters or variants), read under the Heresy draft (seed 003).
 *
 * - `formation`: a unit written as stands of the illustrative profiles (or
 *   of a `--data` file), front first: "4 Space Marine, 1 Rhino".
 * - `front`: as elsewhere (side A at 0, side B at the gap by default); a
 *   shot's distance is the two fronts' difference (range A/B, L40-44).
 * - `cover`: "none", "soft", "hard" or "fortified" (L108-125);
 *   `broken: true` starts the unit Routed (L393-398); `order: "prepared"`
 *   puts it on first fire orders (prepared fire, L291-298; the charge check, L418).
 * - steps: `shoot` (every weapon in range, L20-74), `assault` (one unit
 *   charges one, `support` names the units within 15 cm, L193-308) and
 *   `end-phase` (its quality checks: suppression removal and broken troops,
 *   L309-319; src/rulesets/heresy/engine/endPhase.ts), repeated for `turns`
 *   turns, each closed by an end of turn. NetEA's and Epic 40,000's other
 *   steps and fields are refused with their path.
 * - `heresyOptions`: the switches of docs/heresy.md.
 */

/** Fields of a step that Heresy does not read, with why. */
const NOT_HERESY_STEP_FIELDS: Record<string, Record<string, string>> = {
  shoot: {
    action: 'a Heresy unit fires every weapon in range in its activation (L71-74): there are no NetEA actions',
    crossfire: 'crossfire is a NetEA rule; side and rear fire (L102-107) is not simulated under Heresy',
    barrage: 'barrages are not simulated under Heresy',
    test: 'there are no action tests in Heresy',
    retain: 'retaining the objective is a NetEA rule',
  },
  assault: {
    overwatch: 'NetEA overwatch fire; under Heresy a charged unit on first fire orders ("order": "prepared") fires at the chargers (L295-298)',
    contact: 'Heresy units in contact are the two engaged units (L193-217)',
    test: 'there are no action tests in Heresy; the charge check (L418) is the switch heresyOptions.chargeCheck',
    retain: 'retaining the objective is a NetEA rule',
  },
};

/** Formation fields Heresy does not read, with why. */
const NOT_HERESY_FORMATION_FIELDS: Record<string, string> = {
  rankWidth: 'Heresy units are simulated as a whole, without ranks',
  spacing: 'Heresy units are simulated as a whole, without ranks',
  coverUnits: 'under Heresy the whole unit is in the cover (docs/heresy.md)',
  blastMarkers: 'a Heresy unit starts without suppression chits (L141-192)',
  offTable: 'off-table arrivals are not simulated under Heresy',
  embarked: 'transports are not simulated under Heresy',
};

const COVERS: Record<string, HeresyCover> = { none: 0, soft: 1, hard: 2, fortified: 3 };

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);

/** The value at a path of the file's JSON as written, undefined when absent. */
function written(raw: unknown, ...keys: Array<string | number>): unknown {
  let at = raw;
  for (const k of keys) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[k];
  }
  return at;
}

/** How `run` describes a Heresy step in its report. */
export function describeHeresyStep(s: ExperimentStep): string {
  if (s.step === 'shoot') return `${s.by} fires every weapon in range at ${s.at}`;
  if (s.step === 'assault') return `${list(s.by).join(' + ')} charges ${list(s.at).join(' + ')}${s.support.length > 0 ? ` (support within 15 cm: ${s.support.join(', ')})` : ''}`;
  if (s.step === 'end-phase') return 'end phase (suppression removal, broken troops)';
  return s.step;
}

/** How `run` states a Heresy experiment's set-up in its report: the gap, the switches changed from their defaults, and what the shared words mean under Heresy. */
export function heresySettingsNote(x: Pick<LoadedExperiment['experiment'], 'geometry' | 'heresyOptions'>): string {
  const changed = Object.entries(x.heresyOptions ?? {}).filter(([, v]) => v !== undefined);
  return `Fronts ${x.geometry.gap} cm apart (unless a formation sets its own); ${changed.length ? `rule switches ${changed.map(([k, v]) => `${k}=${String(v)}`).join(', ')}` : 'default rule switches'} (docs/heresy.md). Blast markers are suppression chits; broken is Routed or past the break point (L508-525).`;
}

/** Refusals of everything a Heresy script cannot hold, each naming its path. */
function checkHeresyScript(loaded: LoadedExperiment, problems: Problem[]): void {
  const { file, experiment, raw } = loaded;
  const script = experiment.engagement!;
  const names = Object.keys(script.formations);
  const sides = new Map(names.map((n) => [n, script.formations[n]!.side]));
  if (![...sides.values()].includes('A') || ![...sides.values()].includes('B')) {
    problems.push({ file, path: 'engagement.formations', message: 'expected at least one formation on side "A" and one on side "B"' });
  }
  if (Object.values(experiment.options).some((v) => v !== undefined)) problems.push({ file, path: 'options', message: 'NetEA rule options do not apply under "rules": "heresy"; its switches go in "heresyOptions" (docs/heresy.md, Switches)' });
  if (script.variants && Object.keys(script.parameters).length > 0) problems.push({ file, path: 'engagement.variants', message: 'expected either "parameters" (every combination) or "variants" (the combinations listed), not both' });
  if (names.length > 31) problems.push({ file, path: 'engagement.formations', message: 'at most 31 formations' });
  for (const name of names) {
    const f = script.formations[name]!;
    const at = `engagement.formations.${name}`;
    for (const [field, why] of Object.entries(NOT_HERESY_FORMATION_FIELDS)) {
      if (written(raw, 'engagement', 'formations', name, field) !== undefined) problems.push({ file, path: `${at}.${field}`, message: why });
    }
    if (typeof f.cover !== 'string' || COVERS[f.cover] === undefined) problems.push({ file, path: `${at}.cover`, message: `${JSON.stringify(f.cover)} is not Heresy cover; expected "none", "soft", "hard" or "fortified" (L108-125)` });
    if (f.order !== undefined && f.order !== 'none' && f.order !== 'prepared') problems.push({ file, path: `${at}.order`, message: `"${f.order}" is not a Heresy order; expected "none" or "prepared" (first fire, L291-298)` });
  }
  checkSteps(script, sides, file, problems);
  script.script.forEach((s, k) => {
    const at = `engagement.script[${k}]`;
    if (s.step !== 'shoot' && s.step !== 'assault' && s.step !== 'end-phase') {
      problems.push({ file, path: `${at}.step`, message: `"${s.step}" is not a Heresy step; a Heresy script takes "shoot", "assault" and "end-phase" steps` });
      return;
    }
    for (const [field, reason] of Object.entries(NOT_HERESY_STEP_FIELDS[s.step] ?? {})) {
      const given = written(raw, 'engagement', 'script', k, field);
      if (given !== undefined && !(Array.isArray(given) && given.length === 0)) problems.push({ file, path: `${at}.${field}`, message: reason });
    }
    if (s.step === 'assault') {
      if (list(s.by).length !== 1) problems.push({ file, path: `${at}.by`, message: 'expected one charging unit: a Heresy assault is one unit against one (L193-217); name the others in "support"' });
      if (list(s.at).length !== 1) problems.push({ file, path: `${at}.at`, message: 'expected one charged unit: a Heresy assault is one unit against one (L193-217); name the others in "support"' });
    }
  });
}

/**
 * Compiles a Heresy script experiment; `profiles` is a user's profile file
 * (`--data`), read after the built-in one. Every problem names the file and
 * the path in it.
 */
export function compileHeresyExperiment(loaded: LoadedExperiment, profiles?: string): Array<Variant<HeresySpec, HeresyUnit>> {
  const { file, experiment } = loaded;
  const script = experiment.engagement;
  if (!script) {
    throw new InputError([{ file, path: experiment.fairCost ? 'fairCost' : 'matrix', message: 'a Heresy experiment ("rules": "heresy") is an "engagement" script: the seed has no points or army lists (docs/heresy.md)' }]);
  }
  const problems: Problem[] = [];
  checkHeresyScript(loaded, problems);
  if (problems.length > 0) throw new InputError(dedupe(problems));

  const sets = loadHeresyProfiles(profiles);
  const names = Object.keys(script.formations);
  const idx = (n: string) => names.indexOf(n);
  const options = { ...DEFAULT_HERESY_OPTIONS, ...definedOnly(experiment.heresyOptions ?? {}) };
  const combinations = script.variants ? script.variants.map((v) => ({ values: v.values, label: v.label })) : parameterCombinations(script.parameters).map((values) => ({ values, label: undefined }));
  const cache = new Map<string, HeresyUnit>();
  const variants: Array<Variant<HeresySpec, HeresyUnit>> = [];
  for (const { values, label } of combinations) {
    const formations: HeresyUnit[] = [];
    const placed: PlacedHeresyUnit[] = [];
    const fronts: number[] = [];
    for (const name of names) {
      const f = script.formations[name]!;
      const path = `engagement.formations.${name}.formation`;
      const text = substitute(f.formation, values, file, path, problems);
      let unit = cache.get(text);
      if (!unit) {
        try {
          unit = parseHeresyUnit(sets, text);
          cache.set(text, unit);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          for (const p of e.problems) problems.push({ file, path, message: `${p.file}: ${p.message}` });
          continue;
        }
      }
      formations.push(unit);
      fronts.push(f.front ?? (f.side === 'A' ? 0 : experiment.geometry.gap));
      placed.push({ id: name, side: f.side === 'A' ? 0 : 1, formation: unit, cover: COVERS[f.cover as string]!, quality: f.broken ? 2 : 0, suppressed: false, order: f.order === 'prepared' ? 'prepared' : 'none' });
    }
    if (formations.length < names.length) continue;
    const steps: HeresyStep[] = [];
    for (let turn = 1; turn <= script.turns; turn++) {
      const label = (s: ExperimentStep, text: string) => `turn ${turn}: ${s.label ?? text}`;
      for (const s of script.script) {
        if (s.step === 'shoot') steps.push({ kind: 'shoot', label: label(s, `${s.by} shoots ${s.at}`), by: idx(s.by), at: idx(s.at), distance: Math.abs(fronts[idx(s.at)]! - fronts[idx(s.by)]!) });
        else if (s.step === 'assault') {
          const [by, at] = [list(s.by)[0]!, list(s.at)[0]!];
          steps.push({ kind: 'assault', label: label(s, `${by} assaults ${at}`), by: [idx(by)], at: [idx(at)], support: s.support.map(idx) });
        } else steps.push({ kind: 'end-phase', label: label(s, 'end phase') });
      }
      if (script.endOfTurn) steps.push({ kind: 'end-turn', label: `end of turn ${turn}` });
    }
    const name = label ?? Object.entries(values).map(([k, v]) => `${k}=${v}`).join(', ');
    variants.push({ name: name || experiment.name, values, names, formations, spec: { ruleset: 'heresy', formations: placed, steps, options } });
  }
  if (problems.length > 0) throw new InputError(dedupe(problems));
  return variants;
}
