import { InputError } from '../../src/model/inputError.js';
import { SHOOT_ACTIONS, type ShootAction } from '../../src/model/shootActions.js';
import { CLI_DEFAULTS } from '../../src/model/oneStepDefaults.js';

/**
 * The page's URL hash: a scenario in the command line's own words.
 *
 *   #shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=20000&seed=play
 *   #assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&support=4%20Devastator
 *   #shoot-assault=4%20Devastator&at=8%20Ork%20Boyz&compare=6%20Tactical
 *
 * `shoot=` or `assault=` names the command and its formation; every other key
 * is one of the command's options without its dashes (`target-bm=2` is
 * `--target-bm 2`); a flag is its key alone (`crossfire`, `cover`), a
 * repeatable option repeats (`support=A&support=B`). Values are
 * percent-encoded (%20 for a space; a `+` is a plus, as in
 * "codex-astartes/tactical+razorbacks"). Keys are only ever added, never
 * renamed (docs/playground.md).
 */

/** The command line's seed and chunk size, which a link leaves out when it keeps them (`--seed`, `--chunk-size`). */
export const RUN_DEFAULTS = { seed: CLI_DEFAULTS.seed, chunkSize: CLI_DEFAULTS.chunkSize } as const;

/** A one-step command of the command line, or a short script (an experiment for `epic-balance run`). */
export type Command = 'shoot' | 'assault' | 'shoot-assault';

export const COMMANDS: readonly Command[] = ['shoot', 'assault', 'shoot-assault'];

/** A scenario as words; an option left out takes the command's default. */
export interface PageScenario {
  command: Command;
  formation: string;
  at: string;
  trials?: number;
  seed?: string;
  chunkSize?: number;
  /** Worker threads to run on; does not change the numbers. */
  workers?: number;
  /** "builtin", or the name of the Tournament Pack checkout loaded in the page (its folder, or its zip without ".zip"). */
  data?: string;
  action?: ShootAction;
  gap?: number;
  /** true: `cover` alone (obscured); a string: the cover save or a fortified position, as `--cover` takes them. */
  cover?: string | true;
  crossfire?: boolean;
  bm?: number;
  targetBm?: number;
  targetBroken?: boolean;
  test?: boolean;
  rankWidth?: number;
  spacing?: number;
  /** Assault. */
  support?: string[];
  targetSupport?: string[];
  supportGap?: number;
  contact?: number;
  /** Shoot, aerospace. */
  flak?: string[];
  noTargetFlak?: boolean;
  cap?: string;
  phase?: 'approach' | 'disengagement';
  moved?: boolean;
  /** The target's units that can ride start in its transports (--embarked). */
  embarked?: boolean;
  /** Assault: the attacker's units start embarked and disembark at the charge (--attacker-embarked). */
  attackerEmbarked?: boolean;
  /** Compare mode: variant B's attacker and target (default: variant A's); run as an experiment on common random numbers. */
  compare?: string;
  compareAt?: string;
}

type Kind = 'text' | 'whole0' | 'whole1' | 'cm' | 'flag' | 'cover' | 'action' | 'phase' | 'list';

interface KeyDef {
  key: string;
  field: keyof PageScenario;
  kind: Kind;
  /** Which commands take it. */
  commands: readonly Command[];
}

const ALL: readonly Command[] = COMMANDS;
const SHOOT: readonly Command[] = ['shoot'];
const ASSAULT: readonly Command[] = ['assault'];
const SHOOTING: readonly Command[] = ['shoot', 'shoot-assault'];
const ASSAULTING: readonly Command[] = ['assault', 'shoot-assault'];

