// The page API before the engine has loaded: a host page may call it at once.
// The WebAssembly download is held back so the calls surely come first; each
// answers without throwing, and a call chained on gamut.ready runs once loaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

test('before it is ready every call answers "Gamut is still loading" or an empty value, and none throws', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/gamut.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => !!window.gamut, null, { polling: 50 });
  const early = await page.evaluate(() => {
    const g = window.gamut;
    const out = {};
    for (const [k, f] of Object.entries({
      newGame: () => g.newGame('geister', {}), act: () => g.act('x'), load: () => g.load('x'), undo: () => g.undo(),
      redo: () => g.redo(), ui: () => g.ui('home'), hint: () => g.hint(), tutorial: () => g.tutorial(),
      state: () => g.state(), catalog: () => g.catalog(), games: () => g.games(), shareCode: () => g.shareCode(), nodePos: () => g.nodePos('a1'),
      widget: () => g.widget('New'), openGame: () => g.openGame('x'), deleteGame: () => g.deleteGame('x'),
      watchCode: () => g.watchCode(), probe: () => g.probe(), settled: () => g.settled(), wake: () => g.wake(),
    })) {
      try { out[k] = { value: f() }; } catch (e) { out[k] = { threw: String(e) }; }
    }
    // A host that would rather wait chains on gamut.ready.
    window.queued = g.ready.then(() => g.newGame(g.catalog()[0].id, { seed: 3 }));
    return { out, isReady: g.isReady };
  });
  assert.equal(early.isReady, false, 'the calls were made before the engine was ready');
  for (const [k, r] of Object.entries(early.out)) assert.ok(!('threw' in r), `${k} threw: ${r.threw}`);
  for (const k of ['newGame', 'act', 'load', 'undo', 'redo', 'ui', 'hint', 'tutorial', 'openGame', 'deleteGame'])
    assert.equal(early.out[k].value, 'Gamut is still loading', k);
  assert.equal(early.out.state.value.ready, false);
  assert.deepEqual(early.out.state.value.legal_actions, []);
  assert.deepEqual(early.out.games.value, []);
  assert.deepEqual(early.out.catalog.value, []);
  assert.equal(early.out.watchCode.value, '');
  assert.equal(early.out.shareCode.value, '');
  assert.equal(early.out.nodePos.value, null);
  assert.equal(early.out.settled.value, false);

  release();
  await page.waitForFunction(() => window.gamut.isReady, null, { timeout: 60000, polling: 50 });
  assert.equal(await page.evaluate(() => window.queued), null, 'the chained call ran once loaded');
  await settled(page);
  const s = await page.evaluate(() => window.gamut.state());
  assert.equal(s.game, (await page.evaluate(() => window.gamut.catalog()))[0].id);
  assert.deepEqual(errors, []);
  await ctx.close();
});
