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

# Build, then serve site/ on http://127.0.0.1:1111/ (static; no live reload yet).
serve: build
    python3 -m http.server --bind 127.0.0.1 --directory site 1111

# Regenerate the committed JSON Schema for editors.
schema:
    cargo run -q -- schema > schema/evidence.schema.json

# Everything CI runs.
ci:
    bash .ci/run
