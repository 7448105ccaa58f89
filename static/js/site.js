// shoko site script. Optional: every page works without it.
// - Switching language keeps the reader's section and remembers the choice.
// - The root page sends a visitor to the remembered or the browser's language.
// - Code blocks get a copy button; the page's contents start closed on a narrow screen.
// - The claims index filters by class and GPU target (buttons, and `?class=` / `?gfx=`); a
//   paged index counts the matches on each of its pages (its facets file), its pager keeps
//   the filters and also names the pages with matches when they are few.
// - An audio player shows the caption line being spoken.
// - The header's buttons: search on a phone, and the theme (system, light or dark).
(function () {
  'use strict';
  var KEY = 'shoko-lang';
  // IDs of the sections the page template adds (shoko-model's TEMPLATE_IDS).
  var SECTIONS = ['main', 'gain', 'summary', 'children', 'claims', 'questions', 'does-not-claim'];

  // The element ID the address names (`#…`, percent-decoded); a fragment that does not decode
  // (`#%`) is taken as written. deck.js reads it through here too.
  function fragment() {
    var raw = window.location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }
  window.shokoFragment = fragment;

  function remember(lang) {
    try { window.localStorage.setItem(KEY, lang); } catch (e) { /* storage may be disabled */ }
  }

  function recall() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }

  // The ID of the section the reader is in: the hash, else the last heading above the line just
  // below the (sticky) header.
  function currentAnchor() {
    var hash = fragment();
    if (hash) { return hash; }
    var headings = document.querySelectorAll('main [id]');
    var header = document.querySelector('.site-header');
    var line = (header ? header.getBoundingClientRect().bottom : 0) + 40;
    var current = null;
    for (var i = 0; i < headings.length; i++) {
      // A hidden element (a claim a filter hides) has no place on the page.
      if (!headings[i].getClientRects().length) { continue; }
      if (headings[i].getBoundingClientRect().top <= line) { current = headings[i].id; } else { break; }
    }
    return current;
  }

  document.addEventListener('click', function (event) {
    var link = event.target.closest ? event.target.closest('a[data-lang]') : null;
    if (!link) { return; }
    remember(link.getAttribute('data-lang'));
    var map = {};
    try { map = JSON.parse(link.getAttribute('data-anchors') || '{}'); } catch (e) { map = {}; }
    var anchor = currentAnchor();
    // Headings are mapped; cards, questions, slides and the template's own sections have the
    // same ID in both languages, and so has every ID of a generated page (its map is empty).
    // A deck's slides are numbered alike in both languages (`#3`).
    var generated = Object.keys(map).length === 0;
    var same = generated || /^(claim|q|term)-|^[0-9]+$/.test(anchor || '') || SECTIONS.indexOf(anchor) >= 0;
    var target = anchor && (map[anchor] || (same ? anchor : null));
    // The claims index keeps its filters (`?class=…`) in the other language too.
    var query = document.querySelector('.claim-filters') ? window.location.search : '';
    if (target || query) {
      event.preventDefault();
      window.location.href = link.getAttribute('href') + query + (target ? '#' + encodeURIComponent(target) : '');
    }
  });

  // A copy button on each code block, labelled in the page's language (data-copy on <body>).
  function copyText(text) {
    if (window.navigator.clipboard && window.isSecureContext) { return window.navigator.clipboard.writeText(text); }
    // Opened from disk (not a secure context): the old way, through a hidden field.
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    var done = document.execCommand('copy');
    document.body.removeChild(area);
    return done ? Promise.resolve() : Promise.reject(new Error('copy refused'));
  }
  var body = document.body;
  if (body && body.hasAttribute('data-copy')) {
    Array.prototype.forEach.call(document.querySelectorAll('main pre.code'), function (pre) {
      var box = document.createElement('div');
      box.className = 'code-box';
      pre.parentNode.insertBefore(box, pre);
      box.appendChild(pre);
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy';
      button.textContent = body.getAttribute('data-copy');
      button.addEventListener('click', function () {
        copyText(pre.textContent).then(function () {
          button.textContent = body.getAttribute('data-copied');
          window.setTimeout(function () { button.textContent = body.getAttribute('data-copy'); }, 1500);
        }, function () { /* nothing copied: the label stays */ });
      });
      box.appendChild(button);
    });
  }
  // The claims index: filters by class, GPU target, lifecycle and the page that shows a claim,
  // also read from the address (`?page=/gpu/gfx1201/&class=inferred`, which the evidence
  // summary of every page links to: its own claims of that class).
  var filterBar = document.querySelector('.claim-filters');
  if (filterBar) {
    var entries = Array.prototype.slice.call(document.querySelectorAll('.claim-index > li'));
    var params = new URLSearchParams(window.location.search);
    var keys = ['page', 'class', 'gfx', 'lifecycle'];
    var chosen = {};
    keys.forEach(function (k) { chosen[k] = params.get(k); });
    // A value no button offers (`?class=bogus`, a typo in a shared address) would hide every
    // claim with nothing to undo it: it is ignored. (Lifecycles have buttons only when some claim
    // is not current: without them `lifecycle=current` chooses every claim anyway. A page is
    // chosen only from an address.)
    ['class', 'gfx', 'lifecycle'].forEach(function (k) {
      var offered = Array.prototype.some.call(filterBar.querySelectorAll('button[data-filter="' + k + '"]'),
        function (b) { return b.getAttribute('data-value') === chosen[k]; });
      if (chosen[k] && !offered) { chosen[k] = null; }
    });
    var has = function (list, value) { return (' ' + (list || '') + ' ').indexOf(' ' + value + ' ') >= 0; };
    // Page keys are written encoded (no spaces); the address gives them decoded.
    var decode = function (key) { try { return decodeURIComponent(key); } catch (e) { return key; } };
    var onPage = function (list, page) {
      return (list || '').split(' ').some(function (key) { return key && decode(key) === page; });
    };
    var pageChip = filterBar.querySelector('.page-chip');
    var queryString = function () {
      var query = new URLSearchParams();
      keys.forEach(function (k) { if (chosen[k]) { query.set(k, chosen[k]); } });
      return query.toString();
    };
    // A paged index: the filters also count the matches on every page of it, from the facets
    // of every claim (loaded when a filter is first chosen), and the pager's links keep them.
    var facetsHref = filterBar.getAttribute('data-facets');
    var facets = null;
    var asked = false;
    var pagerLinks = Array.prototype.slice.call(document.querySelectorAll('.pager a'));
    pagerLinks.forEach(function (a) { a.setAttribute('data-base', a.getAttribute('href')); });
    var numbered = Array.prototype.slice.call(document.querySelectorAll('.pager [data-number]'));
    // The pager names the pages near this one (on a phone only this one); the others are
    // listed hidden (marked here), and a filter that matches on only a few pages names those
    // too, at every width.
    var FEW_PAGES = 5;
    numbered.forEach(function (item) {
      var li = item.parentNode;
      if (li.hidden) { li.setAttribute('data-far', ''); }
      if (li.classList.contains('pager-near')) { li.setAttribute('data-near', ''); }
    });
    // Whether a claim's facets (`[class, [target], lifecycle, [page]]`, targets and pages by
    // their place in the file's lists, `target` and `page` the chosen ones' places) pass the
    // chosen filters.
    var matchesFacets = function (entry, target, page) {
      return (!chosen['class'] || entry[0] === chosen['class']) &&
        (!chosen.gfx || entry[1].indexOf(target) >= 0) &&
        (!chosen.lifecycle || entry[2] === chosen.lifecycle) &&
        (!chosen.page || entry[3].indexOf(page) >= 0);
    };
    // The matches on each page of the index (null until the facets are there or with no filter).
    var perPart = function () {
      var any = keys.some(function (k) { return chosen[k]; });
      if (!facetsHref || !any) { return null; }
      if (!facets) {
        if (!asked) {
          asked = true;
          window.shokoClaimFacets = function (data) {
            data.decoded = data.pages.map(decode);
            facets = data;
            apply();
          };
          var script = document.createElement('script');
          script.src = facetsHref;
          script.async = true;
          // A failed load may be tried again by the next filter.
          script.addEventListener('error', function () { asked = false; });
          document.head.appendChild(script);
        }
        return null;
      }
      // Looked up once, not per claim: a large index lists thousands of pages.
      var target = chosen.gfx ? facets.gfx.indexOf(chosen.gfx) : -1;
      var page = chosen.page ? facets.decoded.indexOf(chosen.page) : -1;
      var counts = [];
      facets.claims.forEach(function (entry, i) {
        var part = Math.floor(i / facets.size);
        counts[part] = (counts[part] || 0) + (matchesFacets(entry, target, page) ? 1 : 0);
      });
      return counts;
    };
    // How many claims would pass with `key` set to `value` and the other filters as chosen.
    var passes = function (li, key, value) {
      var want = function (k) { return k === key ? value : chosen[k]; };
      return (!want('class') || li.getAttribute('data-class') === want('class')) &&
        (!want('gfx') || has(li.getAttribute('data-gfx'), want('gfx'))) &&
        (!want('lifecycle') || li.getAttribute('data-lifecycle') === want('lifecycle')) &&
        (!want('page') || onPage(li.getAttribute('data-pages'), want('page')));
    };
    var countHere = function (key, value) {
      return entries.filter(function (li) { return passes(li, key, value); }).length;
    };
    var countInFacets = function (key, value) {
      if (!facets) { return null; }
      var saved = chosen[key];
      chosen[key] = value;
      var target = chosen.gfx ? facets.gfx.indexOf(chosen.gfx) : -1;
      var page = chosen.page ? facets.decoded.indexOf(chosen.page) : -1;
      var n = facets.claims.filter(function (entry) { return matchesFacets(entry, target, page); }).length;
      chosen[key] = saved;
      return n;
    };
    var apply = function () {
      var shown = 0;
      entries.forEach(function (li) {
        var ok = (!chosen['class'] || li.getAttribute('data-class') === chosen['class']) &&
          (!chosen.gfx || has(li.getAttribute('data-gfx'), chosen.gfx)) &&
          (!chosen.lifecycle || li.getAttribute('data-lifecycle') === chosen.lifecycle) &&
          (!chosen.page || onPage(li.getAttribute('data-pages'), chosen.page));
        li.hidden = !ok;
        if (ok) { shown++; }
      });
      Array.prototype.forEach.call(filterBar.querySelectorAll('button[data-filter]'), function (b) {
        var key = b.getAttribute('data-filter');
        if (key !== 'page') {
          b.setAttribute('aria-pressed', chosen[key] === b.getAttribute('data-value') ? 'true' : 'false');
        }
      });
      // The page filter shows as a chip naming the page; pressing it lifts the filter.
      var named = chosen.page && Array.prototype.filter.call(document.querySelectorAll('.claim-index a[data-page]'),
        function (a) { return decode(a.getAttribute('data-page')) === chosen.page; })[0];
      pageChip.hidden = !chosen.page;
      pageChip.textContent = chosen.page ? filterBar.getAttribute('data-on') + ': ' + (named ? named.textContent : chosen.page) + ' ×' : '';
      var query = queryString();
      pagerLinks.forEach(function (a) { a.setAttribute('href', a.getAttribute('data-base') + (query ? '?' + query : '')); });
      var counts = perPart();
      var few = counts && counts.filter(function (c) { return c > 0; }).length <= FEW_PAGES;
      numbered.forEach(function (item) {
        var n = Number(item.getAttribute('data-number'));
        var count = counts ? counts[n - 1] || 0 : null;
        var named = few && count > 0;
        if (item.parentNode.hasAttribute('data-far')) { item.parentNode.hidden = !named; }
        if (item.parentNode.hasAttribute('data-near')) { item.parentNode.classList.toggle('pager-near', !named); }
        item.textContent = counts ? n + ' (' + count + ')' : String(n);
        // A link is read out as "2: 56 matches", not "2 (56)" (the current page is a plain span,
        // which may not carry a label).
        if (counts && item.tagName === 'A') {
          item.setAttribute('aria-label', n + ': ' + count + ' ' + filterBar.getAttribute('data-matches'));
        } else {
          item.removeAttribute('aria-label');
        }
      });
      var total = counts ? counts.reduce(function (a, b) { return a + b; }, 0) : null;
      // What each filter would leave with the others as chosen: on this page, or over the whole
      // index once its facets are loaded.
      Array.prototype.forEach.call(filterBar.querySelectorAll('button[data-filter] .chip-count'), function (span) {
        var button = span.parentNode;
        var key = button.getAttribute('data-filter');
        var value = button.getAttribute('data-value');
        var n = facetsHref ? countInFacets(key, value) : countHere(key, value);
        span.textContent = n === null ? '' : ' ' + n;
      });
      var any = keys.some(function (k) { return chosen[k]; });
      filterBar.querySelector('.claim-filter-clear').hidden = !any;
      var empty = document.querySelector('.claim-filter-empty');
      if (empty) { empty.hidden = !(shown === 0 && (total === null || total === 0)); }
      filterBar.querySelector('.claim-filter-count').textContent =
        shown + ' / ' + entries.length + ' ' + filterBar.getAttribute('data-shown') +
        (total === null ? '' : ' (' + filterBar.getAttribute('data-in-all') + ': ' + total + ')');
    };
    var remembered = function () {
      var search = queryString();
      window.history.replaceState(null, '', window.location.pathname + (search ? '?' + search : '') + window.location.hash);
      apply();
    };
    var firstFilter = function () { return filterBar.querySelector('button[data-filter]:not(.page-chip)'); };
    filterBar.addEventListener('click', function (event) {
      if (event.target.closest('.claim-filter-clear')) {
        keys.forEach(function (k) { chosen[k] = null; });
        // The button goes away: focus moves to the first filter rather than to nowhere.
        if (firstFilter()) { firstFilter().focus(); }
        remembered();
        return;
      }
      var button = event.target.closest('button[data-filter]');
      if (!button) { return; }
      var key = button.getAttribute('data-filter');
      var value = key === 'page' ? null : button.getAttribute('data-value');
      chosen[key] = chosen[key] === value ? null : value;
      if (key === 'page' && firstFilter()) { firstFilter().focus(); }
      remembered();
    });
    // The counts at the top of the index choose their class here, without loading the page again.
    Array.prototype.forEach.call(document.querySelectorAll('.summary-link[data-class]'), function (link) {
      link.addEventListener('click', function (event) {
        event.preventDefault();
        chosen['class'] = link.getAttribute('data-class');
        remembered();
        filterBar.scrollIntoView({ block: 'nearest' });
      });
    });
    filterBar.hidden = false;
    apply();
  }

  var toc = document.querySelector('details.toc');
  if (toc && window.matchMedia && window.matchMedia('(max-width: 36rem)').matches) { toc.open = false; }

  // The section tree: beside the page on a wide window (always open there), a closed menu above
  // it on a narrower one; it follows the window when that crosses the width.
  var tree = document.querySelector('details.sidebar-tree');
  if (tree && window.matchMedia) {
    var wide = window.matchMedia('(min-width: 64rem)');
    var fit = function () { tree.open = wide.matches; };
    fit();
    if (wide.addEventListener) { wide.addEventListener('change', fit); }
    var current = tree.querySelector('[aria-current="page"]');
    var box = document.querySelector('.sidebar');
    if (current && box && wide.matches && box.scrollHeight > box.clientHeight) {
      box.scrollTop = current.offsetTop - box.clientHeight / 3;
    }
  }

  // The contents rail on a wide window marks the section being read: the last heading whose top
  // has passed a line a third of the way down the window below the header.
  var rail = document.querySelector('.toc-rail');
  if (rail) {
    var railLinks = Array.prototype.slice.call(rail.querySelectorAll('a[href^="#"]'));
    var targets = railLinks.map(function (a) { return document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1))); });
    var marked = null;
    var railHeader = document.querySelector('.site-header');
    var mark = function () {
      if (!rail.offsetParent) { return; }
      var top = railHeader ? railHeader.getBoundingClientRect().bottom : 0;
      var line = top + (window.innerHeight - top) / 3;
      var at = -1;
      for (var t = 0; t < targets.length; t++) {
        if (targets[t] && targets[t].getBoundingClientRect().top <= line) { at = t; }
      }
      // At the very end of the page the last sections cannot reach the line: the last is read.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) { at = targets.length - 1; }
      var link = at >= 0 ? railLinks[at] : null;
      if (link === marked) { return; }
      if (marked) { marked.removeAttribute('aria-current'); }
      if (link) { link.setAttribute('aria-current', 'true'); }
      marked = link;
    };
    var pending = false;
    var schedule = function () {
      if (pending) { return; }
      pending = true;
      window.requestAnimationFrame(function () { pending = false; mark(); });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    mark();
  }

  // On a touch screen (no hover) the first tap on a glossed term shows its gloss; a second tap
  // on it opens the glossary; a tap elsewhere closes it.
  if (window.matchMedia && window.matchMedia('(hover: none)').matches) {
    document.addEventListener('click', function (event) {
      var term = event.target.closest ? event.target.closest('a.term') : null;
      var holder = term && term.parentNode;
      Array.prototype.forEach.call(document.querySelectorAll('.termed.open'), function (open) {
        if (open !== holder) { open.classList.remove('open'); }
      });
      if (!holder || !holder.classList.contains('termed') || holder.classList.contains('open')) { return; }
      event.preventDefault();
      holder.classList.add('open');
    });
  }

  // Captions of an audio player: browsers draw text tracks only over video, so the line being
  // spoken (from the captions on by default, the page's language) is shown under the player.
  // The transcript below it holds the whole text.
  var players = document.querySelectorAll('.media-audio audio');
  Array.prototype.forEach.call(players, function (audio) {
    var chosen = audio.querySelector('track[default]') || audio.querySelector('track');
    if (!chosen || !chosen.track) { return; }
    var line = document.createElement('p');
    line.className = 'media-cue';
    line.hidden = true;
    audio.parentNode.insertBefore(line, audio.nextSibling);
    var track = chosen.track;
    track.mode = 'hidden';
    track.addEventListener('cuechange', function () {
      var cues = track.activeCues || [];
      var text = Array.prototype.map.call(cues, function (c) { return c.text; }).join(' ');
      line.textContent = text;
      line.hidden = text === '';
    });
  });

  // The header's buttons. Search, on a phone, opens its field over the header's row (Escape or
  // leaving it closes it again); the theme goes round system → light → dark, remembered on this
  // device (theme.js applies it before the next page is drawn).
  var header = document.querySelector('.site-header');
  var searchOpen = document.querySelector('.search-open');
  var searchInput = document.getElementById('search-input');
  if (header && searchOpen && searchInput) {
    var closeSearch = function () {
      header.classList.remove('searching');
      searchOpen.setAttribute('aria-expanded', 'false');
    };
    searchOpen.addEventListener('click', function () {
      header.classList.add('searching');
      searchOpen.setAttribute('aria-expanded', 'true');
      searchInput.focus();
    });
    header.addEventListener('focusout', function (event) {
      if (!header.classList.contains('searching')) { return; }
      var search = searchInput.closest('.search');
      if (!event.relatedTarget || !search.contains(event.relatedTarget)) { window.setTimeout(function () {
        if (!search.contains(document.activeElement)) { closeSearch(); }
      }, 0); }
    });
    searchInput.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && header.classList.contains('searching')) { closeSearch(); searchOpen.focus(); }
    });
    searchOpen.hidden = false;
  }
  // A touch screen has no `/` key to name.
  if (searchInput && window.matchMedia && window.matchMedia('(hover: none)').matches) {
    searchInput.placeholder = searchInput.getAttribute('data-placeholder-touch') || searchInput.placeholder;
  }
  var THEME_KEY = 'shoko-theme';
  var themeButtons = document.querySelectorAll('.theme-toggle');
  var chosenTheme = document.documentElement.getAttribute('data-theme') || 'auto';
  var showTheme = function () {
    Array.prototype.forEach.call(themeButtons, function (button) {
      button.setAttribute('data-theme-choice', chosenTheme);
      var label = button.getAttribute('data-label-' + chosenTheme) || '';
      var text = button.querySelector('.theme-label');
      if (text) { text.textContent = label; } else { button.setAttribute('aria-label', label); button.title = label; }
      button.hidden = false;
    });
  };
  Array.prototype.forEach.call(themeButtons, function (button) {
    button.addEventListener('click', function () {
      chosenTheme = { auto: 'light', light: 'dark', dark: 'auto' }[chosenTheme] || 'auto';
      if (chosenTheme === 'auto') {
        document.documentElement.removeAttribute('data-theme');
      } else {
        document.documentElement.setAttribute('data-theme', chosenTheme);
      }
      try {
        if (chosenTheme === 'auto') { window.localStorage.removeItem(THEME_KEY); } else { window.localStorage.setItem(THEME_KEY, chosenTheme); }
      } catch (e) { /* not remembered: this page only */ }
      showTheme();
    });
  });
  showTheme();

  if (document.body && document.body.classList.contains('root')) {
    var lang = recall();
    if (lang !== 'ja' && lang !== 'en') {
      lang = null;
      var langs = window.navigator.languages || [window.navigator.language || ''];
      for (var i = 0; i < langs.length && !lang; i++) {
        var code = String(langs[i]).toLowerCase();
        if (code.indexOf('ja') === 0) { lang = 'ja'; } else if (code.indexOf('en') === 0) { lang = 'en'; }
      }
    }
    if (lang) { window.location.replace(lang + '/index.html'); }
  }
})();
