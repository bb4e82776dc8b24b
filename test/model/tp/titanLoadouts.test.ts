import { expect, it } from 'vitest';
import type { Dataset } from '../../../src/model/dataset.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { auditEntries, type AuditEntry } from '../../../src/reports/audit/auditEntries.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * Titans, Gargants, Supa-Stompas and Ordinatus Minorus audited armed (issue 17): the default
 * loadout is the first weapon of the formation's tables each mount may take, and each other
 * weapon is valued on every mount it may take (src/model/mountLoadouts.ts). Costs checked
 * by hand against the list pages (/work/shared/netea-tp/_site/_army_lists/*.html), row by row as
 * each comment says.
 */

const T = 'adeptus-mechanicus-titan-legion';
const S = 'adeptus-mechanicus-skitarii-legion';
const O = 'ork-gargant-mob';
const times = (n: number, id: string) => Array<string>(n).fill(`+${id}`).join('');

describeWithTp('the audit arms every formation with weapon mounts', (tpDir) => {
  const data = loadDataset(tpDir);
  const entries = auditEntries(data, [T, S, O]);
  const own = (formation: string, army: string) => entries.find((e) => e.army === army && e.formation === formation && e.variantOf === undefined)!;
  const optionsOf = (e: AuditEntry) => Object.fromEntries(entries.filter((x) => x.variantOf === e.text).map((x) => [x.option, x.cost]));

  it('the 12 formations fielded with empty mounts when no weapon is named are each audited, armed, at their cost', () => {
    const armed = [`${T}/reaver`, `${T}/warlord`, `${T}/warhound`, `${T}/warhound-pack`, `${S}/minorus`, `${S}/reaver`, `${S}/warhound`, `${S}/warhound-pack`, `${S}/warlord`, `${O}/gargant`, `${O}/great-gargant`, `${O}/supa-stompa-mob`];
    for (const id of armed) {
      const e = own(id.split('/')[1]!, id.split('/')[0]!);
      expect(e.skipped, id).toBeUndefined();
      expect(e.text.startsWith(`${id}+`), id).toBe(true);
      expect(e.spec!.unsupported.filter((n) => /weapon mounts? empty/.test(n)), id).toEqual([]);
    }
    expect(entries.filter((e) => e.skipped !== undefined)).toEqual([]);
  });

  it('the default loadouts: texts that shoot and fair-cost take, at the cost the list prints', () => {
    // Titan Legion page, Battle Titan Formations: "Warlord | One Warlord Class Titan | 675 points"; Battle Titan Weapons, first
    // row: "Apocalypse Missile Launcher | +25 points each"; two carapace and two arm mounts (warlord-class-titan-amtl.md); War
    // Griffons special rules: fewer than two different weapons, "+25 points".
    expect(own('warlord', T)).toMatchObject({ text: `${T}/warlord${times(4, 'apocalypse-missile-launcher')}`, cost: 675 + 4 * 25 + 25 });
    // Scout Titan Formations: "Warhound | One Warhound Class Titan | 275 points"; Scout Titan Weapons, first row: "Inferno Gun | Free".
    expect(own('warhound', T)).toMatchObject({ text: `${T}/warhound${times(2, 'inferno-gun')}`, cost: 275 + 25 });
    // Gargant Mob page, Gargant Formations: "Gargant | One Gargant and three Gargant or Supa-Stompa Weapons | 475"; Gargant
    // Weapons, first row: "Deth Kannon | +75 points", which any mount takes (two arms and a belly, gargant-ogbm.md).
    expect(own('gargant', O)).toMatchObject({ text: `${O}/gargant${times(3, 'deth-kannon')}`, cost: 475 + 3 * 75 });
    // Support Formations: "Supa-Stompa Mob | One Supa-Stompa and three Supa-Stompa Weapons | 150"; Supa-Stompa Weapons, first row:
    // "Gatling Cannon | +50 points".
    expect(own('supa-stompa-mob', O)).toMatchObject({ text: `${O}/supa-stompa-mob${times(3, 'gatling-cannon')}`, cost: 150 + 3 * 50 });
    // Skitarii page, Ordinatus Formations: "Minorus | Two Ordinatus Minorus | 250 points", a carapace mount each
    // (ordinatus-minorus.md); Battle Titan Weapons, first row: "Apocalypse Missile Launcher | +25 points each"; no surcharge for it.
    expect(own('minorus', S)).toMatchObject({ text: `${S}/minorus${times(2, 'apocalypse-missile-launcher')}`, cost: 250 + 2 * 25 });
    expect(own('minorus', S).spec!.choice).toBe('weapon mounts: 2 Apocalypse Missile Launcher (the first weapon of its tables each mount may take; each other weapon valued on every mount it may take)');
    for (const e of entries.filter((x) => x.spec !== undefined && x.text.includes('+'))) expect(parseFormation(data, e.text).points, e.text).toBe(e.cost);
  });

  it('each other weapon valued on every mount it may take, the rest as the default, at its own cost', () => {
    // Battle Titan Weapons rows (+25 Apocalypse Missile Launcher, Close Combat Weapon, Gatling Blaster, Plasma Cannon; +50 Laser
    // Blaster, Melta Cannon, Volcano Cannon; +75 Plasma Destructor, Quake Cannon, Support Missile, the two carapace only; free
    // Carapace Landing Pad, Corvus Assault Pod, Laser Burner) and Scout Titan Weapons rows (free Inferno Gun, Plasma Blastgun,
    // Vulcan Mega-Bolter; +25 Turbo-Laser Destructor). One weapon on every mount pays the +25; two different do not.
    expect(optionsOf(own('warlord', T))).toEqual({
      '+carapace-landing-pad x4': 700, '+close-combat-weapon x4': 800, '+corvus-assault-pod x4': 700, '+gatling-blaster x4': 800,
      '+laser-blaster x4': 900, '+laser-burner x4': 700, '+melta-cannon x4': 900, '+plasma-cannon x4': 800,
      '+plasma-destructor x2': 675 + 2 * 75 + 2 * 25, '+quake-cannon x4': 1000, '+support-missile x2': 875, '+volcano-cannon x4': 900,
      '+inferno-gun x4': 700, '+plasma-blastgun x4': 700, '+turbo-laser-destructor x4': 800, '+vulcan-mega-bolter x4': 700,
    });
    expect(entries.find((e) => e.option === '+plasma-destructor x2' && e.army === T && e.formation === 'warlord')!.text).toBe(`${T}/warlord${times(2, 'plasma-destructor')}${times(2, 'apocalypse-missile-launcher')}`);
    // Gargant Weapons (+75 Deth Kannon, Krooz Missiles, Lifta-Droppa, Twin Soopagun, Ultra-Lobba; +50 Supa-Lifta-Droppa; +25
    // Krusha; arm only: Krooz Missiles, Krusha, Lifta-Droppa, Supa-Lifta-Droppa, Ultra-Lobba) and Supa-Stompa Weapons (+50
    // Gatling Cannon, Mega-Lobba, Soopagun, Supa-Zzap-Gun; +25 Loadz o' Guns, Mega-Choppa, Snappa; Mega-Choppa and Mega-Lobba arm
    // only, Snappa belly only): an arm-only weapon on both arms, the Deth Kannon on the belly.
    expect(optionsOf(own('gargant', O))).toEqual({
      '+krooz-missiles x2': 700, '+krusha x2': 600, '+lifta-droppa x2': 700, '+supa-lifta-droppa x2': 650, '+twin-soopagun x3': 700,
      '+ultra-lobba x2': 700, '+gatling-cannon x3': 625, '+loadz-o-guns x3': 550, '+mega-choppa x2': 600, '+mega-lobba x2': 650,
      '+soopagun x3': 625, '+snappa x1': 475 + 25 + 2 * 75, '+supa-zzap-gun x3': 625,
    });
    // Gryphonne IV special rules: Battle Titan Weapons only, and "+50 points for a Carapace Landing Pad and +25 points for a
    // Quake Cannon" on an Ordinatus Minorus.
    expect(optionsOf(own('minorus', S))).toEqual({
      '+carapace-landing-pad x2': 250 + 2 * 50, '+close-combat-weapon x2': 300, '+corvus-assault-pod x2': 250, '+gatling-blaster x2': 300,
      '+laser-blaster x2': 350, '+laser-burner x2': 250, '+melta-cannon x2': 350, '+plasma-cannon x2': 300, '+plasma-destructor x2': 400,
      '+quake-cannon x2': 250 + 2 * 75 + 2 * 25, '+support-missile x2': 400, '+volcano-cannon x2': 350,
    });
    // Reaver and Warlord 16 each, Warhound and Warhound Pack 3 each, in both lists; Minorus 12; Gargant and Great Gargant 13, Supa-Stompa Mob 6.
    expect(entries.filter((e) => e.variantOf !== undefined && e.option!.startsWith('+')).length).toBe(2 * (16 + 16 + 3 + 3) + 12 + 13 + 13 + 6);
  });

  it('a titan no weapon table reaches is named as not audited, with why', () => {
    const army = data.armies.get(T)!;
    const bare: Dataset = { ...data, armies: new Map([[T, { ...army, upgrades: army.upgrades.filter((u) => u.mount === undefined) }]]) };
    expect(auditEntries(bare, [T]).find((e) => e.formation === 'warhound')!.skipped).toBe('a titan with empty weapon mounts: no weapon table of its list offers a weapon for its arm weapon mounts (0 weapon upgrades offered to it)');
  });
});
