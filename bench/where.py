"""Where a build's processor time goes: reads `perf script` output (samples with call stacks)
on standard input and prints each part's share of the samples, by the function each sample was
in: the kernel (by what it was doing for the build), the allocator and the C library's memory
functions, each third-party crate, the standard library, and each of shoko's crates.
Used by bench/where.sh; see docs/performance.md."""

import collections
import re
import sys

# What the kernel was doing, by a function on the sample's stack (the first that matches).
KERNEL = [
    ("page faults (fresh memory)", ("exc_page_fault",)),
    ("reading files", ("ksys_read", "filemap_read")),
    ("writing files", ("ksys_write", "vfs_write")),
    ("opening files", ("do_sys_open", "path_openat")),
    ("file metadata", ("statx", "newfstatat", "vfs_fstat")),
    ("folders, renames, removals", ("mkdir", "rename", "unlink", "rmdir", "getdents")),
]
# Crates whose generic functions run for another crate's types.
GENERIC = {"core", "alloc", "std", "serde", "serde_core"}
# The allocator and the C library's memory functions.
MEMORY = re.compile(r"^(_rjem_|je_|__mem|mem(cpy|move|set|cmp)|tcache_|arena_|extent_|do_rallocx|alloc::raw_vec)")


def frames(sample):
    """The functions of a sample's stack, innermost first, with whether each is the kernel's."""
    out = []
    for line in sample.split("\n")[1:]:
        parts = line.split(None, 1)
        if len(parts) < 2:
            continue
        symbol = re.sub(r"\+0x[0-9a-f]+", "", parts[1])
        out.append((symbol, "kernel.kallsyms" in symbol))
    return out


def part(stack):
    """The part of the build a sample belongs to."""
    leaf, in_kernel = stack[0]
    if in_kernel:
        names = " ".join(symbol for symbol, _ in stack)
        for name, marks in KERNEL:
            if any(mark in names for mark in marks):
                return "kernel: " + name
        return "kernel: other"
    name = leaf.split(" (")[0].lstrip("<")
    if MEMORY.match(name):
        return "allocator and memory copies"
    if name.startswith("_blake3"):
        return "blake3"
    # A generic function of the standard library or serde is counted to the crate it was
    # instantiated for (`core::ptr::drop_in_place<tera::value::Value>` is tera's).
    crates = [c for c in re.findall(r"(?:^|[<&( ,])([a-z_][a-z0-9_]*)::", name) if c not in GENERIC]
    leaf_crate = re.match(r"[a-z_][a-z0-9_]*", name)
    if not leaf_crate:
        return "unnamed code"
    crate = leaf_crate.group(0) if leaf_crate.group(0) not in GENERIC else (crates[0] if crates else "")
    if not crate:
        return "standard library"
    if crate.startswith("shoko_"):
        return "shoko: " + crate[len("shoko_"):]
    return crate


def main():
    samples = [s for s in sys.stdin.read().split("\n\n") if s.strip()]
    counts = collections.Counter(part(stack) for stack in map(frames, samples) if stack)
    total = sum(counts.values())
    groups = collections.Counter()
    for name, n in counts.items():
        group = name.split(":")[0] if name.startswith(("kernel:", "shoko:")) else "other"
        if name in ("allocator and memory copies", "standard library"):
            group = name
        groups[group] += n
    print(f"{total} samples")
    for name, n in groups.most_common():
        print(f"{100 * n / total:5.1f}%  {name}")
    print()
    for name, n in counts.most_common():
        if 100 * n / total >= 0.5:
            print(f"{100 * n / total:5.1f}%  {name}")


if __name__ == "__main__":
    main()
