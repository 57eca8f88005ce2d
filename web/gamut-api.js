// window.gamut: the page API for host pages and tests. Every call returns
// data; errors come back as messages, never as exceptions.
(function () {
  var ready = new Promise(function (resolve) { window.gamutResolveReady = resolve; });
  function call(name, args) {
    var types = (args || []).map(function () { return 'string'; });
    return Module.ccall(name, 'string', types, args || []);
  }
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
    state: function () { return JSON.parse(call('gamut_state')); },
    // The library's games in its order: [{id, name, min_seats, max_seats, test}]
    // (test games only when the URL has ?test-games=1).
    games: function () { return JSON.parse(call('gamut_games')); },
    act: function (action) { var e = call('gamut_act', [String(action)]); return e || null; },
    newGame: function (id, options) { var e = call('gamut_new_game', [String(id), JSON.stringify(options || {})]); return e || null; },
    shareCode: function () { return call('gamut_share_code'); },
    load: function (code) { var e = call('gamut_load', [String(code)]); return e || null; },
    undo: function () { var e = call('gamut_undo'); return e || null; },
    redo: function () { var e = call('gamut_redo'); return e || null; },
    ui: function (cmd) { var e = call('gamut_ui', [String(cmd)]); return e || null; },
    nodePos: function (node) { return JSON.parse(call('gamut_node_pos', [String(node)])); },
    widget: function (label) { return JSON.parse(call('gamut_widget', [String(label)])); },
    frames: frames,
    wake: function () { call('gamut_wake'); },
    // What the page's own tests wait on: {frames, input_age, input_pending, layout_stable, thinking}.
    probe: function () { return JSON.parse(call('gamut_probe')); },
    // Input handled and every button where it was the frame before.
    settled: function () {
      var p = JSON.parse(call('gamut_probe'));
      return !p.input_pending && p.input_age >= 2 && p.layout_stable;
    },
    // Solitaire games (Mosby): a hint for the move to make, the AI playing the
    // seat, the end-of-game summary window, the scripted tutorial.
    hint: function () { var e = call('gamut_ui', ['hint']); return e || null; },
    autoplay: function (on, level) {
      var e = call('gamut_ui', ['autoplay:' + (on ? 'on' : 'off') + (level ? ':' + level : '')]);
      return e || null;
    },
    summary: function (open) { var e = call('gamut_ui', [open === false ? 'summary:close' : 'summary']); return e || null; },
    tutorial: function (id) { var e = call('gamut_ui', [id ? 'tutorial:' + id : 'tutorial']); return e || null; }  // no id: the current game's, else the first game that has one
  };
  ready.then(function () { window.gamut.isReady = true; });
  window.addEventListener('hashchange', function () {
    var h = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (h.indexOf('play=') === 0 && window.gamut.isReady) {
      var err = window.gamut.load(h.slice(5));
      if (err) console.warn('gamut: ' + err);
    }
  });
})();
