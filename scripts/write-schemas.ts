import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasheetJsonSchema } from '../src/model/jsonSchemas.js';
import { projectRoot } from '../src/model/projectRoot.js';

const target = join(projectRoot(), 'datasheets', 'datasheet.schema.json');
writeFileSync(target, JSON.stringify(datasheetJsonSchema(), null, 2) + '\n');
console.log(`wrote ${target}`);
