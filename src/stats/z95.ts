/**
 * The two-sided 95% normal quantile, z = Φ⁻¹(0.975) = 1.959963984540054
 * (R: qnorm(0.975)). A constant, not simple-statistics' probit(0.975): that
 * approximation returns 1.95716, wrong in the third decimal, which shifts
 * every interval's ends by about 0.15%.
 */
export const Z95 = 1.959963984540054;
