// window.gamut: the page API for host pages and tests. Every call returns
// data; errors come back as messages, never as exceptions. Before the engine
// has loaded (gamut.ready resolves), every call answers at once: the calls that
// return a message say "Gamut is still loading", state() says ready: false,
// and the others return their empty value. Host pages that would rather wait
// can chain on gamut.ready.
(function () {
  var loaded = false;
  var LOADING = 'Gamut is still loading';
  var ready = new Promise(function (resolve) {
    window.gamutResolveReady = function () { loaded = true; resolve(); };
  });
  function call(name, args, before) {
    if (!loaded) return before;
    var types = (args || []).map(function () { return 'string'; });
    return Module.ccall(name, 'string', types, args || []);
  }
  function json(name, args, before) { return loaded ? JSON.parse(call(name, args)) : before; }
  function message(name, args) { var e = call(name, args, LOADING); return e || null; }
  function frames(n) {
    // Let the page draw so clicks and AI moves show up before the next call.
    return new Promise(function (resolve) {
      var k = 0;
      (function tick() { if (++k >= n) resolve(); else requestAnimationFrame(tick); })();
      call('gamut_wake');
    });
  }
  window.gamut = {
    ready: ready,
    isReady: false,
    state: function () {
      return json('gamut_state', [], { ready: false, screen: 'loading', game: null, result: null, legal_actions: [], messages: [LOADING] });
    },
    // The games Gamut plays, in the home screen's order: [{id, name, min_seats, max_seats, test}]
    // (test games only when the URL has ?test-games=1).
    catalog: function () { return json('gamut_catalog', [], []); },
    // The saved games, newest first: [{id, game, name, moves, finished, practice, updated, players, code}],
    // code being the entry's share code. An embed lists its own, apart from the visitor's.
    games: function () { return json('gamut_games', [], []); },
    openGame: function (id) { return message('gamut_open_game', [String(id)]); },
    deleteGame: function (id) { return message('gamut_delete_game', [String(id)]); },
    // What a spectator may see of the current game, move by move: no seed, no hidden piece.
    watchCode: function () { return call('gamut_watch_code', [], ''); },
    act: function (action) { return message('gamut_act', [String(action)]); },
    newGame: function (id, options) { return message('gamut_new_game', [String(id), JSON.stringify(options || {})]); },
    shareCode: function () { return call('gamut_share_code', [], ''); },
    load: function (code) { return message('gamut_load', [String(code)]); },
    undo: function () { return message('gamut_undo'); },
    redo: function () { return message('gamut_redo'); },
    ui: function (cmd) { return message('gamut_ui', [String(cmd)]); },
    nodePos: function (node) { return json('gamut_node_pos', [String(node)], null); },
    widget: function (label) { return json('gamut_widget', [String(label)], null); },
    // Every button of the last frame, for layout tests: [{label, x0, y0, x1, y1, visible, clip, scrolls}].
    widgets: function () { return json('gamut_widgets', [], []); },
    // The screen reader's layer (web/reader.js): {banner, seat, covered, log, position,
    // moves_by_piece: [{from, label, moves: [{action, label}]}], result}, the shown seat's only.
    reader: function () { return json('gamut_reader', [], { banner: LOADING, game: null, log: [], position: [], moves_by_piece: [] }); },
    // The current game's rules: [{title, text, sources: [{kind, citation, quote, english, why, alternatives}]}].
    rules: function () { return json('gamut_rules', [], { game: null, rules: [] }); },
    // "en" or "fr": the whole interface and the games' texts; remembered for the next visit
    // (state().language says which is on).
    setLanguage: function (lang) { return message('gamut_ui', ['lang:' + String(lang)]); },
    // The texts the last drawn frame looked up in the language's tables: [{en, text, found}].
    // The first call switches the record on, so call it, let a frame draw, and call it again.
    textSeen: function () { return json('gamut_text_seen', [], []); },
    // Each board node on screen and its hit area's width: [{node, x, y, w}] (a tap where areas overlap asks).
    hits: function () { return json('gamut_hits', [], []); },
    frames: frames,
    wake: function () { call('gamut_wake', [], undefined); },
    // What the page's own tests wait on: {frames, input_age, input_pending, layout_stable, thinking}.
    probe: function () {
      return json('gamut_probe', [], { frames: 0, input_age: 0, input_pending: false, layout_stable: false, thinking: false });
    },
    // Input handled and every button where it was the frame before.
    settled: function () {
      if (!loaded) return false;
      var p = JSON.parse(call('gamut_probe'));
      return !p.input_pending && p.input_age >= 2 && p.layout_stable;
    },
    // Solitaire games (Mosby): a hint for the move to make, the AI playing the
    // seat, the end-of-game summary window, the scripted tutorial.
    hint: function () { return message('gamut_ui', ['hint']); },
    autoplay: function (on, level) { return message('gamut_ui', ['autoplay:' + (on ? 'on' : 'off') + (level ? ':' + level : '')]); },
    summary: function (open) { return message('gamut_ui', [open === false ? 'summary:close' : 'summary']); },
    // No id: the current game's tutorial, else the first game that has one.
    tutorial: function (id) { return message('gamut_ui', [id ? 'tutorial:' + id : 'tutorial']); }
  };
  ready.then(function () { window.gamut.isReady = true; });

  // The host API (web/embed.html documents it): a page that embeds Gamut in an
  // iframe drives it with postMessage. Only the parent window may, and when the
  // address names origin=a,b only pages of those origins; anything else is
  // ignored with a console note. Replies and events carry v: 1.
  var allowed = (new URLSearchParams(location.search).get('origin') || '').split(',').filter(Boolean);
  var commands = {
    newGame: function (m) { return window.gamut.newGame(m.game, m.options || {}); },
    load: function (m) { return window.gamut.load(m.code); },
    goto: function (m) { return window.gamut.ui('replay:' + Math.max(0, m.move | 0)); },
    act: function (m) { return window.gamut.act(m.action); },
    setNotes: function (m) { return window.gamut.ui('notes:' + JSON.stringify(m.notes || [])); },
    getState: function () { return window.gamut.state(); },
    setLanguage: function (m) { return window.gamut.setLanguage(m.lang); }
  };
  window.addEventListener('message', function (e) {
    var m = e.data;
    if (!m || typeof m !== 'object' || m.gamut !== 1 || typeof m.type !== 'string') return;
    if (window.parent === window || e.source !== window.parent) {
      console.warn('gamut: a command from a window other than the parent page was ignored');
      return;
    }
    if (allowed.length && allowed.indexOf(e.origin) < 0) {
      console.warn('gamut: a command from ' + e.origin + ', an origin this embed does not list, was ignored');
      return;
    }
    var f = commands[m.type];
    var reply = function (result) {
      e.source.postMessage({ type: 'gamut:reply', v: 1, id: m.id, command: m.type, result: result }, e.origin === 'null' ? '*' : e.origin);
    };
    if (!f) { reply({ error: 'unknown command ' + m.type }); return; }
    ready.then(function () {
      var r = f(m);
      reply(m.type === 'getState' ? { state: r } : { error: r || null });
    });
  });
  ready.then(function () {
    if (window.parent !== window)
      window.parent.postMessage({ type: 'gamut:ready', v: 1, game: (window.gamut.state() || {}).game || null }, '*');
  });
  window.addEventListener('hashchange', function () {
    var h = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (h.indexOf('play=') === 0 && window.gamut.isReady) {
      // The app opens it as it opens a link at start-up: a refused one is told on the screen.
      var err = window.gamut.ui('open:' + h.slice(5));
      if (err) console.warn('gamut: ' + err);
    }
  });
})();
