//! Writes the page's `wire.d.ts` (crates/seabattle-server/assets/web/) from this
//! crate's types, to standard output:
//!
//! ```text
//! cargo run -q -p seabattle-wire --example wire-ts --features ts > crates/seabattle-server/assets/web/wire.d.ts
//! ```
//!
//! CI runs it and fails when the committed file differs (.ci/run), so the page's types
//! cannot drift from the Rust ones. The TypeScript comes from ts-rs: a maintained crate,
//! a derive beside serde's that reads serde's own attributes (`tag`, `rename_all`,
//! `flatten`, `default`, `skip_serializing_if`), with no runtime part and behind the
//! `ts` feature only, so no build of the game compiles it. The JSON forms the rules
//! crate serialises by hand (players as 1 and 2, its vocabularies as words) say their
//! TypeScript in seabattle-core's `ts` module, made from the same words.

use seabattle_core::ts::{GameRecordJson, RecordMoveJson};
use seabattle_wire::*;
use ts_rs::{Config, TS};

/// What the file says of itself, and the helpers the page's modules use beside the
/// messages.
const HEADER: &str = "\
// The wire protocol's types (docs/protocol.md), as the page's modules see them.
// GENERATED from the Rust types of the seabattle-wire crate by ts-rs: do not edit.
// To regenerate after a change to those types:
//   cargo run -q -p seabattle-wire --example wire-ts --features ts > crates/seabattle-server/assets/web/wire.d.ts
// CI fails when this file differs from what that writes. For type checking only (`tsc`,
// see tsconfig.json): the server does not serve this file and the page never loads it.
";

/// The helpers the page's modules name beside the messages, written by hand: they
/// pick a message out of the unions by its `type`.
const HELPERS: &str = "
/** Sends one message to the server (net.js's `send`). */
export type Send = (msg: ClientMsg) => void;

/** The server message of tag `K`: `ServerOf<'shot'>` is `Server.Shot`. */
export type ServerOf<K extends ServerMsg['type']> = Extract<ServerMsg, { type: K }>;
/** The client message of tag `K`. */
export type ClientOf<K extends ClientMsg['type']> = Extract<ClientMsg, { type: K }>;
";

/// `T`'s declaration, exported, with its doc comment.
fn export<T: TS>(cfg: &Config) -> String {
    let docs = T::docs().unwrap_or_default();
    format!("\n{docs}export {}\n", T::decl(cfg))
}

/// A namespace of one type a message, each named as its Rust variant (`queue_offer`:
/// `QueueOffer`) and picked out of the union by `pick` (`ServerOf`, `ClientOf`).
fn namespace(name: &str, about: &str, pick: &str, tags: &[&str]) -> String {
    let mut out = format!("\n/** {about} */\nexport namespace {name} {{\n");
    for tag in tags {
        let variant: String = tag
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect();
        out.push_str(&format!("  export type {variant} = {pick}<'{tag}'>;\n"));
    }
    out.push_str("}\n");
    out
}

/// Appends the declaration of each type to `out`.
macro_rules! declare {
    ($out:ident, $cfg:ident: $($ty:ty),+ $(,)?) => {
        $( $out.push_str(&export::<$ty>(&$cfg)); )+
    };
}

fn main() {
    // Every integer on the wire fits a JavaScript number (times in milliseconds too).
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(HEADER);
    declare!(out, cfg:
        seabattle_core::Player,
        Opponent,
        Role,
        Phase,
        DutyKind,
        EndReason,
        seabattle_core::Answer,
        PieceKind,
        Touching,
        ShipShape,
        ViolationKind,
        Lang,
        CoordSystem,
        ErrorCode,
        Phrase,
        ShotJson,
        LoggedShotJson,
        TargetJson,
        DutyJson,
        RevealJson,
        RelocateJson,
        OwnJson,
        SeatAccountJson,
        PresenceJson,
        AuditJson,
        ResultJson,
        Met,
        Casual,
        RatingJson,
        RulesJson,
        StateJson,
        LevelAccountJson,
        LearnedJson,
        LearnedHabit,
        ViolationJson,
        LobbyJson,
        OpenGameJson,
        ChallengeJson,
        ChallengeEnd,
        Answer,
        ClientMsg,
        ServerMsg,
        RecordMoveJson,
        GameRecordJson,
        replay::Frames,
        // The HTTP endpoints' answers and bodies, for the page to name as it reads them.
        ClientError,
        arena::ArenaState,
        arena::Cadence,
        arena::ArenaSummary,
        arena::ArenaListJson,
        arena::PointJson,
        arena::RowJson,
        arena::PlayingJson,
        arena::MeJson,
        arena::ArenaJson,
        arena::CreateArena,
        arena::Berserk,
        arena::BerserkJson,
        account::Credentials,
        account::Guest,
        account::GuestGame,
        account::Named,
        account::Me,
        account::Made,
        account::NewToken,
        account::BotChallenges,
        account::Revoke,
        account::TokenInfo,
        account::MadeToken,
        account::NewName,
        moderation::ReportReason,
        moderation::ModAction,
        moderation::NewReport,
        moderation::BlockList,
        moderation::ModRequest,
        moderation::ModLogEntry,
        moderation::ReportLine,
        moderation::ChatLine,
        moderation::PlayerFigures,
        moderation::ReportedPlayer,
        moderation::ModNotice,
        players::SeatedOpponent,
        players::AccountGameJson,
        players::MyGames,
        daily::DayJson,
        daily::AttemptJson,
        daily::Fired,
        daily::ResultsJson,
        daily::Bar,
        daily::RankedJson,
        daily::Record,
        daily::Streak,
        daily::ShareJson,
        daily::DayRevealJson,
        analysis::AnalysisJson,
        analysis::JudgedShotJson,
        analysis::ShotVerdict,
        analysis::SideSummaryJson,
        analysis::FleetHardnessJson,
    );
    out.push_str(HELPERS);
    out.push_str(&namespace(
        "Client",
        "The client's messages (`ClientMsg`), one type per variant.",
        "ClientOf",
        &CLIENT_TYPES,
    ));
    out.push_str(&namespace(
        "Server",
        "The server's messages (`ServerMsg`), one type per variant.",
        "ServerOf",
        &SERVER_TYPES,
    ));
    print!("{out}");
}
