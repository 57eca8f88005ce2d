// The screen reader's layer (web/reader.js), driven only through the DOM the
// way a screen reader would: buttons found by role and name, pressed with the
// keyboard, the turn read from the banner, the moves heard in the live region.
// A whole Geister game against the AI, and a turn of every other game; the
// layer never holds a colour of the opponent's ghosts that the board hides;
// the accessibility tree lists the turn, the legal moves and the move log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settled } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

const region = (page, name) => page.getByRole('region', { name });

// Every text the live region says, kept from the page's start.
async function listen(page) {
  await page.evaluate(() => {
    window.heard = [];
    const a = document.getElementById('reader-announce');
    new MutationObserver(() => { if (a.textContent) window.heard.push(a.textContent); })
      .observe(a, { childList: true, characterData: true, subtree: true });
  });
}
const heard = (page) => page.evaluate(() => window.heard.slice());

// The banner, once it says a person is to move or the game is over.
async function myTurn(page, timeout = 60000) {
  const h = await page.waitForFunction(() => {
    const t = document.getElementById('reader-banner').textContent;
    return /^(Your move|You win|You lose|A draw)/.test(t) ? t : false;
  }, null, { timeout, polling: 100 });
  return h.jsonValue();
}

// The legal moves as the accessibility tree offers them.
async function moveButtons(page) {
  const buttons = region(page, 'Legal moves').getByRole('button');
  const n = await buttons.count();
  const out = [];
  for (let i = 0; i < n; i++) out.push({ name: await buttons.nth(i).textContent(), button: buttons.nth(i) });
  return out;
}

// Presses a move's button with the keyboard and waits until the log holds the
// move (or, in a game of two people at one screen, the hand-over cover is up).
async function press(page, move) {
  const before = await page.locator('#reader-log li').count();
  await move.button.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#reader-log li').length > n ||
    !document.getElementById('reader-show').hidden, before, { timeout: 30000 });
}

// Starts a game from the layer's own New game buttons and waits until the layer shows it.
async function start(page, g) {
  await page.getByRole('button', { name: `Play ${g.name} against the computer` }).press('Enter');
  await page.waitForFunction((id) => document.getElementById('reader').dataset.game === id &&
    document.querySelector('#reader-rules h3') !== null, g.id, { timeout: 30000 });
}

// A tiny seeded generator, so a failing game can be played again.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => ((x = (x * 1103515245 + 12345) >>> 0) / 4294967296);
}

