//! Reading a collider's world placement off its `GlobalTransform`.

use bevy::prelude::*;
use sat2d::{Iso, Rot};

/// The 2D isometry and scale of `global`: translation, rotation about Z, and the X/Y
/// scale. `None` when anything is non-finite, a scale factor overflows `f32`, or a scale
/// factor is zero: such a collider cannot be placed.
///
/// Read straight off the affine matrix (two square roots, no quaternion): the X and Y
/// columns give the scale factors and the rotation; a negative determinant mirrors X.
/// Shear (a rotated child of a non-uniformly scaled parent) cannot be represented: the
/// rotation comes from the X column and only the Y column's length is used.
#[must_use]
pub fn placement(global: &GlobalTransform) -> Option<(Iso, Vec2)> {
    try_placement(global).ok()
}

/// Why a `GlobalTransform` cannot place a collider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unplaceable {
    /// A translation or matrix entry is NaN or infinite.
    NonFinite,
    /// The entries are finite but a scale factor is too large for `f32` (about 1e19
    /// and up: its square overflows).
    ScaleOverflow,
    /// A scale factor is zero.
    ZeroScale,
}

/// [`placement`], saying why it failed.
pub(crate) fn try_placement(global: &GlobalTransform) -> Result<(Iso, Vec2), Unplaceable> {
    let affine = global.affine();
    let (x_axis, y_axis) = (
        affine.matrix3.x_axis.truncate(),
        affine.matrix3.y_axis.truncate(),
    );
    let translation = affine.translation.truncate();
    if !(x_axis.is_finite() && y_axis.is_finite() && translation.is_finite()) {
        return Err(Unplaceable::NonFinite);
    }
    let mirrored = x_axis.perp_dot(y_axis) < 0.0;
    let scale = Vec2::new(
        if mirrored {
            -x_axis.length()
        } else {
            x_axis.length()
        },
        y_axis.length(),
    )
    .map(snap_unit);
    if !scale.is_finite() {
        return Err(Unplaceable::ScaleOverflow);
    }
    if scale.x == 0.0 || scale.y == 0.0 {
        return Err(Unplaceable::ZeroScale);
    }
    let direction = x_axis / scale.x;
    let rotation = Rot {
        cos: direction.x,
        sin: direction.y,
    };
    Ok((
        Iso {
            translation,
            rotation,
        },
        scale,
    ))
}

/// Column lengths of a rotation matrix come out a few ulp off 1; snap those to exactly
/// ±1 so an unscaled, rotating collider keeps its shape instead of being rebuilt.
fn snap_unit(factor: f32) -> f32 {
    if (factor.abs() - 1.0).abs() <= 8.0 * f32::EPSILON {
        factor.signum()
    } else {
        factor
    }
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
}
