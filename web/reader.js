// The screen reader's layer: the game in text beside the canvas, off screen
// but in the accessibility tree. Everything comes from the page API
// (gamut.reader(), gamut.rules()), which holds only what the board shows the
// seat at the screen: under the hand-over cover nothing of either seat. It is
// redrawn only when the reader's data changed, so a focused button keeps its
// focus until a move changes the list.
(function () {
  'use strict';
  var root = document.getElementById('reader');
  if (!root) return;
  var $ = function (id) { return document.getElementById(id); };
  var el = function (tag, text, attrs) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  };
  var shown = '';         // the last data drawn, as JSON
  var game = null;        // the game and library entry drawn, to tell a new game from a move
  var logSeen = 0;        // log lines already announced
  var banner = '';
  var rulesFor = null;
  var wasCovered = false;

  // The layer's keys are its own: the SDL canvas listens on the window, so a
  // key pressed on a reader button must not also reach the board.
  ['keydown', 'keyup', 'keypress'].forEach(function (t) {
    root.addEventListener(t, function (e) { e.stopPropagation(); });
  });

  // The layer's own live region: #announce carries an embed's narration and
  // notes, which the moves must not talk over.
  function announce(text) {
    var a = $('reader-announce');
    if (a && text) a.textContent = text;
  }


  function drawMoves(r, hadFocus) {
    var box = $('reader-moves');
    box.textContent = '';
    var groups = r.moves_by_piece || [];
    if (!groups.length) box.appendChild(el('p', r.labels ? r.labels.no_moves : ''));
    groups.forEach(function (g) {
      var div = el('div', null, { role: 'group', 'aria-label': g.label });
      div.appendChild(el('h3', g.label));
      g.moves.forEach(function (m) {
        var b = el('button', m.label, { type: 'button', 'data-action': m.action });
        b.addEventListener('click', function () {
          var err = window.gamut.act(m.action);
          if (err) announce(err);
          window.gamut.wake();
          refresh();
        });
        div.appendChild(b);
      });
      box.appendChild(div);
    });
    if (hadFocus) $('reader-moves-h').focus();  // the list was redrawn under the focus
  }

  function drawRules() {
    var box = $('reader-rules');
    var d = window.gamut.rules();
    rulesFor = d.game;
    box.textContent = '';
    if (!d.game) return;
    (d.rules || []).forEach(function (rule) {
      box.appendChild(el('h3', rule.title));
      if (rule.text) box.appendChild(el('p', rule.text));
      (rule.sources || []).forEach(function (s) {
        var kind = (d.kinds || {})[s.kind] || s.kind;
        var head = s.kind === 'text' ? s.citation : s.why;
        box.appendChild(el('p', kind + ': ' + (s.about ? s.about + ': ' : '') + (head || '')));
        if (s.quote) box.appendChild(el('blockquote', s.quote, s.language ? { lang: s.language } : {}));
        if (s.english) box.appendChild(el('p', s.english, { lang: 'en' }));
        if (s.alternatives && s.alternatives.length) {
          var ul = el('ul');
          s.alternatives.forEach(function (a) { ul.appendChild(el('li', a)); });
          box.appendChild(el('p', (d.labels || {}).alternatives || ''));
          box.appendChild(ul);
        }
      });
    });
  }

  function drawStart(r) {
    var box = $('reader-start');
    if (box.childNodes.length) return;
    var cat = window.gamut.catalog();
    if (!cat.length) return;
    cat.forEach(function (g) {
      var seats = ['human'];
      for (var i = 1; i < g.min_seats; i++) seats.push('ai:2');
      var b = el('button', (r.labels.play || '%s').replace('%s', g.name), { type: 'button', 'data-game': g.id });
      b.addEventListener('click', function () {
        var err = window.gamut.newGame(g.id, { seats: seats });
        if (err) announce(err);
        window.gamut.wake();
        refresh();
      });
      box.appendChild(b);
    });
  }

  function refresh() {
    if (!window.gamut || !window.gamut.isReady) return;
    var r = window.gamut.reader();
    var json = JSON.stringify(r);
    if (json === shown) return;
    shown = json;
    root.dataset.game = r.game || '';  // which game the layer shows, for tests and styles
    var L = r.labels || {};
    ['turn', 'position', 'moves', 'log', 'rules', 'new_game'].forEach(function (k) {
      var h = $('reader-' + k + '-h');
      if (h && L[k]) h.textContent = L[k];
    });
    drawStart(r);
    var key = r.game ? r.game + '/' + r.library_id : null;
    var fresh = key !== game;
    game = key;
    $('reader-banner').textContent = r.banner + (r.result ? '. ' + r.result : '');
    var show = $('reader-show');
    show.hidden = !r.covered;
    show.textContent = r.show || '';
    var pos = $('reader-position');
    pos.textContent = '';
    (r.position || []).forEach(function (line) { pos.appendChild(el('li', line)); });
    var log = $('reader-log');
    var lines = r.log || [];
    log.textContent = '';
    lines.forEach(function (line) { log.appendChild(el('li', line)); });
    var hadFocus = root.contains(document.activeElement) && $('reader-moves').contains(document.activeElement);
    drawMoves(r, hadFocus);
    if (r.game !== rulesFor) drawRules();
    // What to say: the new log lines (moves, dice, reveals), then the result,
    // then whose turn it is when that changed. A new game or a cover says only its banner.
    var say = [];
    if (fresh) logSeen = lines.length;
    if (fresh || r.covered) {
      say.push(r.name ? r.name + '. ' + r.banner : r.banner);
    } else if (wasCovered) {
      // Back from the hand-over: whose turn, and the move made meanwhile.
      say.push(r.banner);
      if (lines.length) say.push(lines[lines.length - 1]);
    } else {
      if (lines.length < logSeen) say.push(L.undone || '');
      for (var i = Math.min(logSeen, lines.length); i < lines.length; i++) say.push(lines[i]);
      if (r.result) say.push(r.result);
      else if (r.banner !== banner) say.push(r.banner);
    }
    if (!r.covered) logSeen = lines.length;
    wasCovered = !!r.covered;
    banner = r.banner;
    announce(say.filter(Boolean).join('. '));
  }

  $('reader-show').addEventListener('click', function () {
    window.gamut.ui('uncover');
    window.gamut.wake();
    refresh();
  });

  // The page draws a frame after every change (a move, the AI, a dialog), and
  // calls gamutFrame after it; a slow timer covers frames skipped while idle.
  var pending = false;
  var before = window.gamutFrame;
  window.gamutFrame = function () {
    if (before) before();
    if (pending) return;
    pending = true;
    setTimeout(function () { pending = false; refresh(); }, 250);
  };
  setInterval(refresh, 1000);
  if (window.gamut && window.gamut.ready) window.gamut.ready.then(refresh);
  window.gamutReader = { refresh: refresh };
})();
