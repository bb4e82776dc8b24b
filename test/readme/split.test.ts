import { readmeCommandTests, testFile } from '../helpers/readme.js';

/** The README's commands of sections 9 and 10: a run split over two processes and merged, and `npm run bench` (test/helpers/readme.ts says how each runs). */
readmeCommandTests(testFile(import.meta.url));
