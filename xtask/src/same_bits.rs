//! `cargo xtask same-bits`: every pinned run (tests/pins.tsv) on Linux,
//! on Windows under Wine, and in the page in Chromium, and each checksum
//! compared with the pinned one, bit for bit. It fails on any difference,
//! naming the run and the three checksums.
//!
//! Linux runs the release build headless; Windows, the `.exe` in a
//! throw-away Wine prefix ([`crate::windows`]); the page (`cargo xtask
//! web`, served on 127.0.0.1) runs them itself at `index.html#pins`, one a
//! frame, logging each checksum to the console, which headless Chromium
//! writes to its standard error.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The page's runs take a minute here; a page that stops answering is
/// given up on after this.
const PAGE_TIMEOUT: Duration = Duration::from_secs(600);

/// Headless Chromium as the web test starts it (software GL, none of its
/// own connections), its console written to its standard error.
const CHROMIUM: &str = "--headless=new --no-sandbox --use-angle=swiftshader \
    --enable-unsafe-swiftshader --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --enable-logging=stderr --v=0";

pub fn check() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ws = crate::Workspace::read(&cargo)?;
    let rows = crate::pin::read(&ws.root.join(crate::pin::FILE))?;
    crate::run(Command::new(&cargo).current_dir(&ws.root).args([
        "build",
        "--release",
        "--locked",
    ]))?;
    let linux_binary = ws.target.join("release/steering-demos");
    let linux = crate::pin::in_parallel(&rows, |(flags, _)| {
        let args: Vec<&str> = flags.iter().map(String::as_str).collect();
        let mut command = Command::new(&linux_binary);
        checksum_of(
            command.args(&args).env("XDG_CONFIG_HOME", "/nonexistent"),
            &args,
        )
    })?;
    println!("same-bits: Linux ran {} pinned runs", rows.len());
    let exe = crate::windows::build(&cargo, &ws.root, &ws.target)?;
    let wine = crate::windows::Wine::new(&ws.target.join("wine"), &exe)?;
    let windows = wine.checksums(&rows)?;
    println!("same-bits: Windows (Wine) ran {} pinned runs", rows.len());
    crate::web()?;
    let page = page(&ws.target.join("web"), rows.len())?;
    println!(
        "same-bits: the page (Chromium) ran {} pinned runs",
        rows.len()
    );
    let differ: Vec<String> = (rows.iter().enumerate())
        .filter(|(k, (_, pinned))| {
            [&linux[*k], &windows[*k], &page[*k]]
                .iter()
                .any(|c| *c != pinned)
        })
        .map(|(k, (args, pinned))| {
            format!(
                "{}: pinned {pinned}, Linux {}, Windows {}, page {}",
                args.join(" "),
                linux[k],
                windows[k],
                page[k]
            )
        })
        .collect();
    if !differ.is_empty() {
        return Err(format!(
            "{} of {} pinned runs differ:\n{}",
            differ.len(),
            rows.len(),
            differ.join("\n")
        ));
    }
    println!(
        "same-bits: all {} pinned runs give the same checksum on Linux, Windows and in the page",
        rows.len()
    );
    Ok(())
}

/// The checksum a headless run's JSON report gives.
pub fn checksum_of(command: &mut Command, args: &[&str]) -> Result<String, String> {
    checksum_in(&crate::run_output(command)?, args)
}

/// The checksum in `out`, a headless run's JSON report.
pub fn checksum_in(out: &[u8], args: &[&str]) -> Result<String, String> {
    let report: serde_json::Value = serde_json::from_slice(out)
        .map_err(|e| format!("{}: not one JSON line: {e}", args.join(" ")))?;
    (report["checksum"].as_str().map(String::from))
        .ok_or_else(|| format!("{}: no checksum", args.join(" ")))
}

/// The page's checksums, served from `web` and run in headless Chromium.
fn page(web: &Path, count: usize) -> Result<Vec<String>, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let mut server = Command::new("python3")
        .args([
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            &port.to_string(),
            "--directory",
        ])
        .arg(web)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot serve the page with python3: {e}"))?;
    std::thread::sleep(Duration::from_millis(500));
    let profile = web.parent().unwrap_or(web).join("chromium-same-bits");
    let _ = std::fs::remove_dir_all(&profile);
    let chromium = Command::new("chromium")
        .args(CHROMIUM.split_whitespace())
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("http://127.0.0.1:{port}/index.html#pins"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    let result = match chromium {
        Ok(mut chromium) => {
            let read = read_console(chromium.stderr.take(), count);
            let _ = chromium.kill();
            let _ = chromium.wait();
            read
        }
        Err(e) => Err(format!("cannot start chromium (Debian's chromium): {e}")),
    };
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&profile);
    result
}

/// The `pin K CHECKSUM` lines of the page's console, until `pins done`
/// (or [`PAGE_TIMEOUT`] without it).
fn read_console(
    stderr: Option<std::process::ChildStderr>,
    count: usize,
) -> Result<Vec<String>, String> {
    let stderr = stderr.ok_or("chromium has no standard error")?;
    let (send, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut got = vec![String::new(); count];
    let until = Instant::now() + PAGE_TIMEOUT;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let line = match lines.recv_timeout(left) {
            Ok(line) => line,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                return Err(format!("the page did not finish in {PAGE_TIMEOUT:?}"));
            }
            Err(_) => return Err("chromium stopped before the page said `pins done`".into()),
        };
        let Some(said) = line.split('"').nth(1) else {
            continue;
        };
        if let Some(done) = said.strip_prefix("pins done ") {
            if done != count.to_string() {
                return Err(format!("the page ran {done} pins, not {count}"));
            }
            return Ok(got);
        }
        if said.starts_with("pins failed") {
            return Err(format!("the page: {said}"));
        }
        if let Some(rest) = said.strip_prefix("pin ") {
            let bad = || format!("the page said {said:?}");
            let (k, sum) = rest.split_once(' ').ok_or_else(bad)?;
            let k: usize = k.parse().map_err(|_| bad())?;
            *got.get_mut(k).ok_or_else(bad)? = sum.to_string();
        }
    }
}
