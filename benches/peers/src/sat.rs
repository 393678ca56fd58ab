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

/// The plugin app of `scene`. `SAT2D_THREADS=1` tests the pairs on the step's own thread
/// (`SatPlugin::single_threaded`, as in the plugin's `plugin_step` bench): a narrow
/// phase that does not wait for a second thread, for comparing two builds on a busy
/// machine.
pub fn app(scene: &Scene) -> App {
    let mut app = base_app(scene);
    let one_thread = std::env::var("SAT2D_THREADS").is_ok_and(|threads| threads == "1");
    let plugin = if one_thread {
        SatPlugin::default().single_threaded()
    } else {
        SatPlugin::default()
    };
    app.add_plugins(plugin).add_systems(Update, move_and_bounce);
    let colliders = made_in_order(&scene.bodies, |body| collider(&body.shape));
    for ((index, body), collider) in scene.bodies.iter().enumerate().zip(colliders) {
        let mut entity = app
            .world_mut()
            .spawn((collider, transform_of(body), Index(index as u32)));
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

/// Each of the plugin's stages in the last step (sync, broad, narrow, events), in ms;
/// `None` for an app without the plugin.
pub fn stage_parts_ms(app: &App) -> Option<[f64; 4]> {
    let d = app.world().get_resource::<SatDiagnostics>()?;
    let ms = |t: Duration| t.as_secs_f64() * 1e3;
    Some([
        ms(d.sync_time),
        ms(d.broad_phase_time),
        ms(d.narrow_phase_time),
        ms(d.events_time),
    ])
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
