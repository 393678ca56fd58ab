use super::*;

pub fn app(bodies: &[Body]) -> App {
    let mut app = base_app();
    app.add_systems(Update, move_and_bounce);
    for (index, body) in bodies.iter().enumerate() {
        app.world_mut().spawn((
            transform_of(body),
            Velocity(body.velocity),
            Index(index as u32),
        ));
    }
    ready(app)
}
