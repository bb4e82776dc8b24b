import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { battleJsonSchema, datasheetJsonSchema, experimentJsonSchema } from '../src/model/jsonSchemas.js';
import { heresyProfilesJsonSchema } from '../src/rulesets/heresy/model/jsonSchema.js';
import { projectRoot } from '../src/model/projectRoot.js';
import { tableLayoutJsonSchema } from '../src/rulesets/netea/game/tableLayout.js';
import { armyFileJsonSchema } from '../src/rulesets/netea/game/armyInput.js';
import { rosterJsonSchema } from '../src/rulesets/netea/model/roster/listFile.js';

for (const [folder, name, schema] of [
  ['datasheets', 'datasheet.schema.json', datasheetJsonSchema()],
  ['experiments', 'experiment.schema.json', experimentJsonSchema()],
  ['battles', 'battle.schema.json', battleJsonSchema()],
  ['datasheets/heresy', 'profiles.schema.json', heresyProfilesJsonSchema()],
  ['tables', 'table.schema.json', tableLayoutJsonSchema()],
  ['armies', 'army.schema.json', armyFileJsonSchema()],
  ['rosters', 'roster.schema.json', rosterJsonSchema()],
] as const) {
  const target = join(projectRoot(), folder, name);
  writeFileSync(target, JSON.stringify(schema, null, 2) + '\n');
  console.log(`wrote ${target}`);
}
