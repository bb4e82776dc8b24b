import { readmeCommandTests, testFile } from '../helpers/readme.js';

/** The README's commands of sections 5 and 7: the Tournament Pack's import, the other rule systems, `game` and `tournament` (test/helpers/readme.ts says how each runs). */
readmeCommandTests(testFile(import.meta.url));
