// Embeds for game-history sites (web/embed.html): every mode of every game in
// an iframe on a host page, the layout at small and large sizes, positions and
// replays, Mosby's Example of Play with its narration, the height posted to
// the host, the host API by postMessage, and what it ignores.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, open, state, settled } from './lib.mjs';

let server, url, other, otherUrl, browser;
before(async () => {
  ({ server, url } = await startServer());
  ({ server: other, url: otherUrl } = await startServer());  // another port: another origin
  browser = await launch();
});
after(async () => { await browser.close(); server.close(); other.close(); });

const GAMES = ['geister', 'blue-and-gray', 'gray-ghost', 'uncle', 'mosby'];

// A host page with one iframe; its messages are collected in window.got.
async function host(ctx, src, w, h, base = url) {
  const page = await ctx.newPage();
  // Room for the largest iframe and no more: the browser draws the host page's every pixel each frame.
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto(`${base}embed.html`);
  const frame = await page.evaluate(([s, fw, fh]) => new Promise((resolve) => {
    window.got = [];
    window.addEventListener('message', (e) => { if (e.data && e.data.v === 1) window.got.push(e.data); });
    const f = document.createElement('iframe');
    f.id = 'under-test';
    f.name = 'under-test';
    f.src = s;
    f.width = fw; f.height = fh;
    f.style.border = '0';
    document.body.prepend(f);
    f.onload = () => resolve(true);
  }), [src, w, h]);
  assert.ok(frame);
  const fr = page.frame({ name: 'under-test' });
  await fr.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  await settled(fr);
  return { page, frame: fr };
}

async function fits(fr, w, h, what) {
  // The canvas has taken the iframe's new size, and the page has drawn at it.
  await fr.waitForFunction(([fw, fh]) => innerWidth === fw && innerHeight === fh &&
    document.getElementById('canvas').width === Math.round(fw * devicePixelRatio), [w, h], { polling: 50 });
  await settled(fr);
  await settled(fr);
  const ws = await fr.evaluate(() => window.gamut.widgets());
  // Every button a click can reach lies inside the iframe across, and its centre inside it; one half
  // cut at the bottom of the side panel is the panel's scroll, which a wheel or a drag moves.
  for (const b of ws.filter((x) => x.visible)) {
    const cy = (b.y0 + b.y1) / 2;
    assert.ok(b.x0 >= -1 && b.y0 >= -1 && b.x1 <= w + 1 && cy <= h, `${what}: "${b.label}" [${b.x0},${b.y0},${b.x1},${b.y1}] outside ${w}x${h}`);
  }
  const s = await fr.evaluate(() => window.gamut.state());
  const r = s.board_rect;
  assert.ok(r && r[0] >= -1 && r[1] >= -1 && r[2] <= w + 1 && r[3] <= h + 1, `${what}: the board ${JSON.stringify(r)} outside ${w}x${h}`);
}

async function codeOf(game, moves) {
  const ctx = await browser.newContext();
  const page = await open(ctx, url);
  const seats = game === 'mosby' ? ['human'] : ['human', 'human'];
  assert.equal(await page.evaluate(([g, s]) => window.gamut.newGame(g, { seats: s, seed: 77 }), [game, seats]), null);
  for (let i = 0; i < moves; i++) {
    const s = await state(page);
    if (s.result !== null) break;
    if (s.covered) await page.evaluate(() => window.gamut.ui('uncover'));
    const t = await state(page);
    if (!t.legal_actions.length) { await settled(page); continue; }
    assert.equal(await page.evaluate((a) => window.gamut.act(a), t.legal_actions[0]), null);
  }
  await settled(page);
  const code = await page.evaluate(() => window.gamut.shareCode());
  await ctx.close();
  return code;
}

