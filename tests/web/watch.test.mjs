// Spectator links (issue: "no secret shown to the wrong seat"): the Share
// window of an unfinished game with hidden information offers a watch link,
// which holds only what every player sees, replays to the current move and
// cannot be played on, and the full save behind a warning. A finished game's
// code shows everything.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, widget, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

const SETUP = ['setup:GGGGEEEE', 'setup:EEEEGGGG'];

test('watch: the Share window gives a watch link that replays the public game and cannot be played on', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister',
    { seats: ['human', 'human'], options: { first: 'South' }, seed: 123456789 })), null);
  for (const a of [...SETUP, 'b2-b3', 'e5-e4', 'b3-b4']) {
    await page.evaluate(() => window.gamut.ui('uncover'));
    assert.equal(await page.evaluate((x) => window.gamut.act(x), a), null, a);
  }
  await page.evaluate(() => window.gamut.ui('uncover'));
  await settled(page);
  await clickWidget(page, 'Share');
  assert.equal(await widget(page, 'full:Copy link'), null, 'the full save waits behind its warning');
  await clickWidget(page, 'watch:Copy link');
  const link = await page.evaluate(() => window.gamutLastCopied);
  assert.match(link, /#play=/);
  const live = await state(page);

  const ctx2 = await browser.newContext();
  const viewer = await open(ctx2, link);
  const s = await state(viewer);
  assert.equal(s.watch, true);
  assert.equal(s.seat, -1);
  assert.equal(s.replay, live.log.length, 'it opens at the current move');
  assert.deepEqual(s.legal_actions, []);
  assert.ok(!JSON.stringify(s).includes('123456789'), 'no seed');
  assert.ok(!s.log.some((l) => /setup:[GE]{8}/.test(l)), 'no set-up in the log');
  assert.ok(s.view.pieces.every((p) => p.face === 'hidden'), 'every ghost on the board is hidden');
  assert.match(await viewer.evaluate(() => window.gamut.act('e4-e3')), /watch link/);
  assert.equal((await viewer.evaluate(() => window.gamut.games())).length, 0, 'a watched game is not added to the library');
  await clickWidget(viewer, '|<');
  assert.equal((await state(viewer)).replay, 0);
  await clickWidget(viewer, '>');
  assert.equal((await state(viewer)).replay, 1);
  await ctx2.close();

  // The full save, after the warning, holds everything: for the player's own other device.
  await clickWidget(page, 'Show the full save');
  await clickWidget(page, 'full:Copy code');
  const full = await page.evaluate(() => window.gamutLastCopied);
  assert.equal(full, await page.evaluate(() => window.gamut.shareCode()));
  await ctx.close();
});
