// Fingers on the board (issue 16): two fingers pinch it to zoom, one pans the
// zoomed board, Fit comes back; a tap between close nodes asks which was
// meant; a finger drag scrolls the panel; and the page's own zoom stays
// available and keeps the canvas sharp. Touches go in through the DevTools
// protocol, as a touch screen sends them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settle, settled, widget } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function phone() {
  const ctx = await browser.newContext(PHONE);
  const page = await open(ctx, url, PHONE.viewport);
  const cdp = await ctx.newCDPSession(page);
  // One touch event: every finger down at once, ids by position in the list.
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  return { ctx, page, touch };
}

// Waits on the page's state: `f(state, arg)` runs in the page (whose policy allows no eval).
const until = (page, f, arg) => page.waitForFunction(f, arg, { timeout: 30000, polling: 50 });

test('two fingers pinch the board to zoom, one finger pans the zoomed board, and Fit fits it again', async () => {
  const { ctx, page, touch } = await phone();
  // Mosby's map (Geister's set-up editor keeps one-finger drags for itself).
  assert.equal(await page.evaluate(() => window.gamut.newGame('mosby', { seats: ['human'], seed: 5 })), null);
  await settle(page, 60000);
  const s0 = await state(page);
  assert.equal(s0.touch, true, 'a touch screen is told apart');
  assert.equal(s0.zoom.z, 1);
  const [x0, y0, x1, y1] = s0.board_rect;
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  // Pinch out: the fingers spread from 60 px apart to 220.
  await touch('touchStart', [[cx - 30, cy], [cx + 30, cy]]);
  for (let k = 1; k <= 8; k++) await touch('touchMove', [[cx - 30 - 10 * k, cy], [cx + 30 + 10 * k, cy]]);
  await touch('touchEnd', []);
  await until(page, () => { window.gamut.wake(); return window.gamut.state().zoom.z > 2; });
  await settled(page);
  const s1 = await state(page);
  assert.ok(s1.zoom.z > 2 && s1.zoom.z <= 8, `zoomed to ${s1.zoom.z}`);
  assert.equal(s1.log.length, s0.log.length, 'the pinch played no move');
  assert.deepEqual(s1.selection, [], 'the pinch selected nothing');
  // One finger drags the zoomed board 80 px to the right.
  // A finger moves over several frames (the app reads its pointer once a frame).
  await touch('touchStart', [[cx, cy]]);
  await settled(page);
  for (let k = 1; k <= 4; k++) { await touch('touchMove', [[cx + 20 * k, cy]]); await settled(page); }
  await touch('touchEnd', []);
  await until(page, (x) => { window.gamut.wake(); return window.gamut.state().zoom.x > x + 40; }, s1.zoom.x);
  await settled(page);
  const s2 = await state(page);
  assert.equal(s2.zoom.z, s1.zoom.z, 'a drag pans, it does not zoom');
  assert.deepEqual(s2.selection, [], 'the drag selected nothing');
  // Back to the fitted board.
  const fit = await widget(page, 'Fit');
  assert.ok(fit && fit.visible && fit.w >= 44 && fit.h >= 44, `Fit is a finger's size: ${JSON.stringify(fit)}`);
  await page.touchscreen.tap(fit.x, fit.y);
  await until(page, () => { window.gamut.wake(); const z = window.gamut.state().zoom; return z.z === 1 && z.x === 0 && z.y === 0; });
  await ctx.close();
});

