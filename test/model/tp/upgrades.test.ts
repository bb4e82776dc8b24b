import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { InputError } from '../../../src/model/inputError.js';
import { startingDamageCapacity, startingVoidShields } from '../../../src/model/carriages.js';
import { inProcess } from '../../helpers/cli.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/** The checkout imported once for this file (it was imported once per block): the blocks only read it. */

/** Unit ids front to back, each with its characters in brackets: "crisis-battlesuits[shaso]". */
const fielded = (f: FormationSpec): string[] => f.units.map((u) => (u.characters.length > 0 ? `${u.unit.id}[${u.characters.map((c) => c.id).join(',')}]` : u.unit.id));

const count = (f: FormationSpec, id: string): number => f.units.filter((u) => u.unit.id === id).length;

describeWithTp('Tournament Pack upgrades that replace a character', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

  it('a character replacing a character takes its place on the same unit (Wolf Lord, Shas\'o, Autarch)', () => {
    // Great Company: "Six Grey Hunter units and one Hero upgrade plus transport", 300; Wolf Lord:
    // "Replace one Captain character per army with a Supreme Commander character", +50.
    const company = parseFormation(data, 'space-marine-space-wolves/great-company+wolf-lord');
    expect(fielded(company)).toEqual(['grey-hunters[supreme-commander]', ...Array(5).fill('grey-hunters'), 'rhino', 'rhino', 'rhino']);
    expect(company.points).toBe(350);
    // Crisis Battlesuit Cadre: "Four Crisis Battlesuits and one Shas'el character", 250; Shas'o +75.
    const cadre = parseFormation(data, 'tau/crisis-battlesuit-cadre+shas-o');
    expect(fielded(cadre)).toEqual(['crisis-battlesuits[shaso]', 'crisis-battlesuits', 'crisis-battlesuits', 'crisis-battlesuits']);
    expect(cadre.points).toBe(325);
    expect(cadre.units[0]!.characterWeapons.map((w) => w.weapon.id)).toEqual(data.units.get('shaso')!.weapons.map((w) => w.weapon));
    // Aspect Warriors (300): an Exarch (+25) first, then "Replace one Exarch character per army with an Autarch character" (+50).
    const aspects = parseFormation(data, 'eldar-biel-tan/aspect-warrior+aspect-warrior-add-up-to-two-exarch-characters-to-infantry-u+aspect-warrior-replace-one-exarch-character-per-army-with-an');
    expect(fielded(aspects)).toEqual(['dark-reapers[autarch]', ...Array(7).fill('dark-reapers')]);
    expect(aspects.points).toBe(375);
  });

  it('a Daemon Prince replaces the unit that carries the Chaos Lord', () => {
    // Retinue: "Eight Chaos Space Marines, one with a Chaos Lord or Sorcerer Lord character", 275;
    // Daemon Prince: "Replace a unit with a Chaos Lord character with a Daemon Prince", +50.
    const retinue = parseFormation(data, 'chaos-space-marine-black-legion/retinue+daemon-prince');
    expect(count(retinue, 'chaos-space-marines')).toBe(7);
    expect(count(retinue, 'daemon-prince')).toBe(1);
    expect(retinue.units.some((u) => u.characters.some((c) => c.id === 'chaos-lord'))).toBe(false);
    expect(retinue.points).toBe(325);
    const havocs = parseFormation(data, 'chaos-space-marine-iron-warriors/havocs+daemon-prince');
    expect(havocs.units.some((u) => u.characters.some((c) => c.id === 'iron-warriors-lord'))).toBe(false);
    expect(count(havocs, 'daemon-prince')).toBe(1);
  });

  it('replacing a character the formation lacks names what to take first, exit 2', () => {
    const attempt = () => parseFormation(data, 'space-marine-space-wolves/wolf-guard-terminators+wolf-lord');
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow('upgrade "Wolf Lord" replaces one Captain character, but no unit of the formation has one (take the upgrade that adds it first)');
    expect(fielded(parseFormation(data, 'space-marine-space-wolves/wolf-guard-terminators+hero+wolf-lord'))[0]).toBe('wolf-guard-terminators[supreme-commander]');
  });
});

