// Every screen fits every screen size (issue 16): the play screen of every
// game, its menu and its dialogs, at 1280x800, on a 390x844 phone (touch,
// device pixel ratio 3) and turned to 844x390. Every widget the renderer
// draws (gamut.widgets(), in CSS px) lies inside the viewport and is not cut
// by its window, except where that window scrolls (one lying under another
// window counts as not visible: the toolbar's buttons must be); on touch each is at least
// 44 CSS px each way (WCAG 2.5.8). Every board node's hit area is 44 px wide,
// or a tap on it is resolved: it selects that node or asks which was meant.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settle, settled, widget, clickWidget } from './lib.mjs';

const { server, url } = await startServer();
const browser = await launch();
after(async () => { await browser.close(); server.close(); });

const SIZES = [
  { name: 'desktop 1280x800', width: 1280, height: 800, touch: false, dpr: 1 },
  { name: 'phone 390x844', width: 390, height: 844, touch: true, dpr: 3 },
  { name: 'phone landscape 844x390', width: 844, height: 390, touch: true, dpr: 3 },
];
const TARGET = 44;

const games = await (async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  const list = await page.evaluate(() => window.gamut.catalog());
  await ctx.close();
  return list;
})();

// The test game's id, found as a game would be: listed only with ?test-games=1.
async function testGame() {
  const ctx = await browser.newContext();
  const ids = async (q) => (await (await open(ctx, url + q)).evaluate(() => window.gamut.catalog())).map((g) => g.id);
  const plain = await ids('');
  const extra = (await ids('?test-games=1')).filter((id) => !plain.includes(id));
  await ctx.close();
  assert.equal(extra.length, 1, `one test game: ${extra}`);
  return extra[0];
}

async function device(size) {
  const ctx = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.dpr, isMobile: size.touch, hasTouch: size.touch,
  });
  const page = await open(ctx, url, { width: size.width, height: size.height });
  return { ctx, page };
}

// What is wrong with the widgets on screen now: [] when every one fits.
async function misfits(page, size, where) {
  await settled(page);
  const ws = await page.evaluate(() => window.gamut.widgets());
  const e = 0.5;
  const bad = [];
  for (const w of ws) {
    // Not visible: scrolled out of its window (a scroll brings it), or under another window,
    // where a click at its centre would not reach it (the renderer tells, gamut.widgets()).
    if (!w.visible) continue;
    const r = `${where}: "${w.label}" [${[w.x0, w.y0, w.x1, w.y1].map((v) => Math.round(v)).join(', ')}]`;
    // Half out at the top or bottom of a window that scrolls is a scroll, not a misfit.
    if (w.x0 < -e || w.x1 > size.width + e || (!w.scrolls && (w.y0 < -e || w.y1 > size.height + e)))
      bad.push(`${r} is not inside the ${size.width}x${size.height} viewport`);
    const [cx0, cy0, cx1, cy1] = w.clip;
    if (w.x0 < cx0 - e || w.x1 > cx1 + e) bad.push(`${r} is cut at the side of its window [${cx0}..${cx1}]`);
    if (!w.scrolls && (w.y0 < cy0 - e || w.y1 > cy1 + e)) bad.push(`${r} is cut by its window, which does not scroll`);
    if (size.touch && (w.x1 - w.x0 < TARGET - 0.01 || w.y1 - w.y0 < TARGET - 0.01))
      bad.push(`${r} is ${Math.round(w.x1 - w.x0)}x${Math.round(w.y1 - w.y0)}, under ${TARGET}x${TARGET} on touch`);
  }
  return bad;
}

function seatsFor(g) {
  return g.min_seats === 1 ? ['human'] : ['human', ...Array(Math.max(1, g.min_seats - 1)).fill('ai:1')];
}

// The toolbar's buttons, straight on it or in the folded menu.
async function openToolbarButton(page, label) {
  if (await widget(page, 'Menu')) await clickWidget(page, 'Menu');
  await clickWidget(page, label);
}

