//! The script every served page gets: it listens to the event stream, reloads the page when its
//! output changed (keeping the scroll position), and shows the build errors as an overlay in the
//! page's language until the build is good again.

/// The live-reload script.
pub const LIVE_JS: &str = r#"// shoko serve: live reload and error overlay (not part of the built site).
(function () {
  'use strict';
  var script = document.currentScript;
  var base = (script && script.getAttribute('data-base')) || '/';
  var key = 'shoko-scroll:' + location.pathname;
  var saved = sessionStorage.getItem(key);
  if (saved !== null) {
    sessionStorage.removeItem(key);
    var y = Number(saved);
    window.addEventListener('load', function () { window.scrollTo(0, y); });
    window.scrollTo(0, y);
  }
  var ja = (document.documentElement.lang || '').indexOf('ja') === 0;
  var text = ja
    ? { title: 'ビルドエラー：最後に成功したページを表示しています', hint: '修正して保存すると自動で消えます', open: 'エディタで開く:' }
    : { title: 'Build errors: showing the last good pages', hint: 'Fix and save; this closes by itself', open: 'Open in editor:' };

  // Columns a monospace font gives `chars`: two for East Asian wide and full-width characters.
  function width(chars) {
    return chars.reduce(function (n, c) {
      var p = c.codePointAt(0);
      var wide = (p >= 0x1100 && p <= 0x115f) || (p >= 0x2e80 && p <= 0xa4cf) || (p >= 0xac00 && p <= 0xd7a3) ||
        (p >= 0xf900 && p <= 0xfaff) || (p >= 0xfe30 && p <= 0xfe4f) || (p >= 0xff00 && p <= 0xff60) ||
        (p >= 0xffe0 && p <= 0xffe6) || (p >= 0x20000 && p <= 0x3fffd);
      return n + (wide ? 2 : 1);
    }, 0);
  }

  function overlay(report) {
    hide();
    var box = document.createElement('div');
    box.id = 'shoko-overlay';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;' +
      'background:#1d1f21;color:#f3f4f5;font:14px/1.5 ui-monospace,monospace;padding:12px 16px;border-top:4px solid #e5534b';
    var h = document.createElement('p');
    h.style.cssText = 'margin:0 0 4px;font-weight:700;color:#ffb3ae';
    h.textContent = text.title;
    box.appendChild(h);
    var sub = document.createElement('p');
    sub.style.cssText = 'margin:0 0 8px;color:#a9aeb5';
    sub.textContent = text.hint;
    box.appendChild(sub);
    (report.diagnostics || []).forEach(function (d) {
      var item = document.createElement('pre');
      item.className = 'shoko-diagnostic';
      item.style.cssText = 'margin:0 0 10px;white-space:pre-wrap';
      var where = d.file ? '\n  --> ' + d.file + ':' + d.line + ':' + d.column : '';
      var line = d.source_line ? '\n   | ' + d.source_line : '';
      var caret = '';
      if (d.source_line && d.column && d.end_line === d.line) {
        var before = Array.from(d.source_line).slice(0, d.column - 1);
        var marked = Array.from(d.source_line).slice(d.column - 1, Math.max(d.end_column - 1, d.column));
        caret = '\n   | ' + ' '.repeat(width(before)) + '^'.repeat(Math.max(1, width(marked)));
      }
      var hint = d.hint ? '\n   = help: ' + d.hint : '';
      item.textContent = d.severity + '[' + d.code + ']: ' + d.message + where + line + caret + hint;
      box.appendChild(item);
      if (report.editor && d.file && d.line) {
        var open = document.createElement('a');
        open.className = 'shoko-open';
        open.style.cssText = 'display:inline-block;margin:-6px 0 10px;color:#8ab4f8';
        // split/join, not replace: a `$&` or `$'` in a path is text, not a replacement pattern.
        open.href = report.editor.pattern
          .split('{path}').join(encodeURI(report.editor.root + '/' + d.file))
          .split('{line}').join(String(d.line))
          .split('{column}').join(String(d.column || 1));
        open.textContent = text.open + ' ' + d.file + ':' + d.line;
        box.appendChild(open);
      }
    });
    document.body.appendChild(box);
  }

  function hide() {
    var old = document.getElementById('shoko-overlay');
    if (old) { old.remove(); }
  }

  var events = new EventSource(base + '__shoko/events');
  events.addEventListener('reload', function (e) {
    var urls = JSON.parse(e.data);
    if (urls.indexOf(location.pathname) >= 0) {
      sessionStorage.setItem(key, String(window.scrollY));
      location.reload();
    }
  });
  events.addEventListener('errors', function (e) { overlay(JSON.parse(e.data)); });
  events.addEventListener('ok', hide);
})();
"#;
