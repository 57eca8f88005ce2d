// Keyboard play (issue 17): every move is made with page.keyboard only, no
// click and no page-API action. The page API is read (gamut.state()) to see
// where the board cursor and ImGui's focus are and what the game answered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, settled, state } from './lib.mjs';

let server, url, browser;
before(async () => {
  ({ server, url } = await startServer());
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

async function press(page, key) {
  await page.keyboard.press(key);
  return (await settled(page, { withState: true })).keyboard;
}

// Waits until the person at the screen may move, or the game is over.
async function myTurn(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const s = window.gamut.state();
    return s.result !== null || (s.to_move === s.seat && s.legal_actions.length > 0 && !s.thinking && !s.covered);
  }, null, { timeout, polling: 100 });
  return settled(page, { withState: true });
}

// Tab until the board cursor is on `node` (a node id or "off"): the cycle holds only the nodes of legal moves.
async function cursorTo(page, node) {
  let k = (await state(page)).keyboard;
  for (let i = 0; i < 80 && k.cursor !== node; i++) k = await press(page, 'Tab');
  assert.equal(k.cursor, node, `Tab never brought the cursor to ${node}: ${JSON.stringify(k)}`);
}

// Presses `key` until the button `label` has the focus or the focus stops moving (the row's end), 8 times at most.
async function slide(page, k, key, label) {
  for (let i = 0; i < 8 && k.focus !== label; i++) {
    const was = k.focus;
    k = await press(page, key);
    if (k.focus === was) break;
  }
  return k;
}

// With a window holding the keyboard, moves ImGui's focus with the arrow keys
// until the button `label` has it: row by row, each row from its left end.
async function focusButton(page, label) {
  let k = (await state(page)).keyboard;
  for (let row = 0; row < 30 && k.focus !== label; row++) {
    k = await slide(page, k, 'ArrowLeft', label);
    k = await slide(page, k, 'ArrowRight', label);
    if (k.focus !== label) k = await press(page, 'ArrowDown');
  }
  assert.equal(k.focus, label, `the keyboard never reached the button "${label}" (window ${k.window})`);
}

// Plays `name` from the keyboard: its nodes with the cursor and Enter, or, for
// a move without nodes, its button in the side panel (P, arrows, Enter).
async function playByKeys(page, name) {
  const s = await state(page);
  const before = s.log.length;
  const path = s.legal_paths[name] || [];
  if (path.length === 0) {
    await press(page, 'p');
    await focusButton(page, name);
    await press(page, 'Enter');
  } else {
    for (const n of path) {
      await cursorTo(page, n);
      await press(page, 'Enter');
    }
    const after = await state(page);
    // Several moves share this path: the panel's chooser has the keyboard now.
    if (after.log.length === before) {
      assert.equal(after.keyboard.zone, 'window', 'a chooser took the keyboard');
      await focusButton(page, name);
      await press(page, 'Enter');
    }
  }
  const s2 = await state(page);
  assert.ok(s2.log.length > before, `the keys did not play ${name} (path ${JSON.stringify(path)})`);
}

// Types a move in the move field: the shortest prefix no other legal move shares, in capitals.
// `action` (a legal action's id) is typed by its log name: the names come in the order of the legal actions.
async function typeMove(page, action) {
  const s = await state(page);
  const names = s.keyboard.moves;
  assert.equal(names.length, s.legal_actions.length, 'the move field knows every legal move by name');
  const at = action === undefined ? 0 : s.legal_actions.indexOf(action);
  const name = names[at];
  let n = 1;
  const others = names.filter((x, i) => i !== at).map((x) => x.toLowerCase());
  while (n < name.length && others.some((o) => o.startsWith(name.slice(0, n).toLowerCase()))) n++;
  // When another move's name is this one's whole name plus more, only the whole name is unique.
  const typed = others.some((o) => o.startsWith(name.slice(0, n).toLowerCase())) ? name : name.slice(0, n);
  const before = s.log.length;
  let k = await press(page, 'm');
  assert.equal(k.entry, true, 'M opens the move field');
  await page.keyboard.type(typed.toUpperCase());
  await settled(page);
  k = await press(page, 'Enter');
  const s2 = await state(page);
  assert.equal(k.entry, false, `the move field closed after "${typed}": ${k.entry_message}`);
  assert.ok(s2.log.length > before, `typing "${typed}" played a move`);
  assert.ok(s2.log.slice(before).some((l) => l.endsWith(name)), `the log names ${name}: ${s2.log.slice(before)}`);
  return name;
}

