/**
 * How a formation text's words are compared with ids and names: `@Land Raider Crusader`,
 * `@land-raider-crusader` and the unit "Land Raider Crusader" are the same key,
 * `land-raider-crusader`.
 */
export function optionKey(s: string): string {
  return s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