describeWithTp('Tournament Pack weapon mounts of Gargants, Supa-Stompas and the Ordinatus Minorus', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

  it('"One Gargant and three Gargant or Supa-Stompa Weapons": weapons of both tables arm its two arm and one belly mount', () => {
    // Gargant 475; Deth Kannon +75, Krusha (Arm weapon mount only) +25 each.
    const gargant = parseFormation(data, 'ork-gargant-mob/gargant+deth-kannon+krusha+krusha');
    expect(fielded(gargant)).toEqual(['gargant-ogbm[deth-kannon,krusha,krusha]']);
    expect(gargant.points).toBe(600);
    expect(gargant.unsupported.filter((u) => u.includes('weapon mounts empty'))).toEqual([]);
    // A third arm weapon has no arm mount left.
    expect(() => parseFormation(data, 'ork-gargant-mob/gargant+krusha+krusha+krusha')).toThrow('upgrade "Krusha": every arm weapon mount of the formation already carries a weapon');
    // The Great Gargant (650) takes a Supa-Stompa weapon too; Snappa is "Belly weapon mount only".
    const great = parseFormation(data, 'ork-gargant-mob/great-gargant+snappa+twin-soopagun+supa-lifta-droppa');
    expect(great.points).toBe(650 + 25 + 75 + 50);
    expect(great.units[0]!.mounted).toEqual([{ character: 'snappa', only: 'belly-weapon-mount' }, { character: 'twin-soopagun' }, { character: 'supa-lifta-droppa', only: 'arm-weapon-mount' }]);
  });

  it('Kustom upgrades and titan upgrades take no mount (Flak Gunz, Carapace Multilasers)', () => {
    // Supa-Stompa Mob 150: two Soopaguns (+50 each), a Snappa (+25) and Flak Gunz (+25) on top.
    const mob = parseFormation(data, 'ork-gargant-mob/supa-stompa-mob+soopagun+soopagun+snappa+flak-gunz');
    expect(fielded(mob)).toEqual(['supa-stompa-ogbm[soopagun,soopagun,snappa,flak-gunz]']);
    expect(mob.points).toBe(300);
    expect(mob.units[0]!.mounted).toHaveLength(3);
    // The Supa-Stompa Mob comes with no free weapon characters: named bare, it carries the default loadout, priced (150 + 3 x 50).
    const bare = parseFormation(data, 'ork-gargant-mob/supa-stompa-mob');
    expect(fielded(bare)).toEqual(['supa-stompa-ogbm[gatling-cannon,gatling-cannon,gatling-cannon]']);
    expect(bare.points).toBe(300);
    // Carapace Multilasers take no mount: the four mounts still carry the default weapons.
    const warlord = parseFormation(data, 'adeptus-mechanicus-titan-legion/warlord+carapace-multilasers');
    expect(fielded(warlord)).toEqual(['warlord-class-titan-amtl[carapace-multilasers,apocalypse-missile-launcher,apocalypse-missile-launcher,apocalypse-missile-launcher,apocalypse-missile-launcher]']);
    expect(warlord.units[0]!.mounted).toHaveLength(4);
  });

  it('the Ordinatus Minorus takes the Battle Titan Weapons its notes name, also when a demi-century adds one', () => {
    // Minorus: "Two Ordinatus Minorus" 250; Laser Burner free, Close Combat Weapon +25.
    const minorus = parseFormation(data, 'adeptus-mechanicus-skitarii-legion/minorus+laser-burner+close-combat-weapon');
    expect(fielded(minorus)).toEqual(['ordinatus-minorus[laser-burner]', 'ordinatus-minorus[close-combat-weapon]']);
    expect(minorus.points).toBe(275);
    // Skitarii 225 + "Ordinatus: Add one Ordinatus Minorus" +100 + Volcano Cannon +50.
    const skitarii = parseFormation(data, 'adeptus-mechanicus-skitarii-legion/skitarii+ordinatus+volcano-cannon');
    expect(skitarii.points).toBe(375);
    expect(fielded(skitarii).at(-1)).toBe('ordinatus-minorus[volcano-cannon]');
  });
});

