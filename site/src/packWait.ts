import { InputError } from '../../src/model/inputError.js';

/**
 * A run asked for with a Tournament Pack that is not loaded yet (a shared link opened before its
 * pack): kept, and given back once a pack of that name loads, so that it runs then.
 */
export class PackWait<S extends { data?: string | undefined }> {
  private waiting: S | null = null;

  /** Keeps `s` when `error` says its data set is not loaded (a problem of `option --data`); otherwise forgets any run kept. */
  keepIfPackMissing(s: S, error: unknown): void {
    this.waiting = error instanceof InputError && error.problems.some((p) => p.file === 'option --data') ? s : null;
  }

  forget(): void {
    this.waiting = null;
  }

  /** The run kept for the pack `name`, if any; the run kept is forgotten either way. */
  takeFor(name: string): S | null {
    const w = this.waiting;
    this.waiting = null;
    return w !== null && w.data === name ? w : null;
  }
}
