/**
 * The engagement model's default geometry (README: the engagement model): how far apart two
 * formations' fronts stand and how their units are ranked when a command or a file does not
 * say. Every rule system's one-step commands place formations with these; the command line's
 * --gap, --rank-width and --spacing default to them.
 */

/** Distance between the two front ranks, cm: within most weapons' range, outside a charge. */
export const DEFAULT_GAP = 30;
/** Units per rank. */
export const DEFAULT_RANK_WIDTH = 5;
/** Distance between ranks and between neighbours in a rank, cm. */
export const DEFAULT_SPACING = 5;
/** Distance between the fronts before an assault when none is given: within one 15 cm charge move. */
export const DEFAULT_ASSAULT_GAP = 10;
