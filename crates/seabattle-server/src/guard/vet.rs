//! Rules a game may be created with: read and bounded by the rules crate (board size,
//! ship count and size, places to enumerate), and with a fleet that can be drawn
//! within the draw budget on this machine. The work runs in the pool; settled verdicts
//! are remembered by rules text, so asking again costs nothing.

use crate::config::Limits;
use crate::error::Failure;
use crate::guard::work::{Deadline, Lane, Work};
use crate::protocol::{ClientError, ErrorCode};
use rand::rngs::StdRng;
use seabattle_core::{Placer, Rules};
use std::collections::HashMap;
use std::sync::Mutex;

/// Verdicts remembered; past this many the memory starts afresh.
const REMEMBERED: usize = 1024;

/// Verdicts by rules text.
#[derive(Default)]
pub struct Verdicts(Mutex<HashMap<String, Result<Rules, ClientError>>>);

impl Verdicts {
    fn get(&self, text: &str) -> Option<Result<Rules, ClientError>> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(text)
            .cloned()
    }

    fn put(&self, text: &str, verdict: Result<Rules, ClientError>) {
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= REMEMBERED {
            map.clear();
        }
        map.insert(text.to_string(), verdict);
    }
}

/// The refusal for rules whose fleet could not be drawn in time.
pub fn too_costly_to_draw() -> ClientError {
    ClientError::new(
        ErrorCode::TooCostly,
        "these rules leave too little room to draw a fleet in time; place it yourself \
         or choose roomier rules",
    )
}

impl Verdicts {
    /// The rules of `text` (default `classic`), if a game may be played under them:
    /// read and drawn in `work`'s pool within `limits`.
    pub async fn rules(
        &self,
        work: &Work,
        limits: &Limits,
        text: Option<&str>,
    ) -> Result<Rules, Failure> {
        let text = text.unwrap_or("classic").trim().to_string();
        if let Some(verdict) = self.get(&text) {
            return verdict.map_err(Failure::Refused);
        }
        let budget = limits.draw_budget;
        let key = text.clone();
        let verdict: Result<Rules, ClientError> = work
            .run(Lane::Heavy, limits.work_budget, move |_| {
                let rules: Rules = key.parse().map_err(|e: seabattle_core::RulesError| {
                    ClientError::new(ErrorCode::BadRules, e.to_string())
                })?;
                // The draw budget starts once the rules are read: reading is bounded
                // by the rules crate itself.
                let deadline = Deadline::after(budget);
                let mut rng: StdRng = rand::make_rng();
                Placer::new(&rules)
                    .sample_until(&mut rng, &mut deadline.go_on())
                    .map_err(|_| too_costly_to_draw())?;
                Ok(rules)
            })
            .await
            .map_err(|o| o.refusal("reading these rules"))?;
        // Only refusals come out of the draw itself: they are the client's to know.
        // A draw that ran out of time may have met a busy moment: only settled
        // verdicts are remembered.
        let settled = match &verdict {
            Ok(_) => true,
            Err(e) => e.code == ErrorCode::BadRules,
        };
        if settled {
            self.put(&text, verdict.clone());
        }
        verdict.map_err(Failure::Refused)
    }
}
