// shoko figure viewer. Optional: without it a figure's link opens the image itself.
// A figure (`a.enlarge`) opens in a dialog over the page, in the page's language and the theme in
// use, where it zooms and pans: pinch, the wheel, or + − 0 to zoom; drag or the arrow keys to
// move; Escape, the close button or a click beside it to close. The labels come from <body>
// (`data-viewer-*`, in the page's language).
(function () {
  'use strict';
  var links = document.querySelectorAll('main a.enlarge');
  var body = document.body;
  if (!links.length || !window.HTMLDialogElement || !body) { return; }
  var label = function (key) { return body.getAttribute('data-viewer-' + key) || ''; };

  var dialog = document.createElement('dialog');
  dialog.className = 'viewer';
  dialog.setAttribute('aria-label', label('title'));
  var bar = document.createElement('div');
  bar.className = 'viewer-bar';
  var button = function (text, name, aria) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'viewer-button';
    b.textContent = text;
    b.setAttribute('data-action', name);
    b.setAttribute('aria-label', aria);
    b.title = aria;
    bar.appendChild(b);
    return b;
  };
  button('−', 'out', label('zoom-out'));
  var level = button('100%', 'fit', label('fit'));
  button('+', 'in', label('zoom-in'));
  var close = button('×', 'close', label('close'));
  close.classList.add('viewer-close');
  var stage = document.createElement('div');
  stage.className = 'viewer-stage';
  stage.tabIndex = 0;
  stage.setAttribute('role', 'img');
  var hint = document.createElement('p');
  hint.className = 'viewer-hint';
  hint.textContent = label('hint');
  var img = document.createElement('img');
  img.alt = '';
  img.draggable = false;
  stage.appendChild(img);
  dialog.appendChild(bar);
  dialog.appendChild(stage);
  dialog.appendChild(hint);
  body.appendChild(dialog);

  // The view: the image's top-left corner at (x, y) in the stage, drawn `scale` times its size.
  var view = { x: 0, y: 0, scale: 1, fit: 1 };
  var draw = function () {
    img.style.transform = 'translate(' + view.x + 'px,' + view.y + 'px) scale(' + view.scale + ')';
    level.textContent = Math.round(view.scale / view.fit * 100) + '%';
  };
  var fit = function () {
    var w = img.naturalWidth || 800;
    var h = img.naturalHeight || 600;
    var box = stage.getBoundingClientRect();
    view.fit = Math.min(box.width / w, box.height / h);
    view.scale = view.fit;
    view.x = (box.width - w * view.scale) / 2;
    view.y = (box.height - h * view.scale) / 2;
    draw();
  };
  // Zoom by `factor` keeping the point (px, py) of the stage where it is.
  var zoom = function (factor, px, py) {
    var box = stage.getBoundingClientRect();
    if (px === undefined) { px = box.width / 2; py = box.height / 2; }
    var next = Math.min(Math.max(view.scale * factor, view.fit * 0.5), view.fit * 8);
    var k = next / view.scale;
    view.x = px - (px - view.x) * k;
    view.y = py - (py - view.y) * k;
    view.scale = next;
    draw();
  };
  var pan = function (dx, dy) { view.x += dx; view.y += dy; draw(); };

  bar.addEventListener('click', function (event) {
    var action = event.target.getAttribute && event.target.getAttribute('data-action');
    if (action === 'in') { zoom(1.5); } else if (action === 'out') { zoom(1 / 1.5); } else if (action === 'fit') { fit(); } else if (action === 'close') { dialog.close(); }
  });
  stage.addEventListener('keydown', function (event) {
    var step = 48;
    var keys = {
      '+': function () { zoom(1.25); }, '=': function () { zoom(1.25); }, '-': function () { zoom(0.8); },
      '0': fit, ArrowLeft: function () { pan(step, 0); }, ArrowRight: function () { pan(-step, 0); },
      ArrowUp: function () { pan(0, step); }, ArrowDown: function () { pan(0, -step); },
    };
    if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });
  stage.addEventListener('wheel', function (event) {
    event.preventDefault();
    var box = stage.getBoundingClientRect();
    zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
  }, { passive: false });
  // One finger or the mouse moves the image; two fingers pinch.
  var pointers = {};
  var spread = function () {
    var ids = Object.keys(pointers);
    if (ids.length < 2) { return null; }
    var a = pointers[ids[0]];
    var b = pointers[ids[1]];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  var last = null;
  stage.addEventListener('pointerdown', function (event) {
    stage.setPointerCapture(event.pointerId);
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    last = spread();
  });
  stage.addEventListener('pointermove', function (event) {
    var was = pointers[event.pointerId];
    if (!was) { return; }
    var now = { x: event.clientX, y: event.clientY };
    pointers[event.pointerId] = now;
    var two = spread();
    if (two && last) {
      var box = stage.getBoundingClientRect();
      zoom(two.d / (last.d || 1), two.x - box.left, two.y - box.top);
      pan(two.x - last.x, two.y - last.y);
      last = two;
    } else if (!two) {
      pan(now.x - was.x, now.y - was.y);
    }
  });
  var lift = function (event) { delete pointers[event.pointerId]; last = spread(); };
  stage.addEventListener('pointerup', lift);
  stage.addEventListener('pointercancel', lift);
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', function (event) {
    if (event.target === dialog) { dialog.close(); }
  });

  Array.prototype.forEach.call(links, function (link) {
    link.addEventListener('click', function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) { return; }
      event.preventDefault();
      // The version the page shows (language and theme) of a figure; the original of a photo.
      var shown = Array.prototype.filter.call(link.querySelectorAll('img'), function (i) { return i.getClientRects().length > 0; })[0];
      var src = link.classList.contains('figure-svg') && shown ? shown.currentSrc || shown.src : link.href;
      stage.setAttribute('aria-label', shown ? shown.alt : '');
      img.onload = fit;
      img.src = src;
      dialog.showModal();
      stage.focus();
      if (img.complete && img.naturalWidth) { fit(); }
    });
  });
})();
