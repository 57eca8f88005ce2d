// Play by link (issue 14) through the real page: two browser contexts, each
// one person's browser with its own storage, play a whole game of Geister by
// passing links, everything done by clicks (the new-game dialog, the set-up,
// the moves, "Copy the link") and by opening the link in the other page's
// address bar. The links are decoded here, independently of the page, to
// check what they hold; doctored links must be refused with a message while
// the stored game stays as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, settled, playByClicks } from './lib.mjs';
import { decode, encoder, copyLink, openLink, refuser } from './corrlink.mjs';

let server, url, browser, encode, refused;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); encode = encoder(url); refused = refuser(); });
after(async () => { await browser.close(); server.close(); });

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
