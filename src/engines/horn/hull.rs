//! Equalities among several scalars fitted to observed states: the affine hull of the states
//! at a loop head, over a few variables at a time, also per class of states.
//!
//! Takes the scalar observables of a program (terms over the predicates' parameters, with
//! the guard an element of a small array needs) with their values in the states observed at
//! each cut point ([`super::observe`]), and the program's moduli; gives candidate facts
//! (Bool terms) for [`super::guess`]:
//! - for every set `S` of at most [`MAX_LINEAR`] observables, the linear equalities
//!   `Σ c_x·x = c` that every observed state at one cut point satisfies and that name every
//!   member of `S` (`pos + neg == i` of two complementary counts; `pos + neg + i == N - 1`
//!   of the same loop counting down);
//! - for every set of at most [`MAX_QUADRATIC`] observables and each member `s` of it, the
//!   equalities of `s` with a polynomial of degree 2 in the others (`2·cnt == i·i - i + 2·j`
//!   in a triangular double loop; `i·m + j == k` of a flattened index);
//! - the same per *class* of states where the whole set has none: `x mod k = r` and
//!   `x mod k = r ∧ y mod k = r'` for the moduli `k` of the program and members `x`, `y` of
//!   `S`, and `x <= y`, `x > y`, `x < y`, `x >= y` (a sum of elements `3, 1, 3, 1, …` taken
//!   counting down is `s == 2·N - 2·i - 1` when `i` and `N` are odd; a count over a lower
//!   triangle is `2·cnt == i·i - i + 2·j` while `j <= i`), as `class ⇒ equality`. An
//!   equality must name every member of its set but, under a comparison `x R y`, one of `x`
//!   and `y` suffices (`j >= i ⇒ 2·cnt == i·i + i`; the sum of a diagonal while `j` runs,
//!   `j > i ⇒ s == i + 1` and `j <= i ⇒ s == i`);
//! - the bounds `x >= m`, `x <= M` of each variable at a cut point whose least (greatest)
//!   value there is the same in every run (`i >= -1` after a loop counting down to 0).
//!
//! A set's equalities are the null space of its matrix of observed values (one row per
//! distinct state, one column per monomial and one for the constant), computed exactly over
//! the integers; only a matrix with at least two rows more than the null space needs
//! (`rows >= columns + 1`) gives any, so that a handful of states does not fit everything.
//!
//! ## What was measured (release build, `--engine horn-cells`, load 30 to 50 on 2 cores)
//!
//! `bench-suite/everyn`: `acc_sign_for_vla` (`pos + neg == i`), `acc_sign_down_global`
//! (`pos + neg + i == N - 1` with `i >= -1`) and `acc_mod_pair_down_global` (the class
//! equalities of `s`, `i` and `N` modulo 2) SAFE by the guessed candidates in 11 to 24 s,
//! unknown before (Houdini too weak: the equalities and `i >= -1` were no candidates).
//!
//! ## Soundness: candidates are only leads
//!
//! As for every guessed candidate: the observations come from an interpreter that is not C
//! to the bit, and an equality of a few states need not hold in every run. Houdini keeps
//! the subset that makes every integer clause valid, and only ara's own check of every
//! bit-vector clause ([`super::certify`]: products and `mod` by a positive constant are
//! exact in its translation) makes an answer SAFE. A wrong candidate costs time, never a
//! verdict.

use super::observe::Observation;
use crate::engines::smt::encode::int_lit as lit;
use crate::ir::Vertex;
use std::collections::{BTreeMap, BTreeSet};

/// A scalar observable: its term (`p3`), the guard it needs (`(= p7 0)` for the element of
/// a one-element array held in a cell), and whether it is a variable (only variables name a
/// class).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Column {
    pub term: String,
    pub guard: Option<String>,
    pub var: bool,
}

/// The largest set of observables of a linear equality (`pos + neg + i == N - 1`).
pub(super) const MAX_LINEAR: usize = 4;

/// The largest set of observables of a quadratic equality (`2·cnt == i·i - i + 2·j`).
pub(super) const MAX_QUADRATIC: usize = 3;

/// The largest coefficient of a monomial in an equality that leaves a member of its class
/// unnamed ([`fit`]).
const MAX_SPARE_COEF: i128 = 3;

