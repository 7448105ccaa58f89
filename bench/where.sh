#!/usr/bin/env bash
# `just where`: where a cold build's processor time goes, by part (bench/where.py): the kernel
# (by what it does for the build), the allocator and memory copies, each third-party crate, the
# standard library, each of shoko's crates. One cold build of the synthetic corpus (WHERE_PAGES
# pages per language, default 10000) on one thread, output and cache on tmpfs, sampled by
# `perf record` at 499 Hz with call stacks; a build before it, not sampled, puts the corpus in
# the page cache. Needs `perf` (Debian `linux-perf`). The profiling build keeps frame pointers
# for the stacks; perf slows the build by a third or so, so read shares, not seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${WHERE_PAGES:-10000}
work=${BENCH_DIR:-/tmp/shoko-bench}
out=/dev/shm/shoko-where
mkdir -p "$work"
# The output, its cache and its record beside it.
trap 'rm -rf "$out" /dev/shm/.shoko-where.*' EXIT

RUSTFLAGS="-C force-frame-pointers=yes" cargo build --locked --profile profiling -q -p shoko
cargo build --locked --release -q -p xtask
[ -d "$work/c$pages" ] || target/release/xtask corpus --pages "$pages" --out "$work/c$pages" >/dev/null
shoko=target/profiling/shoko
cold() { rm -rf "$out" /dev/shm/.shoko-where.*; RAYON_NUM_THREADS=1 "$@" "$shoko" build --root "$work/c$pages/ours" --out "$out" >/dev/null; }
# The build's notes go to the terminal with perf's own messages, if any.
cold 2>/dev/null
cold perf record -q -F 499 -g -o "$work/where.data"
perf script -i "$work/where.data" 2>/dev/null | python3 bench/where.py
