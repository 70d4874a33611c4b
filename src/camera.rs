//! The camera over the stage: zoom about a point, pan, and follow one
//! agent, so that one boid among 100,000 can be watched. Pure: the window
//! turns the wheel and drags into these calls, and draws with
//! [`Camera::frame`].

use glam::Vec2;

/// How far in the wheel goes, from the whole stage in view.
pub const MAX_ZOOM: f32 = 64.0;
/// What following an agent zooms to, when the view is the whole stage.
pub const FOLLOW_ZOOM: f32 = 4.0;

/// Which part of the stage is in view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// 1: the whole stage fits the window; 4: a quarter of its width.
    pub zoom: f32,
    /// The world point at the centre of the view.
    pub center: Vec2,
    /// The stage it looks at (a new scene's size starts it afresh).
    pub stage: Vec2,
    /// Keeps the selected agent in the middle.
    pub follow: bool,
}

impl Camera {
    /// The whole `stage` in view.
    pub fn fit(stage: Vec2) -> Self {
        Self {
            zoom: 1.0,
            center: stage * 0.5,
            stage,
            follow: false,
        }
    }

    /// Whether the whole stage is in view.
    pub fn fits(&self) -> bool {
        self.zoom <= 1.0 && !self.follow
    }

    /// Pixels per world unit, and the screen point of the world's origin,
    /// for a view of `area_size` at `area_origin` whose fitted scale is
    /// `fit_scale`.
    pub fn frame(&self, fit_scale: f32, area_origin: Vec2, area_size: Vec2) -> (f32, Vec2) {
        let scale = fit_scale * self.zoom;
        (scale, area_origin + area_size * 0.5 - self.center * scale)
    }

    /// Zooms by `factor` keeping the world point `at` where it is on the
    /// screen (under the pointer); back at 1 the stage fits again.
    pub fn zoom_at(&mut self, factor: f32, at: Vec2) {
        if !(factor.is_finite() && factor > 0.0 && at.is_finite()) {
            return;
        }
        let zoom = (self.zoom * factor).clamp(1.0, MAX_ZOOM);
        let k = zoom / self.zoom;
        self.center = at - (at - self.center) / k;
        self.zoom = zoom;
        self.keep_on_stage();
    }

    /// Moves the view by `delta` screen pixels at `scale` px per world
    /// unit (a drag: the stage follows the pointer).
    pub fn pan(&mut self, delta: Vec2, scale: f32) {
        if delta.is_finite() && scale > 0.0 {
            self.center -= delta / scale;
            self.follow = false;
            self.keep_on_stage();
        }
    }

    /// Centres on `at` while following (an agent's position each frame).
    pub fn track(&mut self, at: Vec2) {
        if self.follow && at.is_finite() {
            self.center = at;
        }
    }

    /// Follow the selected agent, zoomed in (at the wheel's zoom, when
    /// the wheel zoomed in already); or, when following or with nobody
    /// selected, the whole stage again. Returns the event line.
    pub fn toggle_follow(&mut self, selected: Option<Vec2>) -> &'static str {
        match selected {
            Some(at) if !self.follow => {
                self.follow = true;
                if self.zoom <= 1.0 {
                    self.zoom = FOLLOW_ZOOM;
                }
                self.center = at;
                "camera follows"
            }
            _ => {
                *self = Self::fit(self.stage);
                "camera fits the stage"
            }
        }
    }

    /// The centre stays on the stage, and at zoom 1 it is the stage's.
    fn keep_on_stage(&mut self) {
        self.center = if self.zoom <= 1.0 {
            self.stage * 0.5
        } else {
            self.center.clamp(Vec2::ZERO, self.stage)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAGE: Vec2 = Vec2::new(800.0, 600.0);

    fn on_screen(c: &Camera, world: Vec2) -> Vec2 {
        let (scale, origin) = c.frame(1.0, Vec2::ZERO, STAGE);
        origin + world * scale
    }

    #[test]
    fn at_zoom_one_the_stage_fits() {
        let c = Camera::fit(STAGE);
        assert_eq!(on_screen(&c, Vec2::ZERO), Vec2::ZERO);
        assert_eq!(on_screen(&c, STAGE), STAGE);
    }

    #[test]
    fn zooming_keeps_the_point_under_the_pointer() {
        let mut c = Camera::fit(STAGE);
        let at = Vec2::new(200.0, 150.0);
        let before = on_screen(&c, at);
        c.zoom_at(3.0, at);
        assert!((on_screen(&c, at) - before).length() < 1e-3);
        assert_eq!(c.zoom, 3.0);
        c.zoom_at(1e6, at);
        assert_eq!(c.zoom, MAX_ZOOM, "capped");
        c.zoom_at(1e-9, at);
        assert_eq!(c, Camera::fit(STAGE), "all the way out: the stage fits");
        c.zoom_at(f32::NAN, at);
        assert_eq!(c, Camera::fit(STAGE), "a NaN changes nothing");
    }

    /// After a wheel zoom, Z with an agent selected follows it at that
    /// zoom (it used to fit the stage first); Z again fits.
    #[test]
    fn after_a_wheel_zoom_z_follows_at_that_zoom() {
        let mut c = Camera::fit(STAGE);
        c.zoom_at(2.0, Vec2::new(100.0, 100.0));
        let at = Vec2::new(500.0, 300.0);
        assert_eq!(c.toggle_follow(Some(at)), "camera follows");
        assert!(c.follow && c.zoom == 2.0 && c.center == at, "{c:?}");
        assert_eq!(c.toggle_follow(Some(at)), "camera fits the stage");
        assert_eq!(c, Camera::fit(STAGE));
    }

    #[test]
    fn a_drag_moves_the_stage_with_the_pointer_and_stops_following() {
        let mut c = Camera::fit(STAGE);
        c.toggle_follow(Some(Vec2::new(400.0, 300.0)));
        assert!(c.follow && c.zoom == FOLLOW_ZOOM);
        let p = Vec2::new(420.0, 300.0);
        let before = on_screen(&c, p);
        c.pan(Vec2::new(10.0, 0.0), FOLLOW_ZOOM);
        assert!((on_screen(&c, p) - before - Vec2::new(10.0, 0.0)).length() < 1e-3);
        assert!(!c.follow, "a drag takes the camera back");
        c.pan(Vec2::new(1e9, 1e9), 1.0);
        assert_eq!(c.center, Vec2::ZERO, "never off the stage");
    }

    #[test]
    fn following_tracks_the_agent_and_toggles_back_to_the_whole_stage() {
        let mut c = Camera::fit(STAGE);
        assert_eq!(c.toggle_follow(None), "camera fits the stage");
        assert_eq!(
            c.toggle_follow(Some(Vec2::new(10.0, 20.0))),
            "camera follows"
        );
        c.track(Vec2::new(30.0, 40.0));
        assert_eq!(c.center, Vec2::new(30.0, 40.0));
        assert_eq!(c.toggle_follow(Some(Vec2::ONE)), "camera fits the stage");
        assert_eq!(c, Camera::fit(STAGE));
        c.track(Vec2::ONE);
        assert_eq!(c.center, STAGE * 0.5, "not following: no tracking");
    }
}
