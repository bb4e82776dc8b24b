import { expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { setMountSurcharges } from '../../../src/model/tp/mountSurcharges.js';
import { UnitResolver } from '../../../src/model/tp/names.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/** The checkout imported once for this file (it was imported once per block): the blocks only read it. */

describeWithTp('Tournament Pack weapon mounts', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

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

  it('a text naming no weapon fields the default loadout and says so; one naming some leaves the rest empty, named; a fifth weapon for two Warhounds is refused', () => {
    const bare = parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound');
    expect(bare.units[0]!.characters.map((c) => c.id)).toEqual(['inferno-gun', 'inferno-gun']);
    expect(bare.choice).toContain('weapon mounts: 2 Inferno Gun, the first weapon of its tables each mount may take');
    expect(bare.unsupported.filter((n) => /weapon mounts empty/.test(n))).toEqual([]);
    const half = parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound+vulcan-mega-bolter');
    expect(half.unsupported).toContain('Warhound Class Titan: 1 of 2 weapon mounts empty (add weapons as upgrades, e.g. "+vulcan-mega-bolter")');
    expect(() => parseFormation(data, 'adeptus-mechanicus-titan-legion/warhound+vulcan-mega-bolter+vulcan-mega-bolter+inferno-gun')).toThrow(InputError);
  });
});

describeWithTp('Tournament Pack weapon-mount surcharges (the lists\' special rules)', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;
  const points = (text: string) => parseFormation(data, text).points;

  it('War Griffons: a titan formation with fewer than two different weapons pays +25, the units together standing for the whole cost', () => {
    // "each Scout or Battle Titan formation must select at least two different weapons or pay a surcharge of an additional +25 points"
    const T = 'adeptus-mechanicus-titan-legion';
    expect(points(`${T}/warhound+inferno-gun+vulcan-mega-bolter`)).toBe(275);
    const same = parseFormation(data, `${T}/warhound-pack+turbo-laser-destructor+turbo-laser-destructor+turbo-laser-destructor+turbo-laser-destructor`);
    expect(same.points).toBe(500 + 4 * 25 + 25);
    expect(same.units.reduce((t, u) => t + u.points!, 0)).toBe(625);
    expect(same.choice).toBe('weapon-mount surcharges: +25 points for fewer than 2 different weapons on its mounts (the list\'s special rules)');
    expect(points(`${T}/warlord+apocalypse-missile-launcher+apocalypse-missile-launcher+apocalypse-missile-launcher+apocalypse-missile-launcher`)).toBe(675 + 4 * 25 + 25);
    // None named: the default two Inferno Guns, the same weapon twice, pay the +25.
    expect(points(`${T}/warhound`)).toBe(300);
  });

  it('Gryphonne IV: a Carapace Landing Pad on an Ordinatus Minorus is +50, a Quake Cannon +25, on a titan nothing more', () => {
    // "Ordinatus Minorus Weapon Mounts must be Battle Titan Weapons; and pay surcharges of an additional +50 points for a Carapace Landing Pad and +25 points for a Quake Cannon"
    const S = 'adeptus-mechanicus-skitarii-legion';
    expect(points(`${S}/minorus+carapace-landing-pad+carapace-landing-pad`)).toBe(250 + 2 * 50);
    expect(points(`${S}/minorus+quake-cannon+volcano-cannon`)).toBe(250 + 75 + 25 + 50);
    expect(parseFormation(data, `${S}/minorus+quake-cannon+quake-cannon`).choice).toBe('weapon-mount surcharges: +50 points for 2 Quake Cannon on Ordinatus Minorus (the list\'s special rules)');
    expect(points(`${S}/warlord+carapace-landing-pad+carapace-landing-pad+quake-cannon+quake-cannon`)).toBe(675 + 2 * 75);
    // The two-different-weapons rule is the War Griffons' only.
    expect(points(`${S}/warhound+inferno-gun+inferno-gun`)).toBe(275);
  });

  it('import-tp says what it charged, and where', () => {
    const said = tp.report.decisions.filter((d) => d.message.startsWith('weapon-mount surcharge')).map((d) => `${d.id}: ${d.message}`);
    expect(said).toEqual([
      'adeptus-mechanicus-skitarii-legion: weapon-mount surcharge (gryphonne-iv-skitarii-legion-epic-tournament-special-rules): "+50 points for a Carapace Landing Pad (on Ordinatus Minorus)", charged in sagitarii, skitarii, minorus, praetorian-maniple, reaver, warlord',
      'adeptus-mechanicus-skitarii-legion: weapon-mount surcharge (gryphonne-iv-skitarii-legion-epic-tournament-special-rules): "+25 points for a Quake Cannon (on Ordinatus Minorus)", charged in sagitarii, skitarii, minorus, praetorian-maniple, reaver, warlord',
      'adeptus-mechanicus-titan-legion: weapon-mount surcharge (war-griffons-epic-tournament-special-rules): "must select at least two different weapons or pay a surcharge of an additional +25 points", charged in reaver, warlord, warhound, warhound-pack',
    ]);
  });

  it('a rule naming a weapon the list does not offer is named, and charges nothing', () => {
    const army = data.armies.get('adeptus-mechanicus-skitarii-legion')!;
    const formations = army.formations.map((f) => ({ ...f, mountSurcharges: undefined }));
    const rule = 'Ordinatus Minorus _Weapon Mounts_ must be Battle Titan Weapons; and pay surcharges of an additional +50 points for a Doom Ray and +25 points for a Quake Cannon.';
    const { problems } = setMountSurcharges({ ruleIds: ['r'], ruleText: new Map([['r', rule]]), resolver: new UnitResolver([...data.units.values()]), units: data.units, formations, upgrades: army.upgrades, mountWeapons: new Set(['carapace-weapon-mount']) });
    expect(problems).toEqual([{ rule: 'r', reason: '"+50 points for a Doom Ray": the list has no weapon-mount upgrade "Doom Ray"' }]);
    expect(formations.find((f) => f.id === 'minorus')!.mountSurcharges).toEqual({ perWeapon: [{ unit: 'ordinatus-minorus', weapon: 'quake-cannon', points: 25 }] });
  });
});

describeWithTp('Tournament Pack army-wide rules', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

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
