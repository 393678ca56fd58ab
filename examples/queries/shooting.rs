//! The bullets (one swept, one not) and the reflected laser.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use super::*;

/// Moves each bullet `BULLET_STEP` to the right per frame, wrapping around. The wrap
/// is a teleport: a swept bullet drops its `SweptCollider` for that frame (else the
/// jump back would be swept through the wall) and gets it again the next.
pub fn move_bullets(
    mut commands: Commands,
    mut bullets: Query<(Entity, &Bullet, &mut Transform, Has<SweptCollider>)>,
) {
    for (entity, bullet, mut transform, has_sweep) in &mut bullets {
        if bullet.swept && !has_sweep {
            commands.entity(entity).insert(SweptCollider);
        }
        transform.translation.x += BULLET_STEP;
        if transform.translation.x > BULLET_END_X {
            transform.translation.x = BULLET_START_X;
            commands.entity(entity).remove::<SweptCollider>();
        }
    }
}

/// Counts each bullet's hits on anything and leaves a marker where it hit.
pub fn record_bullet_hits(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut bullets: Query<&mut Bullet>,
    mut scene: ResMut<Scene>,
) {
    for event in events.read() {
        if !event.is_started() {
            continue;
        }
        let (a, b) = event.entities();
        for (bullet, other) in [(a, b), (b, a)] {
            if bullets.contains(other) {
                continue;
            }
            let Ok(mut record) = bullets.get_mut(bullet) else {
                continue;
            };
            record.hits += 1;
            // In the frame of the step that wrote it: the pair's contact (for a
            // swept hit, the one at the time of impact).
            let Some(contact) = event.contact_from(bullet, &world) else {
                continue;
            };
            scene.markers.push(Marker {
                point: contact.points().first().copied().unwrap_or_default(),
                normal: -contact.normal,
                time_of_impact: event.time_of_impact(),
                age: 0.0,
            });
        }
    }
}

/// A laser from the left wall, turning slowly, reflected at every hit.
pub fn fire_laser(
    time: Res<Time>,
    query: SpatialQuery,
    bullets: Query<Entity, With<Bullet>>,
    mut gizmos: Gizmos,
    mut scene: ResMut<Scene>,
) {
    let mut origin = Vec2::new(-440.0, 250.0);
    let mut direction = Vec2::from_angle(-0.55 + 0.25 * (time.elapsed_secs() * 0.3).sin());
    // Everything reflects it but the bullets.
    let filter = QueryFilter::default().exclude_all(bullets);
    scene.laser_legs = 0;
    // The game's own beam; the overlay draws the same rays in its query colours.
    let beam = Color::srgb(0.7, 1.0, 0.2);
    for _ in 0..=BOUNCES {
        let Ok(dir) = Dir2::new(direction) else { break };
        scene.laser_legs += 1;
        match query.cast_ray(origin, dir, LASER_REACH, &filter) {
            Some((_, hit)) => {
                gizmos.line_2d(origin, hit.point, beam);
                gizmos.circle_2d(Isometry2d::from_translation(hit.point), 4.0, beam);
                direction = direction - 2.0 * direction.dot(hit.normal) * hit.normal;
                origin = hit.point + hit.normal * 0.01;
            }
            None => {
                gizmos.line_2d(origin, origin + direction * LASER_REACH, beam);
                break;
            }
        }
    }
}
