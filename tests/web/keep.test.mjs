// No game lost (issue: "games are overwritten silently", "links drop the AI"):
// every game started or opened is an entry of its own in the library, which
// new games, links, reloads and embeds on the same site never overwrite; old
// v1 saves migrate; a shared code keeps each seat's kind; deleting asks first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

const games = (page) => page.evaluate(() => window.gamut.games());
const entry = async (page, id) => (await games(page)).find((g) => g.id === id);

async function play(page, n) {
  for (let i = 0; i < n; i++) {
    await page.waitForFunction(() => { const s = window.gamut.state(); return !s.thinking && s.legal_actions.length > 0; },
      null, { polling: 50, timeout: 60000 });
    const s = await state(page);
    assert.equal(await page.evaluate((a) => window.gamut.act(a), s.legal_actions[0]), null);
    await settled(page);
  }
  await page.waitForFunction(() => { const s = window.gamut.state(); return !s.thinking && s.legal_actions.length > 0; },
    null, { polling: 50, timeout: 60000 });
}

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.gamut && window.gamut.isReady, null, { polling: 50 });
  await settled(page);
}

test('keep: new games, links, reloads and an embed on the same site never overwrite a game', async () => {
  // The link's game, made elsewhere: Blue and Gray against ai:2.
  const other = await browser.newContext();
  let page = await open(other, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'ai:2'], seed: 41, ai_delay: 0 })), null);
  await play(page, 2);
  const link = await page.evaluate(() => window.gamut.shareCode());
  await other.close();

  const ctx = await browser.newContext();
  page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'ai:1'], seed: 40, ai_delay: 0 })), null);
  await play(page, 4);
  const first = (await state(page)).library_id;
  const code = (await entry(page, first)).code;
  assert.ok(code && (await entry(page, first)).moves >= 4);
  const kept = async (what) => assert.equal((await entry(page, first) || {}).code, code, `${what}: the first game is kept as it was`);

  assert.equal(await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'ai:1'], seed: 42 })), null);
  await settled(page);
  await kept('a new game of the same kind');
  assert.notEqual((await state(page)).library_id, first);

  await page.evaluate((c) => { location.hash = 'play=' + c; }, link);
  await page.waitForFunction(() => location.hash === '', null, { polling: 50 });
  await settled(page);
  await kept('a link to another game');
  const s = await state(page);
  assert.deepEqual(s.seats, ['human', 'ai:2'], 'the link keeps its AI seat');
  const linked = s.library_id;
  await play(page, 2);
  const played = (await entry(page, linked)).code;
  await reload(page);
  assert.equal((await state(page)).library_id, linked, 'a reload resumes the linked game');
  assert.equal(await page.evaluate(() => window.gamut.shareCode()), played, 'with the moves played after the link');
  await kept('a reload');

  await page.evaluate((c) => { location.hash = 'play=' + c; }, link);  // the same link again
  await page.waitForFunction(() => location.hash === '', null, { polling: 50 });
  assert.equal((await state(page)).library_id, linked, 'the same link opens the same entry');
  assert.equal(await page.evaluate(() => window.gamut.shareCode()), played, 'and keeps the moves played after it');
  await kept('the link opened again');

  // A page of the same site that embeds Blue and Gray.
  const host = await ctx.newPage();
  await host.goto(`${url}embed.html`);
  const frame = host.frames().find((f) => f.url().includes('index.html'));
  await frame.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  assert.equal(await frame.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'human'] })), null);
  assert.equal(await frame.evaluate(() => window.gamut.act(window.gamut.state().legal_actions[0])), null);
  const embedded = await frame.evaluate(() => window.gamut.games());
  assert.ok(!embedded.some((g) => g.id === first || g.id === linked), 'the embed does not list the visitor\'s games');
  await host.close();
  // A host may opt in to the visitor's own library.
  const shared = await open(ctx, `${url}index.html?game=blue-and-gray&embed=1&library=shared`);
  assert.ok((await shared.evaluate(() => window.gamut.games())).some((g) => g.id === first), 'library=shared lists them');
  await shared.close();
  await reload(page);
  await kept('an embed on the same site');
  assert.equal((await entry(page, linked)).code, played);
  assert.equal((await games(page)).length, 3, 'the first game, the second, the linked one; nothing of the embed');
  await ctx.close();
});

