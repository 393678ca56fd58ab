//! The example's own drawings and its info window.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use super::*;
use bevy_egui::{EguiContexts, egui};

/// The bullets' hit markers, the blast ring and the follower's ghost target.
pub fn draw_markers(
    time: Res<Time>,
    mut gizmos: Gizmos,
    mut scene: ResMut<Scene>,
    follower: Single<&Collider, With<FollowBox>>,
) {
    let delta = time.delta_secs();
    scene.markers.retain_mut(|marker| {
        marker.age += delta;
        marker.age < 1.5
    });
    for marker in &scene.markers {
        let color = if marker.time_of_impact.is_some() {
            Color::srgb(1.0, 0.85, 0.2)
        } else {
            Color::WHITE
        };
        gizmos.circle_2d(Isometry2d::from_translation(marker.point), 7.0, color);
        gizmos.arrow_2d(marker.point, marker.point + marker.normal * 30.0, color);
    }
    if scene.blast_age < 0.6 {
        let ring = Color::srgba(1.0, 0.5, 0.1, 1.0 - scene.blast_age / 0.6);
        gizmos.circle_2d(
            Isometry2d::from_translation(BLAST_CENTER),
            BLAST_RADIUS,
            ring,
        );
    }
    let half = follower.shape().aabb(&Iso::IDENTITY).half_extents();
    gizmos.rect_2d(
        Isometry2d::from_translation(scene.follow_target),
        half * 2.0,
        Color::srgba(0.7, 0.7, 0.7, 0.5),
    );
}

/// What the queries found, top right.
pub fn info_window(
    mut contexts: EguiContexts,
    scene: Res<Scene>,
    bullets: Query<(&Name, &Bullet)>,
) -> Result {
    let context = contexts.ctx_mut()?;
    egui::Window::new("Queries")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .resizable(false)
        .show(context, |ui| {
            ui.label(format!("laser legs: {}", scene.laser_legs));
            for (name, bullet) in &bullets {
                let kind = if bullet.swept {
                    "SweptCollider"
                } else {
                    "no sweep"
                };
                ui.label(format!("{name} ({kind}): {} hits", bullet.hits));
            }
            ui.label(format!(
                "crates in the last blast: {}",
                scene.blast_hits.len()
            ));
            if let Some(marker) = scene
                .markers
                .iter()
                .rev()
                .find(|m| m.time_of_impact.is_some())
            {
                ui.label(format!(
                    "last swept hit at {:.2} of its step",
                    marker.time_of_impact.unwrap_or_default()
                ));
            }
        });
    Ok(())
}
