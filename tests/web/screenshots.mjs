// Takes the screenshots the docs show: the library page and every game's
// opening position at 1280x800, on a 390x844 phone (touch, device pixel ratio
// 3) and on the same phone turned to 844x390. Not a test: it asserts nothing.
//   node tests/web/screenshots.mjs [OUT_DIR] [--sizes desktop,portrait,landscape]
// OUT_DIR defaults to docs/screenshots; GAMUT_WEB_ROOT serves another build
// (the "before" pictures in docs/before were taken from the main branch's).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launch, open, settle, settled } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const out = path.resolve(args.find((a) => !a.startsWith('--')) || path.resolve(here, '../../docs/screenshots'));
const sizesArg = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1].split(',') : null;

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  portrait: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
  landscape: { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
};

const { server, url } = await startServer();
const browser = await launch();
try {
  for (const [name, opts] of Object.entries(SIZES)) {
    if (sizesArg && !sizesArg.includes(name)) continue;
    fs.mkdirSync(path.join(out, name), { recursive: true });
    const ctx = await browser.newContext(opts);
    const page = await open(ctx, url, opts.viewport);
    // Phone pictures at device pixel ratio 3 are JPEG, a fifth of the PNG's size in git.
    const shot = (file) => page.screenshot(opts.deviceScaleFactor > 1
      ? { path: path.join(out, name, `${file}.jpg`), type: 'jpeg', quality: 80 }
      : { path: path.join(out, name, `${file}.png`) });
    await page.evaluate(() => window.gamut.ui('home'));
    await settled(page);
    await shot('home');
    const games = await page.evaluate(() => window.gamut.catalog());
    for (const g of games) {
      // The person at the screen holds seat 0 and the AI the others, so the
      // picture shows seat 0's view with no hand-over cover; a fixed seed
      // makes the opening the same each time.
      const seats = ['human', ...Array(Math.max(0, g.min_seats - 1)).fill('ai:1')];
      const err = await page.evaluate(([id, o]) => window.gamut.newGame(id, o), [g.id, { seats, seed: 7 }]);
      if (err) throw new Error(`${g.id}: ${err}`);
      await settle(page, 120000);
      await shot(g.id);
      console.log(`${name}/${g.id}`);
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  server.close();
}
