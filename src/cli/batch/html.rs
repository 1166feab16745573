//! `results.html`: one self-contained page (inline CSS, JavaScript and SVG; no network) with
//! the summary, the plots (`plot`: quantile plots of the correct answers' CPU and wall time
//! per tool, and scatter plots of ara against each baseline checker and against the other
//! run), and a table of the rows that sorts by any column (click its header), filters by text
//! and by category, colours the verdicts, and links each row's log, witness and trace.
//!
//! Takes [`Results`] (and optionally a second run to show beside it); gives the page as text.
//! Everything on it is computed from the results (what `results.json` holds), so the page of
//! a `--merge`d or `--compare`d run is made the same way as a fresh run's.

use super::plot::{self, Time};
use super::report::{Category, Results, Row};
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

const STYLE: &str = r#"
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #eee; cursor: pointer; user-select: none; position: sticky; top: 0; }
th.asc::after { content: " \25B2"; } th.desc::after { content: " \25BC"; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.reason { max-width: 40em; }
.v-true { background: #c8f0c8; } .v-false { background: #f7d8a8; }
.v-unknown, .v-timeout, .v-out-of-memory { background: #e4e4e4; }
.v-error { background: #f0b0b0; } .v-skipped { color: #888; }
.c-wrong { background: #ff5050; color: #fff; font-weight: bold; }
.c-correct { color: #060; } .c-error { color: #a00; }
#controls { margin: 1em 0; } #controls input { width: 25em; }
.summary td { font-variant-numeric: tabular-nums; }
#plots { display: flex; flex-wrap: wrap; gap: 1em; margin: 1em 0; }
#plots figure { margin: 0; } #plots figcaption { font-size: 0.85em; color: #444; max-width: 560px; }
td.files a { margin-right: 0.4em; }
"#;

const SCRIPT: &str = r#"
(function () {
  var table = document.getElementById('rows');
  var body = table.tBodies[0];
  var heads = table.tHead.rows[0].cells;
  var dir = {};
  function key(cell, numeric) {
    var t = cell.getAttribute('data-v');
    if (t === null) t = cell.textContent;
    if (numeric) { var x = parseFloat(t); return isNaN(x) ? -Infinity : x; }
    return t.toLowerCase();
  }
  Array.prototype.forEach.call(heads, function (th, i) {
    th.addEventListener('click', function () {
      var numeric = th.classList.contains('num');
      var d = dir[i] = dir[i] === 1 ? -1 : 1;
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a.cells[i], numeric), y = key(b.cells[i], numeric);
        return x < y ? -d : x > y ? d : 0;
      });
      rows.forEach(function (r) { body.appendChild(r); });
      Array.prototype.forEach.call(heads, function (h) { h.classList.remove('asc', 'desc'); });
      th.classList.add(d === 1 ? 'asc' : 'desc');
    });
  });
  var text = document.getElementById('filter');
  var cat = document.getElementById('category');
  var tool = document.getElementById('tool');
  var count = document.getElementById('count');
  function apply() {
    var q = text.value.toLowerCase(), c = cat.value, t = tool.value, shown = 0;
    Array.prototype.forEach.call(body.rows, function (r) {
      var ok = (!q || r.textContent.toLowerCase().indexOf(q) >= 0) &&
               (!c || r.getAttribute('data-category') === c) &&
               (!t || r.getAttribute('data-tool') === t);
      r.style.display = ok ? '' : 'none';
      if (ok) shown++;
    });
    count.textContent = shown + ' of ' + body.rows.length + ' rows';
  }
  text.addEventListener('input', apply);
  cat.addEventListener('change', apply);
  tool.addEventListener('change', apply);
  apply();
})();
"#;

/// The page. With `other` (another run and its name), each row also shows that run's verdict
/// and time for the same task and tool.
pub fn page(res: &Results, other: Option<(&Results, &str)>) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>ara batch results</title>\n<style>{STYLE}</style></head><body>\n<h1>ara batch results</h1>\n"
    );
    for c in &res.commands {
        let _ = writeln!(h, "<p><code>{}</code></p>", esc(c));
    }
    if !res.settings.is_empty() {
        let s: Vec<String> = res
            .settings
            .iter()
            .map(|(k, v)| format!("{}: {}", esc(k), esc(v)))
            .collect();
        let _ = writeln!(h, "<p>{} (ara {})</p>", s.join(", "), esc(&res.ara_version));
    }

    // Summary: one line per tool (and per tool of the other run).
    h.push_str("<table class=\"summary\"><tr><th>run</th><th>tool</th><th>score</th><th>tasks</th><th>correct true</th><th>correct false</th><th>wrong true</th><th>wrong false</th><th>unknown</th><th>timeout</th><th>out of memory</th><th>error</th><th>skipped</th><th>wall s</th><th>cpu s</th></tr>\n");
    let mut runs = vec![("this", res)];
    if let Some((o, name)) = other {
        runs.push((name, o));
    }
    for (name, r) in &runs {
        for s in &r.summary {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num{}\">{}</td><td class=\"num{}\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{:.1}</td><td class=\"num\">{:.1}</td></tr>",
                esc(name),
                esc(&s.tool),
                s.score,
                s.tasks,
                s.correct_true,
                s.correct_false,
                if s.wrong_true > 0 { " c-wrong" } else { "" },
                s.wrong_true,
                if s.wrong_false > 0 { " c-wrong" } else { "" },
                s.wrong_false,
                s.unknown,
                s.timeout,
                s.out_of_memory,
                s.error,
                s.skipped,
                s.wall_s,
                s.cpu_s
            );
        }
    }
    h.push_str("</table>\n");
    h.push_str(&plots(res, other));

    // Filters.
    let mut tools: Vec<&str> = res.rows.iter().map(|r| r.tool.as_str()).collect();
    tools.sort();
    tools.dedup();
    h.push_str("<div id=\"controls\"><input id=\"filter\" type=\"search\" placeholder=\"filter rows (any text)\"> <select id=\"category\"><option value=\"\">all categories</option>");
    for c in [
        Category::Correct,
        Category::Wrong,
        Category::Unknown,
        Category::Error,
        Category::Skipped,
        Category::Missing,
    ] {
        let _ = write!(h, "<option>{}</option>", c.as_str());
    }
    h.push_str("</select> <select id=\"tool\"><option value=\"\">all tools</option>");
    for t in &tools {
        let _ = write!(h, "<option>{}</option>", esc(t));
    }
    h.push_str("</select> <span id=\"count\"></span></div>\n");

    // The rows.
    let theirs: BTreeMap<(&str, &str), &Row> = other
        .map(|(o, _)| {
            o.rows
                .iter()
                .map(|r| ((r.task.as_str(), r.tool.as_str()), r))
                .collect()
        })
        .unwrap_or_default();
    h.push_str("<table id=\"rows\"><thead><tr><th>task</th><th>tool</th><th>property</th><th>expected</th><th>verdict</th><th>category</th><th>files</th><th class=\"num\">score</th><th>strategy</th><th class=\"num\">iterations</th><th class=\"num\">tracked</th><th class=\"num\">elements</th><th class=\"num\">wall s</th><th class=\"num\">cpu s</th><th class=\"num\">memory MiB</th><th>data model</th><th>reason</th>");
    if let Some((_, name)) = other {
        let _ = write!(
            h,
            "<th>{0} verdict</th><th class=\"num\">{0} wall s</th>",
            esc(name)
        );
    }
    h.push_str("</tr></thead><tbody>\n");
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &res.rows {
        let _ = write!(
            h,
            "<tr data-category=\"{cat}\" data-tool=\"{tool}\"><td>{task}</td><td>{tool}</td><td>{prop}</td><td>{exp}</td><td class=\"v-{v}\">{v}</td><td class=\"c-{cat}\">{cat}</td><td class=\"files\">{files}</td><td class=\"num\">{score}</td><td>{strategy}</td><td class=\"num\">{it}</td><td class=\"num\">{tr}</td><td class=\"num\">{tot}</td><td class=\"num\">{wall:.2}</td><td class=\"num\">{cpu:.2}</td><td class=\"num\">{mem:.1}</td><td>{dm}</td><td class=\"reason\">{reason}</td>",
            cat = r.category.as_str(),
            tool = esc(&r.tool),
            task = esc(&r.task),
            prop = esc(&r.property),
            exp = opt(r.expected.map(|e| e.to_string())),
            v = r.verdict.as_str(),
            score = r.score,
            strategy = esc(&r.strategy),
            it = opt(r.iterations.map(|x| x.to_string())),
            tr = opt(r.tracked.map(|x| x.to_string())),
            tot = opt(r.total_elements.map(|x| x.to_string())),
            wall = r.wall_s,
            cpu = r.cpu_s,
            mem = r.peak_mem_mb,
            dm = esc(&r.data_model),
            reason = esc(&r.reason),
            files = files_cell(r),
        );
        if other.is_some() {
            match theirs.get(&(r.task.as_str(), r.tool.as_str())) {
                Some(o) => {
                    let _ = write!(
                        h,
                        "<td class=\"v-{0}\">{0}</td><td class=\"num\">{1:.2}</td>",
                        o.verdict.as_str(),
                        o.wall_s
                    );
                }
                None => h.push_str("<td></td><td class=\"num\"></td>"),
            }
        }
        h.push_str("</tr>\n");
    }
    let _ = write!(
        h,
        "</tbody></table>\n<script>{SCRIPT}</script>\n</body></html>\n"
    );
    h
}

