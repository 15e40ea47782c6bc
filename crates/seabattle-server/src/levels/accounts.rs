//! The level accounts this server has, a leaf the hub may hold without naming the
//! levels' code.

use crate::ids::AccountId;
use seabattle_bots::Level;
use std::sync::{PoisonError, RwLock};

/// The level accounts this server has, found or made at start.
#[derive(Default)]
pub struct Levels {
    pub(super) accounts: RwLock<Vec<(Level, AccountId)>>,
}

impl Levels {
    /// The account `level` plays rated games under, if it has one.
    pub fn account(&self, level: Level) -> Option<AccountId> {
        self.read()
            .iter()
            .find(|(l, _)| *l == level)
            .map(|(_, a)| *a)
    }

    /// The level that plays under `account`, if one does.
    pub fn level_of(&self, account: AccountId) -> Option<Level> {
        self.read()
            .iter()
            .find(|(_, a)| *a == account)
            .map(|(l, _)| *l)
    }

    /// Every level with its account.
    pub fn all(&self) -> Vec<(Level, AccountId)> {
        self.read().clone()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<(Level, AccountId)>> {
        self.accounts.read().unwrap_or_else(PoisonError::into_inner)
    }
}
