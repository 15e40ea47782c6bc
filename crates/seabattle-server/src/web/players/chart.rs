//! A rating history as an SVG line chart, drawn on the server: one line per preset,
//! time along (dated at its ends and middle), the rating up, with the lowest and highest
//! marked. Its words are sized by players.css, larger on a phone, where the chart is
//! drawn at half its size: the room left for them here is for the larger size.

use super::html::date;
use crate::ratings::store::RatingPoint;
use crate::web::preview::escape;
use seabattle_core::{Lang, Preset};
use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 260.0;
/// Room for the ratings on the left, the legend above, the dates below.
const LEFT: f64 = 62.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 38.0;
const COLOURS: [&str; 4] = ["#0b5cad", "#c2410c", "#15803d", "#7c3aed"];

/// The chart of `points` (oldest first), titled `title` for screen readers, its legend
/// naming the rules in `lang`; `None` without a point.
pub fn svg(points: &[RatingPoint], title: &str, lang: Lang) -> Option<String> {
    let lo = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::INFINITY, f64::min);
    let hi = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() {
        return None;
    }
    let (lo, hi) = ((lo / 50.0).floor() * 50.0, (hi / 50.0).ceil() * 50.0);
    let span = (hi - lo).max(50.0);
    let first = points.iter().map(|p| p.at).min().unwrap_or(0);
    let last = points.iter().map(|p| p.at).max().unwrap_or(0);
    let mut presets: Vec<Preset> = points.iter().map(|p| p.preset).collect();
    presets.sort_unstable_by_key(|p| p.name());
    presets.dedup();
    let mut out = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{t}\"><title>{t}</title>",
        t = escape(title)
    );
    let y = |r: f64| H - BOTTOM - (r - lo) / span * (H - TOP - BOTTOM);
    let plot = W - LEFT - RIGHT;
    // Each game at its time; games all of one moment in their order, one game mid-way.
    let x = |at: i64, i: usize, n: usize| {
        if last > first {
            LEFT + (at - first) as f64 / (last - first) as f64 * plot
        } else if n == 1 {
            LEFT + plot / 2.0
        } else {
            LEFT + i as f64 / (n - 1) as f64 * plot
        }
    };
    for r in [lo, lo + span] {
        let _ = write!(
            out,
            "<line x1=\"{LEFT}\" x2=\"{x2}\" y1=\"{yy:.1}\" y2=\"{yy:.1}\" stroke=\"#d5dde8\"/>\
             <text x=\"{tx}\" y=\"{ty:.1}\" text-anchor=\"end\" fill=\"#4a5d73\">{r:.0}</text>",
            x2 = W - RIGHT,
            yy = y(r),
            tx = LEFT - 6.0,
            ty = y(r) + 5.0,
        );
    }
    // The time axis: the first and last day, and the middle one over three days or more.
    let days = (last - first) / 86_400;
    let mut ticks = vec![(first, "start", LEFT)];
    if days >= 3 {
        let mid = first + (last - first) / 2;
        ticks.push((mid, "middle", LEFT + plot / 2.0));
    }
    if days >= 1 {
        ticks.push((last, "end", W - RIGHT));
    }
    let _ = write!(
        out,
        "<line x1=\"{LEFT}\" x2=\"{x2}\" y1=\"{yy}\" y2=\"{yy}\" stroke=\"#9db7d3\"/>",
        x2 = W - RIGHT,
        yy = H - BOTTOM,
    );
    for (at, anchor, tx) in ticks {
        let _ = write!(
            out,
            "<text class=\"day\" x=\"{tx:.1}\" y=\"{ty}\" text-anchor=\"{anchor}\" fill=\"#4a5d73\">{}</text>",
            date(at),
            ty = H - 10.0,
        );
    }
    // The legend above the chart, one name after another (each given room for its
    // letters at the phone's size).
    let mut lx = LEFT;
    for (k, &preset) in presets.iter().enumerate() {
        let line: Vec<&RatingPoint> = points.iter().filter(|p| p.preset == preset).collect();
        let name = preset.title(lang);
        let colour = COLOURS[k % COLOURS.len()];
        let coords: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{:.1},{:.1}", x(p.at, i, line.len()), y(p.rating)))
            .collect();
        let _ = write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" points=\"{}\"/>\
             <text x=\"{lx:.1}\" y=\"24\" fill=\"{colour}\">{name}</text>",
            coords.join(" "),
            name = escape(name),
        );
        lx += 14.0 * name.chars().count() as f64 + 24.0;
        if let [single] = coords.as_slice() {
            let (cx, cy) = single.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"4\" fill=\"{colour}\"/>"
            );
        }
    }
    out.push_str("</svg>");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(preset: &str, rating: f64, at: i64) -> RatingPoint {
        RatingPoint {
            preset: preset.parse().unwrap(),
            rating,
            at,
        }
    }

    #[test]
    fn one_line_per_preset_and_nothing_without_points() {
        assert!(svg(&[], "x", Lang::En).is_none());
        let s = svg(
            &[
                point("classic", 1662.0, 0),
                point("classic", 1700.0, 0),
                point("hasbro", 1400.0, 0),
            ],
            "<history>",
            Lang::Ru,
        )
        .unwrap();
        assert_eq!(s.matches("<polyline").count(), 2);
        assert!(
            s.contains(">Классика</text>") && s.contains(">Hasbro</text>"),
            "{s}"
        );
        assert!(s.contains("&lt;history&gt;"), "the title is escaped");
        assert!(s.contains(">1400<") && s.contains(">1700<"), "{s}");
    }

    #[test]
    fn time_runs_along_with_its_days_marked() {
        let day = 86_400;
        let start = 1_795_996_800; // 2026-11-30
        let points = [
            point("classic", 1500.0, start),
            point("classic", 1540.0, start + 3600),
            point("classic", 1600.0, start + 4 * day),
        ];
        let s = svg(&points, "h", Lang::En).unwrap();
        for d in ["2026-11-30", "2026-12-02", "2026-12-04"] {
            assert!(s.contains(&format!(">{d}</text>")), "{d}: {s}");
        }
        // Two games an hour apart stand close; four days later, at the far end.
        let line = s
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let xs: Vec<f64> = line
            .split(' ')
            .map(|p| p.split(',').next().unwrap().parse().unwrap())
            .collect();
        assert!(xs[1] - xs[0] < 10.0 && xs[2] > W - RIGHT - 1.0, "{xs:?}");
        // All on one day: one date, and the games spread by their order.
        let s = svg(&points[..2], "h", Lang::En).unwrap();
        assert_eq!(s.matches("class=\"day\"").count(), 1, "{s}");
    }
}
