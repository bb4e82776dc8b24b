import { files, toolVersion, version } from 'epic-balance:builtin-data';
import { BUILTIN_DATASET_ID, type Dataset } from '../../src/model/dataset.js';
import { datasetFromTexts } from '../../src/model/datasetFromFiles.js';

export { toolVersion };

let builtin: Dataset | undefined;

/** The built-in data set, through the same zod schemas and cross-checks as the command line (loaded once). */
export function builtinDataset(): Dataset {
  builtin ??= datasetFromTexts(files, BUILTIN_DATASET_ID, version);
  return builtin;
}
