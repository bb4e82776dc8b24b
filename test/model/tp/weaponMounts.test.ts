import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { importTournamentPack } from '../../../src/model/tp/importer.js';
import { TP_DIR, tpAvailable } from './tpPath.js';

/** The checkout imported once for this file (it was imported once per block): the blocks only read it. */
const tp = tpAvailable ? importTournamentPack(TP_DIR) : null!;

describe.skipIf(!tpAvailable)('Tournament Pack weapon mounts', () => {
  const data = tpAvailable ? tp.dataset : null!;

  it('weapon upgrades fill the titans\' mounts, one weapon per mount, spread over the titans', () => {
    const pack = parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound-pack+vulcan-mega-bolter+vulcan-mega-bolter+plasma-blastgun+plasma-blastgun');
    expect(pack.units).toHaveLength(2);
    for (const titan of pack.units) expect(titan.characters.map((c) => c.name).sort()).toEqual(['Plasma Blastgun', 'Vulcan Mega-Bolter']);
    expect(pack.points).toBe(500);
    expect(pack.unsupported.some((u) => u.includes('weapon mounts empty'))).toBe(false);
  });

  it('crew upgrades (a Veteran Princeps) join a titan without taking a mount', () => {
    const hound = parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound+vulcan-mega-bolter+plasma-blastgun+veteran-princeps');
    expect(hound.units[0]!.characters.map((c) => c.name)).toEqual(['Vulcan Mega-Bolter', 'Plasma Blastgun', 'Veteran Princeps']);
    expect(hound.points).toBe(300);
  });

  it('empty mounts are named; a fifth weapon for two Warhounds is refused', () => {
    const bare = parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound');
    expect(bare.unsupported).toContain('Warhound Class Titan: 2 of 2 weapon mounts empty (add weapons as upgrades, e.g. "+vulcan-mega-bolter")');
    expect(() => parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound+vulcan-mega-bolter+vulcan-mega-bolter+inferno-gun')).toThrow(InputError);
  });
});

describe.skipIf(!tpAvailable)('Tournament Pack army-wide rules', () => {
  const data = tpAvailable ? tp.dataset : null!;

  it('a formation takes the rules of its own list\'s force, not of another force sharing its units', () => {
    // Boyz are in the Ork, Feral Ork, Gargant Mob and Speed Freek forces.
    expect(parseFormation(data, 'ork-war-horde/warband').rules.sort()).toEqual(['mob-rule', 'power-of-the-waaagh']);
    expect(parseFormation(data, 'ork-feral-orks/warband').rules.sort()).toEqual(['mob-rule', 'power-of-the-waaagh']);
    expect(parseFormation(data, 'space-marine-codex-astartes/tactical').rules).toEqual(['they-shall-know-no-fear']);
  });

  it('Gretchin and Big Gunz are left out of Mob Rule\'s count', () => {
    expect(data.units.get('grotz')?.abilities).toContain('not-counted-for-mob-rule');
    expect(data.units.get('boyz')?.abilities ?? []).not.toContain('not-counted-for-mob-rule');
  });
});
