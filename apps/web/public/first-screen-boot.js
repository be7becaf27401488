// Starts the app on a document that carries Explore's first screen rendered by the server (the API's
// plugins/app/first-screen.ts puts this script in place of the entry's module script). The entry's
// JavaScript is fetched at once (a modulepreload in the head) but runs only once the first screen's
// pictures on screen have loaded and painted, or after 1.5 s at most: its evaluation is one long task
// that would otherwise hold back the very paint the server rendered for (docs/performance.md).
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // After the next frame has painted.
  function startAfterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var root = document.getElementById('root');
  var waiting = Array.prototype.filter.call(root ? root.getElementsByTagName('img') : [], function (img) {
    var box = img.getBoundingClientRect();
    return !img.complete && box.width > 0 && box.top < window.innerHeight;
  });
  var left = waiting.length;
  function settled() {
    left -= 1;
    if (left === 0) startAfterPaint();
  }
  if (left === 0) startAfterPaint();
  waiting.forEach(function (img) {
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  });
  setTimeout(start, 1500);
})();
