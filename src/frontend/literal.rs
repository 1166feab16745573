//! Integer and character constants: their value and C type, as gcc reads them on x86 and
//! x86-64 Linux (the two data models).
//!
//! Takes lang-c's pieces of an integer constant (base, digits without the `0x`/`0b`/`0`
//! prefix, suffix) or the whole text of a character constant (`'a'`, `L'\xff'`); gives the
//! value (an integer of the type) and the type, or a one-line reason when the constant is
//! outside the subset (the caller reports it as unsupported). Nothing is guessed:
//!
//! - Integer constants (C11 6.4.4.1): the type is the first of the candidates of the suffix
//!   and base that holds the value (decimal: only signed types without a `u`; hex, octal and
//!   binary: the unsigned ones too); a value no candidate holds is refused (gcc would give it
//!   `__int128` or warn).
//! - Character constants (C11 6.4.4.4, gcc's libcpp): a plain one has type `int`; with one
//!   character its value is that byte as a (signed, on x86) `char`; with 2 to 4 its value is
//!   the bytes, first most significant, as a 32-bit `int` (gcc's multi-character value).
//!   `L'c'` has type `wchar_t` (`int` on x86-64, `long` on i386: both 32-bit signed), `u'c'`
//!   `char16_t` (`unsigned short`), `U'c'` `char32_t` (`unsigned int`); their value is the
//!   one character's code (a source character's Unicode scalar value, an escape's value)
//!   converted to the type. Refused: more than 4 characters, a wide constant with more than
//!   one, an escape whose value does not fit the character's width, an unknown escape, a
//!   non-ASCII source character or universal character name in a plain constant (gcc encodes
//!   it as several UTF-8 bytes), an invalid universal character name.

use crate::ir::{DataModel, IntType};
use lang_c::ast::{IntegerBase, IntegerSize};

/// The value and type of an integer constant; `digits` are lang-c's (no base prefix).
pub fn integer(
    base: &IntegerBase,
    digits: &str,
    unsigned: bool,
    size: IntegerSize,
    dm: DataModel,
) -> Result<(i128, IntType), String> {
    let radix = match base {
        IntegerBase::Decimal => 10,
        IntegerBase::Octal => 8,
        IntegerBase::Hexadecimal => 16,
        IntegerBase::Binary => 2,
    };
    let v = u128::from_str_radix(digits, radix)
        .ok()
        .filter(|v| *v <= u64::MAX as u128)
        .ok_or("integer constant too large")?;
    let decimal = *base == IntegerBase::Decimal;
    let t = integer_type(v, decimal, unsigned, size, dm).ok_or("integer constant too large")?;
    Ok((v as i128, t))
}

/// The type of an integer constant (C11 6.4.4.1): the first candidate that holds the value.
fn integer_type(
    value: u128,
    decimal: bool,
    unsigned: bool,
    size: IntegerSize,
    dm: DataModel,
) -> Option<IntType> {
    use IntType::*;
    use IntegerSize as S;
    let cands: &[IntType] = match (unsigned, size, decimal) {
        (false, S::Int, true) => &[Int, Long, LongLong],
        (false, S::Int, false) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
        (false, S::Long, true) => &[Long, LongLong],
        (false, S::Long, false) => &[Long, ULong, LongLong, ULongLong],
        (false, S::LongLong, true) => &[LongLong],
        (false, S::LongLong, false) => &[LongLong, ULongLong],
        (true, S::Int, _) => &[UInt, ULong, ULongLong],
        (true, S::Long, _) => &[ULong, ULongLong],
        (true, S::LongLong, _) => &[ULongLong],
    };
    cands
        .iter()
        .copied()
        .find(|t| value <= t.range(dm).1 as u128)
}

/// The encoding prefix of a character constant.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefix {
    None,
    /// `L`: `wchar_t`.
    L,
    /// `u`: `char16_t`.
    U16,
    /// `U`: `char32_t`.
    U32,
}

impl Prefix {
    fn ty(self, dm: DataModel) -> IntType {
        match (self, dm) {
            (Prefix::None, _) => IntType::Int,
            (Prefix::L, DataModel::Lp64) => IntType::Int,
            (Prefix::L, DataModel::Ilp32) => IntType::Long,
            (Prefix::U16, _) => IntType::UShort,
            (Prefix::U32, _) => IntType::UInt,
        }
    }

