//! PostgreSQL: the schema is in `migrations/postgres/`, and the queries in `sql.rs` are
//! written in the SQL both backends share, but no client is linked into this build.

use crate::error::StoreError;
use crate::store::Store;
use std::sync::Arc;

/// Refuses: PostgreSQL support is not built in yet.
pub(super) fn open(_url: &str) -> Result<Arc<dyn Store>, StoreError> {
    Err(StoreError::Unsupported(
        "postgres:// is not built in yet; use sqlite://PATH",
    ))
}