test('embed: every game in every mode fits at 320x320 and 960x640; position and replay open at their move', async () => {
  const ctx = await browser.newContext();
  for (const g of GAMES) {
    const code = await codeOf(g, 8);
    const modes = [
      `mode=play&game=${g}&seats=${g === 'mosby' ? 'human' : 'human,ai:1'}`,
      `mode=position&code=${code}&move=4`,
      `mode=position&code=${code}&move=3&frozen=1`,
      `mode=replay&code=${code}&move=2`,
    ];
    if (g === 'mosby') modes.push('mode=example&game=mosby&example=example1');
    for (const m of modes) {
      const { page, frame } = await host(ctx, `${url}index.html?embed=1&${m}`, 320, 320);
      await fits(frame, 320, 320, `${g} ${m.split('&')[0]} 320`);
      const s = await frame.evaluate(() => window.gamut.state());
      if (m.includes('mode=position') && m.includes('frozen')) assert.equal(s.replay, 3, `${g}: frozen at move 3`);
      // Playable from action 4 on; chance due there (U.N.C.L.E.'s deal) is drawn as the game goes on.
      if (m.includes('mode=position') && !m.includes('frozen')) assert.ok(s.log.length >= 4 && s.replay === null, `${g}: playable from move 4`);
      if (m.includes('mode=replay')) {
        assert.equal(s.replay, 2, `${g}: the replay starts at move 2`);
        assert.equal(s.replay_only, true);
      }
      await page.evaluate(() => { const f = document.getElementById('under-test'); f.width = 960; f.height = 640; });
      await fits(frame, 960, 640, `${g} ${m.split('&')[0]} 960`);
      await page.close();
    }
  }
  await ctx.close();
});

test('embed: a replay steps forward and back, and shows only public information of an unfinished secret game', async () => {
  const ctx = await browser.newContext();
  const code = await codeOf('geister', 10);
  const { page, frame } = await host(ctx, `${url}index.html?embed=1&mode=replay&code=${code}&move=3`, 960, 640);
  let s = await frame.evaluate(() => window.gamut.state());
  assert.equal(s.replay, 3);
  assert.equal(s.watch, true, 'an unfinished Geister game replays as a spectator sees it');
  assert.ok(s.view.pieces.every((p) => p.face === 'hidden'));
  const click = async (label) => {
    const w = await frame.evaluate((l) => window.gamut.widget(l), label);
    const box = await page.evaluate(() => document.getElementById('under-test').getBoundingClientRect().toJSON());
    await page.mouse.click(box.x + w.x, box.y + w.y);
    await settled(frame);
  };
  await click('>');
  assert.equal((await frame.evaluate(() => window.gamut.state())).replay, 4);
  await click('<');
  await click('<');
  assert.equal((await frame.evaluate(() => window.gamut.state())).replay, 2);
  await click('Play');
  await frame.waitForFunction(() => window.gamut.state().replay >= 3, null, { timeout: 10000, polling: 100 });
  await click('Pause');
  await ctx.close();
});

test('embed: Mosby\'s Example of Play 1 runs with its narration, and the host\'s notes are read out', async () => {
  const ctx = await browser.newContext();
  const { page, frame } = await host(ctx, `${url}index.html?embed=1&mode=example&game=mosby&example=example1`, 960, 640);
  let s = await frame.evaluate(() => window.gamut.state());
  assert.equal(s.tutorial.scenario, 'example1');
  const first = await frame.evaluate(() => document.getElementById('announce').textContent);
  assert.equal(first, s.tutorial.text, 'the narration is in the live region');
  const step = s.tutorial.step;
  assert.equal(await frame.evaluate((a) => window.gamut.act(a), s.tutorial.expected), null);
  await settled(frame);
  s = await frame.evaluate(() => window.gamut.state());
  assert.ok(s.tutorial.step > step, 'the example moves on');
  await frame.waitForFunction(() => document.getElementById('announce').textContent === window.gamut.state().tutorial.text);
  // Notes given by the host, per move.
  const reply = await page.evaluate(() => new Promise((resolve) => {
    const f = document.getElementById('under-test');
    window.addEventListener('message', (e) => { if (e.data && e.data.type === 'gamut:reply' && e.data.id === 9) resolve(e.data); });
    const n = Array(400).fill('').map((_, i) => `Note for move ${i + 1}`);
    f.contentWindow.postMessage({ gamut: 1, id: 9, type: 'setNotes', notes: n }, '*');
  }));
  assert.equal(reply.result.error, null);
  await settled(frame);
  s = await frame.evaluate(() => window.gamut.state());
  assert.equal(s.note, `Note for move ${s.log.length}`);
  await frame.waitForFunction(() => document.getElementById('announce').textContent.startsWith('Note for move'));
  await ctx.close();
});

