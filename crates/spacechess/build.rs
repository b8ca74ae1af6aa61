//! Rebuilds the binary when the built web front end changes. rust-embed tracks the files
//! it embedded, but not files added or removed (each front-end build names its bundles
//! by content hash), so watch the folder itself.

fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
