//! [`QueryFilter`]: which colliders a [`SpatialQuery`](crate::SpatialQuery) may report.

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;
use sat2d::broad_phase::Mobility;

use crate::world::placed_collider::PlacedCollider;

/// Which colliders a [`SpatialQuery`](crate::SpatialQuery) may report. The default
/// accepts every collider.
///
/// A collider passes when, in this order:
///
/// 1. its [`CollisionLayers`](crate::CollisionLayers) `memberships` share a bit with the
///    filter's mask ([`with_mask`](Self::with_mask)),
/// 2. neither its entity nor its body (its [`ColliderOf`](crate::ColliderOf) target) is
///    excluded ([`exclude`](Self::exclude)), as in
///    [`CollisionExclusions`](crate::CollisionExclusions),
/// 3. it is not a [`StaticCollider`](crate::StaticCollider), unless statics are
///    included (they are by default; see
///    [`with_static_colliders`](Self::with_static_colliders)),
/// 4. the predicate, if any, returns `true` for its entity
///    ([`with_predicate`](Self::with_predicate)); it runs last, on the colliders that
///    passed the cheap tests above.
///
/// The filter is built where it is used and may borrow from there, so a predicate can
/// read a `Query` of the calling system.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
///
/// const WALL: u32 = 1 << 0;
/// const ENEMY: u32 = 1 << 1;
///
/// #[derive(Component)]
/// struct Shooter;
/// #[derive(Component)]
/// struct Dead;
///
/// fn aim(query: SpatialQuery, shooter: Single<Entity, With<Shooter>>, dead: Query<(), With<Dead>>) {
///     let filter = QueryFilter::default()
///         .with_mask(WALL | ENEMY)
///         .exclude(*shooter)
///         .with_predicate(|entity| !dead.contains(entity));
///     if let Some((entity, hit)) = query.cast_ray(Vec2::ZERO, Dir2::X, 500.0, &filter) {
///         info!("hit {entity} at {}", hit.point);
///     }
/// }
///
/// let filter = QueryFilter::default().with_mask(ENEMY).with_static_colliders(false);
/// assert_eq!(filter.mask(), ENEMY);
/// assert!(!filter.includes_static_colliders());
/// # bevy::ecs::system::assert_is_system(aim);
/// ```
pub struct QueryFilter<'a> {
    mask: u32,
    excluded: EntityHashSet,
    static_colliders: bool,
    predicate: Option<Box<dyn Fn(Entity) -> bool + 'a>>,
}

impl Default for QueryFilter<'_> {
    fn default() -> Self {
        Self {
            mask: u32::MAX,
            excluded: EntityHashSet::default(),
            static_colliders: true,
            predicate: None,
        }
    }
}

impl<'a> QueryFilter<'a> {
    /// Only colliders on at least one of the layers in `mask` (matched against their
    /// [`CollisionLayers::memberships`](crate::CollisionLayers::memberships)). The
    /// default mask is every layer; a mask of 0 accepts nothing.
    #[must_use]
    pub fn with_mask(mut self, mask: u32) -> Self {
        self.mask = mask;
        self
    }

    /// Never reports `entity`, nor the colliders that are parts of it as a body
    /// ([`ColliderOf`](crate::ColliderOf)`(entity)`): e.g. the shooter of a ray and its
    /// turrets, or the mover of a shape cast.
    #[must_use]
    pub fn exclude(mut self, entity: Entity) -> Self {
        self.excluded.insert(entity);
        self
    }

    /// Never reports any of `entities`, nor their parts (as [`exclude`](Self::exclude)).
    #[must_use]
    pub fn exclude_all(mut self, entities: impl IntoIterator<Item = Entity>) -> Self {
        self.excluded.extend(entities);
        self
    }

    /// Whether [`StaticCollider`](crate::StaticCollider)s may be reported (`true` by
    /// default).
    #[must_use]
    pub fn with_static_colliders(mut self, include: bool) -> Self {
        self.static_colliders = include;
        self
    }

    /// Only colliders whose entity `predicate` accepts. It runs after the other tests,
    /// once per candidate collider a query looks at; a second call replaces the first.
    #[must_use]
    pub fn with_predicate(mut self, predicate: impl Fn(Entity) -> bool + 'a) -> Self {
        self.predicate = Some(Box::new(predicate));
        self
    }

    /// The layer mask.
    #[must_use]
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// Whether `entity` is excluded itself (its body is not looked at here).
    #[must_use]
    pub fn excludes(&self, entity: Entity) -> bool {
        self.excluded.contains(&entity)
    }

    /// Whether static colliders may be reported.
    #[must_use]
    pub fn includes_static_colliders(&self) -> bool {
        self.static_colliders
    }

    /// Whether a collider passes the filter (see the type's docs for the order).
    #[must_use]
    pub fn accepts(&self, collider: &PlacedCollider) -> bool {
        collider.layers.memberships & self.mask != 0
            && (self.excluded.is_empty()
                || !(self.excluded.contains(&collider.entity)
                    || self.excluded.contains(&collider.body)))
            && (self.static_colliders || collider.mobility != Mobility::Static)
            && self
                .predicate
                .as_ref()
                .is_none_or(|predicate| predicate(collider.entity))
    }
}

impl std::fmt::Debug for QueryFilter<'_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("QueryFilter")
            .field("mask", &format_args!("{:#x}", self.mask))
            .field("excluded", &self.excluded)
            .field("static_colliders", &self.static_colliders)
            .field(
                "predicate",
                &self.predicate.as_ref().map(|_| "Fn(Entity) -> bool"),
            )
            .finish()
    }
}