/** Every key after the command, in the order a hash and a command line are written. */
export const KEYS: readonly KeyDef[] = [
  { key: 'at', field: 'at', kind: 'text', commands: ALL },
  { key: 'compare', field: 'compare', kind: 'text', commands: ALL },
  { key: 'compare-at', field: 'compareAt', kind: 'text', commands: ALL },
  { key: 'support', field: 'support', kind: 'list', commands: ASSAULTING },
  { key: 'target-support', field: 'targetSupport', kind: 'list', commands: ASSAULTING },
  { key: 'action', field: 'action', kind: 'action', commands: SHOOTING },
  { key: 'gap', field: 'gap', kind: 'cm', commands: ALL },
  { key: 'support-gap', field: 'supportGap', kind: 'cm', commands: ASSAULT },
  { key: 'cover', field: 'cover', kind: 'cover', commands: ALL },
  { key: 'crossfire', field: 'crossfire', kind: 'flag', commands: SHOOTING },
  { key: 'bm', field: 'bm', kind: 'whole0', commands: ALL },
  { key: 'target-bm', field: 'targetBm', kind: 'whole0', commands: ALL },
  { key: 'target-broken', field: 'targetBroken', kind: 'flag', commands: ALL },
  { key: 'test', field: 'test', kind: 'flag', commands: ALL },
  { key: 'embarked', field: 'embarked', kind: 'flag', commands: ALL },
  { key: 'attacker-embarked', field: 'attackerEmbarked', kind: 'flag', commands: ASSAULTING },
  { key: 'contact', field: 'contact', kind: 'whole0', commands: ASSAULTING },
  { key: 'flak', field: 'flak', kind: 'list', commands: SHOOT },
  { key: 'no-target-flak', field: 'noTargetFlak', kind: 'flag', commands: SHOOT },
  { key: 'cap', field: 'cap', kind: 'text', commands: SHOOT },
  { key: 'phase', field: 'phase', kind: 'phase', commands: SHOOT },
  { key: 'moved', field: 'moved', kind: 'flag', commands: SHOOT },
  { key: 'rank-width', field: 'rankWidth', kind: 'whole1', commands: ALL },
  { key: 'spacing', field: 'spacing', kind: 'cm', commands: ALL },
  { key: 'trials', field: 'trials', kind: 'whole1', commands: ALL },
  { key: 'seed', field: 'seed', kind: 'text', commands: ALL },
  { key: 'chunk-size', field: 'chunkSize', kind: 'whole1', commands: ALL },
  { key: 'data', field: 'data', kind: 'text', commands: ALL },
  { key: 'workers', field: 'workers', kind: 'whole1', commands: ALL },
];

/** The option a field stands for, for messages: "--target-bm", or "shoot" for the formation. */
export function optionOf(field: keyof PageScenario, command: Command = 'shoot'): string {
  if (field === 'formation') return command;
  if (field === 'command') return 'command';
  const def = KEYS.find((k) => k.field === field);
  return def ? `--${def.key}` : String(field);
}

function problem(option: string, got: string, expected: string): InputError {
  return new InputError([{ file: `option ${option}`, path: '', message: `expected ${expected}, got "${got}"` }]);
}

function parseValue(def: KeyDef, raw: string | null): unknown {
  const option = `--${def.key}`;
  if (def.kind === 'flag') {
    if (raw === null || raw === '' || raw === 'true') return true;
    throw problem(option, raw, 'no value: it is a flag');
  }
  if (def.kind === 'cover') return raw === null || raw === '' ? true : raw;
  if (raw === null) throw problem(option, '', 'a value');
  switch (def.kind) {
    case 'text':
    case 'list':
      return raw;
    case 'whole0':
    case 'whole1': {
      const min = def.kind === 'whole0' ? 0 : 1;
      const n = Number(raw);
      if (!/^[0-9]+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min) throw problem(option, raw, `a whole number of at least ${min}`);
      return n;
    }
    case 'cm': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || n < 0) throw problem(option, raw, 'a number of at least 0');
      return n;
    }
    case 'action':
      if (!(SHOOT_ACTIONS as readonly string[]).includes(raw)) throw problem(option, raw, `one of ${SHOOT_ACTIONS.join(', ')}`);
      return raw;
    case 'phase':
      if (raw !== 'approach' && raw !== 'disengagement') throw problem(option, raw, 'approach or disengagement');
      return raw;
  }
}

/** Splits a hash (with or without its "#") into its words; a malformed escape is an InputError. */
export function words(hash: string): Array<[string, string | null]> {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const out: Array<[string, string | null]> = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? null : part.slice(eq + 1);
    try {
      out.push([decodeURIComponent(rawKey), rawValue === null ? null : decodeURIComponent(rawValue)]);
    } catch {
      throw new InputError([{ file: 'the page address', path: '', message: `"${part}" is not a valid percent-encoded key=value` }]);
    }
  }
  return out;
}

