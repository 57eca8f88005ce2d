// Renders the app's PNG icons from assets/icon.svg with the headless Chromium
// the browser tests use (playwright-core from tests/web): the 192 and 512
// pixel icons of the web app manifest, and a "maskable" one, the same drawing
// at 70% on a full square of its background, inside the round or squircle
// mask a phone's launcher may cut. The PNGs are committed; run this again
// after changing the SVG:  node scripts/render-icons.mjs
// Chromium's PNGs are written again with the same pixels, unfiltered and at
// deflate's best level, which suits flat icon art: a quarter smaller, and the
// service worker fetches them on the first visit (the download budget, issue 16).
// node scripts/render-icons.mjs --recompress only does that to the committed PNGs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The rows of an 8-bit RGB or RGBA PNG without interlacing, unfiltered.
function pixels(png) {
  const chunks = [];
  for (let i = 8; i < png.length;) {
    const n = png.readUInt32BE(i), type = png.toString('latin1', i + 4, i + 8);
    chunks.push({ type, data: png.subarray(i + 8, i + 8 + n) });
    i += 12 + n;
  }
  const ihdr = chunks.find((c) => c.type === 'IHDR').data;
  const w = ihdr.readUInt32BE(0), h = ihdr.readUInt32BE(4), depth = ihdr[8], ctype = ihdr[9], interlace = ihdr[12];
  if (depth !== 8 || (ctype !== 2 && ctype !== 6) || interlace) throw new Error('not an 8-bit RGB(A) PNG');
  const bpp = ctype === 6 ? 4 : 3, stride = w * bpp;
  const raw = zlib.inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const rows = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < h; ++y) {
    const f = raw[y * (stride + 1)], line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; ++x) {
      const a = x >= bpp ? line[x - bpp] : 0, b = prev[x], c = x >= bpp ? prev[x - bpp] : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = b;
      else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) {
        const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = (line[x] + p) & 255;
    }
    rows.push(line);
    prev = line;
  }
  return { ihdr, rows };
}

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; ++k) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

// The same pixels, every row unfiltered, deflated at level 9: checked to decode to the same rows.
function recompress(file) {
  const before = fs.readFileSync(file), { ihdr, rows } = pixels(before);
  const idat = zlib.deflateSync(Buffer.concat(rows.map((r) => Buffer.concat([Buffer.from([0]), r]))), { level: 9, memLevel: 9 });
  const after = Buffer.concat([before.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
  const again = pixels(after).rows;
  if (again.length !== rows.length || again.some((r, i) => !r.equals(rows[i]))) throw new Error(`${file}: pixels changed`);
  if (after.length < before.length) fs.writeFileSync(file, after);
  console.log(`${path.relative(root, file)}: ${before.length} -> ${Math.min(before.length, after.length)} bytes`);
}

const NAMES = ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'];
if (process.argv.includes('--recompress')) {
  for (const name of NAMES) recompress(path.join(root, 'assets', name));
  process.exit(0);
}
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
  recompress(path.join(root, 'assets', name));
}
await browser.close();
