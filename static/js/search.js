// shoko site search: the query side of the index `shoko build` writes under search/LANG/.
// The tokenizer below follows crates/search/src/tokens.rs rule for rule; both are tested against
// crates/search/vectors.json. Index files are scripts that call shokoSearch(NAME, DATA), loaded
// with <script> elements, so search works over HTTP, under a sub-path and from file:// alike.
(function () {
  'use strict';

  // ---- Tokenizer (mirror of tokens.rs) ----
  function isJapanese(c) {
    var n = c.codePointAt(0);
    return n === 0x3005 || (n >= 0x3040 && n <= 0x30FF) || (n >= 0x31F0 && n <= 0x31FF) ||
      (n >= 0x3400 && n <= 0x4DBF) || (n >= 0x4E00 && n <= 0x9FFF) || (n >= 0xF900 && n <= 0xFAFF) ||
      (n >= 0x20000 && n <= 0x2FFFF);
  }

  function isWord(c) {
    var n = c.codePointAt(0);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '_') { return true; }
    return n >= 0xC0 && n !== 0xD7 && n !== 0xF7 && !isJapanese(c) &&
      !(n >= 0x2000 && n <= 0x2BFF) && !(n >= 0x3000 && n <= 0x303F) &&
      !(n >= 0xFE30 && n <= 0xFE4F) && !(n >= 0xFF00 && n <= 0xFFEF);
  }

  function isDigit(c) { return c !== undefined && c >= '0' && c <= '9'; }

  function normalise(text) { return text.normalize('NFKC').toLowerCase(); }

  // Runs of the normalised text: {japanese: [chars]} or {word: string}.
  function runs(text) {
    var chars = Array.from(text);
    var out = [];
    var i = 0;
    while (i < chars.length) {
      var c = chars[i];
      var j = i + 1;
      if (isJapanese(c)) {
        while (j < chars.length && isJapanese(chars[j])) { j++; }
        out.push({ japanese: chars.slice(i, j) });
      } else if (isWord(c)) {
        while (j < chars.length && (isWord(chars[j]) ||
          (chars[j] === '.' && isDigit(chars[j - 1]) && isDigit(chars[j + 1])))) { j++; }
        out.push({ word: chars.slice(i, j).join('') });
      }
      i = j;
    }
    return out;
  }

  function bigrams(chars) {
    if (chars.length === 1) { return [chars[0]]; }
    var out = [];
    for (var i = 0; i + 1 < chars.length; i++) { out.push(chars[i] + chars[i + 1]); }
    return out;
  }

  // ---- English stemming: Snowball's English (Porter2) stemmer, a port of the algorithm the
  // index uses (the rust-stemmers crate); both are held to crates/search/stems.json. ----
  var STEM_EXCEPTIONS = { skis: 'ski', skies: 'sky', dying: 'die', lying: 'lie', tying: 'tie', idly: 'idl',
    gently: 'gentl', ugly: 'ugli', early: 'earli', only: 'onli', singly: 'singl', sky: 'sky', news: 'news',
    howe: 'howe', atlas: 'atlas', cosmos: 'cosmos', bias: 'bias', andes: 'andes' };
  var STEM_KEPT = ['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed'];
  var STEP2 = [['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['abli', 'able'],
    ['entli', 'ent'], ['izer', 'ize'], ['ization', 'ize'], ['ation', 'ate'], ['ator', 'ate'], ['alism', 'al'],
    ['aliti', 'al'], ['alli', 'al'], ['fulness', 'ful'], ['ousli', 'ous'], ['ousness', 'ous'],
    ['iveness', 'ive'], ['iviti', 'ive'], ['biliti', 'ble'], ['bli', 'ble'], ['ogi', 'og'], ['fulli', 'ful'],
    ['lessli', 'less'], ['li', '']];
  var STEP3 = [['ational', 'ate'], ['tional', 'tion'], ['alize', 'al'], ['icate', 'ic'], ['iciti', 'ic'],
    ['ical', 'ic'], ['ful', ''], ['ness', ''], ['ative', '']];
  var STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ism', 'ate',
    'iti', 'ous', 'ive', 'ize', 'ion'];

  function stemVowel(c) { return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y'; }

  // The longest of `suffixes` (strings, or [suffix, replacement] pairs) that `w` ends with.
  function longest(w, suffixes) {
    var best = null;
    suffixes.forEach(function (s) {
      var suffix = typeof s === 'string' ? s : s[0];
      if (w.length >= suffix.length && w.slice(-suffix.length) === suffix && (!best || suffix.length > best[0].length)) {
        best = typeof s === 'string' ? [s] : s;
      }
    });
    return best;
  }

  // Where the region after the first non-vowel that follows a vowel starts, from `from` on.
  function regionAfter(w, from) {
    for (var i = from + 1; i < w.length; i++) {
      if (!stemVowel(w[i]) && stemVowel(w[i - 1])) { return i + 1; }
    }
    return w.length;
  }

  // Whether `w` up to `end` ends in a short syllable.
  function shortSyllable(w, end) {
    var a = w[end - 3];
    var b = w[end - 2];
    var c = w[end - 1];
    if (end >= 3 && !stemVowel(a) && stemVowel(b) && !stemVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y') {
      return true;
    }
    return end === 2 && stemVowel(b) && !stemVowel(c);
  }

  // The stem of a plain English word (lower-case ASCII letters).
  function stem(word) {
    if (Object.prototype.hasOwnProperty.call(STEM_EXCEPTIONS, word)) { return STEM_EXCEPTIONS[word]; }
    if (word.length < 3) { return word; }
    var w = word.split('');
    if (w[0] === 'y') { w[0] = 'Y'; }
    for (var i = 1; i < w.length; i++) {
      if (w[i] === 'y' && stemVowel(w[i - 1])) { w[i] = 'Y'; }
    }
    w = w.join('');
    var p1 = /^(gener|commun|arsen)/.exec(w);
    p1 = p1 ? p1[0].length : regionAfter(w, 0);
    var p2 = regionAfter(w, p1);
    var hit;
    // Step 1a.
    hit = longest(w, ['sses', 'ied', 'ies', 's', 'us', 'ss']);
    if (hit) {
      var before = w.length - hit[0].length;
      if (hit[0] === 'sses') {
        w = w.slice(0, -2);
      } else if (hit[0] === 'ied' || hit[0] === 'ies') {
        w = w.slice(0, before) + (before > 1 ? 'i' : 'ie');
      } else if (hit[0] === 's' && /[aeiouy]/.test(w.slice(0, before - 1))) {
        w = w.slice(0, -1);
      }
    }
    if (STEM_KEPT.indexOf(w) >= 0) { return w; }
    // Step 1b.
    hit = longest(w, ['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly']);
    if (hit) {
      var start = w.length - hit[0].length;
      if (hit[0] === 'eed' || hit[0] === 'eedly') {
        if (start >= p1) { w = w.slice(0, start) + 'ee'; }
      } else if (/[aeiouy]/.test(w.slice(0, start))) {
        w = w.slice(0, start);
        if (/(at|bl|iz)$/.test(w)) {
          w += 'e';
        } else if (/(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(w)) {
          w = w.slice(0, -1);
        } else if (w.length === p1 && shortSyllable(w, w.length)) {
          w += 'e';
        }
      }
    }
    // Step 1c.
    if (w.length > 2 && /[yY]$/.test(w) && !stemVowel(w[w.length - 2])) { w = w.slice(0, -1) + 'i'; }
    // Step 2.
    hit = longest(w, STEP2);
    if (hit && w.length - hit[0].length >= p1) {
      var at2 = w.length - hit[0].length;
      if (hit[0] === 'ogi') {
        if (w[at2 - 1] === 'l') { w = w.slice(0, at2) + 'og'; }
      } else if (hit[0] === 'li') {
        if (/[cdeghkmnrt]/.test(w[at2 - 1] || '')) { w = w.slice(0, at2); }
      } else {
        w = w.slice(0, at2) + hit[1];
      }
    }
    // Step 3.
    hit = longest(w, STEP3);
    if (hit && w.length - hit[0].length >= p1) {
      var at3 = w.length - hit[0].length;
      if (hit[0] !== 'ative' || at3 >= p2) { w = w.slice(0, at3) + hit[1]; }
    }
    // Step 4.
    hit = longest(w, STEP4);
    if (hit && w.length - hit[0].length >= p2) {
      var at4 = w.length - hit[0].length;
      if (hit[0] !== 'ion' || /[st]/.test(w[at4 - 1] || '')) { w = w.slice(0, at4); }
    }
    // Step 5.
    var last = w.length - 1;
    if (w[last] === 'e' && (last >= p2 || (last >= p1 && !shortSyllable(w, last)))) {
      w = w.slice(0, last);
    } else if (w[last] === 'l' && last >= p2 && w[last - 1] === 'l') {
      w = w.slice(0, last);
    }
    return w.replace(/Y/g, 'y');
  }

  function lettersDigits(part) {
    var m = /^([a-z]+)([0-9]+)$/.exec(part);
    return m ? [m[1], m[2]] : null;
  }

  function indexTokens(text) {
    var out = [];
    runs(normalise(text)).forEach(function (run) {
      if (run.japanese) { out.push.apply(out, bigrams(run.japanese)); return; }
      var word = run.word;
      if (/^[a-z]+$/.test(word)) {
        // A plain word: itself and its stem.
        out.push(word);
        if (stem(word) !== word) { out.push(stem(word)); }
        return;
      }
      var mine = [word];
      for (var i = word.indexOf('_'); i >= 0; i = word.indexOf('_', i + 1)) {
        mine.push(word.slice(i).replace(/^_+/, ''));
      }
      word.split('_').forEach(function (part) {
        mine.push(part);
        var ld = lettersDigits(part);
        if (ld) { mine.push(ld[0], ld[1]); }
      });
      // Then the stems of its parts of letters (`library_path` is found by `libraries`).
      if (word.indexOf('_') >= 0) {
        word.split('_').forEach(function (part) {
          if (/^[a-z]+$/.test(part) && stem(part) !== part) { mine.push(stem(part)); }
        });
      }
      var seen = [];
      mine.forEach(function (t) {
        if (t !== '' && seen.indexOf(t) < 0) { seen.push(t); out.push(t); }
      });
    });
    return out;
  }

  // The query term of a word run: without `_` at its ends, a plain word as its stem.
  function wordTerm(word) {
    var trimmed = word.replace(/^_+|_+$/g, '');
    return /^[a-z]+$/.test(word) ? stem(trimmed) : trimmed;
  }

  function queryTerms(text) {
    var out = [];
    runs(normalise(text)).forEach(function (run) {
      var terms = run.japanese ? bigrams(run.japanese) : [wordTerm(run.word)];
      terms.forEach(function (t) { if (t !== '' && out.indexOf(t) < 0) { out.push(t); } });
    });
    return out;
  }

  // How many first characters decide a token's file (tokens.rs SHARD_CHARS): a term this long
  // or longer matches tokens it begins; a shorter one, equal tokens only.
  var SHARD_CHARS = 3;

  // FNV-1a (32 bits) over the code points of the first SHARD_CHARS characters, then
  // MurmurHash3's finaliser (tokens.rs shard_hash).
  function shardHash(token) {
    var h = 0x811c9dc5;
    Array.from(token).slice(0, SHARD_CHARS).forEach(function (c) { h = Math.imul(h ^ c.codePointAt(0), 0x01000193) >>> 0; });
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  }

  // ---- Excerpts ----
  // `text` normalised as the index is, with the place in `text` each UTF-16 unit of it comes
  // from, so that a match found in the normalised text marks the right characters even where
  // normalising changed the length (`…` becomes `...`, `㍉` becomes `ミリ`, `ﾃﾞ` becomes `デ`).
  // Each character is normalised with the marks that follow it (combining marks, half-width
  // voicing marks), which NFKC composes with it.
  function located(text) {
    var from = [];
    var i;
    if (/^[\x00-\x7f]*$/.test(text)) {
      for (i = 0; i <= text.length; i++) { from.push(i); }
      return { lower: text.toLowerCase(), from: from };
    }
    var lower = '';
    for (i = 0; i < text.length;) {
      var end = i + (text.codePointAt(i) > 0xFFFF ? 2 : 1);
      while (end < text.length && /^[\p{M}\uFF9E\uFF9F]/u.test(text.slice(end, end + 2))) {
        end += text.codePointAt(end) > 0xFFFF ? 2 : 1;
      }
      var part = normalise(text.slice(i, end));
      for (var k = 0; k < part.length; k++) { from.push(i); }
      lower += part;
      i = end;
    }
    from.push(text.length);
    return { lower: lower, from: from };
  }

  // Whether a token can start at `i` of the normalised text `lower`, as the index cuts them: at
  // any Japanese character (bigrams overlap), else at the start of a word, after `_`, or where
  // letters give way to digits.
  function tokenStart(lower, i) {
    var c = lower.charAt(i);
    var before = lower.charAt(i - 1);
    return i === 0 || isJapanese(c) || !isWord(before) || before === '_' || (isDigit(c) && /[a-z]/.test(before));
  }

  // Whether a token can end at `i` (exclusive) of `lower`: at the end of a word, before `_`, or
  // where letters give way to digits.
  function tokenEnd(lower, i) {
    var c = lower.charAt(i);
    var last = lower.charAt(i - 1);
    return i === lower.length || !isWord(c) || c === '_' || (isDigit(c) && /[a-z]/.test(last));
  }

  // Where in `text` the query terms occur as the index finds them, as [start, end) pairs in
  // order: a term of SHARD_CHARS characters or more where a token starts, a shorter one as a
  // whole token, a Japanese one anywhere. Overlapping or touching matches (a Japanese word's
  // bigrams) make one span. `at`: `located(text)`, when the caller has it already.
  function matchSpans(text, terms, at) {
    at = at || located(text);
    var spans = [];
    terms.forEach(function (t) {
      var japanese = isJapanese(t);
      var whole = !japanese && Array.from(t).length < SHARD_CHARS;
      for (var i = at.lower.indexOf(t); i >= 0 && t; i = at.lower.indexOf(t, i + 1)) {
        if (japanese || (tokenStart(at.lower, i) && (!whole || tokenEnd(at.lower, i + t.length)))) {
          spans.push([at.from[i], at.from[i + t.length]]);
        }
      }
    });
    spans.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var kept = [];
    spans.forEach(function (s) {
      var last = kept[kept.length - 1];
      if (last && s[0] <= last[1]) { last[1] = Math.max(last[1], s[1]); } else if (s[1] > s[0]) { kept.push(s); }
    });
    return kept;
  }

  // The characters of a result's text an excerpt shows, and how many come before the match.
  var EXCERPT = 160;
  var BEFORE = 40;

  // What to mark for `query` in a text whose normalised form is `lower`: each of its words, and
  // each Japanese run where the text has it whole.
  function shownTerms(lower, query) {
    var out = [];
    runs(normalise(query)).forEach(function (run) {
      if (run.japanese) {
        // A Japanese run matches only where its bigrams stand side by side: the run whole, never
        // its bigrams apart (a text that names a term found by its reading has neither).
        var whole = run.japanese.join('');
        if (lower.indexOf(whole) >= 0) { out.push(whole); }
      } else {
        // The word as typed where the text has it (`rocblas` marks all of rocBLAS, not the
        // `rocbla` the index matched), else the form the index matched.
        var typed = run.word.replace(/^_+|_+$/g, '');
        out.push(lower.indexOf(typed) >= 0 ? typed : wordTerm(run.word));
      }
    });
    return out.filter(function (t, i) { return t !== '' && out.indexOf(t) === i; });
  }

  // The part of a document's text a result shows: `body`, with `lead`/`tail` true where text was
  // cut off before or after it, and the `terms` to mark in it. It starts a little before the
  // first match, at a word where the text has spaces; the opening when nothing matches. `text`
  // may end in `…`: the index kept only its beginning.
  function excerpt(text, query) {
    var kept = text.slice(-1) === '\u2026';
    var whole = kept ? text.slice(0, -1) : text;
    var at = located(whole);
    var terms = shownTerms(at.lower, query);
    var spans = matchSpans(whole, terms, at);
    var first = spans.length ? spans[0][0] : 0;
    var start = Math.max(0, first - BEFORE);
    if (start > 0) {
      var space = whole.indexOf(' ', start);
      if (space >= 0 && space < first) { start = space + 1; }
      if (/[\uDC00-\uDFFF]/.test(whole.charAt(start))) { start++; }
    }
    var end = Math.min(whole.length, start + EXCERPT);
    if (end < whole.length) {
      var cut = whole.lastIndexOf(' ', end);
      if (cut > first) { end = cut; }
      if (/[\uD800-\uDBFF]/.test(whole.charAt(end - 1))) { end--; }
    }
    return { lead: start > 0, body: whole.slice(start, end), tail: end < whole.length || kept, terms: terms };
  }

  var tokens = { indexTokens: indexTokens, queryTerms: queryTerms, shardHash: shardHash,
    excerpt: excerpt, matchSpans: matchSpans, stem: stem };
  if (typeof module !== 'undefined' && module.exports) { module.exports = tokens; }
  if (typeof window === 'undefined' || typeof document === 'undefined') { return; }
  window.shokoSearchTokens = tokens;

  // ---- Marking what a search found, on the page it opened ----
  // A result's link carries its query (`?hl=`): the page marks where the query's words and
  // Japanese runs occur in its main text, as a result's excerpt does; the anchor's own
  // element flashes (site.css), and the query leaves the address once it is read.
  var HIGHLIGHT = 'hl';

  function highlight() {
    var query = new URLSearchParams(window.location.search).get(HIGHLIGHT);
    var main = document.querySelector('main');
    if (!query || !main) { return; }
    var words = [];
    runs(normalise(query)).forEach(function (run) {
      var typed = run.japanese ? run.japanese.join('') : run.word.replace(/^_+|_+$/g, '');
      if (typed) { words.push({ typed: typed, term: run.japanese ? typed : wordTerm(run.word) }); }
    });
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentNode.closest('script, style, mark, .search') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) { nodes.push(node); }
    var first = null;
    nodes.forEach(function (node) {
      var at = located(node.data);
      var terms = words.map(function (w) { return at.lower.indexOf(w.typed) >= 0 ? w.typed : w.term; });
      var spans = matchSpans(node.data, terms, at);
      if (!spans.length) { return; }
      var parts = document.createDocumentFragment();
      var pos = 0;
      spans.forEach(function (span) {
        parts.appendChild(document.createTextNode(node.data.slice(pos, span[0])));
        var mark = document.createElement('mark');
        mark.className = 'search-hit';
        mark.textContent = node.data.slice(span[0], span[1]);
        parts.appendChild(mark);
        first = first || mark;
        pos = span[1];
      });
      parts.appendChild(document.createTextNode(node.data.slice(pos)));
      node.parentNode.replaceChild(parts, node);
    });
    var params = new URLSearchParams(window.location.search);
    params.delete(HIGHLIGHT);
    var rest = params.toString();
    try {
      window.history.replaceState(window.history.state, '', window.location.pathname + (rest ? '?' + rest : '') + window.location.hash);
    } catch (e) { /* a file:// page may refuse: the marks stay all the same */ }
    // A page's opening has no anchor: its first mark is brought into view.
    if (first && !window.location.hash) { first.scrollIntoView({ block: 'center' }); }
  }
  highlight();

  // ---- Loading index files ----
  var input = document.getElementById('search-input');
  var panel = document.querySelector('[data-search-results]');
  if (!input || !panel) { return; }
  var base = input.getAttribute('data-search-index');
  var root = input.getAttribute('data-search-root');
  var waiting = {};
  var loaded = {};

  window.shokoSearch = function (name, data) {
    var short = name.slice(name.lastIndexOf('/') + 1);
    loaded[short] = data;
    if (waiting[short]) { waiting[short].forEach(function (done) { done(data); }); delete waiting[short]; }
  };

  function load(name, version) {
    if (loaded[name] !== undefined) { return Promise.resolve(loaded[name]); }
    return new Promise(function (resolve, reject) {
      if (waiting[name]) { waiting[name].push(resolve); return; }
      waiting[name] = [resolve];
      var script = document.createElement('script');
      script.src = base + name + '.js' + (version ? '?v=' + version : '');
      script.async = true;
      script.addEventListener('error', function () { delete waiting[name]; reject(new Error('cannot load ' + name)); });
      document.head.appendChild(script);
    });
  }

  var entry = null;
  function loadEntry() {
    if (entry) { return Promise.resolve(entry); }
    return load('entry').then(function (e) { entry = e; return e; });
  }

  // ---- Ranking ----
  // Results are shown SHOWN at a time ("more" shows the next), with at most PER_PAGE of one
  // page ahead of the rest among the best DESCRIBED (their buckets loaded).
  var SHOWN = 10;
  var PER_PAGE = 3;
  var KINDS = ['page', 'claim', 'question', 'term'];
  // A page's opening (its part before the first heading, which carries the title) stands for
  // the whole page: asked for by a page's name, the page comes first.
  var OPENING_BOOST = 1.3;
  // A Japanese token's postings carry the places it occurs at, modulo PLACES (tokens.rs).
  var PLACES = 16;
  var ALL_PLACES = (1 << PLACES) - 1;
  var filters = { cls: null, gfx: null };

  // Thrown (as a rejection) by a search that a newer one replaced before it finished.
  var SUPERSEDED = {};

  // Every document a term matches (an index token starting with it, or equal to a term shorter
  // than SHARD_CHARS: only those share its file), with its weight and, for a Japanese term, the
  // bits of its places; an exact token counts fully, a longer one a little less. `common`: a
  // token the index lists only its heaviest documents for, so it cannot be required.
  function matches(term, wanted) {
    var file = shardHash(term) % entry.t;
    return load('t-' + file, entry.v).then(function (shard) {
      if (!wanted()) { throw SUPERSEDED; }
      var found = {};
      var common = false;
      var df = 0;
      var prefix = Array.from(term).length >= SHARD_CHARS;
      Object.keys(shard).forEach(function (token) {
        if (token === term || (prefix && token.lastIndexOf(term, 0) === 0)) {
          var factor = token === term ? 1 : 0.7;
          var list = shard[token];
          var step = isJapanese(token) ? 3 : 2;
          var postings = (list.length - 1) / step;
          df = Math.max(df, list[0]);
          common = common || list[0] > postings;
          for (var i = 1, id = 0; i < list.length; i += step) {
            id += list[i];
            // Stored ×10; a last digit of 1 marks a page's opening, which stands for the page.
            var w = Math.floor(list[i + 1] / 10) * factor;
            var places = step === 3 ? list[i + 2] : ALL_PLACES;
            if (!found[id] || found[id].w < w) { found[id] = { w: w, opening: list[i + 1] % 10 === 1, places: places }; }
          }
        }
      });
      return { found: found, common: common, df: Math.max(df, Object.keys(found).length) };
    });
  }

  // The parts of a query that must each match: a word (its term), or a Japanese run (its
  // bigrams, which must stand next to each other in order in the document).
  function units(query) {
    var out = [];
    runs(normalise(query)).forEach(function (run) {
      var terms = run.japanese ? bigrams(run.japanese) : [wordTerm(run.word)];
      terms = terms.filter(function (t) { return t !== ''; });
      var key = terms.join(' ');
      if (terms.length && !out.some(function (u) { return u.key === key; })) { out.push({ key: key, terms: terms }); }
    });
    return out;
  }

  // Whether the places of a Japanese run's bigrams in a document (`at[i]`: the bits of bigram
  // i's places) hold the run: some place p of the first with the second at p + 1, and so on.
  function adjacent(at) {
    var start = at[0];
    for (var i = 1; i < at.length && start; i++) {
      start = (((start << 1) | (start >>> (PLACES - 1))) & ALL_PLACES) & at[i];
    }
    return start !== 0;
  }

  // Documents by score: BM25-like (term frequency saturates, rare terms weigh more); every
  // unit of the query must match, except those of only common terms; when nothing matches them
  // all, the documents that match most units, if they match at least half.
  function rank(parts, byTerm) {
    var n = entry.n;
    var scores = {};
    var hits = {};
    var required = 0;
    parts.forEach(function (unit) {
      var per = unit.terms.map(function (t) { return byTerm[t]; });
      var needed = per.filter(function (t) { return !t.common; });
      if (needed.length) { required++; }
      var score = {};
      per.forEach(function (t) {
        var idf = Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5));
        Object.keys(t.found).forEach(function (id) {
          var f = t.found[id];
          score[id] = (score[id] || 0) + (f.opening ? OPENING_BOOST : 1) * idf * (f.w * 2.2) / (f.w + 1.2);
        });
      });
      Object.keys(score).forEach(function (id) {
        var all = needed.every(function (t) { return t.found[id]; });
        // A token listed only for its heaviest documents may miss this one: its places are
        // not known, so any place will do.
        var places = per.map(function (t) { return t.found[id] ? t.found[id].places : ALL_PLACES; });
        if (needed.length && (!all || !adjacent(places))) { return; }
        scores[id] = (scores[id] || 0) + score[id];
        if (needed.length) { hits[id] = (hits[id] || 0) + 1; }
      });
    });
    var ids = Object.keys(scores);
    var all = required === 0 ? ids : ids.filter(function (id) { return hits[id] === required; });
    if (all.length === 0 && required > 1) {
      var most = Math.max.apply(null, ids.map(function (id) { return hits[id] || 0; }).concat([0]));
      all = most * 2 >= required ? ids.filter(function (id) { return hits[id] === most; }) : [];
    }
    return all.map(Number).sort(function (a, b) { return scores[b] - scores[a] || a - b; });
  }

  // A document's bucket and place in it.
  function place(id) { return [Math.floor(id / entry.s), id % entry.s]; }

  function describe(id) {
    var at = place(id);
    return load('d-' + at[0], entry.v).then(function (docs) {
      var d = docs[at[1]];
      return { id: id, url: d[0], title: d[1], section: d[2], kind: d[3], cls: d[4], gfx: d[5], text: d[6] };
    });
  }

  // Whether document `id` passes the chosen facets (`facets`: the loaded f.js).
  function passes(facets, id) {
    var at = place(id);
    var code = facets[at[0]].substr(at[1] * 2, 2);
    if (filters.cls && code[0] !== filters.cls[0]) { return false; }
    if (filters.gfx) {
      var bit = entry.g.indexOf(filters.gfx);
      if (bit < 0 || !(parseInt(code[1], 36) & (1 << bit))) { return false; }
    }
    return true;
  }

  // `docs` (best first) with no more than PER_PAGE results of one page ahead of the others.
  function varied(docs) {
    var count = {};
    var ahead = [];
    var behind = [];
    docs.forEach(function (d) {
      var page = d.url.split('#')[0];
      count[page] = (count[page] || 0) + 1;
      (count[page] <= PER_PAGE ? ahead : behind).push(d);
    });
    return ahead.concat(behind);
  }

  // `docs` (best first) with those whose title is the query itself ahead of the rest: asked for
  // a term or a page by its name, its entry comes first.
  function named(docs, query) {
    var key = normalise(query).replace(/\s+/g, '');
    var same = function (d) { return normalise(d.title).replace(/\s+/g, '') === key; };
    return docs.filter(same).concat(docs.filter(function (d) { return !same(d); }));
  }

  // The results of `query`, the first `shown` of them described; `wanted()` says whether they
  // are still wanted: a search that is no longer wanted stops at its next step (before it scans
  // a token file, ranks, or loads the buckets of its results), so that typing fast does not
  // queue the work and the files of every prefix ahead of the last one.
  function search(query, wanted, shown) {
    var parts = units(query);
    if (parts.length === 0) { return Promise.resolve(null); }
    var terms = [];
    parts.forEach(function (u) { u.terms.forEach(function (t) { if (terms.indexOf(t) < 0) { terms.push(t); } }); });
    var ranked;
    return loadEntry().then(function () {
      return Promise.all(terms.map(function (term) { return matches(term, wanted); }));
    }).then(function (perTerm) {
      if (!wanted()) { throw SUPERSEDED; }
      var byTerm = {};
      terms.forEach(function (t, i) { byTerm[t] = perTerm[i]; });
      ranked = rank(parts, byTerm);
      return filters.cls || filters.gfx ? load('f', entry.v) : null;
    }).then(function (facets) {
      if (!wanted()) { throw SUPERSEDED; }
      var kept = facets ? ranked.filter(function (id) { return passes(facets, id); }) : ranked;
      // The best twice over what is shown, so that one page's many sections give way to others.
      return Promise.all(kept.slice(0, 2 * shown).map(describe)).then(function (docs) {
        return { query: query, docs: named(varied(docs), query).slice(0, shown), total: kept.length, shown: shown };
      });
    });
  }

  // ---- Showing results ----
  function label(key) { return panel.getAttribute('data-label-' + key) || key; }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }

  // `text` with the parts that match a query term marked.
  function marked(text, terms) {
    var out = [];
    var pos = 0;
    matchSpans(text, terms).forEach(function (s) {
      out.push(text.slice(pos, s[0]), el('mark', {}, [text.slice(s[0], s[1])]));
      pos = s[1];
    });
    out.push(text.slice(pos));
    return out;
  }

  // A result's excerpt: the text around the match, what matched marked.
  function excerptNodes(text, query) {
    var part = excerpt(text, query);
    return [part.lead ? '\u2026' : ''].concat(marked(part.body, part.terms), [part.tail ? '\u2026' : '']);
  }

  function chip(kind, value, text, pressed) {
    return el('button', { type: 'button', 'class': 'search-chip', 'data-filter': kind, 'data-value': value,
      'aria-pressed': pressed ? 'true' : 'false' }, [text]);
  }

  var last = null;

  function show(result) {
    panel.textContent = '';
    if (!result) { close(); return; }
    last = result;
    // Facets: the classes and targets of the results shown, and any chosen.
    var chips = el('div', { 'class': 'search-filters', role: 'group', 'aria-label': label('filters') });
    ['confirmed', 'inferred', 'unresolved', 'limited'].filter(function (c) {
      return filters.cls === c || result.docs.some(function (d) { return d.cls === c; });
    }).forEach(function (c) { chips.appendChild(chip('cls', c, label(c), filters.cls === c)); });
    (entry.g || []).filter(function (g) {
      return filters.gfx === g || result.docs.some(function (d) { return (d.gfx || []).indexOf(g) >= 0; });
    }).forEach(function (g) { chips.appendChild(chip('gfx', g, g, filters.gfx === g)); });
    if (chips.childNodes.length > 0) { panel.appendChild(chips); }
    if (result.docs.length === 0) {
      panel.appendChild(el('p', { 'class': 'search-none' }, [label('none')]));
    } else {
      var list = el('ol', { 'class': 'search-list' });
      result.docs.forEach(function (d) {
        var kind = KINDS[d.kind];
        var tag = d.cls ? el('span', { 'class': 'badge badge-' + d.cls }, [label(d.cls)])
          : el('span', { 'class': 'search-kind' }, [label(kind)]);
        // A claim or question is named by what it says (its ID after it); a page or term by its
        // title, its text below.
        var stated = kind === 'claim' || kind === 'question';
        var head = el('span', { 'class': 'search-title' }, stated ? marked(d.text, excerpt(d.text, result.query).terms) : [d.title]);
        var id = stated ? el('code', { 'class': 'search-id' }, [d.title]) : null;
        var where = d.section ? el('span', { 'class': 'search-section' }, [d.section]) : null;
        var text = stated ? null : el('span', { 'class': 'search-excerpt' }, excerptNodes(d.text, result.query));
        var link = el('a', { href: root + withHighlight(d.url, result.query), 'class': 'search-result search-' + kind },
          [tag, ' ', head].concat(id ? [' ', id] : [], where ? [' ', where] : [], text ? [text] : []));
        list.appendChild(el('li', {}, [link]));
      });
      panel.appendChild(list);
      if (result.total > result.docs.length) {
        panel.appendChild(el('button', { type: 'button', 'class': 'search-more', 'data-search-more': '' },
          [label('more') + ' (' + result.docs.length + ' / ' + result.total + ')']));
      }
    }
    panel.hidden = false;
  }

  // A result's address with the query for the page to mark what matched (`?hl=`, before the
  // anchor; highlight() reads it).
  function withHighlight(url, query) {
    var at = url.indexOf('#');
    var path = at < 0 ? url : url.slice(0, at);
    var anchor = at < 0 ? '' : url.slice(at);
    return path + '?' + HIGHLIGHT + '=' + encodeURIComponent(query.trim()) + anchor;
  }

  function close() {
    panel.hidden = true;
  }

  var pending = 0;
  // Search for the field's text and show the first `shown` results (then call `after`), unless
  // a newer search has started meanwhile.
  function run(after, shown) {
    var ticket = ++pending;
    var wanted = function () { return ticket === pending; };
    search(input.value, wanted, shown || SHOWN).then(function (result) {
      if (!wanted()) { return; }
      show(result);
      if (after) { after(); }
    }, function () {
      if (wanted()) { close(); }
    });
  }

  input.addEventListener('input', function () { run(); });
  // Clicking the field again shows the last results (focus alone does not: Esc returns focus).
  input.addEventListener('click', function () { if (input.value && last && panel.hidden) { show(last); } });

  panel.addEventListener('click', function (event) {
    if (event.target.closest('button[data-search-more]') && last) {
      // The next results, the first of them focused.
      var from = last.docs.length;
      run(function () {
        var next = results()[from];
        if (next) { next.focus(); }
      }, from + SHOWN);
      return;
    }
    var button = event.target.closest('button[data-filter]');
    if (!button) { return; }
    var key = button.getAttribute('data-filter');
    var value = button.getAttribute('data-value');
    filters[key] = filters[key] === value ? null : value;
    run(function () {
      var again = panel.querySelector('button[data-filter="' + key + '"][data-value="' + value + '"]');
      if (again) { again.focus(); }
    });
  });

  function results() { return Array.prototype.slice.call(panel.querySelectorAll('a.search-result')); }

  document.addEventListener('keydown', function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      // On a narrow window the field is behind the header's search button (site.js).
      var opener = document.querySelector('.search-open');
      if (opener && opener.offsetParent !== null) { opener.click(); }
      input.focus();
      input.select();
      return;
    }
    if (event.key === 'Enter' && target === input && input.value && last) {
      // Enter in the field opens the first result, shown or not.
      if (panel.hidden) { show(last); }
      var first = panel.querySelector('a.search-result');
      if (first) { event.preventDefault(); first.click(); }
      return;
    }
    var inside = target === input || panel.contains(target);
    if (!inside || panel.hidden) { return; }
    var links = results();
    var at = links.indexOf(target);
    if (event.key === 'Escape') {
      // Closes the results and keeps the query (a search field's own Esc would empty it; a
      // second Esc, with the results closed, still does).
      event.preventDefault();
      close();
      input.focus();
    } else if (event.key === 'ArrowDown' && links.length) {
      event.preventDefault();
      links[at < 0 ? 0 : Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && links.length) {
      event.preventDefault();
      if (at <= 0) { input.focus(); } else { links[at - 1].focus(); }
    }
  });

  document.addEventListener('click', function (event) {
    // A click outside closes the results; one on a button of theirs (a filter, "more") that
    // drew them again before this ran is not outside, though its button is gone.
    var outside = event.target.isConnected && !panel.contains(event.target);
    if (!panel.hidden && outside && event.target !== input) { close(); }
  });

  input.closest('.search').hidden = false;
}());
