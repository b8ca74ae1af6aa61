//! stacked lessons.

use super::Lesson;

pub(super) const LESSONS: &[Lesson] = &[];
