/**
 * Upgrade names a list's formation rows use but the list never defines, each read as the list's
 * own upgrade that does what the name does in the other lists (the import reports each reading).
 *
 * Space Wolves: the Land Raider, Land Speeder, Predator and Vindicator rows list "Commander",
 * which in the Codex Astartes, Imperial Fists, Raven Guard and Salamanders lists is "Add any one of
 * the following characters to any unit in the formation: Captain, Chaplain, Librarian" (+50). The
 * Space Wolves list prints that upgrade as "Hero" ("Add one Captain, Chaplain or Librarian
 * character to any unit in the formation", +50), which its other formations list.
 */
const ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'space-marine-space-wolves': { Commander: 'Hero' },
};

/** The name a list defines for an upgrade name its formations use, or undefined. */
export function upgradeAlias(listId: string, name: string): string | undefined {
  return ALIASES[listId]?.[name];
}
