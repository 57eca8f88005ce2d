// The boards as drawn (issue 16): the map's town names never overlap, at the
// default zoom and zoomed in, and most of them find a place; zooming in
// places more of them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, settle, settled, state, clickWidget, widget } from './lib.mjs';

const { server, url } = await startServer();
const browser = await launch();
after(async () => { await browser.close(); server.close(); });

function overlapping(labels) {
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i], b = labels[j];
      if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) return [a.text, b.text];
    }
  return null;
}

async function game(id, width, height, seats) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await open(ctx, url, { width, height });
  assert.equal(await page.evaluate(([g, s]) => window.gamut.newGame(g, { seats: s, seed: 3 }), [id, seats]), null);
  await settle(page);
  return { ctx, page };
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`mosby at ${width}x${height}: no two town names overlap, none strays off the board, zoomed in or not`, async () => {
    const { ctx, page } = await game('mosby', width, height, ['human']);
    const s = await state(page);
    const labels = s.board_labels;
    assert.ok(Array.isArray(labels) && labels.length > 0, 'no label drawn');
    assert.equal(overlapping(labels), null, `labels overlap: ${overlapping(labels)}`);
    const [bx0, by0, bx1, by1] = s.board_rect;
    for (const l of labels) assert.ok(l.x1 > bx0 - 60 && l.x0 < bx1 + 60 && l.y1 > by0 - 60 && l.y0 < by1 + 60, `${l.text} off the board`);
    const towns = new Set(labels.map((l) => l.text));
    assert.equal(towns.size, labels.length, 'a town named twice');
    // At 1280x800 nearly every space is named at the default zoom.
    if (width === 1280) assert.ok(labels.length >= 70, `only ${labels.length} of 84 names placed`);
    // Zoomed in, names still never overlap, and at least as many find a place.
    await clickWidget(page, '+');
    await clickWidget(page, '+');
    const z = await state(page);
    assert.equal(overlapping(z.board_labels), null, `zoomed labels overlap: ${overlapping(z.board_labels)}`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}

// The log names squares like "e5-e4"; the board must show where e and 5 are.
for (const id of ['geister', 'blue-and-gray', 'gray-ghost', 'uncle']) {
  test(`${id}: the files and ranks its log names are drawn along the board's edges, in line with their nodes, none on another`, async () => {
    const { ctx, page } = await game(id, 1280, 800, ['human', 'ai:1']);
    const s = await state(page);
    const coords = s.board_coords;
    assert.ok(Array.isArray(coords) && coords.length > 0, 'no coordinates drawn');
    // A node named <letter><number> has its letter drawn in its column and its number in its row.
    const probe = id === 'gray-ghost' ? ['c1', 'h6'] : id === 'uncle' ? ['c2', 'f1'] : ['a1', 'c3'];
    for (const n of probe) {
      const p = await page.evaluate((x) => window.gamut.nodePos(x), n);
      assert.ok(p, `${n} is not on the board`);
      const [, file, rank] = n.match(/^([a-z])(\d+)$/);
      const col = coords.filter((c) => c.text === file);
      const row = coords.filter((c) => c.text === rank);
      assert.ok(col.length > 0, `${id}: file ${file} not drawn`);
      assert.ok(row.length > 0, `${id}: rank ${rank} not drawn`);
      assert.ok(col.some((c) => Math.abs((c.x0 + c.x1) / 2 - p.x) < 2), `${id}: file ${file} is not above or below ${n}`);
      assert.ok(row.some((c) => Math.abs((c.y0 + c.y1) / 2 - p.y) < 2), `${id}: rank ${rank} is not beside ${n}`);
    }
    // Drawn inside the window, none on top of another.
    for (const c of coords) assert.ok(c.x0 >= 0 && c.x1 <= 1280 && c.y0 >= 0 && c.y1 <= 800, `${c.text} off screen`);
    assert.equal(overlapping(coords), null, `coordinates overlap: ${overlapping(coords)}`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}

// The board's part of the screen (the panel's log scrolls in its own time).
async function board(page) {
  const [x0, y0, x1, y1] = (await state(page)).board_rect;
  return page.screenshot({ clip: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
}
// Pixels of two screenshots whose colour differs by more than antialiasing's rounding.
async function differing(page, a, b) {
  return page.evaluate(async ([a, b]) => {
    const data = async (s) => {
      const i = new Image();
      await new Promise((r) => { i.onload = r; i.src = 'data:image/png;base64,' + s; });
      const c = document.createElement('canvas');
      c.width = i.width, c.height = i.height;
      const x = c.getContext('2d');
      x.drawImage(i, 0, 0);
      return x.getImageData(0, 0, i.width, i.height).data;
    };
    const [p, q] = [await data(a), await data(b)];
    let n = 0;
    for (let k = 0; k < p.length; k += 4)
      if (Math.max(Math.abs(p[k] - q[k]), Math.abs(p[k + 1] - q[k + 1]), Math.abs(p[k + 2] - q[k + 2])) > 24) n++;
    return { n, all: p.length / 4 };
  }, [a.toString('base64'), b.toString('base64')]);
}
// The board's static part is baked into a texture (issue 20: software GL pays for every
// layer's pixels). The picture must be the one drawn layer by layer (?bake=0) after a move
// (before one, Geister proposes a set-up at random) and zoomed in, and it is baked again only
// when the board moves or resizes, not when a piece does.
for (const id of ['geister', 'blue-and-gray', 'gray-ghost', 'uncle', 'mosby']) {
  test(`${id}: the board baked into a texture is the picture drawn layer by layer, after a move and zoomed in`, async () => {
    const seats = id === 'mosby' ? ['human'] : ['human', 'ai:1'];  // no hand-over cover, no turned board
    const shots = {};
    for (const bake of ['1', '0']) {
      const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 } });
      const page = await open(ctx, `${url}?bake=${bake}`, { width: 1000, height: 700 });
      assert.equal(await page.evaluate(([g, s]) => window.gamut.newGame(g, { seats: s, seed: 3 }), [id, seats]), null);
      await settle(page);
      const bakes = () => page.evaluate(() => window.gamut.probe().bakes);
      const b0 = await bakes();
      if (bake === '0') assert.equal(b0, 0, 'baked with ?bake=0');
      else assert.ok(b0 >= 1, 'the board was not baked');
      // Moves until the board has changed: chance steps and the person's first legal action.
      const before = (await state(page)).log.length;
      for (let k = 0; k < 6; k++) {
        const s = await state(page);
        if (s.result !== null || !s.legal_actions.length || s.to_move !== s.seat) break;
        await page.evaluate((a) => window.gamut.act(a), s.legal_actions[0]);
        await settle(page);
      }
      assert.ok((await state(page)).log.length > before, 'no move was made');
      if (bake === '1') assert.equal(await bakes(), b0, 'a move baked the board again');
      shots.moved = shots.moved || [];
      shots.moved.push(await board(page));
      await clickWidget(page, '+');
      await settled(page);
      if (bake === '1') assert.ok((await bakes()) > b0, 'zooming in did not bake the board again');
      shots.zoomed = shots.zoomed || [];
      shots.zoomed.push(await board(page));
      assert.deepEqual(page.errors, []);
      if (bake === '0')
        for (const [when, [a, b]] of Object.entries(shots)) {
          const { n, all } = await differing(page, a, b);
          assert.ok(n <= all / 2000, `${when}: ${n} pixels differ from the board drawn layer by layer`);
        }
      await ctx.close();
    }
  });
}

// The library's pictures are baked too, each into a texture of its own: the home screen must be the one
// drawn layer by layer (?bake=0), and neither more frames nor a scroll bake them again.
test('home: the pictures baked into textures are the pictures drawn layer by layer, baked once', async () => {
  const shots = [];
  for (const bake of ['1', '0']) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await open(ctx, `${url}?bake=${bake}`, { width: 1280, height: 800 });
    assert.equal((await state(page)).screen, 'home');
    const bakes = () => page.evaluate(() => window.gamut.probe().bakes);
    const b0 = await bakes();
    if (bake === '0') assert.equal(b0, 0, 'baked with ?bake=0');
    else assert.ok(b0 >= (await page.evaluate(() => window.gamut.catalog().length)), 'a picture was not baked');
    shots.push(await page.screenshot());
    for (let k = 0; k < 3; k++) await settled(page);
    await page.mouse.move(640, 500);
    const y0 = (await widget(page, 'geister:New game')).y;
    await page.mouse.wheel(0, 240);
    await settled(page);
    assert.ok((await widget(page, 'geister:New game')).y < y0, 'the wheel scrolled the library');
    await page.mouse.wheel(0, -240);
    await settled(page);
    assert.equal(await bakes(), b0, 'frames and a scroll baked the pictures again');
    assert.deepEqual(page.errors, []);
    if (bake === '0') {
      const { n, all } = await differing(page, shots[0], shots[1]);
      assert.ok(n <= all / 2000, `${n} pixels differ from the library drawn layer by layer`);
    }
    await ctx.close();
  }
});
