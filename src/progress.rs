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
    /// The running parts and engines, in the order they began: id, name, detail.
    running: Vec<(u64, String, Option<String>)>,
    /// The best answer so far (the latest of equal ones).
    best: Option<(Lead, String)>,
}

impl State {
    pub fn start(&mut self, name: &str) -> u64 {
        self.next += 1;
        self.running.push((self.next, name.to_string(), None));
        self.next
    }

    pub fn end(&mut self, id: u64) {
        self.running.retain(|(k, _, _)| *k != id);
    }

    /// Sets the detail of the running activities named `name`.
    pub fn detail(&mut self, name: &str, detail: &str) {
        for (_, _, d) in self.running.iter_mut().filter(|(_, n, _)| n == name) {
            *d = Some(detail.to_string());
        }
    }

    pub fn answer(&mut self, lead: Lead, text: &str) {
        if self.best.as_ref().is_none_or(|(l, _)| lead >= *l) {
            self.best = Some((lead, text.to_string()));
        }
    }

    /// The line: `so far: ... · running: a, b (detail), c ×2` (the best answer first: a
    /// narrow terminal cuts the end).
    pub fn line(&self) -> String {
        let mut names: Vec<(String, usize)> = Vec::new();
        for (_, n, d) in &self.running {
            let shown = match d {
                Some(d) => format!("{n} ({d})"),
                None => n.clone(),
            };
            match names.iter_mut().find(|(s, _)| *s == shown) {
                Some((_, c)) => *c += 1,
                None => names.push((shown, 1)),
            }
        }
        let running: Vec<String> = names
            .into_iter()
            .map(|(s, c)| if c > 1 { format!("{s} ×{c}") } else { s })
            .collect();
        let best = match &self.best {
            Some((_, t)) => t.as_str(),
            None => "no answer yet",
        };
        format!(
            "so far: {best} · running: {}",
            if running.is_empty() {
                "-".to_string()
            } else {
                running.join(", ")
            }
        )
    }
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

/// A running part or engine; it ends when dropped.
#[must_use = "the activity ends when dropped"]
pub struct Activity(u64);

impl Drop for Activity {
    fn drop(&mut self) {
        if self.0 != 0 {
            let id = self.0;
            update(|s| {
                s.end(id);
                0
            });
        }
    }
}

/// `name` began (an engine's name, or a part of the portfolio: `refinement loop`).
pub fn begin(name: &str) -> Activity {
    Activity(update(|s| s.start(name)))
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
        let cegar = s.start("refinement loop");
        let e1 = s.start("esbmc");
        let e2 = s.start("esbmc");
        s.start("spacer");
        s.detail("refinement loop", "iteration 2");
        s.answer(Lead::Unknown, "esbmc: unknown (bound 8)");
        assert_eq!(
            s.line(),
            "so far: esbmc: unknown (bound 8) · running: refinement loop (iteration 2), esbmc ×2, spacer"
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
            "so far: a counterexample from esbmc, confirming · running: spacer"
        );
        s.answer(Lead::Confirmed, "UNSAFE: a run reaches the error");
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
        assert_eq!(a.0, 0);
        answer(Lead::Proof, "proof by esbmc");
        drop(a);
    }
}
