#![allow(dead_code)]

//! The constraints of the SV-COMP witness format 2.0 schema, written down from its
//! documentation: `check_schema` panics unless a text is such a witness. Shared by the witness
//! tests (`#[path]` module).

use serde_norway::Value;

pub fn s<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key)
        .unwrap_or_else(|| panic!("missing key {key} in {v:?}"))
}

pub fn string<'a>(v: &'a Value, key: &str) -> &'a str {
    s(v, key)
        .as_str()
        .unwrap_or_else(|| panic!("{key} is not a string: {v:?}"))
}

pub fn keys(v: &Value) -> Vec<String> {
    v.as_mapping()
        .expect("a mapping")
        .keys()
        .map(|k| k.as_str().expect("string keys").to_string())
        .collect()
}

pub fn only_keys(v: &Value, allowed: &[&str]) {
    for k in keys(v) {
        assert!(allowed.contains(&k.as_str()), "unexpected key {k} in {v:?}");
    }
}

pub fn uuid_ok(u: &str) -> bool {
    let re = regex::Regex::new(
        r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    )
    .unwrap();
    re.is_match(u)
}

pub fn date_time_ok(t: &str) -> bool {
    let re = regex::Regex::new(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
        .unwrap();
    re.is_match(t)
}

/// Panics unless `text` is a witness of format 2.0 as its schema describes it.
pub fn check_schema(text: &str) -> Value {
    let doc: Value = serde_norway::from_str(text).expect("YAML");
    let entries = doc.as_sequence().expect("a sequence of entries");
    assert!(!entries.is_empty());
    for e in entries {
        only_keys(e, &["entry_type", "metadata", "content"]);
        let m = s(e, "metadata");
        only_keys(
            m,
            &[
                "format_version",
                "uuid",
                "creation_time",
                "producer",
                "task",
            ],
        );
        assert_eq!(string(m, "format_version"), "2.0");
        assert!(uuid_ok(string(m, "uuid")), "uuid {:?}", s(m, "uuid"));
        assert!(date_time_ok(string(m, "creation_time")));
        let producer = s(m, "producer");
        assert!(!string(producer, "name").is_empty());
        string(producer, "version");
        let task = s(m, "task");
        let files: Vec<&str> = s(task, "input_files")
            .as_sequence()
            .expect("input_files is a list")
            .iter()
            .map(|f| f.as_str().expect("file names are strings"))
            .collect();
        assert!(!files.is_empty());
        for f in &files {
            let h = s(task, "input_file_hashes")
                .get(*f)
                .and_then(Value::as_str)
                .expect("a hash for every input file");
            assert!(h.len() == 64 && h.chars().all(|c| c.is_ascii_hexdigit()));
        }
        string(task, "specification");
        assert!(["ILP32", "LP64"].contains(&string(task, "data_model")));
        assert_eq!(string(task, "language"), "C");
        match string(e, "entry_type") {
            "violation_sequence" => check_violation_content(s(e, "content"), &files),
            "invariant_set" => check_invariant_content(s(e, "content"), &files),
            t => panic!("entry type {t}"),
        }
    }
    doc
}

/// A location of format 2.0: a file of the task, line >= 1, column >= 1 (optional), function
/// (optional); `file_hash` is accepted (older writers put it there).
pub fn check_location(loc: &Value, files: &[&str]) {
    only_keys(
        loc,
        &["file_name", "file_hash", "line", "column", "function"],
    );
    assert!(files.contains(&string(loc, "file_name")));
    assert!(s(loc, "line").as_u64().expect("line is an integer") >= 1);
    if let Some(c) = loc.get("column") {
        assert!(c.as_u64().expect("column is an integer") >= 1);
    }
    if let Some(f) = loc.get("function") {
        f.as_str().expect("function is a string");
    }
}

/// An invariant set's content: `- invariant: {type, location, value, format}` items, `type`
/// loop_invariant or location_invariant, `format` c_expression, `value` a non-empty string.
pub fn check_invariant_content(content: &Value, files: &[&str]) {
    let items = content.as_sequence().expect("content is a list");
    for item in items {
        only_keys(item, &["invariant"]);
        let inv = s(item, "invariant");
        only_keys(inv, &["type", "location", "value", "format"]);
        assert!(["loop_invariant", "location_invariant"].contains(&string(inv, "type")));
        assert_eq!(string(inv, "format"), "c_expression");
        assert!(!string(inv, "value").trim().is_empty());
        check_location(s(inv, "location"), files);
    }
}

pub fn check_violation_content(content: &Value, files: &[&str]) {
    let segments = content.as_sequence().expect("content is a list");
    assert!(!segments.is_empty());
    let result = regex::Regex::new(r"^\\result (==|!=|<=|<|>=|>) -?\d+$").unwrap();
    for (k, seg) in segments.iter().enumerate() {
        only_keys(seg, &["segment"]);
        let wps = s(seg, "segment")
            .as_sequence()
            .expect("a segment is a list");
        assert!(!wps.is_empty());
        for (j, item) in wps.iter().enumerate() {
            only_keys(item, &["waypoint"]);
            let w = s(item, "waypoint");
            only_keys(w, &["type", "action", "location", "constraint"]);
            let ty = string(w, "type");
            let action = string(w, "action");
            let last = j + 1 == wps.len();
            assert_eq!(action, if last { "follow" } else { "avoid" });
            let final_segment = k + 1 == segments.len();
            assert_eq!(
                ty == "target",
                final_segment && last,
                "target only at the end"
            );
            check_location(s(w, "location"), files);
            let c = w.get("constraint");
            match ty {
                "target" | "function_enter" => assert!(c.is_none()),
                "function_return" => {
                    let c = c.expect("a constraint");
                    assert_eq!(string(c, "format"), "acsl_expression");
                    assert!(result.is_match(string(c, "value")), "{c:?}");
                }
                "assumption" => {
                    assert_eq!(string(c.expect("a constraint"), "format"), "c_expression")
                }
                "branching" => {
                    string(c.expect("a constraint"), "value");
                }
                t => panic!("waypoint type {t}"),
            }
        }
    }
}
