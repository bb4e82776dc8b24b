import { DEFAULT_EPIC40K_OPTIONS, type Epic40kOptions } from '../model/options.js';
import { EPIC40K_ORDERS, type Epic40kDetachment, type Epic40kOrder, type Epic40kSpec, type Epic40kStep, type PlacedDetachment } from '../model/spec.js';
import { InputError, type Problem } from '../../../model/inputError.js';
import { checkSteps, dedupe, definedOnly, parameterCombinations, substitute, type LoadedExperiment, type Variant } from '../../../scenarios/loadExperiment.js';
import { parseEpic40kDetachment } from '../model/detachment.js';
import { loadEpic40kLists } from '../model/load.js';

/**
 * An experiment file with `"rules": "epic40k"` compiled into one Epic 40,000
 * engagement (src/rulesets/epic40k/model/spec.ts) per parameter combination:
 * the same file format as NetEA's (formations on sides A and B, a script,
 * turns, parameters or variants), read under the BattleBible's rules.
 *
 * - `formation`: a detachment written as units, nearest the enemy first
 *   ("6 Space Marines, 2 Rhino", "orks/8 Orks"); NetEA formations are refused.
 * - `order` on a formation: none, assault, overwatch or march (L920-942);
 *   a detachment that assaults defaults to assault, any other to none.
 * - `cover`: "none" or {"armour": 1} (woods, ruins, buildings) / {"armour": 2}
 *   (fortifications): the infantry armour bonus (L948-956).
 * - steps: `shoot` (the Shooting Procedure, L1023-1132), `assault` (charge,
 *   close combat, firefight, L1160-1261; `support` only war engines, L1184),
 *   `end-phase` (the Rally Phase, L1279-1308). NetEA's other steps and
 *   fields (actions, crossfire, action tests, overwatch fire, contact,
 *   aircraft, transports, off-table arrivals) are refused with their path.
 * - `epic40kOptions`: the switches of docs/epic40k.md.
 */

const NETEA_STEPS = new Set(['regroup', 'action-test', 'ground-attack', 'flak', 'intercept', 'arrive', 'orbital']);

/** Fields of a step that only NetEA reads, with what to write instead. */
const NETEA_STEP_FIELDS: Record<string, Record<string, string>> = {
  shoot: {
    action: 'NetEA actions do not exist in Epic 40,000: give the detachment\'s orders with "order" on its formation (none, assault, overwatch, march; L920-942)',
    crossfire: 'crossfire is a NetEA rule, not part of Epic 40,000',
    barrage: 'barrage fire is part of the Shooting Procedure in Epic 40,000 (L1328, L1348); there is nothing to switch',
    test: 'there are no action tests in Epic 40,000 (a detachment with Blast markers tests only to make an assault move, L1162)',
    retain: 'retaining the objective is a NetEA rule',
  },
  assault: {
    overwatch: 'NetEA overwatch fire; in Epic 40,000 overwatch is an order ("order": "overwatch" on the formation) and its fire is not part of the assault',
    contact: 'units in contact follow from the charge (L1160-1168) in Epic 40,000',
    test: 'there are no action tests in Epic 40,000 (the assault move test, L1162, is the switch epic40kOptions.assaultMoveTest)',
    retain: 'retaining the objective is a NetEA rule',
  },
};

const NETEA_FORMATION_FIELDS: Record<string, string> = {
  offTable: 'off-table arrivals (teleport, planetfall, drop pods) are not simulated under Epic 40,000',
  embarked: 'transports are not simulated under Epic 40,000',
};

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);

function rawAt(raw: unknown, ...keys: Array<string | number>): unknown {
  let at = raw;
  for (const k of keys) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[k];
  }
  return at;
}

