/** The Tournament Pack's fortified positions a formation's units can stand in (TP Fortified Positions). */
export const FORTIFIED_POSITIONS = ['bunker', 'gun-emplacement', 'trench'] as const;
export type FortifiedPosition = (typeof FORTIFIED_POSITIONS)[number];
