//! The playback harness of a confirmed run, from the original file: the inputs of
//! `__VERIFIER_nondet_*` calls in call order (with their types), what the run read that no
//! call gave, and the functions the harness must define ([`engines::concrete::playback`] writes and
//! runs it).
//!
//! Takes the program, its file and error functions ([`SourceOptions`]), and a confirmed run
//! (its nondet values in the order read, the initial values of uninitialised locals); gives a
//! [`Harness`] or why there is none. Which source call read each value comes from one more
//! run of the program as ara's replay compiles it, with markers ([`super::run`], fed in
//! order): a read at a `__VERIFIER_nondet_*` call of the file ([`Sites`]) is a harness input;
//! a read at none (the fresh value of a local declared in a loop or an inlined function, a
//! library function's result) and every initial value of an uninitialised local the run read
//! is a value the harness cannot set (listed in [`Harness::unset`]). That labelling run only
//! decides which values go into the harness: what the harness proves is decided by the user's
//! file compiled with it (`engines::concrete::playback`, soundness there).
//!
//! [`engines::concrete::playback`]: crate::engines::concrete::playback

use super::locals;
use super::run::{InputPlan, Read, RunEnding, run_original};
use super::sites::Sites;
use super::source::SourceText;
use super::writer_points;
use crate::engines::concrete::ConcreteTrace;
use crate::engines::concrete::playback::{
    Decision, Harness, SourceFacts, SourceOptions, decide, run_on_source, stubs_for,
};
use crate::engines::smt::Model;
use crate::ir::inline::Frames;
use crate::ir::{IntType, Program, Span, StmtKind, Vertex};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

/// The functions the file calls or declares, and those it defines with the calls in their
/// bodies.
pub fn source_facts(src: &SourceText) -> SourceFacts {
    let calls_on = |l: u32| -> Vec<String> {
        src.calls_on(l, &|_| true)
            .into_iter()
            .map(|c| c.name)
            .collect()
    };
    let mut facts = SourceFacts::default();
    for l in 1..=src.num_lines() {
        facts.mentioned.extend(calls_on(l));
    }
    for (name, lines) in src.function_lines() {
        let body: BTreeSet<String> = lines.flat_map(calls_on).collect();
        facts.defined.entry(name).or_default().extend(body);
    }
    for (name, body) in src.function_texts() {
        let start = crate::frontend::source::body_start(body);
        facts.starts.entry(name).or_insert(start);
    }
    facts
}

/// The harness of the run of `p` on `nondets` (in the order read) from `initial` (zero
/// elsewhere), or why there is none. Runs gcc and ara's translation in `dir`. `frames`: the
/// activations of `p` when it is an inlining of procedures (`ir::inline::Frames`; reads in
/// two activations are never one expression's, though their statements share a span).
pub fn harness_for(
    p: &Program,
    opts: &SourceOptions,
    nondets: &[i128],
    initial: &Model,
    dir: &Path,
    timeout: Duration,
    frames: Option<&Frames>,
) -> Result<Harness, String> {
    let src = SourceText::read(&opts.file)?;
    let stubs = stubs_for(&source_facts(&src), opts)?;
    let sites = Sites::of(p, &src);
    let points = writer_points(p);
    let plan = InputPlan::InOrder(nondets.to_vec());
    let record = run_original(p, &sites, &plan, initial, &points, dir, timeout)?;
    if !matches!(record.ending, RunEnding::Reached(_)) {
        return Err(format!(
            "the run of ara's translation that places the inputs at their calls does not \
             reach the error ({:?})",
            record.ending
        ));
    }
    if record.reads_not_listed > 0 {
        return Err(format!(
            "the run reads more than {} inputs",
            super::run::MAX_LOGGED
        ));
    }
    let spans = vertex_spans(p);
    let line = |v: Vertex| spans.get(&v).map_or(0, |s| s.line);
    let mut inputs = vec![];
    let mut unset = BTreeSet::new();
    for (k, read) in record.reads.iter().enumerate() {
        match sites.call_of(read.vertex, read.index) {
            Some(site) => inputs.push((site.ty, read.value)),
            None => {
                // A call's argument of an inlined function, placed at no call by `Sites`: in
                // the queue when its line calls a nondet function of its type (the harness is
                // then not exact: the placement is a guess).
                if let Some(ty) = call_on_line(&src, &sites, read, line(read.vertex)) {
                    inputs.push((ty, read.value));
                }
                unset.insert(format!(
                    "a value read at line {} that is not placed at a __VERIFIER_nondet call \
                     (a local declared without initialiser in a loop or a function, a call's \
                     argument, or a library function's result)",
                    line(read.vertex)
                ));
            }
        }
        let prev = k.checked_sub(1).map(|j| &record.reads[j]);
        let one_activation = |a: &Read| frames.is_none_or(|f| f.of(a.vertex) == f.of(read.vertex));
        if prev.is_some_and(|a| one_activation(a) && unordered(&spans, a, read)) {
            unset.insert(format!(
                "the order of the nondet calls of one expression at line {} (C leaves it \
                 unspecified: gcc may make them in another order than ara)",
                line(read.vertex)
            ));
        }
    }
    for &(place, _) in &record.locals.initial_reads {
        let name = locals::place_text(p, place).unwrap_or_else(|| format!("{place:?}"));
        unset.insert(format!(
            "the initial value of the uninitialised local {name}"
        ));
    }
    if !record.locals.complete {
        unset.insert("uninitialised locals ara could not follow in this run".into());
    }
    Ok(Harness {
        file: opts.file.display().to_string(),
        data_model: p.data_model,
        inputs,
        stubs,
        unset: unset.into_iter().collect(),
    })
}

