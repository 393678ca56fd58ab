use super::*;

pub fn app(scene: &Scene) -> App {
    let mut app = base_app(scene);
    app.add_systems(Update, move_and_bounce);
    for (index, body) in scene.bodies.iter().enumerate() {
        let mut entity = app
            .world_mut()
            .spawn((transform_of(body), Index(index as u32)));
        if !body.is_static {
            insert_motion(&mut entity, body);
        }
    }
    ready(app)
}
