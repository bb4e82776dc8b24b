import { Sha256 } from '../sha256.js';

/** node:crypto in the Tournament Pack bundle: the importer's sha256 content hash. */
export function createHash(algorithm: string): Sha256 {
  if (algorithm !== 'sha256') throw new Error(`createHash: only sha256 here, got ${algorithm}`);
  return new Sha256();
}
