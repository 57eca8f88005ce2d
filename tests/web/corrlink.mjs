// Play by link's link format (src/core/code.h, src/play/corr.h), read and
// written here on its own, and the pages' part of passing a link, for the
// browser tests of every game played by link (corr.test.mjs, corr-cards.test.mjs).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { state, clickWidget, settled } from './lib.mjs';

// ---- the link format
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
export const KIND = {
  1: 'join', 2: 'move', 3: 'commit', 4: 'reveal', 5: 'chance',
  // Cards dealt face down (mental poker): a seat's locking and shuffling of a deck, an unlock with its
  // proof, the proofs a card is not another / not a card held too / one of some, a move naming a
  // card by its place, a hand locked afresh and reshuffled.
  6: 'deck', 7: 'unlock', 8: 'not', 9: 'card-move', 10: 'reshuffle', 11: 'not-same', 12: 'in',
};
// Which fields an entry of each kind carries, in order, before its bytes (corr.cpp, entry_bytes).
const FIELDS = {
  move: ['action'], 'card-move': ['action', 'secret', 'item'],
  reveal: ['secret', 'item', 'value'], unlock: ['secret', 'item', 'value'], not: ['secret', 'item', 'value'],
  'not-same': ['secret', 'item', 'value'], in: ['secret', 'item', 'value'], deck: ['secret'], reshuffle: ['secret'],
};
const hasBytes = (kind) => kind !== 'move' && kind !== 'card-move';
export function decode(link) {
  const at = link.indexOf('#play='), b = unpack(at >= 0 ? link.slice(at + 6) : link); let p = 0;
  const v = () => { let x = 0, s = 0; for (;;) { const c = b[p++]; x += (c & 0x7f) * 2 ** s; s += 7; if (!(c & 0x80)) return x; } };
  const raw = () => { const n = v(); const r = b.slice(p, p + n); p += n; return r; };
  const l = { format: v(), game: Buffer.from(raw()).toString(), version: v(), options: Buffer.from(raw()).toString(), seats: v(), nonce: raw(), entries: [] };
  const n = v();
  for (let i = 0; i < n; i++) {
    const e = { seat: v(), kind: KIND[v()] };
    assert.ok(e.kind, `entry ${i + 1} of a known kind`);
    for (const f of FIELDS[e.kind] || []) e[f] = v();
    if (hasBytes(e.kind)) e.bytes = raw();
    l.entries.push(e);
  }
  l.seal = raw();
  assert.equal(p, b.length, 'nothing after the seal');
  return l;
}
const entryBytes = (e) => {
  const k = Object.keys(KIND).find((x) => KIND[x] === e.kind);
  const o = [...varint(e.seat), ...varint(+k)];
  for (const f of FIELDS[e.kind] || []) o.push(...varint(e[f]));
  if (hasBytes(e.kind)) o.push(...bytes(e.bytes));
  return o;
};
// What a forger does: edit the history and seal it again (BLAKE2b-512 chain, as in corr.cpp); a link to the page at `url`.
export const encoder = (url) => (l) => {
  const header = [...bytes([...Buffer.from(l.game)]), ...varint(l.version), ...bytes([...Buffer.from(l.options)]), ...varint(l.seats), ...bytes(l.nonce)];
  const H = (x) => [...crypto.createHash('blake2b512').update(Buffer.from(x)).digest()];
  let h = H([...Buffer.from('gamut history'), ...header]);
  for (const e of l.entries) h = H([...h, ...entryBytes(e)]);
  return url + '#play=' + pack([...varint(4), ...header, ...varint(l.entries.length), ...l.entries.flatMap(entryBytes), ...bytes(h)]);
};

// ---- the pages
export const storage = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('gamut.')).map((k) => [k, localStorage[k]])));
export async function copyLink(page) {
  await page.evaluate(() => { window.gamutLastCopied = ''; });
  await clickWidget(page, 'Copy the link');
  const link = await page.evaluate(() => window.gamutLastCopied);
  assert.match(link, /#play=/);
  return link;
}
// Opens a link in the address bar of a page already open. Taken, the app clears the hash;
// refused, it says so on the screen (state().messages), and the hash stays. One round trip
// to wait on the page (it answers about once a frame), then it settles.
export async function openLink(page, link, refusal = null) {
  await page.evaluate(({ hash, src }) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    location.hash = hash;
    (function poll() {
      const done = src ? window.gamut.state().messages.some((m) => new RegExp(src).test(m)) : location.hash === '';
      if (done) resolve();
      else if (performance.now() - t0 > 30000) reject(new Error(src ? `no message matching ${src}` : 'the link was not taken'));
      else setTimeout(poll, 50);
    })();
  }), { hash: link.slice(link.indexOf('#')), src: refusal ? refusal.source : null });
  await settled(page);
}
// A doctored link opened in `page` must be refused with a message matching `pattern`, the stored game and
// the screen unchanged.
export const refuser = () => async (page, link, pattern) => {
  const before = await storage(page), s0 = await state(page);
  await openLink(page, link, pattern);
  assert.ok((await state(page)).messages.some((m) => /could not be opened/.test(m) && pattern.test(m)), 'refused with a message');
  assert.deepEqual(await storage(page), before, 'the stored game is unchanged');
  assert.equal((await state(page)).by_link.link, s0.by_link.link, 'the game on the screen is unchanged');
};
