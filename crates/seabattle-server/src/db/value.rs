//! Values in and out of either database, so each query is written once: a parameter
//! is a [`Param`] (any [`ToParam`]), a row comes back as a [`Row`] whose columns are
//! read by name ([`Row::get`]), and a type that is a row implements [`FromRow`].
//!
//! Each driver turns a `Param` into its own type where the statement says which: the
//! same `Param::Int` binds an SQLite INTEGER and a PostgreSQL SMALLINT, INTEGER or
//! BIGINT alike, and a value out of range is an error, never cut short.

use super::error::StoreError;
use std::sync::Arc;

/// A value bound to a statement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Param<'a> {
    /// NULL.
    Null,
    /// An integer, for any integer column (and a boolean one).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(&'a str),
}

/// What can be bound to a statement.
pub trait ToParam {
    /// The value as bound.
    fn to_param(&self) -> Param<'_>;
}

/// A value read back.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// NULL.
    Null,
    /// An integer column (and a boolean one).
    Int(i64),
    /// A floating-point column.
    Real(f64),
    /// A text column.
    Text(String),
}

/// What a column can be read as. The error names what was found instead.
pub trait FromValue: Sized {
    /// Reads `v`.
    fn from_value(v: &Value) -> Result<Self, String>;
}

/// A row read back: its columns by name.
#[derive(Clone, Debug)]
pub struct Row {
    names: Arc<[String]>,
    values: Vec<Value>,
}

impl Row {
    /// A row of `values` under the query's column `names`.
    pub(super) fn new(names: Arc<[String]>, values: Vec<Value>) -> Row {
        Row { names, values }
    }

    /// The column `name`, read as `T`.
    pub fn get<T: FromValue>(&self, name: &str) -> Result<T, StoreError> {
        let at = self
            .names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| StoreError::corrupt(format!("no column {name:?} in the row")))?;
        T::from_value(&self.values[at])
            .map_err(|e| StoreError::corrupt(format!("column {name:?}: {e}")))
    }

    /// The first column, read as `T`: for a query of one value.
    pub fn first<T: FromValue>(&self) -> Result<T, StoreError> {
        let v = self
            .values
            .first()
            .ok_or_else(|| StoreError::corrupt("a row without columns"))?;
        T::from_value(v).map_err(|e| StoreError::corrupt(format!("first column: {e}")))
    }
}

/// A type read from a whole row.
pub trait FromRow: Sized {
    /// Reads `row`.
    fn from_row(row: &Row) -> Result<Self, StoreError>;
}

/// A query's one value: the row's first column.
pub struct One<T>(pub T);

impl<T: FromValue> FromRow for One<T> {
    fn from_row(row: &Row) -> Result<Self, StoreError> {
        row.first().map(One)
    }
}

fn found(v: &Value) -> &'static str {
    match v {
        Value::Null => "NULL",
        Value::Int(_) => "an integer",
        Value::Real(_) => "a number",
        Value::Text(_) => "text",
    }
}

impl FromValue for i64 {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Int(i) => Ok(*i),
            other => Err(format!("expected an integer, found {}", found(other))),
        }
    }
}

impl FromValue for u32 {
    fn from_value(v: &Value) -> Result<Self, String> {
        let i = i64::from_value(v)?;
        u32::try_from(i).map_err(|_| format!("{i} is out of range"))
    }
}

impl FromValue for usize {
    fn from_value(v: &Value) -> Result<Self, String> {
        let i = i64::from_value(v)?;
        usize::try_from(i).map_err(|_| format!("{i} is out of range"))
    }
}

impl FromValue for bool {
    fn from_value(v: &Value) -> Result<Self, String> {
        i64::from_value(v).map(|i| i != 0)
    }
}

impl FromValue for f64 {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Real(x) => Ok(*x),
            // SQLite keeps a whole REAL as an integer when it can.
            Value::Int(i) => Ok(*i as f64),
            other => Err(format!("expected a number, found {}", found(other))),
        }
    }
}

