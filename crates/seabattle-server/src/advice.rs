//! Help that changes nothing in the game: the coach's heat map (games against the
//! computer), suggested fleet layouts, fleets checked against the rules, and the rules in
//! full for clients.

use crate::error::Failure;
use crate::guard::work::Lane;
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode, ServerMsg, ViolationJson};
use rand::rngs::StdRng;
use seabattle_bots::PlacerKind;
use seabattle_bots::density::Density;
use seabattle_bots::dutchman::LoneShip;
use seabattle_core::fleet::violations;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, CoordSystem, Lang, Preset, Rules, Violation};

/// The presets a client may offer: every preset of the rules crate.
pub fn offered_presets() -> Vec<String> {
    Preset::ALL.into_iter().map(|p| p.name().into()).collect()
}

/// `coach`: the density shooter's map of the player's view (from
/// `game::play::coach_input`).
pub async fn coach(
    hub: &SharedNode,
    (game, rules, view): (String, Rules, TargetBoard),
) -> Result<ServerMsg, Failure> {
    let dims = rules.dims();
    // Counting placements takes milliseconds on big boards: keep it off the async threads.
    let score = hub
        .work
        .run(Lane::Think, hub.config.limits.work_budget, move |_| {
            coach_scores(&rules, &view)
        })
        .await
        .map_err(|o| o.refusal("the coach's map"))?;
    let top = score.iter().copied().fold(0.0_f64, f64::max);
    let width = usize::from(dims.width());
    let weights: Vec<f64> = score
        .iter()
        .map(|&s| {
            if top > 0.0 {
                (s / top * 1000.0).round() / 1000.0
            } else {
                0.0
            }
        })
        .collect();
    let best = dims
        .cells()
        .filter(|&c: &Coord| {
            top > 0.0 && score[usize::from(c.row) * width + usize::from(c.col)] == top
        })
        .map(|c| c.to_string())
        .collect();
    Ok(ServerMsg::Coach {
        game,
        width: dims.width(),
        height: dims.height(),
        weights,
        best,
    })
}

/// The coach's scores, row by row: the density shooter's counts of consistent
/// placements; for a lone flying ship (whose paths are far too many to count), how many
/// of the paths the `expert` level draws cover each cell.
fn coach_scores(rules: &Rules, view: &TargetBoard) -> Vec<f64> {
    if rules.flying() {
        let mut rng: StdRng = rand::make_rng();
        return LoneShip::new(COACH_PATHS)
            .coverage(view, &mut rng)
            .into_iter()
            .map(f64::from)
            .collect();
    }
    Density::default().heat(rules, view).score
}

/// Paths drawn for the coach's map of a lone flying ship, as many as `expert` draws.
const COACH_PATHS: usize = 1500;

/// `layout`: a fleet drawn by the named placer (default `uniform`) for the game's rules,
/// in the pool. Nothing is placed; the client sends it back with `place` if the player
/// keeps it.
pub async fn layout(
    hub: &SharedNode,
    game: String,
    rules: Rules,
    placer: Option<String>,
) -> Result<ServerMsg, Failure> {
    let kind: PlacerKind = placer.as_deref().unwrap_or("uniform").parse().map_err(
        |e: seabattle_bots::shooter::UnknownName| {
            ClientError::new(ErrorCode::BadPlacer, e.to_string())
        },
    )?;
    let fleet = match kind {
        // The uniform draw stops at its deadline; the styled placers are bounded by
        // the pool.
        PlacerKind::Uniform => crate::game::play::draw_fleet(hub, rules).await?,
        _ => hub
            .work
            .run(Lane::Heavy, hub.config.limits.work_budget, move |_| {
                let mut rng: StdRng = rand::make_rng();
                kind.place(&rules, &mut rng)
                    .map_err(|e| ClientError::new(ErrorCode::BadFleet, e.to_string()))
            })
            .await
            .map_err(|o| o.refusal("drawing a layout"))??,
    };
    Ok(ServerMsg::Layout {
        game,
        placer: kind.name().to_string(),
        fleet: crate::game::fleet_text::canonical_words(&fleet),
    })
}

/// `turn`: ship `ship` of `fleet` turned a quarter turn into the nearest place where
/// it breaks no rule (the rules crate decides), or `no_room`.
pub async fn turn(
    hub: &SharedNode,
    game: String,
    rules: Rules,
    fleet: Vec<String>,
    ship: usize,
) -> Result<ServerMsg, Failure> {
    let setup = crate::game::play::parse_fleet(&rules, &fleet)?;
    // The words are ships and pieces in the order sent; the rules crate counts ships.
    let nth = fleet
        .iter()
        .take(ship + 1)
        .filter(|w| !w.contains(':'))
        .count();
    if ship >= fleet.len() || fleet[ship].contains(':') {
        return Err(Failure::refused(
            ErrorCode::BadMessage,
            format!(
                "ship: {ship} names no ship of the {} words sent",
                fleet.len()
            ),
        ));
    }
    let turned = hub
        .work
        .run(Lane::Heavy, hub.config.limits.work_budget, move |_| {
            seabattle_core::turn_ship(&setup, nth - 1, &rules)
        })
        .await
        .map_err(|o| o.refusal("turning the ship"))?
        .map_err(|e| ClientError::new(ErrorCode::NoRoom, e.to_string()))?;
    let mut words = fleet;
    words[ship] = turned.ships[nth - 1].format(CoordSystem::Latin);
    Ok(ServerMsg::Turned {
        game,
        fleet: words,
        ship,
    })
}

/// `check`: every violation of `fleet` under the game's rules, worded by the rules
/// engine in `lang` with cells in `coords`, worked out in the pool.
pub async fn check(
    hub: &SharedNode,
    game: String,
    rules: Rules,
    fleet: Vec<String>,
    lang: Option<String>,
    coords: Option<String>,
) -> Result<ServerMsg, Failure> {
    let bad = |e: String| ClientError::new(ErrorCode::BadMessage, e);
    let lang: Lang = lang
        .as_deref()
        .unwrap_or("en")
        .parse()
        .map_err(|e| bad(format!("{e}")))?;
    let system: CoordSystem = coords
        .as_deref()
        .unwrap_or("latin")
        .parse()
        .map_err(|e| bad(format!("{e}")))?;
    let setup = crate::game::play::parse_fleet(&rules, &fleet)?;
    let violations = hub
        .work
        .run(Lane::Heavy, hub.config.limits.work_budget, move |_| {
            violations(&setup, &rules)
                .iter()
                .map(|v| ViolationJson {
                    kind: v.kind(),
                    cells: v.cells().iter().map(|c| c.to_string()).collect(),
                    message: v.labelled(lang, system),
                    piece: match v {
                        Violation::Piece { kind, .. } => Some(*kind),
                        _ => None,
                    },
                })
                .collect()
        })
        .await
        .map_err(|o| o.refusal("checking the fleet"))?;
    Ok(ServerMsg::Checked {
        game,
        fleet,
        lang,
        coords: system,
        violations,
    })
}
