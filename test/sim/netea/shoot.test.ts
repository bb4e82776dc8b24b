import { describe, expect, it } from 'vitest';
import { binomialPmf, convolve, killsFromHits, probWhere } from '../../helpers/exact.js';
import { expectDistribution, expectP, simulate } from '../../helpers/simulate.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * Shooting against exact probabilities. Each situation's oracle is computed
 * here from binomial terms, independently of the simulator; the Monte Carlo
 * (fixed seed) must put every probability inside its 99.9% interval.
 */

const missileLauncher = weapon('missile-launcher', [{ range: 45, ap: 5, at: 6 }]);
const devastator = unit('devastator', { type: 'INF', armour: 4, cc: 5, ff: 3 }, [{ weapon: missileLauncher, multiplier: 2 }]);
const boyz = unit('boyz', { type: 'INF', armour: 6, cc: 4, ff: 6 });
const naked = unit('naked', { type: 'INF', armour: null });

describe('shooting: exact probabilities', () => {
  it('4 Devastators at 8 Boyz: kill distribution and break chance (AP5+, 6+ save)', () => {
    const spec = engagement(
      [placed('dev', 0, formation('4 Devastator', [[4, devastator]])), placed('boyz', 1, formation('8 Boyz', [[8, boyz]]))],
      [shootStep(0, 1)],
    );
    const kills = killsFromHits(binomialPmf(8, 1 / 3), 8, 5 / 6);
    const out = simulate(spec, 'dev-boyz')(0, 1);
    expectDistribution(out.unitsKilled.distribution, kills);
    // Broken when 1 (under fire) + k >= 8 - k, i.e. k >= 4.
    expectP(out.broken.p, probWhere(kills, (k) => k >= 4));
    const meanBm = kills.reduce((s, p, k) => s + (k >= 4 ? 0 : (1 + k) * p), 0);
    expect(Math.abs(out.blastMarkers.mean - meanBm)).toBeLessThan(0.01);
  });

  it('starting Blast markers lower the break point (2 BMs: k >= 3 breaks)', () => {
    const spec = engagement(
      [placed('dev', 0, formation('4 Devastator', [[4, devastator]])), placed('boyz', 1, formation('8 Boyz', [[8, boyz]]), { blastMarkers: 2 })],
      [shootStep(0, 1)],
    );
    const kills = killsFromHits(binomialPmf(8, 1 / 3), 8, 5 / 6);
    expectP(simulate(spec, 'dev-boyz-bm')(0, 1).broken.p, probWhere(kills, (k) => k >= 3));
  });

  it('double action and cover need 7+: 1/12 per shot', () => {
    const gun = weapon('ap5', [{ range: 45, ap: 5 }]);
    const spec = engagement(
      [placed('a', 0, formation('a', [[12, unit('g', { type: 'INF' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[20, naked]]), { cover: { kind: 'obscured' } })],
      [shootStep(0, 1, { action: 'double' })],
    );
    expectDistribution(simulate(spec, 'seven-plus')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(12, 1 / 12), 20, 1));
  });

  it('sustained fire: AT2+ becomes 1+, a natural 1 still misses (5/6); 4+ armour', () => {
    const lascannon = weapon('at2', [{ range: 45, at: 2 }]);
    const tank = unit('tank', { type: 'AV', armour: 4 });
    const spec = engagement(
      [placed('a', 0, formation('a', [[3, unit('g', { type: 'AV' }, [{ weapon: lascannon }])]])), placed('t', 1, formation('t', [[5, tank]]))],
      [shootStep(0, 1, { action: 'sustained' })],
    );
    expectDistribution(simulate(spec, 'sustained')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(3, 5 / 6), 5, 1 / 2));
  });

  it('infantry cover save replaces a worse armour save; ignore-cover removes both the -1 and the save', () => {
    const gun = weapon('ap4', [{ range: 45, ap: 4 }]);
    const icGun = weapon('ap4ic', [{ range: 45, ap: 4, ignoreCover: true }]);
    const target = () => placed('t', 1, formation('t', [[10, boyz]]), { cover: { kind: 'save', save: 4 } });
    const inCover = engagement([placed('a', 0, formation('a', [[6, unit('g', { type: 'INF' }, [{ weapon: gun }])]])), target()], [shootStep(0, 1)]);
    // -1 to hit (AP4+ -> 5+), cover save 4+ instead of armour 6+.
    expectDistribution(simulate(inCover, 'cover')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 3), 10, 1 / 2));
    const ignoring = engagement([placed('a', 0, formation('a', [[6, unit('g', { type: 'INF' }, [{ weapon: icGun }])]])), target()], [shootStep(0, 1)]);
    // No -1 (4+), armour 6+ only.
    expectDistribution(simulate(ignoring, 'ignore-cover')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 2), 10, 5 / 6));
  });

  it('reinforced armour re-rolls (fail 1/4), but not against lance (1/2) or macro-weapons (1/2); Titan Killer allows nothing', () => {
    const raTank = unit('raider', { type: 'AV', armour: 4, abilities: ['reinforced-armour'] });
    const cases: Array<[string, Parameters<typeof weapon>[1][number], number]> = [
      ['plain', { range: 45, at: 2 }, 1 / 4],
      ['lance', { range: 45, at: 2, lance: true }, 1 / 2],
      ['macro', { range: 45, mw: 2 }, 1 / 2],
      ['titan-killer', { range: 45, mw: 2, titanKiller: 1 }, 1],
    ];
    for (const [name, mode, fail] of cases) {
      const gun = weapon(name, [mode]);
      const spec = engagement(
        [placed('a', 0, formation('a', [[4, unit('g', { type: 'AV' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[6, raTank]]))],
        [shootStep(0, 1)],
      );
      expectDistribution(simulate(spec, `ra-${name}`)(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(4, 5 / 6), 6, fail));
    }
  });

  it('invulnerable saves: 4+ RA + inv fails 5/24; against MW 5/12; against TK 5/6', () => {
    const termie = unit('terminator', { type: 'INF', armour: 4, abilities: ['reinforced-armour', 'invulnerable-save'] });
    const cases: Array<[string, Parameters<typeof weapon>[1][number], number]> = [
      ['plain', { range: 45, ap: 2 }, (1 / 4) * (5 / 6)],
      ['macro', { range: 45, mw: 2 }, (1 / 2) * (5 / 6)],
      ['titan-killer', { range: 45, mw: 2, titanKiller: 'D3' }, 5 / 6],
    ];
    for (const [name, mode, fail] of cases) {
      const gun = weapon(name, [mode]);
      const spec = engagement(
        [placed('a', 0, formation('a', [[5, unit('g', { type: 'INF' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[8, termie]]))],
        [shootStep(0, 1)],
      );
      expectDistribution(simulate(spec, `inv-${name}`)(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(5, 5 / 6), 8, fail));
    }
  });

  it('crossfire: -1 save (4+ becomes 5+) and two BMs for the first casualty', () => {
    const gun = weapon('ap3', [{ range: 45, ap: 3 }]);
    const marines = unit('marine', { type: 'INF', armour: 4 });
    const spec = engagement(
      [placed('a', 0, formation('a', [[6, unit('g', { type: 'INF' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[12, marines]]))],
      [shootStep(0, 1, { crossfire: true })],
    );
    const kills = killsFromHits(binomialPmf(6, 2 / 3), 12, 2 / 3);
    const out = simulate(spec, 'crossfire')(0, 1);
    expectDistribution(out.unitsKilled.distribution, kills);
    // BMs placed = 1 (under fire) + k + 1 if k > 0.
    const meanPlaced = kills.reduce((s, p, k) => s + p * (1 + k + (k > 0 ? 1 : 0)), 0);
    expect(Math.abs(out.blastMarkersPlaced.mean - meanPlaced)).toBeLessThan(0.01);
    // Broken when 2 + k >= 12 - k, i.e. k >= 5.
    expectP(out.broken.p, probWhere(kills, (k) => k >= 5));
  });

  it('thick rear armour ignores the crossfire modifier', () => {
    const gun = weapon('at3', [{ range: 45, at: 3 }]);
    const tra = unit('tra', { type: 'AV', armour: 4, abilities: ['thick-rear-armour'] });
    const spec = engagement(
      [placed('a', 0, formation('a', [[6, unit('g', { type: 'AV' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[10, tra]]))],
      [shootStep(0, 1, { crossfire: true })],
    );
    expectDistribution(simulate(spec, 'tra')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 2 / 3), 10, 1 / 2));
  });

  it('rear-arc weapons do not fire at a target in front (RB 1.9.2 fire arcs; the model has every enemy ahead)', () => {
    const bolter = weapon('bolter', [{ range: 30, ap: 4 }]);
    const tank = unit('tank', { type: 'AV', armour: 4 }, [{ weapon: bolter }, { weapon: bolter, arc: 'rear' }]);
    const spec = engagement([placed('a', 0, formation('a', [[4, tank]])), placed('t', 1, formation('t', [[12, naked]]))], [shootStep(0, 1)]);
    // Four shots on 4+, not eight: every hit on an unarmoured unit kills.
    expectDistribution(simulate(spec, 'rear-arc')(0, 1).unitsKilled.distribution, binomialPmf(4, 1 / 2));
  });

  it('sniper: the attacker picks the most valuable units and the save is worse by one', () => {
    const rifle = weapon('sniper-rifle', [{ range: 30, ap: 2, sniper: true }]);
    const cheap = unit('cheap', { type: 'INF', armour: 4 });
    const dear = unit('dear', { type: 'INF', armour: 4 });
    const target = formation('t', [[4, cheap]]);
    // Two valuable units at the back of the formation, out of front-to-back reach of nobody: snipers choose them.
    const dearUnits = formation('d', [[2, dear]], { points: 200 });
    target.units.push(...dearUnits.units);
    const spec = engagement(
      [placed('a', 0, formation('a', [[2, unit('s', { type: 'INF' }, [{ weapon: rifle }])]])), placed('t', 1, target, { rankWidth: 4 })],
      [shootStep(0, 1)],
    );
    // Each sniper hits on 2+ (5/6); each goes to a different valuable unit; 4+ becomes 5+ (fail 2/3).
    const out = simulate(spec, 'sniper')(0, 1);
    expectDistribution(out.unitsKilled.distribution, killsFromHits(binomialPmf(2, 5 / 6), 2, 2 / 3));
    // Every kill is a 100-point unit.
    expect(Math.abs(out.pointsLost.mean - 100 * out.unitsKilled.mean)).toBeLessThan(1e-9);
  });

  it('disrupt: one Blast marker per hit, none more for the kills', () => {
    const gun = weapon('disruptor', [{ range: 45, ap: 4, disrupt: true }]);
    const spec = engagement(
      [placed('a', 0, formation('a', [[6, unit('g', { type: 'INF' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[20, boyz]]))],
      [shootStep(0, 1)],
    );
    const hits = binomialPmf(6, 1 / 2);
    const out = simulate(spec, 'disrupt')(0, 1);
    const meanPlaced = hits.reduce((s, p, h) => s + p * (1 + h), 0);
    expect(Math.abs(out.blastMarkersPlaced.mean - meanPlaced)).toBeLessThan(0.01);
    expectDistribution(out.unitsKilled.distribution, killsFromHits(hits, 20, 5 / 6));
  });

  it('expendable units place no Blast marker when killed, unless the whole formation is expendable', () => {
    const gun = weapon('ap2', [{ range: 45, ap: 2 }]);
    const grunts = unit('grunt', { type: 'INF', abilities: ['expendable'] });
    const officer = unit('officer', { type: 'INF', armour: 2 });
    const shooters = () => placed('a', 0, formation('a', [[3, unit('g', { type: 'INF' }, [{ weapon: gun }])]]));
    const mixed = engagement([shooters(), placed('t', 1, formation('t', [[10, grunts], [1, officer]]))], [shootStep(0, 1)]);
    const out = simulate(mixed, 'expendable')(0, 1);
    expect(out.blastMarkersPlaced.mean).toBe(1);
    expectDistribution(out.unitsKilled.distribution, killsFromHits(binomialPmf(3, 5 / 6), 10, 1));
    const allExpendable = engagement([shooters(), placed('t', 1, formation('t', [[10, grunts]]))], [shootStep(0, 1)]);
    const out2 = simulate(allExpendable, 'all-expendable')(0, 1);
    expect(Math.abs(out2.blastMarkersPlaced.mean - (1 + 3 * (5 / 6)))).toBeLessThan(0.01);
  });

  it('suppression: each BM silences one unit from the back; TSKNF needs two per unit', () => {
    const gun = weapon('ap2', [{ range: 45, ap: 2 }]);
    const g = unit('g', { type: 'INF' }, [{ weapon: gun }]);
    const target = () => placed('t', 1, formation('t', [[20, naked]]));
    const plain = engagement([placed('a', 0, formation('a', [[4, g]]), { blastMarkers: 2 }), target()], [shootStep(0, 1)]);
    expectDistribution(simulate(plain, 'suppression')(0, 1).unitsKilled.distribution, binomialPmf(2, 5 / 6));
    const marines = engagement([placed('a', 0, formation('a', [[4, g]], { rules: ['they-shall-know-no-fear'] }), { blastMarkers: 3 }), target()], [shootStep(0, 1)]);
    expectDistribution(simulate(marines, 'tsknf-suppression')(0, 1).unitsKilled.distribution, binomialPmf(3, 5 / 6));
  });

  it('light vehicles take AP and AT hits alike (RB 2.1.9): the shooter uses its better value', () => {
    const gun = weapon('ap4at6', [{ range: 45, ap: 4, at: 6 }]);
    const buggy = unit('buggy', { type: 'LV', armour: 5 });
    const tank = unit('tank', { type: 'AV', armour: 5 });
    const shooters = () => placed('a', 0, formation('a', [[6, unit('g', { type: 'INF' }, [{ weapon: gun }])]]));
    // Against light vehicles the AP4+ value is used (1/2), a 5+ save fails 2/3.
    const lv = engagement([shooters(), placed('t', 1, formation('t', [[10, buggy]]))], [shootStep(0, 1)]);
    expectDistribution(simulate(lv, 'light-vehicles')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 2), 10, 2 / 3));
    // Against armoured vehicles only AT6+ can hit (1/6).
    const av = engagement([shooters(), placed('t', 1, formation('t', [[10, tank]]))], [shootStep(0, 1)]);
    expectDistribution(simulate(av, 'armour')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 6), 10, 2 / 3));
  });

  it('suppression of a war engine takes as many Blast markers as its starting DC ([A-7]: skipped when too few)', () => {
    const gun = weapon('ap2', [{ range: 45, ap: 2 }]);
    const titan = unit('titan', { type: 'WE', damageCapacity: 3, armour: 4 }, [{ weapon: gun, multiplier: 3 }]);
    const trooper = unit('trooper', { type: 'INF' }, [{ weapon: gun }]);
    // The titan stands behind two troopers (furthest first): 2 BMs cannot suppress it (DC 3), so
    // they go past it to the two troopers; all three titan shots fire.
    const spec = engagement(
      [placed('a', 0, formation('a', [[2, trooper], [1, titan]]), { blastMarkers: 2, rankWidth: 2 }), placed('t', 1, formation('t', [[20, naked]]))],
      [shootStep(0, 1)],
    );
    expectDistribution(simulate(spec, 'we-suppression')(0, 1).unitsKilled.distribution, binomialPmf(3, 5 / 6));
    // With the alternative, suppression stops at the titan: nobody is suppressed.
    const stop = engagement(spec.formations, spec.steps, { suppressSkipWarEngines: false });
    expectDistribution(simulate(stop, 'we-suppression-stop')(0, 1).unitsKilled.distribution, binomialPmf(5, 5 / 6));
    // Three BMs suppress the titan itself and nothing else.
    const three = engagement([placed('a', 0, formation('a', [[2, trooper], [1, titan]]), { blastMarkers: 3, rankWidth: 2 }), placed('t', 1, formation('t', [[20, naked]]))], [shootStep(0, 1)]);
    expectDistribution(simulate(three, 'we-suppressed')(0, 1).unitsKilled.distribution, binomialPmf(2, 5 / 6));
  });

  it('hits on a broken formation: every Blast marker becomes a hit with no save, no chain ([A-2])', () => {
    const gun = weapon('ap4', [{ range: 45, ap: 4 }]);
    const shooter = () => placed('a', 0, formation('a', [[1, unit('g', { type: 'INF' }, [{ weapon: gun }])]]));
    const armoured = unit('armoured', { type: 'INF', armour: 2 });
    // Under-fire BM kills the front unit; a hit (1/2) on the next unit saves on 2+ (5/6) or dies and its BM kills one more.
    const spec = engagement([shooter(), placed('t', 1, formation('t', [[6, armoured]]), { broken: true })], [shootStep(0, 1)]);
    const out = simulate(spec, 'broken')(0, 1);
    const pKill = (1 / 2) * (1 / 6);
    expectDistribution(out.unitsKilled.distribution, [0, 1 - pKill, 0, pKill]);
    // TSKNF: two BMs per hit, odd ones lost: the under-fire BM alone kills nobody.
    const sm = engagement([shooter(), placed('t', 1, formation('t', [[6, armoured]], { rules: ['they-shall-know-no-fear'] }), { broken: true })], [shootStep(0, 1)]);
    expectDistribution(simulate(sm, 'broken-tsknf')(0, 1).unitsKilled.distribution, [1 - pKill, 0, pKill]);
  });

  it('macro-weapon hits are allocated after the normal hits, among the survivors', () => {
    const ap = weapon('ap2', [{ range: 45, ap: 2 }]);
    const mw = weapon('mw2', [{ range: 45, mw: 2 }]);
    const spec = engagement(
      [placed('a', 0, formation('a', [[1, unit('ap', { type: 'INF' }, [{ weapon: ap }])], [1, unit('mw', { type: 'INF' }, [{ weapon: mw }])]])), placed('t', 1, formation('t', [[2, unit('hard', { type: 'INF', armour: 2 })]]))],
      [shootStep(0, 1)],
    );
    // The AP hit kills on a failed 2+ save; the MW hit then goes to a living unit and allows no save.
    const exact = convolve([1 - (5 / 6) * (1 / 6), (5 / 6) * (1 / 6)], [1 / 6, 5 / 6]);
    expectDistribution(simulate(spec, 'mw-stage')(0, 1).unitsKilled.distribution, exact);
  });

  it('barrages: 3 BP hits four infantry on 4+; 6 BP adds a template and a Blast marker; 3 BP AT is 5+ (TP) or 6+ ([A-1])', () => {
    const gun = weapon('bp1', [{ range: 60, bp: 1 }]);
    const battery = (n: number) => formation('b', [[n, unit('gun', { type: 'AV' }, [{ weapon: gun }])]]);
    const three = engagement([placed('a', 0, battery(3)), placed('t', 1, formation('t', [[12, naked]]))], [shootStep(0, 1)]);
    const o3 = simulate(three, 'bp3')(0, 1);
    expectDistribution(o3.unitsKilled.distribution, binomialPmf(4, 1 / 2));
    const six = engagement([placed('a', 0, battery(6)), placed('t', 1, formation('t', [[12, naked]]))], [shootStep(0, 1)]);
    const o6 = simulate(six, 'bp6')(0, 1);
    const k6 = binomialPmf(8, 1 / 2);
    expectDistribution(o6.unitsKilled.distribution, k6);
    expect(Math.abs(o6.blastMarkersPlaced.mean - (1 + 1 + 4))).toBeLessThan(0.02);
    const tank = unit('tank', { type: 'AV', armour: null });
    const atTp = engagement([placed('a', 0, battery(3)), placed('t', 1, formation('t', [[8, tank]]))], [shootStep(0, 1)]);
    expectDistribution(simulate(atTp, 'bp3-at')(0, 1).unitsKilled.distribution, binomialPmf(4, 1 / 3));
    const atRb = engagement([placed('a', 0, battery(3)), placed('t', 1, formation('t', [[8, tank]]))], [shootStep(0, 1)], { barrage3bpAt: 6 });
    expectDistribution(simulate(atRb, 'bp3-at-rb')(0, 1).unitsKilled.distribution, binomialPmf(4, 1 / 6));
  });

  it('indirect fire needs sustained fire: doubled range, +1 to hit', () => {
    const gun = weapon('artillery', [{ range: 45, bp: 1, indirectFire: true }]);
    const battery = formation('b', [[3, unit('gun', { type: 'AV' }, [{ weapon: gun }])]]);
    const far = (action: 'advance' | 'sustained') =>
      engagement([placed('a', 0, battery, { front: 40 }), placed('t', 1, formation('t', [[12, naked]]), { front: 30 })], [shootStep(0, 1, { action })]);
    // 70 cm away: out of direct range, in indirect range on sustained fire (AP4+ -> 3+).
    expectDistribution(simulate(far('sustained'), 'indirect')(0, 1).unitsKilled.distribution, binomialPmf(4, 2 / 3));
    expect(simulate(far('advance'), 'no-indirect', 1000)(0, 1).blastMarkersPlaced.mean).toBe(0);
  });

  it('range: units beyond a weapon reach cannot be hit, and out-of-range shooters do not fire', () => {
    const short = weapon('short', [{ range: 30, ap: 2 }]);
    // Gap 20; the target's ranks are 5 cm apart with one unit each: only depths 0..10 are within 30 cm.
    const spec = engagement(
      [placed('a', 0, formation('a', [[6, unit('g', { type: 'INF' }, [{ weapon: short }])]]), { front: 10, rankWidth: 6 }), placed('t', 1, formation('t', [[6, naked]]), { front: 10, rankWidth: 1 })],
      [shootStep(0, 1)],
    );
    const out = simulate(spec, 'range')(0, 1);
    expectDistribution(out.unitsKilled.distribution, killsFromHits(binomialPmf(6, 5 / 6), 3, 1).concat([0, 0, 0]));
  });
});
