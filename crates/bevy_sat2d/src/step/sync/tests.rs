use std::sync::Arc;

use sat2d::Shape;

use super::*;
use crate::components::collider::Collider;
use crate::plugin::SatPlugin;

/// Whether `entity`'s record holds the very shape of its `Collider`, and how many
/// holders that shape has.
fn sharing(app: &App, entity: Entity) -> (bool, usize) {
    let collider = app.world().get::<Collider>(entity).unwrap().shared_shape();
    let world = app.world().resource::<CollisionWorld>();
    let placed = &world.collider(entity).unwrap().shape;
    (Arc::ptr_eq(collider, placed), Arc::strong_count(collider))
}

/// Each cause of a skipped or inexact collider is warned about once, whatever was
/// warned about before: a NaN, a zero scale, a scale overflowing f32, a scaled shape
/// out of range, a circle under non-uniform scale.
#[test]
fn each_warning_cause_is_given_once_per_entity() {
    use crate::world::placement::Unplaceable;
    use crate::world::warnings::Warning;

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let entity = app
        .world_mut()
        .spawn((Collider::circle(1.0), Transform::default()))
        .id();
    app.update();
    let steps = [
        (
            Vec3::new(f32::NAN, 0.0, 0.0),
            Vec3::ONE,
            Warning::Unplaceable(Unplaceable::NonFinite),
        ),
        (
            Vec3::ZERO,
            Vec3::new(0.0, 1.0, 1.0),
            Warning::Unplaceable(Unplaceable::ZeroScale),
        ),
        (
            Vec3::ZERO,
            Vec3::splat(1e20),
            Warning::Unplaceable(Unplaceable::ScaleOverflow),
        ),
        (Vec3::ZERO, Vec3::splat(1e13), Warning::ScaledShape),
        (Vec3::ZERO, Vec3::new(2.0, 1.0, 1.0), Warning::InexactScale),
    ];
    for (index, &(translation, scale, cause)) in steps.iter().enumerate() {
        let warned = |app: &App| {
            app.world().resource::<CollisionWorld>().colliders[entity.index_u32() as usize]
                .as_ref()
                .unwrap()
                .warned
        };
        assert!(!warned(&app).contains(cause), "{cause:?} not yet");
        *app.world_mut().get_mut::<Transform>(entity).unwrap() =
            Transform::from_translation(translation).with_scale(scale);
        app.update();
        let after = warned(&app);
        assert!(after.contains(cause), "{cause:?} given");
        for &(_, _, earlier) in &steps[..index] {
            assert!(after.contains(earlier));
        }
        let placed = app
            .world()
            .resource::<CollisionWorld>()
            .collider(entity)
            .unwrap();
        assert_eq!(placed.bounds.is_some(), cause == Warning::InexactScale);
    }
}

#[test]
fn unscaled_records_share_the_collider_shape_and_scaled_ones_own_a_copy() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let rotated = app
        .world_mut()
        .spawn((
            Collider::rectangle(2.0, 2.0),
            Transform::from_rotation(Quat::from_rotation_z(0.7)),
        ))
        .id();
    let scaled = app
        .world_mut()
        .spawn((
            Collider::rectangle(2.0, 2.0),
            Transform::from_scale(Vec3::new(2.0, 1.0, 1.0)),
        ))
        .id();
    app.update();
    // The component, the record and the pair tests' side (`ColliderSides`): one shape,
    // three holders.
    assert_eq!(sharing(&app, rotated), (true, 3));
    assert_eq!(sharing(&app, scaled), (false, 1));
    let world = app.world().resource::<CollisionWorld>();
    assert_eq!(
        *world.collider(scaled).unwrap().shape,
        Shape::rectangle(4.0, 2.0)
    );

    // Back to unit scale: the scaled copy is dropped and the shape shared again.
    app.world_mut().get_mut::<Transform>(scaled).unwrap().scale = Vec3::ONE;
    // A new collider: the record follows it and lets the old shape go.
    app.world_mut()
        .entity_mut(rotated)
        .insert(Collider::circle(3.0));
    app.update();
    assert_eq!(sharing(&app, scaled), (true, 3));
    assert_eq!(sharing(&app, rotated), (true, 3));
    let world = app.world().resource::<CollisionWorld>();
    assert_eq!(*world.collider(rotated).unwrap().shape, Shape::circle(3.0));
}

/// Past `READ_AHEAD_FROM` colliders the sync reads each batch's shapes ahead before
/// placing them: every collider still gets its own place, shape and bounds, the last
/// short batch included (40 past the threshold, a mix of kinds, each placed, then
/// moved and turned).
#[test]
fn colliders_read_ahead_each_get_their_own_place() {
    use crate::step::read_ahead::READ_AHEAD_FROM;
    use sat2d::broad_phase::Bounds;

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let count = READ_AHEAD_FROM + 40;
    let collider = |index: usize| match index % 4 {
        0 => Collider::circle(0.5 + (index % 7) as f32 * 0.1),
        1 => Collider::rectangle(1.0, 0.5 + (index % 5) as f32 * 0.2),
        2 => Collider::capsule(0.3, 1.0),
        _ => Collider::polygon(&[Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(0.2, 0.9)]).unwrap(),
    };
    let place = |index: usize, step: f32| {
        let at = Vec2::new((index % 256) as f32 * 3.0, (index / 256) as f32 * 3.0);
        Transform::from_translation((at + Vec2::splat(step)).extend(0.0))
            .with_rotation(Quat::from_rotation_z(index as f32 * 0.01 + step))
    };
    let entities: Vec<Entity> = (0..count)
        .map(|index| {
            app.world_mut()
                .spawn((collider(index), place(index, 0.0)))
                .id()
        })
        .collect();
    for step in [0.0, 0.25] {
        for (index, &entity) in entities.iter().enumerate() {
            *app.world_mut().get_mut::<Transform>(entity).unwrap() = place(index, step);
        }
        app.update();
        let world = app.world().resource::<CollisionWorld>();
        for (index, &entity) in entities.iter().enumerate() {
            let placed = world.collider(entity).unwrap();
            let expected = place(index, step).translation.truncate();
            assert_eq!(placed.iso.translation, expected, "collider {index}");
            let shape = app.world().get::<Collider>(entity).unwrap().shared_shape();
            assert!(Arc::ptr_eq(shape, &placed.shape), "collider {index}");
            assert_eq!(placed.bounds, Some(Bounds::of(shape, &placed.iso)));
        }
    }
}