describeWithTp('Tournament Pack upgrades no formation row names, offered as the list text says', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const { dataset: data, report } = tp;

  it('"Up to three company upgrades may be taken once per company": every company takes them', () => {
    // Infantry Company "One Commander unit and twelve Infantry units", 250; Flak "Add one Hydra", +50.
    const company = parseFormation(data, 'imperial-guard-steel-legion/infantry-company+flak');
    expect(company.points).toBe(300);
    expect([count(company, 'commander'), count(company, 'infantry'), count(company, 'hydra')]).toEqual([1, 12, 1]);
    const companies = data.armies.get('imperial-guard-steel-legion')!.formations.filter((f) => f.upgrades.includes('flak')).map((f) => f.id);
    expect(companies.sort()).toEqual(['artillery-company', 'infantry-company', 'mechanized-infantry-company', 'regimental-hq', 'super-heavy-tank-company', 'tank-company']);
    // "Add two Gorgons (may not be added to a Death Rider Company)", and the Gorgon Mortars with them.
    const krieg = data.armies.get('imperial-guard-death-korps-of-krieg')!.formations;
    expect(krieg.find((f) => f.id === 'death-rider-company')!.upgrades.filter((u) => u.startsWith('gorgon'))).toEqual([]);
    expect(krieg.find((f) => f.id === 'infantry-company')!.upgrades.filter((u) => u.startsWith('gorgon'))).toHaveLength(2);
  });

  it('an individual goes where its text says ("to a Hive Tyrant or Dominatrix", "Replace one Dracon character with an Archon")', () => {
    const tyranids = data.armies.get('tyranid')!.formations.filter((f) => f.upgrades.includes('symbiote')).map((f) => f.id);
    expect(tyranids).toEqual(['tyranid-swarm']);
    const archon = data.armies.get('dark-eldar')!.formations.filter((f) => f.upgrades.includes('archon')).map((f) => f.id);
    expect(archon.sort()).toEqual(['kabal-coterie', 'kabal-flotilla', 'kabal-syndicate']);
  });

  it('counts the upgrades some formation takes and names each of the rest with its reason', () => {
    // 594 upgrades printed, the Heavy Support Battery's "(replace three Gun Emplacements with three
    // Trojans)" now read with its formation, the 8 free characters of the lists' rules, and the
    // four inline upgrades priced "+a or +b points, respectively" read as two each; the Land Train's
    // list within a list item is three upgrades, not its flattened text and three fragments. Five
    // upgrades priced "+a or +b points" without "respectively" are two each (listMeaning.test.ts),
    // and the Scions' heading row "0–1 of one of the following options per army:" is none. The Dark
    // Eldar Transport table is offered to the formations that come "plus transport", and the Death
    // Korps' "add one Gorgon or eight Centaurs" is two upgrades at one price. The Necron Overlord
    // ("... may be added to one Warbarque or unit with a Necron Lord") is a character upgrade. The 28
    // formations whose size is a range priced per extra unit take one importer-made upgrade each
    // ("+extra-raptors"), and the two upgrades printed in a units cell ("(Add up to two Daemonic
    // Assault Engines)") are read (formationSizes.test.ts).
    expect(report.counts.upgradesOffered).toEqual({ total: 641, mapped: 604 });
    // Mapped: as offered, plus the Dreadclaws and Drop Pods (planetfallPods.test.ts), the bought
    // fortified positions (boughtPositions.test.ts), the Kart, the Land Train's Iron Eagle option and
    // the Tiger Sharks' Gun Drones, which formation rows named while unmapped.
    expect(report.counts.upgrades).toEqual({ total: 641, mapped: 613 });
    const rest = report.unmapped.filter((u) => u.kind === 'unoffered-upgrade');
    expect(rest).toHaveLength(641 - 604);
    expect(rest.find((u) => u.id === 'chaos-space-marine-black-legion/greater-daemon')?.reason).toContain('summoning is not modelled');
    expect(rest.find((u) => u.id === 'imperial-guard-minervan-tank-legion/leman-russ')?.reason).toContain('offered by no formation');
  });
});

