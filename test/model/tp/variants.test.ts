import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { formationVariants } from '../../../src/model/formationChoice.js';
import { auditEntries } from '../../../src/reports/audit/auditEntries.js';
import { InputError } from '../../../src/model/inputError.js';
import { describeWithTp, importedTournamentPack } from '../../helpers/tournamentPack.js';

/**
 * Formations and upgrades priced per unit chosen: the Leman Russ variant tables of the Minervan
 * Tank Legion and Death Korps of Krieg lists ("Each variant taken adds to the cost of the
 * formation or upgrade"). Costs as the list pages print them (_site/_army_lists).
 */

const M = 'imperial-guard-minervan-tank-legion';
const K = 'imperial-guard-death-korps-of-krieg';
const times = (n: number, id: string): string[] => Array<string>(n).fill(id);
const counts = (f: FormationSpec): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const u of f.units) out[u.unit.id] = (out[u.unit.id] ?? 0) + 1;
  return out;
};

describeWithTp('Tournament Pack Leman Russ variants priced per unit', (tpDir) => {
  const data = importedTournamentPack(tpDir).dataset;
  const points = (text: string): number | null => parseFormation(data, text).points;

  it('Minervan Tank Company: "Any six Leman Russ variants", 280 points plus each variant\'s surcharge', () => {
    // Leman Russ Variants: Leman Russ +20, Conqueror +10, Demolisher +20, Exterminator +10, Thunderer Free;
    // Rare Variants: Destroyer Tank Hunter +10, Executioner +20, Vanquisher +45.
    const army = data.armies.get(M)!;
    const company = army.formations.find((f) => f.id === 'tank-company')!;
    expect(company.points).toBe(400);
    expect(company.choices).toEqual([{ count: 6, from: ['leman-russ', 'leman-russ-conqueror', 'leman-russ-demolisher', 'leman-russ-exterminator', 'thunderer', 'destroyer-tank-hunter', 'leman-russ-executioner', 'leman-russ-vanquisher'] }]);
    const six = parseFormation(data, `${M}/tank-company`);
    expect(counts(six)).toEqual({ 'leman-russ': 6 });
    expect(six.points).toBe(400);
    expect(points(`${M}/tank-company@thunderer`)).toBe(280);
    expect(points(`${M}/tank-company@leman-russ-conqueror`)).toBe(340);
    expect(points(`${M}/tank-company@leman-russ-demolisher`)).toBe(400);
    expect(points(`${M}/tank-company@leman-russ-conqueror,thunderer`)).toBe(310);
    const vanquisher = parseFormation(data, `${M}/tank-company@${[...times(5, 'leman-russ'), 'leman-russ-vanquisher'].join(',')}`);
    expect(counts(vanquisher)).toEqual({ 'leman-russ': 5, 'leman-russ-vanquisher': 1 });
    expect(vanquisher.points).toBe(425);
    expect(vanquisher.choice).toContain('5 Leman Russ, 1 Leman Russ Vanquisher (as picked)');
  });

  it('Minervan upgrades that add variants: "(Add any four Leman Russ variants) (+145 points)", "Tank Squadron: Add any three Leman Russ variants +140 points"', () => {
    const army = data.armies.get(M)!;
    expect(army.upgrades.find((u) => u.id === 'tank-company-add-any-four-leman-russ-variants')!.points).toBe(225);
    expect(army.upgrades.find((u) => u.id === 'tank-squadron')!.points).toBe(200);
    expect(points(`${M}/tank-company+tank-company-add-any-four-leman-russ-variants`)).toBe(625);
    expect(points(`${M}/tank-company@thunderer+tank-company-add-any-four-leman-russ-variants@thunderer`)).toBe(425);
    // Ten variants: two may be rare, one in the company and one in the four added.
    const ten = parseFormation(data, `${M}/tank-company@${[...times(5, 'leman-russ'), 'leman-russ-vanquisher'].join(',')}+tank-company-add-any-four-leman-russ-variants@${[...times(3, 'leman-russ'), 'leman-russ-executioner'].join(',')}`);
    expect(counts(ten)).toEqual({ 'leman-russ': 8, 'leman-russ-vanquisher': 1, 'leman-russ-executioner': 1 });
    expect(ten.points).toBe(650);
    // Artillery Company (550) with a Tank Squadron: 550 + 140 + three surcharges.
    expect(points(`${M}/artillery-company+tank-squadron`)).toBe(750);
    expect(points(`${M}/artillery-company+tank-squadron@leman-russ-exterminator`)).toBe(720);
    expect(points(`${M}/artillery-company+tank-squadron@thunderer`)).toBe(690);
    // The Destroyer Squadron is its own formation, "Three Destroyer Tank Hunters, 200 points": no surcharge.
    expect(points(`${M}/destroyer-squadron`)).toBe(200);
  });

  it('Minervan rare variants: "One in five Leman Russ variants may be rare per formation", counted over the formation and its upgrades', () => {
    const refused = (text: string, message: string) => {
      expect(() => parseFormation(data, text)).toThrow(InputError);
      expect(() => parseFormation(data, text)).toThrow(message);
    };
    refused(`${M}/tank-company@leman-russ-vanquisher`, 'formation "tank-company" fields 6 variants from its per-unit tables, of which at most 1 may be rare (1 in 5 per formation: Destroyer Tank Hunter, Leman Russ Executioner, Leman Russ Vanquisher); 6 are');
    refused(`${M}/tank-company@leman-russ,leman-russ-executioner`, 'of which at most 1 may be rare (1 in 5 per formation: Destroyer Tank Hunter, Leman Russ Executioner, Leman Russ Vanquisher); 3 are');
    // Six plus three: still one rare at most.
    refused(`${M}/tank-company@${[...times(5, 'leman-russ'), 'leman-russ-vanquisher'].join(',')}+tank-squadron@leman-russ-vanquisher,thunderer,thunderer`, 'formation "tank-company" fields 9 variants from its per-unit tables, of which at most 1 may be rare (1 in 5 per formation: Destroyer Tank Hunter, Leman Russ Executioner, Leman Russ Vanquisher); 2 are');
    // Three variants in an Artillery Company: none may be rare.
    refused(`${M}/artillery-company+tank-squadron@leman-russ-vanquisher,leman-russ,leman-russ`, 'formation "artillery-company" fields 3 variants from its per-unit tables, of which at most 0 may be rare');
    // Ten variants: two rare allowed, three refused.
    expect(points(`${M}/tank-company@${[...times(4, 'thunderer'), 'leman-russ-vanquisher', 'destroyer-tank-hunter'].join(',')}+tank-company-add-any-four-leman-russ-variants@thunderer`)).toBe(280 + 45 + 10 + 145);
    refused(`${M}/tank-company@${[...times(4, 'thunderer'), 'leman-russ-vanquisher', 'destroyer-tank-hunter'].join(',')}+tank-company-add-any-four-leman-russ-variants@thunderer,thunderer,thunderer,leman-russ-vanquisher`, 'fields 10 variants from its per-unit tables, of which at most 2 may be rare (1 in 5 per formation: Destroyer Tank Hunter, Leman Russ Executioner, Leman Russ Vanquisher); 3 are');
  });

  it('Death Korps Tank Platoon: "Add any six Leman Russ variants, up to one of which may be a Leman Russ Vanquisher", 280 points', () => {
    // Leman Russ Variants: Leman Russ +20, Demolisher +20, Vanquisher +50, Thunderer Free.
    expect(data.armies.get(K)!.formations.find((f) => f.id === 'tank-platoon')!.points).toBe(400);
    expect(points(`${K}/tank-platoon`)).toBe(400);
    expect(points(`${K}/tank-platoon@thunderer`)).toBe(280);
    expect(points(`${K}/tank-platoon@leman-russ-demolisher,thunderer`)).toBe(340);
    expect(points(`${K}/tank-platoon@${[...times(5, 'thunderer'), 'leman-russ-vanquisher'].join(',')}`)).toBe(330);
    expect(points(`${K}/tank-platoon@${[...times(5, 'leman-russ'), 'leman-russ-vanquisher'].join(',')}`)).toBe(430);
    const two = `${K}/tank-platoon@${[...times(4, 'leman-russ'), 'leman-russ-vanquisher', 'leman-russ-vanquisher'].join(',')}`;
    expect(() => parseFormation(data, two)).toThrow('formation "tank-platoon" may field at most 1 Leman Russ Vanquisher among its variants; 2 picked');
  });

  it('Death Korps Tank Squadron: "Add any three Leman Russ variants, none of which may be a Leman Russ Vanquisher", +140 points', () => {
    // Infantry Company: "One Commander unit and nineteen Infantry units", 300 points.
    expect(points(`${K}/infantry-company`)).toBe(300);
    expect(points(`${K}/infantry-company+tank-squadron`)).toBe(500);
    expect(points(`${K}/infantry-company+tank-squadron@leman-russ-demolisher,thunderer`)).toBe(480);
    expect(points(`${K}/infantry-company+tank-squadron@thunderer`)).toBe(440);
    expect(() => parseFormation(data, `${K}/infantry-company+tank-squadron@leman-russ-vanquisher`)).toThrow('upgrade "Tank Squadron" has no option "leman-russ-vanquisher"; expected one of "leman-russ", "leman-russ-demolisher", "thunderer"');
  });

  it('the audit fields each variant, a rare one as the most the formation may take', () => {
    expect(formationVariants(data, M, 'tank-company')).toEqual([
      `${M}/tank-company`,
      `${M}/tank-company@leman-russ-conqueror`,
      `${M}/tank-company@leman-russ-demolisher`,
      `${M}/tank-company@leman-russ-exterminator`,
      `${M}/tank-company@thunderer`,
      `${M}/tank-company@${[...times(5, 'leman-russ'), 'destroyer-tank-hunter'].join(',')}`,
      `${M}/tank-company@${[...times(5, 'leman-russ'), 'leman-russ-executioner'].join(',')}`,
      `${M}/tank-company@${[...times(5, 'leman-russ'), 'leman-russ-vanquisher'].join(',')}`,
    ]);
    const variants = formationVariants(data, K, 'tank-platoon');
    expect(variants).toEqual([`${K}/tank-platoon`, `${K}/tank-platoon@leman-russ-demolisher`, `${K}/tank-platoon@${[...times(5, 'leman-russ'), 'leman-russ-vanquisher'].join(',')}`, `${K}/tank-platoon@thunderer`]);
    expect(variants.map(points)).toEqual([400, 400, 430, 280]);
  });

  it('the audit judges each pick against its own cost', () => {
    const entries = auditEntries(data, [K]).filter((x) => x.formation === 'tank-platoon');
    expect(entries.map((x) => x.cost)).toEqual([400, 400, 430, 280]);
  });
});
