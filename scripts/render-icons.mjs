// Renders the app's PNG icons from assets/icon.svg with the headless Chromium
// the browser tests use (playwright-core from tests/web): the 192 and 512
// pixel icons of the web app manifest, and a "maskable" one, the same drawing
// at 70% on a full square of its background, inside the round or squircle
// mask a phone's launcher may cut. The PNGs are committed; run this again
// after changing the SVG:  node scripts/render-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(path.join(root, 'tests/web/package.json'))('playwright-core');
const svg = fs.readFileSync(path.join(root, 'assets/icon.svg'), 'utf8');
const src = 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage();
const shots = [
  ['icon-192.png', 192, 1, 'transparent'],
  ['icon-512.png', 512, 1, 'transparent'],
  ['icon-maskable-512.png', 512, 0.7, '#211c17'],
];
for (const [name, size, scale, bg] of shots) {
  await page.setViewportSize({ width: size, height: size });
  const s = Math.round(size * scale), m = (size - s) / 2;
  await page.setContent(`<body style="margin:0;background:${bg}"><img src="${src}" width="${s}" height="${s}"
    style="position:absolute;left:${m}px;top:${m}px"></body>`);
  await page.waitForFunction(() => document.images[0].complete);
  await page.screenshot({ path: path.join(root, 'assets', name), omitBackground: bg === 'transparent' });
  console.log(`assets/${name}: ${size}x${size}`);
}
await browser.close();
