// Play by link (issue 14) for the games whose secrets are cards dealt face
// down (mental poker, docs/correspondence.md): The Gray Ghost's missions and
// U.N.C.L.E.'s chiefs and missions. Two browser contexts, each one person's
// browser with its own storage, start from the new-game dialog's "Play by
// link", play by clicks and pass links through the address bar, until a card
// has been dealt to one seat and unlocked for it by the other, and chance has
// spoken; a third context opens the link as a stranger. These games are long
// by link (every spin or roll waits for both players' links), so the tests
// stop there: the whole games, the proofs and every tampering are the native
// tests' (src/games/*/..._corr_test.cpp).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launch, open, state, clickWidget, playByClicks } from './lib.mjs';
import { decode, encoder, copyLink, openLink, refuser } from './corrlink.mjs';

let server, url, browser, encode, refused;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); encode = encoder(url); refused = refuser(); });
after(async () => { await browser.close(); server.close(); });

const here = path.dirname(fileURLToPath(import.meta.url));
const data = (game) => JSON.parse(fs.readFileSync(path.resolve(here, `../../rules-data/${game}/v2.json`), 'utf8'));
const where = (game) => Object.fromEntries(data(game).board.nodes.map((n) => [n.id, n]));
const dist = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
// Steps along U.N.C.L.E.'s paths from every space to the nearest of `goals`.
function steps(game, goals) {
  const next = {};
  for (const p of data(game).paths) {
    const ns = p.nodes, link = (a, b) => { (next[a] ||= []).push(b); (next[b] ||= []).push(a); };
    for (let i = 0; i + 1 < ns.length; i++) link(ns[i], ns[i + 1]);
    if (p.loop) link(ns[0], ns[ns.length - 1]);
  }
  const d = Object.fromEntries(goals.map((g) => [g, 0])), queue = [...goals];
  while (queue.length) {
    const a = queue.shift();
    for (const b of next[a] || []) if (!(b in d)) d[b] = d[a] + 1, queue.push(b);
  }
  return d;
}

// Two pages playing by link: A starts from the dialog, B opens A's first link.
async function start(game) {
  const ctxA = await browser.newContext(), ctxB = await browser.newContext();
  const A = await open(ctxA, url);
  await clickWidget(A, `${game}:New game`);
  await clickWidget(A, 'Play by link');
  await clickWidget(A, 'Start');
  let s = await state(A);
  assert.equal(s.game, game);
  assert.equal(s.by_link.seat, 0);
  const first = await copyLink(A);
  const B = await open(ctxB, first);
  s = await state(B);
  assert.equal(s.by_link.seat, 1, 'the first to open the link takes the free seat');
  return { pages: [A, B], contexts: [ctxA, ctxB], sent: [first] };
}

// Plays by clicks and passes links until `done` says so (checked after each link taken). `pick` chooses
// the moves; `onLink(link, from, to)` may try doctored links on the receiver before the true one.
async function play(run, pick, done, onLink = async () => {}, limit = 300) {
  const { pages } = run;
  let at = 1;
  for (let guard = 0; guard < limit; guard++) {
    const page = pages[at], s = await state(page);
    if (s.by_link.your_turn && s.legal_actions.length) {
      await playByClicks(page, pick);
      continue;
    }
    const link = await copyLink(page);
    run.sent.push(link);
    await onLink(link, page, pages[1 - at]);
    await openLink(pages[1 - at], link);
    at = 1 - at;
    if (await done(pages, at)) return;
  }
  assert.fail('the game did not get there');
}

// The first entry of kind `kind` in `link` that the page does not hold yet (-1: none).
async function fresh(link, page, kind) {
  const seen = decode((await state(page)).by_link.link).entries.length;
  return decode(link).entries.findIndex((e, i) => i >= seen && e.kind === kind);
}

// A doctored link for each of two tamperings: a false unlock, and a past move changed.
async function tamper(link, receiver, done) {
  const i = await fresh(link, receiver, 'unlock');
  if (!done.unlock && i >= 0) {
    const bad = decode(link);
    bad.entries[i].bytes[3] ^= 1;  // the card it gives is no longer the one under the lock
    await refused(receiver, encode(bad), /does not match its lock|a damaged card/);
    done.unlock = true;
  }
  const s = await state(receiver), held = decode(s.by_link.link);
  const mine = held.entries.findIndex((e) => e.kind === 'move' && e.seat === s.by_link.seat);
  if (!done.move && mine >= 0) {
    const bad = decode(link);
    bad.entries[mine].action += 1;
    await refused(receiver, encode(bad), /changes move/);
    done.move = true;
  }
}

