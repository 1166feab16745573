//! CBMC (stub while the ESBMC side is built).
use super::{Backend, CheckOptions, RunCtx, Trace, Verdict};
use crate::error::AraError;
pub struct Cbmc;
impl Backend for Cbmc {
    fn check(
        &self,
        _ctx: &mut RunCtx,
        _file: &str,
        _opts: &CheckOptions,
    ) -> Result<(Verdict, Option<Trace>), AraError> {
        Err(AraError::Internal("todo".into()))
    }
}
