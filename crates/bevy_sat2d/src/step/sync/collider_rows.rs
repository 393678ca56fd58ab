//! The rows the sync reads: its queries of colliders, and [`ColliderChange`], what it
//! reads of one collider that changed.

use bevy::prelude::*;

use crate::components::collider::Collider;
use crate::components::collider_of::ColliderOf;
use crate::components::collision_exclusions::CollisionExclusions;
use crate::components::collision_layers::CollisionLayers;
use crate::components::static_collider::StaticCollider;
use crate::components::swept_collider::SweptCollider;
use crate::world::placed_translation::PlacedTranslation;

/// What the sync reads of each collider's entity.
pub(super) type ColliderData = (
    Entity,
    Ref<'static, Collider>,
    Ref<'static, GlobalTransform>,
    Ref<'static, CollisionLayers>,
    Has<StaticCollider>,
    Has<SweptCollider>,
    Option<&'static ColliderOf>,
    Has<CollisionExclusions>,
);

/// The colliders [`ChangedMovingColliders`] finds: moving ones whose shape, placement,
/// layers, body or exclusions changed since the last step (new ones included).
pub(super) type ChangedMoving = (
    Without<StaticCollider>,
    Or<(
        Changed<Collider>,
        Changed<GlobalTransform>,
        Changed<CollisionLayers>,
        Changed<ColliderOf>,
        Changed<CollisionExclusions>,
    )>,
);

/// Moving colliders whose shape, placement, layers, body or exclusions changed since
/// the last step (new ones included): unchanged colliders cost a few tick reads here,
/// static ones nothing.
pub(super) type ChangedMovingColliders<'w, 's> =
    Query<'w, 's, (ColliderData, Option<&'static mut PlacedTranslation>), ChangedMoving>;

/// [`ChangedMovingColliders`] read only, for the threads that work out new places.
pub(super) type ChangedMovingReadOnly<'w, 's> =
    Query<'w, 's, (ColliderData, Option<&'static PlacedTranslation>), ChangedMoving>;

/// What the sync reads of one collider that changed.
pub(super) struct ColliderChange<'a> {
    /// The entity.
    pub(super) entity: Entity,
    /// Its `Collider`.
    pub(super) collider: &'a Collider,
    /// Whether the `Collider` itself changed (its shape is then rebuilt).
    pub(super) collider_changed: bool,
    /// Where it is.
    pub(super) global: &'a GlobalTransform,
    /// Its layers.
    pub(super) layers: CollisionLayers,
    /// Whether it has [`StaticCollider`].
    pub(super) is_static: bool,
    /// Whether it has [`SweptCollider`].
    pub(super) is_swept: bool,
    /// Its [`ColliderOf`] body, if any.
    pub(super) body: Option<Entity>,
    /// Whether it has [`CollisionExclusions`].
    pub(super) has_exclusions: bool,
    /// Its [`PlacedTranslation`], if it has one: where the last step left it (a
    /// snapshot may have restored it), which a sweep starts from and a platform's
    /// motion is measured from. Without one, the record's place stands in.
    pub(super) last_placed: Option<Option<Vec2>>,
}

impl<'a> ColliderChange<'a> {
    /// The change of one row of [`ColliderData`].
    pub(super) fn of(
        (entity, collider, global, layers, is_static, is_swept, body, has_exclusions): &'a ColliderDataItem<'a>,
    ) -> Self {
        Self {
            entity: *entity,
            collider,
            collider_changed: collider.is_changed(),
            global,
            layers: **layers,
            is_static: *is_static,
            is_swept: *is_swept,
            body: body.map(|body| body.0),
            has_exclusions: *has_exclusions,
            last_placed: None,
        }
    }

    /// The change of `data`, with its [`PlacedTranslation`].
    pub(super) fn with_translation(
        data: &'a ColliderDataItem<'a>,
        placed_translation: Option<&PlacedTranslation>,
    ) -> Self {
        Self {
            last_placed: placed_translation.map(|placed| placed.0),
            ..Self::of(data)
        }
    }
}

/// The sync's queries of colliders, one used at a time: the changed moving ones, all
/// of them (to place those whose refresh was queued), and the changed moving ones read
/// only (for the threads that work out their new places).
pub(super) type ColliderQueries<'w, 's> = ParamSet<
    'w,
    's,
    (
        ChangedMovingColliders<'static, 'static>,
        Query<'static, 'static, (ColliderData, Option<&'static mut PlacedTranslation>)>,
        ChangedMovingReadOnly<'static, 'static>,
    ),
>;

/// One row of [`ColliderData`].
pub(super) type ColliderDataItem<'a> = (
    Entity,
    Ref<'a, Collider>,
    Ref<'a, GlobalTransform>,
    Ref<'a, CollisionLayers>,
    bool,
    bool,
    Option<&'a ColliderOf>,
    bool,
);
