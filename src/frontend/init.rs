//! Initialiser lists (C11 6.7.9) as a pure walk over the shape of the initialised type: takes
//! the shape and the list's items (designators already constant) and gives which subobject
//! (a path of array indices and member numbers) each initialiser expression sets, in order.
//!
//! The walk keeps C's "current object" cursor: a stack of aggregates from the braced object
//! down to the one whose next subobject the next item initialises. A designator list restarts
//! from the braced object and leaves the cursor at the subobject it names, so the following
//! positional items continue after it (`{ [0][1] = 5, 6 }` sets `m[0][2]` to 6). An expression
//! for an aggregate subobject descends into it (brace elision) unless it is a whole struct
//! value of that type or a string literal for a char array. A braced list for a subobject
//! initialises all of it (what the list leaves out is zero, earlier initialisers of its parts
//! are overridden); a later initialiser of the same scalar overrides the earlier one.
//!
//! Refused (an error, never a guess): designators out of range or into a scalar, a part of a
//! subobject overridden after a whole struct value or string literal initialised it (gcc then
//! discards the earlier value; C leaves it unclear), unions and other non-integer leaves.
//! Overridden and excess items are returned so that the caller can refuse ones with side
//! effects.

/// The type being initialised, as far as initialisers care.
#[derive(Clone, Debug)]
pub enum Shape {
    /// An integer; `char`: one byte wide (a string literal may initialise an array of them).
    Scalar { char: bool },
    /// `None`: the unsized outermost array (`int a[] = {...}`).
    Array(Box<Shape>, Option<u64>),
    /// `key` identifies the struct type (a whole struct value must have the same one).
    Struct {
        key: usize,
        fields: Vec<(String, Shape)>,
    },
    /// Not supported in initialisers: why.
    Other(String),
}

#[derive(Clone, Debug)]
pub enum Desig {
    Index(i128),
    Field(String),
}

#[derive(Clone, Debug)]
pub struct Item {
    pub desig: Vec<Desig>,
    pub kind: Kind,
    /// Source offset (for errors).
    pub at: usize,
}

#[derive(Clone, Debug)]
pub enum Kind {
    List(Vec<Item>),
    /// An expression: its number (in the caller's table); `string`: a string literal's length
    /// with its terminating zero.
    Expr {
        id: usize,
        string: Option<u64>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    Scalar,
    /// A whole struct value copied into a struct subobject.
    Whole,
    /// A string literal for a char array.
    String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assign {
    pub path: Vec<u64>,
    pub id: usize,
    pub set: Set,
}

#[derive(Debug, Default)]
pub struct Walk {
    pub assigns: Vec<Assign>,
    /// Expressions overridden by a later initialiser or in excess (gcc drops them).
    pub dropped: Vec<usize>,
    /// One past the highest outermost index set (the length of an unsized array).
    pub len: u64,
}

/// An unsupported initialiser: source offset and reason.
pub type InitError = (usize, String);

/// Walks the braced list `items` for an object of shape `shape`. `whole(id, key)`: is
/// expression `id` a struct value of the struct type `key`?
pub fn walk(
    shape: &Shape,
    items: &[Item],
    whole: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Walk, InitError> {
    let mut w = Walker {
        out: Walk::default(),
        whole,
    };
    let len = w.list(shape, &[], items)?;
    w.out.len = len;
    Ok(w.out)
}

struct Walker<'w> {
    out: Walk,
    whole: &'w mut dyn FnMut(usize, usize) -> bool,
}

/// One aggregate on the cursor stack: its shape, path and the subobject number the cursor is at.
struct Frame<'s> {
    shape: &'s Shape,
    path: Vec<u64>,
    next: u64,
}

fn len_of(s: &Shape) -> u64 {
    match s {
        Shape::Array(_, Some(n)) => *n,
        Shape::Array(_, None) => u64::MAX,
        Shape::Struct { fields, .. } => fields.len() as u64,
        _ => 0,
    }
}

fn child(s: &Shape, k: u64) -> &Shape {
    match s {
        Shape::Array(e, _) => e,
        Shape::Struct { fields, .. } => &fields[k as usize].1,
        other => other,
    }
}

fn is_char_array(s: &Shape) -> bool {
    matches!(s, Shape::Array(e, _) if matches!(**e, Shape::Scalar { char: true }))
}

fn is_aggregate(s: &Shape) -> bool {
    matches!(s, Shape::Array(..) | Shape::Struct { .. })
}

fn ids(item: &Item, out: &mut Vec<usize>) {
    match &item.kind {
        Kind::Expr { id, .. } => out.push(*id),
        Kind::List(l) => l.iter().for_each(|i| ids(i, out)),
    }
}

fn unsupported<T>(at: usize, why: impl Into<String>) -> Result<T, InitError> {
    Err((at, why.into()))
}

impl Walker<'_> {
    /// Initialises the object at `base` (of shape `shape`) from a braced list; gives one past
    /// the highest index of `shape` it set.
    fn list(&mut self, shape: &Shape, base: &[u64], items: &[Item]) -> Result<u64, InitError> {
        let first_plain = items.first().filter(|i| i.desig.is_empty());
        if let Some(Item {
            kind: Kind::Expr { id, string },
            at,
            ..
        }) = first_plain
        {
            // `char s[4] = {"abc"}` and `int x = {5}`.
            let whole = match shape {
                _ if is_char_array(shape) && string.is_some() => Some(Set::String),
                Shape::Scalar { .. } if string.is_none() => Some(Set::Scalar),
                Shape::Scalar { .. } => return unsupported(*at, "string literal for a scalar"),
                _ => None,
            };
            if let Some(set) = whole {
                self.set(base.to_vec(), *id, set, *at)?;
                items[1..]
                    .iter()
                    .for_each(|i| ids(i, &mut self.out.dropped));
                return Ok(string.unwrap_or(1));
            }
        }
        if !is_aggregate(shape) {
            let at = items.first().map_or(0, |i| i.at);
            return match shape {
                Shape::Other(why) => unsupported(at, why.clone()),
                _ => unsupported(at, "initialiser list for a scalar"),
            };
        }
        let mut stack = vec![Frame {
            shape,
            path: base.to_vec(),
            next: 0,
        }];
        let mut len = 0;
        for item in items {
            if !item.desig.is_empty() {
                stack.truncate(1);
                Self::designate(&mut stack, item)?;
            }
            // Up to the innermost aggregate with a subobject left.
            while stack.last().is_some_and(|f| f.next >= len_of(f.shape)) && stack.len() > 1 {
                stack.pop();
                if let Some(f) = stack.last_mut() {
                    f.next += 1;
                }
            }
            if stack[0].next >= len_of(stack[0].shape) {
                ids(item, &mut self.out.dropped); // excess: gcc warns and drops it
                continue;
            }
            self.place(&mut stack, item)?;
            len = len.max(stack[0].next + (stack.len() > 1) as u64);
        }
        Ok(len)
    }

