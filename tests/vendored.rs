//! The two crates built from patched copies in `vendor/` are the ones the program is built
//! with. Cargo falls back on the registry's copy without a word when the root `Cargo.toml`'s
//! `[patch.crates-io]` loses a line, or when a new version of the crate is asked for: the
//! program still builds and every game is the same, so only this test notices. For Lua the
//! sandbox's tests would fail too; mimalloc's change is a prefetch, which only time shows.

use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The lock file's entry for `name`, from its `[[package]]` line to the next.
fn locked_package(lock: &str, name: &str) -> String {
    let header = format!("[[package]]\nname = \"{name}\"\n");
    let start = lock.find(&header).unwrap_or_else(|| panic!("Cargo.lock has no package {name}"));
    let rest = &lock[start + header.len()..];
    let end = rest.find("[[package]]").unwrap_or(rest.len());
    rest[..end].to_string()
}

/// `name` is built from `vendor/<name>` (a path has no `source` in the lock file), and its
/// sources hold `marker` in `patched_file`.
fn assert_built_from_vendor(name: &str, patched_file: &str, marker: &str) {
    let lock = read("Cargo.lock");
    let entry = locked_package(&lock, name);
    assert!(
        !entry.contains("source ="),
        "Cargo.lock: {name} comes from {}, not from vendor/{name} (the root Cargo.toml's \
         [patch.crates-io] must name vendor/{name}, at the version asked for)",
        entry.lines().find(|l| l.starts_with("source")).unwrap_or("?")
    );
    let manifest = read("Cargo.toml");
    assert!(
        manifest.contains(&format!("{name} = {{ path = \"vendor/{name}\" }}")),
        "Cargo.toml: [patch.crates-io] does not name vendor/{name}"
    );
    assert!(
        read(patched_file).contains(marker),
        "{patched_file}: the change of vendor/{name}/PATCH.md is not there (expected `{marker}`)"
    );
}

#[test]
fn mimalloc_is_the_copy_that_prefetches_the_next_free_block() {
    assert_built_from_vendor(
        "libmimalloc-sys",
        "vendor/libmimalloc-sys/c_src/mimalloc/v3/src/alloc.c",
        "__builtin_prefetch(page->free, 1, 3);",
    );
}

#[test]
fn lua_is_the_patched_copy() {
    assert_built_from_vendor("lua-src", "vendor/lua-src/lua-5.4.9/lvm.c", "wizwar patch");
}
