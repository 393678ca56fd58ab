//! The room: walls, a block, a pillar, an L, the thin target wall, the bullets, the
//! crates and the follower.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use super::*;
use crate::common::fills::{Fill, filled};

pub fn spawn_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let mut spawn = |commands: &mut Commands,
                     name: &str,
                     collider: Collider,
                     at: Vec2,
                     angle: f32,
                     fill: Color| {
        let visual = filled(&collider, Fill::new(fill), &mut meshes, &mut materials);
        let mut entity = commands.spawn((
            Name::new(name.to_string()),
            collider,
            Transform::from_translation(at.extend(0.0)).with_rotation(Quat::from_rotation_z(angle)),
        ));
        if let Some(visual) = visual {
            entity.insert(visual);
        }
        entity.id()
    };
    let wall = Color::srgb(0.25, 0.27, 0.33);
    // The room: four walls, a rotated block, a pillar and an L.
    for (name, size, at) in [
        ("floor", Vec2::new(900.0, 20.0), Vec2::new(0.0, -320.0)),
        ("ceiling", Vec2::new(900.0, 20.0), Vec2::new(0.0, 320.0)),
        ("left wall", Vec2::new(20.0, 660.0), Vec2::new(-460.0, 0.0)),
        ("right wall", Vec2::new(20.0, 660.0), Vec2::new(460.0, 0.0)),
    ] {
        let id = spawn(
            &mut commands,
            name,
            Collider::rectangle(size.x, size.y),
            at,
            0.0,
            wall,
        );
        commands.entity(id).insert(StaticCollider);
    }
    let statics = [
        spawn(
            &mut commands,
            "block",
            Collider::rectangle(120.0, 40.0),
            Vec2::new(-120.0, 170.0),
            0.5,
            wall,
        ),
        spawn(
            &mut commands,
            "pillar",
            Collider::circle(45.0),
            Vec2::new(120.0, -40.0),
            0.0,
            wall,
        ),
        spawn(
            &mut commands,
            "L",
            Collider::polygon(&[
                Vec2::new(0.0, 0.0),
                Vec2::new(140.0, 0.0),
                Vec2::new(140.0, 35.0),
                Vec2::new(35.0, 35.0),
                Vec2::new(35.0, 120.0),
                Vec2::new(0.0, 120.0),
            ])
            .expect("a simple outline"),
            Vec2::new(-400.0, -300.0),
            0.0,
            wall,
        ),
        spawn(
            &mut commands,
            "target wall",
            Collider::rectangle(TARGET_THICKNESS, 160.0),
            Vec2::new(TARGET_X, 200.0),
            0.0,
            Color::srgb(0.45, 0.42, 0.3),
        ),
    ];
    for id in statics {
        commands.entity(id).insert(StaticCollider);
    }
    // Two bullets, one swept.
    for (swept, y) in [(true, 240.0), (false, 160.0)] {
        let fill = if swept {
            Color::srgb(0.85, 0.75, 0.25)
        } else {
            Color::srgb(0.5, 0.5, 0.55)
        };
        let name = if swept {
            "swept bullet"
        } else {
            "plain bullet"
        };
        let id = spawn(
            &mut commands,
            name,
            Collider::circle(5.0),
            Vec2::new(BULLET_START_X, y),
            0.0,
            fill,
        );
        let mut bullet = commands.entity(id);
        bullet.insert(Bullet { swept, hits: 0 });
        if swept {
            bullet.insert(SweptCollider);
        }
    }
    // Crates around the blast, two of them touching.
    let crate_fill = Color::srgb(0.45, 0.3, 0.2);
    for (index, offset) in [
        Vec2::new(-40.0, 0.0),
        Vec2::new(-18.0, 0.0),
        Vec2::new(45.0, 20.0),
        Vec2::new(0.0, 60.0),
        Vec2::new(10.0, -70.0),
        Vec2::new(-120.0, 60.0),
    ]
    .into_iter()
    .enumerate()
    {
        let id = spawn(
            &mut commands,
            &format!("crate {index}"),
            Collider::rectangle(24.0, 24.0),
            BLAST_CENTER + offset,
            index as f32 * 0.4,
            crate_fill,
        );
        commands.entity(id).insert(Crate::default());
    }
    let id = spawn(
        &mut commands,
        "follower",
        Collider::rectangle(60.0, 36.0),
        Vec2::new(260.0, -200.0),
        0.0,
        Color::srgb(0.2, 0.45, 0.35),
    );
    commands.entity(id).insert(FollowBox);
}
