// The game library around every game: share links, bad codes, storage that
// is disabled or full, corrupt saves, undo/redo, replay and embedding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, widget, settle, screenshot, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

const SETUP = ['setup:GGGGEEEE', 'setup:EEEEGGGG'];
const WIN = ['b2-a2', 'e5-f5', 'a2-a3', 'f5-f4', 'a3-a4', 'f4-f5', 'a4-a5', 'f5-f4', 'a5-a6', 'f4-f5',
  'a6-b6', 'f5-f4', 'b6-c6', 'f4-f5', 'c6-d6', 'f5-f4', 'd6-e6'];

async function hotseat(page, moves) {
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister',
    { seats: ['human', 'human'], options: { first: 'South' }, seed: 7 })), null);
  for (const m of moves) assert.equal(await page.evaluate((a) => window.gamut.act(a), m), null, m);
  await settled(page);
}

test('a shared link opens the same position in a fresh browser context', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await hotseat(page, [...SETUP, ...WIN.slice(0, 6)]);
  await page.evaluate(() => window.gamut.ui('uncover'));  // South's turn, South's view
  const a = await state(page);
  const code = await page.evaluate(() => window.gamut.shareCode());
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  await ctx.close();
  const ctx2 = await browser.newContext();
  const page2 = await open(ctx2, `${url}#play=${code}`);
  const b = await state(page2);
  assert.equal(b.game, 'geister');
  assert.equal(b.turn, a.turn);
  assert.deepEqual(b.log, a.log);
  assert.deepEqual(b.view.pieces, a.view.pieces);
  await ctx2.close();
});

test('a bad or truncated code shows a clear message and leaves the current game unchanged', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await hotseat(page, [...SETUP, ...WIN.slice(0, 4)]);
  const before = await state(page);
  const code = await page.evaluate(() => window.gamut.shareCode());
  const err = await page.evaluate((c) => window.gamut.load(c), code.slice(0, -4));
  assert.match(err, /damaged|truncated|incomplete/);
  assert.match(await page.evaluate(() => window.gamut.load('not a code!')), /does not belong/);
  // Through the Share window, as a person would.
  await clickWidget(page, 'Share');
  const box = await widget(page, 'Open');
  await page.mouse.click(box.x - 150, box.y);
  await settled(page);
  await page.keyboard.type('AAAAAAAAAA', { delay: 20 });
  await settled(page);
  await clickWidget(page, 'Open');
  const after = await state(page);
  assert.ok(after.messages.some((m) => /could not be opened/.test(m) && /unchanged/.test(m)), JSON.stringify(after.messages));
  await screenshot(page, 'bad-code.png');
  assert.deepEqual(after.log, before.log);
  assert.deepEqual(after.view, before.view);
  await ctx.close();
});

test('with storage disabled the game still plays and says it cannot save', async () => {
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('storage is disabled', 'SecurityError'); } });
  });
  const page = await open(ctx, url);
  await hotseat(page, [...SETUP, ...WIN.slice(0, 3)]);
  const s = await state(page);
  assert.equal(s.log.length, 5);
  assert.match(s.storage_note, /SecurityError|unavailable|failed/);
  assert.equal(await page.evaluate(() => window.gamut.act('f5-f4')), null);
  await ctx.close();
});

test('with storage full the player is told, play continues and other saved games stay readable', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  // A named copy made while storage works.
  await hotseat(page, [...SETUP, 'b2-a2']);
  await clickWidget(page, 'Saves');
  await clickWidget(page, 'Keep a copy');
  const copy = (await page.evaluate(() => window.gamut.games())).find((g) => g.name === 'Geister');
  assert.ok(copy, 'the copy is in the library');
  await page.evaluate(() => {
    window.localStorage.setItem('gamut.v2.game.zz-corrupt', '{not json');  // a corrupt entry beside it
    Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
  });
  assert.equal(await page.evaluate(() => window.gamut.act('e5-f5')), null);
  await settled(page);
  let s = await state(page);
  assert.ok(s.messages.some((m) => /storage is full/.test(m)), JSON.stringify(s.messages));
  assert.equal(await page.evaluate(() => window.gamut.act('a2-a3')), null);
  s = await state(page);
  assert.equal(s.log.length, 5);
  await settled(page);
  await screenshot(page, 'saves-corrupt.png');
  // The good copy still opens; the corrupt one is listed with the reason.
  const games = await page.evaluate(() => window.gamut.games());
  assert.ok(games.some((g) => g.id === 'zz-corrupt' && g.error), JSON.stringify(games));
  await clickWidget(page, `${copy.id}:Resume`);
  s = await state(page);
  assert.equal(s.log.length, 3);
  assert.equal(s.library_id, copy.id);
  await ctx.close();
});