    /// Bits of one character (code unit).
    fn width(self) -> u32 {
        match self {
            Prefix::None => 8,
            Prefix::U16 => 16,
            Prefix::L | Prefix::U32 => 32,
        }
    }
}

/// The value and type of a character constant from its text (`'a'`, `'\n'`, `L'\xff'`).
pub fn character(text: &str, dm: DataModel) -> Result<(i128, IntType), String> {
    let (prefix, rest) = match text.as_bytes().first() {
        Some(b'L') => (Prefix::L, &text[1..]),
        Some(b'u') => (Prefix::U16, &text[1..]),
        Some(b'U') => (Prefix::U32, &text[1..]),
        _ => (Prefix::None, text),
    };
    let inner = rest
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .ok_or_else(|| format!("character constant {text}"))?;
    let units =
        code_units(inner, prefix).map_err(|why| format!("character constant {text} ({why})"))?;
    let ty = prefix.ty(dm);
    let value = match (prefix, units.as_slice()) {
        (_, []) => return Err(format!("empty character constant {text}")),
        (Prefix::None, [c]) => IntType::SChar.wrap(*c as i128, dm),
        (Prefix::None, cs) if cs.len() <= 4 => {
            let v = cs.iter().fold(0u32, |acc, c| (acc << 8) | c);
            v as i32 as i128
        }
        (_, [c]) => ty.wrap(*c as i128, dm),
        _ => return Err(format!("character constant {text} too long for its type")),
    };
    Ok((value, ty))
}

/// The code units of a character constant's body, each checked to fit the prefix's width.
fn code_units(inner: &str, prefix: Prefix) -> Result<Vec<u32>, String> {
    let mut out = vec![];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        let v = if c == '\\' {
            escape(&mut chars, prefix)?
        } else if c.is_ascii() || prefix != Prefix::None {
            c as u32
        } else {
            return Err(format!("non-ASCII character {c:?}"));
        };
        if prefix.width() < 32 && v >> prefix.width() != 0 {
            return Err("character or escape sequence out of range".into());
        }
        out.push(v);
    }
    Ok(out)
}

