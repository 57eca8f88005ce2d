// The hotseat hand-over through the real page: for every game that puts a
// cover up between two people (the hidden-information games), once the cover
// is up nothing but the incoming player's claim lifts it - not the toolbar's
// buttons, not Ctrl+Z or Ctrl+Y, not a reload - and while it is up the page
// API reports the spectator's view (seat -1), which holds no seat's secrets.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, settled } from './lib.mjs';

let server, url, browser, games;
before(async () => {
  ({ server, url } = await startServer());
  browser = await launch();
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  games = await page.evaluate(() => window.gamut.games());
  await ctx.close();
});
after(async () => { await browser.close(); server.close(); });

// Plays the first legal action until the cover goes up (or 60 plies pass).
async function play_to_cover(page) {
  for (let i = 0; i < 60; i++) {
    const s = await state(page);
    if (s.covered || s.result !== null) return s.covered;
    if (!s.legal_actions.length) { await settled(page); continue; }
    assert.equal(await page.evaluate((a) => window.gamut.act(a), s.legal_actions[0]), null);
    await settled(page);
  }
  return (await state(page)).covered;
}

async function still_covered(page, what) {
  await settled(page);
  const s = await state(page);
  assert.equal(s.covered, true, `${what}: the cover is still up`);
  assert.equal(s.seat, -1, `${what}: the page API shows the spectator's view`);
  assert.equal(s.legal_actions.length > 0, true, `${what}: the game waits for the next person`);
}

test('hand-over: under the cover the toolbar, Ctrl+Z, Ctrl+Y and a reload show no seat its rival\'s secrets', async (t) => {
  let tried = 0;
  for (const g of games) {
    if (g.min_seats !== 2) continue;
    const ctx = await browser.newContext();
    const page = await open(ctx, url);
    const seats = ['human', 'human'];
    assert.equal(await page.evaluate(([id, s]) => window.gamut.newGame(id, { seats: s, seed: 5 }), [g.id, seats]), null);
    await settled(page);
    if (!(await play_to_cover(page))) { await ctx.close(); continue; }  // no secrets: no cover
    tried++;
    await still_covered(page, `${g.id}: after the move`);
    for (const b of ['Undo', 'Redo', 'Replay', 'Share', 'Rules', 'Saves']) {
      const w = await page.evaluate((l) => window.gamut.widget(l), b);
      if (w && w.visible) await clickWidget(page, b);
      await still_covered(page, `${g.id}: after ${b}`);
    }
    for (const key of ['Control+z', 'Control+y', 'Control+Shift+Z']) {
      await page.keyboard.press(key);
      await still_covered(page, `${g.id}: after ${key}`);
    }
    await page.reload();
    await page.waitForFunction(() => window.gamut && window.gamut.isReady, null, { polling: 50 });
    await settled(page);
    await still_covered(page, `${g.id}: after a reload`);
    // The claim: the player to move sees their own side again.
    assert.equal(await page.evaluate(() => window.gamut.ui('uncover')), null);
    const s = await state(page);
    assert.equal(s.covered, false);
    assert.equal(s.seat, s.to_move);
    await ctx.close();
  }
  if (tried === 0) t.skip('no game puts a cover up');
  assert.ok(tried >= 1);
});
