/** A chunk failed (its worker threw): the run ends with this error, naming the chunk. */
export class ChunkError extends Error {
  readonly chunk: number;
  readonly scenario: string;
  readonly matchup: string;

  constructor(chunk: number, scenario: string, matchup: string, cause: unknown) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(`chunk ${chunk} of ${scenario} "${matchup}" failed: ${reason}`, { cause });
    this.name = 'ChunkError';
    this.chunk = chunk;
    this.scenario = scenario;
    this.matchup = matchup;
    // The first line says what failed; the worker's own stack follows for debugging.
    const inner = cause instanceof Error && cause.stack ? `\n  in the worker: ${cause.stack.split('\n').join('\n  ')}` : '';
    this.stack = `${this.name}: ${this.message}${inner}`;
  }
}

/** The run was stopped from outside (Ctrl-C, an AbortSignal) before it finished; it has no result. */
export class InterruptedError extends Error {
  /** Trials finished (and discarded) when it stopped. */
  readonly trialsDone: number;

  constructor(trialsDone: number) {
    super(`interrupted after ${trialsDone.toLocaleString('en')} trials; no result`);
    this.name = 'InterruptedError';
    this.trialsDone = trialsDone;
  }
}
