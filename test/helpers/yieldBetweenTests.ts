import { afterEach } from 'vitest';

/**
 * After each test, one turn of the event loop before the next: vitest goes from
 * test to test in promise callbacks only, so a file of synchronous tests kept the
 * loop from turning for all of them, and vitest's own progress reports (answered
 * through the loop, within birpc's 60 s) timed out on a loaded machine though
 * every test passed ("Timeout calling onTaskUpdate"). Each test's own
 * synchronous stretch is kept short in its file.
 */
afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