/// States per cut point at most (distinct ones, spread over the runs).
const MAX_ROWS: usize = 400;

/// A fit's elimination runs on this many points per monomial (plus a few), spread over the
/// states; its equalities are then checked on all of them.
const SAMPLE_FACTOR: usize = 3;

/// Observables considered per cut point at most (those that vary first).
const MAX_COLUMNS: usize = 8;

/// The candidates of the observables `cols` whose values in observation `o` are
/// `value(o, k)` (column `k`), over the observations `obs`, for the moduli `moduli`.
pub(super) fn candidates(
    cols: &[Column],
    obs: &[Observation],
    value: &dyn Fn(&Observation, usize) -> Option<i128>,
    moduli: &BTreeSet<i128>,
) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let vertices: BTreeSet<Vertex> = obs.iter().map(|o| o.vertex).collect();
    for v in vertices {
        let rows: Vec<Vec<Option<i128>>> = obs
            .iter()
            .filter(|o| o.vertex == v)
            .map(|o| (0..cols.len()).map(|k| value(o, k)).collect())
            .collect();
        at_vertex(cols, &rows, moduli, &mut out);
        steady_bounds(cols, obs, v, value, &mut out);
    }
    out
}

/// `x >= m` and `x <= M` for each variable `x` among `cols` whose least (greatest) value at
/// `v` is `m` (`M`) in every run, two runs at least: the end of a loop counting down,
/// `i >= -1`, which no constant of the program names.
fn steady_bounds(
    cols: &[Column],
    obs: &[Observation],
    v: Vertex,
    value: &dyn Fn(&Observation, usize) -> Option<i128>,
    out: &mut BTreeSet<String>,
) {
    for (k, c) in cols.iter().enumerate().filter(|(_, c)| c.var) {
        let mut ext: BTreeMap<usize, (i128, i128)> = BTreeMap::new();
        for o in obs.iter().filter(|o| o.vertex == v) {
            if let Some(x) = value(o, k) {
                let e = ext.entry(o.run).or_insert((x, x));
                *e = (e.0.min(x), e.1.max(x));
            }
        }
        let all: Vec<(i128, i128)> = ext.into_values().collect();
        let Some(&(lo, hi)) = all.first().filter(|_| all.len() >= 2) else {
            continue;
        };
        if all.iter().all(|e| e.0 == lo) {
            out.insert(format!("(>= {} {})", c.term, lit(lo)));
        }
        if all.iter().all(|e| e.1 == hi) {
            out.insert(format!("(<= {} {})", c.term, lit(hi)));
        }
    }
}

/// The candidates fitted to the states `rows` of one cut point.
fn at_vertex(
    cols: &[Column],
    rows: &[Vec<Option<i128>>],
    moduli: &BTreeSet<i128>,
    out: &mut BTreeSet<String>,
) {
    // The observables defined in every state, those that vary first; at most MAX_COLUMNS.
    let mut known: Vec<usize> = (0..cols.len())
        .filter(|&k| rows.iter().all(|r| r[k].is_some()))
        .collect();
    let varies = |k: &usize| {
        let first = rows.first().and_then(|r| r[*k]);
        rows.iter().any(|r| r[*k] != first)
    };
    known.sort_by_key(|k| !varies(k));
    known.truncate(MAX_COLUMNS);
    // At most one guarded observable per fact (one cell per array).
    for set in subsets(&known, MAX_LINEAR) {
        if set.iter().filter(|&&k| cols[k].guard.is_some()).count() > 1 {
            continue;
        }
        let pts = |keep: &dyn Fn(&[i128]) -> bool| -> Vec<Vec<i128>> { points(rows, &set, keep) };
        let all = pts(&|_| true);
        let mut found = fit(&set, &all, None, &[]);
        if found.is_empty() && set.len() <= MAX_QUADRATIC {
            for target in 0..set.len() {
                found.extend(fit(&set, &all, Some(target), &[]));
            }
        }
        if !found.is_empty() {
            emit(cols, &set, None, found, out);
            continue;
        }
        for (class, keep, spare) in classes(cols, &set, moduli) {
            let these = pts(&*keep);
            let mut found = fit(&set, &these, None, &spare);
            if found.is_empty() && set.len() <= MAX_QUADRATIC {
                for target in 0..set.len() {
                    found.extend(fit(&set, &these, Some(target), &spare));
                }
            }
            emit(cols, &set, Some(&class), found, out);
        }
    }
}

