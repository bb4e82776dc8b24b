import { readmeCommandTests, testFile } from '../helpers/readme.js';

/** The README's commands of section 6: `fair-cost` and the audit of two lists (its output as printed), the longest of the README's commands (test/helpers/readme.ts says how each runs). */
readmeCommandTests(testFile(import.meta.url));
