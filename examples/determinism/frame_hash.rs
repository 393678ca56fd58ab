//! The determinism scene's hash: each frame's events (pairs by [`Label`], kind, time
//! of impact, contact normal, depth, flags and points), the placements (each
//! `Transform` and where the step placed it) and the mover's output, folded bit for bit
//! into a running 64-bit FNV-1a hash.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// A stable name for each entity of the scene, in spawn order: the hash names entities
/// by it, not by `Entity`.
#[derive(Component, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Label(pub u32);

/// The running hash and its value after every frame.
#[derive(Resource, Default)]
pub struct FrameHashes {
    /// The hash so far.
    pub running: u64,
    /// The hash after each frame so far.
    pub frames: Vec<u64>,
    /// How many frames have been hashed.
    pub frame: u32,
    /// What happened so far.
    pub tally: Tally,
}

/// What a run went through, counted over all its frames: proof that the hash covers
/// collisions of every kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `Started` events.
    pub started: u32,
    /// `Started` events of a sweep (with a time of impact).
    pub swept: u32,
    /// Contacts hashed (events that had one).
    pub contacts: u32,
    /// Contacts with a concave polygon on either side.
    pub concave_contacts: u32,
    /// Frames the mover ended grounded.
    pub grounded: u32,
    /// Frames the mover stood on the sliding platform.
    pub on_platform: u32,
}

/// FNV-1a, 64 bits, over the little-endian bytes of the words written: the same on
/// every target.
struct Fnv(u64);

impl Fnv {
    fn word(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn float(&mut self, value: f32) {
        self.word(u64::from(value.to_bits()));
    }

    fn vector(&mut self, vector: Vec2) {
        self.float(vector.x);
        self.float(vector.y);
    }
}

/// Folds this frame's events (with their contacts), the placements and the mover's
/// output into the running hash.
pub fn hash_frame(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    labels: Query<&Label>,
    placements: Query<(&Label, Entity, &Transform)>,
    movers: Query<&MoverOutput>,
    colliders: Query<&Collider>,
    mut hashes: ResMut<FrameHashes>,
) {
    let mut hash = Fnv(hashes.running);
    let mut tally = hashes.tally;
    let concave = |entity: Entity| {
        colliders
            .get(entity)
            .is_ok_and(|collider| matches!(collider.shape(), Shape::Concave(_)))
    };
    let label_of = |entity: Entity| {
        labels
            .get(entity)
            .map_or(u64::MAX, |label| u64::from(label.0))
    };
    for event in events.read() {
        let (a, b) = event.entities();
        let kind = match event {
            CollisionEvent::Started { time_of_impact, .. } => {
                tally.started += 1;
                tally.swept += u32::from(time_of_impact.is_some());
                1
            }
            CollisionEvent::Ongoing { .. } => 2,
            CollisionEvent::Ended { .. } => 3,
        };
        hash.word(kind);
        hash.word(label_of(a) << 32 | label_of(b));
        hash.float(event.time_of_impact().unwrap_or(-1.0));
        if let Some(contact) = event.contact(&world) {
            tally.contacts += 1;
            tally.concave_contacts += u32::from(concave(a) || concave(b));
            hash.vector(contact.normal);
            hash.float(contact.depth);
            hash.word(u64::from(contact.a_in_b) << 1 | u64::from(contact.b_in_a));
            for &point in contact.points() {
                hash.vector(point);
            }
        }
    }
    let mut placed: Vec<(Label, Entity, Transform)> = placements
        .iter()
        .map(|(label, entity, transform)| (*label, entity, *transform))
        .collect();
    placed.sort_unstable_by_key(|(label, ..)| *label);
    for (label, entity, transform) in placed {
        hash.word(u64::from(label.0));
        hash.vector(transform.translation.truncate());
        hash.vector(Vec2::new(transform.rotation.z, transform.rotation.w));
        // Where the step placed it, from its `GlobalTransform`.
        if let Some(collider) = world.collider(entity) {
            hash.vector(collider.iso.translation);
            hash.vector(collider.iso.rotation.direction());
        }
    }
    for output in &movers {
        tally.grounded += u32::from(output.grounded);
        hash.word(u64::from(output.grounded));
        hash.vector(output.translation);
        hash.vector(output.push_out);
        if let Some(ground) = &output.ground {
            hash.word(label_of(ground.entity));
            hash.vector(ground.normal);
            hash.vector(ground.point);
        }
        for hit in &output.hits {
            hash.word(label_of(hit.entity));
            hash.vector(hit.normal);
            hash.vector(hit.point);
            hash.float(hit.time);
        }
    }
    hashes.tally = tally;
    hashes.running = hash.0;
    hashes.frames.push(hash.0);
    hashes.frame += 1;
}
