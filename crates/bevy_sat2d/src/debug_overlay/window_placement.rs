//! Where the explainer window opens: in a corner of the screen that leaves the pair it
//! explains (and the figures beside it) uncovered.

use bevy::math::{Rect, Vec2};

/// Pixels between the window and the screen's edges.
const EDGE: f32 = 10.0;
/// Pixels kept clear around the pair, for the figures drawn beside it.
const CLEARANCE: f32 = 40.0;

/// The top-left corner for a window of `size` on a `screen` whose left `panel_width`
/// pixels hold the panel, with `bottom_margin` pixels left free at the bottom right,
/// avoiding `pair` (the pair's screen rectangle). Tries bottom right, top right,
/// bottom left (beside the panel), top left, and takes the first that leaves the pair
/// (with room for its figures) uncovered, or else the one covering the least of it.
#[must_use]
pub fn window_position(
    screen: Rect,
    panel_width: f32,
    bottom_margin: f32,
    size: Vec2,
    pair: Option<Rect>,
) -> Vec2 {
    let (left, right) = (
        screen.min.x + panel_width + EDGE,
        screen.max.x - EDGE - size.x,
    );
    let (top, bottom) = (screen.min.y + EDGE, screen.max.y - EDGE - size.y);
    let corners = [
        Vec2::new(right, bottom - bottom_margin + EDGE),
        Vec2::new(right, top),
        Vec2::new(left, bottom),
        Vec2::new(left, top),
    ];
    let Some(pair) = pair else {
        return corners[0];
    };
    let avoided = pair.inflate(CLEARANCE);
    let covered = |corner: &Vec2| {
        let overlap = Rect::from_corners(*corner, *corner + size).intersect(avoided);
        if overlap.is_empty() {
            0.0
        } else {
            overlap.width() * overlap.height()
        }
    };
    // The first corner that covers least of the pair (none, where one is free).
    corners
        .into_iter()
        .reduce(|best, corner| {
            if covered(&corner) < covered(&best) {
                corner
            } else {
                best
            }
        })
        .unwrap_or(corners[0])
}

#[cfg(test)]
mod tests;
