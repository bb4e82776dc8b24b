import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/model/projectRoot.js';
import { importTournamentPack, type TournamentPackImport } from '../../src/model/tp/importer.js';
import { checkoutVersion } from '../../src/model/tp/version.js';

/**
 * The one place the tests find a checkout of the real NetEA Tournament Pack
 * (https://github.com/dsusco/tp.net-armageddon.org): $EPIC_BALANCE_TP, else
 * ../shared/netea-tp beside the repository. A user's machine usually has
 * neither: the tests that read it are then skipped, each file saying so in one
 * line on stderr, and their suites are never collected (they import the pack
 * while collecting). The importer and the audit are still tested on the small
 * pack the tests write themselves (miniTournamentPack.ts).
 */

/**
 * The commit of the Tournament Pack the tests' numbers come from (the snapshot in
 * ../shared/netea-tp, by its SOURCE.md): a checkout of another commit is skipped,
 * not failed, with the command that checks this one out.
 */
export const PINNED_TP_COMMIT = '9587a67c66348277681272c2ec439f38c16acd27';

/**
 * The checkout's path, or undefined when there is none. $EPIC_BALANCE_TP set to a
 * folder that is not a checkout is an error, not a skip: the user asked for it.
 */
export function tournamentPackPath(): string | undefined {
  const asked = process.env.EPIC_BALANCE_TP;
  if (asked !== undefined && asked !== '') {
    if (!existsSync(join(asked, '_site'))) throw new Error(`EPIC_BALANCE_TP=${asked}: no _site folder there; expected a checkout of https://github.com/dsusco/tp.net-armageddon.org`);
    return asked;
  }
  const beside = join(projectRoot(), '..', 'shared', 'netea-tp');
  return existsSync(join(beside, '_site')) ? beside : undefined;
}

/** The checkout the Tournament Pack tests read, or why they cannot run here. */
function usableCheckout(): { tp: string } | { skip: string } {
  const tp = tournamentPackPath();
  if (tp === undefined) return { skip: 'no Tournament Pack checkout (set EPIC_BALANCE_TP or place ../shared/netea-tp)' };
  if (!checkoutVersion(tp, '').startsWith(PINNED_TP_COMMIT)) {
    const commit = PINNED_TP_COMMIT.slice(0, 7);
    return { skip: `the Tournament Pack checkout ${tp} is not at commit ${commit}, which these tests' numbers come from (git -C ${tp} checkout ${commit})` };
  }
  return { tp };
}

const CHECKOUT = usableCheckout();
/** Test files that have said why they skip (module state is shared by the files of one worker thread). */
const told = new Set<string>();

function tellSkipped(reason: string): void {
  const file = relative(projectRoot(), expect.getState().testPath ?? '');
  if (told.has(file)) return;
  told.add(file);
  process.stderr.write(`SKIPPED: ${file}: ${reason}\n`);
}

/**
 * `describe(name, ...)` for tests that read the real Tournament Pack: `factory`
 * gets the checkout's path. Without one, the factory is not run and the suite
 * shows one skipped test named by the reason.
 */
export function describeWithTp(name: string, factory: (tp: string) => void): void {
  if ('tp' in CHECKOUT) {
    describe(name, () => factory(CHECKOUT.tp));
    return;
  }
  tellSkipped(CHECKOUT.skip);
  describe.skip(name, () => it.skip(CHECKOUT.skip));
}

/** `it(name, ...)` for one test that reads the real Tournament Pack, within a suite that does not. */
export function itWithTp(name: string, fn: (tp: string) => unknown): void {
  if ('tp' in CHECKOUT) {
    it(name, () => fn(CHECKOUT.tp));
    return;
  }
  tellSkipped(CHECKOUT.skip);
  it.skip(`${name} (${CHECKOUT.skip})`);
}

const imports = new Map<string, TournamentPackImport>();

/**
 * The checkout imported once per path and worker (the test files of a worker
 * thread share it, as loadDataset's data sets): an import of the whole pack
 * takes seconds, and the tests only read it.
 */
export function importedTournamentPack(dir: string): TournamentPackImport {
  let imported = imports.get(dir);
  if (imported === undefined) {
    imported = importTournamentPack(dir);
    imports.set(dir, imported);
  }
  return imported;
}
