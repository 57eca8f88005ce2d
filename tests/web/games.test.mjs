// Each game played through the page. First a smoke test for every game the
// page lists (its registry, test games included), so a new game is covered
// without an edit here; then one test per game of what only it has, its
// moves entered by clicking the board (or a button where a move has no
// square), as a person would.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settle, playByClicks, screenshot, settled, widget } from './lib.mjs';

// Set up while the file loads, not in a before() hook: the page's game list
// decides which tests there are.
const { server, url } = await startServer();
const browser = await launch();
after(async () => { await browser.close(); server.close(); });
// ?test-games=1: the library lists the test games (tests/games) too.
const TEST_GAMES = '?test-games=1';
const listed = await (async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url + TEST_GAMES);
  const list = await page.evaluate(() => window.gamut.catalog());
  await ctx.close();
  return list;
})();

// A small seeded generator, so the positions these tests reach are the same every run.
function rng(seed) {
  let x = seed >>> 0;
  return () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
}

test('the page lists games, each with its name and seat counts', () => {
  assert.ok(listed.length > 0, 'no game listed');
  for (const g of listed) {
    assert.equal(g.error, undefined, `${g.id}: ${g.error}`);
    assert.ok(g.name && g.min_seats >= 1 && g.max_seats >= g.min_seats, JSON.stringify(g));
  }
});

for (const [i, g] of listed.entries()) {
  test(`${g.id}: a new game plays legal moves through the page API, undoes one, and its share code reopens it`, async () => {
    const ctx = await browser.newContext();
    const page = await open(ctx, url + TEST_GAMES);
    const seats = Array(g.min_seats).fill('human');
    // Practice: free undo, so that undo works whatever die or reveal the random moves meet.
    assert.equal(await page.evaluate(([id, o]) => window.gamut.newGame(id, o), [g.id, { seats, seed: 17 + i, practice: true }]), null);
    await settle(page, 60000);
    let s = await state(page);
    assert.equal(s.game, g.id);
    assert.equal(s.screen, 'play');
    // A few seeded random legal moves, whoever's turn it is (every seat is a person).
    const r = rng(101 + i);
    let played = 0;
    for (; played < 4 && s.result === null; played++) {
      const a = s.legal_actions[Math.floor(r() * s.legal_actions.length)];
      assert.equal(await page.evaluate((x) => window.gamut.act(x), a), null, `${g.id}: ${a}`);
      await settle(page, 60000);
      s = await state(page);
    }
    assert.ok(played >= 1, `${g.id}: no move was played`);
    assert.ok(s.can_undo, `${g.id}: the move cannot be undone`);
    assert.equal(await page.evaluate(() => window.gamut.undo()), null);
    // Every seat is a person here, so undo is a request the other one allows.
    if ((await state(page)).undo_request) assert.equal(await page.evaluate(() => window.gamut.ui('undo:allow')), null);
    await settle(page, 60000);
    const u = await state(page);
    assert.ok(u.log.length < s.log.length, `${g.id}: undo left the log at ${u.log.length} entries`);
    // The share code reopens the same record in a fresh browser.
    const code = await page.evaluate(() => window.gamut.shareCode());
    assert.match(code, /^[A-Za-z0-9_-]+$/);
    await settled(page);
    await screenshot(page, `smoke-${g.id}.png`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
    const ctx2 = await browser.newContext();
    const page2 = await open(ctx2, `${url}${TEST_GAMES}#play=${code}`);
    const b = await state(page2);
    assert.equal(b.game, g.id);
    assert.equal(b.turn, u.turn);
    assert.equal(await page2.evaluate(() => window.gamut.shareCode()), code);
    assert.deepEqual(page2.errors, []);
    await ctx2.close();
  });
}

test('test games play through the page API but the library shows them only when the address asks', async (t) => {
  const tests = listed.filter((g) => g.test), shelf = listed.filter((g) => !g.test);
  if (!tests.length) return t.skip('no test game is built');
  const ctx = await browser.newContext();
  const tall = { height: 400 + 200 * listed.length };  // every game's card on screen at once
  const page = await open(ctx, url, tall);
  assert.deepEqual((await page.evaluate(() => window.gamut.catalog())).map((g) => g.id), shelf.map((g) => g.id));
  for (const g of tests) assert.equal(await widget(page, `${g.id}:New game`), null, `${g.id} is in the library`);
  assert.ok(await widget(page, `${shelf[0].id}:New game`), 'the library shows its games');
  assert.equal(await page.evaluate((id) => window.gamut.newGame(id, {}), tests[0].id), null);
  await ctx.close();
  const ctx2 = await browser.newContext();  // fresh: no autosave to resume instead of the library
  const page2 = await open(ctx2, url + TEST_GAMES, tall);
  for (const g of tests) assert.ok(await widget(page2, `${g.id}:New game`), `${g.id} is missing with ${TEST_GAMES}`);
  await ctx2.close();
});

test('Blue and Gray: a compulsory multi-jump is entered by clicking each landing point', async (t) => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  const err = await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'human'] }));
  if (err && /unknown game/.test(err)) return t.skip('blue-and-gray has not landed');
  assert.equal(err, null);
  // Play seeded random moves through the API until a multi-jump is on offer.
  const r = rng(12345);
  let s = await state(page), found = null;
  for (let i = 0; i < 400 && s.result === null && !found; i++) {
    const multi = s.legal_actions.filter((a) => (a.match(/x/g) || []).length >= 2);
    if (multi.length) { found = multi[0]; break; }
    const a = s.legal_actions[Math.floor(r() * s.legal_actions.length)];
    assert.equal(await page.evaluate((x) => window.gamut.act(x), a), null);
    s = await state(page);
  }
  assert.ok(found, 'a multi-jump position was reached');
  // Jumps are compulsory: every legal action is a jump.
  assert.ok(s.legal_actions.every((a) => a.includes('x')), JSON.stringify(s.legal_actions));
  await settled(page);
  const captured = (v) => v.side.length;
  const before = captured(s.view);
  await playByClicks(page, () => found);
  s = await state(page);
  const last = s.log[s.log.length - 1];
  assert.ok(last.endsWith(`(${found})`), `${last} is ${found}`);
  assert.ok(captured(s.view) >= before + 2, 'two or more guards were taken');
  await screenshot(page, 'blue-and-gray-jump.png');
  await ctx.close();
});

