//! Progress of a long `ara check` on a terminal: which parts and engines are running, and
//! the best answer so far, as one line on standard error that updates and is cleared at the
//! end.
//!
//! Takes reports from anywhere in ara (a low layer, beside `tools`: engines, the refinement
//! loop and the portfolio call it, it calls none of them): [`begin`] a part or engine (an
//! [`Activity`] that ends when dropped), [`detail`] what a part is at (`iteration 3`), and
//! [`answer`] what one found ([`Lead`]: an unknown, a counterexample still to confirm, a
//! proof, a confirmed error run). Gives the line, drawn only while a [`Shown`] exists, which
//! [`show_on_terminal`] makes only when standard error is a terminal: runs under tests,
//! `ara batch`, pipes and files see nothing. When nothing is shown every report is one atomic
//! load, so the hooks cost nothing.
//!
//! The line is information, never the verdict: "proof by spacer" there means an engine
//! answered; the verdict is what the report says at the end.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How far an answer goes, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lead {
    /// An engine gave up (a time limit, a bound, an unknown).
    Unknown,
    /// A counterexample, to be confirmed on the original program.
    Counterexample,
    /// An engine's proof.
    Proof,
    /// A run of the original program reached the error.
    Confirmed,
}

/// What the line shows.
#[derive(Debug, Default)]
pub struct State {
    next: u64,
    /// The running parts and engines, in the order they began.
    running: Vec<Running>,
    /// The best answer so far (the latest of equal ones).
    best: Option<(Lead, String)>,
}

#[derive(Debug)]
struct Running {
    id: u64,
    /// The activity it runs within (0: none).
    parent: u64,
    name: String,
    detail: Option<String>,
}

impl State {
    /// `name` began within `parent` (0: at the top).
    pub fn start(&mut self, name: &str, parent: u64) -> u64 {
        self.next += 1;
        self.running.push(Running {
            id: self.next,
            parent,
            name: name.to_string(),
            detail: None,
        });
        self.next
    }

    pub fn end(&mut self, id: u64) {
        self.running.retain(|r| r.id != id);
    }

    /// Sets the detail of the running activities named `name`.
    pub fn detail(&mut self, name: &str, detail: &str) {
        for r in self.running.iter_mut().filter(|r| r.name == name) {
            r.detail = Some(detail.to_string());
        }
    }

    pub fn answer(&mut self, lead: Lead, text: &str) {
        if self.best.as_ref().is_none_or(|(l, _)| lead >= *l) {
            self.best = Some((lead, text.to_string()));
        }
    }

    /// The activities within `parent`, each with its own: `a (detail: b, c ×2), d`. An
    /// activity whose parent ended shows at the top.
    fn within(&self, parent: u64) -> String {
        let top = |r: &Running| r.parent == 0 || !self.running.iter().any(|p| p.id == r.parent);
        let mut shown: Vec<(String, usize)> = Vec::new();
        for r in &self.running {
            let here = if parent == 0 {
                top(r)
            } else {
                r.parent == parent
            };
            if !here {
                continue;
            }
            let inner = self.within(r.id);
            let text = match (&r.detail, inner.is_empty()) {
                (Some(d), true) => format!("{} ({d})", r.name),
                (Some(d), false) => format!("{} ({d}: {inner})", r.name),
                (None, true) => r.name.clone(),
                (None, false) => format!("{} ({inner})", r.name),
            };
            match shown.iter_mut().find(|(s, _)| *s == text) {
                Some((_, c)) => *c += 1,
                None => shown.push((text, 1)),
            }
        }
        let parts: Vec<String> = shown
            .into_iter()
            .map(|(s, c)| if c > 1 { format!("{s} ×{c}") } else { s })
            .collect();
        parts.join(", ")
    }

    /// The line: `so far: ... · running: a (detail: b, c), d ×2` (the best answer first: a
    /// narrow terminal cuts the end; engines inside the part that started them).
    pub fn line(&self) -> String {
        let best = match &self.best {
            Some((_, t)) => t.as_str(),
            None => "no answer yet",
        };
        let running = self.within(0);
        format!(
            "so far: {best} · running: {}",
            if running.is_empty() { "-" } else { &running }
        )
    }
}