/// The plots, each in a figure with its caption.
fn plots(res: &Results, other: Option<(&Results, &str)>) -> String {
    let mut runs = vec![("this", res)];
    if let Some((o, name)) = other {
        runs.push((name, o));
    }
    let mut h = String::from("<h2>Plots</h2>\n<div id=\"plots\">\n");
    for time in [Time::Cpu, Time::Wall] {
        let series = plot::quantile_series(&runs, time);
        let _ = writeln!(
            h,
            "<figure>{}<figcaption>Quantile plot: each tool's correct answers sorted by {} time; the n-th point is the n-th fastest. Further right is more answers, lower is faster.</figcaption></figure>",
            plot::quantile_svg(&series, time),
            if time == Time::Cpu { "CPU" } else { "wall" }
        );
    }
    for s in plot::scatters(res, other, Time::Cpu) {
        let _ = writeln!(
            h,
            "<figure>{}<figcaption>{} against {}, task by task (CPU time): below the diagonal {} was faster. Hover a point for its task.</figcaption></figure>",
            plot::scatter_svg(&s, Time::Cpu),
            esc(&s.y_name),
            esc(&s.x_name),
            esc(&s.y_name)
        );
    }
    h.push_str("</div>\n");
    h
}

/// Links to the row's log, witness (with `ara validate`'s answer when there is one) and trace.
fn files_cell(r: &Row) -> String {
    let mut links = Vec::new();
    for (what, path) in [
        ("log", &r.log),
        ("witness", &r.witness),
        ("trace", &r.trace),
    ] {
        if !path.is_empty() {
            links.push(format!("<a href=\"{}\">{what}</a>", esc(path)));
        }
    }
    if !r.witness_check.is_empty() {
        links.push(format!("(witness {})", esc(&r.witness_check)));
    }
    links.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::batch::report::{Row, Verdict};

    #[test]
    fn escapes_and_colours() {
        let rows = vec![Row::not_run(
            "<x>.yml",
            "ara",
            "unreach-call",
            Some(false),
            Verdict::True,
            "a & b".into(),
        )];
        let res = Results::new(vec!["ara batch x".into()], Default::default(), rows);
        let p = page(&res, None);
        assert!(p.contains("&lt;x&gt;.yml"));
        assert!(p.contains("a &amp; b"));
        assert!(p.contains("class=\"c-wrong\">wrong"));
        assert!(!p.contains("src=\"http") && !p.contains("href=\"http"));
    }

    /// The page of a run with a baseline, compared with another run: the quantile plots
    /// (CPU and wall), a scatter plot against the baseline and one against the other run,
    /// and each row's links.
    #[test]
    fn the_page_has_the_plots_and_links_each_rows_files() {
        let mut ara = Row::not_run(
            "t/a.yml",
            "ara",
            "p",
            Some(false),
            Verdict::False,
            "".into(),
        );
        ara.log = "logs/t_a.ara.log".into();
        ara.witness = "witnesses/t_a.yml".into();
        ara.witness_check = "confirmed".into();
        ara.trace = "traces/t_a.json".into();
        ara.cpu_s = 1.0;
        let mut esbmc = Row::not_run(
            "t/a.yml",
            "esbmc",
            "p",
            Some(false),
            Verdict::Timeout,
            "".into(),
        );
        esbmc.log = "logs/t_a.esbmc.log".into();
        esbmc.cpu_s = 10.0;
        let res = Results::new(vec![], Default::default(), vec![ara, esbmc]);
        let p = page(&res, Some((&res, "old")));
        assert_eq!(p.matches("<svg").count(), 4, "2 quantile + 2 scatter plots");
        assert_eq!(p.matches("<figcaption>").count(), 4);
        assert!(p.contains(">ara against esbmc, task by task"));
        assert!(p.contains(">ara against ara (old), task by task"));
        // The quantile plots show this run's tools and the other's (dashed).
        assert!(p.contains("data-tool=\"ara (old)\""));
        assert!(p.contains("stroke-dasharray=\"6 3\""));
        assert!(p.contains(
            "<td class=\"files\"><a href=\"logs/t_a.ara.log\">log</a> <a href=\"witnesses/t_a.yml\">witness</a> <a href=\"traces/t_a.json\">trace</a> (witness confirmed)</td>"
        ), "{p}");
        assert!(p.contains("<td class=\"files\"><a href=\"logs/t_a.esbmc.log\">log</a></td>"));
        assert!(!p.contains("src=\"http") && !p.contains("href=\"http"));
    }
}
