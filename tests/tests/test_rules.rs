//! The rules the tests themselves follow (docs/testing.md), checked from the source: whether a
//! test may skip is decided by `test_support::require` alone, so no code reads the `CI`
//! variable; `test-support` depends on nothing, so every crate's tests can use it; and no test is
//! `#[ignore]`d without CI (`.ci/run`) and the long job (`.ci/long`) running it.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        let name = name.to_string_lossy();
        if p.is_dir() {
            // build output, the fuzz workspace's own build output and hidden folders
            if name != "target" && !name.starts_with('.') {
                rust_files(&p, out);
            }
        } else if name.ends_with(".rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_code_reads_the_ci_variable() {
    let root = interop_tests::workspace_root();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 100, "only {} source files found under {}", files.len(), root.display());
    // spelled in pieces so that this file does not match itself
    let patterns = [format!("var_os(\"{}\")", "CI"), format!("var(\"{}\")", "CI")];
    let found: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            patterns.iter().any(|p| text.contains(p.as_str()))
        })
        .map(|f| f.strip_prefix(&root).unwrap_or(f).display().to_string())
        .collect();
    assert!(found.is_empty(), "read CI instead of calling test_support::require: {found:?}");
}

#[test]
fn test_support_depends_on_nothing() {
    let manifest = std::fs::read_to_string(interop_tests::workspace_root().join("test-support/Cargo.toml")).unwrap();
    let mut section = "";
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section.contains("dependencies") && !line.is_empty() && !line.starts_with('#') {
            panic!("test-support must have no dependencies: {section} {line}");
        }
    }
}

#[test]
fn the_long_job_runs_the_ignored_tests() {
    let root = interop_tests::workspace_root();
    let long = std::fs::read_to_string(root.join(".ci/long")).expect(".ci/long exists");
    assert!(long.contains("-- --ignored") && long.contains("REQUIRE_REFERENCES=1"), "{long}");
    let run = std::fs::read_to_string(root.join(".ci/run")).expect(".ci/run exists");
    assert!(run.contains("export REQUIRE_REFERENCES=1") && run.contains(".ci/reference-summary"), "{run}");
    assert!(run.contains("cargo test --workspace --release -- --include-ignored"), "{run}");
}
