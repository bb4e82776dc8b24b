/**
 * Written by site/build.ts when it bundles the page: the built-in datasheet
 * files (datasheets/*.json, in name order, as text) with the version string
 * the command line gives them (loadDatasheets.ts: a hash of names and texts),
 * and the tool's version from package.json.
 */
declare module 'epic-balance:builtin-data' {
  export const files: Array<{ name: string; text: string }>;
  export const version: string;
  export const toolVersion: string;
}
