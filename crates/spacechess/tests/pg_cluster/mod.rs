//! Tests only (the store's unit tests and `server_postgres.rs`, so it lives here, outside
//! the program): a throwaway PostgreSQL cluster on a free loopback port, in a temporary
//! directory, with trust authentication and no disk flushes (about a second to start).
//! Every test process shares one (`shared`), and each test takes a fresh database in it
//! (`fresh_database`). A watcher process stops the cluster and removes its directory
//! when the test process ends, however it ends.
//!
//! The binaries are found through `PG_BIN`, else Debian's `/usr/lib/postgresql/*/bin`
//! (the newest), else `PATH`. Without them the tests that need a cluster print a notice
//! and pass (Debian: `apt-get install postgresql`). `initdb` refuses to run as
//! root, so as root every server command runs as the `postgres` user.

use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A running cluster; dropping it stops it and removes its files.
pub struct PgCluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    /// Root runs the server's commands as `postgres`.
    as_postgres: bool,
}

/// The directory of `initdb`, `pg_ctl` and `psql`, if PostgreSQL is installed.
fn binaries() -> Option<PathBuf> {
    let has_initdb = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("PG_BIN").map(PathBuf::from) {
        return has_initdb(&dir).then_some(dir);
    }
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            Some((version, e.path().join("bin")))
        })
        .filter(|(_, dir)| has_initdb(dir))
        .collect();
    debian.sort();
    if let Some((_, dir)) = debian.pop() {
        return Some(dir);
    }
    std::env::split_paths(&std::env::var_os("PATH")?).find(|dir| has_initdb(dir))
}

/// Runs a command to its end; its output is the error when it fails.
fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{cmd:?} failed ({}): {}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

impl PgCluster {
    /// Creates and starts a cluster; `Ok(None)` when PostgreSQL is not installed.
    pub fn start() -> Result<Option<PgCluster>, String> {
        let Some(bin) = binaries() else {
            return Ok(None);
        };
        let as_postgres = std::fs::metadata("/proc/self")
            .map(|m| m.uid() == 0)
            .unwrap_or(false);
        let dir = tempfile::Builder::new()
            .prefix("pg-test-")
            .tempdir()
            .map_err(|e| format!("no temporary directory: {e}"))?;
        if as_postgres {
            run(Command::new("chown").arg("postgres:").arg(dir.path()))?;
        }
        let mut cluster = PgCluster {
            dir,
            bin,
            port: 0,
            as_postgres,
        };
        let data = cluster.data();
        run(cluster
            .server_command("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-U", "postgres", "--auth=trust", "--no-sync"])
            .args(["-E", "UTF8", "--locale=C"]))?;
        // A free port may be taken between finding it and the server binding it: try a
        // few.
        let mut last = String::new();
        for _ in 0..5 {
            cluster.port = free_port()?;
            let options = format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off \
                 -c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
                cluster.port,
                cluster.dir.path().display()
            );
            let started = run(cluster
                .server_command("pg_ctl")
                .arg("-D")
                .arg(&data)
                .arg("-l")
                .arg(cluster.dir.path().join("log"))
                .args(["-w", "-t", "30", "-o", &options, "start"]));
            match started {
                Ok(()) => return Ok(Some(cluster)),
                Err(e) => last = e,
            }
        }
        Err(format!("the cluster did not start: {last}"))
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// A server command (`initdb`, `pg_ctl`) as the user who may run it.
    fn server_command(&self, name: &str) -> Command {
        let program = self.bin.join(name);
        if self.as_postgres {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(program);
            cmd
        } else {
            Command::new(program)
        }
    }

    /// The address of database `name` on this cluster.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs one SQL statement in the `postgres` database.
    pub fn sql(&self, statement: &str) -> Result<(), String> {
        run(Command::new(self.bin.join("psql"))
            .args([
                "-X",
                "-q",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                "127.0.0.1",
                "-U",
                "postgres",
            ])
            .args([
                "-p",
                &self.port.to_string(),
                "-d",
                "postgres",
                "-c",
                statement,
            ]))
    }

    /// A new empty database; returns its address.
    pub fn create_database(&self) -> Result<String, String> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!("test_{}", NEXT.fetch_add(1, Ordering::Relaxed));
        self.sql(&format!("CREATE DATABASE {name}"))?;
        Ok(self.url(&name))
    }

    /// Stops the cluster and removes its files when this process ends, even if it is
    /// killed (a static is never dropped): a shell waits for this process to go.
    fn stop_with_this_process(&self) -> Result<(), String> {
        let stop = format!(
            "{}{} -D '{}' -m immediate -w stop",
            if self.as_postgres {
                "runuser -u postgres -- "
            } else {
                ""
            },
            self.bin.join("pg_ctl").display(),
            self.data().display()
        );
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; {stop} >/dev/null 2>&1; rm -rf '{dir}'",
            pid = std::process::id(),
            dir = self.dir.path().display()
        );
        Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(|_| ())
            .map_err(|e| format!("cannot start the cluster's watcher: {e}"))
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let data = self.data();
        let _ = run(self.server_command("pg_ctl").arg("-D").arg(&data).args([
            "-m",
            "immediate",
            "-w",
            "stop",
        ]));
    }
}

fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// The test process's cluster, started on first use; `None` (after a notice) when
/// PostgreSQL is not installed. A cluster that fails to start fails the test.
pub fn shared() -> Option<&'static PgCluster> {
    static CLUSTER: OnceLock<Option<PgCluster>> = OnceLock::new();
    CLUSTER
        .get_or_init(|| {
            let cluster = PgCluster::start().unwrap_or_else(|e| panic!("{e}"))?;
            cluster
                .stop_with_this_process()
                .unwrap_or_else(|e| panic!("{e}"));
            Some(cluster)
        })
        .as_ref()
        .or_else(|| {
            eprintln!(
                "PostgreSQL is not installed (no initdb in PG_BIN, /usr/lib/postgresql/*/bin \
                 or PATH): the PostgreSQL store's test is skipped"
            );
            None
        })
}

/// The address of a new empty database on the shared cluster, if PostgreSQL is
/// installed.
pub fn fresh_database() -> Option<String> {
    let cluster = shared()?;
    Some(cluster.create_database().unwrap_or_else(|e| panic!("{e}")))
}
