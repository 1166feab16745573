//! Checker back ends (ESBMC, CBMC). (Being written: issue 3.)
