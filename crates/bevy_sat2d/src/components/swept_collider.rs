//! [`SweptCollider`]: a marker for fast colliders that must not pass through thin ones
//! between two steps (continuous collision detection).

use bevy::prelude::*;

/// Continuous collision detection for this collider: each step, the plugin casts its
/// shape from where the last step saw it to where it is now, moving and turning,
/// against the colliders along the way, so a bullet that crosses a thin wall between
/// two steps still reports the hit, and so does a spinning blade whose end swings
/// through one.
///
/// What it reports:
///
/// - A pair that touches at the end of the step is reported as always (the sweep adds
///   nothing): [`CollisionEvent::Started`](crate::CollisionEvent::Started) with
///   `time_of_impact: None`, then `Ongoing`.
/// - A pair that touched during the step but no longer does at its end gets `Started`
///   with `time_of_impact: Some(t)`, `t` the fraction of the step in `(0, 1]`; its
///   contact, kept until the next step and read like any other
///   ([`CollisionEvent::contact`](crate::CollisionEvent::contact)), is the one at the
///   time of impact (the shapes placed where they first touched; depth about 0, normal
///   from `a` to `b` as always). [`CollisionStarted`] carries the same contact and
///   time, and [`CollidingEntities`] holds the other entity until the next step, which
///   reports `Ended` (or `Ended` and a new `Started` if it hits again).
/// - A pair that touched at the end of the last step and is apart now simply ends:
///   the touch was under way when the step began, so nothing new started.
///
/// How it sweeps:
///
/// - **Moving and turning.** The shape moves in a straight line from the last step's
///   place to this one's and turns at a steady rate about its origin (its entity's
///   translation) from the last step's rotation to this one's, by the **shortest
///   turn**: at most half a turn either way. A collider that turned more than half a
///   turn in one step (a blade spinning faster than 30 turns a second at 60 steps a
///   second) is swept the short way round, as if it had turned back; one that turned a
///   whole number of turns is not swept as turning at all. A collider that only turned
///   is swept too.
/// - **How exact.** A sweep without a turn is an exact cast
///   ([`sat2d::cast_shape`](sat2d::cast_shape)); one with a turn is a conservative
///   advancement ([`sat2d::cast_turning_shape`](sat2d::cast_turning_shape)): its time
///   of impact is never later than the first touch, and at that time the shapes are
///   within 10 × the pair's [tolerance](sat2d::tolerance) of each other (the contact
///   then has depth 0, the cast's normal and point).
/// - **Other colliders stand still** where they are at the end of the step, unless they
///   are swept too: then both motions count (the relative motion is cast).
/// - **The same pairs as ever**: only pairs whose [`CollisionLayers`] interact, and
///   never two [`StaticCollider`]s.
/// - **No previous position, no sweep**: in a collider's first step (and the first
///   after its transform was unusable), it is only tested where it is. After a restored
///   snapshot ([`PlacedTranslation`](crate::PlacedTranslation) keeps the translation,
///   not the rotation) the turn is measured from the rotation the plugin last placed. A collider that
///   gets the marker later is swept from the position the last step saw.
/// - **A teleport is swept like any motion**: a `Transform` jump reports everything on
///   the straight line between the two places. To teleport without that, remove the
///   marker in the frame you move the collider and insert it again in a later frame
///   (the sweep then starts from the new place).
///
/// Cost: nothing for colliders without the marker, nor for swept ones that neither
/// moved nor turned. A swept collider that moved costs one broad-phase query over the
/// box around its path (for one that turned, the box around its reach from its origin
/// along the path), and one shape cast for each pair along it that ends the step apart.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// // The collision messages written since the last call.
/// let mut cursor = app.world().resource::<Messages<CollisionEvent>>().get_cursor();
/// let mut events = |app: &App| -> Vec<CollisionEvent> {
///     let messages = app.world().resource::<Messages<CollisionEvent>>();
///     cursor.read(messages).cloned().collect()
/// };
/// // A wall 10 units thick, its left face at x = -5, and a bullet far to its left.
/// app.world_mut().spawn((Collider::rectangle(10.0, 100.0), StaticCollider, Transform::default()));
/// let bullet = app
///     .world_mut()
///     .spawn((Collider::circle(1.0), SweptCollider, Transform::from_xyz(-250.0, 0.0, 0.0)))
///     .id();
/// app.update(); // the first step: no previous position, nothing to sweep
/// assert!(events(&app).is_empty());
///
/// // One step carries the bullet 500 units, clean through the wall.
/// app.world_mut().get_mut::<Transform>(bullet).unwrap().translation.x = 250.0;
/// app.update();
/// let hit = events(&app);
/// assert_eq!(hit.len(), 1);
/// // Its edge met the wall's face when its centre was at x = -6: 244 of the 500 units.
/// let time = hit[0].time_of_impact().expect("a swept contact");
/// assert!((time - 244.0 / 500.0).abs() < 1e-4);
/// let world = app.world().resource::<CollisionWorld>();
/// let contact = hit[0].contact_from(bullet, world).unwrap(); // at the time of impact
/// assert!((contact.normal - Vec2::X).length() < 1e-4); // from the bullet into the wall
///
/// // The next step, they are apart: the pair ends.
/// app.update();
/// let after = events(&app);
/// assert!(after.len() == 1 && after[0].is_ended());
/// ```
///
/// [`CollisionStarted`]: crate::CollisionStarted
/// [`CollidingEntities`]: crate::CollidingEntities
/// [`CollisionLayers`]: crate::CollisionLayers
/// [`StaticCollider`]: crate::StaticCollider
#[derive(Component, Reflect, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[reflect(Component, Default, Debug)]
pub struct SweptCollider;
