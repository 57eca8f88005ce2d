// A #play= link in the address bar opens the game once: the hash is cleared,
// so moves played after it survive a reload instead of the link's position
// coming back (issue: "a link in the address bar throws moves away").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

async function play(page, n) {
  for (let i = 0; i < n; i++) {
    const s = await state(page);
    if (s.covered) await page.evaluate(() => window.gamut.ui('uncover'));
    const s2 = await state(page);
    assert.equal(await page.evaluate((a) => window.gamut.act(a), s2.legal_actions[0]), null);
    await settled(page);
  }
}

test('links: a game opened from a link keeps the moves played after it through a reload', async () => {
  const ctx = await browser.newContext();
  let page = await open(ctx, url);
  const id = (await page.evaluate(() => window.gamut.catalog()))[0].id;
  assert.equal(await page.evaluate((g) => window.gamut.newGame(g, { seed: 8, seats: ['human', 'human'] }), id), null);
  await settled(page);
  await play(page, 2);
  const code = await page.evaluate(() => window.gamut.shareCode());
  await ctx.close();

  const ctx2 = await browser.newContext();  // the person the link was sent to
  page = await open(ctx2, `${url}#play=${code}`);
  assert.equal(await page.evaluate(() => window.gamut.shareCode()), code, 'the link opened its game');
  assert.equal(await page.evaluate(() => location.hash), '', 'the hash is cleared once the game is opened');
  await play(page, 3);
  const after = await page.evaluate(() => window.gamut.shareCode());
  assert.notEqual(after, code);
  await page.reload();
  await page.waitForFunction(() => window.gamut && window.gamut.isReady, null, { polling: 50 });
  await settled(page);
  assert.equal(await page.evaluate(() => window.gamut.shareCode()), after, 'the reload resumes the game as played on');

  // The same link opened again, here by changing the hash of the open page,
  // opens the library's entry of that game, with the moves played after it.
  await page.evaluate((c) => { location.hash = 'play=' + c; }, code);
  await page.waitForFunction(() => location.hash === '', null, { polling: 50 });
  assert.equal(await page.evaluate(() => window.gamut.shareCode()), after, 'the moves played after the link are kept');
  assert.equal((await page.evaluate(() => window.gamut.games())).length, 1, 'one game, not two');
  await ctx2.close();
});
