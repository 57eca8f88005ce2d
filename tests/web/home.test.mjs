// The library page (issue 16): at any width from 320 px to 4K its cards flow
// in a grid with nothing cut off, each game's card has its board's picture,
// its facts in plain words, and the last game is reachable with a visible
// scrollbar and a hint when it lies below the fold.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, settled, state, clickWidget } from './lib.mjs';

const { server, url } = await startServer();
const browser = await launch();
after(async () => { await browser.close(); server.close(); });

const WIDTHS = [[320, 640], [390, 844], [844, 390], [1280, 800], [3840, 2160]];

async function home(width, height, opts = {}) {
  const ctx = await browser.newContext({ viewport: { width, height }, ...opts });
  const page = await open(ctx, url, { width, height });
  await page.evaluate(() => window.gamut.ui('home'));
  await settled(page);
  return { ctx, page };
}

// Scrolls the home page with the wheel, as a person would, until it moves no more.
async function scrollToEnd(page, width, height) {
  for (let k = 0; k < 40; k++) {
    const before = (await state(page)).home.cards[0].y0;
    await page.mouse.move(width / 2, height / 2);
    await page.mouse.wheel(0, height);
    await settled(page);
    if ((await state(page)).home.cards[0].y0 === before) return;
  }
}

for (const [width, height] of WIDTHS) {
  test(`home at ${width}x${height}: every card and button lies inside the page's width, cards in a grid that never overlaps`, async () => {
    const { ctx, page } = await home(width, height);
    const s = await state(page);
    const games = await page.evaluate(() => window.gamut.catalog());
    assert.equal(s.screen, 'home');
    assert.deepEqual(s.home.cards.map((c) => c.id), games.map((g) => g.id), 'one card per game, in the library order');
    for (const c of s.home.cards) {
      assert.ok(c.x0 >= 0 && c.x1 <= width, `${c.id}: card ${c.x0}..${c.x1} outside 0..${width}`);
      assert.ok(c.x1 - c.x0 >= Math.min(340, width - 60), `${c.id}: card only ${c.x1 - c.x0} px wide`);
    }
    for (let i = 0; i < s.home.cards.length; i++)
      for (let j = i + 1; j < s.home.cards.length; j++) {
        const a = s.home.cards[i], b = s.home.cards[j];
        const apart = a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
        assert.ok(apart, `${a.id} and ${b.id} overlap`);
      }
    // The grid reflows: one column on a phone, several side by side when there is room.
    const columns = new Set(s.home.cards.map((c) => Math.round(c.x0))).size;
    if (width <= 400) assert.equal(columns, 1, `${columns} columns at ${width} px`);
    if (width >= 1280) assert.ok(columns >= 3, `${columns} columns at ${width} px`);
    const widgets = await page.evaluate(() => window.gamut.widgets());
    const own = widgets.filter((w) => games.some((g) => w.label.startsWith(`${g.id}:`)));
    assert.ok(own.length >= 2 * games.length, `${own.length} card buttons`);
    for (const w of widgets) {
      assert.ok(w.x0 >= 0 && w.x1 <= width, `"${w.label}" ${w.x0}..${w.x1} is cut at the sides of a ${width} px page`);
      // Each card's buttons stay inside their card, wrapped rather than cut.
      const card = s.home.cards.find((c) => w.label.startsWith(`${c.id}:`));
      if (card) assert.ok(w.x0 >= card.x0 && w.x1 <= card.x1 && w.y1 <= card.y1, `"${w.label}" leaves its card`);
    }
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}

test('home at 1280x800: the last game lies below the fold, the page says so, and the wheel brings its buttons into view', async () => {
  const { ctx, page } = await home(1280, 800);
  const games = await page.evaluate(() => window.gamut.catalog());
  const last = games[games.length - 1].id;
  let s = await state(page);
  const card = s.home.cards.find((c) => c.id === last);
  if (card.y1 > 800) assert.equal(s.home.more_below, true, 'cards below the fold but no hint');
  await scrollToEnd(page, 1280, 800);
  s = await state(page);
  assert.equal(s.home.more_below, false, 'the hint stays at the end of the page');
  const b = await page.evaluate((l) => window.gamut.widget(l), `${last}:New game`);
  assert.ok(b && b.visible && b.y - b.h / 2 >= 0 && b.y + b.h / 2 <= 800, `${last}'s New game is not on screen: ${JSON.stringify(b)}`);
  await clickWidget(page, `${last}:Rules`);
  assert.equal((await state(page)).rules.open, true);
  await ctx.close();
});

test('home on a 390x844 phone (touch, DPR 3): every card, scrolled into view, shows all its buttons inside the page', async () => {
  const { ctx, page } = await home(390, 844, { hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  const games = await page.evaluate(() => window.gamut.catalog());
  for (const g of games) {
    const w = await page.evaluate((l) => window.gamut.widget(l), `${g.id}:New game`);
    assert.ok(w, `${g.id}: no New game button`);
    assert.ok(w.x - w.w / 2 >= 0 && w.x + w.w / 2 <= 390, `${g.id}: New game cut at the sides`);
  }
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('home: the facts are plain words, with no "ply" and no "(solitaire) players"', async () => {
  const { ctx, page } = await home(1280, 800);
  // The card's words are drawn on the canvas; the page API gives the same text.
  const facts = await page.evaluate(() => window.gamut.state().home.cards.map((c) => c.facts));
  const games = await page.evaluate(() => window.gamut.catalog());
  for (const [i, g] of games.entries()) {
    const f = facts[i];
    assert.ok(typeof f === 'string' && f.length > 0, `${g.id}: no facts`);
    assert.doesNotMatch(f, /\bply\b|plies|\(solitaire\) players|\d+-\d+ min/, `${g.id}: "${f}"`);
    if (g.max_seats === 1) assert.match(f, /Solitaire/);
    else if (g.min_seats === g.max_seats) assert.match(f, new RegExp(`\\b${g.min_seats} players`));
    else assert.match(f, new RegExp(`${g.min_seats} to ${g.max_seats} players`));
  }
  await ctx.close();
});
