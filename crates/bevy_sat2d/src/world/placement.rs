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
mod tests;
