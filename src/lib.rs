//! Examples live in `examples/`.