describeWithTp('Tournament Pack upgrade options picked with +upgrade@option', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

  it('a Land Raider upgrade brings the option picked, and says which it brought', () => {
    // Imperial Fists Tactical 275; Land Raiders "Add up to four Land Raiders or Land Raider Crusaders",
    // "+75 points each", "+125 points per pair": two are 125.
    const picked = parseFormation(data, 'space-marine-imperial-fists/tactical+land-raiders@land-raider-crusader+land-raiders');
    expect([count(picked, 'land-raider-crusader'), count(picked, 'land-raider')]).toEqual([1, 1]);
    expect(picked.points).toBe(400);
    expect(picked.choice).toContain('upgrade Land Raiders: 1 Land Raider Crusader of Land Raider, Land Raider Crusader (as picked)');
    const plain = parseFormation(data, 'space-marine-imperial-fists/tactical+land-raiders');
    expect(plain.choice).toContain("upgrade Land Raiders: 1 Land Raider of Land Raider, Land Raider Crusader (the list's first option; pick others with +land-raiders@<option>)");
  });

  it('a character choice takes the character picked', () => {
    const chaplain = parseFormation(data, 'space-marine-codex-astartes/tactical+commander-captain-chaplain-librarian@chaplain');
    expect(chaplain.units[0]!.characters.map((c) => c.id)).toEqual(['chaplain']);
    expect(chaplain.points).toBe(325);
  });

  it('a count shared over several options: "Add four Land Raiders or Land Raider Redeemers"', () => {
    const shared = parseFormation(data, 'space-marine-salamanders/terminator+land-raider-transport@land-raider-redeemer,land-raider');
    expect([count(shared, 'land-raider-redeemer'), count(shared, 'land-raider')]).toEqual([2, 2]);
  });

  it('an option the upgrade does not offer, or an upgrade without options: one message naming what was expected', () => {
    expect(() => parseFormation(data, 'space-marine-imperial-fists/tactical+land-raiders@predator')).toThrow(
      'upgrade "Land Raiders" has no option "predator"; expected one of "land-raider", "land-raider-crusader"',
    );
    expect(() => parseFormation(data, 'space-marine-imperial-fists/tactical+razorbacks@rhino')).toThrow('upgrade "Razorbacks" offers no option to pick with "@"');
    expect(() => parseFormation(data, 'space-marine-codex-astartes/tactical+commander-captain-chaplain-librarian@chaplain,captain')).toThrow('adds one character; pick one of');
  });
});

describeWithTp('Tournament Pack free characters, as the lists\' rules give them', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;
  const takers = (army: string, upgrade: string) => data.armies.get(army)!.formations.filter((f) => f.upgrades.includes(upgrade)).map((f) => f.id).sort();

  it('an Ork Warlord joins a Nobz, Gargant or Great Gargant unit, for nothing', () => {
    // Ork Warlords: "If there are no Great Gargants in the army then the Warlord will join a Nobz or a Gargant unit."
    const warband = parseFormation(data, 'ork-war-horde/warband+free-warlord');
    expect(fielded(warband)[0]).toBe('nobz[warlord]');
    expect(warband.points).toBe(200);
    // The Mekboy Gunzmob takes Nobz as an upgrade.
    expect(takers('ork-war-horde', 'free-warlord')).toEqual(['gargant', 'great-gargant', 'mekboy-gunzmob', 'warband']);
  });

  it('a Commissar joins any Imperial Guard formation but an ally\'s; a Mekboy Big Boss a Gargant formation; an Arch-Heretic a Demagogue, Aspiring Champion or Daemon Prince', () => {
    const company = parseFormation(data, 'imperial-guard-steel-legion/infantry-company+free-commissar');
    expect(fielded(company)[0]).toBe('commander[commissar]');
    expect(company.points).toBe(250);
    const steel = takers('imperial-guard-steel-legion', 'free-commissar');
    expect(steel).toHaveLength(15);
    expect(steel).not.toContain('warhound');
    expect(steel).not.toContain('thunderbolt-squadron');
    expect(takers('ork-gargant-mob', 'free-mekboy-big-boss')).toEqual(['gargant', 'great-gargant', 'mega-gargant']);
    const coven = parseFormation(data, 'chaos-cultist-slaves-to-darkness/cultist-coven+free-arch-heretic');
    // "One Demagogue or Chaos Marine Aspiring Champion and any eleven of the following units: Cultists, Mutants".
    expect(fielded(coven)[0]).toBe('demagogue[arch-heretic]');
    expect(coven.points).toBe(200);
  });
});

