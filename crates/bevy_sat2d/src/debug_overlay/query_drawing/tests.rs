//! Tests of the query drawing in a headless app: what is recorded, when, and that each
//! drawing empties the log.

use bevy::ecs::system::RunSystemOnce;

use super::*;
use crate::components::collider::Collider;
use crate::debug_overlay::SatDebugDraw;
use crate::debug_overlay::headless_test_app::{drew_something, headless_overlay_app};
use crate::query::query_filter::QueryFilter;
use crate::query::spatial_query::SpatialQuery;

/// A headless app with the plugin, gizmos and the overlay's query drawing (the rest
/// of the overlay needs a window), with a 2×20 wall at x = 10 and a ball of radius 1
/// at x = -10, stepped once.
fn app(draw_queries: bool) -> (App, Entity, Entity) {
    let mut state = SatDebugState::default();
    state.draw.queries = draw_queries;
    let mut app = headless_overlay_app(state);
    add_query_drawing(&mut app);
    let wall = app
        .world_mut()
        .spawn((
            Collider::rectangle(2.0, 20.0),
            Transform::from_xyz(10.0, 0.0, 0.0),
        ))
        .id();
    let ball = app
        .world_mut()
        .spawn((Collider::circle(1.0), Transform::from_xyz(-10.0, 0.0, 0.0)))
        .id();
    app.update();
    (app, wall, ball)
}

fn recorded(app: &App) -> Vec<RecordedQuery> {
    app.world().resource::<QueryRecorder>().queries()
}

/// One ray along +x from the origin: it hits the wall.
fn probe(query: SpatialQuery) {
    let _ = query.cast_ray(Vec2::ZERO, Dir2::X, 100.0, &QueryFilter::default());
}

#[test]
fn recording_is_off_by_default() {
    assert!(!SatDebugDraw::default().queries);
    let (mut app, ..) = app(false);
    app.add_systems(Update, probe);
    app.update();
    assert!(!drew_something(&app));
    app.world_mut().run_system_once(probe).unwrap();
    let recorder = app.world().resource::<QueryRecorder>();
    assert!(!recorder.is_recording());
    assert!(recorder.queries().is_empty());
}

#[test]
fn every_query_kind_is_recorded_with_its_answer() {
    let (mut app, wall, ball) = app(true);
    assert!(app.world().resource::<QueryRecorder>().is_recording());
    let (circle, big_circle) = (Shape::circle(1.0), Shape::circle(3.0));
    let at_ball = Iso::from_translation(Vec2::new(-10.0, 0.0));
    let answers = app
        .world_mut()
        .run_system_once(move |query: SpatialQuery| {
            let none = QueryFilter::default();
            let left = Vec2::new(-20.0, 0.0);
            (
                query.cast_ray(Vec2::ZERO, Dir2::X, 100.0, &none),
                query.cast_ray(Vec2::ZERO, Dir2::Y, 5.0, &none),
                query.ray_hits(left, Dir2::X, 100.0, &none),
                query.cast_shape(&Shape::circle(1.0), &Iso::IDENTITY, Vec2::X * 20.0, &none),
                query.cast_shape(&Shape::circle(1.0), &Iso::IDENTITY, Vec2::Y * 20.0, &none),
                query.shape_hits(&Shape::circle(3.0), &at_ball, &none).len(),
                query
                    .shape_hits(&Shape::circle(1.0), &Iso::IDENTITY, &none)
                    .len(),
                query.point_hits(Vec2::new(10.0, 5.0), &none),
                query.point_hits(Vec2::ZERO, &none),
            )
        })
        .unwrap();
    let (ray, ray_miss, ray_hits, cast, cast_miss, ..) = answers;

    // The answers themselves, so that the log is compared with known values.
    let (entity, hit) = ray.unwrap();
    assert_eq!(entity, wall);
    assert!((hit.distance - 9.0).abs() < 1e-4 && hit.normal.abs_diff_eq(-Vec2::X, 1e-4));
    assert!(ray_miss.is_none());
    let entities: Vec<Entity> = ray_hits.iter().map(|(entity, _)| *entity).collect();
    assert_eq!(entities, [ball, wall]);
    let (entity, stop) = cast.unwrap();
    assert_eq!(entity, wall);
    assert!((stop.fraction - 0.4).abs() < 1e-4);
    assert!(cast_miss.is_none());

    let expected = [
        RecordedQuery::CastRay {
            origin: Vec2::ZERO,
            direction: Dir2::X,
            max_distance: 100.0,
            hit: ray,
        },
        RecordedQuery::CastRay {
            origin: Vec2::ZERO,
            direction: Dir2::Y,
            max_distance: 5.0,
            hit: None,
        },
        RecordedQuery::RayHits {
            origin: Vec2::new(-20.0, 0.0),
            direction: Dir2::X,
            max_distance: 100.0,
            hits: ray_hits,
        },
        RecordedQuery::CastShape {
            shape: circle.clone(),
            iso: Iso::IDENTITY,
            motion: Vec2::X * 20.0,
            hit: cast,
        },
        RecordedQuery::CastShape {
            shape: circle.clone(),
            iso: Iso::IDENTITY,
            motion: Vec2::Y * 20.0,
            hit: None,
        },
        RecordedQuery::ShapeHits {
            shape: big_circle,
            iso: at_ball,
            hits: vec![ball],
        },
        RecordedQuery::ShapeHits {
            shape: circle,
            iso: Iso::IDENTITY,
            hits: Vec::new(),
        },
        RecordedQuery::PointHits {
            point: Vec2::new(10.0, 5.0),
            hits: vec![wall],
        },
        RecordedQuery::PointHits {
            point: Vec2::ZERO,
            hits: Vec::new(),
        },
    ];
    assert_eq!(recorded(&app), expected);
    let hits: Vec<bool> = expected.iter().map(RecordedQuery::is_hit).collect();
    assert_eq!(
        hits,
        [true, false, true, true, false, true, false, true, false]
    );

    // The next frame's drawing takes them all.
    app.update();
    assert!(recorded(&app).is_empty());
    assert!(drew_something(&app));
    app.update();
    assert!(!drew_something(&app));
}

