//! The spellings of C constants the generator writes besides plain decimal ones: integer
//! constants in every base (hex with upper/lower digits and `0x`/`0X`, octal, binary) with
//! suffixes in any case and order, and character constants with the `L`/`u`/`U` prefixes,
//! escapes and two-character (multi-character) bodies. Takes a value and type (or the code
//! units of a character constant); gives the text gcc reads as exactly that value and type,
//! and for character constants their value and type by C's (gcc's x86) rules.
//!
//! These are the generator's own rules, independent of ara's front end (`frontend/literal.rs`):
//! the ground truth of a program still comes from ESBMC and gcc, the values here only decide
//! the printer's UB guards.

use crate::ir::types::{DataModel, IntType};

/// The base of an integer constant's spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Dec,
    /// `0x` and lower-case digits.
    Hex,
    /// `0X` and upper-case digits.
    HexUpper,
    /// `0x` and upper-case digits (`0xBAD`, the form ara once misread).
    HexMixed,
    Oct,
    Bin,
}

/// How an integer constant is spelled: its base and its suffix's case and order (the suffix
/// itself is the shortest one that gives the constant its type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spelling {
    pub base: Base,
    /// Upper-case suffix letters.
    pub upper: bool,
    /// `l`/`ll` before `u` (`lu`, `llu`) rather than after (`ul`, `ull`).
    pub size_first: bool,
}

/// The text of the constant `v` (in range of `t`) of type `t` spelled as `s`. Types below
/// `int` are an `int` constant cast to them; a negative value is the negated constant of
/// its magnitude (the type's minimum is written as `-max - 1`).
pub fn spelled(v: i128, t: IntType, s: Spelling) -> String {
    use IntType::*;
    let suffix = |t: IntType| -> String {
        let (u, l) = match t {
            UInt => ("u", ""),
            Long => ("", "l"),
            ULong => ("u", "l"),
            LongLong => ("", "ll"),
            ULongLong => ("u", "ll"),
            _ => ("", ""),
        };
        let x = if s.size_first {
            format!("{l}{u}")
        } else {
            format!("{u}{l}")
        };
        if s.upper { x.to_uppercase() } else { x }
    };
    let digits = |m: u128| -> String {
        match s.base {
            Base::Dec => format!("{m}"),
            Base::Hex => format!("0x{m:x}"),
            Base::HexUpper => format!("0X{m:X}"),
            Base::HexMixed => format!("0x{m:X}"),
            Base::Oct if m == 0 => "0".into(),
            Base::Oct => format!("0{m:o}"),
            Base::Bin => format!("0b{m:b}"),
        }
    };
    match t {
        Int | UInt | Long | ULong | LongLong | ULongLong => {
            if v >= 0 {
                format!("{}{}", digits(v as u128), suffix(t))
            } else if v == t.range(DataModel::Lp64).0 || v == t.range(DataModel::Ilp32).0 {
                // -max - 1 (the minimum of a signed type).
                format!("(-{}{} - 1)", digits((-v - 1) as u128), suffix(t))
            } else {
                format!("(-{}{})", digits((-v) as u128), suffix(t))
            }
        }
        _ => format!("(({}){})", t.c_name(), spelled(v, Int, s)),
    }
}

/// The encoding prefix of a character constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharPrefix {
    None,
    /// `L`: `wchar_t` (`int` on x86-64, `long` on i386: 32-bit signed).
    L,
    /// `u`: `char16_t` (`unsigned short`).
    U16,
    /// `U`: `char32_t` (`unsigned int`).
    U32,
}

/// How one code unit of a character constant is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A printable ASCII character as itself (not `'` or `\`).
    Plain(u8),
    /// `\xHH...` (upper-case digits when the flag is set).
    Hex(u32, bool),
    /// `\ooo` (one to three octal digits).
    Oct(u32),
    /// `\n`, `\t`, `\0`, `\\`, `\'`, `\a` (the value's simple escape).
    Simple(u8),
}

impl Unit {
    pub fn value(self) -> u32 {
        match self {
            Unit::Plain(c) | Unit::Simple(c) => c as u32,
            Unit::Hex(v, _) | Unit::Oct(v) => v,
        }
    }

    fn text(self) -> String {
        match self {
            Unit::Plain(c) => (c as char).to_string(),
            Unit::Hex(v, true) => format!("\\x{v:X}"),
            Unit::Hex(v, false) => format!("\\x{v:x}"),
            Unit::Oct(v) => format!("\\{v:o}"),
            Unit::Simple(c) => match c {
                b'\n' => "\\n".into(),
                b'\t' => "\\t".into(),
                0 => "\\0".into(),
                b'\\' => "\\\\".into(),
                b'\'' => "\\'".into(),
                _ => "\\a".into(),
            },
        }
    }
}

