/** Who takes part in an assault, as bit masks over formations. */
export interface AssaultSetup {
  attackers: number;
  defenders: number;
  supporters: number;
  overwatch: number;
  /** Maximum attackers in base contact (engagement-model override), or -1. */
  contactLimit: number;
}
