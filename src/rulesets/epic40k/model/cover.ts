import { z } from 'zod';

/** Epic 40,000's cover in an experiment: the terrain's infantry armour bonus (L948-956), 1 for woods, ruins and buildings, 2 for fortifications. */
export const Epic40kCover = z.strictObject({ armour: z.union([z.literal(1), z.literal(2)]) });

/** Epic 40,000's cover values as an error message lists them. */
export const EPIC40K_COVER_WORDS = 'Epic 40,000\'s {"armour": 1|2}';