#[test]
fn a_turning_cast_is_recorded_with_its_motion_and_drawn() {
    let (mut app, wall, _) = app(true);
    // A blade 16 long standing upright at x = 3: a quarter turn clockwise swings its
    // top end through the wall (x = 9 to 11); turning the other way while rising 40,
    // its lower end passes above the wall.
    let blade = Shape::rectangle(0.2, 16.0);
    let at = Iso::from_translation(Vec2::new(3.0, 0.0));
    let quarter = core::f32::consts::FRAC_PI_2;
    let (hit_motion, miss_motion) = (
        RigidMotion::new(at, Vec2::ZERO, -quarter),
        RigidMotion::new(at, Vec2::new(0.0, 40.0), quarter),
    );
    let (hit, miss) = app
        .world_mut()
        .run_system_once(move |query: SpatialQuery| {
            let (blade, none) = (Shape::rectangle(0.2, 16.0), QueryFilter::default());
            (
                query.cast_turning_shape(&blade, &hit_motion, &none),
                query.cast_turning_shape(&blade, &miss_motion, &none),
            )
        })
        .unwrap();
    let (entity, stop) = hit.unwrap();
    assert_eq!(entity, wall);
    assert!(
        stop.fraction > 0.0 && stop.fraction < 1.0,
        "{}",
        stop.fraction
    );
    assert!(miss.is_none());
    let expected = [
        RecordedQuery::CastTurningShape {
            shape: blade.clone(),
            motion: hit_motion,
            hit,
        },
        RecordedQuery::CastTurningShape {
            shape: blade,
            motion: miss_motion,
            hit: None,
        },
    ];
    assert_eq!(recorded(&app), expected);
    assert_eq!(
        expected.each_ref().map(RecordedQuery::is_hit),
        [true, false]
    );
    app.update();
    assert!(recorded(&app).is_empty());
    assert!(drew_something(&app));
}

#[test]
fn a_query_with_bad_input_is_not_recorded() {
    let (mut app, ..) = app(true);
    app.world_mut()
        .run_system_once(|query: SpatialQuery| {
            let none = QueryFilter::default();
            let _ = query.cast_ray(Vec2::NAN, Dir2::X, 1.0, &none);
            let _ = query.shape_hits(&Shape::circle(1.0), &Iso::new(Vec2::INFINITY, 0.0), &none);
            let _ = query.point_hits(Vec2::NAN, &none);
        })
        .unwrap();
    assert!(recorded(&app).is_empty());
}

/// How many queries the log held when a system looked, frame by frame.
#[derive(Resource, Default)]
struct Seen(Vec<usize>);

fn look(recorder: Res<QueryRecorder>, mut seen: ResMut<Seen>) {
    seen.0.push(recorder.queries().len());
}

#[test]
fn each_query_is_drawn_once_by_the_first_draw_after_it() {
    let (mut app, ..) = app(true);
    app.init_resource::<Seen>()
        .add_systems(Update, probe)
        // Made after this frame's draw: drawn next frame.
        .add_systems(Last, probe)
        .add_systems(
            PostUpdate,
            look.after(SatSystems::Events).before(draw_recorded_queries),
        );
    for _ in 0..3 {
        app.update();
        // Only the query made after the draw is left.
        assert_eq!(recorded(&app).len(), 1);
    }
    // Before each draw: the first frame's Update query, then last frame's Last query
    // and this frame's Update query.
    assert_eq!(app.world().resource::<Seen>().0, [1, 2, 2]);
}

#[test]
fn switching_off_or_hiding_the_overlay_stops_recording_and_drops_the_log() {
    for switch_off in [
        |state: &mut SatDebugState| state.draw.queries = false,
        |state: &mut SatDebugState| state.visible = false,
    ] {
        let (mut app, ..) = app(true);
        app.add_systems(Last, probe);
        app.update();
        assert_eq!(recorded(&app).len(), 1);
        switch_off(&mut app.world_mut().resource_mut::<SatDebugState>());
        app.update();
        let recorder = app.world().resource::<QueryRecorder>();
        assert!(!recorder.is_recording());
        assert!(recorder.queries().is_empty());
    }
}
