//! Questions a game asks about the colliders between steps.
//!
//! - [`SpatialQuery`](spatial_query::SpatialQuery), a system parameter: ray casts,
//!   shape casts, overlaps and point queries, through the broad phase's grid, against
//!   the colliders as the last step placed them.
//! - [`QueryFilter`](query_filter::QueryFilter): which colliders a query may report
//!   (layer mask, excluded entities, a predicate, statics).
//! - [`ray_walk`]: a ray cut at every grid line it crosses, so a ray's cost grows with
//!   the cells it crosses, not with the number of colliders.

pub(crate) mod query_filter;
pub(crate) mod ray_walk;
pub(crate) mod spatial_query;
