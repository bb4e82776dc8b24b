import { probit } from 'simple-statistics';

/** The two-sided 95% normal quantile, z = Φ⁻¹(0.975) ≈ 1.959964. */
export const Z95 = probit(0.975);
