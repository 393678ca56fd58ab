//! Collider shapes as assets: `.collider.ron` files, hot reloaded.

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;
use sat2d::{Shape, ShapeData, ShapeError};

use crate::components::collider::Collider;

/// A collider shape loaded from a `.collider.ron` file: one [`ShapeData`] value, e.g.
///
/// ```ron
/// Polygon(points: [(0.0, 0.0), (40.0, 0.0), (40.0, 10.0), (10.0, 10.0), (10.0, 40.0), (0.0, 40.0)])
/// ```
///
/// or `Circle(radius: 12.0)`, `Rectangle(width: 30.0, height: 8.0)`,
/// `Capsule(radius: 5.0, length: 20.0)`, `Segment(a: (0.0, 0.0), b: (10.0, 5.0))`,
/// `Polygon(points: [..], holes: [[..], ..])`.
/// A concave polygon is split into convex parts when loaded.
///
/// With the `image` feature, a file may name an image instead, traced when it loads
/// (see [`Collider::from_image`]) and traced again whenever the image changes on disk
/// (hot reload):
///
/// ```ron
/// Image(path: "rock.png", threshold: 0.5, tolerance: 1.0)
/// ```
///
/// The path is relative to the collider file. Optional fields, with their defaults:
/// `threshold: 0.5`, `tolerance: 1.0` (pixels), `pixels_per_unit: 1.0`,
/// `pivot: (0.5, 0.5)` (fractions of the image from its top-left corner),
/// `min_area: 4.0` (square pixels), `rect: None` (or `Some((x0, y0, x1, y1))`, an atlas
/// frame in pixels). The largest opaque region is the asset's `shape`, the others are
/// in `more`.
#[derive(Asset, TypePath, Clone, Debug, PartialEq)]
pub struct ColliderAsset {
    /// The shape (of a traced image, its largest region).
    pub shape: Shape,
    /// The other regions of a traced image, largest first; empty for a shape file. A
    /// [`ColliderHandle`] applies only `shape`: spawn these yourself if you need them.
    pub more: Vec<Shape>,
}

/// Why a `.collider.ron` file did not load. The message names the problem and, for
/// syntax errors, the line and column.
#[derive(Debug, thiserror::Error)]
pub enum ColliderAssetError {
    /// The file could not be read.
    #[error("could not read the collider file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not valid RON for a shape.
    #[error("not a collider shape: {0}")]
    Syntax(#[from] ron::error::SpannedError),
    /// The shape's data is invalid (negative radius, self-intersecting outline, ...).
    #[error("invalid collider shape: {0}")]
    Shape(#[from] ShapeError),
    /// The image an `Image(..)` file names did not load, or gave no collider
    /// (unsupported format, nothing opaque, ...).
    #[cfg(feature = "image")]
    #[error("could not trace the image: {0}")]
    Image(#[from] crate::assets::image_colliders::ImageColliderError),
}

impl ColliderAsset {
    /// Parses the text of a `.collider.ron` file.
    ///
    /// # Errors
    /// [`ColliderAssetError::Syntax`] or [`ColliderAssetError::Shape`].
    ///
    /// ```
    /// use bevy_sat2d::ColliderAsset;
    /// let asset = ColliderAsset::from_ron("Circle(radius: 4.0)").unwrap();
    /// assert_eq!(asset.shape, sat2d::Shape::circle(4.0));
    /// let error = ColliderAsset::from_ron("Circle(radius: -4.0)").unwrap_err();
    /// assert!(error.to_string().contains("radius"), "{error}");
    /// ```
    pub fn from_ron(text: &str) -> Result<Self, ColliderAssetError> {
        let data: ShapeData = ron::from_str(text)?;
        Ok(Self {
            shape: data.build()?,
            more: Vec::new(),
        })
    }
}

/// Loads [`ColliderAsset`]s from `.collider.ron` files.
#[derive(Default, TypePath)]
pub struct ColliderAssetLoader;

impl AssetLoader for ColliderAssetLoader {
    type Asset = ColliderAsset;
    type Settings = ();
    type Error = ColliderAssetError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<ColliderAsset, ColliderAssetError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let text = String::from_utf8_lossy(&bytes);
        #[cfg(feature = "image")]
        if let Ok(file) = crate::assets::image_file::ImageColliderFile::parse(&text) {
            let mut shapes = file
                .load(load_context)
                .await?
                .into_iter()
                .map(|collider| collider.shape().clone());
            let shape = shapes
                .next()
                .expect("tracing gives at least one region or an error");
            return Ok(ColliderAsset {
                shape,
                more: shapes.collect(),
            });
        }
        #[cfg(not(feature = "image"))]
        let _ = load_context;
        ColliderAsset::from_ron(&text)
    }

    fn extensions(&self) -> &[&str] {
        &["collider.ron"]
    }
}

/// Gives the entity a [`Collider`] built from a [`ColliderAsset`], and rebuilds it when
/// the asset changes (hot reload with Bevy's `file_watcher` feature).
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
///     commands.spawn(ColliderHandle(assets.load("crate.collider.ron")));
/// }
/// # bevy::ecs::system::assert_is_system(spawn);
/// ```
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Deref)]
pub struct ColliderHandle(pub Handle<ColliderAsset>);

/// Inserts or replaces `Collider` on entities whose asset just loaded or changed, and on
/// new handles whose asset is already loaded.
pub(crate) fn apply_collider_assets(
    mut asset_events: MessageReader<AssetEvent<ColliderAsset>>,
    assets: Res<Assets<ColliderAsset>>,
    handles: Query<(Entity, Ref<ColliderHandle>)>,
    mut commands: Commands,
) {
    let mut changed = Vec::new();
    for event in asset_events.read() {
        if let AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id } = event {
            changed.push(*id);
        }
    }
    for (entity, handle) in &handles {
        if !(handle.is_added() || handle.is_changed() || changed.contains(&handle.id())) {
            continue;
        }
        if let Some(asset) = assets.get(&handle.0) {
            commands
                .entity(entity)
                .insert(Collider::from(asset.shape.clone()));
        }
    }
}

#[cfg(test)]
mod tests;
