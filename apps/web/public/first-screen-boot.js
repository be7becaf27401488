// Starts the app on a document that carries Explore's first screen rendered by the server (the API's
// plugins/app/first-screen.ts puts this script in place of the entry's module script). The app's
// JavaScript is fetched only once the first screen's pictures on screen have loaded and painted, or
// after 1.5 s at most: a modulepreload compiles its module on the main thread and the entry's
// evaluation is one long task, both holding back the very paint the server rendered for
// (docs/performance.md). Then every chunk the entry and Explore's route import is preloaded at once
// (data-preload), so they arrive side by side instead of one import after another.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
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
  // The server rendered the layout this device showed last (its cookie); a window that has changed
  // since (another width) must not paint the wrong frame: the markup goes, and the app starts now.
  // Breakpoints: the app's (features/layout/hooks/use-media-query.ts; a unit test keeps them equal).
  var frame = root && root.querySelector('[data-layout]');
  var shown = !frame
    ? null
    : frame.getAttribute('data-layout') === 'mobile'
      ? 'mobile'
      : frame.getAttribute('data-panel') === 'icons'
        ? 'icons'
        : 'full';
  var wanted = window.matchMedia('(max-width: 767.98px)').matches
    ? 'mobile'
    : window.matchMedia('(max-width: 1023.98px)').matches
      ? 'icons'
      : 'full';
  // The grid the server dealt for the column count this device's grid had last (its cookie; one grid,
  // where an older cookie gets one per count and the stylesheet picks): a grid whose width now gives
  // another count would deal the pictures to other places. The app's columnCount (features/gallery/
  // masonry.ts): floor(width / 300), 1 to 5, 1200 px when unknown; a unit test keeps them equal.
  var stale = shown !== wanted;
  var grid = !stale && root && root.querySelector('[data-testid="masonry-grid"][data-first-screen]');
  var dealt = grid && grid.children.length === 1 ? Number(grid.children[0].getAttribute('data-columns')) : 0;
  if (dealt) {
    var width = grid.getBoundingClientRect().width;
    stale = Math.min(5, Math.max(1, Math.floor((width > 0 ? width : 1200) / 300))) !== dealt;
  }
  if (root && stale) {
    root.textContent = '';
    root.removeAttribute('data-first-screen');
    start();
    return;
  }
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
