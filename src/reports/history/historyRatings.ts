import type { FormationValue } from '../value/formationValue.js';
import { verdictOf, type Verdict } from '../value/verdict.js';
import type { AuditResult } from '../audit/auditResult.js';
import type { PriceChange } from './priceChanges.js';

/**
 * Did the audit, run on the older version, rate each price change in the direction the
 * champions then moved it? A cut is rated right when the item is worth less per point than its
 * list's median (value per point ÷ the list's median below 1: over-costed within its list), a
 * rise when it is worth more. The list-relative reading is the audit's own (auditResult.ts):
 * a list's prices are set against each other.
 *
 * A formation is read off its audit row. A size ("@big") is valued beside it at the size's
 * price. An upgrade is valued as the marginal fair cost of the first formation of its list that
 * takes it: fair(formation + upgrade) − fair(formation), against the upgrade's price; its 95%
 * interval adds the two intervals' half-widths in quadrature (as if independent: both meet the
 * same field with the same dice, so errors that go together make it wider than it is).
 */

export interface HistoryCase {
  change: PriceChange;
  /** What was valued ("army/formation@big", "army/host+upgrade"); null when nothing could be. */
  valued: string | null;
  /** The price valued against: the older version's (a formation fielded armed includes its weapons). */
  cost: number | null;
  fairCost: { value: number; ci95: [number, number] } | null;
  relativeToList: number | null;
  verdict: Verdict | 'unsupported-rules' | null;
  /** 'right' when rated in the direction of the change, 'wrong' when not; null when not rated (see `why`). */
  rated: 'right' | 'wrong' | null;
  why: string | null;
}

/** An extra valuation for a size or an upgrade: its value, and for an upgrade its host's row text. */
export interface ExtraValue {
  text: string;
  value: FormationValue;
  cost: number;
  host?: string;
}

const direction = (change: PriceChange, relative: number): 'right' | 'wrong' => ((change.direction === 'cut' ? relative < 1 : relative > 1) ? 'right' : 'wrong');

const notRated = (change: PriceChange, why: string): HistoryCase => ({ change, valued: null, cost: null, fairCost: null, relativeToList: null, verdict: null, rated: null, why });

/** Each judged change rated; `extras` by change (sizes and upgrades), `problems` by change for those that could not be built. */
export function rateChanges(changes: PriceChange[], audit: AuditResult, extras: Map<PriceChange, ExtraValue>, problems: Map<PriceChange, string>, margin: number): HistoryCase[] {
  const rowOf = (text: string) => audit.rows.find((r) => r.text === text);
  return changes.map((change): HistoryCase => {
    const problem = problems.get(change);
    if (problem !== undefined) return notRated(change, problem);
    const median = audit.validation.listMedians[change.army];
    if (change.kind === 'formation') {
      const row = audit.rows.find((r) => r.army === change.army && r.formation === change.id);
      if (row === undefined) return notRated(change, audit.skipped.find((s) => s.army === change.army && s.formation === change.id)?.reason ?? 'not audited');
      return { change, valued: row.text, cost: row.cost, fairCost: { value: row.fairCost.value, ci95: row.fairCost.ci95 }, relativeToList: row.relativeToList, verdict: row.verdict, rated: direction(change, row.relativeToList), why: null };
    }
    const extra = extras.get(change);
    if (extra === undefined || median === undefined || !Number.isFinite(median)) return notRated(change, 'its list has no audited formation to measure it against');
    const v = extra.value.fairCost;
    if (change.kind === 'size') {
      const relative = v.estimate / extra.cost / median;
      return { change, valued: extra.text, cost: extra.cost, fairCost: { value: v.estimate, ci95: v.ci95 }, relativeToList: relative, verdict: verdictOf(extra.cost, [v.band[0] / median, v.band[1] / median], margin), rated: direction(change, relative), why: null };
    }
    const host = rowOf(extra.host!)!;
    const marginal = v.estimate - host.fairCost.value;
    const half = Math.hypot(v.ci95[1] - v.estimate, host.fairCost.ci95[1] - host.fairCost.value);
    const band: [number, number] = [(v.band[0] - host.fairCost.band[0]) / median, (v.band[1] - host.fairCost.band[1]) / median];
    const relative = marginal / extra.cost / median;
    return { change, valued: extra.text, cost: extra.cost, fairCost: { value: marginal, ci95: [marginal - half, marginal + half] }, relativeToList: relative, verdict: verdictOf(extra.cost, band, margin), rated: direction(change, relative), why: null };
  });
}

export interface DirectionShare {
  right: number;
  rated: number;
  /** Distinct decisions among the rated: the same item, prices and kind repeated across lists count once. */
  decisions: number;
  /** The share of the valued lists' formations on the right side of 1 for this direction: what rating at random scores. */
  chance: number;
}

/** Right and rated per direction, with the chance rate from every audited formation of the valued lists. */
export function directionShares(cases: HistoryCase[], audit: AuditResult): Record<'cut' | 'rise', DirectionShare> {
  const relatives = audit.rows.map((r) => r.relativeToList).filter((x) => Number.isFinite(x));
  const share = (d: 'cut' | 'rise'): DirectionShare => {
    const rated = cases.filter((c) => c.change.direction === d && c.rated !== null);
    const decisions = new Set(rated.map((c) => `${c.change.kind}|${c.change.name}|${c.change.oldPoints}|${c.change.newPoints}`));
    const side = relatives.filter((x) => (d === 'cut' ? x < 1 : x > 1)).length;
    return { right: rated.filter((c) => c.rated === 'right').length, rated: rated.length, decisions: decisions.size, chance: relatives.length === 0 ? NaN : side / relatives.length };
  };
  return { cut: share('cut'), rise: share('rise') };
}
