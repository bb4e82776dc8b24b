import { describe, expect, it } from 'vitest';
import { parseDiceExpr, parseFirepower, parseRange, UNLIMITED_RANGE_CM } from '../../../src/model/tp/firepower.js';

const fp = (s: string | null | undefined) => {
  const r = parseFirepower(s);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};
const range = (s: string) => {
  const r = parseRange(s);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

describe('parseFirepower', () => {
  it('reads a multiplier with AP and AT values', () => {
    expect(fp('4× AP3+/AT5+')).toEqual({ shots: 4, ap: 3, at: 5 });
    expect(fp('6x AP5+/AT3+')).toEqual({ shots: 6, ap: 5, at: 3 });
  });
  it('reads macro-weapon values', () => {
    expect(fp('2× MW2+')).toEqual({ shots: 2, mw: 2 });
    expect(fp('MW2+/AA4+')).toEqual({ mw: 2, aa: 4 });
  });
  it('reads dice multipliers', () => {
    expect(fp('D3× AP4+/AT4+/AA4+')).toEqual({ shots: 'D3', ap: 4, at: 4, aa: 4 });
    expect(fp('D3+1× AA6+')).toEqual({ shots: 'D3+1', aa: 6 });
    expect(fp('D6+3× AP5+/AA6+')).toEqual({ shots: 'D6+3', ap: 5, aa: 6 });
  });
  it('reads barrage points, fixed and rolled', () => {
    expect(fp('3BP')).toEqual({ bp: 3 });
    expect(fp('14BP')).toEqual({ bp: 14 });
    expect(fp('D6+3BP')).toEqual({ bp: 'D6+3' });
    expect(fp('2D3+3BP')).toEqual({ bp: '2D3+3' });
    expect(fp('D3BP')).toEqual({ bp: 'D3' });
  });
  it('reads values without a multiplier', () => {
    expect(fp('AP4+/AA5+')).toEqual({ ap: 4, aa: 5 });
    expect(fp('AT2+')).toEqual({ at: 2 });
  });
  it('reads small arms and assault weapons as kinds', () => {
    expect(fp('Small Arms')).toEqual({ kind: 'small-arms' });
    expect(fp('Assault Weapons')).toEqual({ kind: 'assault' });
  });
  it('reads an empty firepower (a weapon mount) as empty', () => {
    expect(fp(null)).toEqual({ empty: true });
    expect(fp('')).toEqual({ empty: true });
  });
  it('rejects what it cannot read, saying why', () => {
    const bad = parseFirepower('AP4/AT5+');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).toContain('"AP4"');
    expect(parseFirepower('AP4+/AP5+').ok).toBe(false);
    expect(parseFirepower('3× XY4+').ok).toBe(false);
    expect(parseFirepower('D4BP').ok).toBe(false);
  });
});

describe('parseRange', () => {
  it('reads plain ranges as ranged', () => {
    expect(range('45cm')).toEqual({ range: 45, kind: 'ranged' });
    expect(range('150cm')).toEqual({ range: 150, kind: 'ranged' });
  });
  it('reads bracketed ranges as small arms and base contact as assault', () => {
    expect(range('(15cm)')).toEqual({ range: 15, kind: 'small-arms' });
    expect(range('(bc)')).toEqual({ range: 0, kind: 'assault' });
    expect(range('(base contact)')).toEqual({ range: 0, kind: 'assault' });
  });
  it('stores unlimited and n/a ranges as the unlimited constant, and "-" as 0', () => {
    expect(range('Unlimited')).toEqual({ range: UNLIMITED_RANGE_CM, kind: 'ranged', printed: 'Unlimited' });
    expect(range('n/a')).toEqual({ range: UNLIMITED_RANGE_CM, kind: 'ranged', printed: 'n/a' });
    expect(range('-')).toEqual({ range: 0, kind: 'ranged', printed: '-' });
  });
  it('rejects other text', () => {
    expect(parseRange('45').ok).toBe(false);
    expect(parseRange('long').ok).toBe(false);
    expect(parseRange(undefined).ok).toBe(false);
  });
});

describe('parseDiceExpr', () => {
  it('normalises the printed forms', () => {
    expect(parseDiceExpr('2')).toBe(2);
    expect(parseDiceExpr('d3')).toBe('D3');
    expect(parseDiceExpr('D6+1')).toBe('D6+1');
    expect(parseDiceExpr('2D3 + 3')).toBe('2D3+3');
    expect(parseDiceExpr('D6+0')).toBe('D6');
    expect(parseDiceExpr('D4')).toBeUndefined();
  });
});
