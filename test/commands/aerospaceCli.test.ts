import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';

/**
 * The aerospace rules on the command line (issue 16): `shoot` picks the
 * attack by who flies; what the rules forbid is one clear line and exit 2.
 */

const run = (args: string[]) => inProcess([...args, '--trials', '2000', '--workers', '1', '--quiet']);

describe('shoot when a side flies', () => {
  it('aircraft at a ground formation: a ground attack through its flak, the aircraft\'s losses reported', async () => {
    const r = await run(['shoot', 'imperial-navy/thunderbolt-squadron', '--at', 'steel-legion/mechanised-infantry-company+flak-upgrade', '--flak', 'steel-legion/flak-battery', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.attack).toBe('ground-attack');
    expect(j.attacker.destroyed.p).toBeGreaterThan(0.3);
    expect(j.attacker.broken.p).toBe(0);
    expect(j.target.unitsKilled.mean).toBeGreaterThan(0);
  });

  it('a ground formation at aircraft fires flak; fighters at aircraft intercept; a spacecraft bombards', async () => {
    for (const [args, attack] of [
      [['steel-legion/flak-battery', '--at', 'imperial-navy/thunderbolt-squadron'], 'flak'],
      [['imperial-navy/thunderbolt-squadron', '--at', 'imperial-navy/marauder-squadron'], 'intercept'],
      [['steel-legion/orbital-support-lunar', '--at', 'steel-legion/tank-company'], 'orbital'],
    ] as const) {
      const r = await run(['shoot', ...args, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).attack).toBe(attack);
    }
  });

  it.each([
    [['assault', 'imperial-navy/thunderbolt-squadron', '--at', 'ork-war-horde/warband'], /cannot assault, be assaulted or lend support while in the air \(RB 4\.1\.2\)/],
    [['assault', 'ork-war-horde/warband', '--at', 'imperial-navy/marauder-squadron'], /cannot assault, be assaulted/],
    [['shoot', '4 Devastator', '--at', 'imperial-navy/thunderbolt-squadron'], /has no weapon with an AA value: ground units may shoot aircraft only with flak/],
    [['shoot', 'imperial-navy/marauder-squadron', '--at', 'imperial-navy/thunderbolt-squadron'], /only fighters and fighter-bombers may intercept/],
    [['shoot', 'steel-legion/flak-battery', '--at', 'steel-legion/orbital-support-lunar'], /is a spacecraft: it is in orbit and cannot be attacked/],
    [['shoot', 'imperial-navy/thunderbolt-squadron', '--at', 'ork-war-horde/warband', '--flak', '4 Devastator'], /has no weapon with an AA value to fire flak with/],
    [['shoot', '4 Devastator', '--at', 'ork-war-horde/warband', '--cap', 'imperial-navy/thunderbolt-squadron'], /only for a ground attack/],
  ])('%j: one line naming the rule, exit 2', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
});
