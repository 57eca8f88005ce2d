// Shared set-up for the browser tests: a static server on a free loopback
// port and Debian's headless Chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// GAMUT_WEB_ROOT serves another build (e.g. a one-game dev build) instead of build/web.
export const webRoot = path.resolve(process.env.GAMUT_WEB_ROOT || path.resolve(here, '../../build/web'));

// Long whole-game runs: `./scripts/test --quick` skips them, the full command runs them.
export const soak = process.env.GAMUT_QUICK === '1' ? { skip: 'soak test: ./scripts/test without --quick runs it' } : {};

export async function startServer() {
  const server = await serve(webRoot, 0);
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    ],
  });
  return browser;
}

// Opens the page and waits until the wasm app runs. Collects console errors.
// 960x640 unless a test asks for its size: a laptop's window, wide enough for
// the side panel and, in English, the unfolded toolbar; where software GL fills every
// pixel of every frame, two thirds of 1200x800's pixels make each wait on the
// page about a quarter shorter (the layouts at 1280x800 and on phones have tests
// of their own).
export async function open(context, url, { width = 960, height = 640 } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.gamut && window.gamut.isReady, null, { timeout: 60000 });
  await settled(page);
  return page;
}

// Waits until the page has drawn what was done before this call and has
// settled: at least two frames drawn since, all input handled, and every
// button where it was the frame before. A state condition, not a frame count:
// on a loaded machine it simply takes longer. Returns, as they stood then,
// gamut.state() with `withState`, or where node `node` is drawn. One round
// trip to the page: where software GL fills the pixels, the page answers about
// once a frame, so each call saved is most of a frame.
export async function settled(page, { timeout = 30000, withState = false, node = null } = {}) {
  return page.evaluate(({ timeout, withState, node }) => new Promise((resolve, reject) => {
    const f0 = window.gamut.probe().frames;
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      reject(new Error(`the page did not settle in ${timeout} ms: ${JSON.stringify(window.gamut.probe())}`));
    }, timeout);
    const tick = () => {
      if (done) return;
      window.gamut.wake();  // an idle page draws nothing; this asks for a frame
      const p = window.gamut.probe();
      if (p.frames >= f0 + 2 && !p.input_pending && p.input_age >= 2 && p.layout_stable) {
        done = true;
        clearTimeout(timer);
        resolve(node !== null ? window.gamut.nodePos(node) : withState ? window.gamut.state() : null);
      } else requestAnimationFrame(tick);
    };
    tick();
  }), { timeout, withState, node });
}

// Kept for tests that measure drawing: lets n animation frames pass.
export const frames = (page, n = 3) => page.evaluate((k) => window.gamut.frames(k), n);
export const state = (page) => page.evaluate(() => window.gamut.state());

// Clicks a board node where the page draws it; returns the state after.
export async function clickNode(page, node) {
  const p = await settled(page, { node });  // the board transform is the one of a settled frame
  if (!p) throw new Error(`node ${node} is not on the board`);
  await page.mouse.click(p.x, p.y);
  return settled(page, { withState: true });
}

// Waits until the AI or chance has moved and a person is to move or the game ended.
export async function settle(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const s = window.gamut.state();
    return s.result !== null || (s.legal_actions.length > 0 && !s.thinking);
  }, null, { timeout, polling: 50 });
  await settled(page);
}

export async function screenshot(page, name) {
  const dir = path.resolve(here, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

// A button the app drew (by its label; home-screen buttons are "<game id>:<label>"),
// once it stands still: {x, y, w, h, visible}, or null when the settled page has none (visible: a
// click at its centre reaches it, in what its window shows and under no other window).
export async function widget(page, label, timeout = 30000) {
  const h = await page.waitForFunction((l) => {
    window.gamut.wake();
    const w = window.gamut.widget(l);
    const done = window.gamut.settled();
    if (w) return w.stable && (w.visible || done) ? w : false;
    return done ? 'absent' : false;
  }, label, { timeout, polling: 'raf' });
  const w = await h.jsonValue();
  return w === 'absent' ? null : w;
}

// Returns the state after the click.
export async function clickWidget(page, label) {
  let w = await widget(page, label);
  if (!w) throw new Error(`no button "${label}" on screen`);
  // Scrolled out of its panel: scroll the panel with the wheel, as a person would.
  const vp = page.viewportSize();
  for (let k = 0; k < 30 && w && !w.visible; k++) {
    await page.mouse.move(Math.min(Math.max(w.x, 5), vp.width - 5), Math.min(Math.max(w.y, 60), vp.height - 20));
    await page.mouse.wheel(0, w.y > vp.height / 2 ? 120 : -120);
    await settled(page);
    w = await widget(page, label);
  }
  if (!w || !w.visible) throw new Error(`button "${label}" is out of its window's visible area or under another window`);
  await page.mouse.click(w.x, w.y);
  return settled(page, { withState: true });
}

// Plays a move given as "from-to" by clicking both squares, handing over
// behind the cover screen first when the game shows one.
export async function clickMove(page, move) {
  const s = await state(page);
  if (s.covered) await clickWidget(page, `I am ${s.view && s.to_move === 0 ? 'South' : 'North'}: show my side`);
  const [from, to] = move.split('-');
  await clickNode(page, from);
  await clickNode(page, to);
}

// Plays one action the way a person would: clicks its nodes on the board,
// or its button when it has none. `pick` chooses among the legal actions.
export async function playByClicks(page, pick = (names) => names[0]) {
  let s = await state(page);
  if (s.covered) {
    await page.evaluate(() => window.gamut.ui('uncover'));
    s = await state(page);
  }
  const name = pick(s.legal_actions, s);
  const path = s.legal_paths[name];
  const before = s.log.length;
  let after;
  if (!path || path.length === 0) {
    after = await clickWidget(page, name);
  } else {
    for (const n of path) {
      if (n === 'off') { after = await clickWidget(page, `Leave the board: ${name}`); break; }
      after = await clickNode(page, n);
    }
    // Several moves can share one path: the chooser offers them by name.
    if (after.log.length === before) after = await clickWidget(page, name);
  }
  if (after.log.length === before) throw new Error(`clicking did not play ${name}; path ${JSON.stringify(path)}`);
  return name;
}
