import type { RuleSystemCommands } from '../../../cli/ruleSystemCommands.js';
import { addAssaultWords, addShootWords, neteaAssault, neteaShoot } from './neteaOneStep.js';
import { listNetea } from './neteaList.js';
import { neteaAudit } from './neteaAudit.js';
import { addActionWord, neteaFairCost } from './neteaFairCost.js';
import { neteaMatrix } from './neteaMatrix.js';
import { registerRoster } from './roster.js';
import { registerGame } from './game.js';
import { registerMatchup } from './matchup.js';
import { registerTournament } from './tournament.js';
import { registerWorth } from './worth.js';
import { NETEA_EXPERIMENTS } from './neteaExperiments.js';

/**
 * NetEA Epic Armageddon on the command line, with the 2004 rulebook as its variant
 * (model/rulesVariant.ts): the default of `--rules`, the words of its engagements on `shoot`,
 * `assault`, `fair-cost` and `matrix`, and the commands only it has (roster, game, matchup,
 * tournament: army lists, whole games and their pairings).
 */
export const NETEA_COMMANDS: RuleSystemCommands = {
  names: ['netea', 'rulebook-2004'],
  help: {
    shoot: 'NetEA Epic Armageddon, the 2004 rulebook (rulebook-2004)',
    assault: 'NetEA Epic Armageddon, the 2004 rulebook (rulebook-2004)',
    list: 'netea or rulebook-2004 (the same lists: the 2004 rulebook plays the NetEA data)',
    audit: 'NetEA, the 2004 rulebook (rulebook-2004: its errata, the TP\'s changes turned off; docs/tournament-pack.md)',
    'fair-cost': 'NetEA Epic Armageddon, the 2004 rulebook (rulebook-2004, in the battle)',
    matrix: 'NetEA',
  },
  experiments: NETEA_EXPERIMENTS,
  answers: { shoot: neteaShoot, assault: neteaAssault, list: ({ rules, operand, o }) => listNetea(operand, { ...o, rules }), audit: neteaAudit, 'fair-cost': neteaFairCost, matrix: neteaMatrix },
  refusal: (command, rules) =>
    command === 'matrix' && rules === 'rulebook-2004'
      ? 'a matrix plays NetEA\'s rules (the 2004 rulebook\'s switches are not passed to its cells yet; `fair-cost --rules rulebook-2004` and `audit --rules rulebook-2004` value formations under them)'
      : undefined,
  words: {
    shoot: addShootWords,
    assault: addAssaultWords,
    'fair-cost': addActionWord('with --engagement: the acting formation\'s action when it shoots'),
    matrix: addActionWord('the row formation\'s action when it shoots'),
  },
  register(program, runner) {
    registerRoster(program);
    registerGame(program, runner);
    registerMatchup(program);
    registerTournament(program);
    registerWorth(program);
  },
};
