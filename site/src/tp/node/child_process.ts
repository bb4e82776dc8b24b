/**
 * node:child_process in the Tournament Pack bundle: a browser starts no
 * process, so asking git for a checkout's commit fails (the importer then
 * reads the commit from SOURCE.md, or uses the content hash alone).
 */
export function execFileSync(file: string): never {
  throw new Error(`${file}: a browser cannot run programs`);
}
