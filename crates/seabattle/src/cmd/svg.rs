//! A histogram of shots per game as a self-contained SVG picture (`bench --svg`).

use std::fmt::Write;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 48.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 36.0;
const RIGHT: f64 = 16.0;

/// One bar per shot count from the fewest to the most shots, with the mean marked.
pub fn histogram(shots: &[usize], title: &str, mean: f64) -> String {
    let (Some(&lo), Some(&hi)) = (shots.iter().min(), shots.iter().max()) else {
        return empty(title);
    };
    let mut bins = vec![0usize; hi - lo + 1];
    for &s in shots {
        bins[s - lo] += 1;
    }
    let top = bins.iter().copied().max().unwrap_or(1).max(1) as f64;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let bar_w = plot_w / bins.len() as f64;
    let x_of = |shots: f64| LEFT + (shots - lo as f64) * bar_w;
    let mut out = header(title);
    for (i, &n) in bins.iter().enumerate() {
        let h = n as f64 / top * plot_h;
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#4a7ab5"><title>{} shots: {} games</title></rect>"##,
            LEFT + i as f64 * bar_w + 0.5,
            TOP + plot_h - h,
            (bar_w - 1.0).max(0.5),
            h,
            lo + i,
            n
        );
    }
    // Axis labels every few shot counts, so they never overlap.
    let step = (bins.len() / 10).max(1);
    for i in (0..bins.len()).step_by(step) {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"#,
            LEFT + (i as f64 + 0.5) * bar_w,
            HEIGHT - BOTTOM + 16.0,
            lo + i
        );
    }
    let mx = x_of(mean + 0.5);
    let _ = writeln!(
        out,
        r##"<line x1="{mx:.1}" y1="{TOP:.1}" x2="{mx:.1}" y2="{:.1}" stroke="#c0392b" stroke-width="2"/>
<text x="{:.1}" y="{:.1}" font-size="12" fill="#c0392b">mean {mean:.2}</text>"##,
        TOP + plot_h,
        mx + 4.0,
        TOP + 12.0
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle">shots to sink the fleet</text>
<text x="14" y="{:.1}" font-size="12" transform="rotate(-90 14 {:.1})" text-anchor="middle">games (highest bar: {top})</text>
</svg>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 6.0,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
    out
}

fn header(title: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="{LEFT}" y="22" font-size="14">{}</text>
<line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="black"/>
"#,
        escape(title),
        HEIGHT - BOTTOM,
        WIDTH - RIGHT,
        HEIGHT - BOTTOM
    )
}

fn empty(title: &str) -> String {
    header(title) + "</svg>\n"
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bar_per_shot_count() {
        let svg = histogram(&[40, 42, 42, 45], "a <test> & more", 42.25);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        // 40..=45 is six bars, empty ones included.
        assert_eq!(svg.matches("<rect x=").count(), 6);
        assert!(svg.contains("42 shots: 2 games"));
        assert!(svg.contains("a &lt;test&gt; &amp; more"));
        assert!(svg.contains("mean 42.25"));
        assert!(histogram(&[], "none", 0.0).contains("</svg>"));
    }
}
