use super::*;
use avian2d::collision::CollisionDiagnostics;
use avian2d::dynamics::solver::joint_graph::JointGraphPlugin;
use avian2d::prelude::*;

/// Physics steps run (a system in avian's `PhysicsSchedule`) and the last step's
/// physics delta, to check that every `app.update()` runs exactly one 1/60 s step.
#[derive(Resource, Default)]
pub struct Steps {
    pub count: u64,
    pub last_delta: Duration,
}

fn count_steps(mut steps: ResMut<Steps>, time: Res<Time>) {
    steps.count += 1;
    steps.last_delta = time.delta();
}

fn collider(shape: &SceneShape) -> Collider {
    match *shape {
        SceneShape::Circle { radius } => Collider::circle(radius),
        SceneShape::Rectangle { width, height } => Collider::rectangle(width, height),
        SceneShape::Capsule { radius, length } => Collider::capsule(radius, length),
        SceneShape::Triangle([a, b, c]) => Collider::triangle(a, b, c),
    }
}

/// Avian's plugins with everything that is not collision detection disabled: the
/// solver group (solver bodies, integrator, contact solver, CCD, islands, sleeping,
/// joint graphs), forces, joints, spatial queries and interpolation. What stays:
/// the physics schedule (and the solver's set layout, which orders collider-tree
/// optimisation), mass properties (computed once per collider), collider hierarchy
/// and transforms, the parry collider backend, the collider trees (BVH), the broad
/// phase, the narrow phase (contact manifolds, `CollidingEntities`, start/end
/// events) and the Transform ↔ Position sync.
pub fn avian_collision_only() -> bevy::app::PluginGroupBuilder {
    PhysicsPlugins::new(PostUpdate)
        .build()
        .disable::<SolverBodyPlugin>()
        .disable::<IntegratorPlugin>()
        .disable::<SolverPlugin>()
        .disable::<CcdPlugin>()
        .disable::<IslandPlugin>()
        .disable::<IslandSleepingPlugin>()
        .disable::<JointGraphPlugin<FixedJoint>>()
        .disable::<JointGraphPlugin<RevoluteJoint>>()
        .disable::<JointGraphPlugin<PrismaticJoint>>()
        .disable::<JointGraphPlugin<DistanceJoint>>()
        .disable::<ForcePlugin>()
        .disable::<JointPlugin>()
        .disable::<SpatialQueryPlugin>()
        .disable::<PhysicsInterpolationPlugin>()
}

/// Collision detection only; bodies moved by `Transform` (the shared mover). Static
/// bodies are `RigidBody::Static` colliders with a `CollidingEntities` (as every
/// bevy_sat2d collider has), never moved.
pub fn app(scene: &Scene) -> App {
    let mut app = base_app(scene);
    app.add_plugins(avian_collision_only())
        .init_resource::<Steps>()
        .add_systems(
            PhysicsSchedule,
            count_steps.in_set(PhysicsStepSystems::First),
        )
        .add_systems(Update, move_and_bounce);
    let colliders = made_in_order(&scene.bodies, |body| collider(&body.shape));
    for ((index, body), collider) in scene.bodies.iter().enumerate().zip(colliders) {
        let mut entity = app.world_mut().spawn((
            collider,
            CollidingEntities::default(),
            transform_of(body),
            Index(index as u32),
        ));
        if body.is_static {
            entity.insert(RigidBody::Static);
        } else {
            entity.insert((RigidBody::Kinematic, Sensor, CollisionEventsEnabled));
            insert_motion(&mut entity, body);
        }
    }
    ready(app)
}

/// Reflects `LinearVelocity` at the walls (avian integrates the positions).
fn bounce_velocity(half_box: Res<HalfBox>, mut bodies: Query<(&Position, &mut LinearVelocity)>) {
    let half_box = half_box.0;
    bodies.par_iter_mut().for_each(|(position, mut velocity)| {
        for axis in 0..2 {
            let p = position.0[axis];
            if (p > half_box[axis] && velocity.0[axis] > 0.0)
                || (p < -half_box[axis] && velocity.0[axis] < 0.0)
            {
                velocity.0[axis] = -velocity.0[axis];
            }
        }
    });
}

/// The whole `PhysicsPlugins` in `PostUpdate`; kinematic sensors moved by
/// `LinearVelocity`, reflected at the walls. For information only.
pub fn full_app(scene: &Scene) -> App {
    let mut app = base_app(scene);
    app.add_plugins(PhysicsPlugins::new(PostUpdate))
        .init_resource::<Steps>()
        .add_systems(
            PhysicsSchedule,
            count_steps.in_set(PhysicsStepSystems::First),
        )
        .add_systems(Update, bounce_velocity);
    for (index, body) in scene.bodies.iter().enumerate() {
        app.world_mut().spawn((
            RigidBody::Kinematic,
            collider(&body.shape),
            Sensor,
            CollisionEventsEnabled,
            CollidingEntities::default(),
            LinearVelocity(body.velocity),
            transform_of(body),
            Index(index as u32),
        ));
    }
    ready(app)
}

/// (pairs in the contact graph = AABB-overlap pairs, touching pairs) of the last step.
pub fn counts(app: &App) -> (usize, usize) {
    let graph = app.world().resource::<ContactGraph>();
    (
        graph.iter_active().count() + graph.iter_sleeping().count(),
        graph.iter_active_touching().count() + graph.iter_sleeping_touching().count(),
    )
}

pub fn stages(app: &App) -> String {
    let d = app.world().resource::<CollisionDiagnostics>();
    let ms = |t: Duration| t.as_secs_f64() * 1e3;
    format!(
        "broad {:.3} ms, narrow {:.3} ms, contact pairs {}",
        ms(d.broad_phase),
        ms(d.narrow_phase),
        d.contact_count,
    )
}

pub fn steps(app: &App) -> (u64, Duration) {
    let steps = app.world().resource::<Steps>();
    (steps.count, steps.last_delta)
}

/// Touching pairs (by scene index) from the contact graph.
pub fn touching(app: &mut App) -> HashSet<(u32, u32)> {
    let world = app.world_mut();
    let mut indices = world.query::<(Entity, &Index)>();
    let index_of: bevy::platform::collections::HashMap<Entity, u32> =
        indices.iter(world).map(|(e, i)| (e, i.0)).collect();
    let graph = world.resource::<ContactGraph>();
    graph
        .iter_active_touching()
        .chain(graph.iter_sleeping_touching())
        .map(|pair| {
            let (a, b) = (index_of[&pair.collider1], index_of[&pair.collider2]);
            (a.min(b), a.max(b))
        })
        .collect()
}

/// Touching pairs (by scene index) from every collider's `CollidingEntities`.
pub fn colliding_entities_pairs(app: &mut App) -> usize {
    let world = app.world_mut();
    let mut query = world.query::<&CollidingEntities>();
    query.iter(world).map(|c| c.0.len()).sum::<usize>() / 2
}
