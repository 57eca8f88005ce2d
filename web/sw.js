// Gamut's service worker: after one visit the app opens and plays with the
// network off. The build stamps this file (scripts/sw-stamp.cmake) with the
// list of the site's files and BUILD, a hash of their contents, so a new
// build is a new worker with a cache of its own ("gamut-" + BUILD).
//
// One version at a time, whole: a page is served from one cache only, and a
// new version installs beside the old one and takes over only when a page
// that has finished loading asks it to (web/boot.js). It then deletes the
// old caches; the next visit runs the new files together, never old
// JavaScript with a new wasm.
const BUILD = '@GAMUT_BUILD@';
const FILES = [@GAMUT_FILES@];
const CACHE = 'gamut-' + BUILD;

self.addEventListener('install', (e) => {
  // 'reload': the files of this build from the server, not from the HTTP cache.
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('message', (e) => {
  if (e.data && e.data.type === 'gamut:activate') self.skipWaiting();
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gamut-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(caches.open(CACHE).then(async (c) => {
    // Every address of the page (?game=..., embed=1, the folder itself) is index.html.
    const hit = (await c.match(req, { ignoreSearch: true })) ||
      (req.mode === 'navigate' ? await c.match('index.html') : undefined);
    return hit || fetch(req);
  }));
});
