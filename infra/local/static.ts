import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';
import { prerenderedFileFor, publicLangOf } from '@kehila/shared/public-pages';
import type { Middleware } from './gateway';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** The types CloudFront compresses (its behaviours set `compress: true`); images and fonts are already compressed. */
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest']);

/**
 * Serves a built web app (web/dist) as CloudFront does in the cloud: the public pages' prerendered
 * files for their paths (in the language `?lang=` asks for), the SPA's index.html for other routes,
 * text gzip-compressed for a browser that accepts it (so a throttled first visit, bench/web, moves the
 * bytes a phone would).
 */
export function staticSite(root: string): Middleware {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    const prerendered = prerenderedFileFor(path, publicLangOf(url.search));
    let file = normalize(join(root, prerendered ?? path));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const immutable = file.includes(`${join(root, 'assets')}`);
    const gzip = COMPRESSED.has(extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    const body = createReadStream(file);
    if (gzip) body.pipe(createGzip()).pipe(res);
    else body.pipe(res);
  };
}
