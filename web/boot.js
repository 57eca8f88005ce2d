// Set up before gamut.js loads: Emscripten reads `Module` at start-up.

// The page's language: lang=fr|en in the address (an embed's), else the
// visitor's choice from before, else the browser's language. The engine asks
// for it at start (gamutPreferredLanguage) and tells the page when it changes.
function gamutUrlLanguage() {
  var l = '';
  try { l = new URLSearchParams(location.search).get('lang') || ''; } catch (e) {}
  return l === 'fr' || l === 'en' ? l : '';
}
window.gamutPreferredLanguage = function () {
  try {
    var v = localStorage.getItem('gamut.language');
    if (v === 'fr' || v === 'en') return v;
  } catch (e) {}
  return /^fr(\b|[-_])/i.test(navigator.language || '') ? 'fr' : 'en';
};
// What the shell says before the engine has loaded; afterwards the engine
// sends its own words from its tables (assets/lang), through gamutLanguageChanged.
var gamutShell = {
  en: { loading: 'Loading Gamut\u2026', data: 'Loading the games\u2026', stopped: 'Gamut stopped: %s', failed: 'Gamut could not start: %s' },
  fr: { loading: 'Chargement de Gamut\u2026', data: 'Chargement des jeux\u2026', stopped: 'Gamut s\u2019est arr\u00eat\u00e9 : %s', failed: 'Gamut n\u2019a pas pu d\u00e9marrer : %s' }
};
var gamutLang = gamutUrlLanguage() || window.gamutPreferredLanguage();
var gamutWords = gamutShell[gamutLang];
document.documentElement.lang = gamutLang;
document.getElementById('status').textContent = gamutWords.loading;

window.gamutLanguageChanged = function (lang, remember, shell) {
  gamutLang = lang;
  document.documentElement.lang = lang;
  for (var k in shell) if (k !== 'lang') gamutWords[k] = shell[k];
  if (shell.title) document.title = shell.title;
  if (shell.board) document.getElementById('canvas').setAttribute('aria-label', shell.board);
  if (remember) {
    try { localStorage.setItem('gamut.language', lang); } catch (e) {}
  }
};

var Module = {
  canvas: document.getElementById('canvas'),
  print: function (t) { console.log(t); },
  printErr: function (t) { console.warn(t); },
  // Emscripten's own progress lines ("Downloading data... (3/9)") are shown as one line of ours.
  setStatus: function (t) { if (t) document.getElementById('status').textContent = /^Downloading/.test(t) ? gamutWords.data : gamutWords.loading; },
  onAbort: function (w) { window.gamutFatal(gamutWords.stopped.replace('%s', w)); }
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
  if (!window.gamut || !window.gamut.isReady) window.gamutFatal(gamutWords.failed.replace('%s', e.message));
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
// theme=light (an embed on a light page): the page behind the canvas matches before the first frame.
if (new URLSearchParams(location.search).get('theme') === 'light') document.documentElement.dataset.theme = 'light';
