//! Tells the shared bench sources (`crates/sat2d/benches/`) that they build against
//! parry2d 0.31, whose `intersection_test` and `distance` answer with structs where
//! 0.27 answered `bool` and `f32`: their `parry_compat` module reads this cfg.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(parry2d_0_31)");
    println!("cargo::rustc-cfg=parry2d_0_31");
}