for (const size of SIZES) {
  test(`${size.name}: the canvas is drawn at device pixels, and the page keeps its own title`, async () => {
    const { ctx, page } = await device(size);
    const px = await page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight, dpr: devicePixelRatio, title: document.title };
    });
    assert.equal(px.dpr, size.dpr);
    assert.equal(px.w, Math.floor(px.cw * size.dpr), `backing store ${px.w} for ${px.cw} CSS px at DPR ${size.dpr}`);
    assert.equal(px.h, Math.floor(px.ch * size.dpr));
    assert.equal(px.title, 'Gamut: historic board games', 'SDL renamed the tab');
    assert.equal((await state(page)).touch, size.touch, 'touch sizes follow the pointer');
    await ctx.close();
  });

  for (const g of games) {
    test(`${size.name}: ${g.id}: the play screen, its menu and its dialogs fit, and every node's tap is resolved`, async () => {
      const { ctx, page } = await device(size);
      assert.equal(await page.evaluate(([id, seats]) => window.gamut.newGame(id, { seats, seed: 5 }), [g.id, seatsFor(g)]), null);
      await settle(page, 60000);
      const bad = [];
      bad.push(...await misfits(page, size, 'play'));
      const s = await state(page);
      assert.ok(typeof s.banner === 'string' && s.banner.length > 0, 'the turn banner says whose turn it is');
      // Every toolbar control is reachable: on the bar, or in the menu it folds into.
      const folded = await widget(page, 'Menu');
      if (folded) {
        await clickWidget(page, 'Menu');
        bad.push(...await misfits(page, size, 'menu'));
      }
      for (const b of ['Home', 'New', 'Undo', 'Redo', 'Share', 'Saves', 'Rules', 'Replay']) {
        const w = await widget(page, b);
        assert.ok(w && w.visible, `${b} is on screen${folded ? ' in the menu' : ''}`);
      }
      await page.evaluate(() => window.gamut.ui('close'));
      await settled(page);
      // The dialogs.
      await openToolbarButton(page, 'New');
      assert.ok(await widget(page, 'Start'), 'the New game dialog shows Start');
      bad.push(...await misfits(page, size, 'New game'));
      for (const d of ['rules', 'share', 'saves']) {
        await page.evaluate(() => window.gamut.ui('close'));
        await page.evaluate((x) => window.gamut.ui(x), d);
        bad.push(...await misfits(page, size, d));
      }
      await page.evaluate(() => window.gamut.ui('close'));
      assert.deepEqual(bad, []);

      // The board's nodes: where two hit areas overlap under a finger, tapping
      // a node that starts a move selects it or asks which one was meant.
      if (!size.touch) return await ctx.close();
      await settled(page);
      const hits = await page.evaluate(() => window.gamut.hits());
      const s2 = await state(page);
      const starts = new Set(Object.values(s2.legal_paths || {}).filter((p) => p.length > 0 && p[0] !== 'off').map((p) => p[0]));
      const small = hits.filter((h) => h.w < TARGET && starts.has(h.node));
      console.log(`# ${size.name} ${g.id}: ${hits.filter((h) => h.w < TARGET).length} of ${hits.length} nodes have hit areas under ${TARGET} px; ${small.length} of them start a move now`);
      for (const h of small.slice(0, 3)) {
        const before = (await state(page)).log.length;
        await page.touchscreen.tap(h.x, h.y);
        await settled(page);
        const t = await state(page);
        const asked = t.node_pick.includes(h.node);
        const index = hits.findIndex((x) => x.node === h.node);
        assert.ok(asked || t.selection.includes(index) || t.log.length > before,
          `a tap on ${h.node} (hit area ${h.w.toFixed(1)} px) neither selected it nor asked which node was meant: ${JSON.stringify({ pick: t.node_pick, sel: t.selection })}`);
        if (asked) bad.push(...await misfits(page, size, `which place? (${h.node})`));
        if (t.log.length > before) break;  // the tap played a move: the rest of this position is gone
        await page.evaluate(() => window.gamut.ui('close'));  // the chooser and the selection go
        await settled(page);
      }
      assert.deepEqual(bad, []);
      await ctx.close();
    });
  }

  test(`${size.name}: the result sits beside the board, never over it, and is said from the player's side`, async () => {
    const { ctx, page } = await device(size);
    // Tic-tac-toe, the test game (the one game the library lists only when asked), against the AI until it ends.
    const tiny = await testGame();
    assert.equal(await page.evaluate((id) => window.gamut.newGame(id, { seats: ['human', 'ai:1'], seed: 3 }), tiny), null);
    await settle(page);
    for (let k = 0; k < 9; k++) {
      const s = await state(page);
      if (s.result !== null) break;
      assert.equal(await page.evaluate((a) => window.gamut.act(a), s.legal_actions[0]), null);
      await settle(page);
    }
    const s = await state(page);
    assert.notEqual(s.result, null, 'the game ended');
    // The person plays X: the banner says how it went for them, not the winner's name.
    const expected = s.result.startsWith('X wins') ? 'You win' : s.result.startsWith('O wins') ? 'You lose' : 'A draw';
    assert.equal(s.banner, expected, `result "${s.result}"`);
    const [bx0, by0, bx1, by1] = s.board_rect;
    const ws = await page.evaluate(() => window.gamut.widgets());
    for (const b of ['New game', 'Share replay']) assert.ok(ws.find((w) => w.label === b && w.visible), `${b} is on screen`);
    // Only the zoom controls stand on the board.
    const over = ws.filter((w) => w.visible && !['+', '-', 'Fit'].includes(w.label) &&
      w.x0 < bx1 && w.x1 > bx0 && w.y0 < by1 && w.y1 > by0);
    assert.deepEqual(over.map((w) => w.label), [], `the board [${s.board_rect.map(Math.round)}] is covered`);
    assert.deepEqual(await misfits(page, size, 'result'), []);
    await ctx.close();
  });
}

