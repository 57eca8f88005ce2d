// Set up before gamut.js loads: Emscripten reads `Module` at start-up.
var Module = {
  canvas: document.getElementById('canvas'),
  print: function (t) { console.log(t); },
  printErr: function (t) { console.warn(t); },
  setStatus: function (t) { if (t) document.getElementById('status').textContent = t; },
  onAbort: function (w) { window.gamutFatal('Gamut stopped: ' + w); }
};
window.gamutFatal = function (msg) {
  var s = document.getElementById('status');
  s.textContent = msg;
  s.className = 'error';
  s.style.display = 'block';
};
window.gamutReady = function () {
  document.getElementById('status').style.display = 'none';
  if (window.gamutResolveReady) window.gamutResolveReady();
};
window.addEventListener('error', function (e) {
  if (!window.gamut || !window.gamut.isReady) window.gamutFatal('Gamut could not start: ' + e.message);
});
document.getElementById('canvas').addEventListener('contextmenu', function (e) { e.preventDefault(); });
// Offline and installable: a service worker keeps this version's files (web/sw.js).
// It is registered once the app has loaded all it needs, and a new version it
// finds is let take over only then, so this page never mixes two versions;
// the next visit runs the new one. Without a worker (file://, an old browser,
// storage refused) the page works as before, online.
window.gamutWorker = new Promise(function (resolve) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return resolve(null);
  var activate = function (w) { if (w) w.postMessage({ type: 'gamut:activate' }); };
  var track = function (w) {
    if (w) w.addEventListener('statechange', function () { if (w.state === 'installed') activate(w); });
  };
  var start = function () {
    navigator.serviceWorker.register('sw.js').then(function (reg) {
      // Look for a new version at every visit, now rather than when the browser gets round to it.
      if (reg.active) reg.update().catch(function () {});
      activate(reg.waiting);
      track(reg.installing);
      reg.addEventListener('updatefound', function () { track(reg.installing); });
      resolve(reg);
    }, function (e) {
      console.warn('Gamut works online only here: ' + e.message);
      resolve(null);
    });
  };
  var ready = window.gamutReady;
  window.gamutReady = function () {
    ready();
    start();
  };
});
