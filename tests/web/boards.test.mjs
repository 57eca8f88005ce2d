// The boards as drawn (issue 16): the map's town names never overlap, at the
// default zoom and zoomed in, and most of them find a place; zooming in
// places more of them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, settle, settled, state, clickWidget } from './lib.mjs';

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
