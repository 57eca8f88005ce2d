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
// theme=light (an embed on a light page): the page behind the canvas matches before the first frame.
if (new URLSearchParams(location.search).get('theme') === 'light') document.documentElement.dataset.theme = 'light';
