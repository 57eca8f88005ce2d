// Play by link (issue 14) through the real page: two browser contexts, each
// one person's browser with its own storage, play a whole game of Geister by
// passing links, everything done by clicks (the new-game dialog, the set-up,
// the moves, "Copy the link") and by opening the link in the other page's
// address bar. The links are decoded here, independently of the page, to
// check what they hold; doctored links must be refused with a message while
// the stored game stays as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { startServer, launch, open, state, clickWidget, settled, playByClicks } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

// ---- the link format (src/core/code.h, src/play/corr.h), read and written here on its own
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const fnv = (b) => { let h = 2166136261; for (const c of b) h = Math.imul(h ^ c, 16777619) >>> 0; return h; };
function unpack(code) {
  const out = []; let acc = 0, bits = 0;
  for (const ch of code) { acc = ((acc << 6) | B64.indexOf(ch)) & 0xffffff; bits += 6; if (bits >= 8) out.push((acc >> (bits -= 8)) & 0xff); }
  const body = out.slice(0, -4), sum = out.slice(-4).reduce((h, c, i) => h + c * 2 ** (8 * i), 0);
  assert.equal(sum, fnv(body), 'checksum');
  return body;
}
function pack(body) {
  const h = fnv(body), b = [...body, h & 255, (h >>> 8) & 255, (h >>> 16) & 255, h >>> 24];
  let out = '', acc = 0, bits = 0;
  for (const c of b) { acc = ((acc << 8) | c) & 0xffffff; bits += 8; while (bits >= 6) out += B64[(acc >> (bits -= 6)) & 63]; }
  if (bits) out += B64[(acc << (6 - bits)) & 63];
  return out;
}
const varint = (v) => { const o = []; while (v >= 0x80) { o.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); } o.push(v); return o; };
const bytes = (b) => [...varint(b.length), ...b];
const KIND = { 1: 'join', 2: 'move', 3: 'commit', 4: 'reveal', 5: 'chance' };
function decode(link) {
  const at = link.indexOf('#play='), b = unpack(at >= 0 ? link.slice(at + 6) : link); let p = 0;
  const v = () => { let x = 0, s = 0; for (;;) { const c = b[p++]; x += (c & 0x7f) * 2 ** s; s += 7; if (!(c & 0x80)) return x; } };
  const raw = () => { const n = v(); const r = b.slice(p, p + n); p += n; return r; };
  const l = { format: v(), game: Buffer.from(raw()).toString(), version: v(), options: Buffer.from(raw()).toString(), seats: v(), nonce: raw(), entries: [] };
  const n = v();
  for (let i = 0; i < n; i++) {
    const e = { seat: v(), kind: KIND[v()] };
    if (e.kind === 'move') e.action = v();
    if (e.kind === 'reveal') { e.secret = v(); e.item = v(); e.value = v(); }
    if (e.kind !== 'move') e.bytes = raw();
    l.entries.push(e);
  }
  l.seal = raw();
  return l;
}
const entryBytes = (e) => {
  const k = Object.keys(KIND).find((x) => KIND[x] === e.kind);
  const o = [...varint(e.seat), ...varint(+k)];
  if (e.kind === 'move') o.push(...varint(e.action));
  if (e.kind === 'reveal') o.push(...varint(e.secret), ...varint(e.item), ...varint(e.value));
  if (e.kind !== 'move') o.push(...bytes(e.bytes));
  return o;
};
// What a forger does: edit the history and seal it again (BLAKE2b-512 chain, as in corr.cpp); a link to this page.
function encode(l) {
  const header = [...bytes([...Buffer.from(l.game)]), ...varint(l.version), ...bytes([...Buffer.from(l.options)]), ...varint(l.seats), ...bytes(l.nonce)];
  const H = (x) => [...crypto.createHash('blake2b512').update(Buffer.from(x)).digest()];
  let h = H([...Buffer.from('gamut history'), ...header]);
  for (const e of l.entries) h = H([...h, ...entryBytes(e)]);
  return url + '#play=' + pack([...varint(4), ...header, ...varint(l.entries.length), ...l.entries.flatMap(entryBytes), ...bytes(h)]);
}

