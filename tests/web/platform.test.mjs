// The page as a device sees it: touch, HiDPI, a narrow screen, zoom, and
// frames kept flowing while the strongest AI thinks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, settle, screenshot, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

test('touch taps play moves on a narrow HiDPI phone screen, drawn sharply', async () => {
  const ctx = await browser.newContext({ hasTouch: true, isMobile: true, deviceScaleFactor: 2, viewport: { width: 412, height: 820 } });
  const page = await open(ctx, url, { width: 412, height: 820 });
  const px = await page.evaluate(() => { const c = document.getElementById('canvas'); return [c.width, c.height, innerWidth, innerHeight]; });
  assert.equal(px[0], px[2] * 2, 'canvas backing store is CSS width x devicePixelRatio');
  assert.equal(px[1], px[3] * 2);
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'human'], options: { first: 'South' } })), null);
  await page.evaluate(() => window.gamut.act('setup:GGGGEEEE'));
  await page.evaluate(() => { window.gamut.ui('uncover'); window.gamut.act('setup:EEEEGGGG'); window.gamut.ui('uncover'); });
  await settled(page);
  for (const n of ['b2', 'b3']) {
    const p = await page.evaluate((k) => window.gamut.nodePos(k), n);
    assert.ok(p.x > 0 && p.x < 412 && p.y > 0 && p.y < 820, `${n} is on screen: ${JSON.stringify(p)}`);
    await page.touchscreen.tap(p.x, p.y);
    await settled(page);
  }
  const s = await state(page);
  assert.equal(s.log[s.log.length - 1], 'South: ghost b2 to b3 (b2-b3)');
  await screenshot(page, 'phone.png');
  await ctx.close();
});

test('the board zooms with the wheel and the Fit button restores it', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'human'], options: { first: 'South' } }));
  await settled(page);
  const gap = async () => page.evaluate(() => window.gamut.nodePos('b1').x - window.gamut.nodePos('a1').x);
  const g0 = await gap();
  const c = await page.evaluate(() => window.gamut.nodePos('c3'));
  await page.mouse.move(c.x, c.y);
  await page.mouse.wheel(0, -300);
  await settled(page);
  const g1 = await gap();
  // One notch of the wheel (one wheel event) zooms in by 1.2 about the pointer.
  assert.ok(Math.abs(g1 / g0 - 1.2) < 0.01, `zoomed in by a notch: ${g0} -> ${g1}`);
  await clickWidget(page, 'Fit');
  assert.ok(Math.abs((await gap()) - g0) < 0.5);
  await ctx.close();
});

// The mechanism, not a wall-clock budget (frame times are figures for
// scripts/bench-page): the search runs in slices of at most a 16 ms frame that
// each stop at the first chunk ending past the slice's budget, and the page,
// left to itself, draws the progress while it thinks (every 200 ms).
test('while the strongest AI thinks it yields every slice within its budget, and the page draws while it thinks', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url, { width: 800, height: 600 });
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'ai:5'], options: { first: 'North' } })), null);
  await page.evaluate(() => window.gamut.act('setup:GEGEEGEG'));
  await page.waitForFunction(() => window.gamut.state().thinking, null, { timeout: 20000, polling: 20 });
  const f0 = await page.evaluate(() => window.gamut.probe().frames);
  await screenshot(page, 'thinking.png');
  await settle(page, 300000);
  const f1 = await page.evaluate(() => window.gamut.probe().frames);
  const sl = (await state(page)).ai_slices;
  console.log(`# ai:5 thinking: ${sl.count} slices of at most ${sl.budget_ms} ms (longest ${sl.longest_ms.toFixed(1)} ms), ` +
    `${f1 - f0} frames drawn`);
  assert.ok(sl.count > 10, `the search was spread over ${sl.count} slices`);
  assert.ok(sl.budget_ms > 0 && sl.budget_ms <= 16, `slices of at most ${sl.budget_ms} ms`);
  assert.ok(sl.worst_overrun_ms <= 0, `a slice ran ${sl.worst_overrun_ms} ms past its budget and its last chunk`);
  assert.ok(f1 - f0 >= 2, `${f1 - f0} frames drawn for ${sl.count} slices: the page drew while the AI thought`);
  await ctx.close();
});
