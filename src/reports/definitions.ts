/** One line per metric, shown next to every result (report.html, docs/reports.md). */
export const DEFINITIONS = {
  killDistribution: 'P(exactly k): share of trials in which exactly k units of the formation were destroyed by that point of the script; 95% Wilson interval.',
  killAtLeast: 'P(at least k): share of trials with k or more units destroyed (the line); P(at least 0) = 1; 95% Wilson interval.',
  destroyed: 'P(destroyed): share of trials in which every unit of the formation was destroyed; 95% Wilson interval.',
  warEngineDamage: 'War-engine damage: mean damage points dealt to the formation\'s war engines; normal 95% interval from the per-trial variance.',
  broken: 'P(broken): share of trials in which the formation is broken after the step (a destroyed formation is counted as destroyed, not broken); 95% Wilson interval.',
  assault: 'Assault: P(attacker wins), P(defender wins), P(no result: a draw after the round limit or both wiped out), and P(broken) / P(destroyed) of every formation in it after the assault; 95% Wilson intervals.',
  per100: 'Points efficiency: mean enemy points destroyed per 100 points of the acting formation(s) = 100 × E[points destroyed] ÷ cost; a unit is worth its formation\'s cost shared over its units, upgrades to what they add; normal 95% interval.',
  exchange: 'Exchange ratio (two-sided scripts): E[points destroyed] ÷ E[points lost], a ratio of means; 95% Fieller interval from the per-trial variances and covariance.',
  matrix: 'Matrix cell: enemy points destroyed per 100 points of the row formation when it acts on the column formation; normal 95% interval.',
  fairCost: 'Fair cost: the cost at which the formation reaches parity with the opponent set under the chosen metric; 95% interval from Fieller\'s interval of the underlying ratio of means.',
} as const;
