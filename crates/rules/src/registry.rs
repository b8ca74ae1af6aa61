//! The one list of variants. Each line names a variant, its position type, its identifier
//! (records, the protocol, the API) and the name shown to players. [`Variant`] (with
//! `ALL`, `id`, `title`), [`AnyGame`] with its conversions, [`dispatch!`] and
//! [`with_position_type!`] are generated from it, so a new variant is one line here plus
//! its module; every other match over the variants is exhaustive, so the compiler names
//! each place that must learn the new variant.
//!
//! shakmaty's `VariantPosition` is the model: a closed enum, one match to generic code.
//!
//! [`Variant`]: crate::setup::Variant
//! [`AnyGame`]: crate::any::AnyGame
//! [`dispatch!`]: crate::dispatch
//! [`with_position_type!`]: crate::with_position_type

/// Calls the macro `$callback` with its argument group `$args` followed by the list:
/// `Name => PositionType, "id", "Title";` per variant. The identifiers must be the
/// lower-case names (the serialized forms; `setup.rs` tests it).
///
/// A callback, not a macro that defines the others: macros exported from a macro's
/// expansion could not be named by path (`crate::dispatch!`) inside this crate.
#[doc(hidden)]
#[macro_export]
macro_rules! variants {
    ($($callback:ident)::+ ! $args:tt) => {
        $($callback)::+! { $args
            Stacked => $crate::stacked::StackedPosition, "stacked", "Stacked Boards";
            Trid => $crate::trid::TridPosition, "trid", "Tri-D";
            Quadlevel => $crate::quadlevel::QuadlevelPosition, "quadlevel", "Quadlevel";
            Fourfold => $crate::fourfold::FourfoldPosition, "fourfold", "Fourfold";
        }
    };
}