// ---- the pages
const storage = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('gamut.')).map((k) => [k, localStorage[k]])));
async function copyLink(page) {
  await page.evaluate(() => { window.gamutLastCopied = ''; });
  await clickWidget(page, 'Copy the link');
  const link = await page.evaluate(() => window.gamutLastCopied);
  assert.match(link, /#play=/);
  return link;
}
// Opens a link in the address bar of a page already open. Taken, the app clears the hash;
// refused, it says so on the screen (state().messages), and the hash stays.
async function openLink(page, link, refusal = null) {
  await page.evaluate((h) => { location.hash = h; }, link.slice(link.indexOf('#')));
  if (refusal) {
    await page.waitForFunction((src) => window.gamut.state().messages.some((m) => new RegExp(src).test(m)), refusal.source, { polling: 50 });
  } else {
    await page.waitForFunction(() => location.hash === '', null, { polling: 50 });
  }
  await settled(page);
}
async function refused(page, link, pattern) {
  const before = await storage(page), s0 = await state(page);
  await openLink(page, link, pattern);
  assert.ok((await state(page)).messages.some((m) => /could not be opened/.test(m) && pattern.test(m)), 'refused with a message');
  assert.deepEqual(await storage(page), before, 'the stored game is unchanged');
  assert.equal((await state(page)).by_link.link, s0.by_link.link, 'the game on the screen is unchanged');
}
const off = (view, seat) => view.side.filter((p) => p.seat === seat);

// The test's player, to end a game soon: a good ghost leaves when it can,
// ghosts are taken when they can be, else the good ghost nearest an exit
// (a6, f6 for South; a1, f1 for North) steps towards it.
function pick(names, s) {
  const out = names.find((n) => n.endsWith('-out'));
  if (out) return out;
  const enemy = s.view.pieces.filter((p) => p.seat !== s.seat).map((p) => p.node);
  const take = names.find((n) => enemy.includes(n.split('-')[1]));
  if (take) return take;
  const good = s.view.pieces.filter((p) => p.seat === s.seat && p.face === 'good').map((p) => p.node);
  const exits = s.seat === 0 ? ['a6', 'f6'] : ['a1', 'f1'];
  const xy = (n) => [n.charCodeAt(0) - 97, +n[1]];
  const dist = (n) => Math.min(...exits.map((e) => Math.abs(xy(e)[0] - xy(n)[0]) + Math.abs(xy(e)[1] - xy(n)[1])));
  const steps = names.filter((n) => /^[a-f][1-6]-[a-f][1-6]$/.test(n) && good.includes(n.split('-')[0]));
  steps.sort((x, y) => dist(x.split('-')[1]) - dist(y.split('-')[1]));
  return steps[0] || names[0];
}

test('Geister by link: two browsers play a whole game by clicks and links; secrets stay out of the links; verified; doctored links refused', async () => {
  const ctxA = await browser.newContext(), ctxB = await browser.newContext();
  const A = await open(ctxA, url);
  await clickWidget(A, 'geister:New game');
  await clickWidget(A, 'Play by link');
  await clickWidget(A, 'Start');
  let s = await state(A);
  assert.equal(s.game, 'geister');
  assert.equal(s.by_link.seat, 0);
  await clickWidget(A, 'Confirm setup');
  s = await state(A);
  assert.equal(s.by_link.your_turn, false);
  assert.match(s.by_link.waiting, /North/);

  const sent = [];  // [link, the sender's state when it copied it]
  let link = await copyLink(A);
  sent.push([link, await state(A)]);
  const B = await open(ctxB, link);
  s = await state(B);
  assert.equal(s.by_link.seat, 1, 'the first to open the link takes the free seat');
  await clickWidget(B, 'Confirm setup');
  link = await copyLink(B);
  sent.push([link, await state(B)]);

  // A reused chance contribution: North's share of the lot replaced by its chain's end, sent again.
  let l = decode(link);
  const share = l.entries.find((e) => e.kind === 'chance' && e.seat === 1);
  share.bytes = l.entries.find((e) => e.kind === 'join' && e.seat === 1).bytes;
  await refused(A, encode(l), /not the next one of its chain/);
  await openLink(A, link);

  const pages = [A, B];
  let at = 0, falseRevealDone = false, changedMoveDone = false;
  for (let guard = 0; guard < 400; guard++) {
    const page = pages[at];
    s = await state(page);
    if (s.by_link.finished && (await state(pages[1 - at])).by_link.finished) break;
    if (s.by_link.your_turn && s.legal_actions.length) {
      await playByClicks(page, pick);
      continue;
    }
    link = await copyLink(page);
    sent.push([link, s]);
    const other = pages[1 - at];
    const o = await state(other);
    l = decode(link);
    // A false reveal: the first reveal the other page has not seen, with its colour turned.
    const seen = decode(o.by_link.link).entries.length;
    const fresh = l.entries.findIndex((e, i) => i >= seen && e.kind === 'reveal');
    if (!falseRevealDone && fresh >= 0 && !s.by_link.finished) {
      const bad = decode(link);
      bad.entries[fresh].value = 1 - bad.entries[fresh].value;
      await refused(other, encode(bad), /does not match its commitment/);
      falseRevealDone = true;
    }
    // A changed past move: the receiver's own first move, made another.
    const mine = l.entries.findIndex((e) => e.kind === 'move' && e.seat === o.by_link.seat);
    if (!changedMoveDone && mine >= 0 && mine < seen) {
      const bad = decode(link);
      bad.entries[mine].action += 1;
      await refused(other, encode(bad), /changes move/);
      changedMoveDone = true;
    }
    await openLink(other, link);  // the honest link is taken
    at = 1 - at;
  }
  assert.ok(falseRevealDone, 'a false reveal was tried');
  assert.ok(changedMoveDone, 'a changed past move was tried');

  for (const page of pages) {
    s = await state(page);
    assert.equal(s.by_link.verified, true, s.by_link.failure);
    assert.match(s.result, /\(verified\)/);
    assert.equal(s.view.phase, 'over');
  }
  // What the links held: before the end, only the colours of ghosts off the board;
  // a ghost's owner reveals every one of its captured ghosts before it sends anything.
  let captures = 0;
  console.log(`# Geister by link: ${sent.length} links, ${(await state(A)).log.length} log lines`);
  for (const [lk, from] of sent) {
    const d = decode(lk);
    assert.ok(d.entries.filter((e) => e.kind === 'commit').every((e) => e.bytes.length === 8 * 32), 'set-ups only as commitments');
    if (from.view.phase === 'over') continue;
    for (const seat of [0, 1]) {
      const reveals = d.entries.filter((e) => e.kind === 'reveal' && e.seat === seat);
      const gone = off(from.view, seat);
      assert.ok(reveals.length <= gone.length, `link from seat ${from.seat} reveals no ghost of seat ${seat} still on the board`);
      if (seat === from.seat) {
        assert.equal(reveals.length, gone.length, 'the owner has revealed every captured ghost');
        assert.equal(reveals.filter((e) => e.value === 1).length, gone.filter((p) => p.face === 'good').length, 'and truly');
      }
      captures = Math.max(captures, gone.length);
    }
  }
  assert.ok(captures > 0, 'ghosts left the board (captured or escaped), and their colours were checked');
  const last = decode(sent[sent.length - 1][0]);
  assert.equal(last.entries.filter((e) => e.kind === 'reveal').length, 16, 'at the end every commitment is opened');
  for (const p of pages) assert.deepEqual(p.errors.filter((e) => !/favicon/.test(e)), []);
  await ctxA.close();
  await ctxB.close();
});

// Blue and Gray hides nothing: only the lot is chance. Started through the page
// API with a low move limit (the option's input box is not clickable by label),
// then played by clicks and links to the end.
test('Blue and Gray by link: two browsers play a whole game by clicks and links; verified', async () => {
  const ctxA = await browser.newContext(), ctxB = await browser.newContext();
  const A = await open(ctxA, url);
  assert.equal(await A.evaluate(() => window.gamut.newGame('blue-and-gray', { by_link: true, options: { first: 'lot', max_plies: 16 } })), null);
  await settled(A);
  let s = await state(A);
  assert.equal(s.by_link.seat, 0);
  assert.match(s.by_link.waiting, /share of the chance|join/);
  const B = await open(ctxB, await copyLink(A));
  assert.equal((await state(B)).by_link.seat, 1);
  const pages = [A, B];
  let at = 1, links = 1;
  for (let guard = 0; guard < 200; guard++) {
    const page = pages[at];
    s = await state(page);
    if (s.by_link.finished && (await state(pages[1 - at])).by_link.finished) break;
    if (s.by_link.your_turn && s.legal_actions.length) {
      await playByClicks(page);
      continue;
    }
    await openLink(pages[1 - at], await copyLink(page));
    links++;
    at = 1 - at;
  }
  for (const page of pages) {
    s = await state(page);
    assert.equal(s.by_link.verified, true, s.by_link.failure);
    assert.match(s.result, /\(verified\)/);
  }
  assert.ok(links > 3);
  for (const p of pages) assert.deepEqual(p.errors.filter((e) => !/favicon/.test(e)), []);
  await ctxA.close();
  await ctxB.close();
});
