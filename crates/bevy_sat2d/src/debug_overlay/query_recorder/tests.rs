use super::*;

fn point_query(x: f32) -> RecordedQuery {
    RecordedQuery::PointHits {
        point: Vec2::new(x, 0.0),
        hits: Vec::new(),
    }
}

#[test]
fn off_by_default_and_records_nothing_while_off() {
    let recorder = QueryRecorder::default();
    assert!(!recorder.is_recording());
    recorder.record(point_query(1.0));
    assert!(recorder.queries().is_empty());
}

#[test]
fn records_in_order_while_on_and_drops_the_log_when_switched_off() {
    let recorder = QueryRecorder::default();
    recorder.set_recording(true);
    recorder.record(point_query(1.0));
    recorder.record(point_query(2.0));
    assert_eq!(recorder.queries(), [point_query(1.0), point_query(2.0)]);
    recorder.set_recording(false);
    assert!(recorder.queries().is_empty());
    recorder.record(point_query(3.0));
    assert!(recorder.queries().is_empty());
}

#[test]
fn taking_the_log_empties_it_and_swaps_the_storage() {
    let recorder = QueryRecorder::default();
    recorder.set_recording(true);
    let mut buffer = Vec::with_capacity(64);
    recorder.record(point_query(1.0));
    recorder.take_into(&mut buffer);
    assert_eq!(buffer, [point_query(1.0)]);
    assert!(recorder.queries().is_empty());
    // The buffer's old storage now holds the log: the next records reuse it.
    assert!(recorder.log().capacity() >= 64);
    buffer.clear();
    recorder.record(point_query(2.0));
    recorder.take_into(&mut buffer);
    assert_eq!(buffer, [point_query(2.0)]);
}

#[test]
fn hit_or_miss() {
    assert!(!point_query(0.0).is_hit());
    let hit = RecordedQuery::ShapeHits {
        shape: Shape::circle(1.0),
        iso: Iso::IDENTITY,
        hits: vec![Entity::from_raw_u32(7).unwrap()],
    };
    assert!(hit.is_hit());
}
