//! Mutants of the corpus (`bench-suite/corpus/*.c`), the tester's second source of programs:
//! a comparison flipped, a constant moved, or a type changed, in the program's own lines (the
//! SV-COMP prelude stays). Takes the corpus text and a PRNG; gives the mutant and what changed.

use super::rng::Rng;
use regex::Regex;
use std::path::Path;

/// The small corpus programs: (file name, text, unwinding bound from `// unwind: K`).
pub fn load_corpus(dir: &Path) -> Vec<(String, String, u32)> {
    let mut out = vec![];
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut files: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    files.sort();
    for f in files {
        if f.extension().and_then(|e| e.to_str()) != Some("c") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let unwind = text
            .lines()
            .find_map(|l| l.strip_prefix("// unwind:"))
            .and_then(|k| k.trim().parse::<u32>().ok());
        // Small programs only: ESBMC must decide them quickly.
        if let Some(k) = unwind.filter(|k| *k <= 60) {
            let name = f
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            out.push((name, text, k));
        }
    }
    out
}

/// Whether a line belongs to the SV-COMP prelude or is a comment (never mutated).
fn is_prelude(l: &str) -> bool {
    let t = l.trim_start();
    t.starts_with("//")
        || t.starts_with("extern")
        || t.starts_with("void reach_error")
        || t.starts_with("void __VERIFIER_assert")
        || t.starts_with("void assume_abort_if_not")
        || t.starts_with("#include")
        || t.starts_with("int main")
}

/// One or two random mutations of `text`, and their description.
pub fn mutate(text: &str, rng: &mut Rng) -> (String, String) {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut what = vec![];
    let n = 1 + rng.below(2);
    for _ in 0..n {
        if let Some(w) = mutate_once(&mut lines, rng) {
            what.push(w);
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    (out, what.join("; "))
}

fn mutate_once(lines: &mut [String], rng: &mut Rng) -> Option<String> {
    let cmp = Regex::new(r"(<=|>=|==|!=|[^<>=!-]<[^<=]|[^<>-]>[^>=])").expect("valid regex");
    let num = Regex::new(r"\b\d+\b").expect("valid regex");
    let ty = Regex::new(r"\bint\b").expect("valid regex");
    let kind = rng.below(3);
    let re = match kind {
        0 => &cmp,
        1 => &num,
        _ => &ty,
    };
    // Every match in a mutable line: (line, start, end).
    let mut sites = vec![];
    for (k, l) in lines.iter().enumerate() {
        if is_prelude(l) {
            continue;
        }
        for m in re.find_iter(l) {
            sites.push((k, m.start(), m.end()));
        }
    }
    if sites.is_empty() {
        return None;
    }
    let (k, s, e) = sites[rng.below(sites.len() as u64) as usize];
    let old = lines[k][s..e].to_string();
    let new = match kind {
        0 => flip_cmp(&old, rng),
        1 => {
            let v: i64 = old.parse().ok()?;
            let d = *rng.pick(&[-2i64, -1, 1, 2]);
            // Never the same value (0 - 1 would clamp back to 0).
            let w = (v + d).max(0);
            if w == v { v + 1 } else { w }.to_string()
        }
        _ => rng
            .pick(&[
                "unsigned",
                "char",
                "unsigned char",
                "short",
                "long",
                "_Bool",
                "long long",
                "unsigned short",
            ])
            .to_string(),
    };
    let line = format!("{}{new}{}", &lines[k][..s], &lines[k][e..]);
    let desc = format!("line {}: `{}` -> `{}`", k + 1, lines[k].trim(), line.trim());
    lines[k] = line;
    Some(desc)
}

/// The comparison in `m` (possibly with one context character each side) replaced.
fn flip_cmp(m: &str, rng: &mut Rng) -> String {
    for (op, alts) in [
        ("<=", &["<", ">=", "=="][..]),
        (">=", &[">", "<=", "=="][..]),
        ("==", &["!=", "<=", ">="][..]),
        ("!=", &["==", "<", ">"][..]),
        ("<", &["<=", ">", "!="][..]),
        (">", &[">=", "<", "!="][..]),
    ] {
        if let Some(p) = m.find(op) {
            let alt = rng.pick(alts);
            return format!("{}{alt}{}", &m[..p], &m[p + op.len()..]);
        }
    }
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutates_only_program_lines() {
        let text = "// expect: safe\nextern int __VERIFIER_nondet_int(void);\nint main() {\n  int x = 5;\n  if (x < 7) return 1;\n}\n";
        for seed in 0..20 {
            let (m, what) = mutate(text, &mut Rng::new(seed));
            let changed: Vec<_> = text
                .lines()
                .zip(m.lines())
                .filter(|(a, b)| a != b)
                .collect();
            assert!(changed.len() <= 2, "{what}");
            for (a, _) in changed {
                assert!(!is_prelude(a), "mutated {a}");
            }
        }
    }

    #[test]
    fn flips_comparisons() {
        let mut r = Rng::new(1);
        let f = flip_cmp(" < 7", &mut r);
        assert!(f == " <= 7" || f == " > 7" || f == " != 7", "{f}");
        assert_ne!(flip_cmp("==", &mut r), "==");
    }
}
