import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../src/model/formation.js';
import { evenSplit, formationVariants } from '../../src/model/formationChoice.js';
import { InputError } from '../../src/model/inputError.js';
import type { Dataset } from '../../src/model/dataset.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { describeWithTp } from '../helpers/tournamentPack.js';

/** How many of each unit a formation text fields, by unit name. */
const unitCounts = (data: Dataset, text: string) => {
  const out: Record<string, number> = {};
  for (const u of parseFormation(data, text).units) out[u.unit.name] = (out[u.unit.name] ?? 0) + 1;
  return out;
};

describe('an even split', () => {
  it('an even split in the order given, the first ones taking the remainder', () => {
    expect(evenSplit(4, ['a', 'b', 'c'])).toEqual([{ unit: 'a', count: 2 }, { unit: 'b', count: 1 }, { unit: 'c', count: 1 }]);
    expect(evenSplit(2, ['a', 'b', 'c'])).toEqual([{ unit: 'a', count: 1 }, { unit: 'b', count: 1 }]);
  });
});

describeWithTp('Tournament Pack formations whose list lets the player choose its units', (tpDir) => {
  const counts = (text: string) => unitCounts(loadDataset(tpDir), text);
  // The Tournament Pack's Speed Freeks page: "Blitz Brigade: Any four of the following units: Deth Kopta, Flakwagon,
  // Gunwagon, 150"; "Kult Of Speed: Any eight of the following units: Guntrukk, Skorcha, Warbikes, Warbuggy, 200".
  it('the default is the list\'s first option, named as such; @ picks others', () => {
    const data = loadDataset(tpDir);
    const blitz = parseFormation(data, 'ork-speed-freeks/blitz-brigade');
    expect(counts('ork-speed-freeks/blitz-brigade')).toEqual({ 'Deth Kopta': 4 });
    expect(blitz.points).toBe(150);
    expect(blitz.choice).toBe('4 of Deth Kopta, Flakwagon, Gunwagon: 4 Deth Kopta (the list\'s first option; pick others with @<option>)');
    expect(counts('ork-speed-freeks/blitz-brigade@flakwagon')).toEqual({ Flakwagon: 4 });
    expect(counts('ork-speed-freeks/blitz-brigade@Gunwagon,deth-kopta')).toEqual({ Gunwagon: 2, 'Deth Kopta': 2 });
    expect(counts('ork-speed-freeks/kult-of-speed@warbikes,warbuggy,skorcha')).toEqual({ Warbikes: 3, Warbuggy: 3, Skorcha: 2 });
    expect(parseFormation(data, 'ork-speed-freeks/kult-of-speed@warbikes').points).toBe(200);
  });

  // "Cultist Coven: One Demagogue or Chaos Marine Aspiring Champion and any eleven of the following units: Cultists, Mutants".
  it('options of two choices of one formation each go to their own choice', () => {
    expect(counts('chaos-cultist-slaves-to-darkness/cultist-coven@mutants,chaos-marine-aspiring-champion')).toEqual({ 'Chaos Marine Aspiring Champion': 1, Mutants: 11 });
  });

  it('an option the formation does not offer: one message naming the options', () => {
    const data = loadDataset(tpDir);
    expect(() => parseFormation(data, 'ork-speed-freeks/blitz-brigade@stompa')).toThrow(InputError);
    // The sizes the list prices (Normal, Big, 'Uge) are named too (formationSize.ts).
    expect(() => parseFormation(data, 'ork-speed-freeks/blitz-brigade@stompa')).toThrow('no option "stompa" to pick in formation "blitz-brigade"; expected one of "deth-kopta", "flakwagon", "gunwagon", "normal", "big", "uge"');
    expect(() => parseFormation(data, 'ork-speed-freeks/warbike-outriders@warbikes')).toThrow('formation "warbike-outriders" offers no option "warbikes" to pick with "@"; expected one of "normal", "big", "uge"');
    expect(() => parseFormation(data, 'space-marine-codex-astartes/devastator@predator')).toThrow('offers no choice of units');
  });

  it('the audit evaluates the default and every other option', () => {
    const data = loadDataset(tpDir);
    expect(formationVariants(data, 'ork-speed-freeks', 'blitz-brigade')).toEqual(['ork-speed-freeks/blitz-brigade', 'ork-speed-freeks/blitz-brigade@flakwagon', 'ork-speed-freeks/blitz-brigade@gunwagon']);
    expect(formationVariants(data, 'ork-speed-freeks', 'warbike-outriders')).toEqual(['ork-speed-freeks/warbike-outriders']);
  });
});

describeWithTp('"plus transport" formations', (tpDir) => {
  const counts = (text: string) => unitCounts(loadDataset(tpDir), text);
  // Codex Astartes: "Tactical: Six Tactical units plus transport, 275 points". Space Marine Transports: "the points cost
  // of a detachment usually includes enough Rhino transport vehicles to transport it and any upgrades that have been
  // taken"; a Rhino "may transport two infantry units (except Terminator units) without Jump Packs or Mounted", a
  // Razorback one, a Dark Eldar Raider two. The cost stays the formation's, shared over every unit.
  it('are fielded with as few of their list\'s Rhinos or Raiders as carry them, counted after the upgrades', () => {
    const data = loadDataset(tpDir);
    expect(counts('space-marine-codex-astartes/tactical')).toEqual({ Tactical: 6, Rhino: 3 });
    const tactical = parseFormation(data, 'space-marine-codex-astartes/tactical');
    expect(tactical.points).toBe(275);
    expect(tactical.unsupported.some((r) => r.startsWith('plus transport'))).toBe(false);
    expect(tactical.choice).toBe('plus transport: 3 Rhino to carry it (its cost includes them; @on-foot leaves them behind)');
    expect(counts('space-marine-codex-astartes/devastator+razorbacks+razorbacks')).toEqual({ Devastator: 4, Razorback: 2, Rhino: 1 });
    expect(counts('dark-eldar/wych-cult')).toEqual({ Wyches: 6, Raider: 3 });
    expect(counts('inquisition-ordo-xenos/veterans')).toEqual({ 'Deathwatch Veteran': 4, Rhino: 2 });
    // Talos cannot ride: nothing its cost includes is missing.
    expect(counts('dark-eldar/talos-swarm')).toEqual({ Talos: 4 });
    expect(parseFormation(data, 'dark-eldar/talos-swarm').unsupported.some((r) => r.startsWith('plus transport'))).toBe(false);
  });

  it('@on-foot leaves the transports behind and says so; the audit values both', () => {
    const data = loadDataset(tpDir);
    expect(counts('space-marine-codex-astartes/tactical@on-foot')).toEqual({ Tactical: 6 });
    expect(parseFormation(data, 'space-marine-codex-astartes/tactical@on-foot').unsupported).toContain("plus transport: the transports the formation's cost includes (enough to carry it, by its list's transport rule) are not fielded");
    expect(() => parseFormation(data, 'space-marine-codex-astartes/predator@on-foot')).toThrow('has no transports to leave behind');
    expect(formationVariants(data, 'space-marine-codex-astartes', 'tactical')).toEqual(['space-marine-codex-astartes/tactical', 'space-marine-codex-astartes/tactical@on-foot']);
    expect(formationVariants(data, 'dark-eldar', 'talos-swarm')).toEqual(['dark-eldar/talos-swarm']);
  });
});
