#!/usr/bin/env bash
# Build the fuzz targets and run each for SECONDS (default 30), seeded with the real content and
# the fixtures. Needs cargo-fuzz (`cargo install cargo-fuzz`); the stable toolchain runs it with
# RUSTC_BOOTSTRAP=1. A crash fails the run and leaves its input under fuzz/artifacts/TARGET/;
# turn it into a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-30}
export RUSTC_BOOTSTRAP=1
targets=(frontmatter_split yaml_to_model body_parser link_resolver nested_divs human_diagnostics)
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
done
while IFS= read -r -d '' f; do
  name=$(sha256sum "$f" | cut -c1-16)
  for t in frontmatter_split yaml_to_model body_parser human_diagnostics; do cp "$f" "corpus/$t/$name"; done
done < <(find ../content ../tests/fixtures -type f \( -name '*.md' -o -name '*.yaml' \) -print0)
printf '../index.md' > corpus/link_resolver/seed
printf '\000\001\002\003\004\005\006\007' > corpus/nested_divs/seed
cargo fuzz build -O
for t in "${targets[@]}"; do
  echo "== fuzz $t for ${seconds}s"
  cargo fuzz run -O "$t" -- -max_total_time="$seconds" -max_len=65536 2>&1 | grep -E "^(Done|==|INFO: seed)|ERROR|panicked|SUMMARY" || true
  if [ -n "$(ls -A "artifacts/$t" 2>/dev/null)" ]; then
    echo "fuzz: $t found a crash: fuzz/artifacts/$t/" >&2
    exit 1
  fi
done
