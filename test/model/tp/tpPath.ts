import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../src/model/projectRoot.js';

/** The Tournament Pack checkout the tests read: $EPIC_BALANCE_TP, else ../shared/netea-tp. */
export const TP_DIR = process.env.EPIC_BALANCE_TP ?? join(projectRoot(), '..', 'shared', 'netea-tp');

export const tpAvailable = existsSync(TP_DIR);
