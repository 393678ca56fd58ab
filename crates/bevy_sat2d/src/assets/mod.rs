//! Collider shapes as assets: `.collider.ron` files loaded by the
//! [`ColliderAssetLoader`](collider_asset::ColliderAssetLoader) and hot reloaded onto
//! every entity whose [`ColliderHandle`](collider_asset::ColliderHandle) names them;
//! with the `image` feature, colliders traced from images
//! ([`Collider::from_image`](crate::Collider::from_image)), also from collider files
//! that name an image.

pub(crate) mod collider_asset;
#[cfg(feature = "image")]
pub(crate) mod image_colliders;
#[cfg(feature = "image")]
pub(crate) mod image_file;
