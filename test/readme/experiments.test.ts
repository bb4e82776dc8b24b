import { readmeCommandTests, testFile } from '../helpers/readme.js';

/** The README's commands of section 3: the shipped experiments and the reader's own (its output as printed) (test/helpers/readme.ts says how each runs). */
readmeCommandTests(testFile(import.meta.url));
