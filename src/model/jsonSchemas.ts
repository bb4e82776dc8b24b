import { z } from 'zod';
import { DatasheetFile } from './schema.js';
import { Battle } from './battle.js';
import { Experiment } from './experiment.js';

/**
 * JSON Schemas for editors, generated from the zod schemas (the single source
 * of truth). `io: 'input'` describes what a file author writes, so fields with
 * defaults are optional.
 */
export function datasheetJsonSchema(): object {
  return z.toJSONSchema(DatasheetFile, { io: 'input', unrepresentable: 'any' });
}

/** The JSON Schema of experiment files. */
export function experimentJsonSchema(): object {
  return z.toJSONSchema(Experiment, { io: 'input', unrepresentable: 'any' });
}

/** The JSON Schema of battle files. */
export function battleJsonSchema(): object {
  return z.toJSONSchema(Battle, { io: 'input', unrepresentable: 'any' });
}
