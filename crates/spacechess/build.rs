//! Rebuilds the binary when the built web front end changes. rust-embed tracks the files
//! it embedded, but not files added or removed (each front-end build names its bundles
//! by content hash), so watch the folder itself. Only optimised builds embed the files:
//! builds with debug assertions (`cargo test`'s among them) read `web/dist` from disk
//! when they serve it, so they need no rebuild when it changes, and `scripts/test` can
//! build the tests while the front end is still being built.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // A profile inheriting from dev ("debug") that keeps its debug assertions reads the
    // files from disk; any other build embeds them.
    let reads_from_disk = std::env::var("PROFILE").as_deref() == Ok("debug")
        && std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    if !reads_from_disk {
        println!("cargo:rerun-if-changed=../../web/dist");
    }
}
