//! A rating history as an SVG line chart, drawn on the server: one line per preset,
//! the game number along, the rating up, with the lowest and highest marked.

use crate::ratings::store::RatingPoint;
use crate::web::preview::escape;
use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 220.0;
const PAD: f64 = 36.0;
const COLOURS: [&str; 4] = ["#0b5cad", "#c2410c", "#15803d", "#7c3aed"];

/// The chart of `points` (oldest first), titled `title` for screen readers; `None`
/// without a point.
pub fn svg(points: &[RatingPoint], title: &str) -> Option<String> {
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
    let mut presets: Vec<&str> = points.iter().map(|p| p.preset.name()).collect();
    presets.sort_unstable();
    presets.dedup();
    let mut out = format!(
        "<svg viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{t}\"><title>{t}</title>",
        t = escape(title)
    );
    let y = |r: f64| H - PAD - (r - lo) / span * (H - 2.0 * PAD);
    for (r, label) in [(lo, lo), (lo + span, lo + span)] {
        let _ = write!(
            out,
            "<line x1=\"{PAD}\" x2=\"{x2}\" y1=\"{yy:.1}\" y2=\"{yy:.1}\" stroke=\"#d5dde8\"/>\
             <text x=\"4\" y=\"{ty:.1}\" font-size=\"12\" fill=\"#4a5d73\">{label:.0}</text>",
            x2 = W - 8.0,
            yy = y(r),
            ty = y(r) + 4.0,
        );
    }
    for (k, preset) in presets.iter().enumerate() {
        let line: Vec<&RatingPoint> = points
            .iter()
            .filter(|p| p.preset.name() == *preset)
            .collect();
        let n = line.len().max(2) - 1;
        let colour = COLOURS[k % COLOURS.len()];
        let coords: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let x = PAD + i as f64 / n as f64 * (W - PAD - 12.0);
                format!("{x:.1},{:.1}", y(p.rating))
            })
            .collect();
        let _ = write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" points=\"{}\"/>\
             <text x=\"{x:.1}\" y=\"{ly:.1}\" font-size=\"12\" fill=\"{colour}\">{name}</text>",
            coords.join(" "),
            x = PAD + 4.0,
            ly = 14.0 + 14.0 * k as f64,
            name = escape(preset),
        );
        if let [single] = coords.as_slice() {
            let (x, yy) = single.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{yy}\" r=\"4\" fill=\"{colour}\"/>"
            );
        }
    }
    out.push_str("</svg>");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(preset: &str, rating: f64) -> RatingPoint {
        RatingPoint {
            preset: preset.parse().unwrap(),
            rating,
            at: 0,
        }
    }

    #[test]
    fn one_line_per_preset_and_nothing_without_points() {
        assert!(svg(&[], "x").is_none());
        let s = svg(
            &[
                point("classic", 1662.0),
                point("classic", 1700.0),
                point("hasbro", 1400.0),
            ],
            "<history>",
        )
        .unwrap();
        assert_eq!(s.matches("<polyline").count(), 2);
        assert!(s.contains("&lt;history&gt;"), "the title is escaped");
        assert!(s.contains(">1400<") && s.contains(">1700<"), "{s}");
    }
}
