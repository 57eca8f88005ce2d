// The rules panel shows where every rule comes from: three kinds (text,
// reconstructed, ruling), each with its word as well as its colour, a legend,
// and for text the original-language quote beside the English. Read through
// the page API's state.rules, which reports what the panel drew.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, clickWidget, settled, screenshot } from './lib.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

// A citation a player can read, never a file name, hash or the project's notes.
const FILE = /\.(txt|md|json|cpp|h)\b|\b[0-9a-f]{12,}\b|\bseed ?\d{3}\b|\bfacts\b|\bgazetteer\b/i;

// Waits until the panel has drawn that game's entries.
async function shown(page, id) {
  await page.waitForFunction((g) => {
    window.gamut.wake();
    const r = window.gamut.state().rules;
    return r && r.open && r.game === g && r.entries && r.entries.length > 0;
  }, id, { timeout: 30000, polling: 'raf' });
  await settled(page);
  return (await state(page)).rules;
}

// Opens a game's rules from its home card, as a person would.
async function openFromHome(page, id) {
  await clickWidget(page, `${id}:Rules`);
  return shown(page, id);
}

// Starts a game and opens its rules from the play screen's command.
async function openInGame(page, id) {
  const seats = id === 'mosby' ? ['human'] : ['human', 'human'];
  assert.equal(await page.evaluate(([g, s]) => window.gamut.newGame(g, { seats: s, seed: 3 }), [id, seats]), null);
  assert.equal(await page.evaluate(() => window.gamut.ui('rules')), null);
  return shown(page, id);
}

test('the rules panel shows the three kinds with a legend, and the quote beside the English', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url, { width: 1200, height: 900 });
  const rules = await openFromHome(page, 'blue-and-gray');
  assert.deepEqual(rules.legend.map((l) => l.kind), ['text', 'reconstructed', 'ruling']);
  assert.deepEqual(rules.legend.map((l) => l.word), ['TEXT', 'RECONSTRUCTED', 'RULING']);
  for (const l of rules.legend) assert.ok(l.text.length > 10, l.kind);

  const of = (kind) => rules.entries.find((e) => e.kinds.length === 1 && e.kinds[0] === kind);
  const text = of('text'), rec = of('reconstructed'), ruling = of('ruling');
  assert.ok(text && rec && ruling, JSON.stringify(rules.entries.map((e) => [e.title, e.kinds])));
  // Text: a citation with its section, the Russian words, the English beside them.
  const t = text.provenance[0];
  assert.match(t.citation, /^The Russian encyclopedia article on Blue and Gray, “.+”$/);
  assert.match(t.quote, /[А-Яа-я]/);
  assert.match(t.english, /[a-z]/);
  // Reconstructed and ruling: the reasoning; a ruling also its alternatives.
  assert.ok(rec.provenance[0].why.length > 20);
  assert.ok(ruling.provenance[0].why.length > 20);
  assert.ok(ruling.provenance[0].alternatives.length > 0);
  // The rulings the review found passing as text are now disclosed as such.
  const titles = rules.entries.filter((e) => e.kinds[0] === 'ruling').map((e) => e.title).join(' | ');
  for (const w of [/81 points/, /Deadlock: how/, /Multi-jumps/, /winning step/, /Diagonals in every square/, /three steps/])
    assert.match(titles, w);
  await screenshot(page, 'rules-panel.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('no game\'s rules panel shows a file name, and every entry has a kind', async () => {
  const ctx = await browser.newContext();
  const page = await open(ctx, url, { width: 1200, height: 900 });
  const ids = ['geister', 'blue-and-gray', 'gray-ghost', 'uncle', 'mosby'];
  for (const id of ids) {
    const rules = await openInGame(page, id);
    const shown = JSON.stringify(rules);
    assert.doesNotMatch(shown, FILE, id);
    for (const e of [...rules.entries, ...rules.options])
      for (const k of e.kinds) assert.ok(['text', 'reconstructed', 'ruling'].includes(k), `${id}: ${JSON.stringify(e)}`);
    for (const e of rules.entries)
      for (const p of e.provenance) if (p.kind === 'text') assert.ok(p.quote && p.citation, `${id} ${e.title}`);
    // How undo works, in each game's own terms.
    assert.match(rules.undo, /practice game/, id);
    if (id === 'blue-and-gray') assert.match(rules.undo, /any move can be taken back/);
    if (id === 'uncle' || id === 'mosby') assert.match(rules.undo, /die, spin or card/, id);
    if (id === 'geister') assert.match(rules.undo, /hidden piece or card shown to you/);
  }
  // The rulings disclosed for The Gray Ghost and U.N.C.L.E. are in their panels.
  const gg = await openInGame(page, 'gray-ghost');
  const ggRulings = gg.entries.filter((e) => e.kinds[0] === 'ruling').map((e) => e.title).join(' | ');
  for (const w of [/Every disc on the way/, /Headquarters only by the winning move/, /Nearest camp or hospital/])
    assert.match(ggRulings, w);
  const un = await openInGame(page, 'uncle');
  const unRulings = un.entries.filter((e) => e.kinds[0] === 'ruling').map((e) => e.title).join(' | ');
  for (const w of [/Order on a landing/, /'Empty' intersections/, /One steal per landing/, /Turning where an agent stayed/,
    /START is closed/, /Overshooting/])
    assert.match(unRulings, w);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
