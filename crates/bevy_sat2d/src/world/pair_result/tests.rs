use super::*;

#[test]
fn entity_order_puts_the_smaller_entity_first_with_its_id() {
    // Same generation, and either index on a newer generation.
    let cases = [
        (entity_at(3, 0), entity_at(8, 0)),
        (entity_at(3, 1), entity_at(8, 0)),
        (entity_at(3, 0), entity_at(8, 1)),
    ];
    let mut smaller_id_first = Vec::new();
    for (three, eight) in cases {
        let (entities, ids) = in_entity_order((3, 8), three, eight);
        assert!(entities.0 < entities.1);
        assert!(entities == (three, eight) || entities == (eight, three));
        assert_eq!(ids.0, entities.0.index_u32());
        assert_eq!(ids.1, entities.1.index_u32());
        smaller_id_first.push(ids.0 == 3);
    }
    // Entity order and index order disagree for some of these pairs, not all.
    assert!(smaller_id_first.contains(&true) && smaller_id_first.contains(&false));
}

/// The record the step keeps per pair stays small: a pile-up of millions of pairs
/// keeps one each, beside the pair's ids (8 bytes).
#[test]
fn a_result_is_four_bytes() {
    assert_eq!(size_of::<PairResult>(), 4);
}