/// A character constant: prefix and code units (one, or two for a plain multi-character
/// constant). Each unit's value fits the prefix's width (8, 16 or 32 bits).
#[derive(Clone, Debug, PartialEq)]
pub struct CharLit {
    pub prefix: CharPrefix,
    pub units: Vec<Unit>,
}

impl CharLit {
    pub fn text(&self) -> String {
        let p = match self.prefix {
            CharPrefix::None => "",
            CharPrefix::L => "L",
            CharPrefix::U16 => "u",
            CharPrefix::U32 => "U",
        };
        let body: String = self.units.iter().map(|u| u.text()).collect();
        // An octal escape followed by a digit would take it: there is none (at most two units,
        // and an `Oct` unit always has three digits or is last) — see `Gen::char_lit`.
        format!("{p}'{body}'")
    }

    /// Its type and value: a plain constant is an `int` (one unit: the byte as a signed
    /// `char`; more: the bytes, first most significant, as a 32-bit `int`); a prefixed one
    /// has its prefix's type and the unit's value converted to it.
    pub fn value(&self, dm: DataModel) -> (i128, IntType) {
        let t = match (self.prefix, dm) {
            (CharPrefix::None, _) => IntType::Int,
            (CharPrefix::L, DataModel::Lp64) => IntType::Int,
            (CharPrefix::L, DataModel::Ilp32) => IntType::Long,
            (CharPrefix::U16, _) => IntType::UShort,
            (CharPrefix::U32, _) => IntType::UInt,
        };
        let v = match (self.prefix, self.units.as_slice()) {
            (CharPrefix::None, [u]) => IntType::SChar.wrap(u.value() as i128, dm),
            (CharPrefix::None, us) => {
                let v = us.iter().fold(0u32, |acc, u| (acc << 8) | u.value());
                v as i32 as i128
            }
            (_, us) => t.wrap(us.first().map_or(0, |u| u.value()) as i128, dm),
        };
        (v, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntType::*;

    fn sp(base: Base, upper: bool, size_first: bool) -> Spelling {
        Spelling {
            base,
            upper,
            size_first,
        }
    }

    #[test]
    fn spellings_have_the_type() {
        assert_eq!(spelled(11, Int, sp(Base::HexMixed, false, false)), "0xB");
        assert_eq!(
            spelled(2989, Int, sp(Base::HexUpper, false, false)),
            "0XBAD"
        );
        assert_eq!(spelled(5, UInt, sp(Base::Bin, true, false)), "0b101U");
        assert_eq!(spelled(15, ULong, sp(Base::Oct, false, true)), "017lu");
        assert_eq!(spelled(0, ULongLong, sp(Base::Oct, true, false)), "0ULL");
        assert_eq!(spelled(-7, Long, sp(Base::Hex, false, false)), "(-0x7l)");
        assert_eq!(
            spelled(i32::MIN as i128, Int, sp(Base::Dec, false, false)),
            "(-2147483647 - 1)"
        );
        assert_eq!(
            spelled(-3, SChar, sp(Base::Dec, false, false)),
            "((signed char)(-3))"
        );
    }

    #[test]
    fn character_constants_follow_gcc() {
        let c = |prefix, units: Vec<Unit>| CharLit { prefix, units };
        let l = c(CharPrefix::L, vec![Unit::Hex(0xff, false)]);
        assert_eq!(
            (l.text(), l.value(DataModel::Lp64)),
            ("L'\\xff'".into(), (255, Int))
        );
        let p = c(CharPrefix::None, vec![Unit::Oct(0o377)]);
        assert_eq!(
            (p.text(), p.value(DataModel::Lp64)),
            ("'\\377'".into(), (-1, Int))
        );
        let m = c(
            CharPrefix::None,
            vec![Unit::Plain(b'a'), Unit::Hex(0xff, true)],
        );
        assert_eq!(
            (m.text(), m.value(DataModel::Lp64)),
            ("'a\\xFF'".into(), (25087, Int))
        );
        let u = c(CharPrefix::U32, vec![Unit::Hex(0xffffffff, false)]);
        assert_eq!(u.value(DataModel::Ilp32), (4294967295, UInt));
        let w = c(CharPrefix::L, vec![Unit::Hex(0xffffffff, false)]);
        assert_eq!(w.value(DataModel::Ilp32), (-1, Long));
    }
}
