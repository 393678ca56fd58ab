//! The steady-state buffer tests of [`CollisionWorld`](super::CollisionWorld).

use super::*;
use crate::components::collider::Collider;
use crate::diagnostics::SatDiagnostics;
use crate::plugin::SatPlugin;

/// Applies `visit` to every buffer the step reuses.
fn each_buffer(world: &mut CollisionWorld, mut visit: impl FnMut(&mut dyn Buffer)) {
    visit(&mut world.colliders);
    visit(&mut world.candidates);
    visit(&mut world.pairs);
    visit(&mut world.results);
    visit(&mut world.spare_results);
    visit(&mut world.ended);
    visit(&mut world.swept_hits);
    visit(&mut world.sweep_tests);
    visit(&mut world.forgotten);
    visit(&mut world.rebuilt_lists);
    visit(&mut world.sweeps);
    visit(&mut world.swept_found);
    visit(&mut world.swept_pairs);
    visit(&mut world.removed);
    visit(&mut world.refreshed);
}

/// A `Vec` of any element type, seen as storage.
trait Buffer {
    /// Where the storage is, and its capacity.
    fn storage(&self) -> (usize, usize);
    /// Grows the capacity by exactly `additional` past the length.
    fn reserve_exact(&mut self, additional: usize);
}

impl<T> Buffer for Vec<T> {
    fn storage(&self) -> (usize, usize) {
        (self.as_ptr() as usize, self.capacity())
    }

    fn reserve_exact(&mut self, additional: usize) {
        Vec::reserve_exact(self, additional);
    }
}

fn storage(app: &mut App) -> Vec<(usize, usize)> {
    let mut storage = Vec::new();
    let mut world = app.world_mut().resource_mut::<CollisionWorld>();
    each_buffer(&mut world, |buffer| storage.push(buffer.storage()));
    storage
}

/// A scene that repeats every two steps (movers hop on and off static boxes, so
/// pairs start and end every step, beside resting pairs that are reused) keeps
/// every buffer: a steady-state step allocates nothing in the plugin's own code.
///
/// Each buffer is first given an odd capacity that no growth from empty reaches
/// (growth doubles), so a buffer dropped and grown again would show even where the
/// allocator hands back the same address.
#[test]
fn a_steady_state_step_reuses_every_buffer() {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default().single_threaded(),
    ));
    let mut movers = Vec::new();
    for column in 0..40 {
        let x = column as f32 * 20.0;
        // A resting pair: always in contact, never moved.
        app.world_mut()
            .spawn((Collider::circle(3.0), Transform::from_xyz(x, 0.0, 0.0)));
        app.world_mut().spawn((
            Collider::circle(3.0),
            Transform::from_xyz(x + 4.0, 0.0, 0.0),
        ));
        // A mover beside a static box, touching it every other step.
        app.world_mut().spawn((
            Collider::rectangle(4.0, 4.0),
            Transform::from_xyz(x, 20.0, 0.0),
            crate::StaticCollider,
        ));
        let mover = app
            .world_mut()
            .spawn((
                Collider::circle(1.5),
                Transform::from_xyz(x + 3.0, 20.0, 0.0),
            ))
            .id();
        movers.push(mover);
    }
    let hop = |app: &mut App, step: usize| {
        let offset = if step.is_multiple_of(2) { 3.0 } else { -3.0 };
        for &mover in &movers {
            app.world_mut()
                .get_mut::<Transform>(mover)
                .unwrap()
                .translation
                .x += offset;
        }
        app.update();
    };
    for step in 0..4 {
        hop(&mut app, step);
    }
    let mut world = app.world_mut().resource_mut::<CollisionWorld>();
    each_buffer(&mut world, |buffer| buffer.reserve_exact(1001));
    let settled = storage(&mut app);
    for step in 4..14 {
        hop(&mut app, step);
        // Every other step the movers touch their boxes again (40 tests); the
        // resting pairs are reused every step.
        let diagnostics = app.world().resource::<SatDiagnostics>();
        let touching_step = !step.is_multiple_of(2);
        assert_eq!(diagnostics.reused_contacts, 40, "step {step}");
        assert_eq!(diagnostics.sat_tests, if touching_step { 40 } else { 0 });
        assert_eq!(diagnostics.contacts, if touching_step { 80 } else { 40 });
        let counts = app.world().resource::<CollisionWorld>().counts;
        assert_eq!(counts.started, if touching_step { 40 } else { 0 });
        assert_eq!(counts.ended, if touching_step { 0 } else { 40 });
        if touching_step {
            // The two result buffers swap every step: compare like with like.
            assert_eq!(storage(&mut app), settled, "step {step}");
        }
    }
}

/// The same with swept colliders: each mover leaps across a thin static wall every
/// step, so every step sweeps 40 colliders, casts 40 pairs, and ends and starts 40
/// swept touches, and still allocates nothing once settled.
#[test]
fn a_steady_state_step_with_swept_colliders_reuses_every_buffer() {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default().single_threaded(),
    ));
    let mut movers = Vec::new();
    for column in 0..40 {
        let x = column as f32 * 20.0;
        app.world_mut()
            .spawn((Collider::circle(3.0), Transform::from_xyz(x, 0.0, 0.0)));
        app.world_mut().spawn((
            Collider::circle(3.0),
            Transform::from_xyz(x + 4.0, 0.0, 0.0),
        ));
        app.world_mut().spawn((
            Collider::rectangle(1.0, 4.0),
            Transform::from_xyz(x, 20.0, 0.0),
            crate::StaticCollider,
        ));
        let mover = app
            .world_mut()
            .spawn((
                Collider::circle(0.5),
                crate::SweptCollider,
                Transform::from_xyz(x - 3.0, 20.0, 0.0),
            ))
            .id();
        movers.push(mover);
    }
    let leap = |app: &mut App, step: usize| {
        let offset = if step.is_multiple_of(2) { 6.0 } else { -6.0 };
        for &mover in &movers {
            app.world_mut()
                .get_mut::<Transform>(mover)
                .unwrap()
                .translation
                .x += offset;
        }
        app.update();
    };
    app.update();
    for step in 0..4 {
        leap(&mut app, step);
    }
    let mut world = app.world_mut().resource_mut::<CollisionWorld>();
    each_buffer(&mut world, |buffer| buffer.reserve_exact(1001));
    let settled = storage(&mut app);
    for step in 4..14 {
        leap(&mut app, step);
        let diagnostics = app.world().resource::<SatDiagnostics>();
        assert_eq!(diagnostics.reused_contacts, 40, "step {step}");
        assert_eq!(diagnostics.sat_tests, 40, "step {step}");
        let world = app.world().resource::<CollisionWorld>();
        assert_eq!(world.sweeps.len(), 40);
        // Last step's swept touches end, this step's start.
        let counts = world.counts;
        assert_eq!(counts.started, 40, "step {step}");
        assert_eq!(counts.ended, 40, "step {step}");
        let swept = world.results.iter().filter(|result| result.swept).count();
        assert_eq!(swept, 40);
        assert_eq!(world.swept_hits.len(), 40);
        if !step.is_multiple_of(2) {
            // The two result buffers swap every step: compare like with like (the
            // snapshot was taken after step 3).
            assert_eq!(storage(&mut app), settled, "step {step}");
        }
    }
}
