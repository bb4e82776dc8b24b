import type { DiceExpr } from '../schema.js';
import { fold, squash } from './text.js';

/** A parse that either gives a value or says why it could not. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/**
 * The range the importer stores for "Unlimited" (and for spacecraft weapons printed "n/a"):
 * 100 m, more than any table, because the schema's ranges are finite numbers of cm.
 */
export const UNLIMITED_RANGE_CM = 10_000;

/**
 * A dice expression as the Tournament Pack prints it: "2", "D3", "D6+1", "2D3+3".
 * Returns a number for whole numbers, the normalised string otherwise.
 */
export function parseDiceExpr(text: string): DiceExpr | undefined {
  const s = squash(fold(text)).toUpperCase().replace(/\s+/g, '');
  if (/^[0-9]+$/.test(s)) return Number(s);
  const m = /^([1-9]?)D([36])(?:\+([0-9]+))?$/.exec(s);
  if (!m) return undefined;
  return `${m[1]}D${m[2]}${m[3] !== undefined && m[3] !== '0' ? `+${Number(m[3])}` : ''}`;
}

export interface ParsedRange {
  /** cm */
  range: number;
  kind: 'ranged' | 'small-arms' | 'assault';
  /** Set when the printed range was not a plain distance ("Unlimited", "n/a", "-"). */
  printed?: string;
}

/**
 * A weapon range: "45cm"; "(15cm)" small arms; "(bc)" or "(base contact)" assault weapons;
 * "Unlimited" and "n/a" (spacecraft, pin-point attacks) as UNLIMITED_RANGE_CM; "-" (a weapon
 * mount with no weapon of its own) as 0.
 */
export function parseRange(text: string | undefined): Parsed<ParsedRange> {
  if (text === undefined) return fail('no range');
  const s = squash(fold(text)).toLowerCase();
  let m = /^([0-9]+(?:\.[0-9]+)?)\s*cm$/.exec(s);
  if (m) return ok({ range: Number(m[1]), kind: 'ranged' });
  m = /^\(\s*([0-9]+(?:\.[0-9]+)?)\s*cm\s*\)$/.exec(s);
  if (m) return ok({ range: Number(m[1]), kind: 'small-arms' });
  if (/^\(\s*(bc|base contact)\s*\)$/.test(s)) return ok({ range: 0, kind: 'assault' });
  if (s === 'unlimited' || s === 'n/a') return ok({ range: UNLIMITED_RANGE_CM, kind: 'ranged', printed: text.trim() });
  if (s === '-' || s === '') return ok({ range: 0, kind: 'ranged', printed: text.trim() || '-' });
  return fail(`range "${text}" is not a distance such as "45cm", "(15cm)" or "(bc)"`);
}

export interface ParsedFirepower {
  kind?: 'small-arms' | 'assault';
  shots?: DiceExpr;
  ap?: number;
  at?: number;
  aa?: number;
  mw?: number;
  bp?: DiceExpr;
  /** Nothing printed (a weapon mount): no attack values of its own. */
  empty?: boolean;
}

/**
 * Firepower as printed: "4× AP3+/AT5+", "2× MW2+", "D3× AP4+/AT4+/AA4+", "D3+1× AA6+",
 * "D6+3BP", "2D3+3BP", "Small Arms", "Assault Weapons", "AP4+/AA5+", "MW2+/AA4+".
 */
export function parseFirepower(text: string | undefined | null): Parsed<ParsedFirepower> {
  if (text === undefined || text === null || text.trim() === '') return ok({ empty: true });
  const s = squash(fold(text));
  const lower = s.toLowerCase();
  if (lower === 'small arms') return ok({ kind: 'small-arms' });
  if (lower === 'assault weapons') return ok({ kind: 'assault' });
  const bp = /^([0-9]*D?[0-9]+(?:\+[0-9]+)?)\s*BP$/i.exec(s);
  if (bp) {
    const value = parseDiceExpr(bp[1]!);
    if (value === undefined) return fail(`barrage points "${bp[1]}" are not a dice expression`);
    return ok({ bp: value });
  }
  let rest = s;
  const out: ParsedFirepower = {};
  const mult = /^([0-9]*D?[0-9]+(?:\+[0-9]+)?)\s*[×x]\s*/i.exec(rest);
  if (mult) {
    const shots = parseDiceExpr(mult[1]!);
    if (shots === undefined) return fail(`multiplier "${mult[1]}" is not a dice expression`);
    out.shots = shots;
    rest = rest.slice(mult[0].length);
  }
  const parts = rest.split('/').map((p) => p.trim());
  for (const part of parts) {
    const m = /^(AP|AT|AA|MW)\s*([1-6])\+$/i.exec(part);
    if (!m) return fail(`firepower "${text}": "${part}" is not AP, AT, AA or MW with a target such as 4+`);
    const key = m[1]!.toLowerCase() as 'ap' | 'at' | 'aa' | 'mw';
    if (out[key] !== undefined) return fail(`firepower "${text}" gives ${m[1]} twice`);
    out[key] = Number(m[2]);
  }
  return ok(out);
}
