//! SV-COMP task definitions: finding `*.yml` files and reading them.
//!
//! Takes directories and task files; gives one [`Task`] per file, sorted by path, each either
//! runnable (a C input, the `unreach-call` property with its error function, the expected
//! verdict, the data model) or carrying the reason it cannot run (malformed YAML, a missing
//! input file, another property, another language). Reading never fails as a whole: a bad
//! file becomes a task with a [`TaskProblem`], so it still gets a row in the results.
//!
//! Formats: `format_version: '2.0'` (with `options.language` and `options.data_model`) and the
//! older 1.x files (no `options`; SV-COMP ran those C tasks as 32-bit, so they default to
//! ILP32). `input_files` is a string or a list, relative to the task file.

use crate::base::error::AraError;
use serde_norway::Value;
use std::path::{Path, PathBuf};

/// The data model a task is checked under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum DataModel {
    Ilp32,
    Lp64,
}

impl DataModel {
    /// The value of ara's `--data-model` option.
    pub fn arg(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "ilp32",
            DataModel::Lp64 => "lp64",
        }
    }
}

/// A task that can run: everything `ara check` needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Runnable {
    /// The C file (`.c` or `.i`).
    pub input: PathBuf,
    /// The function whose call is the error, from the property file (`None` when the
    /// property file could not be read but is named `unreach-call`: ara's default then
    /// covers both `reach_error` and `__VERIFIER_error`).
    pub error_function: Option<String>,
    pub data_model: DataModel,
}

/// Why a task does not run.
#[derive(Clone, Debug, PartialEq)]
pub enum TaskProblem {
    /// The task file is broken (unreadable, malformed YAML, missing keys, missing input):
    /// an ERROR row.
    Error(String),
    /// A well-formed task ara does not handle (another property or language): a skipped row.
    Skipped(String),
}

/// One task file.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The task file's path as found (the row's name; sorting and sharding use it).
    pub path: PathBuf,
    /// The property's short name (`unreach-call`, `valid-memsafety`, ...), or "" if unknown.
    pub property: String,
    /// The expected verdict of the property, if the file states one.
    pub expected: Option<bool>,
    pub run: Result<Runnable, TaskProblem>,
}

impl Task {
    /// The name used in rows and tables.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }
}

/// Finds the task files under the given paths: a directory is searched recursively for
/// `*.yml`/`*.yaml`, a file is taken as it is. The result is sorted and free of duplicates.
/// A path that does not exist is an error (a typo should not give an empty run).
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, AraError> {
    let mut out = Vec::new();
    for p in paths {
        let input = |msg: String| AraError::Input {
            file: p.display().to_string(),
            msg,
        };
        if p.is_dir() {
            walk(p, &mut out).map_err(|e| input(e.to_string()))?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(input("no such file or directory".into()));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let p = e.path();
        if e.file_type()?.is_dir() {
            walk(&p, out)?;
        } else if matches!(
            p.extension().and_then(|x| x.to_str()),
            Some("yml") | Some("yaml")
        ) {
            out.push(p);
        }
    }
    Ok(())
}

/// Reads one task file. Never fails: problems end up in [`Task::run`].
pub fn load(path: &Path) -> Task {
    let mut task = Task {
        path: path.to_path_buf(),
        property: String::new(),
        expected: None,
        run: Err(TaskProblem::Error(String::new())),
    };
    task.run = parse(path, &mut task);
    task
}

fn err<T>(msg: impl Into<String>) -> Result<T, TaskProblem> {
    Err(TaskProblem::Error(msg.into()))
}

fn parse(path: &Path, task: &mut Task) -> Result<Runnable, TaskProblem> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return err(format!("cannot read the task file: {e}")),
    };
    let doc: Value = match serde_norway::from_str(&text) {
        Ok(v) => v,
        Err(e) => return err(format!("malformed YAML: {e}")),
    };
    if !doc.is_mapping() {
        return err("malformed task file: not a YAML mapping");
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let version = match doc.get("format_version") {
        None => "1.0".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return err("format_version is not a string"),
    };
    let major = version.split('.').next().unwrap_or("");
    if major != "1" && major != "2" {
        return err(format!("unknown format_version {version}"));
    }

    // The properties: pick unreach-call if there, else report what there is.
    let props = match doc.get("properties") {
        Some(Value::Sequence(s)) => s.clone(),
        Some(_) => return err("properties is not a list"),
        None => return err("no properties in the task file"),
    };
    let mut names = Vec::new();
    let mut chosen = None;
    for p in &props {
        let Some(file) = p.get("property_file").and_then(Value::as_str) else {
            return err("a property without property_file");
        };
        let prp = dir.join(file);
        let prop = read_property(&prp);
        let expected = match p.get("expected_verdict") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(Value::String(s)) if s == "true" || s == "false" => Some(s == "true"),
            Some(v) => return err(format!("expected_verdict is not true/false: {v:?}")),
        };
        names.push(prop.name.clone());
        if chosen.is_none() && prop.name == "unreach-call" {
            chosen = Some((prop, expected));
        }
    }
    let Some((prop, expected)) = chosen else {
        task.property = names.join(",");
        if names.is_empty() {
            return err("the properties list is empty");
        }
        return Err(TaskProblem::Skipped(format!(
            "property {} not supported (ara checks unreach-call only)",
            task.property
        )));
    };
    task.property = prop.name.clone();
    task.expected = expected;
    if let Some(e) = prop.problem {
        return err(e);
    }

    let options = doc.get("options");
    if let Some(lang) = options
        .and_then(|o| o.get("language"))
        .and_then(Value::as_str)
        && !lang.eq_ignore_ascii_case("c")
    {
        return Err(TaskProblem::Skipped(format!(
            "language {lang} not supported (ara checks C)"
        )));
    }
    let data_model = match options.and_then(|o| o.get("data_model")) {
        None if major == "1" => DataModel::Ilp32,
        None => return err("options.data_model missing (format 2.0 requires it for C)"),
        Some(v) => match v.as_str().map(str::to_ascii_uppercase).as_deref() {
            Some("ILP32") => DataModel::Ilp32,
            Some("LP64") => DataModel::Lp64,
            _ => return err(format!("unknown data_model {v:?} (ILP32 or LP64)")),
        },
    };

    let files: Vec<String> = match doc.get("input_files") {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Sequence(s)) => {
            let mut v = Vec::new();
            for f in s {
                match f.as_str() {
                    Some(f) => v.push(f.to_string()),
                    None => return err("input_files holds a non-string"),
                }
            }
            v
        }
        Some(_) => return err("input_files is not a string or a list"),
        None => return err("no input_files in the task file"),
    };
    let input = match files.as_slice() {
        [one] if one.contains(['*', '?', '[']) => {
            return err(format!("input_files pattern {one} not supported"));
        }
        [one] => dir.join(one),
        [] => return err("input_files is empty"),
        _ => {
            return err(format!(
                "{} input files (ara checks one file per task)",
                files.len()
            ));
        }
    };
    if !input.is_file() {
        return err(format!("input file {} not found", input.display()));
    }
    Ok(Runnable {
        input,
        error_function: prop.error_function,
        data_model,
    })
}

