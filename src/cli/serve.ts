import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { projectRoot } from '../model/projectRoot.js';
import { wholeNumber } from './options.js';

/** Content types of the files a built site holds. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The folder `npm run site` builds the playground into. */
export function siteDir(): string {
  return join(projectRoot(), 'site-dist');
}

/**
 * A static file server for a folder (GET and HEAD; `/` is index.html;
 * nothing outside the folder). Listens on `host:port` (port 0: any free
 * port) and resolves with the server and its address.
 */
export function serveStatic(root: string, port: number, host = '127.0.0.1'): Promise<{ server: Server; url: string }> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request\n');
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = resolve(base, `.${path}`);
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden\n');
      return;
    }
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const a = server.address() as AddressInfo;
      const shown = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      resolvePromise({ server, url: `http://${shown}:${a.port}/` });
    });
  });
}

interface ServeOptions {
  port: number;
  host: string;
  dir?: string;
}

/** `serve`: the playground (site-dist/, built by `npm run site`) on a local web server. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the playground web page (built by `npm run site` into site-dist/) on a local web server and print its address')
    .addOption(new Option('--port <n>', 'port to listen on (0: any free port)').default(8080).argParser(wholeNumber('--port', 0)))
    .addOption(new Option('--host <address>', 'address to listen on (0.0.0.0: every network interface, e.g. to open it on a phone)').default('127.0.0.1'))
    .option('--dir <folder>', 'serve this folder instead of the built playground (default: site-dist/ in the package)')
    .addHelpText('after', '\nExamples:\n  epic-balance serve\n  epic-balance serve --port 9000\n\nThen open the address it prints. Build the page first with `npm run site`; docs/playground.md explains it.')
    .action(async (o: ServeOptions) => {
      const dir = o.dir ?? siteDir();
      if (!existsSync(join(dir, 'index.html'))) {
        throw new InputError([{ file: dir, path: '', message: o.dir === undefined ? 'no built playground here: run `npm run site` first' : 'no index.html in this folder' }]);
      }
      let url: string;
      try {
        ({ url } = await serveStatic(dir, o.port, o.host));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new InputError([{ file: `option --port`, path: '', message: code === 'EADDRINUSE' ? `port ${o.port} is in use; try another --port (0 picks a free one)` : `cannot listen on ${o.host}:${o.port} (${code ?? (e as Error).message})` }]);
      }
      process.stdout.write(`epic-balance playground: ${url}\n(serving ${dir}; Ctrl-C stops it)\n`);
    });
}
