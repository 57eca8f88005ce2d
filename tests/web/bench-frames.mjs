// Frame times as figures, not test assertions (a loaded machine makes any
// wall-clock budget flaky): for each game, the gaps between frames while the
// page draws the board (made to draw every frame), and while the strongest AI
// thinks (the page left to itself, as a player sees it); first the library's
// pictures, baked and unbaked. Run by scripts/bench-page.
// Goal in headless Chromium (SwiftShader): while the AI thinks, mean <= 33 ms
// and longest <= 100 ms for every game (docs/performance.md).
import { startServer, launch, open, settled } from './lib.mjs';

const MOVES = Number(process.env.MOVES || 5);
const SIZE = { width: 1200, height: 800 };  // the size every figure in docs/performance.md was taken at

// Gaps between animation frames for `ms` milliseconds, the page made to draw each one, or
// while the AI thinks (until its move), the page left to itself.
async function gaps(page, ms, whileThinking = false) {
  return page.evaluate(async ({ ms, whileThinking }) => {
    // Every time is a frame's own timestamp: a frame's time is when its frame began, which
    // can come before a performance.now() read in the middle of the frame, so mixing the two
    // gave a short think a negative gap.
    const out = [];
    let last = null, t0 = null, seen = false;
    await new Promise((resolve) => {
      requestAnimationFrame(function tick(now) {
        if (last === null) t0 = now;
        else out.push(now - last);
        last = now;
        if (!whileThinking) window.gamut.wake();
        const thinking = window.gamut.probe().thinking;
        seen ||= thinking;
        const stop = whileThinking ? (seen ? !thinking : now - t0 > 3000) : now - t0 > ms;
        if (stop || now - t0 > 120000) resolve(); else requestAnimationFrame(tick);
      });
    });
    return out;
  }, { ms, whileThinking });
}
function summary(out) {
  out = [...out].sort((a, b) => a - b);
  const q = (p) => out[Math.min(out.length - 1, Math.floor(p * out.length))] || 0;
  const mean = out.reduce((a, b) => a + b, 0) / Math.max(1, out.length);
  return { n: out.length, mean, median: q(0.5), p95: q(0.95), worst: out[out.length - 1] || 0 };
}

const fmt = (g) => `${g.n} frames, mean ${g.mean.toFixed(1)} ms, median ${g.median.toFixed(1)} ms, ` +
  `p95 ${g.p95.toFixed(1)} ms, longest ${g.worst.toFixed(1)} ms`;
// Prints the gaps between frames for 2 s of the page made to draw every frame, and what its own code costs a frame.
async function drawing(page, label) {
  const g = summary(await gaps(page, 2000));
  const drawMs = await page.evaluate(() => window.gamut.probe().draw_ms);
  const own = typeof drawMs === 'number' ? `${drawMs.toFixed(1)} ms a frame` : 'not reported (an older build)';
  console.log(`${label} drawing: ${fmt(g)}; the page's own code ${own}`);
}
const { server, url } = await startServer();
const browser = await launch();
const games = { geister: { seats: ['human', 'ai:5'], options: { first: 'North' }, setup: 'setup:GEGEEGEG' },
  'blue-and-gray': { seats: ['human', 'ai:5'] }, 'gray-ghost': { seats: ['human', 'ai:5'] },
  uncle: { seats: ['human', 'ai:5'] }, mosby: { seats: ['ai:5'] } };  // Mosby: the AI plays the band
const only = process.env.GAMES ? process.env.GAMES.split(',') : null;  // GAMES=mosby,uncle: just those
// The library, its pictures baked into textures and (?bake=0) drawn layer by layer every frame.
for (const q of ['', '?bake=0']) {
  if (only && !only.includes('home')) break;
  const ctx = await browser.newContext();
  const page = await open(ctx, url + q, SIZE);
  await drawing(page, `home${q}`);
  await ctx.close();
}
for (const [id, o] of Object.entries(games)) {
  if (only && !only.includes(id)) continue;
  const ctx = await browser.newContext();
  const page = await open(ctx, url, SIZE);
  const err = await page.evaluate(([id, o]) => window.gamut.newGame(id, { seats: o.seats, options: o.options }), [id, o]);
  if (err) { console.log(`${id}: ${err}`); await ctx.close(); continue; }
  await settled(page);
  await drawing(page, id);
  if (o.setup) await page.evaluate((a) => window.gamut.act(a), o.setup);
  // The AI's set-up or a chance step may come first, or the person's move: play the
  // person's first legal action until the search starts. Several of the AI's moves, up to
  // MOVES or 20 s of thinking, so that a short think is not the whole sample.
  const startThinking = () => page.evaluate(async () => {
    for (let t0 = performance.now(); performance.now() - t0 < 10000; await new Promise((r) => setTimeout(r, 10))) {
      if (window.gamut.probe().thinking) return true;
      const st = window.gamut.state();
      if (st.result !== null) return false;
      if (st.to_move === st.seat && st.legal_actions.length) window.gamut.act(st.legal_actions[0]);
    }
    return false;
  });
  const all = [];
  let moves = 0;
  for (const t0 = Date.now(); moves < MOVES && Date.now() - t0 < 20000; ++moves) {
    if (!(await startThinking())) break;
    all.push(...(await gaps(page, 0, true)));
  }
  if (!moves) console.log(`${id}: the AI did not start thinking`);
  else {
    const sl = await page.evaluate(() => window.gamut.state().ai_slices);
    console.log(`${id} ai:5 thinking, ${moves} moves: ${fmt(summary(all))}; ` +
      `slices ${sl.count}, longest ${sl.longest_ms.toFixed(1)} ms`);
  }
  await ctx.close();
}
await browser.close();
server.close();