test('reader: a whole Geister game against the AI, only through the DOM layer, never showing a hidden colour', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await listen(page);
  await start(page, { id: 'geister', name: 'Geister' });
  const rand = rng(Number(process.env.READER_SEED || Date.now() % 100000));
  // North's ghosts, followed by where they stand: square -> the square it set up on (its identity).
  let north = new Map(['b5', 'c5', 'd5', 'e5', 'b6', 'c6', 'd6', 'e6'].map((q) => [q, q]));
  const colour = new Map();  // identity -> 'good' | 'evil', once known
  const snapshots = [];      // what the layer held at each of South's turns, with North's ghosts then
  let logDone = 0;
  const follow = (lines) => {
    for (; logDone < lines.length; logDone++) {
      const line = lines[logDone];
      const m = /\(([a-f][1-6])([-x])([a-f][1-6]|out)\)$/.exec(line);
      if (!m) continue;
      const [, from, how, to] = m;
      if (line.startsWith('North: ')) {
        const id = north.get(from);
        north.delete(from);
        if (to === 'out') colour.set(id, 'good');
        else north.set(to, id);
      } else if (how === 'x' && north.has(to)) {  // South took a North ghost: its colour is now public
        colour.set(north.get(to), / a good ghost /.test(line) ? 'good' : 'evil');
        north.delete(to);
      }
    }
  };
  let banner;
  for (let turn = 0; turn < 200; turn++) {
    banner = await myTurn(page);
    const log = await page.locator('#reader-log li').allTextContents();
    follow(log);
    if (!banner.startsWith('Your move')) break;
    snapshots.push({ north: new Map(north), text: await page.locator('#reader').textContent() });
    const moves = await moveButtons(page);
    assert.ok(moves.length > 0, 'moves are offered on South\'s turn');
    const pick = (re) => moves.filter((m) => re.test(m.name));
    // Race for an exit, take when one can: the game ends soon either way.
    const choice = [/escapes/, /takes/, /^ghost [a-f]([1-5]) to [a-f]/].map(pick).find((l) => l.length) || moves;
    await press(page, choice[Math.floor(rand() * choice.length)]);
  }
  assert.match(banner, /^(You win|You lose|A draw)/, 'the game ended');
  const s = await state(page);
  assert.notEqual(s.result, null);
  assert.ok(banner.includes(s.result), 'the banner says the result');
  assert.ok((await heard(page)).some((t) => t.includes(s.result)), 'the live region announced the result');
  // The game is over, and the board now shows every colour: North's last ghosts by where they stand.
  for (const p of s.view.pieces) if (p.seat === 1) colour.set(north.get(p.node), p.face);
  assert.ok(snapshots.length >= 2, 'South moved at least twice');
  let checked = 0;
  for (const snap of snapshots) {
    const line = snap.text.match(/North's pieces: [^.]*\./);
    if (!line) {  // South sets up first: North has no ghost on the board yet
      assert.match(snap.text, /sets up the ghosts, good ones on/);
      continue;
    }
    for (const [square, id] of snap.north) {
      const c = colour.get(id);
      if (!c) continue;  // never seen, not even at the end: a ghost taken by... nobody; cannot happen
      checked++;
      assert.ok(!new RegExp(`${c} ghost[^;.]* on [^;.]*\\b${square}\\b`).test(line[0]),
        `South's layer names the ${c} ghost on ${square}: ${line[0]}`);
    }
    assert.ok(!/(good|evil) ghost \(/.test(line[0]), `North's unrevealed ghosts are shown without colour: ${line[0]}`);
  }
  assert.ok(checked > 0, 'the true colours were compared');
  for (const t of await heard(page)) assert.ok(!/North: sets up the ghosts, good ones/.test(t), `announced North's set-up: ${t}`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('reader: a turn of every other game, through the DOM layer; the live region says each move', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await listen(page);
  const games = (await page.evaluate(() => window.gamut.catalog())).filter((g) => g.id !== 'geister');
  assert.ok(games.length >= 4);
  for (const g of games) {
    await start(page, g);
    assert.ok((await page.locator('#reader-rules').textContent()).length > 100, `${g.id}: the rules are there`);
    await myTurn(page);
    const moves = await moveButtons(page);
    assert.ok(moves.length > 0, `${g.id}: moves are offered`);
    const s = await state(page);
    assert.equal(moves.length, s.legal_actions.length, `${g.id}: one button per legal action`);
    for (const m of moves) assert.ok(!/\S:\S|Player \d/.test(m.name), `${g.id}: "${m.name}" is words`);
    const said = (await heard(page)).length;
    await press(page, moves[0]);
    await page.waitForFunction((n) => window.heard.length > n, said);
    assert.ok((await heard(page)).slice(said).some((t) => t.includes(moves[0].name)), `${g.id}: "${moves[0].name}" was said`);
    assert.equal((await state(page)).log.length > s.log.length, true, `${g.id}: the move was played`);
  }
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('reader: under the hand-over cover the layer holds nothing of either seat', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('geister', { seats: ['human', 'human'], options: { first: 'South' } })), null);
  await myTurn(page);
  await press(page, (await moveButtons(page))[0]);  // South's set-up: then the cover goes up for North
  await page.waitForFunction(() => !document.getElementById('reader-show').hidden);
  assert.equal((await state(page)).seat, -1);
  // Everything but the rules, which speak of good and evil ghosts in general.
  const text = (await page.locator('#reader > section:not([aria-labelledby="reader-rules-h"])').allTextContents()).join(' ') +
    await page.locator('#reader-announce').textContent();
  assert.match(text, /Pass the screen to North/);
  assert.equal(await page.locator('#reader-position li').count(), 0);
  assert.equal(await page.locator('#reader-log li').count(), 0);
  assert.equal(await region(page, 'Legal moves').getByRole('button').count(), 0);
  assert.ok(!/good ones on|(good|evil) ghost \(/.test(text), 'no colour of either seat');
  await page.getByRole('button', { name: 'I am North: show my side' }).press('Enter');
  await myTurn(page);
  assert.equal((await state(page)).seat, 1);
  // North sets up next: South's ghosts stand there, without their colours.
  const pos = await page.locator('#reader-position').textContent();
  assert.match(pos, /South's pieces: a ghost whose colour you cannot see on b1, /);
  assert.ok(!/(good|evil) ghost \(/.test(pos), pos);
  assert.ok((await moveButtons(page)).some((m) => /^sets up the ghosts, good ones on [b-e][56]/.test(m.name)), 'North\'s set-ups are offered');
  await ctx.close();
});

test('reader: the accessibility tree lists the turn banner, the legal moves and the move log', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  await start(page, { id: 'blue-and-gray', name: 'Blue and Gray' });
  await myTurn(page);
  const log0 = await page.locator('#reader-log li').count();
  if (log0 === 0) { await press(page, (await moveButtons(page))[0]); await myTurn(page); }
  const snap = await page.locator('#reader').ariaSnapshot();
  assert.match(snap, /- region "Turn":[\s\S]*- paragraph: Your move/);
  assert.match(snap, /- region "Legal moves":[\s\S]*- group "[^"]+":[\s\S]*- button "(guard|captain) [a-i][1-9] to [a-i][1-9] \([a-i][1-9]-[a-i][1-9]\)"/);
  assert.match(snap, /- region "Move log":[\s\S]*- list:[\s\S]*- listitem: .+/);
  assert.match(snap, /- region "Rules":[\s\S]*- heading "[^"]+" \[level=3\]/);
  await ctx.close();
});

test('reader: hidden from sight until the keyboard focus enters it, then a readable panel on screen', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(ctx, url);
  await start(page, { id: 'blue-and-gray', name: 'Blue and Gray' });
  await myTurn(page);
  const box = () => page.evaluate(() => { const r = document.getElementById('reader').getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  // The layer's own New game button had the focus: it showed while it did.
  let b = await box();
  assert.ok(b.w >= 600, `shown while its New game button had the focus: ${JSON.stringify(b)}`);
  await page.locator('#canvas').focus();
  b = await box();
  assert.ok(b.w <= 1 && b.h <= 1, `visually hidden with the focus on the board: ${JSON.stringify(b)}`);
  const first = (await moveButtons(page))[0].button;
  await first.focus();
  b = await box();
  assert.ok(b.w >= 600 && b.h >= 100 && b.y >= 0 && b.y + b.h <= 800 + 1, `shown on screen with the focus in it: ${JSON.stringify(b)}`);
  const f = await first.boundingBox();
  assert.ok(f && f.height >= 44 && f.y >= b.y && f.y + f.height <= 800 + 1, `the focused move is on screen and big enough: ${JSON.stringify(f)}`);
  await page.locator('#canvas').focus();
  b = await box();
  assert.ok(b.w <= 1 && b.h <= 1, 'hidden again once the focus goes back to the board');
  await ctx.close();
});
