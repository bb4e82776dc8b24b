import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBuiltinDataset, loadDatasheetFiles } from '../../src/model/loadDatasheets.js';
import { InputError, type Problem } from '../../src/model/inputError.js';
import type { Army, Formation, Unit, Upgrade, Weapon, WeaponMode } from '../../src/model/schema.js';

// Spot checks cite lines of the 2004 rulebook seed: /work/shared/seeds/001_725048fc41c4123e.txt.

const data = loadBuiltinDataset();

function unit(id: string): Unit {
  const u = data.units.get(id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}
function weapon(id: string): Weapon {
  const w = data.weapons.get(id);
  if (!w) throw new Error(`no weapon ${id}`);
  return w;
}
function mode(weaponId: string, i = 0): WeaponMode {
  return weapon(weaponId).modes[i]!;
}
function army(id: string): Army {
  const a = data.armies.get(id);
  if (!a) throw new Error(`no army ${id}`);
  return a;
}
function formation(armyId: string, id: string): Formation {
  const f = army(armyId).formations.find((x) => x.id === id);
  if (!f) throw new Error(`no formation ${armyId}/${id}`);
  return f;
}
function upgrade(armyId: string, id: string): Upgrade {
  const u = army(armyId).upgrades.find((x) => x.id === id);
  if (!u) throw new Error(`no upgrade ${armyId}/${id}`);
  return u;
}
/** The unit's entry for a weapon (multiplier, arc, ...). */
function carried(unitId: string, weaponId: string, nth = 0) {
  const found = unit(unitId).weapons.filter((w) => w.weapon === weaponId)[nth];
  if (!found) throw new Error(`${unitId} has no ${weaponId}`);
  return found;
}
const unitsOf = (f: Formation) => Object.fromEntries(f.units.map((uc) => [uc.unit, uc.count]));

/** Units whose name or alias is `name` (case-insensitive), across all forces. */
function byName(name: string): Unit[] {
  const n = name.toLowerCase();
  return [...data.units.values()].filter((u) => u.name.toLowerCase() === n || u.aliases.some((a) => a.toLowerCase() === n));
}

describe('built-in datasheets: integrity', () => {
  it('loads the five armies and their allies', () => {
    expect([...data.armies.keys()].sort()).toEqual(['codex-astartes', 'imperial-navy', 'ork-war-horde', 'steel-legion', 'titan-legion']);
    expect(army('codex-astartes').allies).toEqual(['imperial-navy', 'titan-legion']);
    expect(army('steel-legion').allies).toEqual(['imperial-navy', 'titan-legion']);
    expect(data.forces.get('space-marine')!.rules).toEqual(['they-shall-know-no-fear']);
    expect(data.forces.get('ork')!.rules).toEqual(['mob-rule', 'power-of-the-waaagh']);
  });

  it('resolves every formation\'s units, choices and upgrades, and every formation costs points', () => {
    for (const a of data.armies.values()) {
      const upgradeIds = new Set(a.upgrades.map((u) => u.id));
      expect(a.formations.length, a.id).toBeGreaterThan(0);
      for (const f of a.formations) {
        const where = `${a.id}/${f.id}`;
        expect(f.points, where).toBeGreaterThan(0);
        for (const uc of f.units) expect(data.units.has(uc.unit), `${where}: ${uc.unit}`).toBe(true);
        for (const c of f.choices) {
          for (const u of c.from) expect(data.units.has(u), `${where}: choice ${u}`).toBe(true);
          // The default pick is one of the choices, in the chosen number.
          const picked = f.units.filter((uc) => c.from.includes(uc.unit)).reduce((n, uc) => n + uc.count, 0);
          expect(picked, `${where}: default pick`).toBe(c.count);
        }
        for (const id of f.upgrades) {
          expect(upgradeIds.has(id), `${where}: upgrade ${id}`).toBe(true);
          const up = a.upgrades.find((u) => u.id === id)!;
          // An upgrade only replaces units the formation has.
          for (const r of up.remove) {
            const have = f.units.find((uc) => uc.unit === r.unit)?.count ?? 0;
            expect(have, `${where}: ${id} removes ${r.count} ${r.unit}`).toBeGreaterThanOrEqual(r.count);
          }
        }
      }
      for (const up of a.upgrades) {
        const where = `${a.id} upgrade ${up.id}`;
        for (const uc of [...up.add, ...up.remove]) expect(data.units.has(uc.unit), where).toBe(true);
        for (const c of up.choices) for (const u of c.from) expect(data.units.has(u), where).toBe(true);
        if (up.character !== undefined) expect(unit(up.character).type, where).toBe('CH');
        expect(a.formations.some((f) => f.upgrades.includes(up.id)), `${where} is used by a formation`).toBe(true);
      }
    }
  });

  it('puts every unit in exactly one force, with names unique within each force', () => {
    const owners = new Map<string, string[]>();
    for (const f of data.forces.values()) {
      const names = new Map<string, string>();
      for (const id of f.units) {
        owners.set(id, [...(owners.get(id) ?? []), f.id]);
        const u = unit(id);
        for (const n of [u.name, ...u.aliases]) {
          const key = n.toLowerCase();
          expect(names.get(key), `${f.id}: "${n}" used by ${names.get(key)} and ${id}`).toBeUndefined();
          names.set(key, id);
        }
      }
    }
    for (const id of data.units.keys()) expect(owners.get(id), id).toHaveLength(1);
  });

  it('resolves the names other tests use to one unit each', () => {
    expect(byName('Devastator').map((u) => u.id)).toEqual(['devastator']);
    expect(byName('Tactical').map((u) => u.id)).toEqual(['tactical']);
    expect(byName('Rhino').map((u) => u.id)).toEqual(['rhino']);
    expect(byName('Ork Boyz').map((u) => u.id)).toEqual(['boyz']);
    expect(byName('Warhound').map((u) => u.id)).toEqual(['warhound']);
    expect(byName('Land Raider').map((u) => u.id)).toEqual(['land-raider']);
  });

  it('gives every war engine a damage capacity and every Titan void shields', () => {
    for (const u of data.units.values()) {
      if (u.type === 'WE' || u.type === 'AC/WE') expect(u.damageCapacity, u.id).toBeGreaterThan(0);
    }
    for (const id of data.forces.get('titan-legion')!.units) expect(unit(id).voidShields, id).toBeGreaterThan(0);
  });
});

describe('built-in datasheets: spot checks against the rulebook seed', () => {
  describe('Codex Astartes Space Marines', () => {
    it('strategy rating 5, initiative 1+', () => {
      // line 4690: "strategy rating of 5. All Space Marine and Titan Legion formations have an initiative rating of 1+"
      expect(army('codex-astartes').strategyRating).toBe(5);
      expect(army('codex-astartes').initiative.default).toBe(1);
    });

    it('Devastator: 2 x Missile Launcher 45cm AP5+/AT6+', () => {
      // line 2514: "2 x Missile Launcher 45cm AP5+/AT6+"
      expect(carried('devastator', 'missile-launcher').multiplier).toBe(2);
      expect(mode('missile-launcher')).toMatchObject({ range: 45, ap: 5, at: 6, kind: 'ranged' });
      expect(unit('devastator')).toMatchObject({ armour: 4, cc: 5, ff: 3, speed: 15 });
    });

    it('Smite: small arms, macro-weapon, extra attack (+1)', () => {
      // line 2433: "Smite (15cms) Small Arms Macro-weapon, Extra Attack (+1)"
      expect(mode('smite')).toMatchObject({ kind: 'small-arms', range: 15, macroWeapon: true, extraAttacks: 1 });
    });

    it('Whirlwind: 45cm 1BP indirect fire', () => {
      // line 2691: "Whirlwind 45cm 1BP Indirect Fire"
      expect(mode('whirlwind-launcher')).toMatchObject({ range: 45, bp: 1, indirectFire: true });
    });

    it('Land Raider: 25cm 4+, 2 x Twin Lascannon, reinforced and thick rear armour, transport 2', () => {
      // line 2725: "Armoured Vehicle 25cm 4+ 6+ 5+"; line 2727: "2 x Twin Lascannon 45cm AT4+"; line 2730: notes
      expect(unit('land-raider')).toMatchObject({ type: 'AV', speed: 25, armour: 4, cc: 6, ff: 5, transport: 2 });
      expect(carried('land-raider', 'twin-lascannon').multiplier).toBe(2);
      expect(unit('land-raider').abilities).toEqual(expect.arrayContaining(['reinforced-armour', 'thick-rear-armour', 'transport']));
    });

    it('Battle Barge: 14BP macro-weapon bombardment, slow and steady', () => {
      // line 2841: "Orbital Bombardment n/a 14BP Macro-weapon"
      expect(mode('orbital-bombardment-14bp')).toMatchObject({ bp: 14, macroWeapon: true });
      expect(unit('battle-barge').abilities).toContain('slow-and-steady');
    });

    it('Thunderhawk: damage capacity 2, crashes on a critical', () => {
      // line 2889: "Damage Capacity 2. Critical Hit Effect: ... crashes to the ground, killing all on board."
      const th = unit('thunderhawk');
      expect(th).toMatchObject({ type: 'AC/WE', damageCapacity: 2, aircraftSpeed: 'bomber' });
      expect(th.critical!.parts).toEqual([{ kind: 'destroyed' }]);
    });

    it('Landing Craft per errata: war engine aircraft, 3 x Twin Heavy Bolters 15cm AP4+/AA5+, DC 4', () => {
      // line 6964 (errata): "War Engine Aircraft" and "3 x Twin Heavy Bolters, Range 15cm, Firepower AP4+/AA5+"; line 2866: DC 4
      const lc = unit('landing-craft');
      expect(lc).toMatchObject({ type: 'AC/WE', damageCapacity: 4, armour: 4, cc: 5, ff: 3 });
      expect(carried('landing-craft', 'twin-heavy-bolter-15cm-aa').multiplier).toBe(3);
      expect(mode('twin-heavy-bolter-15cm-aa')).toMatchObject({ range: 15, ap: 4, aa: 5 });
      expect(lc.critical!.parts).toEqual([{ kind: 'destroyed', hitsAround: { toHit: 1, rangeCm: 5 } }]);
    });

    it('detachment points: Assault 175, Devastator 250 with two Rhinos, Tactical 300 with three, Terminator 325', () => {
      // line 4694: Assault 175; line 4696: Devastator "plus transport" 250; line 4702: Tactical 300; line 4703: Terminator 325
      expect(formation('codex-astartes', 'assault-detachment').points).toBe(175);
      const dev = formation('codex-astartes', 'devastator-detachment');
      expect(dev.points).toBe(250);
      expect(unitsOf(dev)).toEqual({ devastator: 4, rhino: 2 });
      const tac = formation('codex-astartes', 'tactical-detachment');
      expect(tac.points).toBe(300);
      expect(unitsOf(tac)).toEqual({ tactical: 6, rhino: 3 });
      expect(formation('codex-astartes', 'terminator-detachment').points).toBe(325);
    });

    it('upgrades: Commander 50 (+50 as Supreme Commander), Land Raiders 100 each up to four, Razorbacks +25 each', () => {
      // lines 4712-4713: Commander 50 points, "+50 points if Supreme Commander"
      expect(upgrade('codex-astartes', 'commander')).toMatchObject({ points: 50, character: 'captain' });
      expect(upgrade('codex-astartes', 'commander').choices[0]!.from).toEqual(['captain', 'librarian', 'chaplain']);
      expect(upgrade('codex-astartes', 'supreme-commander-upgrade').points).toBe(100);
      // line 4717: "Land Raiders Add up to four Land Raiders 100 points each"
      expect(upgrade('codex-astartes', 'land-raiders')).toMatchObject({ points: 100, repeatable: { max: 4 } });
      // line 4718: "Razorbacks Replace any number of Rhinos with 1 or 2 Razorbacks each +25 points per Razorback"
      expect(upgrade('codex-astartes', 'razorbacks')).toMatchObject({ points: 25, remove: [{ unit: 'rhino', count: 1 }], repeatable: {} });
      expect(upgrade('codex-astartes', 'razorbacks-pair')).toMatchObject({ points: 50, add: [{ unit: 'razorback', count: 2 }] });
    });
  });

  describe('Steel Legion Imperial Guard', () => {
    it('strategy rating 2, initiative 2+', () => {
      // line 4802: "strategy rating of 2. Steel Legion Imperial Guard formations ... initiative rating of 2+"
      expect(army('steel-legion').strategyRating).toBe(2);
      expect(army('steel-legion').initiative.default).toBe(2);
    });

    it('Infantry: CC 6+ FF 5+ (errata), one autocannon per two units', () => {
      // line 3074: "Infantry 15cm none 6+ 5+"; line 6982 (errata) CC 6+ FF 5+; line 3077: autocannon "See below"
      expect(unit('imperial-guard-infantry')).toMatchObject({ armour: null, cc: 6, ff: 5 });
      expect(carried('imperial-guard-infantry', 'autocannon').sharedBy).toBe(2);
    });

    it('Basilisk Earthshaker: AP4+/AT4+ or 1BP indirect fire', () => {
      // line 3371: "Earthshaker 120cm AP4+/AT4+ or 1BP Indirect Fire"
      const es = weapon('earthshaker');
      expect(es.modes).toHaveLength(2);
      expect(es.modes[0]).toMatchObject({ range: 120, ap: 4, at: 4, indirectFire: false });
      expect(es.modes[1]).toMatchObject({ range: 120, bp: 1, indirectFire: true });
    });

    it('Deathstrike missile: MW2+, one-shot, Titan Killer (D6)', () => {
      // line 3426: "Deathstrike missile Unlimited MW2+ One-Shot, Titan killer (D6)"
      expect(mode('deathstrike-missile')).toMatchObject({ mw: 2, singleShot: true, titanKiller: 'D6', range: 10000 });
    });

    it('Shadowsword: Volcano Cannon MW2+ TK(D3) fixed forward, DC 3, explodes hitting on 6 within 5cm', () => {
      // line 3491: "Volcano Cannon 90cm MW2+ Titan Killer (D3), Fixed Forward Arc"; line 3493: DC 3 and critical
      expect(mode('volcano-cannon')).toMatchObject({ range: 90, mw: 2, titanKiller: 'D3' });
      expect(carried('shadowsword', 'volcano-cannon').arc).toBe('fixed-forward');
      const ss = unit('shadowsword');
      expect(ss.damageCapacity).toBe(3);
      expect(ss.critical!.parts).toEqual([{ kind: 'destroyed', hitsAround: { toHit: 6, rangeCm: 5 } }]);
    });

    it('Baneblade: damage capacity 3 from the reference sheet', () => {
      // line 6813: "DC3. Critical=See datasheet"
      expect(unit('baneblade')).toMatchObject({ type: 'WE', damageCapacity: 3, armour: 4 });
    });

    it('Hydra: 2 x Twin Hydra Autocannon AP4+/AT5+/AA5+', () => {
      // line 3445: "2 x Twin Hydra Autocannon 45cm AP4+/AT5+/AA5+"
      expect(carried('hydra', 'twin-hydra-autocannon').multiplier).toBe(2);
      expect(mode('twin-hydra-autocannon')).toMatchObject({ range: 45, ap: 4, at: 5, aa: 5 });
    });

    it('Manticore rocket launcher and Valkyrie rocket pods', () => {
      // line 3407: "Rocket Launcher 150cm 2BP Disrupt, Indirect Fire, Slow Firing"
      expect(mode('manticore-rocket-launcher')).toMatchObject({ range: 150, bp: 2, disrupt: true, indirectFire: true, slowFiring: true });
      // line 3195: "2 x Rocket Pod 30cm 1BP Disrupt, One-Shot"
      expect(carried('valkyrie', 'rocket-pod').multiplier).toBe(2);
      expect(mode('rocket-pod')).toMatchObject({ range: 30, bp: 1, disrupt: true, singleShot: true });
    });

    it('companies and support: Regimental HQ 500 (0-1), Tank Company 650, Storm Troopers 200 with Valkyries +150', () => {
      // line 4807: Regimental HQ 500 points, only one allowed
      const hq = formation('steel-legion', 'regimental-hq');
      expect(hq).toMatchObject({ points: 500, limit: '0-1' });
      expect(unitsOf(hq)).toEqual({ 'imperial-guard-supreme-commander': 1, 'imperial-guard-infantry': 12, chimera: 7 });
      // line 4813: "Ten Leman Russ tanks ... 650 points"
      expect(formation('steel-legion', 'tank-company')).toMatchObject({ points: 650, units: [{ unit: 'leman-russ', count: 10 }] });
      // line 4826: "Eight Storm Trooper units (may have four Valkyrie transport vehicles) 200 points (+150 points)"
      expect(formation('steel-legion', 'storm-trooper-platoon').points).toBe(200);
      expect(upgrade('steel-legion', 'valkyries')).toMatchObject({ points: 150, add: [{ unit: 'valkyrie', count: 4 }] });
    });

    it('Orbital Support: Lunar 150 or Emperor 300', () => {
      // lines 4831-4832: "One Imperial Navy Lunar class cruiser 150 points OR one Emperor class Battleship 300 points"
      expect(formation('steel-legion', 'orbital-support-lunar').points).toBe(150);
      expect(formation('steel-legion', 'orbital-support-emperor').points).toBe(300);
    });
  });

  describe('Imperial Navy', () => {
    it('aircraft formations: two Thunderbolts 150, two Marauders 300; initiative 2+', () => {
      // lines 4854-4855: "Two Thunderbolt Fighters 150 points", "Two Marauder Bombers 300 points"; line 3532: initiative 2+
      expect(formation('imperial-navy', 'thunderbolt-squadron')).toMatchObject({ kind: 'aircraft', points: 150, units: [{ unit: 'thunderbolt', count: 2 }] });
      expect(formation('imperial-navy', 'marauder-squadron')).toMatchObject({ points: 300 });
      expect(army('imperial-navy').initiative.default).toBe(2);
    });

    it('Thunderbolt: fighter-bomber, armour 6+; Marauder twin lascannon AT4+/AA4+ fixed forward', () => {
      // line 3584: "Aircraft Fighter-bomber 6+ n/a n/a"
      expect(unit('thunderbolt')).toMatchObject({ type: 'AC', aircraftSpeed: 'fighter-bomber', armour: 6, cc: null, ff: null });
      // line 3603: "Twin Lascannon 45cm AT4+/AA4+ Fixed Forward Arc"
      expect(mode('marauder-twin-lascannon')).toMatchObject({ range: 45, at: 4, aa: 4 });
      expect(carried('marauder', 'marauder-twin-lascannon').arc).toBe('fixed-forward');
    });

    it('Lunar class cruiser: 3BP bombardment and a MW2+ TK(D3) pin-point attack', () => {
      // line 3572: "Orbital Bombardment n/a 3BP Macro-weapon"; line 3573: "Pin-point attack n/a MW2+ Titan Killer (D3)"
      expect(mode('orbital-bombardment-3bp')).toMatchObject({ bp: 3, macroWeapon: true });
      expect(mode('pin-point-attack')).toMatchObject({ mw: 2, titanKiller: 'D3' });
    });
  });

  describe('Titan Legions', () => {
    it('Warlord: DC 8, 6 void shields, plasma reactor hitting on 4+ within 5cm', () => {
      // line 3648: "Damage Capacity 8. 6 Void Shields. ... units within 5cms of the Warlord will be hit on a roll of 4+"
      const wl = unit('warlord-titan');
      expect(wl).toMatchObject({ damageCapacity: 8, voidShields: 6, speed: 15, armour: 4, cc: 2, ff: 3 });
      expect(wl.critical!.parts).toEqual([
        { kind: 'reactor', destroyedOn: [1], damageOn: [2, 3], repairedOn: [4, 5, 6], hitsAround: { toHit: 4, rangeCm: 5 } },
      ]);
    });

    it('Warlord weapons: 2 x Turbo-Laser 4 x AP5+/AT3+ fixed forward, Gatling Blaster 4 x AP4+/AT4+ (errata)', () => {
      // line 3644: "2 x Turbo-Laser Destructors 45cm 4 x AP5+/AT3+ Fixed Forward Arc"
      expect(carried('warlord-titan', 'turbo-laser-destructor')).toMatchObject({ multiplier: 2, arc: 'fixed-forward' });
      expect(mode('turbo-laser-destructor')).toMatchObject({ shots: 4, ap: 5, at: 3 });
      // line 3645 and errata line 6974: "Gatling Blaster Firepower 4 x AP4+/AT4+"
      expect(mode('gatling-blaster')).toMatchObject({ range: 45, shots: 4, ap: 4, at: 4 });
    });

    it('Reaver: DC 6, 4 void shields, reactor hitting on 5+', () => {
      // line 3672: "Damage Capacity 6. 4 Void Shields ... hit on a roll of 5+"
      const rv = unit('reaver-titan');
      expect(rv).toMatchObject({ damageCapacity: 6, voidShields: 4 });
      expect(rv.critical!.parts[0]).toMatchObject({ kind: 'reactor', hitsAround: { toHit: 5, rangeCm: 5 } });
    });

    it('Warhound: DC 3, 2 void shields, staggers D6cm; Plasma Blastgun 2 x MW2+ slow firing', () => {
      // line 3695: "Damage Capacity 3. 2 Void Shields. ... staggers. Move it D6cm ... hit on a D6 roll of 6+"
      const wh = unit('warhound');
      expect(wh).toMatchObject({ damageCapacity: 3, voidShields: 2, speed: 30, armour: 5 });
      expect(wh.critical!.parts).toEqual([{ kind: 'stagger', distance: 'D6', onBlocked: 'damage', hitsOnContact: 6 }]);
      // line 3693: "Plasma Blastgun 45cm 2 x MW2+ Slow Firing, Forward Arc"
      expect(mode('plasma-blastgun')).toMatchObject({ range: 45, shots: 2, mw: 2, slowFiring: true });
    });

    it('Imperator per errata: 15cm, armour 4+, CC 3+, FF 3+; DC 18, 8 void shields; D3 x MW2+ TK(D3)', () => {
      // line 6968 (errata): "Speed 15cm, Armour 4+, Close Combat 3+, Firefight 3+"; line 5872: DC 18, 8 Void Shields, 10cm
      const imp = unit('imperator');
      expect(imp).toMatchObject({ speed: 15, armour: 4, cc: 3, ff: 3, damageCapacity: 18, voidShields: 8 });
      expect(imp.critical!.parts[0]).toMatchObject({ kind: 'reactor', hitsAround: { toHit: 4, rangeCm: 10 } });
      // line 5860: "Plasma Annihilator 90cm D3 x MW2+ Titan Killer (D3), Forward Arc"
      expect(mode('plasma-annihilator')).toMatchObject({ range: 90, shots: 'D3', mw: 2, titanKiller: 'D3' });
    });

    it('battlegroups: Warlord 850, Reaver 650, one to two Warhounds 250 each; initiative 1+', () => {
      // lines 4860-4862; line 3610: "All Titan formations have an initiative rating of 1+"
      expect(formation('titan-legion', 'warlord-battlegroup').points).toBe(850);
      expect(formation('titan-legion', 'reaver-battlegroup').points).toBe(650);
      expect(formation('titan-legion', 'warhound-battlegroup').points).toBe(250);
      expect(upgrade('titan-legion', 'second-warhound')).toMatchObject({ points: 250, add: [{ unit: 'warhound', count: 1 }] });
      expect(army('titan-legion').initiative.default).toBe(1);
    });

    it('Warlord Deathstrike configuration: power fist with Titan Killer (D6)', () => {
      // line 5128: "Power Fist (base contact) Assault Weapon Extra Attack (+1), Titan Killer (D6)"
      expect(mode('titan-power-fist')).toMatchObject({ kind: 'assault', extraAttacks: 1, titanKiller: 'D6' });
    });
  });

  describe('Ghazghkull\'s Ork War Horde', () => {
    it('strategy rating 3, initiative 3+', () => {
      // line 4924: "Ork armies have a strategy rating of 3. All Ork formations have an initiative rating of 3+"
      expect(army('ork-war-horde').strategyRating).toBe(3);
      expect(army('ork-war-horde').initiative.default).toBe(3);
    });

    it('Warband: two Nobz, six Boyz, two Grotz (errata) for 200 / 350 / 500', () => {
      // line 4928: "Warband Two Nobz and six Ork Boyz and two Gretchin 200 350 500"; line 6966 (errata): Grotz
      expect(unitsOf(formation('ork-war-horde', 'warband'))).toEqual({ nobz: 2, boyz: 6, grotz: 2 });
      expect(formation('ork-war-horde', 'warband').points).toBe(200);
      expect(formation('ork-war-horde', 'big-warband').points).toBe(350);
      expect(unitsOf(formation('ork-war-horde', 'uge-warband'))).toEqual({ nobz: 6, boyz: 18, grotz: 6 });
      expect(formation('ork-war-horde', 'uge-warband').points).toBe(500);
    });

    it('extras: Nobz up to two at +35, Battlefortress +125, Oddboy +50 (limits double in a big formation)', () => {
      // line 4930: "Up to two Nobz for +35 points each"
      expect(upgrade('ork-war-horde', 'warband-nobz')).toMatchObject({ points: 35, repeatable: { max: 2 } });
      expect(upgrade('ork-war-horde', 'big-warband-nobz').repeatable).toEqual({ max: 4 });
      // line 4933: "Any number of Battlefortress for +125 points each"
      expect(upgrade('ork-war-horde', 'extra-battlefortresses')).toMatchObject({ points: 125, repeatable: {} });
      // line 4931: "Up to one Oddboy character for +50 points"
      expect(upgrade('ork-war-horde', 'oddboy-upgrade')).toMatchObject({ points: 50, character: 'oddboy', repeatable: { max: 1 } });
      expect(upgrade('ork-war-horde', 'big-oddboy-upgrade').repeatable).toEqual({ max: 2 });
    });

    it('other formations: Gunzmob 125/225/325, Stompamob 225, Gargant 650, Great Gargant 850, Kill Kroozer 200 (+50)', () => {
      // line 4948: Mekboy Gunzmob "Five Big Gunz 125 225 325"; line 4944: Stompamob "Three Stompas 225"
      expect(formation('ork-war-horde', 'mekboy-gunzmob').points).toBe(125);
      expect(formation('ork-war-horde', 'big-mekboy-gunzmob').points).toBe(225);
      expect(formation('ork-war-horde', 'uge-mekboy-gunzmob').points).toBe(325);
      expect(formation('ork-war-horde', 'mekboy-stompamob').points).toBe(225);
      // lines 4955-4956: Gargant 650, Great Gargant 850
      expect(formation('ork-war-horde', 'gargant-formation').points).toBe(650);
      expect(formation('ork-war-horde', 'great-gargant-formation').points).toBe(850);
      // line 4954: "Kill Kroozer ... 200 ... May be upgraded to Ork Battlekroozer for +50 points"
      expect(formation('ork-war-horde', 'kill-kroozer-formation').points).toBe(200);
      expect(upgrade('ork-war-horde', 'battlekroozer-upgrade').points).toBe(50);
    });

    it('Kult of Speed: any eight of Buggies, Warbikes, Skorchas', () => {
      // line 4937: "Kult Of Speed Any eight of the following units: ... 200 350 500"
      const k = formation('ork-war-horde', 'kult-of-speed');
      expect(k.choices).toEqual([{ count: 8, from: ['buggies', 'warbikes', 'skorcha'] }]);
      expect(formation('ork-war-horde', 'big-kult-of-speed').choices[0]!.count).toBe(16);
    });

    it('Gargant: DC 8, D3+3 power fields, fires on a critical', () => {
      // line 4232: "D3+3 Power Fields. Damage Capacity 8. Critical Hit Effect: The Gargant catches fires ..."
      const g = unit('gargant');
      expect(g).toMatchObject({ type: 'WE', damageCapacity: 8, powerFields: 'D3+3', armour: 3 });
      expect(g.critical!.parts).toEqual([{ kind: 'fire', spreadOn: [1], outOn: [5, 6] }]);
      expect(carried('gargant', 'soopagun')).toMatchObject({ multiplier: 3, arc: 'fixed-forward', choice: { min: 2, max: 3 } });
    });

    it('Supa-Stompa: war engine (errata), D3 power fields, DC 4, -1 to hit after its head is blown off', () => {
      // line 4183: "D3 Power Fields. Damage Capacity 4. ... -1 to hit modifier ... subsequent critical hits ... extra point of damage"
      // line 6998 (errata): "Type AV" should be "Type WE"
      const ss = unit('supa-stompa');
      expect(ss).toMatchObject({ type: 'WE', damageCapacity: 4, powerFields: 'D3' });
      expect(ss.critical!.parts).toEqual([{ kind: 'to-hit-penalty', amount: 1, laterCriticalDamage: 1 }]);
    });

    it('Great Gargant: DC 12 and D6+6 power fields (reference sheet), Lifta-Droppa per errata', () => {
      // line 6859: "Walker, DC12, D6+6 Power Fields"
      expect(unit('great-gargant')).toMatchObject({ damageCapacity: 12, powerFields: 'D6+6' });
      // line 7000 (errata): "Range 60cm, Firepower MW3+, TK (D3) FXF, AND Range base contact, Firepower Assault Wpn, TK (D3), +1A"
      const ld = weapon('lifta-droppa');
      expect(ld.modes[0]).toMatchObject({ range: 60, mw: 3, titanKiller: 'D3' });
      expect(ld.modes[1]).toMatchObject({ kind: 'assault', titanKiller: 'D3', extraAttacks: 1, combinedWithPrevious: true });
      expect(carried('great-gargant', 'lifta-droppa').arc).toBe('fixed-forward');
    });

    it('Supa-Zzap-Gun: 60cm MW3+ Titan Killer (D3)', () => {
      // line 3856: "Supa-Zzap-Gun 60cm MW3+ Titan Killer(D3)"; line 6988 (errata): TK (D3)
      expect(mode('supa-zzap-gun')).toMatchObject({ range: 60, mw: 3, titanKiller: 'D3' });
    });

    it('Flakwagon per errata: one AP6+/AT6+/AA6+ shot', () => {
      // line 6996 (errata): "Firepower AP6+/AT6+/AA6+"; line 4071 printed "2 x"
      const m = mode('flak-gun');
      expect(m).toMatchObject({ range: 30, ap: 6, at: 6, aa: 6 });
      expect(m.shots).toBe(1);
    });

    it('Big Choppas: the Warlord\'s are macro-weapons, the Nobz\' are not', () => {
      // line 3841: Warlord "Big Choppas ... Macro-weapon, Extra Attack (+1)"; line 3877: Nobz "Big Choppas ... Extra Attacks (+1)"
      expect(mode('ork-warlord-big-choppas')).toMatchObject({ kind: 'assault', macroWeapon: true, extraAttacks: 1 });
      expect(mode('big-choppas')).toMatchObject({ kind: 'assault', macroWeapon: false, extraAttacks: 1 });
    });

    it('Landa gun turrets: D6+3 x AP5+/AA6+; Kill Kroozer D6+1BP', () => {
      // line 4296: "Gun Turrets 15cm D6+3 x AP5+/AA6+"
      expect(mode('gun-turrets')).toMatchObject({ range: 15, shots: 'D6+3', ap: 5, aa: 6 });
      // line 4323: "Orbital Bombardment n/a D6+1BP Macro-weapon"
      expect(mode('orbital-bombardment-d6-1bp')).toMatchObject({ bp: 'D6+1', macroWeapon: true });
    });

    it('Battlefortress: flips over, passengers survive on a 6; Grotz have the grot rule', () => {
      // line 4095: "... The Battlefortress is destroyed and any units on board will only survive on a roll of 6."
      expect(unit('battlefortress').critical!.parts[0]).toEqual({ kind: 'destroyed', passengersSurviveOn: [6] });
      // line 3916: formations with an Ork unit don't receive Blast markers for Grot units that are killed
      expect(unit('grotz').abilities).toContain('grot');
    });
  });
});

describe('datasheet loader: bad input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'epic-balance-datasheets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const goodUnit = { id: 'test-trooper', name: 'Test Trooper', type: 'INF', speed: 15, armour: 5, cc: 5, ff: 5 };
  const write = (name: string, content: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content, null, 2));
    return path;
  };
  const problemsOf = (files: string[]): Problem[] => {
    try {
      loadDatasheetFiles(files, 'test');
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as InputError).problems;
    }
    throw new Error('expected an InputError');
  };

  it('reports a wrong type with the file, the path and what was expected', () => {
    const file = write('wrong-type.json', { units: [{ ...goodUnit, armour: '4+' }] });
    const problems = problemsOf([file]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith('wrong-type.json')).toBe(true);
    expect(problems[0]!.path).toBe('units[0].armour');
    expect(problems[0]!.message).toMatch(/expected number/);
  });

  it('reports a missing field', () => {
    const { speed: _omitted, ...noSpeed } = goodUnit;
    const file = write('missing-field.json', { units: [noSpeed] });
    const problems = problemsOf([file]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith('missing-field.json')).toBe(true);
    expect(problems[0]!.path).toBe('units[0].speed');
    expect(problems[0]!.message).toMatch(/expected number/);
  });

  it('reports an unknown weapon id', () => {
    const file = write('unknown-weapon.json', { units: [{ ...goodUnit, weapons: [{ weapon: 'no-such-gun' }] }] });
    const problems = problemsOf([file]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith('unknown-weapon.json')).toBe(true);
    expect(problems[0]!.path).toBe('units[0].weapons[0].weapon');
    expect(problems[0]!.message).toMatch(/unknown weapon id "no-such-gun"; expected one of the data set's weapon ids/);
  });

  it('reports an upgrade that refers to an unknown unit', () => {
    const file = write('unknown-upgrade-unit.json', {
      units: [goodUnit],
      armies: [{
        id: 'test-army', name: 'Test Army', strategyRating: 1, initiative: { default: 2 },
        formations: [{ id: 'test-squad', name: 'Test Squad', units: [{ unit: 'test-trooper', count: 4 }], upgrades: ['extra-ghost'], points: 100 }],
        upgrades: [{ id: 'extra-ghost', name: 'Ghost', points: 25, add: [{ unit: 'no-such-unit', count: 1 }] }],
      }],
    });
    const problems = problemsOf([file]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith('unknown-upgrade-unit.json')).toBe(true);
    expect(problems[0]!.path).toBe('armies[0].upgrades[0].add[0].unit');
    expect(problems[0]!.message).toMatch(/unknown unit id "no-such-unit"/);
  });

  it('reports units brought by an option the upgrade does not offer', () => {
    const file = write('option-units.json', {
      units: [goodUnit],
      armies: [{
        id: 'test-army', name: 'Test Army', strategyRating: 1, initiative: { default: 2 },
        formations: [{ id: 'test-squad', name: 'Test Squad', units: [{ unit: 'test-trooper', count: 4 }], upgrades: ['more'], points: 100 }],
        upgrades: [{ id: 'more', name: 'More', points: 25, add: [{ unit: 'test-trooper', count: 1 }], choices: [{ count: 1, from: ['test-trooper'] }], optionUnits: [{ option: 'no-such-option', add: [{ unit: 'test-trooper', count: 1 }] }] }],
      }],
    });
    const problems = problemsOf([file]);
    expect(problems.map((p) => [p.path, p.message])).toEqual([['armies[0].upgrades[0].optionUnits[0].option', '"no-such-option" is not one of the upgrade\'s choices']]);
  });

  it('reports an upgrade that brings a formation the army does not have', () => {
    const file = write('brought-formation.json', {
      units: [goodUnit],
      armies: [{
        id: 'test-army', name: 'Test Army', strategyRating: 1, initiative: { default: 2 },
        formations: [{ id: 'test-squad', name: 'Test Squad', units: [{ unit: 'test-trooper', count: 4 }], upgrades: ['escort'], points: 100 }],
        upgrades: [{ id: 'escort', name: 'Escort', points: 25, formation: 'no-such-formation' }],
      }],
    });
    const problems = problemsOf([file]);
    expect(problems.map((p) => [p.path, p.message])).toEqual([['armies[0].upgrades[0].formation', 'unknown formation id "no-such-formation"; expected one of the formations of army "test-army"']]);
  });

  it('reports one problem per fault when several files have faults', () => {
    const a = write('fault-a.json', { units: [{ ...goodUnit, armour: '4+' }] });
    const { speed: _omitted, ...noSpeed } = goodUnit;
    const b = write('fault-b.json', { units: [noSpeed] });
    const problems = problemsOf([a, b]);
    expect(problems.map((p) => [p.file.split(/[\\/]/).pop(), p.path])).toEqual([
      ['fault-a.json', 'units[0].armour'],
      ['fault-b.json', 'units[0].speed'],
    ]);
    // Reference faults are checked once the files parse: both are reported together.
    const c = write('fault-c.json', { units: [{ ...goodUnit, weapons: [{ weapon: 'no-such-gun' }] }] });
    const d = write('fault-d.json', {
      armies: [{
        id: 'test-army', name: 'Test Army', strategyRating: 1, initiative: { default: 2 },
        formations: [{ id: 'test-squad', name: 'Test Squad', units: [{ unit: 'test-trooper', count: 4 }], upgrades: ['extra-ghost'], points: 100 }],
        upgrades: [{ id: 'extra-ghost', name: 'Ghost', points: 25, add: [{ unit: 'no-such-unit', count: 1 }] }],
      }],
    });
    const refs = problemsOf([c, d]);
    expect(refs.map((p) => [p.file.split(/[\\/]/).pop(), p.path])).toEqual([
      ['fault-c.json', 'units[0].weapons[0].weapon'],
      ['fault-d.json', 'armies[0].upgrades[0].add[0].unit'],
    ]);
  });
});
