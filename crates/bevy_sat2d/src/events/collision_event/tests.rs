use super::*;

/// A pile-up writes one message per pair: the message stays at two entities and a
/// time (Bevy adds an 8-byte id to each).
#[test]
fn an_event_is_24_bytes() {
    assert_eq!(size_of::<CollisionEvent>(), 24);
}
