//! The plots of `results.html`, as inline SVG made from the rows of `results.json`.
//!
//! Takes [`Results`] (this run, and optionally another one, `--compare`); gives SVG text:
//! - a *quantile plot* (BenchExec's): for each tool, its correct answers sorted by time, the
//!   n-th fastest at x = n and y = its time (log scale), one line per tool (the baseline
//!   checkers of the same run included; the other run's tools dashed); the further right and
//!   lower a line, the better the tool;
//! - a *scatter plot* per pair of runs of the same tasks (ara against each `--baseline`
//!   checker, and ara against the other run's ara): one point per task at (other time, ara
//!   time) on log axes, coloured by which of the two answered correctly, with the diagonal;
//!   points below it are tasks ara did faster.
//!
//! Hand-written SVG, not a plotting crate: the two plots need only lines, circles, log
//! ticks and text, about as much code as configuring a chart library would take; a crate
//! such as `plotters` would bring its font handling for text layout (a browser lays out SVG
//! text itself) and several dependencies, and would make the output harder to pin in golden
//! tests, where each series here is one `<polyline class="series">` and each task one
//! `<circle class="pt">` with a `<title>` naming it.

use super::report::{Category, Results, Row};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Which time a plot shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Time {
    Cpu,
    Wall,
}

impl Time {
    fn of(self, r: &Row) -> f64 {
        match self {
            Time::Cpu => r.cpu_s,
            Time::Wall => r.wall_s,
        }
    }
    fn label(self) -> &'static str {
        match self {
            Time::Cpu => "CPU time (s)",
            Time::Wall => "wall time (s)",
        }
    }
}

/// One line of a quantile plot: a tool's correct answers' times, sorted.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// The tool: its lines have one colour in every run.
    pub tool: String,
    pub times: Vec<f64>,
    /// The other run's tools are drawn dashed.
    pub dashed: bool,
}

/// The quantile series of the runs (`(name, results)`; the first run is this one, its tools
/// named plainly, the others' as `tool (name)`), in the order tools first appear.
pub fn quantile_series(runs: &[(&str, &Results)], time: Time) -> Vec<Series> {
    let mut out = Vec::new();
    for (k, (run, res)) in runs.iter().enumerate() {
        for s in &res.summary {
            let mut times: Vec<f64> = res
                .rows
                .iter()
                .filter(|r| r.tool == s.tool && r.category == Category::Correct)
                .map(|r| time.of(r))
                .collect();
            times.sort_by(f64::total_cmp);
            out.push(Series {
                name: if k == 0 {
                    s.tool.clone()
                } else {
                    format!("{} ({run})", s.tool)
                },
                tool: s.tool.clone(),
                times,
                dashed: k > 0,
            });
        }
    }
    out
}

/// How the two answers of a scatter point compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointClass {
    /// Both correct.
    Both,
    /// Only the y tool (ara) correct.
    OnlyY,
    /// Only the x tool correct.
    OnlyX,
    /// Neither correct (unknown, timeout, error...).
    Neither,
    /// Either answer wrong.
    Wrong,
}

impl PointClass {
    fn of(x: &Row, y: &Row) -> PointClass {
        let ok = |r: &Row| r.category == Category::Correct;
        if x.category == Category::Wrong || y.category == Category::Wrong {
            PointClass::Wrong
        } else {
            match (ok(x), ok(y)) {
                (true, true) => PointClass::Both,
                (false, true) => PointClass::OnlyY,
                (true, false) => PointClass::OnlyX,
                (false, false) => PointClass::Neither,
            }
        }
    }
    fn css(self) -> &'static str {
        match self {
            PointClass::Both => "both",
            PointClass::OnlyY => "only-y",
            PointClass::OnlyX => "only-x",
            PointClass::Neither => "neither",
            PointClass::Wrong => "wrong",
        }
    }
    fn colour(self) -> &'static str {
        match self {
            PointClass::Both => "#2a9d2a",
            PointClass::OnlyY => "#1f5fd0",
            PointClass::OnlyX => "#e08a00",
            PointClass::Neither => "#999999",
            PointClass::Wrong => "#e01010",
        }
    }
}