// The library page: at 1280x800 the last card's buttons were once cut below the
// fold with no scroll; now the page scrolls, and what is shown must fit.
for (const size of SIZES) {
  test(`${size.name}: home: the library page fits`, async () => {
    const { ctx, page } = await device(size);
    assert.equal((await state(page)).screen, 'home');
    assert.deepEqual(await misfits(page, size, 'home'), []);
    await ctx.close();
  });
}

// The check sees windows on top: the rules window opened over the library
// page hides the card buttons under it (not visible: a click there would reach
// the rules), though they are still inside their own window's visible area,
// and closing it shows them again.
test('desktop 1280x800: a button under another window is not visible', async () => {
  const { ctx, page } = await device(SIZES[0]);
  const cards = async () => (await page.evaluate(() => window.gamut.widgets())).filter((w) => /^[a-z-]+:/.test(w.label));
  await settled(page);
  const before = (await cards()).filter((w) => w.visible).map((w) => w.label);
  assert.ok(before.length >= 8, `the cards' buttons are visible: ${before}`);
  await clickWidget(page, 'geister:Rules');
  const under = (await cards()).filter((w) => !w.visible && before.includes(w.label));
  assert.ok(under.length > 0, 'some card button lies under the rules window');
  for (const w of under) {
    const [cx0, cy0, cx1, cy1] = w.clip;
    assert.ok(w.x0 >= cx0 && w.x1 <= cx1 && w.y0 >= cy0 && w.y1 <= cy1, `${w.label} is inside its window's visible area`);
  }
  await page.evaluate(() => window.gamut.ui('close'));
  await settled(page);
  assert.deepEqual((await cards()).filter((w) => w.visible).map((w) => w.label), before);
  await ctx.close();
});
