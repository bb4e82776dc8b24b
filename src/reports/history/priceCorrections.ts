/**
 * Price changes in the Tournament Pack's history that fixed a typo rather than rebalanced: the
 * commit that made each calls itself a fix (docs/history.md). Curated by hand, since a commit
 * message is no reliable signal; matched by list, item and the two prices, so the same item
 * changed again later is judged.
 */
const CORRECTIONS: Array<{ army: string; id: string; from: number; to: number; why: string }> = [
  { army: 'chaos-space-marine-red-corsairs', id: 'silver-towers', from: 325, to: 250, why: 'commit 79b41df "fixed ... Silver Tower cost"' },
  { army: 'adeptus-mechanicus-titan-legion', id: 'close-combat-weapon', from: 0, to: 25, why: 'commit afd3309 "titan CCW cost fix"' },
];

/** Why the change is a data correction, or undefined when it is not one. */
export function correctionOf(change: { army: string; id: string; oldPoints: number; newPoints: number }): string | undefined {
  return CORRECTIONS.find((c) => c.army === change.army && c.id === change.id && c.from === change.oldPoints && c.to === change.newPoints)?.why;
}
