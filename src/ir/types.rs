//! C integer types, their widths under a data model, and C's conversion rules.

use std::fmt;

/// The data model of the target: SV-COMP's `ILP32` (32-bit) or `LP64` (64-bit, the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DataModel {
    Ilp32,
    #[default]
    Lp64,
}

/// The integer types of C (`_Bool` included). `char` is signed, as on x86.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntType {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

/// Names ara's emitted programs use for themselves; user identifiers are renamed away from them.
pub const RESERVED_NAMES: &[&str] = &[
    "main",
    "reach_error",
    "abort",
    "exit",
    "__assert_fail",
    "__VERIFIER_assume",
    "__VERIFIER_error",
    "ara_loc",
    // The heap of symbolic-size arrays in emitted programs and replays (`emit`, `engines::concrete::replay`).
    "malloc",
    "calloc",
    "ara_alloc",
    "ara_alloc_zero",
    "ara_nonnull",
    "ara_idx",
    "ara_k",
    "ara_heap_fill",
    "ara_heap_value",
];

impl IntType {
    pub fn is_signed(self) -> bool {
        use IntType::*;
        matches!(self, Char | SChar | Short | Int | Long | LongLong)
    }

    /// Width in bits under the data model (`_Bool` is 8 bits of storage holding 0 or 1).
    pub fn bits(self, dm: DataModel) -> u32 {
        use IntType::*;
        match self {
            Bool | Char | SChar | UChar => 8,
            Short | UShort => 16,
            Int | UInt => 32,
            Long | ULong => match dm {
                DataModel::Ilp32 => 32,
                DataModel::Lp64 => 64,
            },
            LongLong | ULongLong => 64,
        }
    }

    /// Conversion rank (C11 6.3.1.1).
    fn rank(self) -> u8 {
        use IntType::*;
        match self {
            Bool => 0,
            Char | SChar | UChar => 1,
            Short | UShort => 2,
            Int | UInt => 3,
            Long | ULong => 4,
            LongLong | ULongLong => 5,
        }
    }

    fn to_unsigned(self) -> IntType {
        use IntType::*;
        match self {
            Char | SChar => UChar,
            Short => UShort,
            Int => UInt,
            Long => ULong,
            LongLong => ULongLong,
            t => t,
        }
    }

    /// Integer promotion: types of rank below `int` become `int`.
    pub fn promote(self) -> IntType {
        if self.rank() < IntType::Int.rank() {
            IntType::Int
        } else {
            self
        }
    }

    /// The usual arithmetic conversions (C11 6.3.1.8) for the operands of a binary operator.
    pub fn usual_arith(a: IntType, b: IntType, dm: DataModel) -> IntType {
        let (a, b) = (a.promote(), b.promote());
        if a == b {
            return a;
        }
        if a.is_signed() == b.is_signed() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
        if u.rank() >= s.rank() {
            u
        } else if s.bits(dm) > u.bits(dm) {
            s
        } else {
            s.to_unsigned()
        }
    }

    /// Smallest and largest value.
    pub fn range(self, dm: DataModel) -> (i128, i128) {
        if self == IntType::Bool {
            return (0, 1);
        }
        let n = self.bits(dm);
        if self.is_signed() {
            (-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1)
        } else {
            (0, (1i128 << n) - 1)
        }
    }

    /// `v` converted to this type as C does (wrap-around modulo 2^n; `_Bool`: v != 0).
    pub fn wrap(self, v: i128, dm: DataModel) -> i128 {
        if self == IntType::Bool {
            return (v != 0) as i128;
        }
        let n = self.bits(dm);
        let m = 1i128 << n;
        let r = v.rem_euclid(m);
        if self.is_signed() && r >= m / 2 {
            r - m
        } else {
            r
        }
    }

    /// The C spelling of the type.
    pub fn c_name(self) -> &'static str {
        use IntType::*;
        match self {
            Bool => "_Bool",
            Char => "char",
            SChar => "signed char",
            UChar => "unsigned char",
            Short => "short",
            UShort => "unsigned short",
            Int => "int",
            UInt => "unsigned int",
            Long => "long",
            ULong => "unsigned long",
            LongLong => "long long",
            ULongLong => "unsigned long long",
        }
    }

    /// The SV-COMP nondet function returning this type, and whether its result needs a cast.
    pub fn nondet_fn(self) -> &'static str {
        use IntType::*;
        match self {
            Bool => "__VERIFIER_nondet_bool",
            Char | SChar => "__VERIFIER_nondet_char",
            UChar => "__VERIFIER_nondet_uchar",
            Short => "__VERIFIER_nondet_short",
            UShort => "__VERIFIER_nondet_ushort",
            Int => "__VERIFIER_nondet_int",
            UInt => "__VERIFIER_nondet_uint",
            Long => "__VERIFIER_nondet_long",
            ULong => "__VERIFIER_nondet_ulong",
            LongLong => "__VERIFIER_nondet_longlong",
            ULongLong => "__VERIFIER_nondet_ulonglong",
        }
    }

    /// The type returned by an SV-COMP nondet function name (`__VERIFIER_nondet_uint` → UInt).
    pub fn from_nondet_fn(name: &str) -> Option<IntType> {
        use IntType::*;
        let suffix = name.strip_prefix("__VERIFIER_nondet_")?;
        Some(match suffix {
            "bool" | "_Bool" => Bool,
            "char" => Char,
            "uchar" | "unsigned_char" => UChar,
            "short" => Short,
            "ushort" | "unsigned_short" => UShort,
            "int" => Int,
            "uint" | "unsigned" | "unsigned_int" | "u32" => UInt,
            "long" => Long,
            "ulong" | "unsigned_long" | "size_t" => ULong,
            "longlong" | "long_long" => LongLong,
            "ulonglong" | "unsigned_long_long" => ULongLong,
            _ => return None,
        })
    }
}

impl fmt::Display for IntType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.c_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_arithmetic_conversions() {
        use IntType::*;
        let dm = DataModel::Lp64;
        assert_eq!(IntType::usual_arith(Char, Short, dm), Int);
        assert_eq!(IntType::usual_arith(Int, UInt, dm), UInt);
        assert_eq!(IntType::usual_arith(Long, UInt, dm), Long);
        assert_eq!(IntType::usual_arith(Long, UInt, DataModel::Ilp32), ULong);
        assert_eq!(IntType::usual_arith(ULong, LongLong, dm), ULongLong);
    }

    #[test]
    fn wrapping() {
        let dm = DataModel::Lp64;
        assert_eq!(IntType::UInt.wrap(-1, dm), 4294967295);
        assert_eq!(IntType::Char.wrap(200, dm), -56);
        assert_eq!(IntType::Bool.wrap(7, dm), 1);
        assert_eq!(IntType::Long.range(DataModel::Ilp32).1, 2147483647);
    }
}