test('The Gray Ghost: a full turn by clicks (spin, then move) against the AI', async (t) => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  const err = await page.evaluate(() => window.gamut.newGame('gray-ghost', { seats: ['human', 'ai:1'], seed: 5 }));
  if (err && /unknown game/.test(err)) return t.skip('gray-ghost has not landed');
  assert.equal(err, null);
  await settle(page);
  let s = await state(page);
  assert.equal(s.to_move, 0);
  const played = [];
  for (let k = 0; k < 12 && s.to_move === 0 && s.result === null; k++) {
    played.push(await playByClicks(page));
    await settled(page);
    s = await state(page);
  }
  assert.ok(played.includes('spin'), `a spin was made: ${played}`);
  assert.ok(played.length >= 2, `the spin was followed by a move: ${played}`);
  await screenshot(page, 'gray-ghost-turn.png');
  await settle(page, 60000);
  s = await state(page);
  assert.ok(s.result !== null || s.to_move === 0, 'the AI took its turn and play came back');
  await ctx.close();
});

test('The Man from U.N.C.L.E.: a full turn by clicks (die and destination) against the AI', async (t) => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  const err = await page.evaluate(() => window.gamut.newGame('uncle', { seats: ['human', 'ai:1', 'ai:1'], seed: 9 }));
  if (err && /unknown game/.test(err)) return t.skip('uncle has not landed');
  assert.equal(err, null);
  await settle(page, 60000);
  let s = await state(page);
  assert.equal(s.to_move, 0);
  assert.ok(Array.isArray(s.view.dice) && s.view.dice.length === 2, 'the dice are shown');
  const played = [];
  for (let k = 0; k < 8 && s.to_move === 0 && s.result === null; k++) {
    played.push(await playByClicks(page));
    await settled(page);
    s = await state(page);
  }
  // The first choice is a die (or the total of a double) and a destination.
  assert.match(played[0], /^(d[12]:[1-6]|[1-6]\+[1-6]) \S+-\S+$|^pass$|^roll for a double$/);
  await screenshot(page, 'uncle-turn.png');
  await settle(page, 60000);
  s = await state(page);
  assert.ok(s.result !== null || s.to_move === 0, 'the AI seats played and the turn came back');
  await ctx.close();
});

test("Mosby's Raiders: a turn played through the page, the Union side running itself", async (t) => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  const err = await page.evaluate(() => window.gamut.newGame('mosby', { seats: ['human'], seed: 3 }));
  if (err && /unknown game/.test(err)) return t.skip('mosby has not landed');
  assert.equal(err, null);
  await settle(page);
  let s = await state(page);
  const turn0 = JSON.stringify(s.view.status);
  const played = [];
  const r = rng(7);
  for (let k = 0; k < 60 && s.result === null; k++) {
    played.push(await playByClicks(page, (names) => {
      // Keep the band in the field: disbanding would end the game at once.
      const keep = names.filter((n) => !/disband/i.test(n));
      const end = keep.find((n) => /end|pass|done|stop/i.test(n));
      return end && r() < 0.5 ? end : keep[Math.floor(r() * keep.length)];
    }));
    await settle(page);
    s = await state(page);
    if (s.view.step && /turn 2|Turn 2/.test(JSON.stringify(s.view.status))) break;
  }
  assert.ok(played.length > 3, `moves played: ${played.join(' | ')}`);
  assert.notEqual(JSON.stringify(s.view.status), turn0, 'the tracks moved');
  assert.ok(typeof s.view.step === 'string' && s.view.step.length > 0, 'a step indicator says what happens next');
  await screenshot(page, 'mosby-turn.png');
  await ctx.close();
});