test('a tap between two close nodes that both start a move asks which was meant, and the answer is taken', async () => {
  const { ctx, page } = await phone();
  const games = await page.evaluate(() => window.gamut.catalog());
  const tried = [];
  let found = null;
  for (const g of games) {
    const seats = g.min_seats === 1 ? ['human'] : ['human', 'ai:1'];
    assert.equal(await page.evaluate(([id, s]) => window.gamut.newGame(id, { seats: s, seed: 5 }), [g.id, seats]), null);
    await settle(page, 60000);
    const s = await state(page);
    const hits = await page.evaluate(() => window.gamut.hits());
    const starts = new Set(Object.values(s.legal_paths || {}).filter((p) => p.length && p[0] !== 'off').map((p) => p[0]));
    const cand = hits.filter((h) => starts.has(h.node));
    let best = null;
    for (const a of cand) for (const b of cand) {
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (a.node < b.node && d < 40 && (!best || d < best.d)) best = { a, b, d };
    }
    tried.push(`${g.id}: ${cand.length} start nodes${best ? `, closest ${best.d.toFixed(1)} px` : ''}`);
    if (best) { found = { g, ...best, log: s.log.length }; break; }
  }
  assert.ok(found, `no game has two move-starting nodes closer than a finger: ${tried.join('; ')}`);
  const { a, b } = found;
  await page.touchscreen.tap((a.x + b.x) / 2, (a.y + b.y) / 2);
  await until(page, () => { window.gamut.wake(); return window.gamut.state().node_pick.length >= 2; });
  const s = await state(page);
  assert.ok(s.node_pick.includes(a.node) && s.node_pick.includes(b.node), `${found.g.id}: asked about ${s.node_pick}, not ${a.node} and ${b.node}`);
  assert.deepEqual(s.selection, [], 'nothing is guessed before the answer');
  const choice = await widget(page, `place:${a.label}`);
  assert.ok(choice && choice.visible && choice.w >= 44 && choice.h >= 44, `the choice ${a.label}: ${JSON.stringify(choice)}`);
  await page.touchscreen.tap(choice.x, choice.y);
  await until(page, () => { window.gamut.wake(); return window.gamut.state().node_pick.length === 0; });
  await settled(page);
  const t = await state(page);
  const index = (await page.evaluate(() => window.gamut.hits())).findIndex((h) => h.node === a.node);
  assert.ok(t.selection.includes(index) || t.log.length > found.log, `${a.node} was taken: ${JSON.stringify(t.selection)}`);
  await ctx.close();
});

test('a finger drag on the panel scrolls it, and presses no button on the way', async () => {
  const { ctx, page, touch } = await phone();
  assert.equal(await page.evaluate(() => window.gamut.newGame('mosby', { seats: ['human'], seed: 5 })), null);
  await settle(page, 60000);
  // The lowest visible widget of the panel that scrolls: it moves up with the drag.
  const pick = async () => (await page.evaluate(() => window.gamut.widgets()))
    .filter((w) => w.visible && w.scrolls && w.y0 > 460).sort((p, q) => p.y0 - q.y0)[0];
  const w0 = await pick();
  assert.ok(w0, 'the panel scrolls');
  const before = (await state(page)).log.length;
  const x = (w0.x0 + w0.x1) / 2, y = (w0.y0 + w0.y1) / 2;
  await touch('touchStart', [[x, y]]);
  await settled(page);
  for (let k = 1; k <= 4; k++) { await touch('touchMove', [[x, y - 30 * k]]); await settled(page); }
  await touch('touchEnd', []);
  await settled(page);
  const w1 = (await page.evaluate(() => window.gamut.widgets())).find((w) => w.label === w0.label);
  assert.ok(w1 && w1.y0 < w0.y0 - 40, `"${w0.label}" moved up with the finger: ${w0.y0} -> ${w1 && w1.y0}`);
  assert.equal((await state(page)).log.length, before, 'the drag pressed no button');
  await ctx.close();
});

test("the page's own zoom stays available, and the canvas follows it at device pixels", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await open(ctx, url, { width: 1000, height: 700 });
  const meta = await page.evaluate(() => document.querySelector('meta[name=viewport]').content);
  assert.doesNotMatch(meta, /user-scalable\s*=\s*no|maximum-scale/, meta);
  await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'ai:1'] }));
  await settle(page);
  // Zooming the page to 125% shrinks its CSS size and raises its pixel ratio.
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 800, height: 560, deviceScaleFactor: 1.25, mobile: false });
  await page.waitForFunction(() => {
    window.gamut.wake();
    const c = document.getElementById('canvas');
    return devicePixelRatio === 1.25 && c.width === Math.floor(c.clientWidth * 1.25) && c.clientWidth === 800;
  }, null, { timeout: 30000, polling: 100 });
  await settled(page);
  const r = (await state(page)).board_rect;
  assert.ok(r[2] <= 800 && r[3] <= 560, `the board is laid out in the zoomed page: ${r}`);
  await ctx.close();
});
