import { z } from 'zod';
import { kindIndex, TERRAIN_KINDS } from './terrain.js';
import { MAX_FEATURES, OBJECTIVE_SPACING, TABLE_DEPTH, TABLE_WIDTH, type Table } from './table.js';

/**
 * A table layout file (tables/*.json): the terrain features of a 180 x 120 cm
 * table, and optionally the six objectives as placed (otherwise the players
 * place them, objectives.ts). The south player deploys along y = 0, the north
 * player along y = 120; which army is south is decided each game (RB 6.1.2).
 */

const Coordinate = z.number().finite();

export const TableFeature = z.discriminatedUnion('shape', [
  z.strictObject({
    kind: z.enum(TERRAIN_KINDS),
    shape: z.literal('circle'),
    /** Centre, cm from the west short edge. */
    x: Coordinate.min(0).max(TABLE_WIDTH),
    /** Centre, cm from the south long edge. */
    y: Coordinate.min(0).max(TABLE_DEPTH),
    /** Radius, cm (RB 6.1.3: features "roughly 15-30cm across"). */
    r: z.number().positive().max(60),
  }),
  z.strictObject({
    kind: z.enum(TERRAIN_KINDS),
    shape: z.literal('rect'),
    x: Coordinate.min(0).max(TABLE_WIDTH),
    y: Coordinate.min(0).max(TABLE_DEPTH),
    /** Width along x and depth along y, cm. */
    w: z.number().positive().max(TABLE_WIDTH),
    h: z.number().positive().max(TABLE_DEPTH),
  }),
]);
export type TableFeature = z.infer<typeof TableFeature>;

export const TableObjective = z.strictObject({
  x: Coordinate.min(0).max(TABLE_WIDTH),
  y: Coordinate.min(0).max(TABLE_DEPTH),
});
export type TableObjective = z.infer<typeof TableObjective>;

export const TableLayout = z
  .strictObject({
    $schema: z.string().optional(),
    name: z.string().min(1),
    description: z.string().min(1),
    features: z.array(TableFeature).max(MAX_FEATURES),
    /**
     * The six objectives as placed (RB 6.1.4), in any order: one on each long edge (y 0 and y
     * 120), two in each half at least 30 cm from that half's edge, all at least 30 cm apart.
     * Omitted: the players place them each game.
     */
    objectives: z.array(TableObjective).length(6).optional(),
  })
  .superRefine((layout, ctx) => {
    const objectives = layout.objectives;
    if (objectives === undefined) return;
    for (let i = 0; i < objectives.length; i++) {
      for (let j = i + 1; j < objectives.length; j++) {
        const d = Math.hypot(objectives[i]!.x - objectives[j]!.x, objectives[i]!.y - objectives[j]!.y);
        if (d < OBJECTIVE_SPACING) {
          ctx.addIssue({ code: 'custom', path: ['objectives', j], message: `objectives ${i + 1} and ${j + 1} overlap: ${d.toFixed(1)} cm apart, and objectives must be at least ${OBJECTIVE_SPACING} cm apart (RB 6.1.4)` });
        }
      }
    }
    const south = objectives.filter((o) => o.y === 0).length;
    const north = objectives.filter((o) => o.y === TABLE_DEPTH).length;
    if (south !== 1 || north !== 1) ctx.addIssue({ code: 'custom', path: ['objectives'], message: `expected one objective on each long edge (y 0 and y ${TABLE_DEPTH}), got ${south} and ${north} (RB 6.1.4)` });
    const inSouth = objectives.filter((o) => o.y > 0 && o.y < TABLE_DEPTH / 2).length;
    const inNorth = objectives.filter((o) => o.y > TABLE_DEPTH / 2 && o.y < TABLE_DEPTH).length;
    if (inSouth !== 2 || inNorth !== 2) ctx.addIssue({ code: 'custom', path: ['objectives'], message: `expected two objectives inside each half, got ${inSouth} in the south half and ${inNorth} in the north half (RB 6.1.4)` });
    objectives.forEach((o, i) => {
      const inside = o.y > 0 && o.y < TABLE_DEPTH;
      if (inside && (o.y < OBJECTIVE_SPACING || o.y > TABLE_DEPTH - OBJECTIVE_SPACING)) {
        ctx.addIssue({ code: 'custom', path: ['objectives', i, 'y'], message: `an objective inside a half must be at least ${OBJECTIVE_SPACING} cm from that half's table edge (RB 6.1.4), got y ${o.y}` });
      }
    });
  });
export type TableLayout = z.infer<typeof TableLayout>;

/** The JSON Schema of table layout files, for editors (tables/table.schema.json). */
export function tableLayoutJsonSchema(): object {
  return z.toJSONSchema(TableLayout, { io: 'input', unrepresentable: 'any' });
}

/** Lays a layout's features out on `table`. */
export function layOutFixed(table: Table, layout: TableLayout): void {
  table.clear();
  for (const f of layout.features) {
    if (f.shape === 'circle') table.addCircle(kindIndex(f.kind), f.x, f.y, f.r);
    else table.addRect(kindIndex(f.kind), f.x, f.y, f.w, f.h);
  }
}