test('The Gray Ghost by link: two browsers, the mission drawn from the locked deck read by its drawer alone; doctored links refused', async () => {
  const nodes = where('gray-ghost');
  const square = Object.fromEntries(data('gray-ghost').board.nodes.filter((n) => n.mission).map((n) => [n.mission, n.id]));
  // The raider heads for headquarters, then its mission, then back; on the way it takes what comes.
  const pick = (names, s) => {
    for (const n of ['spin', 'go on']) if (names.includes(n)) return n;
    const mission = s.view.missions[s.seat], done = s.view.side.some((p) => p.seat === s.seat && p.face === 'flag');
    const goal = nodes[mission > 0 && !done ? square[mission] : 'hq'];
    const moves = names.filter((n) => (s.legal_paths[n] || []).length === 2 && s.view.phase === 'move');
    if (!moves.length) return names[0];
    moves.sort((a, b) => dist(nodes[s.legal_paths[a][1]], goal) - dist(nodes[s.legal_paths[b][1]], goal));
    return moves[0];
  };
  const run = await start('gray-ghost');
  const { pages } = run;
  const tampered = {};
  let waited = -1, drawer = -1;
  await play(run, pick, async (ps, at) => {
    // The drawer's browser cannot read the mission until the other has taken its lock off.
    for (let k = 0; k < 2; k++) {
      const s = await state(ps[k]);
      if (s.view.missions[k] === -1 && /to unlock a card/.test(s.by_link.waiting)) waited = k;
      if (s.view.missions[k] > 0) drawer = k;
    }
    const spins = (await state(ps[0])).log.filter((l) => /the spinner/.test(l)).length;
    return drawer >= 0 && waited === drawer && tampered.unlock && tampered.move && spins >= 4;
  }, async (link, from, to) => tamper(link, to, tampered), 400);
  assert.ok(waited >= 0, "the drawer's page waited for the other seat's unlock");
  // The drawer's page shows its mission; the other's shows a secret mission; so does a stranger's.
  const [d, o] = [await state(pages[drawer]), await state(pages[1 - drawer])];
  assert.ok(d.view.missions[drawer] > 0);
  assert.equal(o.view.missions[drawer], -1, "the other seat's page shows no mission number");
  assert.ok(o.view.status.some((l) => /secret mission/.test(l)));
  const C = await open(await browser.newContext(), run.sent[run.sent.length - 1]);
  const c = await state(C);
  assert.equal(c.by_link.seat, -1, 'both seats are taken: a stranger holds none');
  assert.ok(c.view.missions.every((m) => m <= 0), 'a stranger reads no mission');
  // What the links hold: the deck, locked and shuffled by both, its cards as points only.
  const l = decode(run.sent[run.sent.length - 1]);
  assert.equal(l.entries.filter((e) => e.kind === 'deck').length, 2, 'each seat locked and shuffled the deck once');
  assert.ok(l.entries.filter((e) => e.kind === 'deck').every((e) => e.bytes.length === 32 * 9), 'a lock and eight locked cards');
  assert.ok(l.entries.some((e) => e.kind === 'unlock'), "the mission was unlocked for its drawer by the other");
  for (const p of [...pages, C]) assert.deepEqual(p.errors.filter((e) => !/favicon/.test(e)), []);
  for (const c of run.contexts) await c.close();
});

test('U.N.C.L.E. by link: two browsers, missions and a chief looked at read only by their seat; doctored links refused', async () => {
  const dots = data('uncle').board.nodes.filter((n) => (n.tags || []).includes('pointer')).map((n) => n.id);
  const toDot = steps('uncle', dots);
  // A player who heads for the nearest black dot along the paths, so as to look at a chief card, and leaves it there.
  const pick = (names, s) => {
    for (const n of ['leave chief', 'no steal']) if (names.includes(n)) return n;
    const moves = names.filter((n) => (s.legal_paths[n] || []).length === 2);
    if (!moves.length) return names[0];
    const near = (id) => toDot[id] ?? 99;
    moves.sort((a, b) => near(s.legal_paths[a][1]) - near(s.legal_paths[b][1]));
    return moves[0];
  };
  const run = await start('uncle');
  const { pages } = run;
  const tampered = {};
  let looker = -1;
  const labelled = (s) => s.view.pieces.filter((p) => p.face === 'chief' && p.label).map((p) => p.node);
  await play(run, pick, async (ps) => {
    for (let k = 0; k < 2; k++) if (labelled(await state(ps[k])).length) looker = k;
    return looker >= 0 && tampered.unlock && tampered.move;
  }, async (link, from, to) => tamper(link, to, tampered), 400);
  const [a, b] = [await state(pages[looker]), await state(pages[1 - looker])];
  // Each page shows its own mission and no other; the chief looked at shows on the looker's page alone.
  for (const [k, s] of [[looker, a], [1 - looker, b]]) {
    assert.match(s.view.cards[0].title, /^Your mission: /, `seat ${k} reads its mission`);
    assert.equal(s.view.status.filter((l) => /mission /.test(l)).length, 1, `seat ${k}'s page shows one mission, its own`);
  }
  // Who has looked at each space is public (view.seen_spaces, a bit per seat); the label is not.
  const chiefs = data('uncle').board.nodes.filter((n) => (n.tags || []).includes('chief')).map((n) => n.id);
  const seen = labelled(a);
  assert.ok(seen.length > 0);
  for (const n of seen) {
    const knowers = a.view.seen_spaces[chiefs.indexOf(n)];
    assert.ok(knowers >> looker & 1);
    if (!(knowers >> (1 - looker) & 1)) assert.ok(!labelled(b).includes(n), `the other page shows no label on ${n}`);
  }
  const C = await open(await browser.newContext(), run.sent[run.sent.length - 1]);
  const c = await state(C);
  assert.equal(c.by_link.seat, -1);
  assert.deepEqual(labelled(c), [], 'a stranger sees no chief card');
  assert.ok(!c.view.status.some((l) => /mission /.test(l)), 'nor any mission');
  const l = decode(run.sent[run.sent.length - 1]);
  assert.equal(l.entries.filter((e) => e.kind === 'deck').length, 4, 'each seat locked and shuffled both decks');
  assert.ok(l.entries.filter((e) => e.kind === 'unlock').length >= 3, 'two missions and a chief unlocked for their seat');
  for (const p of [...pages, C]) assert.deepEqual(p.errors.filter((e) => !/favicon/.test(e)), []);
  for (const c of run.contexts) await c.close();
});
