/** The lists, and the Knight World Infantry Platoon's upgrades, the bought-positions tests field. */
export const IW = 'chaos-space-marine-iron-warriors';
export const KW = 'adeptus-mechanicus-knight-world';
export const TRENCH = 'infantry-platoon-add-up-to-52cm-of-trench-and-52cm-of-razor';
export const LEVY = 'infantry-platoon-add-up-to-four-infantry-levy';
export const GUNS = 'infantry-platoon-add-up-to-three-of-any-of-the-following-uni';
export const SNIPERS = 'infantry-platoon-add-up-to-two-snipers';
