//! `contact_each` and `intersects_each` answer what the one-pair queries answer, bit
//! for bit, for every pair and only once, in order, whatever the slice's length: the
//! memory they ask for ahead changes how fast, never what.

mod common;

use common::seeded_shapes::random_shape;
use sat2d::{Contact, Iso, Shape, Vec2};

/// A pair of shapes each in its own allocation (as a game keeps them, apart in memory),
/// placed from deep overlap to well apart.
type Pair = (Box<(Shape, Iso)>, Box<(Shape, Iso)>);

fn seeded_pairs(count: usize, seed: u64) -> Vec<Pair> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let (a, b) = (random_shape(&mut rng), random_shape(&mut rng));
            let iso_a = Iso::new(
                Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 6.0,
                rng.f32() * 7.0,
            );
            let reach = a.reach() + b.reach();
            let offset = Vec2::from_angle(rng.f32() * 7.0) * reach * 1.6 * rng.f32();
            let iso_b = Iso::new(iso_a.translation + offset, rng.f32() * 7.0);
            (Box::new((a, iso_a)), Box::new((b, iso_b)))
        })
        .collect()
}

fn shapes_of(pair: &Pair) -> sat2d::PairRef<'_> {
    (&pair.0.0, &pair.0.1, &pair.1.0, &pair.1.1)
}

/// A contact as bits: normal, depth, flags, minimality and points.
fn bits(contact: &Contact) -> Vec<u32> {
    let mut bits = vec![
        contact.normal.x.to_bits(),
        contact.normal.y.to_bits(),
        contact.depth.to_bits(),
        u32::from(contact.a_in_b) | u32::from(contact.b_in_a) << 1,
        u32::from(contact.is_minimal()),
    ];
    for point in contact.points() {
        bits.extend([point.x.to_bits(), point.y.to_bits()]);
    }
    bits
}

/// Each query over the slice against a loop of the one-pair query.
fn check(pairs: &[Pair]) {
    let mut expected_contacts = Vec::new();
    let mut expected_hits = Vec::new();
    for (index, pair) in pairs.iter().enumerate() {
        let (a, iso_a, b, iso_b) = shapes_of(pair);
        if let Some(contact) = sat2d::contact(a, iso_a, b, iso_b) {
            expected_contacts.push((index, bits(&contact)));
        }
        if sat2d::intersects(a, iso_a, b, iso_b) {
            expected_hits.push(index);
        }
    }
    let mut contacts = Vec::new();
    sat2d::contact_each(pairs, shapes_of, |index, contact| {
        contacts.push((index, bits(&contact)));
    });
    let mut hits = Vec::new();
    sat2d::intersects_each(pairs, shapes_of, |index| hits.push(index));
    assert_eq!(
        contacts,
        expected_contacts,
        "{} pairs: contacts",
        pairs.len()
    );
    assert_eq!(hits, expected_hits, "{} pairs: intersections", pairs.len());
}

/// 3,000 pairs of every layout (convex polygons of every store size, circles,
/// capsules, segments, stars), about half of them touching.
#[test]
fn every_pair_gets_the_one_pair_answer_bit_for_bit() {
    let pairs = seeded_pairs(3_000, 41);
    let touching = pairs
        .iter()
        .filter(|pair| {
            let (a, iso_a, b, iso_b) = shapes_of(pair);
            sat2d::intersects(a, iso_a, b, iso_b)
        })
        .count();
    assert!(
        (1_000..=2_000).contains(&touching),
        "{touching} touching: the set should mix touching and apart pairs"
    );
    check(&pairs);
}

/// Slices shorter than, as long as and just past how far ahead the memory is asked
/// for: no pair skipped or repeated at the ends.
#[test]
fn short_slices_answer_every_pair_once() {
    let pairs = seeded_pairs(40, 43);
    for length in 0..=20 {
        check(&pairs[..length]);
        check(&pairs[40 - length..]);
    }
}

/// A pair placed out of range is no contact and no intersection, as in the one-pair
/// queries, and its neighbours still get theirs.
#[test]
fn a_pair_out_of_range_is_skipped_and_its_neighbours_answered() {
    let square = Shape::rectangle(2.0, 2.0);
    let near = Iso::from_translation(Vec2::new(1.5, 0.0));
    let lost = Iso::from_translation(Vec2::new(f32::NAN, 0.0));
    let pairs = [
        (&square, Iso::IDENTITY, &square, near),
        (&square, Iso::IDENTITY, &square, lost),
        (&square, Iso::IDENTITY, &square, near),
    ];
    let mut contacts = Vec::new();
    sat2d::contact_each(
        &pairs,
        |(a, iso_a, b, iso_b)| (a, iso_a, b, iso_b),
        |index, contact| contacts.push((index, contact.depth)),
    );
    assert_eq!(contacts.len(), 2);
    assert_eq!((contacts[0].0, contacts[1].0), (0, 2));
    assert!(
        contacts
            .iter()
            .all(|&(_, depth)| (depth - 0.5).abs() < 1e-5)
    );
    let mut hits = Vec::new();
    sat2d::intersects_each(
        &pairs,
        |(a, iso_a, b, iso_b)| (a, iso_a, b, iso_b),
        |index| hits.push(index),
    );
    assert_eq!(hits, [0, 2]);
}
