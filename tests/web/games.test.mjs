// Each game played through the page: the moves are entered by clicking the
// board (or a button where a move has no square), as a person would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settle, playByClicks, screenshot, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

// A small seeded generator, so the positions these tests reach are the same every run.
function rng(seed) {
  let x = seed >>> 0;
  return () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
}

async function games(page) { return page.evaluate(() => window.gamut.state().screen); }

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
  assert.ok(last.endsWith(found), `${last} is ${found}`);
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
