//! Running engine work off the async runtime: the computer's search and the Oracle each
//! get a watcher thread that owns the engine handle, stops it when asked (or when the
//! game drops its [`StopSignal`]), and hands the result back.

use super::limits::SearchPermit;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// Held by the game while a search runs; dropping it (take back, resignation, deletion,
/// a new search) stops the search.
pub struct StopSignal {
    _tx: Sender<()>,
}

/// The watcher's side of a [`StopSignal`].
pub struct StopWatch {
    rx: Receiver<()>,
}

pub fn stop_signal() -> (StopSignal, StopWatch) {
    let (tx, rx) = channel();
    (StopSignal { _tx: tx }, StopWatch { rx })
}

/// How often the watcher checks for a finished search.
const POLL: Duration = Duration::from_millis(5);

impl StopWatch {
    /// Waits until `finished()` or until the signal is dropped; true when stopped.
    pub fn wait(&self, finished: impl Fn() -> bool) -> bool {
        loop {
            if finished() {
                return false;
            }
            match self.rx.recv_timeout(POLL) {
                Err(RecvTimeoutError::Timeout) => {}
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return true,
            }
        }
    }
}

/// Runs `work` on a new named thread holding `permit` until it returns.
pub fn spawn_with_permit(
    name: &str,
    permit: SearchPermit,
    work: impl FnOnce() + Send + 'static,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(move || {
            // A panic in engine code must not take the server down; the permit is
            // released either way.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            drop(permit);
        })
        .map(|_| ())
}
