// Offline and installable (issue 17): after one visit the service worker
// (web/sw.js) has the whole app, so the page opens and plays with the network
// off; a new build replaces the old offline copy whole. Each test serves its
// own copy of the build, so it can stop the server or change files in it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, webRoot, settled, state } from './lib.mjs';
import { serve } from '../../scripts/serve.mjs';

let browser;
const dirs = [];
before(async () => { browser = await launch(); });
after(async () => {
  await browser?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function site() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gamut-site-'));
  dirs.push(dir);
  fs.cpSync(webRoot, dir, { recursive: true });
  const server = await serve(dir, 0);
  return { dir, server, url: `http://127.0.0.1:${server.address().port}/` };
}

function stop(server) {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
}

async function ready(page) {
  await page.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  await settled(page);
}

// Waits until a service worker controls the page, and returns the caches' names.
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  return page.evaluate(() => caches.keys());
}

test('after one visit the page opens and plays a move with the network off', { timeout: 300000 }, async () => {
  const { server, url } = await site();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(url + '?game=blue-and-gray&seats=human,ai:1');
  await ready(page);
  const names = await controlled(page);
  assert.equal(names.filter((n) => n.startsWith('gamut-')).length, 1, `one offline copy: ${names}`);
  // The installable parts: the manifest is linked and names icons that exist.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel=manifest]').href;
    const m = await (await fetch(href)).json();
    const icons = [];
    for (const i of m.icons) icons.push([i.src, (await fetch(new URL(i.src, href))).status]);
    return { name: m.name, start: m.start_url, display: m.display, icons };
  });
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.some(([src]) => src.endsWith('512.png')), 'a 512 px icon');
  for (const [src, status] of manifest.icons) assert.equal(status, 200, `${src} is served`);

  // The network goes: the browser is offline and the server is stopped.
  await ctx.setOffline(true);
  await stop(server);
  const failed = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  await page.goto(url + '?game=blue-and-gray&seats=human,ai:1');
  await ready(page);
  let s = await state(page);
  assert.equal(s.game, 'blue-and-gray');
  const before = s.log.length;
  const err = await page.evaluate((a) => window.gamut.act(a), s.legal_actions[0]);
  assert.equal(err, null);
  s = await state(page);
  assert.equal(s.log.length, before + 1, 'a move was played offline');
  // A new game of another game offline too: its rules data came with the copy.
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'ai:1'] })), null);
  assert.equal((await state(page)).game, 'geister');
  // The browser fetches a tab icon itself, past any service worker: the page carries its
  // icon inline. The manifest's icons are fetched for installing, which needs the network.
  const icon = await page.evaluate(() => document.querySelector('link[rel=icon]').getAttribute('href'));
  assert.match(icon, /^data:image\/svg\+xml,%3Csvg /, 'the tab icon is in the page');
  const installing = manifest.icons.map(([src]) => src);
  assert.deepEqual(failed.filter((u) => !installing.some((src) => u.endsWith('/' + src))), [],
    'no request of the app went to the network, the tab icon neither');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a new build replaces the old offline copy whole, and the old cache is deleted', { timeout: 300000 }, async () => {
  const { dir, server, url } = await site();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  await ready(page);
  const [old] = await controlled(page);
  const build = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/const BUILD = '([0-9a-f]+)'/)[1];
  assert.equal(old, `gamut-${build}`, 'the cache is named by the build hash');

  // A new version is deployed: a changed stylesheet and the worker stamped anew (as the build does).
  const marker = `/* deployed ${Date.now()} */`;
  fs.appendFileSync(path.join(dir, 'style.css'), `\n${marker}\n`);
  const next = build.split('').reverse().join('');
  const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').replace(`const BUILD = '${build}'`, `const BUILD = '${next}'`);
  fs.writeFileSync(path.join(dir, 'sw.js'), sw);

  // The next visit finds it; once the page has loaded, it takes over and the old copy goes.
  await page.reload();
  await ready(page);
  const deadline = Date.now() + 60000;
  let names = [];
  while (Date.now() < deadline) {
    names = await page.evaluate(() => caches.keys());
    if (names.length === 1 && names[0] === `gamut-${next}`) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.deepEqual(names, [`gamut-${next}`], 'the new copy replaced the old one');
  // The new copy holds the new files only: offline, the page loads them all from it.
  await ctx.setOffline(true);
  await stop(server);
  await page.reload();
  await ready(page);
  const css = await page.evaluate(() => fetch('style.css').then((r) => r.text()));
  assert.ok(css.includes(marker), 'the stylesheet served offline is the new one');
  const cached = await page.evaluate(async (n) => {
    const c = await caches.open(n);
    return (await c.keys()).map((r) => new URL(r.url).pathname.slice(1)).sort();
  }, `gamut-${next}`);
  const files = sw.match(/const FILES = \[(.*)\];/)[1].split(', ').map((f) => f.slice(1, -1)).sort();
  assert.deepEqual(cached, files, 'every file of the new version is in its cache');
  const s = await state(page);
  assert.equal(s.ready, true, 'the new version runs');
  await ctx.close();
});

test('an embed keeps working under the service worker', { timeout: 300000 }, async () => {
  const { server, url } = await site();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const demoReady = () => page.waitForFunction(() => {
    const w = document.getElementById('demo').contentWindow;
    return w && w.gamut && w.gamut.isReady;
  }, null, { timeout: 60000 });
  await page.goto(url + 'embed.html');
  await demoReady();
  await page.waitForFunction(() => document.getElementById('demo').contentWindow.navigator.serviceWorker.controller !== null,
    null, { timeout: 60000 });
  await controlled(page);
  // Offline, the embedding page and its iframe come from the copy.
  await ctx.setOffline(true);
  await stop(server);
  await page.reload();
  await demoReady();
  const s = await page.evaluate(() => document.getElementById('demo').contentWindow.gamut.state());
  assert.equal(s.embed, true);
  assert.equal(s.game, 'geister');
  await ctx.close();
});