/// The type of a nondet `read` placed at no call, when line `line` of the file calls a nondet
/// function of that type.
fn call_on_line(src: &SourceText, sites: &Sites, read: &Read, line: u32) -> Option<IntType> {
    let ty = sites.nondets.get(&read.vertex)?.get(read.index)?.0;
    let of_type = |n: &str| IntType::from_nondet_fn(n) == Some(ty);
    let on_line = src
        .physical_lines(line)
        .into_iter()
        .any(|l| !src.calls_on(l, &of_type).is_empty());
    on_line.then_some(ty)
}

/// The span of each vertex's statement.
fn vertex_spans(p: &Program) -> BTreeMap<Vertex, Span> {
    let mut out = BTreeMap::new();
    p.visit_stmts(&mut |s| {
        if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
            out.insert(s.id, s.span);
        }
    });
    out
}

/// Whether two consecutive reads are nondets of one evaluation of one source expression (a
/// later nondet of the same statement, or the next statement made of the same expression, as
/// the arguments of an inlined call): C does not order them, so the harness's queue may feed
/// them in another order than ara's translation read them.
fn unordered(spans: &BTreeMap<Vertex, Span>, prev: &Read, next: &Read) -> bool {
    if prev.vertex == next.vertex {
        return next.index > prev.index;
    }
    matches!((spans.get(&prev.vertex), spans.get(&next.vertex)), (Some(a), Some(b)) if a == b)
}

/// Replays the confirmed `trace` of `p` on the user's file (module doc of
/// `engines::concrete::playback`: what each outcome means), in `dir`, before `deadline`.
pub fn confirm_on_source(
    p: &Program,
    opts: &SourceOptions,
    trace: &ConcreteTrace,
    dir: &Path,
    deadline: Instant,
) -> Decision {
    let left = || deadline.saturating_duration_since(Instant::now());
    let h = match harness_for(
        p,
        opts,
        &trace.nondet_values,
        &trace.initial_values,
        dir,
        left(),
        None,
    ) {
        Ok(h) => h,
        Err(why) => return Decision::OnTranslation { why },
    };
    if left().is_zero() {
        return Decision::OnTranslation {
            why: "no time left to replay on the source".into(),
        };
    }
    decide(h.exact(), &run_on_source(&h, dir, left()))
}

/// `ara check --playback FILE`: the harness of the confirmed `trace` of `p` written to `out`
/// (`gcc <file> <out> && ./a.out` reaches the error); gives the notes for the user (what the
/// harness cannot set), or why there is no harness. `frames`: as for [`harness_for`].
pub fn write_playback(
    p: &Program,
    opts: &SourceOptions,
    trace: &ConcreteTrace,
    out: &Path,
    timeout: Duration,
    frames: Option<&Frames>,
) -> Result<Vec<String>, String> {
    let tmp = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let h = harness_for(
        p,
        opts,
        &trace.nondet_values,
        &trace.initial_values,
        tmp.path(),
        timeout,
        frames,
    )?;
    std::fs::write(out, h.text(&out.display().to_string()))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut notes = vec![format!(
        "playback harness written to {}: gcc{} {} {} && ./a.out",
        out.display(),
        if p.data_model == crate::ir::DataModel::Ilp32 {
            " -m32"
        } else {
            ""
        },
        opts.file.display(),
        out.display()
    )];
    notes.extend(
        h.unset
            .iter()
            .map(|u| format!("not set exactly by the harness (the error may not be reached): {u}")),
    );
    // The harness is written, not shown to work: say so when gcc never ran the source with it.
    if let Some(why) = &trace.not_on_source {
        notes.push(format!(
            "the harness was not run on your source here ({why}): the run was confirmed by \
             ara's replay of its translation only"
        ));
    }
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_of_a_file() {
        let src = SourceText::new(
            "t.c",
            "extern unsigned char __VERIFIER_nondet_uchar(void);\n\
             void reach_error() { __assert_fail(\"0\", \"t.c\", 2, \"reach_error\"); }\n\
             void __VERIFIER_assert(int c) {\n  if (!c) { ERROR: reach_error(); }\n}\n\
             int main() { unsigned char x = __VERIFIER_nondet_uchar(); \
             __VERIFIER_assert(x != 7); }\n"
                .to_string(),
        );
        let f = source_facts(&src);
        assert!(f.mentioned.contains("__VERIFIER_nondet_uchar"));
        assert!(f.defined["reach_error"].contains("__assert_fail"));
        assert!(f.defined["__VERIFIER_assert"].contains("reach_error"));
        assert!(f.defined.contains_key("main"));
        assert!(!f.defined.contains_key("__VERIFIER_nondet_uchar"));
    }
}
