// French (issue 17): switched to French, the home page, the new-game dialog,
// a game's panel and its rules show no English left; the choice is kept across
// a reload; a browser that prefers French starts in French; lang= in the
// address (embeds, issue 21) wins without changing the visitor's choice.
//
// What "English left" means: a text the last frame asked T() for
// (gamut.textSeen) that the tables do not have, and that has words; and any
// text or button label (gamut.widgets) with a word that is English by the
// tables themselves: some English key of the French tables has it and no
// French translation does ("move", "undo", "wins"; not "Geister" or "Mosby",
// which the French keeps).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launch, open, state, settled, clickWidget, widget } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tables = [path.join(root, 'assets/lang/fr.json')];
for (const d of fs.readdirSync(path.join(root, 'rules-data'))) {
  const f = path.join(root, 'rules-data', d, 'fr.json');
  if (fs.existsSync(f)) tables.push(f);
}
const fr = Object.assign({}, ...tables.map((f) => JSON.parse(fs.readFileSync(f, 'utf8'))));
const ui = JSON.parse(fs.readFileSync(tables[0], 'utf8'));
const words = (s) => (s.replace(/%[-+#0]*\d*(\.\d+)?[a-zA-Z]/g, ' ').match(/\p{L}{3,}/gu) || []).map((w) => w.toLowerCase());
const frenchWords = new Set(Object.values(fr).flatMap(words));
const englishOnly = new Set(Object.keys(fr).flatMap(words).filter((w) => !frenchWords.has(w)));
const english = (s) => words(s).filter((w) => englishOnly.has(w));
// The places of the games' boards (their node ids, which the logs and status lines name) are
// proper names the French keeps, as it keeps "Mosby": a line put together in French around one
// ("Dépôt (Vienna)", "moves to Manassas Junction") is not left untranslated for it. Known words
// for the heuristic below only: a place's word the tables give as English is still English.
const placeWords = new Set();
for (const d of fs.readdirSync(path.join(root, 'rules-data'))) {
  const dir = path.join(root, 'rules-data', d);
  if (!fs.statSync(dir).isDirectory()) continue;
  for (const f of fs.readdirSync(dir).filter((x) => /^v\d+\.json$/.test(x))) {
    const nodes = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).board?.nodes || [];
    for (const n of nodes) if (typeof n.id === 'string') for (const w of words(n.id)) placeWords.add(w);
  }
}
const unknown = (s) => words(s).filter((w) => !frenchWords.has(w) && !placeWords.has(w));
const frenchText = new Set(Object.values(fr));

// The switch names each language in its own words, and is the one English word allowed.
const SWITCH = 'English';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser.close(); server.close(); });

