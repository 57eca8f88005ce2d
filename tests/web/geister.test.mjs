// Geister through the real page: set-up by clicking, moves by clicking, a
// win; and a reload in the middle of a game against the AI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickNode, clickWidget, settle, screenshot, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

const SLOTS = [['b1', 'c1', 'd1', 'e1', 'b2', 'c2', 'd2', 'e2'], ['b5', 'c5', 'd5', 'e5', 'b6', 'c6', 'd6', 'e6']];

// Arranges the set-up editor to `want` (G/E per start slot) by swapping
// ghosts with clicks (and one drag), then confirms.
async function arrange(page, seat, want) {
  let useDrag = true;
  for (let i = 0; i < 8; i++) {
    const cur = (await state(page)).setup_editor;
    if (cur[i] === want[i]) continue;
    let j = i + 1;
    while (!(cur[j] === want[i] && cur[j] !== want[j])) j++;
    if (useDrag) {
      const a = await page.evaluate((n) => window.gamut.nodePos(n), SLOTS[seat][i]);
      const b = await page.evaluate((n) => window.gamut.nodePos(n), SLOTS[seat][j]);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await settled(page);
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up();
      await settled(page);
      useDrag = false;
    } else {
      await clickNode(page, SLOTS[seat][i]);
      await clickNode(page, SLOTS[seat][j]);
    }
  }
  assert.equal((await state(page)).setup_editor, want);
  await clickWidget(page, 'Confirm setup');
}

async function uncover(page) {
  const s = await state(page);
  if (!s.covered) return;
  await screenshot(page, 'geister-cover.png');
  await clickWidget(page, `I am ${s.to_move === 0 ? 'South' : 'North'}: show my side`);
  assert.equal((await state(page)).covered, false);
}

test('a whole hotseat game of Geister, played by clicking, ends in a win', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'human'], options: { first: 'South' } })), null);
  await settled(page);
  await arrange(page, 0, 'GGGGEEEE');
  await uncover(page);
  let s = await state(page);
  assert.equal(s.to_move, 1);
  // South's colours are hidden from North.
  assert.ok(s.view.pieces.filter((p) => p.seat === 0).every((p) => p.face === 'hidden'));
  await arrange(page, 1, 'EEEEGGGG');
  const moves = ['b2-a2', 'e5-f5', 'a2-a3', 'f5-f4', 'a3-a4', 'f4-f5', 'a4-a5', 'f5-f4', 'a5-a6', 'f4-f5',
    'a6-b6', 'f5-f4', 'b6-c6', 'f4-f5', 'c6-d6', 'f5-f4', 'd6-e6'];
  for (const m of moves) {
    await uncover(page);
    const before = (await state(page)).log.length;
    const [from, to] = m.split('-');
    await clickNode(page, from);
    await clickNode(page, to);
    s = await state(page);
    assert.equal(s.log.length, before + 1, `move ${m} was not played by clicking`);
  }
  s = await state(page);
  assert.match(s.result, /South wins/);
  assert.deepEqual(s.returns, [1, -1]);
  assert.equal(s.view.side.filter((p) => p.face === 'good' && p.seat === 1).length, 4);
  await screenshot(page, 'geister-won.png');
  assert.deepEqual(page.errors.filter((e) => !/favicon/.test(e)), []);
  await ctx.close();
});

test('a game against the AI started from the home screen resumes after a reload', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await clickWidget(page, 'geister:New game');
  await clickWidget(page, 'Start');
  let s = await state(page);
  assert.equal(s.game, 'geister');
  assert.deepEqual(s.seats, ['human', 'ai:3']);
  await clickWidget(page, 'Random setup');
  await clickWidget(page, 'Confirm setup');
  await settle(page);
  s = await state(page);
  // Make two moves by clicking the first legal move's squares.
  for (let k = 0; k < 2 && s.result === null; k++) {
    const mv = s.legal_actions.find((a) => /^[a-f][1-6]-[a-f][1-6]$/.test(a));
    const n = s.log.length;
    const [from, to] = mv.split('-');
    await clickNode(page, from);
    await clickNode(page, to);
    assert.ok((await state(page)).log.length > n);
    await settle(page);
    s = await state(page);
  }
  const log = s.log, view = s.view;
  await page.reload();
  await page.waitForFunction(() => window.gamut && window.gamut.isReady);
  await settled(page);
  const r = await state(page);
  assert.equal(r.screen, 'play');
  assert.equal(r.game, 'geister');
  assert.deepEqual(r.log, log);
  assert.deepEqual(r.view, view);
  await screenshot(page, 'geister-resumed.png');
  await ctx.close();
});
