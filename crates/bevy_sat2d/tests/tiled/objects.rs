//! The cave's objects: a polygon's contact against an f64 oracle, names and
//! properties, and the typed error of an object sat2d refuses.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::bevy_ecs_tiled::prelude::tiled::PropertyValue;
use bevy_sat2d::bevy_ecs_tiled::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::ShapeError;
use bevy_sat2d::tiled::{TiledCollidersError, TiledObjects};

use super::{MAP_HEIGHT, app_reading, assets_dir, cave, load_map, object_colliders};

/// The deepest overlap of two convex polygons along their edge normals, in f64: the
/// depth and the unit normal pointing from `a` to `b`.
fn oracle_mtv(a: &[Vec2], b: &[Vec2]) -> (f64, [f64; 2]) {
    let wide = |points: &[Vec2]| -> Vec<[f64; 2]> {
        points
            .iter()
            .map(|point| [f64::from(point.x), f64::from(point.y)])
            .collect()
    };
    let (a, b) = (wide(a), wide(b));
    let center = |points: &[[f64; 2]]| {
        let n = points.len() as f64;
        let sum = points
            .iter()
            .fold([0.0, 0.0], |sum, p| [sum[0] + p[0], sum[1] + p[1]]);
        [sum[0] / n, sum[1] / n]
    };
    let (center_a, center_b) = (center(&a), center(&b));
    let mut best = (f64::INFINITY, [0.0, 0.0]);
    for polygon in [&a, &b] {
        for index in 0..polygon.len() {
            let (p, q) = (polygon[index], polygon[(index + 1) % polygon.len()]);
            let edge = [q[0] - p[0], q[1] - p[1]];
            let length = edge[0].hypot(edge[1]);
            let mut axis = [edge[1] / length, -edge[0] / length];
            let project = |points: &[[f64; 2]]| {
                points
                    .iter()
                    .map(|p| p[0] * axis[0] + p[1] * axis[1])
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), value| {
                        (low.min(value), high.max(value))
                    })
            };
            let ((low_a, high_a), (low_b, high_b)) = (project(&a), project(&b));
            let overlap = (high_a - low_b).min(high_b - low_a);
            if overlap < best.0 {
                let toward_b =
                    (center_b[0] - center_a[0]) * axis[0] + (center_b[1] - center_a[1]) * axis[1];
                if toward_b < 0.0 {
                    axis = [-axis[0], -axis[1]];
                }
                best = (overlap, axis);
            }
        }
    }
    best
}

#[test]
fn a_polygon_objects_contact_matches_an_f64_oracle() {
    let mut app = cave();
    // The wedge as cave.tmx draws it: at (272, 120), points (0,0) (32,0) (16,-24),
    // Tiled's y down from the map's top.
    let tiled = |x: f32, y: f32| Vec2::new(272.0 + x, MAP_HEIGHT - (120.0 + y));
    let wedge = [tiled(0.0, 0.0), tiled(32.0, 0.0), tiled(16.0, -24.0)];
    let (wedge_collider, _) = object_colliders(&mut app, "wedge")[0];
    for (center, angle) in [
        (Vec2::new(283.0, 88.0), 0.3),
        (Vec2::new(294.0, 86.0), -0.5),
        (Vec2::new(288.0, 97.5), 0.0),
    ] {
        let body = app
            .world_mut()
            .spawn((
                Collider::rectangle(10.0, 6.0),
                Transform::from_translation(center.extend(0.0))
                    .with_rotation(Quat::from_rotation_z(angle)),
            ))
            .id();
        app.update();
        let contact = app
            .world()
            .resource::<CollisionWorld>()
            .contact(body, wedge_collider)
            .expect("the box overlaps the wedge");
        let rotation = Vec2::from_angle(angle);
        let corners = [(-5.0, -3.0), (5.0, -3.0), (5.0, 3.0), (-5.0, 3.0)]
            .map(|(x, y)| center + rotation.rotate(Vec2::new(x, y)));
        let (depth, normal) = oracle_mtv(&corners, &wedge);
        assert!(
            (f64::from(contact.depth) - depth).abs() < 1e-3,
            "{contact:?} vs {depth}"
        );
        let error = (f64::from(contact.normal.x) - normal[0])
            .hypot(f64::from(contact.normal.y) - normal[1]);
        assert!(error < 1e-3, "{contact:?} vs {normal:?}");
        app.world_mut().entity_mut(body).despawn();
    }
}

#[test]
fn objects_keep_their_names_and_properties() {
    let mut app = cave();
    let (platform, _) = object_colliders(&mut app, "platform")[0];
    let (boulder, _) = object_colliders(&mut app, "boulder")[0];
    let found = app
        .world_mut()
        .run_system_once(move |objects: TiledObjects| {
            [platform, boulder].map(|collider| {
                let object = objects.object(collider).expect("a Tiled object");
                let bouncy = object.object.properties.get("bouncy").cloned();
                (object.id, object.name.to_owned(), bouncy)
            })
        })
        .expect("the system runs");
    assert_eq!(
        found[0],
        (
            1,
            "platform".to_owned(),
            Some(PropertyValue::BoolValue(true))
        )
    );
    assert_eq!(found[1], (2, "boulder".to_owned(), None));
}

#[test]
fn an_object_sat2d_refuses_gets_an_error_naming_the_file_and_the_object() {
    let directory = std::env::temp_dir().join(format!("bevy_sat2d_tiled_{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    for file in ["cave.tsx", "cave_tiles.png"] {
        std::fs::copy(assets_dir().join("tiled").join(file), directory.join(file)).unwrap();
    }
    // A bow tie (its edges cross) beside a good rectangle.
    std::fs::write(
        directory.join("broken.tmx"),
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="3">
 <tileset firstgid="1" source="cave.tsx"/>
 <layer id="1" name="terrain" width="2" height="2"><data encoding="csv">0,0,1,1</data></layer>
 <objectgroup id="2" name="shapes">
  <object id="1" name="tangle" x="0" y="0"><polygon points="0,0 10,10 10,0 0,10"/></object>
  <object id="2" name="good" x="0" y="0" width="8" height="8"/>
 </objectgroup>
</map>
"#,
    )
    .unwrap();
    let mut app = app_reading(&directory);
    load_map(&mut app, "broken.tmx");
    let mut errors = app
        .world_mut()
        .query::<(&TiledName, &TiledCollidersError)>();
    let errors: Vec<(String, TiledCollidersError)> = errors
        .iter(app.world())
        .map(|(name, error)| (name.0.clone(), error.clone()))
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let (name, error) = &errors[0];
    assert_eq!(name, "tangle");
    let TiledCollidersError::Object {
        map,
        object_id,
        name,
        source,
    } = error
    else {
        panic!("{error:?}");
    };
    assert!(map.ends_with("broken.tmx"), "{map:?}");
    assert_eq!((*object_id, name.as_str()), (1, "tangle"));
    assert!(
        matches!(source, ShapeError::SelfIntersecting { .. }),
        "{source:?}"
    );
    assert!(
        error
            .to_string()
            .contains("broken.tmx: object 1 \"tangle\""),
        "{error}"
    );
    // The good object and the ground still collide.
    assert_eq!(object_colliders(&mut app, "good").len(), 1);
    let mut levels = app.world_mut().query::<&TileLevel>();
    assert_eq!(levels.single(app.world()).unwrap().grid().solid_count(), 2);
    std::fs::remove_dir_all(&directory).ok();
}
