// Shows the last message the embedded game sent, as a host page would.
window.addEventListener('message', function (e) {
  if (!e.data || e.data.type !== 'gamut:gameover') return;
  document.getElementById('last-message').textContent = 'Game over: ' + e.data.game + ' — ' + e.data.result;
});

// The snippet builder: the iframe for the choices made, previewed live.
function gamutSnippet() {
  var v = function (id) { return document.getElementById(id).value.trim(); };
  var q = new URLSearchParams();
  var mode = v('b-mode');
  q.set('embed', '1');
  q.set('game', v('b-game'));
  if (mode !== 'play') q.set('mode', mode);
  if (mode === 'play' && v('b-seats')) q.set('seats', v('b-seats'));
  if ((mode === 'position' || mode === 'replay') && v('b-code')) q.set('code', v('b-code'));
  if (v('b-move')) q.set('move', v('b-move'));
  if (mode === 'position' && document.getElementById('b-frozen').checked) q.set('frozen', '1');
  if (document.getElementById('b-minimal').checked) q.set('ui', 'minimal');
  if (v('b-theme') === 'light') q.set('theme', 'light');
  if (mode === 'example') q.set('example', 'example1');
  if (v('b-lang')) q.set('lang', v('b-lang'));
  var src = new URL('index.html?' + q.toString(), location.href).href;
  return '<iframe src="' + src.replace(/&/g, '&amp;') + '" width="960" height="640" style="border:0" ' +
    'allow="clipboard-write" title="' + v('b-game') + ', playable"></iframe>';
}
document.getElementById('b-make').addEventListener('click', function () {
  var html = gamutSnippet();
  document.getElementById('b-snippet').value = html;
  document.getElementById('b-preview').innerHTML = html;  // the snippet itself, as a site would paste it
});
document.getElementById('b-copy').addEventListener('click', function () {
  var t = document.getElementById('b-snippet');
  try { navigator.clipboard.writeText(t.value).catch(function () {}); } catch (e) {}
  t.select();
});
