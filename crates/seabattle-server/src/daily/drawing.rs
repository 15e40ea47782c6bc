//! The daily sea's state on this node, a leaf the hub may hold without naming the
//! daily sea's code.

/// This node's part of the daily sea: a day is drawn by one task at a time here (a
/// draw runs the expert's game, a fraction of a second), and the others wait for it.
#[derive(Default)]
pub struct Daily {
    pub(super) drawing: tokio::sync::Mutex<()>,
}