/** Compiles an Epic 40,000 script experiment; every problem names the file and the path in it. */
export function compileEpic40kExperiment(loaded: LoadedExperiment): Array<Variant<Epic40kSpec, Epic40kDetachment>> {
  const { file, experiment, raw } = loaded;
  const problems: Problem[] = [];
  const script = experiment.engagement;
  if (!script) {
    const kind = experiment.fairCost ? 'fairCost' : 'matrix';
    throw new InputError([{ file, path: kind, message: `an Epic 40,000 experiment ("rules": "epic40k") is an "engagement" script; ${kind === 'fairCost' ? 'a fair cost of Epic 40,000 detachments runs from the command line (fair-cost --rules epic40k <detachment> --vs <detachment...> --engagement shoot|assault), not yet from an experiment file' : 'a matrix is NetEA\'s only so far'} (docs/epic40k.md)` }]);
  }
  const names = Object.keys(script.formations);
  const sides = new Map(names.map((n) => [n, script.formations[n]!.side]));
  if (![...sides.values()].includes('A') || ![...sides.values()].includes('B')) {
    problems.push({ file, path: 'engagement.formations', message: 'expected at least one formation on side "A" and one on side "B"' });
  }
  if (Object.values(experiment.options).some((v) => v !== undefined)) {
    problems.push({ file, path: 'options', message: 'NetEA rule options do not apply under "rules": "epic40k"; its switches go in "epic40kOptions" (docs/epic40k.md, Switches)' });
  }
  if (script.variants && Object.keys(script.parameters).length > 0) {
    problems.push({ file, path: 'engagement.variants', message: 'expected either "parameters" (every combination) or "variants" (the combinations listed), not both' });
  }
  if (names.length > 31) problems.push({ file, path: 'engagement.formations', message: 'at most 31 formations' });
  for (const name of names) {
    const f = script.formations[name]!;
    const at = `engagement.formations.${name}`;
    for (const [field, why] of Object.entries(NETEA_FORMATION_FIELDS)) {
      if (rawAt(raw, 'engagement', 'formations', name, field) !== undefined) problems.push({ file, path: `${at}.${field}`, message: why });
    }
    if (f.cover !== 'none' && !(typeof f.cover === 'object' && 'armour' in f.cover)) {
      problems.push({ file, path: `${at}.cover`, message: `${JSON.stringify(f.cover)} is NetEA cover; under Epic 40,000 cover is "none", {"armour": 1} (woods, ruins, buildings) or {"armour": 2} (fortifications), L948-956` });
    }
  }
  checkSteps(script, sides, file, problems);
  // Who assaults (their default order) and what each step may hold.
  const assaulting = new Set<string>();
  script.script.forEach((s, k) => {
    const at = `engagement.script[${k}]`;
    if (NETEA_STEPS.has(s.step)) {
      problems.push({ file, path: `${at}.step`, message: `"${s.step}" is a NetEA step; an Epic 40,000 script takes "shoot", "assault" and "end-phase" (the Rally Phase, L1279-1308) steps` });
      return;
    }
    for (const [field, why] of Object.entries(NETEA_STEP_FIELDS[s.step] ?? {})) {
      const given = rawAt(raw, 'engagement', 'script', k, field);
      if (given !== undefined && !(Array.isArray(given) && given.length === 0)) problems.push({ file, path: `${at}.${field}`, message: why });
    }
    if (s.step === 'assault') {
      list(s.by).forEach((n) => assaulting.add(n));
    }
  });
  /** Each formation's orders in one combination of the parameters. */
  const ordersFor = (values: Record<string, string>): Map<string, Epic40kOrder> => {
    const orders = new Map<string, Epic40kOrder>();
    for (const name of names) {
      const path = `engagement.formations.${name}.order`;
      const written = script.formations[name]!.order;
      const given = written === undefined ? undefined : substitute(written, values, file, path, problems);
      if (given !== undefined && !(EPIC40K_ORDERS as readonly string[]).includes(given)) {
        if (!given.includes('{{')) problems.push({ file, path, message: `"${given}" is not an order; expected ${EPIC40K_ORDERS.join(', ')} (L920-942)` });
        continue;
      }
      if (given !== undefined && given !== 'assault' && assaulting.has(name)) {
        problems.push({ file, path, message: `"${name}" assaults, so it is on Assault orders (L1162-1168), not ${given}; remove "order" or set it to "assault"` });
      }
      orders.set(name, (given as Epic40kOrder | undefined) ?? (assaulting.has(name) ? 'assault' : 'none'));
    }
    script.script.forEach((s, k) => {
      if (s.step === 'shoot' && orders.get(s.by) === 'march') problems.push({ file, path: `engagement.script[${k}].by`, message: `"${s.by}" is on March orders and may not shoot (L942)` });
    });
    return orders;
  };
  if (problems.length > 0) throw new InputError(dedupe(problems));

  const lists = loadEpic40kLists();
  const cache = new Map<string, Epic40kDetachment>();
  const switches: Epic40kOptions = { ...DEFAULT_EPIC40K_OPTIONS, ...definedOnly(experiment.epic40kOptions ?? {}) } as Epic40kOptions;
  const combinations = script.variants ? script.variants.map((v) => ({ values: v.values, label: v.label })) : parameterCombinations(script.parameters).map((values) => ({ values, label: undefined }));
  const variants: Array<Variant<Epic40kSpec, Epic40kDetachment>> = [];
  for (const { values, label: given } of combinations) {
    const formations: Epic40kDetachment[] = [];
    const placed: PlacedDetachment[] = [];
    const orders = ordersFor(values);
    for (const name of names) {
      const f = script.formations[name]!;
      const path = `engagement.formations.${name}.formation`;
      const text = substitute(f.formation, values, file, path, problems);
      let d = cache.get(text);
      if (!d) {
        try {
          d = parseEpic40kDetachment(lists, text);
          cache.set(text, d);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          for (const p of e.problems) problems.push({ file, path, message: `${p.file}: ${p.message}` });
          continue;
        }
      }
      formations.push(d);
      const g = experiment.geometry;
      const cover = typeof f.cover === 'object' && 'armour' in f.cover ? f.cover.armour : 0;
      placed.push({
        id: name,
        side: f.side === 'A' ? 0 : 1,
        formation: d,
        front: f.front ?? (f.side === 'A' ? 0 : g.gap),
        rankWidth: f.rankWidth ?? g.rankWidth,
        spacing: f.spacing ?? g.spacing,
        order: orders.get(name) ?? 'none',
        cover,
        ...(cover > 0 && f.coverUnits ? { coverUnits: f.coverUnits } : {}),
        blastMarkers: f.blastMarkers,
        broken: f.broken,
      });
    }
    if (formations.length < names.length) continue;
    const idx = (n: string) => names.indexOf(n);
    script.script.forEach((s, k) => {
      if (s.step !== 'assault') return;
      s.support.forEach((n, i) => {
        const d = formations[idx(n)]!;
        if (!d.units.some((u) => u.unit.kind === 'war-engine')) {
          problems.push({ file, path: `engagement.script[${k}].support[${i}]`, message: `"${n}" (${d.text}) has no war engine: only war engines lend support to a close combat from outside it (L1184); the units of the fighting detachments within 15 cm support it already` });
        }
      });
    });
    const steps: Epic40kStep[] = [];
    for (let turn = 1; turn <= script.turns; turn++) {
      for (const s of script.script) {
        const label = (text: string) => `turn ${turn}: ${s.label ?? text}`;
        switch (s.step) {
          case 'shoot':
            steps.push({ kind: 'shoot', label: label(`${s.by} shoots ${s.at}`), by: idx(s.by), at: idx(s.at) });
            break;
          case 'assault':
            steps.push({ kind: 'assault', label: label(`${list(s.by).join(' + ')} assaults ${list(s.at).join(' + ')}`), by: list(s.by).map(idx), at: list(s.at).map(idx), support: s.support.map(idx) });
            break;
          case 'end-phase':
            steps.push({ kind: 'rally', label: label('rally phase') });
            break;
          default:
            break;
        }
      }
      if (script.endOfTurn) steps.push({ kind: 'end-turn', label: `end of turn ${turn}` });
    }
    const label = given ?? Object.entries(values).map(([k, v]) => `${k}=${v}`).join(', ');
    variants.push({ name: label || experiment.name, values, names, formations, spec: { ruleset: 'epic40k', formations: placed, steps, options: switches } });
  }
  if (problems.length > 0) throw new InputError(dedupe(problems));
  return variants;
}