impl FromValue for String {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Text(s) => Ok(s.clone()),
            other => Err(format!("expected text, found {}", found(other))),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl FromValue for seabattle_core::Player {
    fn from_value(v: &Value) -> Result<Self, String> {
        match i64::from_value(v)? {
            1 => Ok(seabattle_core::Player::One),
            2 => Ok(seabattle_core::Player::Two),
            n => Err(format!("player {n}")),
        }
    }
}

impl FromValue for seabattle_core::Preset {
    fn from_value(v: &Value) -> Result<Self, String> {
        let name = String::from_value(v)?;
        name.parse().map_err(|_| format!("no preset {name:?}"))
    }
}

impl FromValue for crate::ids::GameId {
    fn from_value(v: &Value) -> Result<Self, String> {
        let id = String::from_value(v)?;
        crate::ids::GameId::parse(&id).ok_or_else(|| format!("{id:?} is no game id"))
    }
}

impl FromValue for crate::ids::AccountId {
    fn from_value(v: &Value) -> Result<Self, String> {
        i64::from_value(v).map(crate::ids::AccountId)
    }
}

impl ToParam for crate::ids::GameId {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self.as_str())
    }
}

impl ToParam for crate::ids::AccountId {
    fn to_param(&self) -> Param<'_> {
        Param::Int(self.0)
    }
}

impl<T: ToParam + ?Sized> ToParam for &T {
    fn to_param(&self) -> Param<'_> {
        (**self).to_param()
    }
}

impl ToParam for i64 {
    fn to_param(&self) -> Param<'_> {
        Param::Int(*self)
    }
}

impl ToParam for i32 {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::from(*self))
    }
}

impl ToParam for u32 {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::from(*self))
    }
}

impl ToParam for bool {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::from(*self))
    }
}

impl ToParam for f64 {
    fn to_param(&self) -> Param<'_> {
        Param::Real(*self)
    }
}

impl ToParam for str {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self)
    }
}

impl ToParam for String {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self)
    }
}

impl<T: ToParam> ToParam for Option<T> {
    fn to_param(&self) -> Param<'_> {
        self.as_ref().map_or(Param::Null, ToParam::to_param)
    }
}

impl ToParam for seabattle_core::Player {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::from(self.number()))
    }
}

impl ToParam for seabattle_core::Preset {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self.name())
    }
}

/// A statement's parameters, in the order of `$1`, `$2`, …: `params![id, seat]`.
macro_rules! params {
    ($($p:expr),* $(,)?) => {
        &[$(&$p as &dyn $crate::db::ToParam),*] as &[&dyn $crate::db::ToParam]
    };
}
pub(crate) use params;

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::Player;

    #[test]
    fn columns_are_read_by_name_and_a_wrong_type_says_which_column() {
        let row = Row::new(
            Arc::from(vec!["id".to_string(), "player".into(), "rated".into()]),
            vec![Value::Text("g1".into()), Value::Int(2), Value::Int(1)],
        );
        assert_eq!(row.get::<String>("id").unwrap(), "g1");
        assert_eq!(row.get::<Player>("player").unwrap(), Player::Two);
        assert!(row.get::<bool>("rated").unwrap());
        let e = row.get::<i64>("id").unwrap_err().to_string();
        assert!(e.contains("\"id\"") && e.contains("found text"), "{e}");
        let e = row.get::<i64>("nope").unwrap_err().to_string();
        assert!(e.contains("no column \"nope\""), "{e}");
        let e = Row::new(Arc::from(vec!["p".to_string()]), vec![Value::Int(3)])
            .get::<Player>("p")
            .unwrap_err()
            .to_string();
        assert!(e.contains("player 3"), "{e}");
    }

    #[test]
    fn parameters_bind_as_their_kind() {
        let some: Option<i64> = Some(3);
        let none: Option<&str> = None;
        let given = params![5i64, "x", true, 1.5f64, some, none, Player::One];
        let bound: Vec<Param<'_>> = given.iter().map(|p| p.to_param()).collect();
        assert_eq!(
            bound,
            [
                Param::Int(5),
                Param::Text("x"),
                Param::Int(1),
                Param::Real(1.5),
                Param::Int(3),
                Param::Null,
                Param::Int(1)
            ]
        );
    }
}