/// One task in a scatter plot.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub task: String,
    pub x: f64,
    pub y: f64,
    pub class: PointClass,
}

/// A scatter plot: `y` (ara) against `x` (a baseline or the other run), task by task.
#[derive(Clone, Debug, PartialEq)]
pub struct Scatter {
    pub x_name: String,
    pub y_name: String,
    pub points: Vec<Point>,
}

/// The tasks both `xs` and `ys` ran (neither skipped), as points.
fn pair(xs: &[&Row], ys: &[&Row], time: Time) -> Vec<Point> {
    let by_task: BTreeMap<&str, &Row> = xs.iter().map(|r| (r.task.as_str(), *r)).collect();
    ys.iter()
        .filter(|y| y.category != Category::Skipped)
        .filter_map(|y| {
            let x = by_task.get(y.task.as_str())?;
            (x.category != Category::Skipped).then(|| Point {
                task: y.task.clone(),
                x: time.of(x),
                y: time.of(y),
                class: PointClass::of(x, y),
            })
        })
        .collect()
}

fn rows_of<'a>(r: &'a Results, tool: &str) -> Vec<&'a Row> {
    r.rows.iter().filter(|x| x.tool == tool).collect()
}

/// The scatter plots: ara against each other tool of this run, then ara against the other
/// run's ara (`other`: its results and name).
pub fn scatters(res: &Results, other: Option<(&Results, &str)>, time: Time) -> Vec<Scatter> {
    let ara = rows_of(res, super::run::ARA);
    let mut out = Vec::new();
    if ara.is_empty() {
        return out;
    }
    for s in res.summary.iter().filter(|s| s.tool != super::run::ARA) {
        out.push(Scatter {
            x_name: s.tool.clone(),
            y_name: super::run::ARA.into(),
            points: pair(&rows_of(res, &s.tool), &ara, time),
        });
    }
    if let Some((o, name)) = other {
        let theirs = rows_of(o, super::run::ARA);
        if !theirs.is_empty() {
            out.push(Scatter {
                x_name: format!("{} ({name})", super::run::ARA),
                y_name: super::run::ARA.into(),
                points: pair(&theirs, &ara, time),
            });
        }
    }
    out
}

const W: f64 = 560.0;
const H: f64 = 380.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 48.0;
/// Times below this are drawn at it (a log axis has no 0).
const MIN_TIME: f64 = 0.01;
const PALETTE: &[&str] = &[
    "#1f5fd0", "#e08a00", "#2a9d2a", "#c02020", "#8040c0", "#7a5030", "#d040a0", "#505050",
];

/// A log-scaled axis over whole decades.
#[derive(Clone, Copy, Debug)]
struct LogAxis {
    lo: f64,
    hi: f64,
}

