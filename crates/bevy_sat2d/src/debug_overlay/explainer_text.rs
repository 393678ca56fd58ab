//! The SAT explainer's sentences: where an axis comes from, what each step of the test
//! concludes, why a contained shadow needs a longer push than the shadows share.

use sat2d::{AxisProjection, AxisSource, SatExplanation, ShapeKind};

use super::step_through::{StepOutcome, deciding_axis, first_gap, step_outcome};

/// Where `source` comes from, in the words of the shapes' kinds.
#[must_use]
pub fn axis_source_text(source: AxisSource, a: ShapeKind, b: ShapeKind) -> String {
    let face = |kind: ShapeKind, index: usize, name: &str| match kind {
        ShapeKind::Segment => format!("{name}'s normal"),
        ShapeKind::Capsule => format!("{name}'s core (side)"),
        _ => format!("face {index} of {name}"),
    };
    match source {
        AxisSource::FaceOfA(index) => face(a, index, "A"),
        AxisSource::FaceOfB(index) => face(b, index, "B"),
        AxisSource::ClosestFeatures => match (a, b) {
            (ShapeKind::Circle, ShapeKind::Circle) => "centre to centre".into(),
            (ShapeKind::Circle, ShapeKind::Polygon | ShapeKind::Concave)
            | (ShapeKind::Polygon | ShapeKind::Concave, ShapeKind::Circle) => {
                "centre to vertex".into()
            }
            (ShapeKind::Circle, _) | (_, ShapeKind::Circle) => "centre to closest".into(),
            _ => "closest features".into(),
        },
    }
}

/// `overlap` as the sentences say it: "overlap 1.25" or "gap 0.50".
#[must_use]
pub fn overlap_text(overlap: f32) -> String {
    if overlap < 0.0 {
        format!("gap {:.2}", -overlap)
    } else {
        format!("overlap {overlap:.2}")
    }
}

/// `value` with about four significant digits, so the table stays narrow at any
/// scale: `-215`, `12.1`, `0.50`.
#[must_use]
pub fn short_number(value: f32) -> String {
    let magnitude = value.abs();
    if magnitude >= 100.0 {
        format!("{value:.0}")
    } else if magnitude >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

/// A shadow `(min, max)` as the table shows it: `-215..-125`.
#[must_use]
pub fn interval_text((min, max): (f32, f32)) -> String {
    format!("{}..{}", short_number(min), short_number(max))
}

/// When one shadow lies inside the other, why the push is longer than the part of the
/// axis the shadows share; `None` otherwise.
#[must_use]
pub fn containment_text(projection: &AxisProjection) -> Option<String> {
    let ((a_min, a_max), (b_min, b_max)) = (projection.a, projection.b);
    let inner = if a_min <= b_min && b_max <= a_max {
        "B's shadow lies inside A's"
    } else if b_min <= a_min && a_max <= b_max {
        "A's shadow lies inside B's"
    } else {
        return None;
    };
    let shared = a_max.min(b_max) - a_min.max(b_min);
    Some(format!(
        "{inner}: they share only {shared:.2}, but to separate them one shadow must \
         clear the other entirely, the shorter way: push = min(maxA − minB, maxB − minA) \
         = min({:.2}, {:.2}) = {:.2}",
        a_max - b_min,
        b_max - a_min,
        projection.overlap
    ))
}

/// What the test concludes at `step` of `axes` (axis numbers from 1, as in the table).
#[must_use]
pub fn step_text(axes: &[AxisProjection], step: usize) -> String {
    let projection = &axes[step];
    let heading = format!(
        "axis {} of {}: {}",
        step + 1,
        axes.len(),
        overlap_text(projection.overlap)
    );
    match step_outcome(axes, step) {
        StepOutcome::Overlapping => {
            format!("{heading}: no gap here, test the next axis (Right arrow)")
        }
        StepOutcome::Separated => format!("{heading}: separated: no need to test further"),
        StepOutcome::Colliding => {
            let smallest = (0..axes.len())
                .min_by(|i, j| axes[*i].overlap.total_cmp(&axes[*j].overlap))
                .unwrap_or(step);
            format!(
                "{heading}: every axis overlaps, so the shapes collide; the MTV is the \
                 smallest push, on axis {} ({:.2})",
                smallest + 1,
                axes[smallest].overlap
            )
        }
    }
}

/// Which axis decides the test, and why.
#[must_use]
pub fn decision_text(explanation: &SatExplanation) -> String {
    let deciding = deciding_axis(explanation);
    let projection = &explanation.axes[deciding];
    match first_gap(&explanation.axes) {
        Some(_) => format!(
            "separated: axis {} is the first with a gap ({:.2}) between the shadows; \
             the test stops there",
            deciding + 1,
            -projection.overlap
        ),
        None => format!(
            "colliding: every axis overlaps; axis {} needs the smallest push ({:.2}), \
             so B moves by ({:.2}, {:.2})",
            deciding + 1,
            projection.overlap,
            projection.push().x,
            projection.push().y
        ),
    }
}

#[cfg(test)]
mod tests;