describeWithTp('Tournament Pack inline alternatives priced "respectively"', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

  it('an Alaitoc Exarch (+25) joins an Aspect Warrior; Squat Moles (+25 each) carry a Brotherhood', () => {
    // Alaitoc Aspect Warrior: six Dark Reapers by default, 225; "Add up to one Autarch character per army or one Exarch
    // character to an infantry unit for +75 or +25 points, respectively".
    const aspects = parseFormation(data, 'eldar-alaitoc/aspect-warrior+aspect-warrior-add-one-exarch-character-to-an-infantry-unit');
    expect(fielded(aspects)).toEqual(['dark-reapers[exarch]', ...Array(5).fill('dark-reapers')]);
    expect(aspects.points).toBe(250);
    expect(parseFormation(data, 'eldar-alaitoc/aspect-warrior+aspect-warrior-add-up-to-one-autarch-character-per-army-to-a').points).toBe(300);
    // Squat Warrior Brotherhood, 250; "Add the number of Termites or Moles required to transport the formation for +10 or +25 points each".
    const moles = 'squat/warrior+warrior-add-the-number-of-moles-required-to-transport-the-fo';
    const brotherhood = parseFormation(data, `${moles}+warrior-add-the-number-of-moles-required-to-transport-the-fo`);
    expect(count(brotherhood, 'mole')).toBe(2);
    expect(brotherhood.points).toBe(300);
    expect(parseFormation(data, 'squat/warrior+warrior-add-the-number-of-termites-required-to-transport-the').points).toBe(260);
  });
});

describeWithTp('Tournament Pack replacements whose name the replacing unit shares', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;

  it('Ordo Xenos Typhoons: "Replace up to five Land Speeders with an equal number of Land Speeder Typhoons" replaces the Tornadoes', () => {
    // Land Speeder: "Five Land Speeder Tornadoes", 200; Typhoons +10 points each. The list has no plain Land Speeder.
    const speeders = parseFormation(data, 'inquisition-ordo-xenos/land-speeder+typhoons+typhoons');
    expect(fielded(speeders)).toEqual([...Array(3).fill('land-speeder-tornado'), 'land-speeder-typhoon', 'land-speeder-typhoon']);
    expect(speeders.points).toBe(220);
    expect(tp.report.unmapped.some((u) => u.id === 'inquisition-ordo-xenos/typhoons')).toBe(false);
  });
});

