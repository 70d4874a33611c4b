//! The `params!` macro: a scene's parameters, declared once.

/// Declares a scene's parameter struct: each numeric field a knob, given as
///
/// ```text
/// /// Doc line.
/// name: f32 = default, min..=max, step S, "unit", Live;
/// other: f32 = default, min..=max, step S, "unit", Restart, Setup;
/// ```
///
/// (a trailing `Setup` files the knob under the scene's set-up: stage,
/// spawn, overlay, figures; the others are the lesson's own),
///
/// optionally `check path;` naming a function for checks between fields,
/// optionally the props a person may edit, as `props discs(list,
/// new_radius);` (round obstacles) or `props points(kind, list);` (a path's
/// nodes, a room's corners: [`PropKind`](crate::sim::props::PropKind)),
/// and, after `fixed`, fields that are not numbers to turn (a path's
/// nodes). Generates the struct, its `Default` and its
/// [`Tunable`](crate::sim::knobs::Tunable) table, through which a settings
/// file's `params` table is read (every field defaulted, unknown keys
/// refused).
#[macro_export]
macro_rules! params {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                #[doc = $doc:literal]
                $field:ident : $ty:ty = $default:literal, $min:literal ..= $max:literal,
                    step $step:literal, $unit:literal, $apply:ident $(, $group:ident)?;
            )*
        }
        $( check $check:path; )?
        $( props $how:ident ( $($props:tt)* ); )?
        $(
            fixed {
                $(
                    #[doc = $fdoc:literal]
                    $ffield:ident : $fty:ty = $fdefault:expr;
                )*
            }
        )?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $name {
            $( #[doc = $doc] pub $field: $ty, )*
            $($( #[doc = $fdoc] pub $ffield: $fty, )*)?
        }

        impl Default for $name {
            fn default() -> Self {
                Self {
                    $( $field: $default, )*
                    $($( $ffield: $fdefault, )*)?
                }
            }
        }

        impl $name {
            const KNOB_TABLE: &'static [$crate::sim::knobs::Knob] = &[
                $(
                    $crate::sim::knobs::Knob {
                        name: stringify!($field),
                        doc: $doc.trim_ascii(),
                        default: $default as f64,
                        min: $min as f64,
                        max: $max as f64,
                        step: $step as f64,
                        unit: $unit,
                        integer: <$ty as $crate::sim::knobs::KnobValue>::INTEGER,
                        apply: $crate::sim::knobs::Apply::$apply,
                        group: $crate::knob_group!($($group)?),
                    },
                )*
            ];
        }

        /// Each knob, as a typed field ([`Field`](crate::sim::knobs::Field)).
        #[allow(non_upper_case_globals)]
        impl $name {
            $(
                #[doc = $doc]
                pub const $field: $crate::sim::knobs::Field<Self> =
                    $crate::sim::knobs::Field::named(Self::KNOB_TABLE, stringify!($field));
            )*
        }

        impl $crate::sim::knobs::Tunable for $name {
            const KNOBS: &'static [$crate::sim::knobs::Knob] = Self::KNOB_TABLE;
            const FIXED: &'static [(&'static str, &'static str)] =
                &[$($( (stringify!($ffield), $fdoc.trim_ascii()), )*)?];

            fn get_at(&self, index: usize) -> f64 {
                use $crate::sim::knobs::KnobValue as _;
                $( if index == Self::$field.index() { return self.$field.to_f64(); } )*
                f64::NAN
            }

            fn put_at(&mut self, index: usize, value: f64) {
                use $crate::sim::knobs::KnobValue as _;
                $( if index == Self::$field.index() { self.$field = <$ty>::from_f64(value); } )*
            }

            #[allow(unused_variables)]
            fn read_fixed(
                &mut self,
                name: &str,
                value: &toml::Spanned<toml::de::DeValue<'_>>,
            ) -> Result<(), $crate::sim::knobs::ReadError> {
                $($(
                    if name == stringify!($ffield) {
                        self.$ffield = $crate::sim::knobs::array(value)?;
                        return Ok(());
                    }
                )*)?
                Ok(())
            }

            #[allow(unused_variables)]
            fn fixed_value(&self, name: &str) -> Option<toml::Value> {
                $($(
                    if name == stringify!($ffield) {
                        return toml::Value::try_from(&self.$ffield).ok();
                    }
                )*)?
                None
            }

            $(
                fn check_together(
                    &self,
                    stage: glam::Vec2,
                ) -> Result<(), $crate::sim::knobs::Invalid> {
                    $check(self, stage)
                }
            )?
            $( $crate::params_props!($how $($props)*); )?
        }
    };
}

/// The props methods of a [`Tunable`](crate::sim::knobs::Tunable) made by
/// [`params!`]: round obstacles from an `[x, y, radius]` list, or points
/// from an `[x, y]` list.
#[doc(hidden)]
#[macro_export]
macro_rules! params_props {
    (discs $list:ident, $new_radius:ident) => {
        fn props(&self) -> Option<$crate::sim::props::Props> {
            Some($crate::sim::props::Props::discs(
                &self.$list,
                self.$new_radius,
            ))
        }
        fn set_props(&mut self, props: &$crate::sim::props::Props) -> bool {
            self.$list = props.to_discs();
            true
        }
    };
    (points $kind:expr, $list:ident) => {
        fn props(&self) -> Option<$crate::sim::props::Props> {
            use $crate::sim::props::PropKind::*;
            Some($crate::sim::props::Props::points($kind, &self.$list))
        }
        fn set_props(&mut self, props: &$crate::sim::props::Props) -> bool {
            self.$list = props.to_points();
            true
        }
    };
}

/// The group of a knob row of [`params!`]: the lesson's unless it says.
#[doc(hidden)]
#[macro_export]
macro_rules! knob_group {
    () => {
        $crate::sim::knobs::Group::Lesson
    };
    ($group:ident) => {
        $crate::sim::knobs::Group::$group
    };
}
