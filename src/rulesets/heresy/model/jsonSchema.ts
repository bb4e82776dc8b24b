import { z } from 'zod';
import { ProfileSet } from './schema.js';

/** The JSON Schema of Heresy profile files (datasheets/heresy/, and a user's --data), generated from the zod schema as src/model/jsonSchemas.ts does the shared files'. */
export function heresyProfilesJsonSchema(): object {
  return z.toJSONSchema(ProfileSet, { io: 'input', unrepresentable: 'any' });
}
