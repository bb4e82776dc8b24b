import type { Cover, ExperimentStep, ScriptExperiment } from '../../../model/experiment.js';
import { fightersOnly, flyingKind, hasAntiAircraft, type FlyingKind } from '../../../model/flyingKind.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { InputError, type Problem } from '../../../model/inputError.js';
import { checkSteps, dedupe, definedOnly, parameterCombinations, substitute, type LoadedExperiment, type Variant } from '../../../scenarios/loadExperiment.js';
import { boughtPositionsProblem } from '../engine/boughtPositions.js';
import { embarkationProblem } from '../engine/transport/embarkation.js';
import { variantOptions } from '../model/rulesVariant.js';
import type { ActionName, CoverSpec, EngagementSpec, NeteaOptions, PlacedFormation, Step } from '../model/spec.js';

/** A NetEA (or 2004 rulebook) experiment's variant: an engagement of formations. */
export type NeteaVariant = Variant<EngagementSpec, FormationSpec>;

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);

/**
 * Compiles a script experiment into one engagement per parameter combination.
 * Formation strings are resolved against the data set; every step must name
 * formations the file defines, on the right sides, each able to take its part
 * (ground, aircraft or spacecraft). All problems are reported together.
 */
export function compileScriptExperiment(loaded: LoadedExperiment): NeteaVariant[] {
  const { file, experiment, data } = loaded;
  const script = experiment.engagement!;
  const problems: Problem[] = [];
  const names = Object.keys(script.formations);
  const sides = new Map(names.map((n) => [n, script.formations[n]!.side]));
  if (![...sides.values()].includes('A') || ![...sides.values()].includes('B')) {
    problems.push({ file, path: 'engagement.formations', message: 'expected at least one formation on side "A" and one on side "B"' });
  }
  if (experiment.rules === 'epic40k') problems.push({ file, path: 'rules', message: 'an Epic 40,000 script is compiled by compileEpic40kExperiment (src/rulesets/epic40k/scenarios/experiment.ts)' });
  if (experiment.rules === 'heresy') problems.push({ file, path: 'rules', message: 'a Heresy script is compiled by compileHeresyExperiment (src/rulesets/heresy/scenarios/experiment.ts)' });
  for (const name of names) {
    const f = script.formations[name]!;
    if (f.order !== undefined) problems.push({ file, path: `engagement.formations.${name}.order`, message: 'orders are Epic 40,000\'s ("rules": "epic40k"); a NetEA formation takes its action in the shoot step ("action")' });
    if (f.cover === 'soft' || f.cover === 'hard' || f.cover === 'fortified') problems.push({ file, path: `engagement.formations.${name}.cover`, message: `"${f.cover}" is Heresy cover ("rules": "heresy"); NetEA cover is "none", "obscured", {"save": 2-6} or a fortified position: "bunker", "gun-emplacement", "trench"` });
    if (typeof f.cover === 'object' && 'armour' in f.cover) problems.push({ file, path: `engagement.formations.${name}.cover`, message: `{"armour": 1|2} is Epic 40,000 cover ("rules": "epic40k"); NetEA cover is "none", "obscured", {"save": 2-6} or a fortified position: "bunker", "gun-emplacement", "trench"` });
  }
  checkSteps(script, sides, file, problems);
  if (script.variants && Object.keys(script.parameters).length > 0) {
    problems.push({ file, path: 'engagement.variants', message: 'expected either "parameters" (every combination) or "variants" (the combinations listed), not both' });
  }
  if (names.length > 31) problems.push({ file, path: 'engagement.formations', message: 'at most 31 formations' });
  if (problems.length > 0) throw new InputError(problems);

  const variants: NeteaVariant[] = [];
  const cache = new Map<string, FormationSpec>();
  const combinations = script.variants ? script.variants.map((v) => ({ values: v.values, label: v.label })) : parameterCombinations(script.parameters).map((values) => ({ values, label: undefined }));
  for (const { values, label: given } of combinations) {
    const formations: FormationSpec[] = [];
    const placed: PlacedFormation[] = [];
    const resolved = new Map<string, { spec: FormationSpec; text: string }>();
    names.forEach((name) => {
      const f = script.formations[name]!;
      const path = `engagement.formations.${name}.formation`;
      const text = substitute(f.formation, values, file, path, problems);
      let spec = cache.get(text);
      if (!spec) {
        try {
          spec = parseFormation(data, text);
          const special = spec.units.find((u) => u.unit.type === 'Special');
          if (special) problems.push({ file, path, message: `"${special.unit.name}" is a special unit (Special); engagements take ground (INF, LV, AV, WE), aircraft (AC, AC/WE) and spacecraft (SC) units` });
          else if (flyingKind(spec) === null) problems.push({ file, path, message: `"${text}" mixes aircraft or spacecraft with ground units; expected a formation of one kind (RB 4.1)` });
          cache.set(text, spec);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          for (const p of e.problems) problems.push({ file, path, message: p.message });
          return;
        }
      }
      const cannotEmbark = f.embarked ? embarkationProblem(spec) : null;
      if (cannotEmbark !== null) problems.push({ file, path: `engagement.formations.${name}.embarked`, message: `"${text}": ${cannotEmbark}` });
      formations.push(spec);
      resolved.set(name, { spec, text });
      const g = experiment.geometry;
      placed.push({
        id: name,
        side: f.side === 'A' ? 0 : 1,
        formation: spec,
        front: f.front ?? (f.side === 'A' ? 0 : g.gap),
        rankWidth: f.rankWidth ?? g.rankWidth,
        spacing: f.spacing ?? g.spacing,
        cover: neteaCover(f.cover),
        blastMarkers: f.blastMarkers,
        broken: f.broken,
        ...(f.coverUnits ? { coverUnits: f.coverUnits } : {}),
        ...(f.offTable ? { offTable: true } : {}),
        ...(f.embarked ? { embarked: true } : {}),
      });
    });
    checkRoles(script, resolved, file, problems);
    const steps: Step[] = [];
    for (let turn = 1; turn <= script.turns; turn++) {
      script.script.forEach((s, k) => steps.push(compileStep(s, names, values, turn, `engagement.script[${k}]`, file, problems, placed.map((p) => p.front))));
      if (script.endOfTurn) steps.push({ kind: 'end-turn', label: `end of turn ${turn}` });
    }
    const label = given ?? Object.entries(values).map(([k, v]) => `${k}=${v}`).join(', ');
    // The rules variant's switches first (rulesVariant.ts), then any the experiment sets itself.
    const spec: EngagementSpec = { ruleset: 'netea', formations: placed, steps, options: { ...variantOptions(experiment.rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea'), ...definedOnly(experiment.options) } as NeteaOptions };
    placed.forEach((pf, f) => {
      const problem = boughtPositionsProblem(spec, f);
      if (problem !== null) problems.push({ file, path: `engagement.formations.${pf.id}.coverUnits`, message: problem });
    });
    variants.push({ name: label || experiment.name, values, names, formations, spec });
  }
  if (problems.length > 0) throw new InputError(dedupe(problems));
  return variants;
}

/** A formation's cover as the NetEA engine takes it; another system's cover was refused with a problem. */
function neteaCover(c: Cover): CoverSpec {
  if (c === 'obscured') return { kind: 'obscured' };
  if (c === 'bunker' || c === 'gun-emplacement' || c === 'trench') return { kind: 'position', position: c };
  if (typeof c === 'object' && 'save' in c) return { kind: 'save', save: c.save };
  return { kind: 'none' };
}

const KIND_NAMES: Record<FlyingKind, string> = { ground: 'a ground formation', aircraft: 'an aircraft formation', spacecraft: 'a spacecraft formation' };

/** What a step needs of a formation: its kind, and for anti-aircraft fire an AA weapon and fighters. */
interface Role {
  kind: FlyingKind;
  aa?: boolean;
  fighters?: boolean;
  expected: string;
}

const GROUND: Role = { kind: 'ground', expected: 'a ground formation: shoot and assault steps take ground formations; aircraft use ground-attack, intercept and flak steps (RB 4.2), spacecraft orbital steps (RB 4.3)' };
const TARGET: Role = { kind: 'ground', expected: 'a ground formation to attack (aircraft and spacecraft cannot be shot at or assaulted, RB 4.1.2)' };
const AIR_TARGET: Role = { kind: 'aircraft', expected: 'an aircraft formation (AC or AC/WE units) to fire at (RB 4.2.3)' };
const FLAK: Role = { kind: 'ground', aa: true, expected: 'a ground formation with an AA weapon to fire flak (RB 4.2.4)' };
const FIGHTERS: Role = { kind: 'aircraft', aa: true, fighters: true, expected: 'fighters or fighter-bombers with an AA weapon, the only aircraft that intercept or fly combat air patrol (RB 4.2.1)' };

/**
 * Checks that each step's formations can take their part (RB 4.1-4.3): ground
 * formations shoot, assault and fire flak; aircraft make ground attacks, and
 * fighters intercept; spacecraft bombard from orbit. `formations` holds each
 * resolved formation with its formation string; those that failed to resolve
 * are left out (their problem is already reported).
 */
function checkRoles(script: ScriptExperiment, formations: Map<string, { spec: FormationSpec; text: string }>, file: string, problems: Problem[]): void {
  const role = (name: string, path: string, r: Role) => {
    const { spec: f, text } = formations.get(name) ?? {};
    const kind = f && flyingKind(f);
    if (!f || !kind) return;
    let wrong: string | null = null;
    if (kind !== r.kind) wrong = KIND_NAMES[kind];
    else if (r.fighters && !fightersOnly(f)) wrong = 'an aircraft formation that is not all fighters or fighter-bombers';
    else if (r.aa && !hasAntiAircraft(f)) wrong = `${KIND_NAMES[kind]} with no AA weapon`;
    if (wrong) problems.push({ file, path, message: `"${name}" (${text}) is ${wrong}; expected ${r.expected}` });
  };
  script.script.forEach((s, k) => {
    const at = `engagement.script[${k}]`;
    switch (s.step) {
      case 'shoot':
        role(s.by, `${at}.by`, GROUND);
        role(s.at, `${at}.at`, GROUND);
        break;
      case 'assault':
        for (const field of ['by', 'at', 'support', 'overwatch'] as const) {
          const v = s[field];
          list(v).forEach((n, i) => role(n, `${at}.${field}${Array.isArray(v) ? `[${i}]` : ''}`, GROUND));
        }
        break;
      case 'ground-attack':
        role(s.by, `${at}.by`, { kind: 'aircraft', expected: 'an aircraft formation (AC or AC/WE units) to make the ground attack (RB 4.2.2)' });
        role(s.at, `${at}.at`, TARGET);
        s.flak.forEach((n, i) => role(n, `${at}.flak[${i}]`, FLAK));
        if (s.cap !== undefined) role(s.cap, `${at}.cap`, FIGHTERS);
        break;
      case 'flak':
        role(s.by, `${at}.by`, FLAK);
        role(s.at, `${at}.at`, AIR_TARGET);
        break;
      case 'intercept':
        role(s.by, `${at}.by`, FIGHTERS);
        role(s.at, `${at}.at`, AIR_TARGET);
        break;
      case 'orbital':
        role(s.by, `${at}.by`, { kind: 'spacecraft', expected: 'a spacecraft formation (SC units) to bombard from orbit (RB 4.3)' });
        role(s.at, `${at}.at`, TARGET);
        break;
      case 'arrive':
        role(s.formation, `${at}.formation`, { kind: 'ground', expected: 'a ground formation to land or teleport (RB 2.1.17, 4.4)' });
        break;
      case 'regroup':
      case 'action-test':
      case 'end-phase':
        break;
    }
  });
}

function compileStep(s: ExperimentStep, names: string[], values: Record<string, string>, turn: number, path: string, file: string, problems: Problem[], fronts: number[]): Step {
  const idx = (n: string) => names.indexOf(n);
  const label = (text: string) => `turn ${turn}: ${s.label ?? text}`;
  switch (s.step) {
    case 'shoot': {
      const action = substitute(s.action, values, file, `${path}.action`, problems);
      if (!['advance', 'double', 'sustained', 'marshal', 'overwatch'].includes(action)) {
        problems.push({ file, path: `${path}.action`, message: `"${action}" is not an action; expected advance, double, sustained, marshal or overwatch` });
      }
      return { kind: 'shoot', label: label(`${s.by} shoots ${s.at} (${action})`), by: idx(s.by), at: idx(s.at), action: action as ActionName, crossfire: s.crossfire, barrage: s.barrage, test: s.test, retain: s.retain };
    }
    case 'assault':
      return {
        kind: 'assault',
        label: label(`${list(s.by).join(' + ')} assaults ${list(s.at).join(' + ')}`),
        by: list(s.by).map(idx),
        at: list(s.at).map(idx),
        support: s.support.map(idx),
        overwatch: s.overwatch.map(idx),
        test: s.test,
        retain: s.retain,
        ...(s.contact !== undefined ? { contact: s.contact } : {}),
      };
    case 'regroup':
      return { kind: 'regroup', label: label(`${s.formation} regroups`), formation: idx(s.formation), test: s.test, retain: s.retain };
    case 'action-test':
      return { kind: 'action-test', label: label(`${s.formation} action test (${s.action})`), formation: idx(s.formation), action: s.action, retain: s.retain };
    case 'end-phase':
      return { kind: 'end-phase', label: label('end phase') };
    case 'ground-attack':
      return {
        kind: 'ground-attack',
        label: label(`${s.by} ground attack on ${s.at}`),
        by: idx(s.by),
        at: idx(s.at),
        flak: s.flak.map(idx),
        cap: s.cap === undefined ? -1 : idx(s.cap),
        test: s.test,
        retain: s.retain,
      };
    case 'flak':
      return { kind: 'flak', label: label(`${s.by} flak at ${s.at} (${s.phase})`), by: idx(s.by), at: idx(s.at), phase: s.phase, moved: s.moved };
    case 'intercept':
      return { kind: 'intercept', label: label(`${s.by} intercepts ${s.at}`), by: idx(s.by), at: idx(s.at), test: s.test, retain: s.retain };
    case 'orbital':
      return { kind: 'orbital', label: label(`${s.by} orbital attack on ${s.at}`), by: idx(s.by), at: idx(s.at), test: s.test, retain: s.retain };
    case 'arrive':
      return { kind: 'arrive', label: label(`${s.formation} arrives (${s.method})`), formation: idx(s.formation), front: s.front ?? fronts[idx(s.formation)]!, method: s.method };
  }
}