/// What a property file says.
struct Property {
    /// `unreach-call`, `valid-memsafety`, `no-overflow`, `termination`, ... or the file stem.
    name: String,
    error_function: Option<String>,
    /// Why an unreach-call property cannot be used.
    problem: Option<String>,
}

/// Reads a property file: `CHECK( init(main()), LTL(G ! call(reach_error())) )` is
/// unreach-call with error function `reach_error`. Other properties are named by their
/// formula, else by the file name.
fn read_property(path: &Path) -> Property {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        // Without the file, the name still tells the property; ara's default error functions
        // (reach_error and __VERIFIER_error) are the ones SV-COMP has used.
        Err(_) => {
            return Property {
                name: stem,
                error_function: None,
                problem: None,
            };
        }
    };
    let call =
        regex::Regex::new(r"LTL\(\s*G\s*!\s*call\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*\)\s*\)")
            .expect("valid regex");
    if let Some(c) = call.captures(&text) {
        return Property {
            name: "unreach-call".into(),
            error_function: Some(c[1].to_string()),
            problem: if text.contains("init(main())") {
                None
            } else {
                Some("unreach-call property with an entry point other than main()".into())
            },
        };
    }
    let name = if text.contains("valid-memcleanup") {
        "valid-memcleanup"
    } else if text.contains("valid-free") || text.contains("valid-deref") {
        "valid-memsafety"
    } else if text.contains("overflow") {
        "no-overflow"
    } else if text.contains("F end") {
        "termination"
    } else if text.contains("data-race") {
        "no-data-race"
    } else if text.contains("COVER") {
        "coverage"
    } else {
        stem.as_str()
    };
    Property {
        name: name.to_string(),
        error_function: None,
        problem: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn reads_format_2_and_1() {
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            "u.prp",
            "CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )\n",
        );
        write(d.path(), "a.c", "int main(){}");
        let t2 = write(
            d.path(),
            "t2.yml",
            "format_version: '2.0'\ninput_files: ['a.c']\nproperties:\n  - property_file: u.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: LP64\n",
        );
        let t = load(&t2);
        assert_eq!(t.expected, Some(false));
        assert_eq!(t.property, "unreach-call");
        let r = t.run.unwrap();
        assert_eq!(r.error_function.as_deref(), Some("__VERIFIER_error"));
        assert_eq!(r.data_model, DataModel::Lp64);
        assert_eq!(r.input, d.path().join("a.c"));

        let t1 = write(
            d.path(),
            "t1.yml",
            "format_version: '1.0'\ninput_files: a.c\nproperties:\n  - property_file: u.prp\n    expected_verdict: true\n",
        );
        let t = load(&t1);
        assert_eq!(t.expected, Some(true));
        assert_eq!(t.run.unwrap().data_model, DataModel::Ilp32);
    }

    #[test]
    fn problems_become_rows() {
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            "m.prp",
            "CHECK( init(main()), LTL(G valid-free) )\n",
        );
        let bad = write(d.path(), "bad.yml", "input_files: [unclosed\n");
        assert!(
            matches!(load(&bad).run, Err(TaskProblem::Error(e)) if e.contains("malformed YAML"))
        );
        let mem = write(
            d.path(),
            "mem.yml",
            "format_version: '2.0'\ninput_files: a.c\nproperties:\n  - property_file: m.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n",
        );
        let t = load(&mem);
        assert_eq!(t.property, "valid-memsafety");
        assert!(matches!(t.run, Err(TaskProblem::Skipped(_))));
        let missing = write(
            d.path(),
            "missing.yml",
            "format_version: '2.0'\ninput_files: nothere.c\nproperties:\n  - property_file: unreach-call.prp\noptions:\n  language: C\n  data_model: ILP32\n",
        );
        let t = load(&missing);
        assert_eq!(t.property, "unreach-call");
        assert!(matches!(t.run, Err(TaskProblem::Error(e)) if e.contains("not found")));
    }
}
