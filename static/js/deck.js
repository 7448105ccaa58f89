// shoko slide decks (pages with `layout: slides`). Without this script a deck reads as a page
// of sections. With it, one slide shows at a time:
// - arrows, Space, PageUp/PageDown, Home/End and a swipe turn slides; a counter says where;
// - the address follows (`#3`), so a reload or a language switch stays on the slide;
// - N or the notes button opens the slide's speaker notes in a dialog (Esc closes it);
// - F or the full-screen button presents full screen.
// Printing gives one slide per page (the stylesheet's print rules), for a PDF handout.
(function () {
  'use strict';
  var deck = document.querySelector('[data-deck]');
  if (!deck) { return; }
  var slides = Array.prototype.slice.call(deck.querySelectorAll('[data-slide]'));
  if (!slides.length) { return; }
  var label = function (key) { return deck.getAttribute('data-label-' + key) || key; };
  var current = 0;

  // The controls: previous, counter, next, notes, full screen.
  var bar = document.createElement('div');
  bar.className = 'deck-bar';
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', label('present'));
  var button = function (text, cls) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'deck-button ' + cls;
    b.textContent = text;
    bar.appendChild(b);
    return b;
  };
  var prev = button('←', 'deck-prev');
  prev.setAttribute('aria-label', label('prev'));
  var counter = document.createElement('span');
  counter.className = 'deck-counter';
  counter.setAttribute('aria-live', 'polite');
  bar.appendChild(counter);
  var next = button('→', 'deck-next');
  next.setAttribute('aria-label', label('next'));
  var notesButton = button(label('notes'), 'deck-notes');
  var full = button(label('full'), 'deck-full');
  // A browser that cannot show an element full screen (Safari on an iPhone) gets no button for it.
  full.hidden = !deck.requestFullscreen;
  deck.insertBefore(bar, deck.firstChild);

  // The notes dialog: a native modal dialog keeps focus inside and closes with Esc.
  var dialog = document.createElement('dialog');
  dialog.className = 'deck-dialog';
  dialog.setAttribute('aria-labelledby', 'deck-dialog-title');
  var title = document.createElement('h2');
  title.id = 'deck-dialog-title';
  title.textContent = label('notes');
  var body = document.createElement('div');
  body.className = 'deck-dialog-body';
  var close = document.createElement('button');
  close.type = 'button';
  close.className = 'deck-button deck-close';
  close.textContent = label('close');
  close.addEventListener('click', function () { dialog.close(); });
  dialog.appendChild(title);
  dialog.appendChild(body);
  dialog.appendChild(close);
  document.body.appendChild(dialog);

  document.documentElement.classList.add('presenting');
  // The deck takes focus (not a Tab stop), so its keys work from the start.
  deck.setAttribute('tabindex', '-1');

  function notesOf(slide) { return slide.querySelector('[data-notes]'); }

  function show(index, remember) {
    current = Math.max(0, Math.min(slides.length - 1, index));
    slides.forEach(function (slide, i) {
      slide.hidden = i !== current;
      slide.setAttribute('role', 'group');
      slide.setAttribute('aria-roledescription', label('slide'));
      slide.setAttribute('aria-label', (i + 1) + ' / ' + slides.length);
    });
    counter.textContent = (current + 1) + ' / ' + slides.length;
    prev.disabled = current === 0;
    next.disabled = current === slides.length - 1;
    notesButton.disabled = !notesOf(slides[current]);
    if (remember) {
      window.history.replaceState(null, '', window.location.pathname + window.location.search + '#' + (current + 1));
      // A slide taller than the window (on a phone) is read by scrolling down: the next one
      // starts at its top, with the controls, not where the last one was left. (Full screen
      // scrolls the deck itself.)
      var box = deck.getBoundingClientRect();
      if (!document.fullscreenElement && box.top < headerBottom() && box.bottom > headerBottom()) { reveal(); }
    }
  }

  function openNotes() {
    var notes = notesOf(slides[current]);
    if (!notes) { return; }
    body.innerHTML = '';
    Array.prototype.forEach.call(notes.children, function (child) {
      if (!child.classList.contains('notes-title')) { body.appendChild(child.cloneNode(true)); }
    });
    dialog.showModal();
    close.focus();
  }

  function toggleFull() {
    if (document.fullscreenElement) {
      document.exitFullscreen();
    } else if (deck.requestFullscreen) {
      deck.requestFullscreen().catch(function () { /* refused: stay in the page */ });
    }
  }

  prev.addEventListener('click', function () { show(current - 1, true); });
  next.addEventListener('click', function () { show(current + 1, true); });
  notesButton.addEventListener('click', openNotes);
  full.addEventListener('click', toggleFull);

  // The bottom of the sticky header: what lies above it is out of view.
  function headerBottom() {
    var header = document.querySelector('.site-header');
    return header ? header.getBoundingClientRect().bottom : 0;
  }
  // Whether some of the deck is in view.
  function onScreen() {
    var box = deck.getBoundingClientRect();
    return box.bottom > headerBottom() && box.top < window.innerHeight;
  }

  // Keys turn slides only while the reader is with the deck: focus in the deck, or on the page
  // itself with the deck in view (below it, Space and PageDown scroll the page as anywhere);
  // never in a field, on a summary (Space opens it) or in a region that scrolls sideways
  // (arrows scroll it). The single-letter keys work only with focus in the deck.
  function scrollsSideways(el) {
    for (var at = el; at && at !== deck; at = at.parentElement) {
      if (at.scrollWidth > at.clientWidth && /(auto|scroll)/.test(getComputedStyle(at).overflowX)) { return true; }
    }
    return false;
  }
  document.addEventListener('keydown', function (event) {
    if (dialog.open || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    var inDeck = target && target !== document.body && deck.contains(target);
    if (target !== document.body && target !== document.documentElement && !inDeck) { return; }
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|SUMMARY)$/.test(target.tagName)) { return; }
    if (inDeck && scrollsSideways(target)) { return; }
    var key = event.key;
    if ((key === 'n' || key === 'N' || key === 'f' || key === 'F') && !inDeck) { return; }
    if (!inDeck && !document.fullscreenElement && !onScreen()) { return; }
    if (key === 'ArrowRight' || key === 'PageDown' || (key === ' ' && target.tagName !== 'BUTTON')) {
      show(current + 1, true);
    } else if (key === 'ArrowLeft' || key === 'PageUp') {
      show(current - 1, true);
    } else if (key === 'Home') {
      show(0, true);
    } else if (key === 'End') {
      show(slides.length - 1, true);
    } else if (key === 'n' || key === 'N') {
      openNotes();
    } else if (key === 'f' || key === 'F') {
      toggleFull();
    } else {
      return;
    }
    event.preventDefault();
  });

  // A horizontal swipe of 50 px or more turns a slide.
  var startX = null;
  var startY = null;
  deck.addEventListener('touchstart', function (event) {
    // One finger, not on something that scrolls sideways (a wide table or code block).
    if (event.touches.length > 1 || scrollsSideways(event.target)) {
      startX = null;
      return;
    }
    startX = event.changedTouches[0].clientX;
    startY = event.changedTouches[0].clientY;
  }, { passive: true });
  deck.addEventListener('touchend', function (event) {
    if (startX === null) { return; }
    var dx = event.changedTouches[0].clientX - startX;
    var dy = event.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) >= 50 && Math.abs(dx) > Math.abs(dy)) { show(current + (dx < 0 ? 1 : -1), true); }
  });

  // Bring the deck's controls and slide into view below the sticky header (the browser scrolls
  // a `#3` to the slide itself, which would hide the controls).
  function reveal() {
    var header = document.querySelector('.site-header');
    var top = deck.getBoundingClientRect().top + window.scrollY - (header ? header.offsetHeight : 0) - 8;
    window.scrollTo(0, Math.max(0, top));
  }

  // The slide the address names: its number (`#3`), or the slide holding the element it names
  // (a heading in a slide, from search or a link); else the first.
  function fromAddress() {
    var hash = window.shokoFragment();
    if (/^[0-9]+$/.test(hash)) {
      var n = parseInt(hash, 10);
      return n >= 1 && n <= slides.length ? n - 1 : 0;
    }
    var target = hash && document.getElementById(hash);
    var holder = target && target.closest('[data-slide]');
    return holder ? slides.indexOf(holder) : 0;
  }
  function inSlide() {
    var hash = window.shokoFragment();
    var target = hash && document.getElementById(hash);
    return /^[0-9]+$/.test(hash) || Boolean(target && target.closest('[data-slide]'));
  }
  // A slide's number in the address turns to it; other anchors (a cited claim's card below the
  // deck) are followed as on any page.
  window.addEventListener('hashchange', function () {
    if (inSlide()) {
      show(fromAddress(), false);
      reveal();
    }
  });
  // Printing shows every slide; the view comes back after.
  window.addEventListener('beforeprint', function () { slides.forEach(function (s) { s.hidden = false; }); });
  window.addEventListener('afterprint', function () { show(current, false); });
  show(fromAddress(), false);
  // After the browser's own move to the anchor (which also resets focus).
  window.requestAnimationFrame(function () {
    if (inSlide()) { reveal(); }
    deck.focus({ preventScroll: true });
  });
})();
