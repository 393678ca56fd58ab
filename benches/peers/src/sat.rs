use super::*;
use bevy_sat2d::prelude::*;

fn collider(shape: &SceneShape) -> Collider {
    match *shape {
        SceneShape::Circle { radius } => Collider::circle(radius),
        SceneShape::Rectangle { width, height } => Collider::rectangle(width, height),
        SceneShape::Capsule { radius, length } => Collider::capsule(radius, length),
        SceneShape::Triangle(points) => Collider::polygon(&points).expect("a triangle"),
    }
}

pub fn app(scene: &Scene) -> App {
    let mut app = base_app(scene);
    app.add_plugins(SatPlugin::default())
        .add_systems(Update, move_and_bounce);
    for (index, body) in scene.bodies.iter().enumerate() {
        let mut entity = app.world_mut().spawn((
            collider(&body.shape),
            transform_of(body),
            Index(index as u32),
        ));
        if body.is_static {
            entity.insert(StaticCollider);
        } else {
            insert_motion(&mut entity, body);
        }
    }
    ready(app)
}

/// (candidate pairs, touching pairs) of the last step.
pub fn counts(app: &App) -> (usize, usize) {
    let diagnostics = app.world().resource::<SatDiagnostics>();
    (diagnostics.candidate_pairs, diagnostics.contacts)
}

/// The plugin's own stage times of the last step, for the printout.
pub fn stages(app: &App) -> String {
    let d = app.world().resource::<SatDiagnostics>();
    let ms = |t: Duration| t.as_secs_f64() * 1e3;
    format!(
        "sync {:.3} ms, broad {:.3} ms, narrow {:.3} ms, events {:.3} ms ({} SAT tests, {} reused)",
        ms(d.sync_time),
        ms(d.broad_phase_time),
        ms(d.narrow_phase_time),
        ms(d.events_time),
        d.sat_tests,
        d.reused_contacts,
    )
}

/// The plugin's four stages in the last step (sync, broad, narrow, events), in ms;
/// `None` for an app without the plugin.
pub fn stages_ms(app: &App) -> Option<f64> {
    let diagnostics = app.world().get_resource::<SatDiagnostics>()?;
    Some(diagnostics.total_time().as_secs_f64() * 1e3)
}

/// Touching pairs (by scene index) from every collider's `CollidingEntities`.
pub fn touching(app: &mut App) -> HashSet<(u32, u32)> {
    let world = app.world_mut();
    let mut indices = world.query::<(Entity, &Index)>();
    let index_of: bevy::platform::collections::HashMap<Entity, u32> =
        indices.iter(world).map(|(e, i)| (e, i.0)).collect();
    let mut query = world.query::<(&Index, &CollidingEntities)>();
    let mut pairs = HashSet::new();
    for (index, colliding) in query.iter(world) {
        for other in colliding.iter() {
            let other = index_of[other];
            pairs.insert((index.0.min(other), index.0.max(other)));
        }
    }
    pairs
}