// The texts drawn in the last frame that still read as English, with where they are.
async function englishLeft(page) {
  await page.evaluate(() => window.gamut.textSeen());  // switches the record on
  await page.evaluate(() => window.gamut.frames(3));
  await settled(page);
  const { seen, widgets } = await page.evaluate(() => ({ seen: window.gamut.textSeen(), widgets: window.gamut.widgets() }));
  assert.ok(seen.length > 0, 'the frame asked T() for nothing');
  const left = [];
  for (const t of seen) {
    if (english(t.text).length) left.push(`text ${JSON.stringify(t.text)}: ${english(t.text)}`);
    // A text put together from parts (a log line, "Blue: 3 guards") is not in the tables
    // itself: it is left untranslated if it has a word no French text of the tables has.
    else if (!t.found && /\p{L}{2,}/u.test(t.text) && !frenchText.has(t.text) && unknown(t.text).length)
      left.push(`untranslated ${JSON.stringify(t.text)}: ${unknown(t.text)}`);
  }
  // A button of a move is found by the move's id ("words###id"): its words are among the texts.
  const ids = new Set((await state(page)).legal_actions);
  for (const w of widgets) {
    const label = w.label.replace(/^[^:]*:(?=.)/, '').replace(/##.*$/, '');  // "geister:Règles", "Jouer##Title"
    if (ids.has(w.label) || ids.has(label)) continue;
    if (label !== SWITCH && english(label).length) left.push(`button ${JSON.stringify(w.label)}: ${english(label)}`);
  }
  return { left, seen, widgets };
}

test('the tables give English words to find: the check can fail', () => {
  for (const w of ['move', 'rules', 'undo', 'wins']) assert.ok(englishOnly.has(w), w);
  for (const w of ['geister', 'mosby', 'gamut']) assert.ok(!englishOnly.has(w), w);
  assert.deepEqual(english(ui['Undo']), []);
  assert.deepEqual(english('Undo'), ['undo']);
});

test('in French, the home page, the new-game dialog, a Geister game and its rules have no English left', async () => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await open(ctx, url);
  assert.equal((await state(page)).language, 'en');
  // English first: the same check finds the English, so it is able to fail.
  const en = await englishLeft(page);
  assert.ok(en.left.length > 5, en.left.join('\n'));

  await clickWidget(page, 'Français');
  await page.waitForFunction(() => window.gamut.state().language === 'fr');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await page.evaluate(() => document.getElementById('canvas').getAttribute('aria-label')), ui['Game board']);
  let r = await englishLeft(page);
  assert.deepEqual(r.left, [], 'home page');
  // The game cards' texts came through T(): Geister's history is in its French.
  assert.ok(r.seen.some((t) => t.found && t.text === fr[Object.keys(fr).find((k) => k.startsWith("Alex Randolph's ghost duel"))]));

  await clickWidget(page, `geister:${ui['New game']}`);
  await widget(page, ui['Start']);
  r = await englishLeft(page);
  assert.deepEqual(r.left, [], 'new-game dialog');
  assert.ok(r.seen.some((t) => t.en === 'Who moves first' && t.found), 'the options come from the rules data, in French');

  await clickWidget(page, ui['Start']);
  await page.waitForFunction(() => window.gamut.state().screen === 'play' && window.gamut.state().game === 'geister');
  const s = await state(page);
  if (s.covered) {
    r = await englishLeft(page);
    assert.deepEqual(r.left, [], 'the hand-over cover');
    await page.evaluate(() => window.gamut.ui('uncover'));
  }
  await widget(page, ui['Confirm setup']);
  r = await englishLeft(page);
  assert.deepEqual(r.left, [], "Geister's panel and toolbar at set-up");
  assert.ok(r.widgets.some((w) => w.label === ui['Undo']), 'the toolbar is drawn in French');

  assert.equal(await page.evaluate(() => window.gamut.ui('rules')), null);
  await page.waitForFunction(() => { window.gamut.wake(); const x = window.gamut.state().rules; return x.open && Array.isArray(x.entries) && x.entries.length > 0; });
  r = await englishLeft(page);
  assert.deepEqual(r.left, [], "Geister's rules");
  // The French original is the text itself: its quote stands alone, with no translation beside it.
  const rules = (await state(page)).rules;
  const quoted = rules.entries.flatMap((e) => e.provenance).filter((p) => p.kind === 'text');
  assert.ok(quoted.length > 3);
  for (const p of quoted) assert.equal(p.beside, undefined, JSON.stringify(p));
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// The other games: their panel and log after a few moves (chance lines among them where the
// game has chance), the toolbar, and their rules, in French.
for (const id of ['blue-and-gray', 'gray-ghost', 'uncle', 'mosby']) {
  test(`in French, ${id}: its panel and log after some moves, and its rules, have no English left`, { timeout: 300000 }, async () => {
    const ctx = await browser.newContext({ locale: 'fr-FR' });
    const page = await open(ctx, url);
    const g = (await page.evaluate(() => window.gamut.catalog())).find((x) => x.id === id);
    const seats = ['human', ...Array(g.min_seats - 1).fill('ai:1')];
    assert.equal(await page.evaluate(([i, o]) => window.gamut.newGame(i, o), [id, { seats, seed: 5, practice: true }]), null);
    let s = await state(page);
    for (let i = 0; i < 40 && s.log.length < 6 && s.result === null; i++) {
      await page.waitForFunction(() => { const x = window.gamut.state(); return x.result !== null || (x.legal_actions.length > 0 && !x.thinking); }, null, { timeout: 120000 });
      s = await state(page);
      if (s.covered) await page.evaluate(() => window.gamut.ui('uncover'));
      if (s.result === null && s.to_move === s.seat) assert.equal(await page.evaluate((a) => window.gamut.act(a), s.legal_actions[0]), null);
      s = await state(page);
    }
    assert.ok(s.log.length >= 1, `${id}: the game moved on`);
    await settled(page);
    let r = await englishLeft(page);
    assert.deepEqual(r.left, [], `${id}: the panel, the log and the toolbar`);
    for (const line of (await state(page)).log) assert.deepEqual(english(line), [], `${id}: the log line ${JSON.stringify(line)}`);
    assert.equal(await page.evaluate(() => window.gamut.ui('rules')), null);
    await page.waitForFunction(() => { window.gamut.wake(); const x = window.gamut.state().rules; return x.open && Array.isArray(x.entries) && x.entries.length > 0; });
    r = await englishLeft(page);
    assert.deepEqual(r.left, [], `${id}: its rules`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}

test('a quote in a third language keeps its translation beside it, in French', async () => {
  const ctx = await browser.newContext({ locale: 'fr-FR' });
  const page = await open(ctx, url);
  assert.equal(await page.evaluate(() => window.gamut.newGame('blue-and-gray', { seats: ['human', 'human'], seed: 1 })), null);
  assert.equal(await page.evaluate(() => window.gamut.ui('rules')), null);
  await page.waitForFunction(() => { window.gamut.wake(); const x = window.gamut.state().rules; return x.open && Array.isArray(x.entries) && x.entries.length > 0; });
  const rules = (await state(page)).rules;
  const russian = rules.entries.flatMap((e) => e.provenance).filter((p) => p.kind === 'text' && /[А-Яа-я]/.test(p.quote));
  assert.ok(russian.length > 0);
  for (const p of russian) {
    assert.equal(typeof p.beside, 'string', JSON.stringify(p));
    assert.deepEqual(english(p.beside), [], p.beside);  // the English of the quote, in French
  }
  await ctx.close();
});

test('the choice is kept across a reload; a French browser starts in French; lang= wins and is not kept', async () => {
  // A browser whose language is French starts in French, shell included.
  const frCtx = await browser.newContext({ locale: 'fr-FR' });
  let page = await open(frCtx, url);
  assert.equal(await page.evaluate(() => navigator.language), 'fr-FR');
  assert.equal((await state(page)).language, 'fr');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await page.evaluate(() => document.title), ui['Gamut: historic board games']);
  await frCtx.close();

  // An English browser: English, then French chosen, kept after a reload.
  const ctx = await browser.newContext({ locale: 'en-GB' });
  page = await open(ctx, url);
  assert.equal((await state(page)).language, 'en');
  assert.equal(await page.evaluate(() => window.gamut.setLanguage('de')), `${'The language could not be changed: %s'.replace('%s', "no language 'de' (en or fr)")}`);
  assert.equal(await page.evaluate(() => window.gamut.setLanguage('fr')), null);
  assert.equal((await state(page)).language, 'fr');
  await page.reload();
  await page.waitForFunction(() => window.gamut && window.gamut.isReady);
  await settled(page);
  assert.equal((await state(page)).language, 'fr');
  assert.ok(await widget(page, ui['Saved games']), 'the home page is in French after the reload');

  // An embed that asks for English shows English, and leaves the visitor's French as it was.
  const embed = await open(ctx, `${url}?embed=1&game=geister&lang=en`);
  assert.equal((await state(embed)).language, 'en');
  assert.ok(await widget(embed, 'Rules'));
  await embed.close();
  await page.reload();
  await page.waitForFunction(() => window.gamut && window.gamut.isReady);
  assert.equal((await state(page)).language, 'fr');
  // And back to English, from the switch itself.
  await settled(page);
  await clickWidget(page, SWITCH);
  await page.waitForFunction(() => window.gamut.state().language === 'en');
  await page.reload();
  await page.waitForFunction(() => window.gamut && window.gamut.isReady);
  assert.equal((await state(page)).language, 'en');
  await ctx.close();
});

test('the embed builder offers the language, and its snippet opens in it', async () => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(`${url}embed.html`);
  await page.selectOption('#b-game', 'geister');
  await page.selectOption('#b-mode', 'play');
  await page.selectOption('#b-lang', 'fr');
  await page.click('#b-make');
  const snippet = await page.inputValue('#b-snippet');
  assert.match(snippet, /[?&;]lang=fr"/);
  const frame = await (await page.waitForSelector('#b-preview iframe')).contentFrame();
  await frame.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  await frame.waitForFunction(() => window.gamut.state().language === 'fr');
  assert.equal(await frame.evaluate(() => document.documentElement.lang), 'fr');
  // The host may switch it by postMessage, for this embed only.
  await page.evaluate(() => document.querySelector('#b-preview iframe').contentWindow.postMessage({ gamut: 1, id: 7, type: 'setLanguage', lang: 'en' }, '*'));
  await frame.waitForFunction(() => window.gamut.state().language === 'en');
  assert.equal(await frame.evaluate(() => localStorage.getItem('gamut.language')), null);
  await ctx.close();
});