test('keep: a link opened in the address bar asks who plays each seat, keeping the link\'s own', async () => {
  const made = await browser.newContext();
  const maker = await open(made, url);
  assert.equal(await maker.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'ai:2'], seed: 9 })), null);
  const code = await maker.evaluate(() => window.gamut.shareCode());
  await made.close();
  const ctx = await browser.newContext();
  const page = await open(ctx, `${url}#play=${code}`);
  assert.deepEqual((await state(page)).seats, ['human', 'ai:2']);
  await clickWidget(page, 'Play');  // the "Who plays" window, closed as it is
  assert.equal(await page.evaluate(() => window.gamut.widget('Play')), null);
  assert.deepEqual((await state(page)).seats, ['human', 'ai:2']);
  await ctx.close();
});

test('keep: the v1 autosave and two named saves migrate into the library, and their keys stay', async () => {
  // v1 records made with the engine: a Geister game two moves in, and a Blue and Gray one.
  const made = await browser.newContext();
  const maker = await open(made, url);
  const v1 = await maker.evaluate(() => {
    const g = window.gamut;
    g.newGame('geister', { seats: ['human', 'human'], seed: 3 });
    const a = JSON.parse(localStorage.getItem('gamut.v2.game.' + g.state().library_id)).session;
    g.newGame('blue-and-gray', { seats: ['human', 'ai:3'], seed: 4 });
    const b = JSON.parse(localStorage.getItem('gamut.v2.game.' + g.state().library_id)).session;
    return { a, b };
  });
  await made.close();
  const ctx = await browser.newContext();
  await ctx.addInitScript((saves) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('gamut.v1.current', 'geister');
    localStorage.setItem('gamut.v1.auto.geister', JSON.stringify(saves.a));
    localStorage.setItem('gamut.v1.save.1700000000000', JSON.stringify({ name: 'Evening game', date: 1.7e12, turn: 0, save: saves.b }));
    localStorage.setItem('gamut.v1.save.1700000000001', JSON.stringify({ name: 'Sunday', date: 1.7e12 + 1, turn: 0, save: saves.a }));
  }, v1);
  const page = await open(ctx, url);
  const lib = await games(page);
  assert.equal(lib.length, 3, JSON.stringify(lib));
  assert.deepEqual(lib.map((g) => g.name).sort(), ['', 'Evening game', 'Sunday']);
  const s = await state(page);
  assert.equal(s.game, 'geister', 'the v1 autosave of the game last played is resumed');
  assert.deepEqual(lib.find((g) => g.name === 'Evening game').players, ['human', 'ai:3']);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('gamut.v1.')).length);
  assert.equal(keys, 4, 'the v1 keys are left as they were');
  await reload(page);
  assert.equal((await games(page)).length, 3, 'migrated once, not on every load');
  await ctx.close();
});

test('keep: deleting a saved game asks first', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'human'], seed: 5 })), null);
  const id = (await state(page)).library_id;
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'ai:1'], seed: 6 })), null);
  await clickWidget(page, 'Saves');
  await clickWidget(page, `${id}:Delete`);
  assert.ok(await entry(page, id), 'one click only asks');
  await clickWidget(page, `${id}:Keep it`);
  assert.ok(await entry(page, id));
  await clickWidget(page, `${id}:Delete`);
  await clickWidget(page, `${id}:Yes, delete`);
  assert.equal(await entry(page, id), undefined);
  assert.equal((await games(page)).length, 1);
  await ctx.close();
});

test('keep: a practice game says so in its code, its log panel and its state', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'ai:1'], seed: 5, practice: true })), null);
  assert.equal((await state(page)).practice, true);
  const code = await page.evaluate(() => window.gamut.shareCode());
  const ctx2 = await browser.newContext();
  const p2 = await open(ctx2, `${url}#play=${code}`);
  assert.equal((await state(p2)).practice, true, 'the code keeps the practice flag');
  await ctx2.close();
  await ctx.close();
});
