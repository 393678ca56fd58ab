//! Reading a collider's world placement off its `GlobalTransform`.

use bevy::prelude::*;
use sat2d::Iso;

/// The 2D isometry and scale of `global`: translation, rotation about Z, and the X/Y
/// scale. `None` when anything is non-finite or a scale factor is zero: such a collider
/// cannot be placed.
#[must_use]
pub fn placement(global: &GlobalTransform) -> Option<(Iso, Vec2)> {
    let (scale, rotation, translation) = global.to_scale_rotation_translation();
    let scale = scale.truncate();
    let finite = scale.is_finite() && rotation.is_finite() && translation.is_finite();
    if !finite || scale.x == 0.0 || scale.y == 0.0 {
        return None;
    }
    let x_axis = rotation * Vec3::X;
    let angle = x_axis.y.atan2(x_axis.x);
    Some((Iso::new(translation.truncate(), angle), scale))
}

#[cfg(test)]
mod tests {
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
    fn rejects_bad_transforms() {
        let nan = Transform::from_xyz(f32::NAN, 0.0, 0.0);
        assert!(placement(&GlobalTransform::from(nan)).is_none());
        let flat = Transform::from_scale(Vec3::new(1.0, 0.0, 1.0));
        assert!(placement(&GlobalTransform::from(flat)).is_none());
    }
}