/// The value of the escape sequence after a `\`.
fn escape(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    prefix: Prefix,
) -> Result<u32, String> {
    let e = chars.next().ok_or("lone backslash")?;
    Ok(match e {
        'n' => 10,
        't' => 9,
        'r' => 13,
        'a' => 7,
        'b' => 8,
        'f' => 12,
        'v' => 11,
        'e' | 'E' => 27,
        '\\' | '\'' | '"' | '?' => e as u32,
        '0'..='7' => {
            let mut v = e.to_digit(8).unwrap_or(0);
            for _ in 0..2 {
                match chars.peek().and_then(|c| c.to_digit(8)) {
                    Some(d) => {
                        v = v * 8 + d;
                        chars.next();
                    }
                    None => break,
                }
            }
            v
        }
        'x' => {
            let mut v: u64 = 0;
            let mut n = 0;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                v = (v << 4) | d as u64;
                n += 1;
                chars.next();
                if v > u32::MAX as u64 {
                    return Err("escape sequence out of range".into());
                }
            }
            if n == 0 {
                return Err("\\x without digits".into());
            }
            v as u32
        }
        'u' | 'U' => {
            let len = if e == 'u' { 4 } else { 8 };
            let digits: String = (0..len).filter_map(|_| chars.next()).collect();
            let v = (digits.len() == len)
                .then(|| u32::from_str_radix(&digits, 16).ok())
                .flatten()
                .ok_or("invalid universal character name")?;
            let valid = (0xa0..=0x10ffff).contains(&v) && !(0xd800..=0xdfff).contains(&v);
            if prefix == Prefix::None || !valid {
                return Err("universal character name".into());
            }
            v
        }
        _ => return Err(format!("unknown escape sequence \\{e}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use DataModel::{Ilp32, Lp64};
    use IntType::*;

    /// lang-c's pieces of a constant's text (the tests write constants as in C).
    fn int(text: &str, dm: DataModel) -> Result<(i128, IntType), String> {
        let body = text.trim_end_matches(['u', 'U', 'l', 'L']);
        let suffix = &text[body.len()..].to_ascii_lowercase();
        let (base, digits) = if let Some(d) = body.strip_prefix("0x").or(body.strip_prefix("0X")) {
            (IntegerBase::Hexadecimal, d)
        } else if let Some(d) = body.strip_prefix("0b").or(body.strip_prefix("0B")) {
            (IntegerBase::Binary, d)
        } else if body.len() > 1 && body.starts_with('0') {
            (IntegerBase::Octal, &body[1..])
        } else {
            (IntegerBase::Decimal, body)
        };
        let size = if suffix.contains("ll") {
            IntegerSize::LongLong
        } else if suffix.contains('l') {
            IntegerSize::Long
        } else {
            IntegerSize::Int
        };
        integer(&base, digits, suffix.contains('u'), size, dm)
    }

    /// Golden values and types from gcc 12 (`-m64`; `-m32` via `_Static_assert` on
    /// `_Generic` types).
    #[test]
    fn integer_constants_follow_gcc() {
        let cases: &[(&str, i128, IntType, IntType)] = &[
            ("0xB", 11, Int, Int),
            ("0Xb", 11, Int, Int),
            ("0xBAD", 2989, Int, Int),
            ("0xBF", 191, Int, Int),
            ("0b101", 5, Int, Int),
            ("0B1", 1, Int, Int),
            ("017", 15, Int, Int),
            ("0", 0, Int, Int),
            ("10u", 10, UInt, UInt),
            ("10lu", 10, ULong, ULong),
            ("10LLU", 10, ULongLong, ULongLong),
            ("10uLL", 10, ULongLong, ULongLong),
            ("0xffffffff", 4294967295, UInt, UInt),
            ("4294967295", 4294967295, Long, LongLong),
            ("4294967296", 4294967296, Long, LongLong),
            ("2147483647", 2147483647, Int, Int),
            ("2147483648", 2147483648, Long, LongLong),
            ("0x80000000", 2147483648, UInt, UInt),
            ("0x100000000", 4294967296, Long, LongLong),
            ("0xffffffffffffffff", u64::MAX as i128, ULong, ULongLong),
            ("0x8000000000000000L", 1 << 63, ULong, ULongLong),
            ("0xffffffffL", 4294967295, Long, ULong),
            ("037777777777", 4294967295, UInt, UInt),
            ("9223372036854775807", i64::MAX as i128, Long, LongLong),
            ("1l", 1, Long, Long),
            ("1ll", 1, LongLong, LongLong),
        ];
        for (text, v, t64, t32) in cases {
            assert_eq!(int(text, Lp64), Ok((*v, *t64)), "{text} LP64");
            assert_eq!(int(text, Ilp32), Ok((*v, *t32)), "{text} ILP32");
        }
        assert!(int("9223372036854775808", Lp64).is_err());
        assert!(int("0x10000000000000000", Lp64).is_err());
    }

    /// Golden values from a gcc 12 run (`printf` of the constants, x86-64).
    #[test]
    fn character_constants_follow_gcc() {
        let cases: &[(&str, i128, IntType)] = &[
            ("'a'", 97, Int),
            ("'\\n'", 10, Int),
            ("'\\0'", 0, Int),
            ("'\\x41'", 65, Int),
            ("'\\377'", -1, Int),
            ("'\\xff'", -1, Int),
            ("'\\''", 39, Int),
            ("'\\1234'", 21300, Int),
            ("'ab'", 24930, Int),
            ("'\\xff\\x01'", 65281, Int),
            ("'abcd'", 1633837924, Int),
            ("'\\x80\\x00'", 32768, Int),
            ("'\\1\\2\\3\\4'", 16909060, Int),
            ("'\\xff\\xff\\xff\\xff'", -1, Int),
            ("L'\\xff'", 255, Int),
            ("L'\\xffffffff'", -1, Int),
            ("L'\\u00e9'", 233, Int),
            ("L'\u{e9}'", 233, Int),
            ("U'\\xffffffff'", 4294967295, UInt),
            ("U'\\377'", 255, UInt),
            ("u'\\xffff'", 65535, UShort),
            ("u'a'", 97, UShort),
        ];
        for (text, v, t) in cases {
            assert_eq!(character(text, Lp64), Ok((*v, *t)), "{text}");
        }
        assert_eq!(character("L'a'", Ilp32), Ok((97, Long)));
        for bad in [
            "'abcde'",
            "L'ab'",
            "'\\x100'",
            "u'\\x10000'",
            "'\\q'",
            "'\u{e9}'",
            "'\\u00e9'",
            "U'\\x100000000'",
        ] {
            assert!(character(bad, Lp64).is_err(), "{bad}");
        }
    }
}