/// The subsets of `xs` of 1 to `max` members (in order).
fn subsets(xs: &[usize], max: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![vec![]];
    for &x in xs {
        let more: Vec<Vec<usize>> = out
            .iter()
            .filter(|s| s.len() < max)
            .map(|s| [s.as_slice(), &[x]].concat())
            .collect();
        out.extend(more);
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The distinct states of `rows` restricted to the observables `set` that `keep` accepts
/// (at most [`MAX_ROWS`], spread over them).
fn points(
    rows: &[Vec<Option<i128>>],
    set: &[usize],
    keep: &dyn Fn(&[i128]) -> bool,
) -> Vec<Vec<i128>> {
    let distinct: BTreeSet<Vec<i128>> = rows
        .iter()
        .filter_map(|r| set.iter().map(|&k| r[k]).collect::<Option<Vec<i128>>>())
        .filter(|p| keep(p))
        .collect();
    let all: Vec<Vec<i128>> = distinct.into_iter().collect();
    if all.len() <= MAX_ROWS {
        return all;
    }
    (0..MAX_ROWS)
        .map(|i| all[i * (all.len() - 1) / (MAX_ROWS - 1)].clone())
        .collect()
}

/// A comparison of two values.
type Test = fn(i128, i128) -> bool;

/// A predicate on the values of a set's members.
type Keep = Box<dyn Fn(&[i128]) -> bool>;

/// A class of states: its guard, its test on a point of the set, and the positions of the
/// members an equality under it need not name (a comparison's two variables: one of them
/// suffices, `j > i ⇒ s == i + 1`).
type Class = (String, Keep, Vec<usize>);

/// The classes of states of the set `set`: residues of its variables modulo `moduli` (one
/// variable, or two), and the comparisons of two of its variables.
fn classes(cols: &[Column], set: &[usize], moduli: &BTreeSet<i128>) -> Vec<Class> {
    let vars: Vec<usize> = (0..set.len()).filter(|&i| cols[set[i]].var).collect();
    let term = |i: usize| cols[set[i]].term.clone();
    let mut out: Vec<Class> = vec![];
    for &k in moduli {
        for &x in &vars {
            for r in 0..k {
                out.push((
                    format!("(= (mod {} {k}) {r})", term(x)),
                    Box::new(move |p: &[i128]| p[x].rem_euclid(k) == r),
                    vec![],
                ));
            }
        }
        for (a, &x) in vars.iter().enumerate() {
            for &y in &vars[a + 1..] {
                for r in 0..k {
                    for q in 0..k {
                        out.push((
                            format!(
                                "(and (= (mod {} {k}) {r}) (= (mod {} {k}) {q}))",
                                term(x),
                                term(y)
                            ),
                            Box::new(move |p: &[i128]| {
                                p[x].rem_euclid(k) == r && p[y].rem_euclid(k) == q
                            }),
                            vec![],
                        ));
                    }
                }
            }
        }
    }
    for (a, &x) in vars.iter().enumerate() {
        for &y in &vars[a + 1..] {
            let tests: [(&str, Test); 4] = [
                ("<=", |a, b| a <= b),
                (">", |a, b| a > b),
                ("<", |a, b| a < b),
                (">=", |a, b| a >= b),
            ];
            for (rel, test) in tests {
                out.push((
                    format!("({rel} {} {})", term(x), term(y)),
                    Box::new(move |p: &[i128]| test(p[x], p[y])),
                    vec![x, y],
                ));
            }
        }
    }
    out
}

/// A monomial of a set's members: positions in the set (empty: the constant; one: linear;
/// two: a product).
type Monomial = Vec<usize>;

/// The monomials of an equality of the set of `n` members: linear (`target` `None`), or
/// `target` linear and every product of at most two of the others.
fn monomials(n: usize, target: Option<usize>) -> Vec<Monomial> {
    let mut out: Vec<Monomial> = (0..n).map(|i| vec![i]).collect();
    if let Some(t) = target {
        let others: Vec<usize> = (0..n).filter(|&i| i != t).collect();
        for (a, &x) in others.iter().enumerate() {
            for &y in &others[a..] {
                out.push(vec![x, y]);
            }
        }
    }
    out.push(vec![]);
    out
}

/// The equalities over the monomials of `set` (linear, or quadratic in all but `target`)
/// that every point of `pts` satisfies and that name every member (and `target` linearly),
/// but the positions `spare`, of which one named suffices: coefficient vectors over
/// [`monomials`].
fn fit(
    set: &[usize],
    pts: &[Vec<i128>],
    target: Option<usize>,
    spare: &[usize],
) -> Vec<(Vec<Monomial>, Vec<i128>)> {
    let monos = monomials(set.len(), target);
    if target.is_some() && monos.len() == set.len() + 1 {
        return vec![]; // a set of one: nothing to be quadratic in
    }
    if pts.len() < monos.len() + 1 {
        return vec![];
    }
    let row = |p: &Vec<i128>| -> Option<Vec<i128>> {
        monos
            .iter()
            .map(|m| m.iter().try_fold(1i128, |acc, &i| acc.checked_mul(p[i])))
            .collect()
    };
    let Some(matrix) = pts.iter().map(row).collect::<Option<Vec<Vec<i128>>>>() else {
        return vec![];
    };
    // The null space of a sample spread over the points, then each vector checked on all
    // of them (the elimination is the cost: every set and class of every cut point).
    let k = SAMPLE_FACTOR * monos.len() + 8;
    let sample: Vec<Vec<i128>> = if matrix.len() <= k {
        matrix.clone()
    } else {
        (0..k)
            .map(|i| matrix[i * (matrix.len() - 1) / (k - 1)].clone())
            .collect()
    };
    let Some(basis) = null_space(sample, monos.len()) else {
        return vec![];
    };
    let holds = |c: &Vec<i128>| {
        matrix.iter().all(|r| {
            r.iter()
                .zip(c)
                .try_fold(0i128, |acc, (&x, &y)| acc.checked_add(x.checked_mul(y)?))
                == Some(0)
        })
    };
    basis
        .into_iter()
        .filter(holds)
        .filter(|c| {
            let names = |i: usize| monos.iter().zip(c).any(|(m, &x)| x != 0 && m.contains(&i));
            // One of `spare` named suffices, with small coefficients (few states in a class
            // fit large ones by chance: `j > i ⇒ 11·N + s + 9·i == 111`).
            let small = c[..monos.len() - 1]
                .iter()
                .all(|x| x.abs() <= MAX_SPARE_COEF);
            let named = (0..set.len()).all(names)
                || ((0..set.len()).all(|i| spare.contains(&i) || names(i))
                    && spare.iter().any(|&i| names(i))
                    && small);
            named
                && target.is_none_or(|t| c[t] != 0)
                // Quadratic only where a product is needed.
                && (target.is_none() || c[set.len()..monos.len() - 1].iter().any(|&x| x != 0))
        })
        .map(|c| (monos.clone(), c))
        .collect()
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// `v` divided by the gcd of its entries, its first non-zero entry positive.
fn primitive(mut v: Vec<i128>) -> Vec<i128> {
    let g = v.iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        v.iter_mut().for_each(|x| *x /= g);
    }
    if v.iter().find(|&&x| x != 0).is_some_and(|&x| x < 0) {
        v.iter_mut().for_each(|x| *x = -*x);
    }
    v
}

/// A basis of the integer vectors `c` with `row · c = 0` for every row of `m` (`n`
/// columns), by fraction-free elimination; `None` on an overflow.
fn null_space(mut m: Vec<Vec<i128>>, n: usize) -> Option<Vec<Vec<i128>>> {
    let mut pivots: Vec<usize> = vec![];
    let mut rank = 0;
    for col in 0..n {
        let Some(r) = (rank..m.len()).find(|&r| m[r][col] != 0) else {
            continue;
        };
        m.swap(rank, r);
        let piv = m[rank].clone();
        for (k, row) in m.iter_mut().enumerate() {
            if k == rank || row[col] == 0 {
                continue;
            }
            let f = row[col];
            for (x, &p) in row.iter_mut().zip(&piv) {
                *x = x.checked_mul(piv[col])?.checked_sub(p.checked_mul(f)?)?;
            }
            *row = primitive(std::mem::take(row));
        }
        pivots.push(col);
        rank += 1;
        if rank == m.len() {
            break;
        }
    }
    let mut out = vec![];
    for free in (0..n).filter(|c| !pivots.contains(c)) {
        // x[free] = L, x[pivot p of row r] = -m[r][free]·L / m[r][p], L the lcm of pivots.
        let mut l: i128 = 1;
        for (r, &p) in pivots.iter().enumerate() {
            let d = m[r][p].abs();
            l = (l / gcd(l, d)).checked_mul(d)?;
        }
        let mut x = vec![0i128; n];
        x[free] = l;
        for (r, &p) in pivots.iter().enumerate() {
            x[p] = -(m[r][free].checked_mul(l / m[r][p])?);
        }
        out.push(primitive(x));
    }
    Some(out)
}

/// The facts `guard ⇒ Σ c·m = 0` of `found` for the set `set`, under `class` if any.
fn emit(
    cols: &[Column],
    set: &[usize],
    class: Option<&str>,
    found: Vec<(Vec<Monomial>, Vec<i128>)>,
    out: &mut BTreeSet<String>,
) {
    let guard = set.iter().find_map(|&k| cols[k].guard.clone());
    for (monos, c) in found {
        let eq = equation(&monos, &c, &|i| cols[set[i]].term.clone());
        let premise: Vec<String> = guard
            .iter()
            .cloned()
            .chain(class.map(String::from))
            .collect();
        out.insert(match premise.as_slice() {
            [] => eq,
            [g] => format!("(=> {g} {eq})"),
            _ => format!("(=> (and {}) {eq})", premise.join(" ")),
        });
    }
}

/// `Σ c·m = 0` as `(= left right)` with the positive terms on the left.
fn equation(monos: &[Monomial], c: &[i128], term: &dyn Fn(usize) -> String) -> String {
    let (mut left, mut right) = (vec![], vec![]);
    for (m, &x) in monos.iter().zip(c) {
        if x == 0 {
            continue;
        }
        let side = if x > 0 { &mut left } else { &mut right };
        let k = x.abs();
        let factors: Vec<String> = m.iter().map(|&i| term(i)).collect();
        side.push(match (factors.len(), k) {
            (0, k) => k.to_string(),
            (1, 1) => factors[0].clone(),
            (_, 1) => format!("(* {})", factors.join(" ")),
            (_, k) => format!("(* {k} {})", factors.join(" ")),
        });
    }
    let sum = |xs: Vec<String>| match xs.len() {
        0 => "0".to_string(),
        1 => xs.into_iter().next().unwrap_or_default(),
        _ => format!("(+ {})", xs.join(" ")),
    };
    format!("(= {} {})", sum(left), sum(right))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(t: &str) -> Column {
        Column {
            term: t.into(),
            guard: None,
            var: true,
        }
    }

    fn run(cols: &[Column], rows: Vec<Vec<i128>>, moduli: &[i128]) -> BTreeSet<String> {
        let rows: Vec<Vec<Option<i128>>> = rows
            .into_iter()
            .map(|r| r.into_iter().map(Some).collect())
            .collect();
        let mut out = BTreeSet::new();
        at_vertex(cols, &rows, &moduli.iter().copied().collect(), &mut out);
        out
    }

    #[test]
    fn two_complementary_counts_add_up_to_the_index() {
        // pos + neg == i, N free; a count down: pos + neg + i == N - 1.
        let cols = [col("pos"), col("neg"), col("i"), col("n")];
        let mut rows = vec![];
        for n in [3, 5, 6] {
            let (mut pos, mut neg) = (0, 0);
            for i in 0..=n {
                rows.push(vec![pos, neg, i, n]);
                if (i * 7 + n) % 3 == 0 {
                    pos += 1
                } else {
                    neg += 1
                }
            }
        }
        let got = run(&cols, rows, &[]);
        assert!(got.contains("(= (+ pos neg) i)"), "{got:?}");
        let mut down = vec![];
        for n in [3, 5, 6] {
            let (mut pos, mut neg) = (0, 0);
            for i in (-1..n).rev() {
                down.push(vec![pos, neg, i, n]);
                if (i * 7 + n) % 3 == 0 {
                    pos += 1
                } else {
                    neg += 1
                }
            }
        }
        let got = run(&cols, down, &[]);
        assert!(got.contains("(= (+ pos neg i 1) n)"), "{got:?}");
    }

    #[test]
    fn a_triangular_count_in_two_indexes() {
        // for i < n, for j < n: cnt += (j < i): 2·cnt == i·i - i + 2·min(j, i).
        let cols = [col("cnt"), col("i"), col("j")];
        let mut rows = vec![];
        for n in [4, 6] {
            let mut cnt = 0;
            for i in 0..n {
                for j in 0..=n {
                    rows.push(vec![cnt, i, j]);
                    if j < n && j < i {
                        cnt += 1;
                    }
                }
            }
        }
        let got = run(&cols, rows, &[]);
        assert!(
            got.contains("(=> (>= i j) (= (+ (* 2 cnt) i) (+ (* 2 j) (* i i))))"),
            "{got:?}"
        );
        // The other piece names no `j` outside its class.
        assert!(
            got.contains("(=> (<= i j) (= (* 2 cnt) (+ i (* i i))))"),
            "{got:?}"
        );
    }

    #[test]
    fn the_sum_of_a_diagonal_per_comparison_of_the_indexes() {
        // for i < n, for j < n: s += (i == j): s == i + (j > i ? 1 : 0).
        let cols = [col("s"), col("i"), col("j")];
        let mut rows = vec![];
        for n in [3, 5, 6] {
            let mut s = 0;
            for i in 0..n {
                for j in 0..=n {
                    rows.push(vec![s, i, j]);
                    if j < n && i == j {
                        s += 1;
                    }
                }
            }
        }
        let got = run(&cols, rows, &[]);
        assert!(got.contains("(=> (< i j) (= s (+ i 1)))"), "{got:?}");
        assert!(got.contains("(=> (>= i j) (= s i))"), "{got:?}");
        // Each piece names a member of its set outside the class.
        assert!(
            !got.iter().any(|c| c.starts_with("(=> (< i j) (= i ")),
            "{got:?}"
        );
        // Without `j`: `s == i + 1` is taken, `s == 5·i + 1` (a large coefficient) is not.
        let line = |k: i128| -> Vec<Vec<i128>> {
            [(0, 1), (1, 3), (2, 3), (3, 5), (4, 7), (5, 6)]
                .iter()
                .map(|&(i, j)| vec![k * i + 1, i, j])
                .collect()
        };
        assert_eq!(fit(&[0, 1, 2], &line(1), None, &[1, 2]).len(), 1);
        assert!(fit(&[0, 1, 2], &line(5), None, &[1, 2]).is_empty());
    }

    #[test]
    fn a_sum_counting_down_per_parity_class() {
        // a[w] = 3 at even w, 1 at odd; s sums a[i+1..n) while i counts down from n - 1.
        let cols = [col("s"), col("i"), col("n")];
        let mut rows = vec![];
        for n in [4, 5, 6, 7, 9, 10] {
            let mut s = 0;
            for i in (-1..n).rev() {
                rows.push(vec![s, i, n]);
                if i >= 0 {
                    s += if i % 2 == 0 { 3 } else { 1 };
                }
            }
        }
        let got = run(&cols, rows, &[2]);
        assert!(
            got.contains("(=> (and (= (mod i 2) 1) (= (mod n 2) 1)) (= (+ s (* 2 i) 1) (* 2 n)))"),
            "{got:?}"
        );
    }

    #[test]
    fn the_null_space_of_a_line() {
        // y = 2x + 1 over (x, y, 1).
        let m = vec![vec![0, 1, 1], vec![1, 3, 1], vec![2, 5, 1], vec![5, 11, 1]];
        assert_eq!(null_space(m, 3), Some(vec![vec![2, -1, 1]]));
        // Too few points for a fit.
        assert!(fit(&[0, 1], &[vec![0, 1], vec![1, 3]], None, &[]).is_empty());
    }
}