    /// Moves the cursor to the subobject the item's designators name.
    fn designate(stack: &mut Vec<Frame<'_>>, item: &Item) -> Result<(), InitError> {
        for (k, d) in item.desig.iter().enumerate() {
            let f = stack.last_mut().expect("the braced object's frame");
            let i = match (d, f.shape) {
                (Desig::Index(i), Shape::Array(_, n)) => {
                    if *i < 0 || n.is_some_and(|n| *i as u64 >= n) {
                        return unsupported(item.at, format!("designator [{i}] out of range"));
                    }
                    *i as u64
                }
                (Desig::Field(name), Shape::Struct { fields, .. }) => {
                    match fields.iter().position(|(n, _)| n == name) {
                        Some(p) => p as u64,
                        None => return unsupported(item.at, format!("no member named `{name}`")),
                    }
                }
                _ => return unsupported(item.at, "designator does not match the type"),
            };
            f.next = i;
            if k + 1 < item.desig.len() {
                let shape = child(f.shape, i);
                if !is_aggregate(shape) {
                    return unsupported(item.at, "designator into a scalar");
                }
                let mut path = f.path.clone();
                path.push(i);
                stack.push(Frame {
                    shape,
                    path,
                    next: 0,
                });
            }
        }
        Ok(())
    }