describeWithTp('Tournament Pack upgrades written as a list within a list item', (tpDir) => {
  const tp = importedTournamentPack(tpDir);
  const data = tp.dataset;
  const replace = 'land-train-replace-between-one-and-four-berserker-battlecar';

  it('the Land Train\'s Battlecars: "Replace between one and four Berserker Battlecar characters with any of the following characters:" over three priced items', () => {
    // Land Train: "One Land Train with a Berserker Battlecar character", 275; "Dragon, Skyhammer or Mortar Battlecar for +25 points".
    const skyhammer = parseFormation(data, `squat/land-train+${replace}@skyhammer-battlecar`);
    expect(fielded(skyhammer)).toEqual(['land-train[skyhammer-battlecar]']);
    expect(skyhammer.points).toBe(300);
    // A second Berserker (+50), then both replaced by Bomb Battlecars, "+75 points" each.
    const bombs = parseFormation(data, `squat/land-train+land-train-add-up-to-three-berserker-battlecar-characters+${replace}-3+${replace}-3`);
    expect(fielded(bombs)).toEqual(['land-train[bomb-battlecar,bomb-battlecar]']);
    expect(bombs.points).toBe(275 + 50 + 2 * 75);
  });

  it('"Iron Eagle Battlecar (and one Recon Iron Eagle), or Fire Shield for +50 points": picked per Berserker replaced; the Iron Eagle brings its Recon Iron Eagle', () => {
    const ironEagle = `${replace}-2`;
    expect(tp.report.unmapped.some((u) => u.id === `squat/${ironEagle}`)).toBe(false);
    // The list's first option, the Iron Eagle Battlecar (DC 1, 1 void shield), and the Recon Iron Eagle it brings:
    // the Land Train's DC 2 and 2 shields plus the carriage's, 275 + 50 points shared by the train and the Recon Iron Eagle.
    const eagle = parseFormation(tp.dataset, `squat/land-train+${ironEagle}`);
    expect(fielded(eagle)).toEqual(['land-train[iron-eagle-battlecar]', 'recon-iron-eagle']);
    expect([startingDamageCapacity(eagle.units[0]!), startingVoidShields(eagle.units[0]!)]).toEqual([3, 3]);
    expect([eagle.points, eagle.units[0]!.points, eagle.units[1]!.points]).toEqual([325, 300, 25]);
    expect(eagle.choice).toContain('Iron Eagle Battlecar (with 1 Recon Iron Eagle) of Iron Eagle Battlecar, Fire Shield Battlecar (the list\'s first option');
    // The Fire Shield Battlecar (DC 1, 3 void shields) brings no unit.
    const shield = parseFormation(tp.dataset, `squat/land-train+${ironEagle}@fire-shield-battlecar`);
    expect(fielded(shield)).toEqual(['land-train[fire-shield-battlecar]']);
    expect([startingDamageCapacity(shield.units[0]!), startingVoidShields(shield.units[0]!), shield.points]).toEqual([3, 5, 325]);
    // A second Berserker (+50), then one of each: DC 2 + 1 + 1, shields 2 + 1 + 3, 275 + 50 + 50 + 50 points.
    const both = parseFormation(tp.dataset, `squat/land-train+land-train-add-up-to-three-berserker-battlecar-characters+${ironEagle}@iron-eagle-battlecar+${ironEagle}@fire-shield-battlecar`);
    expect(fielded(both)).toEqual(['land-train[iron-eagle-battlecar,fire-shield-battlecar]', 'recon-iron-eagle']);
    expect([startingDamageCapacity(both.units[0]!), startingVoidShields(both.units[0]!), both.points]).toEqual([4, 6, 425]);
    // Only as many as there are Berserkers to replace.
    expect(() => parseFormation(tp.dataset, `squat/land-train+${ironEagle}+${ironEagle}`)).toThrow('upgrade "Replace between one and four Berserker Battlecar characters with any of the following characters: Iron Eagle Battlecar (and one Recon Iron Eagle), or Fire Shield" replaces one Berserker Battlecar character, but no unit of the formation has one (take the upgrade that adds it first)');
  });

  it('an option the Iron Eagle upgrade does not offer is refused with the ones it does, exit 2', async () => {
    const r = await inProcess(['shoot', `squat/land-train+${replace}-2@dragon-battlecar`, '--at', 'squat/land-train', '--data', tpDir, '--trials', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('has no option "dragon-battlecar"; expected one of "iron-eagle-battlecar", "fire-shield-battlecar"');
  });
});

describeWithTp('`list` says what an upgrade brings and how it is priced', (tpDir) => {
  it('the Iron Eagle\'s Recon Iron Eagle, the Tiger Sharks\' Gun Drone formation, the Kart\'s price per 4 DC', async () => {
    const lines = async (army: string) => (await inProcess(['list', army, '--data', tpDir])).stdout.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
    expect(await lines('squat')).toContain('land-train-replace-between-one-and-four-berserker-battlecar-2 50 pts -1 Berserker Battlecar, character Iron Eagle Battlecar, +1 Recon Iron Eagle with Iron Eagle Battlecar');
    expect(await lines('tau')).toContain('tiger-shark-squadron-add-a-gun-drone-formation-of-six-gun-dr 100 pts for formation tiger-shark-squadron-gun-drones');
    expect(await lines('ork-gargant-mob')).toContain('kart 25 pts per 4 DC character Kart');
    // The Hammerheads' weapons and the Armour Support Group's railgun surcharge.
    const tau = await lines('tau');
    expect(tau).toContain('hammerheads-add-two-hammerheads-with-ion-cannons 75 pts +2 Hammerhead with Ion Cannon');
    expect(tau).toContain('+25 pts when a Hammerhead carries Railgun');
    expect(await lines('space-marine-codex-astartes')).toContain('land-raiders 75 pts, 125 per pair +1 Land Raider');
  });
});
