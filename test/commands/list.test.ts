import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { itWithTp } from '../helpers/tournamentPack.js';

/**
 * `list <army>` shows what each formation fields when named without options:
 * the transports a "plus transport" formation's cost includes, the units its
 * list writes in, and the option a choice defaults to.
 */

const line = (out: string, id: string) => out.split('\n').find((l) => l.startsWith(`  ${id} `))?.replace(/\s+/g, ' ');
const after = (out: string, id: string) => out.split('\n')[out.split('\n').findIndex((l) => l.startsWith(`  ${id} `)) + 1]!.trim();

describe('list', () => {
  it('the built-in lists: the Rhinos the Tactical detachment is written with', async () => {
    const r = await inProcess(['list', 'codex-astartes']);
    expect(line(r.stdout, 'tactical-detachment')).toBe(' tactical-detachment 300 pts 6 Tactical, 3 Rhino');
  });

  itWithTp('the Tournament Pack: the Rhinos a "plus transport" formation fields, and the option a choice defaults to', async (TP_DIR) => {
    const r = await inProcess(['list', 'space-marine-codex-astartes', '--data', TP_DIR]);
    expect(r.code).toBe(0);
    expect(line(r.stdout, 'tactical')).toBe(' tactical 275 pts 6 Tactical, 3 Rhino');
    expect(after(r.stdout, 'tactical')).toBe('uses plus transport: 3 Rhino to carry it (its cost includes them; @on-foot leaves them behind)');
    expect(line(r.stdout, 'predator')).toBe(' predator 250 pts 4 Predator Annihilator');
    expect(after(r.stdout, 'predator')).toBe("uses 4 of Predator Annihilator, Predator Destructor: 4 Predator Annihilator (the list's first option; pick others with @<option>)");
    const json = JSON.parse((await inProcess(['list', 'space-marine-codex-astartes', '--data', TP_DIR, '--json'])).stdout) as { formations: Array<{ id: string; fielded: string }> };
    expect(json.formations.find((f) => f.id === 'tactical')!.fielded).toBe('6 Tactical, 3 Rhino');
  });
});