// The legal move that goes furthest up the screen (towards the other side), an escape before any.
async function forward(page, s) {
  let best = s.legal_actions[0], gain = -Infinity;
  for (const a of s.legal_actions) {
    const p = s.legal_paths[a] || [];
    if (p.length !== 2) continue;
    if (p[1] === 'off') return a;
    const [from, to] = await page.evaluate((ns) => ns.map((n) => window.gamut.nodePos(n)), p);
    if (from.y - to.y > gain) gain = from.y - to.y, best = a;
  }
  return best;
}

test('Geister: a whole game against the AI, from set-up to result, with the keyboard only', { timeout: 900000 }, async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url + '?game=geister&seats=human,ai:1');
  let s = await state(page);
  assert.equal(s.view.phase, 'setup');
  assert.equal(s.keyboard.zone, 'board', 'a new game starts with the keyboard on the board');
  // Set-up: the cursor swaps two ghosts of different kinds (Enter on one, then on the other).
  const first = s.setup_editor;
  await press(page, 'Tab');
  await press(page, 'Enter');
  for (let i = 0; i < 8 && (await state(page)).setup_editor === first; i++) {
    await press(page, 'Tab');
    await press(page, 'Enter');
    if ((await state(page)).setup_editor === first) await press(page, 'Enter');  // same kind: unselect, go on
  }
  s = await state(page);
  assert.notEqual(s.setup_editor, first, 'the keyboard swapped two ghosts in the set-up');
  await press(page, 'p');
  await focusButton(page, 'Confirm setup');
  await press(page, 'Enter');
  s = await state(page);
  // (The AI may have set up and moved already.)
  assert.ok(s.log.length >= 1 && s.log[0].startsWith(s.seat_names[0]), `Confirm setup, pressed with Enter, played the set-up: ${s.log}`);
  // The moves: the board cursor and the move field in turn. The person rushes
  // forward (an escape first), so that the game ends soon, won or lost.
  let moves = 0;
  const t0 = Date.now();
  for (;;) {
    s = await myTurn(page, 120000);
    if (s.result !== null) break;
    if (moves % 2 === 0) await playByKeys(page, await forward(page, s));
    else await typeMove(page, await forward(page, s));
    moves++;
    assert.ok(moves < 300, 'the game ends');
  }
  console.log(`Geister by keyboard: ${moves} moves in ${Math.round((Date.now() - t0) / 1000)} s, ${s.result}`);
  s = await state(page);
  assert.ok(s.result !== null && s.view.how, `the game ended: ${JSON.stringify(s.result)}`);
  assert.ok(moves >= 2, `both ways of moving were used (${moves} moves)`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a turn of every other game with the keyboard only, the first one started from the home screen', { timeout: 600000 }, async () => {
  const ctx = await browser.newContext();
  let page = await open(ctx, url);
  const catalog = await page.evaluate(() => window.gamut.catalog());
  const others = catalog.filter((g) => g.id !== 'geister');
  assert.ok(others.length >= 4, 'the catalog lists the other games');
  // Home screen: the keyboard reaches a game's New game button, the dialog's Start button, and the board.
  let s = await state(page);
  assert.equal(s.screen, 'home');
  const home = others[0];
  await press(page, 'ArrowDown');
  await focusButton(page, `${home.id}:New game`);
  await press(page, 'Enter');
  await focusButton(page, 'Start');
  await press(page, 'Enter');
  s = await state(page);
  assert.equal(s.screen, 'play');
  assert.equal(s.game, home.id);
  assert.equal(s.keyboard.zone, 'board', 'the new game has the keyboard on its board');
  for (const g of others) {
    if (g !== home) {
      const seats = ['human'].concat(Array(g.min_seats - 1).fill('ai:1')).join(',');
      await page.close();
      page = await open(ctx, url + `?game=${g.id}&seats=${seats}`);
    }
    s = await myTurn(page);
    assert.equal(s.game, g.id);
    const seat = s.seat;
    // One turn: the person's actions until another seat is to move (a spin or a roll, then the move).
    let acts = 0;
    while (s.result === null && s.to_move === seat && acts < 6) {
      const before = s.log.length;
      await playByKeys(page, s.legal_actions[0]);
      acts++;
      s = await myTurn(page);
      assert.ok(s.log.length > before, `${g.id}: the log grew`);
    }
    assert.ok(acts >= 1, `${g.id}: the keyboard made at least one move`);
    assert.deepEqual(page.errors, [], `${g.id}: no console error`);
  }
  await ctx.close();
});

