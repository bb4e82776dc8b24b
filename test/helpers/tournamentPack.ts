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
 * The commit of the Tournament Pack the tests' numbers were read from (554
 * formations, ...): a checkout of another commit is skipped, not failed, with
 * the command that checks this one out.
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

/** Why the Tournament Pack tests cannot run here, or undefined when they can. */
function skipReason(tp: string | undefined): string | undefined {
  if (tp === undefined) return 'no Tournament Pack checkout (set EPIC_BALANCE_TP or place ../shared/netea-tp)';
  const version = checkoutVersion(tp, '');
  if (!version.startsWith(PINNED_TP_COMMIT)) return `the Tournament Pack checkout ${tp} is not at commit ${PINNED_TP_COMMIT.slice(0, 7)}, which these tests' numbers come from (git -C ${tp} checkout ${PINNED_TP_COMMIT.slice(0, 7)})`;
  return undefined;
}

const TP = tournamentPackPath();
const SKIP = skipReason(TP);
/** Test files that have said why they skip (module state is shared by the files of one worker thread). */
const told = new Set<string>();

function tellSkipped(): void {
  const file = relative(projectRoot(), expect.getState().testPath ?? '');
  if (told.has(file)) return;
  told.add(file);
  process.stderr.write(`SKIPPED: ${file}: ${SKIP}\n`);
}

/**
 * `describe(name, ...)` for tests that read the real Tournament Pack: `factory`
 * gets the checkout's path. Without one, the factory is not run and the suite
 * shows one skipped test named by the reason.
 */
export function describeWithTp(name: string, factory: (tp: string) => void): void {
  if (SKIP === undefined) {
    describe(name, () => factory(TP!));
    return;
  }
  tellSkipped();
  describe.skip(name, () => it.skip(SKIP!));
}

/** `it(name, ...)` for one test that reads the real Tournament Pack, within a suite that does not. */
export function itWithTp(name: string, fn: (tp: string) => unknown, timeout?: number): void {
  if (SKIP === undefined) {
    it(name, () => fn(TP!), timeout);
    return;
  }
  tellSkipped();
  it.skip(`${name} (${SKIP})`);
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