impl LogAxis {
    fn over(values: impl Iterator<Item = f64>) -> LogAxis {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values {
            let v = v.max(MIN_TIME);
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if !lo.is_finite() {
            (lo, hi) = (0.1, 10.0);
        }
        let lo = 10f64.powf(lo.log10().floor());
        let mut hi = 10f64.powf(hi.log10().ceil());
        if hi <= lo {
            hi = lo * 10.0;
        }
        LogAxis { lo, hi }
    }
    /// The fraction of the way from `lo` to `hi`.
    fn frac(self, v: f64) -> f64 {
        let v = v.max(MIN_TIME).clamp(self.lo, self.hi);
        (v.log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10())
    }
    /// Tick values: each decade, and 2 and 5 times it when there are at most two decades.
    fn ticks(self) -> Vec<f64> {
        let decades = (self.hi.log10() - self.lo.log10()).round() as i32;
        let mut t = Vec::new();
        let mut d = self.lo;
        for _ in 0..=decades {
            t.push(d);
            if decades <= 2 && d < self.hi {
                t.extend([2.0 * d, 5.0 * d]);
            }
            d *= 10.0;
        }
        t
    }
}

fn fmt_tick(v: f64) -> String {
    if v >= 1.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').to_string()
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open_svg(h: &mut String, title: &str) {
    let _ = writeln!(
        h,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\"><title>{}</title>",
        esc(title)
    );
    let _ = writeln!(
        h,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#fff\" stroke=\"#888\"/>",
        W - LEFT - RIGHT,
        H - TOP - BOTTOM
    );
}

/// The y axis (log) with grid lines and its label.
fn y_axis(h: &mut String, ax: LogAxis, label: &str) {
    let ph = H - TOP - BOTTOM;
    for t in ax.ticks() {
        let y = TOP + ph * (1.0 - ax.frac(t));
        let _ = writeln!(
            h,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e4e4e4\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            W - RIGHT,
            LEFT - 4.0,
            y + 4.0,
            fmt_tick(t)
        );
    }
    let _ = writeln!(
        h,
        "<text class=\"ylabel\" x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {:.1})\">{}</text>",
        TOP + ph / 2.0,
        TOP + ph / 2.0,
        esc(label)
    );
}

fn x_label(h: &mut String, label: &str) {
    let _ = writeln!(
        h,
        "<text class=\"xlabel\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
        LEFT + (W - LEFT - RIGHT) / 2.0,
        H - 8.0,
        esc(label)
    );
}

/// A step for about five to ten ticks on a linear axis from 0 to `max`.
fn linear_step(max: f64) -> f64 {
    let raw = (max / 6.0).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag)
}

/// The quantile plot of `series`.
pub fn quantile_svg(series: &[Series], time: Time) -> String {
    let mut h = String::new();
    open_svg(&mut h, &format!("quantile plot: {}", time.label()));
    let ax = LogAxis::over(series.iter().flat_map(|s| s.times.iter().copied()));
    y_axis(&mut h, ax, time.label());
    let n_max = series
        .iter()
        .map(|s| s.times.len())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let step = linear_step(n_max);
    let mut t = 0.0;
    while t <= n_max + 1e-9 {
        let x = LEFT + pw * t / n_max;
        let _ = writeln!(
            h,
            "<line x1=\"{x:.1}\" y1=\"{TOP}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#e4e4e4\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{t:.0}</text>",
            TOP + ph,
            TOP + ph + 14.0
        );
        t += step;
    }
    x_label(&mut h, "number of correct results (n-th fastest)");
    let mut tools: Vec<&str> = Vec::new();
    for (k, s) in series.iter().enumerate() {
        let c = tools.iter().position(|t| *t == s.tool).unwrap_or_else(|| {
            tools.push(&s.tool);
            tools.len() - 1
        });
        let colour = PALETTE[c % PALETTE.len()];
        let pts: Vec<(f64, f64)> = s
            .times
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                (
                    LEFT + pw * (i + 1) as f64 / n_max,
                    TOP + ph * (1.0 - ax.frac(v)),
                )
            })
            .collect();
        let dash = if s.dashed {
            " stroke-dasharray=\"6 3\""
        } else {
            ""
        };
        let coords: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            h,
            "<polyline class=\"series\" data-tool=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"{dash} points=\"{}\"/>",
            esc(&s.name),
            coords.join(" ")
        );
        for ((x, y), v) in pts.iter().zip(&s.times) {
            let _ = writeln!(
                h,
                "<circle class=\"pt\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"2.5\" fill=\"{colour}\"><title>{}: {v:.2} s</title></circle>",
                esc(&s.name)
            );
        }
        // The legend, top left inside the plot.
        let ly = TOP + 14.0 + 15.0 * k as f64;
        let _ = writeln!(
            h,
            "<line x1=\"{:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" stroke-width=\"2\"{dash}/><text class=\"legend\" x=\"{:.1}\" y=\"{:.1}\">{} ({} correct)</text>",
            LEFT + 8.0,
            LEFT + 30.0,
            LEFT + 35.0,
            ly + 4.0,
            esc(&s.name),
            s.times.len()
        );
    }
    h.push_str("</svg>\n");
    h
}