    /// Initialises the subobject at the cursor with `item` and moves the cursor past it.
    fn place<'s>(&mut self, stack: &mut Vec<Frame<'s>>, item: &Item) -> Result<(), InitError> {
        let (id, string) = match &item.kind {
            Kind::List(sub) => {
                let f = stack.last_mut().expect("a frame");
                let mut path = f.path.clone();
                path.push(f.next);
                self.reinit(&path, item.at)?;
                let shape = child(f.shape, f.next);
                f.next += 1;
                self.list(shape, &path, sub)?;
                return Ok(());
            }
            Kind::Expr { id, string } => (*id, *string),
        };
        loop {
            let f = stack.last_mut().expect("a frame");
            let shape = child(f.shape, f.next);
            let mut path = f.path.clone();
            path.push(f.next);
            let set = match shape {
                Shape::Scalar { .. } if string.is_some() => {
                    return unsupported(item.at, "string literal for a scalar");
                }
                Shape::Scalar { .. } => Set::Scalar,
                _ if string.is_some() && is_char_array(shape) => Set::String,
                Shape::Struct { key, .. } if string.is_none() && (self.whole)(id, *key) => {
                    Set::Whole
                }
                Shape::Other(why) => return unsupported(item.at, why.clone()),
                _ if len_of(shape) == 0 => return unsupported(item.at, "empty aggregate"),
                _ => {
                    stack.push(Frame {
                        shape,
                        path,
                        next: 0,
                    });
                    continue;
                }
            };
            if set != Set::Scalar {
                self.reinit(&path, item.at)?;
            }
            f.next += 1;
            return self.set(path, id, set, item.at);
        }
    }

    /// A whole subobject at `path` is initialised again: earlier initialisers of it or its
    /// parts are overridden.
    fn reinit(&mut self, path: &[u64], at: usize) -> Result<(), InitError> {
        self.refuse_partial(path, at)?;
        let (gone, kept): (Vec<Assign>, Vec<Assign>) = std::mem::take(&mut self.out.assigns)
            .into_iter()
            .partition(|a| a.path.starts_with(path));
        self.out.dropped.extend(gone.iter().map(|a| a.id));
        self.out.assigns = kept;
        Ok(())
    }

    /// Refuses to override part of a subobject a whole struct value or string set.
    fn refuse_partial(&self, path: &[u64], at: usize) -> Result<(), InitError> {
        let partial = self.out.assigns.iter().any(|a| {
            a.set != Set::Scalar && a.path.len() < path.len() && path.starts_with(&a.path)
        });
        if partial {
            return unsupported(
                at,
                "initialiser overriding part of a struct value or string literal",
            );
        }
        Ok(())
    }

    fn set(&mut self, path: Vec<u64>, id: usize, set: Set, at: usize) -> Result<(), InitError> {
        self.refuse_partial(&path, at)?;
        if let Some(k) = self.out.assigns.iter().position(|a| a.path == path) {
            let old = self.out.assigns.remove(k);
            self.out.dropped.push(old.id);
        }
        self.out.assigns.push(Assign { path, id, set });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int() -> Shape {
        Shape::Scalar { char: false }
    }
    fn arr(e: Shape, n: u64) -> Shape {
        Shape::Array(Box::new(e), Some(n))
    }
    fn st(key: usize, fields: &[(&str, Shape)]) -> Shape {
        Shape::Struct {
            key,
            fields: fields
                .iter()
                .map(|(n, s)| (n.to_string(), s.clone()))
                .collect(),
        }
    }

    /// A tiny initialiser syntax: `e` an expression (numbered in order), `s3` a string of
    /// length 3, `w` a struct value of key 1, `{...}` a list, `[k]` / `.f` designators
    /// before `=`.
    fn parse(text: &str) -> Vec<Item> {
        let toks: Vec<String> = text
            .replace('{', " { ")
            .replace('}', " } ")
            .replace(',', " , ")
            .replace('=', " = ")
            .split_whitespace()
            .map(String::from)
            .collect();
        let mut pos = 0;
        let mut next_id = 0;
        assert_eq!(toks[pos], "{");
        pos += 1;
        items(&toks, &mut pos, &mut next_id)
    }

    fn items(toks: &[String], pos: &mut usize, next_id: &mut usize) -> Vec<Item> {
        let mut out = vec![];
        while toks[*pos] != "}" {
            let mut desig = vec![];
            if toks.get(*pos + 1).is_some_and(|t| t == "=") {
                let spaced = toks[*pos].replace('[', " [").replace('.', " .");
                for part in spaced.split_whitespace() {
                    match part.strip_prefix('[') {
                        Some(i) => {
                            desig.push(Desig::Index(i.trim_end_matches(']').parse().unwrap()))
                        }
                        None => desig.push(Desig::Field(part[1..].to_string())),
                    }
                }
                *pos += 2;
            }
            let at = *pos;
            let kind = if toks[*pos] == "{" {
                *pos += 1;
                Kind::List(items(toks, pos, next_id))
            } else {
                let string = toks[*pos].strip_prefix('s').map(|n| n.parse().unwrap());
                *next_id += 1;
                *pos += 1;
                Kind::Expr {
                    id: *next_id - 1,
                    string,
                }
            };
            out.push(Item { desig, kind, at });
            if toks[*pos] == "," {
                *pos += 1;
            }
        }
        *pos += 1;
        out
    }

    /// `path=id` per assignment (`~` a whole struct, `$` a string), then the dropped ids.
    fn golden(shape: &Shape, text: &str) -> String {
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| w.to_string())
            .collect::<Vec<_>>();
        let text = words.join(" ");
        let items = parse(&text);
        // Expression numbers of the `w` tokens.
        let wholes: Vec<usize> = text
            .split([' ', ',', '{', '}'])
            .filter(|t| {
                !t.is_empty() && *t != "=" && !t.ends_with(']') && !t.starts_with(['.', '['])
            })
            .enumerate()
            .filter(|(_, t)| *t == "w")
            .map(|(k, _)| k)
            .collect();
        match walk(shape, &items, &mut |id, key| {
            key == 1 && wholes.contains(&id)
        }) {
            Err((_, why)) => format!("error: {why}"),
            Ok(w) => {
                let mut s: Vec<String> = w
                    .assigns
                    .iter()
                    .map(|a| {
                        let p: Vec<String> = a.path.iter().map(|k| k.to_string()).collect();
                        let mark = match a.set {
                            Set::Scalar => "",
                            Set::Whole => "~",
                            Set::String => "$",
                        };
                        format!("{}={mark}{}", p.join("."), a.id)
                    })
                    .collect();
                if !w.dropped.is_empty() {
                    s.push(format!("drop{:?}", w.dropped));
                }
                s.push(format!("len{}", w.len));
                s.join(" ")
            }
        }
    }

    #[test]
    fn positional_after_designator_continues_in_the_row() {
        let m = arr(arr(int(), 3), 2);
        assert_eq!(golden(&m, "{ [0][1] = e, e }"), "0.1=0 0.2=1 len1");
        assert_eq!(golden(&m, "{ [0][2] = e, e, e }"), "0.2=0 1.0=1 1.1=2 len2");
        assert_eq!(golden(&m, "{ [1] = e, e }"), "1.0=0 1.1=1 len2");
    }

    #[test]
    fn nested_member_designators() {
        let t = st(2, &[("v", arr(int(), 3)), ("w", int())]);
        assert_eq!(golden(&t, "{ .v[1] = e, e }"), "0.1=0 0.2=1 len1");
        assert_eq!(golden(&t, "{ .v[2] = e, e }"), "0.2=0 1=1 len2");
        assert_eq!(golden(&t, "{ .w = e, .v = { e } }"), "1=0 0.0=1 len2");
    }

    #[test]
    fn designators_jump_back_and_override() {
        let a = arr(int(), 3);
        assert_eq!(golden(&a, "{ [2] = e, [0] = e, e }"), "2=0 0=1 1=2 len3");
        assert_eq!(golden(&a, "{ e, e, [0] = e }"), "1=1 0=2 drop[0] len2");
        assert_eq!(golden(&a, "{ e, e, e, e }"), "0=0 1=1 2=2 drop[3] len3");
        assert_eq!(
            golden(&a, "{ [3] = e }"),
            "error: designator [3] out of range"
        );
    }

    #[test]
    fn brace_elision() {
        let m = arr(arr(int(), 2), 2);
        assert_eq!(golden(&m, "{ e, e, e }"), "0.0=0 0.1=1 1.0=2 len2");
        assert_eq!(golden(&m, "{ { e }, e }"), "0.0=0 1.0=1 len2");
        let p = st(2, &[("x", int()), ("y", int())]);
        let ps = arr(p, 3);
        assert_eq!(golden(&ps, "{ [1].x = e, e, e }"), "1.0=0 1.1=1 2.0=2 len3");
        let open_ty = Shape::Array(Box::new(arr(int(), 2)), None);
        assert_eq!(golden(&open_ty, "{ e, e, e }"), "0.0=0 0.1=1 1.0=2 len2");
        assert_eq!(golden(&open_ty, "{ [4] = e }"), "4.0=0 len5");
    }

    #[test]
    fn braced_subobject_reinitialises_it() {
        let ps = arr(st(2, &[("x", int()), ("y", int())]), 2);
        assert_eq!(
            golden(&ps, "{ [0] = { e, e }, [0] = { .y = e } }"),
            "0.1=2 drop[0, 1] len1"
        );
        assert_eq!(
            golden(&ps, "{ [0].x = e, [0].y = e, [0] = e }"),
            "0.1=1 0.0=2 drop[0] len1"
        );
    }

    #[test]
    fn whole_structs_and_strings() {
        let p = st(1, &[("x", int()), ("y", int())]);
        let o = st(2, &[("p", p.clone()), ("z", int())]);
        assert_eq!(golden(&o, "{ w, e }"), "0=~0 1=1 len2");
        assert_eq!(golden(&o, "{ e, e, e }"), "0.0=0 0.1=1 1=2 len2");
        assert_eq!(
            golden(&arr(p, 2), "{ [0] = w, [0].y = e }"),
            "error: initialiser overriding part of a struct value or string literal"
        );
        let ch = Shape::Scalar { char: true };
        let s = arr(arr(ch.clone(), 4), 2);
        assert_eq!(golden(&s, "{ s3, [1] = s4 }"), "0=$0 1=$1 len2");
        assert_eq!(golden(&arr(ch, 4), "{ s3 }"), "=$0 len3");
        assert_eq!(golden(&int(), "{ e, e }"), "=0 drop[1] len1");
    }
}