test('the arrow keys move the cursor to the nearest node that way; typed moves that are unknown or ambiguous are refused in words', { timeout: 300000 }, async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url + '?game=blue-and-gray&seats=human,ai:1');
  let s = await myTurn(page);
  await press(page, 'Tab');
  let arrowed = 0;
  for (const [key, axis, sign] of [['ArrowUp', 'y', -1], ['ArrowRight', 'x', 1], ['ArrowDown', 'y', 1], ['ArrowLeft', 'x', -1]]) {
    const from = (await state(page)).keyboard.cursor;
    const a = await page.evaluate((n) => window.gamut.nodePos(n), from);
    const k = await press(page, key);
    if (k.cursor === from) continue;  // the edge of the board that way
    const b = await page.evaluate((n) => window.gamut.nodePos(n), k.cursor);
    assert.ok(sign * (b[axis] - a[axis]) > 0, `${key} moved the cursor ${from} -> ${k.cursor} the right way`);
    arrowed++;
  }
  assert.ok(arrowed >= 2, 'the arrow keys moved the cursor');
  // Escape drops a half-made move.
  const name = s.legal_actions[0];
  await cursorTo(page, s.legal_paths[name][0]);
  await press(page, 'Enter');
  assert.equal((await state(page)).selection.length, 1, 'Enter picked the piece');
  await press(page, 'Escape');
  assert.equal((await state(page)).selection.length, 0, 'Escape dropped it');
  // The move field: an unknown and an ambiguous move are told, nothing is played.
  const names = (await state(page)).keyboard.moves;
  let k = await press(page, '/');
  assert.equal(k.entry, true, '/ opens the move field');
  await page.keyboard.type('zz9 no such move');
  await settled(page);
  k = await press(page, 'Enter');
  assert.equal(k.entry, true);
  assert.match(k.entry_message, /No legal move/);
  const shared = names.map((n) => n[0].toLowerCase()).find((c, i, all) => all.indexOf(c) !== i);
  if (shared) {
    for (let i = 0; i < 20; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(shared);
    await settled(page);
    k = await press(page, 'Enter');
    assert.match(k.entry_message, /could be any of/);
  }
  k = await press(page, 'Escape');
  assert.equal(k.entry, false, 'Escape closes the move field');
  assert.equal((await state(page)).log.length, s.log.length, 'nothing was played');
  // The help panel: ? opens it, Escape closes it; the toolbar's Keys button opens it too.
  k = await press(page, '?');
  assert.equal(k.help, true);
  k = await press(page, 'Escape');
  assert.equal(k.help, false);
  assert.equal(k.zone, 'board');
  await press(page, 't');
  await focusButton(page, 'Keys');
  k = await press(page, 'Enter');
  assert.equal(k.help, true, 'the toolbar button opens the help');
  await press(page, 'Escape');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('under the hand-over cover the keys reach no board and no move field', { timeout: 300000 }, async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url + '?game=geister&seats=human,human');
  // South sets up from the keyboard; the cover then hides the board for North.
  await press(page, 'p');
  await focusButton(page, 'Confirm setup');
  await press(page, 'Enter');
  let s = await state(page);
  assert.equal(s.covered, true, 'the cover is up for North');
  const before = JSON.stringify([s.log, s.selection]);
  for (const key of ['Tab', 'ArrowUp', 'ArrowLeft', 'm', '/']) {
    const k = await press(page, key);
    assert.equal(k.entry, false, `${key} opened no move field under the cover`);
    assert.equal(k.moves.length, 0, 'no legal move is named under the cover');
  }
  s = await state(page);
  assert.equal(s.covered, true);
  assert.equal(s.seat, -1, 'the page still shows only the spectator view');
  assert.equal(JSON.stringify([s.log, s.selection]), before, 'nothing was picked or played');
  // The cover's own button takes Enter: North shows their side.
  await press(page, 'p');
  await focusButton(page, 'I am North: show my side');
  await press(page, 'Enter');
  s = await state(page);
  assert.equal(s.covered, false);
  assert.equal(s.seat, 1);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
