import { InputError } from './inputError.js';

/**
 * Aircraft and spacecraft cannot assault, be assaulted or lend support while
 * in the air (RB 4.1.2, 4.2.2): refused by name, with where to go instead.
 */
export function rejectAirUnits(named: Array<[string, { units: Array<{ unit: { name: string; type: string } }> }]>, command = 'assault'): void {
  for (const [text, f] of named) {
    const air = f.units.find((u) => u.unit.type === 'AC' || u.unit.type === 'SC' || u.unit.type === 'AC/WE');
    if (air) {
      const why = command === 'assault' ? 'it cannot assault, be assaulted or lend support while in the air (RB 4.1.2)' : `\`${command}\` takes ground formations`;
      throw new InputError([{ file: `formation "${text}"`, path: '', message: `"${air.unit.name}" is an aircraft or spacecraft (${air.unit.type}): ${why}; use \`shoot\` for ground attacks, flak, interceptions and orbital attacks` }]);
    }
  }
}
