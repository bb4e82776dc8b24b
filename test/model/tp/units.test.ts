import { describe, expect, it } from 'vitest';
import { defaultLoadout, parseMultiplier, parseSpeed, parseTarget, transportCapacity } from '../../../src/model/tp/units.js';

describe('unit stat cells', () => {
  it('reads targets, none and assault-only values', () => {
    expect(parseTarget('4+')).toEqual({ ok: true, value: { value: 4 } });
    expect(parseTarget('n/a')).toEqual({ ok: true, value: { value: null } });
    expect(parseTarget('-')).toEqual({ ok: true, value: { value: null } });
    expect(parseTarget(undefined)).toEqual({ ok: true, value: { value: null } });
    expect(parseTarget('(5+)')).toEqual({ ok: true, value: { value: null, assaultOnly: '5+' } });
    expect(parseTarget('3+<br>(4+)')).toEqual({ ok: true, value: { value: 3, alternative: '(4+)' } });
    expect(parseTarget('7+').ok).toBe(false);
  });
  it('reads speeds, immobile units and aircraft speed classes', () => {
    expect(parseSpeed('30cm')).toEqual({ ok: true, value: { value: 30 } });
    expect(parseSpeed('Immobile')).toEqual({ ok: true, value: { value: 0, printed: 'Immobile' } });
    expect(parseSpeed('Fighter-Bomber')).toEqual({ ok: true, value: { value: 0, aircraft: 'fighter-bomber' } });
    expect(parseSpeed('15cm<br/>(25cm)')).toEqual({ ok: true, value: { value: 15, alternative: '(25cm)' } });
    expect(parseSpeed('fast').ok).toBe(false);
  });
  it('reads weapon multipliers and option ranges', () => {
    expect(parseMultiplier(undefined)).toEqual({ ok: true, value: { multiplier: 1 } });
    expect(parseMultiplier(2)).toEqual({ ok: true, value: { multiplier: 2 } });
    expect(parseMultiplier('2')).toEqual({ ok: true, value: { multiplier: 2 } });
    expect(parseMultiplier('0–1')).toEqual({ ok: true, value: { multiplier: 0, choice: { min: 0, max: 1 } } });
    expect(parseMultiplier('2–3')).toEqual({ ok: true, value: { multiplier: 2, choice: { min: 2, max: 3 } } });
    expect(parseMultiplier('0–1× 2')).toEqual({ ok: true, value: { multiplier: 0, choice: { min: 0, max: 2 } } });
    expect(parseMultiplier('many').ok).toBe(false);
  });
  it('reads a transport capacity in units, not in formations', () => {
    expect(transportCapacity('May transport eight infantry units without Jump Packs.')).toBe(8);
    expect(transportCapacity('May carry 4 Engineer units.')).toBe(4);
    expect(transportCapacity('May transport one formation of infantry.')).toBeUndefined();
  });
});

describe('defaultLoadout', () => {
  const options = [
    { index: 0, name: 'Laser Lance', min: 0, max: 1 },
    { index: 1, name: 'Shock Maul', min: 0, max: 1 },
    { index: 2, name: 'Rocket Pod', min: 0, max: 1 },
  ];
  it('takes the first alternative of "Armed with either ..."', () => {
    const { counts } = defaultLoadout('Armed with either a Shock Maul and Rocket Pod, or a Laser Lance.', options);
    expect([...counts]).toEqual([[0, 0], [1, 1], [2, 1]]);
  });
  it('fills "any N of the following" slots in list order', () => {
    const { counts } = defaultLoadout('Armed with any two of the following: Laser Lance, Shock Maul, Rocket Pod.', options);
    expect([...counts]).toEqual([[0, 1], [1, 1], [2, 0]]);
  });
  it('keeps every option at its minimum without an "armed with" sentence', () => {
    const { counts, how } = defaultLoadout('Fast.', options);
    expect([...counts]).toEqual([[0, 0], [1, 0], [2, 0]]);
    expect(how).toContain('minimum');
  });
});
