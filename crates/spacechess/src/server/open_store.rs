//! Where `serve` keeps its games, chosen once at start: SQLite in the data directory (the
//! default), or PostgreSQL when `--store postgres://…` names a database. A bad address or
//! an unreachable database stops the start with a message naming it.

use super::service::{Service, ServiceConfig};
use super::store::{PgStore, SqliteStore};
use crate::failure::Failure;
use std::path::PathBuf;
use std::sync::Arc;

/// The store `serve` opened.
pub(super) enum Opened {
    Sqlite(SqliteStore),
    Postgres(Arc<PgStore>),
}

impl Opened {
    /// Opens the PostgreSQL database at `url` if given, else the SQLite database in the
    /// data directory (created if missing).
    pub(super) fn open(store: Option<&str>, data: Option<PathBuf>) -> Result<Opened, Failure> {
        match store {
            Some(url) => open_postgres(url).map(|s| Opened::Postgres(Arc::new(s))),
            None => open_sqlite(data).map(Opened::Sqlite),
        }
    }

    /// The game service over this store. Over PostgreSQL it joins the other instances
    /// on the same database (the change feed, leases, presence, the database's clock).
    pub(super) fn into_service(
        self,
        config: ServiceConfig,
        runtime: tokio::runtime::Handle,
    ) -> Result<Arc<Service>, Failure> {
        match self {
            Opened::Sqlite(s) => Ok(Service::new(s, config, runtime)),
            Opened::Postgres(s) => {
                let service = Service::over(Arc::clone(&s) as _, config, runtime);
                service
                    .join_cluster(s)
                    .map_err(|e| Failure(format!("cannot join the other instances: {e}")))?;
                Ok(service)
            }
        }
    }
}

fn open_sqlite(data: Option<PathBuf>) -> Result<SqliteStore, Failure> {
    let data = match data {
        Some(d) => d,
        None => super::default_data_dir()?,
    };
    std::fs::create_dir_all(&data)
        .map_err(|e| Failure(format!("cannot create {}: {e}", data.display())))?;
    let db = data.join("games.sqlite");
    SqliteStore::open(&db).map_err(|e| Failure(format!("cannot open {}: {e}", db.display())))
}

fn open_postgres(url: &str) -> Result<PgStore, Failure> {
    let shown = without_password(url);
    // Only PostgreSQL's URL form: `--store` may name other kinds of store one day, and a
    // bare `host=… dbname=…` would not say which.
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        return Err(Failure(format!(
            "--store {shown:?} is not a PostgreSQL address \
             (postgres://user[:password]@host[:port]/database)"
        )));
    }
    let store = PgStore::connect(url)
        .map_err(|e| Failure(format!("cannot open the PostgreSQL store {shown}: {e}")))?;
    match store.migrations_run() {
        0 => {}
        1 => eprintln!("spacechess: {shown}: ran 1 schema migration"),
        n => eprintln!("spacechess: {shown}: ran {n} schema migrations"),
    }
    Ok(store)
}

/// The address as it may be printed: a password in it becomes `***`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    // The user information ends at the last `@` before the path.
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_string();
    };
    match rest[..at].split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_address_is_shown_without_its_password() {
        assert_eq!(
            without_password("postgres://chess:s3cr@t@db.example:5432/games?sslmode=disable"),
            "postgres://chess:***@db.example:5432/games?sslmode=disable"
        );
        assert_eq!(
            without_password("postgres://chess@db:5432/games"),
            "postgres://chess@db:5432/games"
        );
        assert_eq!(
            without_password("postgres://db/games"),
            "postgres://db/games"
        );
        assert_eq!(without_password("not an address"), "not an address");
    }

    #[test]
    fn a_store_that_is_not_postgres_is_refused_before_connecting() {
        let Err(Failure(why)) = Opened::open(Some("mysql://root:pw@db/games"), None) else {
            panic!("a MySQL address was accepted");
        };
        assert!(why.contains("not a PostgreSQL address"), "{why}");
        assert!(why.contains("mysql://root:***@db/games"), "{why}");
    }
}