thread_local! {
    /// The innermost activity begun on this thread (or inherited from the thread that
    /// started it, [`adopt`]); 0 for none.
    static CURRENT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// This thread's innermost activity: what a thread it starts runs within.
pub fn current() -> u64 {
    CURRENT.with(|c| c.get())
}

/// Runs this (new) thread's activities within `parent` (from [`current`] of the thread that
/// started it; `tools::spawn_deep` does this for every thread it starts).
pub fn adopt(parent: u64) {
    CURRENT.with(|c| c.set(parent));
}

static ON: AtomicBool = AtomicBool::new(false);
static STATE: Mutex<State> = Mutex::new(State {
    next: 0,
    running: Vec::new(),
    best: None,
});
static BAR: Mutex<Option<indicatif::ProgressBar>> = Mutex::new(None);

/// Applies `f` to the state and redraws, when the line is shown.
fn update(f: impl FnOnce(&mut State) -> u64) -> u64 {
    if !ON.load(Ordering::Relaxed) {
        return 0;
    }
    let (id, line) = match STATE.lock() {
        Ok(mut s) => (f(&mut s), s.line()),
        Err(_) => return 0,
    };
    if let Ok(bar) = BAR.lock()
        && let Some(b) = bar.as_ref()
    {
        b.set_message(line);
    }
    id
}

/// A running part or engine; it ends when dropped (on the thread that began it).
#[must_use = "the activity ends when dropped"]
pub struct Activity {
    id: u64,
    /// The thread's innermost activity before this one.
    outer: u64,
}

impl Drop for Activity {
    fn drop(&mut self) {
        if self.id != 0 {
            let id = self.id;
            update(|s| {
                s.end(id);
                0
            });
            adopt(self.outer);
        }
    }
}

/// `name` began (an engine's name, or a part of the portfolio: `refinement loop`), within
/// this thread's innermost activity.
pub fn begin(name: &str) -> Activity {
    let outer = current();
    let id = update(|s| s.start(name, outer));
    if id != 0 {
        adopt(id);
    }
    Activity { id, outer }
}

/// What the running activities named `name` are at.
pub fn detail(name: &str, detail: &str) {
    update(|s| {
        s.detail(name, detail);
        0
    });
}

/// Something answered; the line keeps the best.
pub fn answer(lead: Lead, text: &str) {
    update(|s| {
        s.answer(lead, text);
        0
    });
}

/// The line on screen; cleared when dropped.
pub struct Shown(());

impl Drop for Shown {
    fn drop(&mut self) {
        ON.store(false, Ordering::Relaxed);
        if let Ok(mut bar) = BAR.lock()
            && let Some(b) = bar.take()
        {
            b.finish_and_clear();
        }
        if let Ok(mut s) = STATE.lock() {
            *s = State::default();
        }
    }
}

/// Shows the line while the result lives, when standard error is a terminal (else `None`,
/// and nothing is ever drawn).
pub fn show_on_terminal() -> Option<Shown> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} ara {elapsed} {wide_msg}")
    {
        bar.set_style(style);
    }
    bar.set_message(State::default().line());
    bar.enable_steady_tick(Duration::from_millis(250));
    if let Ok(mut b) = BAR.lock() {
        *b = Some(bar);
    }
    ON.store(true, Ordering::Relaxed);
    Some(Shown(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_running_parts_and_the_best_answer() {
        let mut s = State::default();
        assert_eq!(s.line(), "so far: no answer yet · running: -");
        let cegar = s.start("refinement loop", 0);
        let e1 = s.start("esbmc", cegar);
        let e2 = s.start("esbmc", 0);
        s.start("spacer", 0);
        s.detail("refinement loop", "iteration 2");
        s.answer(Lead::Unknown, "esbmc: unknown (bound 8)");
        assert_eq!(
            s.line(),
            "so far: esbmc: unknown (bound 8) · running: refinement loop (iteration 2: esbmc), esbmc, spacer"
        );
        let bugs = s.start("bug search", 0);
        s.start("spacer-cells", bugs);
        s.start("spacer-cells", bugs);
        assert!(
            s.line().ends_with(", spacer, bug search (spacer-cells ×2)"),
            "{}",
            s.line()
        );
        s.end(bugs);
        // Orphans show at the top.
        assert!(
            s.line().ends_with(", spacer, spacer-cells ×2"),
            "{}",
            s.line()
        );
        s.answer(
            Lead::Counterexample,
            "a counterexample from esbmc, confirming",
        );
        // A worse answer does not replace a better one.
        s.answer(Lead::Unknown, "spacer: unknown (timeout)");
        s.end(e1);
        s.end(e2);
        s.end(cegar);
        assert_eq!(
            s.line(),
            "so far: a counterexample from esbmc, confirming · running: spacer, spacer-cells ×2"
        );
        s.answer(Lead::Confirmed, "UNSAFE: a run reaches the error");
        s.running.clear();
        assert!(
            s.line()
                .starts_with("so far: UNSAFE: a run reaches the error · ")
        );
    }

    /// Nothing is shown in tests (standard error is not a terminal there, or no `Shown`
    /// exists): reports do nothing.
    #[test]
    fn reports_without_the_line_do_nothing() {
        let a = begin("esbmc");
        assert_eq!((a.id, current()), (0, 0));
        answer(Lead::Proof, "proof by esbmc");
        drop(a);
    }
}
