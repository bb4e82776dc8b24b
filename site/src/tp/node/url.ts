/**
 * node:url in the page's bundles: reached through modules that find the
 * package's files on disk (projectRoot.ts), which a browser never calls.
 */
export function fileURLToPath(url: string | URL): string {
  throw new Error(`fileURLToPath(${String(url)}): the page has no files on disk`);
}

export function pathToFileURL(path: string): URL {
  throw new Error(`pathToFileURL(${path}): the page has no files on disk`);
}