test('a corrupt saved game is reported and does not stop the page', async () => {
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => {
    try {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('gamut.v2.migrated', '1');
        localStorage.setItem('gamut.v2.current', 'bad');
        localStorage.setItem('gamut.v2.game.bad', '{"id":"bad","session":{"format":1,"game":"geister","version":1,"seats":2,"seed":"1","actions":[0,0,4242]}}');
        sessionStorage.setItem('seeded', '1');
      }
    } catch (e) {}
  });
  const page = await open(ctx, url);
  const s = await state(page);
  assert.equal(s.screen, 'home');
  assert.ok(s.messages.some((m) => /could not be opened/.test(m) && /untouched/.test(m)), JSON.stringify(s.messages));
  assert.equal(await page.evaluate(() => localStorage.getItem('gamut.v2.game.bad').length > 10), true);
  await ctx.close();
});

test('undo and redo with buttons and keys; against the AI undo takes back the reply too', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'ai:1'], options: { first: 'South' }, seed: 3 })), null);
  assert.equal(await page.evaluate(() => window.gamut.act('setup:GGGGEEEE')), null);
  await settle(page);
  const start = await state(page);
  assert.equal(await page.evaluate(() => window.gamut.act('b2-b3')), null);
  await settle(page);
  const after = await state(page);
  assert.equal(after.log.length, start.log.length + 2);  // my move and the AI's reply
  await clickWidget(page, 'Undo');
  let s = await state(page);
  assert.deepEqual(s.log, start.log);
  assert.equal(s.can_redo, true);
  await clickWidget(page, 'Redo');
  s = await state(page);
  assert.deepEqual(s.log, after.log);  // the same reply: nothing is rerolled or re-thought
  await page.mouse.click(400, 400);
  // Keys are held for a few frames, as a person's fingers are.
  const chord = async (key) => {
    await page.keyboard.down('Control');
    await page.keyboard.down(key);
    await settled(page);
    await page.keyboard.up(key);
    await page.keyboard.up('Control');
    await settled(page);
  };
  await chord('z');
  assert.deepEqual((await state(page)).log, start.log);
  await chord('y');
  assert.deepEqual((await state(page)).log, after.log);
  await ctx.close();
});

test('replay steps through a finished game and jumps to any move', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await hotseat(page, [...SETUP, ...WIN]);
  const fin = await state(page);
  assert.match(fin.result, /South wins/);
  await clickWidget(page, 'Replay');
  let s = await state(page);
  assert.equal(s.replay, 0);
  await clickWidget(page, '>');
  await clickWidget(page, '>');
  await clickWidget(page, '>');
  s = await state(page);
  assert.equal(s.replay, 3);
  await screenshot(page, 'replay.png');
  await clickWidget(page, '>|');
  assert.equal((await state(page)).replay, fin.log.length);
  await clickWidget(page, 'Back to game');
  assert.equal((await state(page)).replay, null);
  await ctx.close();
});

test('the embed page documents the iframe and its host receives the game-over message', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${url}embed.html`);
  assert.match(await page.textContent('body'), /URL parameters/);
  const frame = page.frames().find((f) => f.url().includes('index.html'));
  await frame.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  const st = await frame.evaluate(() => window.gamut.state());
  assert.equal(st.game, 'geister');
  assert.equal(st.embed, true);
  // Play a quick hotseat game inside the iframe; the host page shows the message.
  await frame.evaluate(([setup, win]) => {
    window.gamut.newGame('geister', { seats: ['human', 'human'], options: { first: 'South' } });
    for (const a of [...setup, ...win]) window.gamut.act(a);
  }, [SETUP, WIN]);
  await page.waitForFunction(() => /Game over: geister/.test(document.getElementById('last-message').textContent));
  await ctx.close();
});
