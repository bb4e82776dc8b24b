import { z } from 'zod';

/** Heresy's cover in an experiment: soft, hard or fortified (L108-125). */
export const HeresyCover = z.enum(['soft', 'hard', 'fortified']);

/** Heresy's cover values as an error message lists them. */
export const HERESY_COVER_WORDS = 'Heresy\'s "soft", "hard", "fortified"';