/** True when the hash names a scenario (holds `shoot=` or `assault=`). */
export function hasScenario(hash: string): boolean {
  return /(^#?|&)(shoot|assault|shoot-assault)=/.test(hash);
}

/** Reads a scenario from a hash. Unknown keys, keys of the other command and bad values are InputErrors naming the option. */
export function parseHash(hash: string): PageScenario {
  return parseWords(words(hash));
}

/** Reads a scenario from its words ([key, value or null for a flag]), as parseHash. */
export function parseWords(ws: ReadonlyArray<readonly [string, string | null]>): PageScenario {
  const commands = ws.filter(([k]) => (COMMANDS as readonly string[]).includes(k));
  if (commands.length !== 1) {
    throw new InputError([{ file: 'the page address', path: '', message: commands.length === 0 ? 'expected shoot=<formation> or assault=<formation> (or shoot-assault=<formation>: shoot, then assault)' : 'expected one of shoot=, assault= and shoot-assault=, once' }]);
  }
  const [command, formation] = commands[0]! as [Command, string | null];
  const s: PageScenario = { command, formation: formation ?? '', at: '' };
  const record = s as unknown as Record<string, unknown>;
  let atGiven = false;
  for (const [key, raw] of ws) {
    if ((COMMANDS as readonly string[]).includes(key)) continue;
    const def = KEYS.find((k) => k.key === key);
    if (!def) throw new InputError([{ file: `option --${key}`, path: '', message: `unknown option for ${command}` }]);
    if (!def.commands.includes(command)) {
      const oneStep = def.commands.filter((c) => c !== 'shoot-assault');
      const script = def.commands.includes('shoot-assault') ? '; shoot-assault takes it too' : '';
      throw new InputError([{ file: `option --${key}`, path: '', message: `only for ${oneStep.join(' and ')}, not ${command}${script}` }]);
    }
    const value = parseValue(def, raw);
    if (def.kind === 'list') record[def.field] = [...((record[def.field] as string[] | undefined) ?? []), value as string];
    else record[def.field] = value;
    if (key === 'at') atGiven = true;
  }
  if (!atGiven) throw new InputError([{ file: 'option --at', path: '', message: 'expected the target formation (at=<formation>)' }]);
  if (s.data !== undefined && !/^[^/\\]+$/.test(s.data)) {
    throw new InputError([{ file: 'option --data', path: '', message: `expected builtin or the name of a Tournament Pack checkout's folder (no slashes), got "${s.data}"` }]);
  }
  return s;
}

/** Percent-encodes a value, leaving the characters formations are written with readable. */
export function enc(v: string): string {
  return encodeURIComponent(v).replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%40/g, '@').replace(/%3A/g, ':');
}

/** The words of a scenario in order: [key, value or null for a flag]; the command first. */
function scenarioWords(s: PageScenario): Array<[string, string | null]> {
  const out: Array<[string, string | null]> = [[s.command, s.formation]];
  const record = s as unknown as Record<string, unknown>;
  for (const def of KEYS) {
    if (!def.commands.includes(s.command)) continue;
    const v = record[def.field];
    if (v === undefined || v === false) continue;
    if (def.kind === 'list') for (const item of v as string[]) out.push([def.key, item]);
    else if (v === true) out.push([def.key, null]);
    else out.push([def.key, String(v)]);
  }
  return out;
}

/** The hash of a scenario (with its "#"). */
export function toHash(s: PageScenario): string {
  return '#' + scenarioWords(s).map(([k, v]) => (v === null ? k : `${k}=${enc(v)}`)).join('&');
}

/**
 * The command line that prints the same numbers (after "epic-balance"):
 * --trials, --seed and --chunk-size always written, so it still reproduces
 * the run if a default changes; data=builtin and workers left out (the
 * built-in data is the command's default; workers never change the numbers);
 * a Tournament Pack is `--data <its folder name>`, the path from where the
 * checkout's parent folder is.
 */
export function toArgv(s: PageScenario): string[] {
  // A script or a comparison is an experiment file (the registry's PLAYGROUND.experimentPlan), with its settings in it.
  if (isExperiment(s)) return ['run', 'playground.json'];
  const argv: string[] = [];
  for (const [k, v] of scenarioWords(s)) {
    if (k === s.command) argv.push(k, v!);
    else if ((k === 'data' && v === 'builtin') || k === 'workers' || k === 'trials' || k === 'seed' || k === 'chunk-size') continue;
    else if (v === null) argv.push(`--${k}`);
    else argv.push(`--${k}`, v);
  }
  argv.push('--trials', String(s.trials ?? CLI_DEFAULTS.trials), '--seed', s.seed ?? CLI_DEFAULTS.seed, '--chunk-size', String(s.chunkSize ?? CLI_DEFAULTS.chunkSize));
  return argv;
}

/** The run plan's numbers, defaults filled in. */
export function runNumbers(s: PageScenario): { trials: number; seed: string; chunkSize: number } {
  return { trials: s.trials ?? CLI_DEFAULTS.trials, seed: s.seed ?? CLI_DEFAULTS.seed, chunkSize: s.chunkSize ?? CLI_DEFAULTS.chunkSize };
}

/** True when the scenario runs as an experiment: shoot-assault, or any comparison. */
export const isExperiment = (s: PageScenario) => s.command === 'shoot-assault' || s.compare !== undefined || s.compareAt !== undefined;
