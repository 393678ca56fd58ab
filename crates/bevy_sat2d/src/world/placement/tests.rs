use super::*;

#[test]
fn reads_translation_rotation_and_scale() {
    let transform = Transform::from_xyz(3.0, -2.0, 7.0)
        .with_rotation(Quat::from_rotation_z(0.5))
        .with_scale(Vec3::new(2.0, 3.0, 1.0));
    let (iso, scale) = placement(&GlobalTransform::from(transform)).unwrap();
    assert!((iso.translation - Vec2::new(3.0, -2.0)).length() < 1e-6);
    assert!((iso.transform_vector(Vec2::X) - Vec2::from_angle(0.5)).length() < 1e-6);
    assert!((scale - Vec2::new(2.0, 3.0)).length() < 1e-5);
}

#[test]
fn a_negative_scale_mirrors_x_and_keeps_the_rotation() {
    let transform = Transform::from_xyz(1.0, 2.0, 0.0)
        .with_rotation(Quat::from_rotation_z(0.7))
        .with_scale(Vec3::new(-2.0, 3.0, 1.0));
    let global = GlobalTransform::from(transform);
    let (iso, scale) = placement(&global).unwrap();
    assert!((scale - Vec2::new(-2.0, 3.0)).length() < 1e-5);
    // Every local point lands where Bevy puts it.
    for local in [Vec2::new(1.0, 0.0), Vec2::new(0.5, -2.0)] {
        let ours = iso.transform_point(local * scale);
        let bevy = global.transform_point(local.extend(0.0)).truncate();
        assert!((ours - bevy).length() < 1e-5, "{ours} vs {bevy}");
    }
}

#[test]
fn rotation_alone_reads_as_unit_scale() {
    for step in 0..360 {
        let rotation = Quat::from_rotation_z((step as f32).to_radians());
        let global = GlobalTransform::from(Transform::from_rotation(rotation));
        let (_, scale) = placement(&global).unwrap();
        assert_eq!(scale, Vec2::ONE, "at {step} degrees");
    }
}

#[test]
fn rejects_bad_transforms() {
    let nan = Transform::from_xyz(f32::NAN, 0.0, 0.0);
    assert!(placement(&GlobalTransform::from(nan)).is_none());
    let flat = Transform::from_scale(Vec3::new(1.0, 0.0, 1.0));
    assert!(placement(&GlobalTransform::from(flat)).is_none());
}

#[test]
fn says_why_a_transform_cannot_place() {
    let cause = |transform: Transform| try_placement(&GlobalTransform::from(transform));
    let nan = Transform::from_xyz(f32::NAN, 0.0, 0.0);
    assert_eq!(cause(nan), Err(Unplaceable::NonFinite));
    let infinite = Transform::from_scale(Vec3::new(f32::INFINITY, 1.0, 1.0));
    assert_eq!(cause(infinite), Err(Unplaceable::NonFinite));
    let huge = Transform::from_scale(Vec3::new(1e20, 1.0, 1.0));
    assert_eq!(cause(huge), Err(Unplaceable::ScaleOverflow));
    let flat = Transform::from_scale(Vec3::new(1.0, 0.0, 1.0));
    assert_eq!(cause(flat), Err(Unplaceable::ZeroScale));
    assert!(cause(Transform::from_scale(Vec3::splat(1e15))).is_ok());
}
