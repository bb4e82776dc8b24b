import type { Allegiance, Formation, SummonedDaemon, Summoning, Upgrade } from '../schema.js';
import { parsePage } from './htmlTables.js';
import type { UnitResolver } from './names.js';

/**
 * A Chaos list's summoning, read from the checkout: TP Summoned Units says "the daemonic units
 * available to summon (and their respective summoning point costs) are defined in the specific
 * Chaos army lists", and each list's Epic Tournament Special Rules prints them as two tables
 * ("Lesser Daemons" and "Greater Daemons", with a "Faction" column where the formation's
 * allegiance matters, and "1 (2)" where "the cost for formations that owe allegiance to Chaos
 * Undivided" is in parentheses), and may fix every formation's allegiance ("All formations in an
 * Emperor's Children army owe allegiance to Slaanesh"). The list page's Daemon Pool table sells
 * the markers (army upgrades "Add one Greater Daemon to the Daemon Pool"), and Daemonic Pact is an
 * upgrade ("Add one Lesser Daemon to the Daemon Pool. The formation may summon daemons.") or
 * printed in a formation's units ("This formation has Daemonic Pact and adds one lesser daemon").
 */

const GODS: Readonly<Record<string, Allegiance>> = { 'chaos undivided': 'undivided', undivided: 'undivided', khorne: 'khorne', nurgle: 'nurgle', slaanesh: 'slaanesh', tzeentch: 'tzeentch' };

/** "Khorne", "Chaos Undivided" as an allegiance; undefined for anything else. */
function godOf(text: string): Allegiance | undefined {
  return GODS[text.trim().toLowerCase()];
}

export interface SummoningContext {
  ruleIds: string[];
  ruleText: Map<string, string>;
  resolver: UnitResolver;
  formations: Formation[];
  upgrades: Upgrade[];
}

export type SummoningRead = { summoning: Summoning } | { problem: { rule: string; reason: string } } | null;

/** The list's summoning, or null when it has no summoning table; a table or name it cannot read is a problem naming the rule. */
export function readSummoning(ctx: SummoningContext): SummoningRead {
  const rule = ctx.ruleIds.find((r) => /summoning point costs/i.test(ctx.ruleText.get(r) ?? ''));
  if (rule === undefined) return null;
  const problem = (reason: string): SummoningRead => ({ problem: { rule, reason } });
  const text = ctx.ruleText.get(rule)!;
  const daemons: SummonedDaemon[] = [];
  for (const grid of parsePage(text).grids) {
    const kind = /^(lesser|greater) daemon/i.exec(grid.caption.trim());
    if (kind === null) continue;
    const faction = grid.headers.findIndex((h) => /faction/i.test(h));
    for (const row of grid.rows) {
      const cells = row.map((c) => c?.text ?? '');
      const name = cells[0]!;
      const cost = /^([0-9]+)(?:\s*\(([0-9]+)\))?$/.exec(cells[cells.length - 1]!.trim());
      if (cost === null) return problem(`"${grid.caption}": the summoning points of "${name}" read "${cells[cells.length - 1]}", expected "N" or "N (M)"`);
      const unit = ctx.resolver.resolve(name);
      if (!unit.ok) return problem(`"${grid.caption}": ${unit.reason}`);
      const factionText = faction >= 0 ? cells[faction]! : '';
      const allegiance = faction < 0 ? 'any' : /^any$/i.test(factionText.trim()) ? 'any' : godOf(factionText);
      if (allegiance === undefined) return problem(`"${grid.caption}": the faction of "${name}" reads "${factionText}", expected Any or a chaos god`);
      daemons.push({ unit: unit.unit.id, greater: kind[1]!.toLowerCase() === 'greater', allegiance, points: Number(cost[1]), ...(cost[2] !== undefined ? { undividedPoints: Number(cost[2]) } : {}) });
    }
  }
  if (daemons.length === 0) return problem('no "Lesser Daemons" or "Greater Daemons" table of summoning points');
  const fixed = /All formations in an? [^.]* army owe allegiance to (Chaos Undivided|Khorne|Nurgle|Slaanesh|Tzeentch)/i.exec(text);
  // A list whose allegiance is fixed prints no Faction column: its daemons are the allegiance's.
  if (fixed !== null) for (const d of daemons) if (d.allegiance === 'any') d.allegiance = godOf(fixed[1]!)!;
  const poolUpgrade = (kind: RegExp): Upgrade | undefined => ctx.upgrades.find((u) => /\bto the daemon pool\b/i.test(u.notes ?? '') && !/daemonic pact/i.test(u.name) && kind.test(u.name));
  const greater = poolUpgrade(/^greater daemon$/i);
  const lesser = poolUpgrade(/^(lesser|minor) daemon$/i);
  if (greater === undefined || lesser === undefined) return problem('the list has no Daemon Pool upgrades "Greater Daemon" and "Lesser Daemon" (or "Minor Daemon")');
  const pact = ctx.upgrades.find((u) => /^daemonic pact$/i.test(u.name));
  const formationAllegiance: Record<string, Allegiance> = {};
  for (const f of ctx.formations) {
    const god = /^(Chaos Undivided|Khorne|Nurgle|Slaanesh|Tzeentch)\b/.exec(f.name);
    if (god !== null) formationAllegiance[f.id] = godOf(god[1]!)!;
  }
  return {
    summoning: {
      rule,
      ...(fixed !== null ? { allegiance: godOf(fixed[1]!)! } : {}),
      formationAllegiance,
      daemons,
      poolUpgrades: { greater: greater.id, lesser: lesser.id },
      ...(pact !== undefined ? { pactUpgrade: { upgrade: pact.id, addsLesser: /add one (lesser|minor) daemon to the daemon pool/i.test(pact.notes ?? '') } } : {}),
      pactFormations: ctx.formations
        .filter((f) => /this formation has daemonic pact/i.test(f.notes ?? ''))
        .map((f) => ({ formation: f.id, addsLesser: /this formation has daemonic pact and adds one (lesser|minor) daemon/i.test(f.notes ?? '') })),
    },
  };
}