test('embed: notes kept in a record narrate its replay, for a plain game and as a spectator sees a secret one', async () => {
  const ctx = await browser.newContext();
  for (const g of ['blue-and-gray', 'geister']) {
    const maker = await open(ctx, url);
    const seats = ['human', 'human'];
    assert.equal(await maker.evaluate(([gg, s]) => window.gamut.newGame(gg, { seats: s, seed: 5 }), [g, seats]), null);
    for (let i = 0; i < 4; i++) {
      if ((await state(maker)).covered) await maker.evaluate(() => window.gamut.ui('uncover'));
      const t = await state(maker);
      assert.equal(await maker.evaluate((a) => window.gamut.act(a), t.legal_actions[0]), null);
    }
    const notes = ['First, the opening.', '', 'Third: a reply.'];
    assert.equal(await maker.evaluate((n) => window.gamut.ui('notes:' + JSON.stringify(n)), notes), null);
    const code = await maker.evaluate(() => window.gamut.shareCode());
    await maker.close();
    const { page, frame } = await host(ctx, `${url}index.html?embed=1&mode=replay&code=${code}&move=1`, 960, 640);
    let s = await frame.evaluate(() => window.gamut.state());
    assert.equal(s.replay, 1);
    assert.equal(s.note, notes[0], `${g}: the record's own note for move 1`);
    await frame.waitForFunction((n) => document.getElementById('announce').textContent === n, notes[0]);
    assert.equal(await frame.evaluate(() => window.gamut.ui('replay:3')), null);
    s = await frame.evaluate(() => window.gamut.state());
    assert.equal(s.note, notes[2]);
    if (g === 'geister') assert.equal(s.watch, true, 'the secret game replays from a watch code, notes and all');
    await page.close();
  }
  await ctx.close();
});

// The mean brightness (0-1) of a part of a screenshot, read back through a 2D canvas in a blank page.
async function brightness(png, [x0, y0, x1, y1]) {
  const page = await browser.newPage();
  const v = await page.evaluate(async ([b64, r]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(r[0], r[1], r[2] - r[0], r[3] - r[1]).data;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) / 255;
    return sum / (d.length / 4);
  }, [png.toString('base64'), [x0, y0, x1, y1]]);
  await page.close();
  return v;
}

test('embed: theme=light draws the panel on parchment, the default dark on walnut, and the builder offers it', async () => {
  const ctx = await browser.newContext();
  const seen = {};
  for (const theme of ['dark', 'light']) {
    const q = theme === 'light' ? '&theme=light' : '';
    const { page, frame } = await host(ctx, `${url}index.html?embed=1&game=blue-and-gray&seats=human,ai:1${q}`, 960, 640);
    const s = await frame.evaluate(() => window.gamut.state());
    const png = await page.locator('#under-test').screenshot();
    // The side panel: right of the board, under the toolbar.
    seen[theme] = await brightness(png, [Math.ceil(s.board_rect[2]) + 40, 120, 950, 600]);
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme || 'dark'), theme);
    await page.close();
  }
  assert.ok(seen.dark < 0.3, `the dark panel is dark: ${seen.dark.toFixed(2)}`);
  assert.ok(seen.light > 0.7, `the light panel is light: ${seen.light.toFixed(2)}`);
  const b = await ctx.newPage();
  await b.goto(`${url}embed.html`);
  await b.selectOption('#b-theme', 'light');
  await b.click('#b-make');
  assert.match(await b.inputValue('#b-snippet'), /theme=light/);
  await ctx.close();
});

