import { expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * The Red Corsairs' Renegade Warbard: "Eight Chaos Space Marines, one with a Chaos Lord or
 * Sorcerer Lord character"; Havocs and Cult Marines each "Replace four Chaos Space Marines".
 * A character is not a unit (RB 2.1.1): replacing units never takes the Lord away while a
 * Chaos Space Marine without him remains, and when both upgrades replace all eight he joins a
 * unit the last upgrade brings. He was dropped without a word before.
 */
describeWithTp('a replaced unit\'s character stays in the formation (Red Corsairs Renegade Warbard)', (tpDir) => {
  const { dataset: data } = importedTournamentPack(tpDir);
  const carried = (text: string) => parseFormation(data, text).units.map((u) => `${u.unit.id}${u.characters.map((c) => `+${c.id}`).join('')}`);

  it('Havocs replace four of the Marines without the Lord', () => {
    expect(carried('chaos-space-marine-red-corsairs/renegade-warbard+havocs')).toEqual(['chaos-space-marines+chaos-lord', ...Array(3).fill('chaos-space-marines'), ...Array(4).fill('havocs')]);
  });

  it('Havocs and Berzerkers replace all eight: the Lord joins the first Berzerker, 375 points', () => {
    const text = 'chaos-space-marine-red-corsairs/renegade-warbard+havocs+cult-marines@berzerkers';
    expect(carried(text)).toEqual([...Array(4).fill('havocs'), 'berzerkers+chaos-lord', ...Array(3).fill('berzerkers')]);
    expect(parseFormation(data, text).points).toBe(375);
  });
});
