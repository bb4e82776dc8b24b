/**
 * The actions a formation may take when it shoots (RB 1.6): a shoot step's `action` in an
 * experiment file, `shoot --action`, the page's Action field. A file of its own so that the page's
 * address code reads them without the experiment schema and the systems' switches it names.
 */
export const SHOOT_ACTIONS = ['advance', 'double', 'sustained', 'marshal', 'overwatch'] as const;
export type ShootAction = (typeof SHOOT_ACTIONS)[number];
