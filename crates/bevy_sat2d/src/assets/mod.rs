//! Collider shapes as assets: `.collider.ron` files loaded by the
//! [`ColliderAssetLoader`](collider_asset::ColliderAssetLoader) and hot reloaded onto
//! every entity whose [`ColliderHandle`](collider_asset::ColliderHandle) names them.

pub(crate) mod collider_asset;