/// The scatter plot of `s` on log axes, with the diagonal.
pub fn scatter_svg(s: &Scatter, time: Time) -> String {
    let mut h = String::new();
    open_svg(
        &mut h,
        &format!("{} against {}: {}", s.y_name, s.x_name, time.label()),
    );
    let ax = LogAxis::over(s.points.iter().flat_map(|p| [p.x, p.y]));
    y_axis(&mut h, ax, &format!("{}: {}", s.y_name, time.label()));
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    for t in ax.ticks() {
        let x = LEFT + pw * ax.frac(t);
        let _ = writeln!(
            h,
            "<line x1=\"{x:.1}\" y1=\"{TOP}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#e4e4e4\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            TOP + ph,
            TOP + ph + 14.0,
            fmt_tick(t)
        );
    }
    x_label(&mut h, &format!("{}: {}", s.x_name, time.label()));
    let _ = writeln!(
        h,
        "<line class=\"diagonal\" x1=\"{LEFT}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{TOP}\" stroke=\"#666\" stroke-dasharray=\"4 3\"/>",
        TOP + ph,
        LEFT + pw
    );
    for p in &s.points {
        let _ = writeln!(
            h,
            "<circle class=\"pt {}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"{}\" fill-opacity=\"0.8\"><title>{}: {} {:.2} s, {} {:.2} s</title></circle>",
            p.class.css(),
            LEFT + pw * ax.frac(p.x),
            TOP + ph * (1.0 - ax.frac(p.y)),
            p.class.colour(),
            esc(&p.task),
            esc(&s.x_name),
            p.x,
            esc(&s.y_name),
            p.y
        );
    }
    // The legend: the classes present, top left.
    let mut k = 0;
    for c in [
        PointClass::Both,
        PointClass::OnlyY,
        PointClass::OnlyX,
        PointClass::Neither,
        PointClass::Wrong,
    ] {
        let n = s.points.iter().filter(|p| p.class == c).count();
        if n == 0 {
            continue;
        }
        let what = match c {
            PointClass::Both => "both correct".to_string(),
            PointClass::OnlyY => format!("only {} correct", s.y_name),
            PointClass::OnlyX => format!("only {} correct", s.x_name),
            PointClass::Neither => "neither correct".to_string(),
            PointClass::Wrong => "a wrong answer".to_string(),
        };
        let ly = TOP + 14.0 + 15.0 * k as f64;
        let _ = writeln!(
            h,
            "<circle cx=\"{:.1}\" cy=\"{ly:.1}\" r=\"3.5\" fill=\"{}\"/><text class=\"legend\" x=\"{:.1}\" y=\"{:.1}\">{} ({n})</text>",
            LEFT + 14.0,
            c.colour(),
            LEFT + 24.0,
            ly + 4.0,
            esc(&what)
        );
        k += 1;
    }
    h.push_str("</svg>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::batch::report::Verdict;

    fn row(task: &str, tool: &str, expected: bool, v: Verdict, cpu: f64) -> Row {
        let mut r = Row::not_run(task, tool, "p", Some(expected), v, String::new());
        r.cpu_s = cpu;
        r.wall_s = cpu * 1.5;
        r
    }

    /// Three tasks: ara answers all correctly, esbmc one (and times out on one).
    fn golden() -> Results {
        let rows = vec![
            row("a.yml", "ara", true, Verdict::True, 0.5),
            row("b.yml", "ara", false, Verdict::False, 2.0),
            row("c.yml", "ara", true, Verdict::True, 30.0),
            row("a.yml", "esbmc", true, Verdict::Unknown, 1.0),
            row("b.yml", "esbmc", false, Verdict::False, 0.2),
            row("c.yml", "esbmc", true, Verdict::Timeout, 60.0),
        ];
        Results::new(vec![], Default::default(), rows)
    }

    fn count(s: &str, what: &str) -> usize {
        s.matches(what).count()
    }

    #[test]
    fn the_quantile_series_are_the_sorted_correct_times_per_tool() {
        let res = golden();
        let s = quantile_series(&[("this", &res)], Time::Cpu);
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].name.as_str(), &s[0].times),
            ("ara", &vec![0.5, 2.0, 30.0])
        );
        assert_eq!((s[1].name.as_str(), &s[1].times), ("esbmc", &vec![0.2]));
        let both = quantile_series(&[("this", &res), ("old", &res)], Time::Wall);
        assert_eq!(both.len(), 4);
        assert_eq!(both[2].name, "ara (old)");
        assert!(both[2].dashed && !both[0].dashed);
        // The same tool has the same colour in both runs.
        let svg = quantile_svg(&both, Time::Wall);
        assert_eq!(
            count(&svg, "stroke=\"#1f5fd0\" stroke-width=\"2\""),
            4,
            "{svg}"
        );
        assert_eq!(both[0].times, vec![0.75, 3.0, 45.0]);
    }

    #[test]
    fn the_quantile_plot_has_a_line_per_tool_and_a_point_per_answer() {
        let res = golden();
        let svg = quantile_svg(&quantile_series(&[("this", &res)], Time::Cpu), Time::Cpu);
        assert_eq!(count(&svg, "<polyline class=\"series\""), 2);
        assert_eq!(count(&svg, "<circle class=\"pt\""), 4);
        assert!(svg.contains(">CPU time (s)</text>"), "{svg}");
        assert!(svg.contains(">number of correct results (n-th fastest)</text>"));
        assert!(svg.contains(">ara (3 correct)</text>"));
        assert!(svg.contains(">esbmc (1 correct)</text>"));
        // Log ticks over the decades 0.1 .. 100.
        for t in [">0.1<", ">1<", ">10<", ">100<"] {
            assert!(svg.contains(t), "tick {t} in {svg}");
        }
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn the_scatter_plot_has_a_point_per_common_task_coloured_by_result() {
        let res = golden();
        let sc = scatters(&res, None, Time::Cpu);
        assert_eq!(sc.len(), 1);
        assert_eq!(
            (sc[0].x_name.as_str(), sc[0].y_name.as_str()),
            ("esbmc", "ara")
        );
        let classes: Vec<PointClass> = sc[0].points.iter().map(|p| p.class).collect();
        assert_eq!(
            classes,
            vec![PointClass::OnlyY, PointClass::Both, PointClass::OnlyY]
        );
        let svg = scatter_svg(&sc[0], Time::Cpu);
        assert_eq!(count(&svg, "<circle class=\"pt "), 3);
        assert_eq!(count(&svg, "class=\"diagonal\""), 1);
        assert!(
            svg.contains("<title>b.yml: esbmc 0.20 s, ara 2.00 s</title>"),
            "{svg}"
        );
        assert!(svg.contains(">only ara correct (2)</text>"));
        assert!(svg.contains(">esbmc: CPU time (s)</text>"));
        // With another run: one more plot, ara against its ara.
        let sc = scatters(&res, Some((&res, "old")), Time::Wall);
        assert_eq!(sc.len(), 2);
        assert_eq!(sc[1].x_name, "ara (old)");
        assert_eq!(sc[1].points.len(), 3);
        assert!(sc[1].points.iter().all(|p| p.class == PointClass::Both));
    }

    #[test]
    fn a_wrong_answer_is_red_and_empty_runs_still_draw() {
        let rows = vec![
            row("a.yml", "ara", true, Verdict::False, 1.0),
            row("a.yml", "cbmc", true, Verdict::True, 0.0),
        ];
        let res = Results::new(vec![], Default::default(), rows);
        let sc = scatters(&res, None, Time::Cpu);
        assert_eq!(sc[0].points[0].class, PointClass::Wrong);
        assert!(scatter_svg(&sc[0], Time::Cpu).contains("#e01010"));
        let empty = quantile_svg(&[], Time::Wall);
        assert_eq!(count(&empty, "<polyline"), 0);
        assert!(empty.contains(">wall time (s)</text>"));
    }
}
