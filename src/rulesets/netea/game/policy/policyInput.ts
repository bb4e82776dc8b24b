import { InputError } from '../../../../model/inputError.js';
import { PolicyParams, POLICIES, POLICY_NAMES, type PolicyName } from './policyParams.js';

/** A policy as a command names it: the name of a documented policy, and the parameters it changes. */
export interface NamedPolicy {
  /** "aggressive", or "aggressive:caution=0.3" when parameters are changed. */
  label: string;
  params: PolicyParams;
}

function problem(text: string, message: string): InputError {
  return new InputError([{ file: 'option --policy', path: '', message: `"${text}": ${message}` }]);
}

/**
 * One policy: a name (policyParams.ts POLICIES) and, after colons, parameters
 * it changes ("cautious:retainChance=0.7:garrison=0.5"), each checked against
 * PolicyParams.
 */
export function parsePolicy(text: string): NamedPolicy {
  const [name, ...changes] = text.trim().split(':').map((s) => s.trim());
  if (name === undefined || !(POLICY_NAMES as string[]).includes(name)) {
    throw problem(text, `unknown policy; expected one of ${POLICY_NAMES.map((p) => `"${p}"`).join(', ')}, optionally with parameters ("aggressive:caution=0.3")`);
  }
  const params: Record<string, number> = { ...POLICIES[name as PolicyName] };
  for (const change of changes) {
    const m = /^([A-Za-z]+)=(.+)$/.exec(change);
    if (!m) throw problem(text, `expected parameter=value after "${name}:", got "${change}"`);
    const key = m[1]!;
    if (!(key in params)) throw problem(text, `unknown parameter "${key}"; the parameters are ${Object.keys(params).join(', ')}`);
    const value = Number(m[2]);
    if (m[2]!.trim() === '' || !Number.isFinite(value)) throw problem(text, `parameter ${key}: expected a number, got "${m[2]}"`);
    params[key] = value;
  }
  const parsed = PolicyParams.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw problem(text, `parameter ${String(issue.path[0])}: ${issue.message.replace(/^Too (big|small): expected number to be /, 'expected a number ')}`);
  }
  return { label: text.trim(), params: parsed.data };
}

/**
 * --policy: "A,B" (army A's and army B's), one policy for both, or omitted:
 * every pair of the documented policies, so results come as a range across
 * policies rather than one number hiding the choice.
 */
export function parsePolicyPairs(text: string | undefined): Array<[NamedPolicy, NamedPolicy]> {
  if (text === undefined || text.trim() === 'all') {
    const all = POLICY_NAMES.map((n) => parsePolicy(n));
    return all.flatMap((a) => all.map((b): [NamedPolicy, NamedPolicy] => [a, b]));
  }
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > 2 || parts.some((p) => p === '')) throw problem(text, 'expected one policy, or two separated by a comma (army A\'s, army B\'s)');
  const a = parsePolicy(parts[0]!);
  return [[a, parts.length === 2 ? parsePolicy(parts[1]!) : a]];
}

/**
 * --policy of `tournament` and `worth`: policies each played by both players, separated by commas,
 * or omitted: every documented policy, so results come as a range across them. A policy named
 * twice is refused: each names its own results.
 */
export function parsePolicyList(text: string | undefined): NamedPolicy[] {
  const policies = text === undefined ? POLICY_NAMES.map((n) => parsePolicy(n)) : text.split(',').map((p) => parsePolicy(p));
  const labels = policies.map((p) => p.label);
  const twice = labels.find((l, i) => labels.indexOf(l) !== i);
  if (twice !== undefined) throw problem(text ?? '', `"${twice}" named twice; expected each policy once`);
  return policies;
}
