// Shows the last message the embedded game sent, as a host page would.
window.addEventListener('message', function (e) {
  if (!e.data || e.data.type !== 'gamut:gameover') return;
  document.getElementById('last-message').textContent = 'Game over: ' + e.data.game + ' — ' + e.data.result;
});
