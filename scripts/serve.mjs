// A small static file server for build/web: correct MIME types (wasm
// streaming needs application/wasm), no caching surprises, loopback only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {'.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.data': 'application/octet-stream', '.css': 'text/css', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.txt': 'text/plain'};

export function serve(root, port = 8000, host = '127.0.0.1') {
  root = path.resolve(root);
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(root, p);
    if (!file.startsWith(root)) { res.writeHead(403); return res.end(); }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404, {'Content-Type': 'text/plain'}); return res.end('not found'); }
      res.writeHead(200, {'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
                          'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff'});
      res.end(data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] || 'build/web';
  const port = Number(process.argv[3] || process.env.PORT || 8000);
  serve(root, port).then(() => console.log(`Gamut is served at http://127.0.0.1:${port}/  (Ctrl+C stops it)`),
    (e) => { console.error(`serve: ${e.message}`); process.exit(1); });
}
