//! What shape casts and overlap queries move: the blast, the crates, the follower.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use super::*;
use bevy::window::PrimaryWindow;
use bevy_sat2d::debug_overlay::cursor_world_position;

/// Every `BLAST_PERIOD` seconds: the crates within the blast radius fly away from it.
pub fn explode(
    time: Res<Time>,
    query: SpatialQuery,
    mut crates: Query<(&Transform, &mut Crate)>,
    mut scene: ResMut<Scene>,
) {
    scene.blast_age += time.delta_secs();
    let first_frame = time.elapsed_secs() == time.delta_secs();
    if scene.blast_age < BLAST_PERIOD && !first_frame && !scene.blast_hits.is_empty() {
        return;
    }
    let blast = Shape::circle(BLAST_RADIUS);
    let hits = query.shape_hits(
        &blast,
        &Iso::from_translation(BLAST_CENTER),
        &QueryFilter::default().with_static_colliders(false),
    );
    if hits.is_empty() {
        return;
    }
    scene.blast_age = 0.0;
    scene.blast_hits = hits.iter().map(|(entity, _)| *entity).collect();
    for (entity, _) in hits {
        if let Ok((transform, mut body)) = crates.get_mut(entity) {
            let away = (transform.translation.truncate() - BLAST_CENTER).normalize_or(Vec2::Y);
            body.velocity = away * 500.0;
        }
    }
}

/// Moves each crate by its velocity, stopped by a `cast_shape` against everything else.
pub fn move_crates(
    time: Res<Time>,
    query: SpatialQuery,
    mut crates: Query<(Entity, &Collider, &mut Transform, &mut Crate)>,
) {
    let step = time.delta_secs().min(1.0 / 30.0);
    for (entity, collider, mut transform, mut body) in &mut crates {
        if body.velocity.length_squared() < 1.0 {
            body.velocity = Vec2::ZERO;
            continue;
        }
        let motion = body.velocity * step;
        let filter = QueryFilter::default().exclude(entity);
        let moved = stopped_motion(&query, collider, &transform, motion, &filter);
        if moved != motion {
            body.velocity = Vec2::ZERO;
        }
        transform.translation += moved.extend(0.0);
        body.velocity *= 0.92;
    }
}

/// How far a collider placed by `transform` may move along `motion` before it hits
/// something, keeping `SKIN` from it.
pub fn stopped_motion(
    query: &SpatialQuery,
    collider: &Collider,
    transform: &Transform,
    motion: Vec2,
    filter: &QueryFilter,
) -> Vec2 {
    let iso = Iso::new(
        transform.translation.truncate(),
        transform.rotation.to_euler(EulerRot::ZYX).0,
    );
    let length = motion.length();
    match query.cast_shape(collider.shape(), &iso, motion, filter) {
        Some((_, hit)) if length > 0.0 => motion * (hit.fraction - SKIN / length).max(0.0),
        _ => motion,
    }
}

/// The follower heads for the cursor while the left button is held, else for a point
/// that sweeps across the pillar; a shape cast stops it at the first thing in the way.
pub fn follow_mouse(
    time: Res<Time>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    query: SpatialQuery,
    follower: Single<(Entity, &Collider, &mut Transform), With<FollowBox>>,
    mut scene: ResMut<Scene>,
) {
    let (entity, collider, mut transform) = follower.into_inner();
    let cursor = cursor_world_position(&window, &cameras);
    let target = match cursor {
        Some(cursor) if buttons.pressed(MouseButton::Left) => cursor,
        _ => Vec2::new(120.0 + 240.0 * (time.elapsed_secs() * 0.7).cos(), -40.0),
    };
    scene.follow_target = target;
    let motion = target - transform.translation.truncate();
    let filter = QueryFilter::default().exclude(entity);
    let moved = stopped_motion(&query, collider, &transform, motion, &filter);
    transform.translation += moved.extend(0.0);
}
