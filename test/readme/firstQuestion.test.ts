import { readmeCommandTests, testFile } from '../helpers/readme.js';

/** The README's commands of sections 1 and 2: `list`, `shoot` and `assault`, aircraft (the output of the first `shoot` as printed) (test/helpers/readme.ts says how each runs). */
readmeCommandTests(testFile(import.meta.url));