test('embed: the host API works from the parent, posts ready, move and resize, and ignores other windows and origins', async () => {
  const ctx = await browser.newContext();
  const { page, frame } = await host(ctx, `${url}index.html?embed=1&game=blue-and-gray&seats=human,human&origin=${encodeURIComponent(url.replace(/\/$/, ''))}`, 960, 640);
  const send = (msg) => page.evaluate((m) => new Promise((resolve) => {
    const f = document.getElementById('under-test');
    const on = (e) => { if (e.data && e.data.type === 'gamut:reply' && e.data.id === m.id) { window.removeEventListener('message', on); resolve(e.data); } };
    window.addEventListener('message', on);
    f.contentWindow.postMessage(m, '*');
  }), msg);
  let r = await send({ gamut: 1, id: 1, type: 'newGame', game: 'geister', options: { seats: ['human', 'ai:1'], seed: 5 } });
  assert.equal(r.result.error, null);
  r = await send({ gamut: 1, id: 2, type: 'getState' });
  assert.equal(r.result.state.game, 'geister');
  const a = r.result.state.legal_actions[0];
  r = await send({ gamut: 1, id: 3, type: 'act', action: a });
  assert.equal(r.result.error, null);
  r = await send({ gamut: 1, id: 4, type: 'goto', move: 0 });
  assert.equal(r.result.error, null);
  assert.equal((await frame.evaluate(() => window.gamut.state())).replay, 0);
  const code = await frame.evaluate(() => window.gamut.shareCode());
  r = await send({ gamut: 1, id: 5, type: 'load', code });
  assert.equal(r.result.error, null);
  r = await send({ gamut: 1, id: 6, type: 'setNotes', notes: ['first'] });
  assert.equal(r.result.error, null);
  const got = await page.evaluate(() => window.got.map((m) => m.type));
  for (const t of ['gamut:ready', 'gamut:move', 'gamut:resize']) assert.ok(got.includes(t), `${t} in ${got}`);
  const move = await page.evaluate(() => window.got.find((m) => m.type === 'gamut:move' && m.moves > 0));
  assert.ok(move && !JSON.stringify(move).match(/setup:[GE]{8}|"face":"(good|evil)","node"/), 'move events hold only public information');
  const resize = await page.evaluate(() => window.got.find((m) => m.type === 'gamut:resize'));
  assert.ok(resize.height >= 300);

  // A child window of the embed is not its parent: ignored.
  const before = await frame.evaluate(() => window.gamut.state().game);
  await frame.evaluate(() => new Promise((resolve) => {
    const c = document.createElement('iframe');
    c.name = 'child';
    c.onload = () => resolve();
    document.body.appendChild(c);
  }));
  const child = frame.childFrames().find((f) => f.name() === 'child');
  const noted = page.waitForEvent('console', (m) => /other than the parent page was ignored/.test(m.text()));
  await child.evaluate(() => parent.postMessage({ gamut: 1, id: 7, type: 'newGame', game: 'blue-and-gray' }, '*'));
  await noted;  // the embed says it ignored the command
  await settled(frame);
  assert.equal(await frame.evaluate(() => window.gamut.state().game), before, 'a command from a child window is ignored');
  await ctx.close();

  // The same embed on a page of another origin, which origin= does not list: ignored.
  const ctx2 = await browser.newContext({ bypassCSP: true });  // embed.html allows frames of its own origin only
  const h2 = await host(ctx2, `${url}index.html?embed=1&game=blue-and-gray&seats=human,human&origin=${encodeURIComponent(url.replace(/\/$/, ''))}`, 960, 640, otherUrl);
  const note = h2.page.waitForEvent('console', (m) => /an origin this embed does not list, was ignored/.test(m.text()));
  await h2.page.evaluate(() => {
    window.answered = false;
    window.addEventListener('message', (e) => { if (e.data && e.data.type === 'gamut:reply') window.answered = true; });
    document.getElementById('under-test').contentWindow.postMessage({ gamut: 1, id: 8, type: 'newGame', game: 'geister' }, '*');
  });
  await note;  // the embed says it ignored the command, and it did not answer
  await settled(h2.frame);
  assert.equal(await h2.page.evaluate(() => window.answered), false, 'no reply to another origin');
  assert.equal(await h2.frame.evaluate(() => window.gamut.state().game), 'blue-and-gray');
  await ctx2.close();
});

test('embed: the snippet builder makes an iframe that loads', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${url}embed.html`);
  await page.selectOption('#b-game', 'uncle');
  await page.selectOption('#b-mode', 'play');
  await page.fill('#b-seats', 'human,ai:1');
  await page.click('#b-make');
  const snippet = await page.inputValue('#b-snippet');
  assert.match(snippet, /^<iframe src="[^"]+index\.html\?embed=1&amp;game=uncle&amp;seats=human%2Cai%3A1"/);
  const fr = await (await page.waitForSelector('#b-preview iframe')).contentFrame();
  await fr.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  const s = await fr.evaluate(() => window.gamut.state());
  assert.equal(s.game, 'uncle');
  assert.deepEqual(s.seats, ['human', 'ai:1']);
  await ctx.close();
});
