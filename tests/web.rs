//! The web build, end to end: `target/web` (made by `cargo xtask web`) served
//! on 127.0.0.1, loaded in headless Chromium (WebGL through SwiftShader),
//! driven over the DevTools protocol as a person would: it must draw a
//! non-blank stage, a click must toggle the force overlay, the number keys
//! must reach every scene, P and M must open the lab's panel and chart,
//! the plus and minus keys must turn the path radius, and the console
//! (where the page prints the `--log-events` lines) must show no error and
//! no JavaScript function the .wasm expected but the page lacks.
//!
//! Without target/web or Chromium the test says it was skipped and passes;
//! under CI (`CI=true`) a skip is a failure.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use steering_demos::scenes::registry::SCENES;

/// The page's size in CSS pixels (the canvas fills it).
const PAGE: (u32, u32) = (960, 600);
/// The stage's paper colour (#f4f1ea).
const PAPER: [u8; 3] = [0xf4, 0xf1, 0xea];

fn web_dir() -> PathBuf {
    // CARGO_TARGET_TMPDIR is <target>/tmp, wherever the target folder is.
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("web")
}

fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("CHROMIUM").map(PathBuf::from);
    named
        .into_iter()
        .chain(["/usr/bin/chromium", "/usr/bin/chromium-browser"].map(PathBuf::from))
        .find(|p| p.exists())
}

/// Serves a folder on 127.0.0.1 (GET only, one thread per connection).
fn serve(root: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || answer(stream, &root));
        }
    });
    port
}

fn answer(mut stream: TcpStream, root: &Path) {
    let mut request = String::new();
    let mut reader = BufReader::new(&stream);
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // The rest of the head is not needed.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path
        .split('?')
        .next()
        .unwrap_or("/")
        .trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let file = root.join(path);
    let inside = !path.split('/').any(|part| part == "..");
    let (status, kind, body) = match std::fs::read(&file) {
        Ok(body) if inside => ("200 OK", content_type(path), body),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        // compileStreaming insists on this one.
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// Kills the browser when the test ends, passed or not.
struct Browser {
    child: Child,
    _profile: TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts headless Chromium on a blank page; returns it and the DevTools
/// port it listens on.
fn start_chromium(binary: &Path) -> (Browser, u16) {
    let profile = TempDir(
        std::env::temp_dir().join(format!("steering-demos-web-test-{}", std::process::id())),
    );
    let mut child = Command::new(binary)
        .args([
            "--headless=new",
            "--no-sandbox",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            &format!("--window-size={},{}", PAGE.0, PAGE.1),
            &format!("--user-data-dir={}", profile.0.display()),
            "about:blank",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID"
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("ws://127.0.0.1:").nth(1) {
                let port = rest.split('/').next().and_then(|p| p.parse::<u16>().ok());
                let _ = tx.send(port);
            }
        }
    });
    let browser = Browser {
        child,
        _profile: profile,
    };
    let port = rx
        .recv_timeout(Duration::from_secs(30))
        .ok()
        .flatten()
        .expect("chromium prints its DevTools address within 30 s");
    (browser, port)
}

/// A GET on the DevTools HTTP endpoint.
fn http_get(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("devtools http");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // DevTools keeps the connection open: read the head, then the body's
    // Content-Length.
    let mut reader = BufReader::new(stream);
    let mut length = 0;
    let mut line = String::new();
    while reader.read_line(&mut line).expect("devtools answers") > 2 {
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().expect("a length");
        }
        line.clear();
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).expect("the whole body");
    String::from_utf8(body).expect("UTF-8")
}

/// The smallest WebSocket client DevTools needs: text frames, masked out,
/// reassembled in; a reader thread turns frames into messages.
struct Socket {
    stream: TcpStream,
    messages: Receiver<String>,
}

impl Socket {
    fn connect(url: &str) -> Self {
        let rest = url.strip_prefix("ws://").expect("a ws:// address");
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let mut stream = TcpStream::connect(host).expect("devtools websocket");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: c3RlZXJpbmctZGVtb3MtdGVzdA==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.contains(" 101 "), "websocket refused: {status}");
        let mut line = String::new();
        while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
            line.clear();
        }
        let (tx, messages) = channel();
        std::thread::spawn(move || {
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        Self { stream, messages }
    }

    fn send(&mut self, text: &str) {
        let payload = text.as_bytes();
        let mut frame = vec![0x81u8];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        let mask = [0x5a, 0x17, 0xc3, 0x2e];
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream.write_all(&frame).expect("websocket write");
    }
}

/// One whole text message, or None when the connection ends.
fn read_message(reader: &mut impl Read) -> Option<String> {
    let mut message = Vec::new();
    loop {
        let mut head = [0u8; 2];
        reader.read_exact(&mut head).ok()?;
        let fin = head[0] & 0x80 != 0;
        let opcode = head[0] & 0x0f;
        let len = match head[1] & 0x7f {
            126 => {
                let mut n = [0u8; 2];
                reader.read_exact(&mut n).ok()?;
                u64::from(u16::from_be_bytes(n))
            }
            127 => {
                let mut n = [0u8; 8];
                reader.read_exact(&mut n).ok()?;
                u64::from_be_bytes(n)
            }
            n => u64::from(n),
        };
        let mut payload = vec![0u8; len as usize];
        reader.read_exact(&mut payload).ok()?;
        match opcode {
            0x8 => return None,
            0x9 | 0xa => continue,
            _ => message.extend_from_slice(&payload),
        }
        if fin {
            return String::from_utf8(message).ok();
        }
    }
}

/// A DevTools session on one page, keeping every console line it sees.
struct Page {
    socket: Socket,
    next_id: u64,
    /// (console type, text), in order.
    console: Vec<(String, String)>,
}

impl Page {
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let request = json!({ "id": id, "method": method, "params": params });
        self.socket.send(&request.to_string());
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let message = self.receive(deadline).unwrap_or_else(|| {
                panic!(
                    "no answer to {method} within 60 s; console: {:?}",
                    self.console
                )
            });
            if message["id"] == id {
                assert!(
                    message.get("error").is_none(),
                    "{method} failed: {}",
                    message["error"]
                );
                return message["result"].clone();
            }
        }
    }

    /// The next message before `deadline`; console events are recorded.
    fn receive(&mut self, deadline: Instant) -> Option<Value> {
        let left = deadline.saturating_duration_since(Instant::now());
        let text = match self.socket.messages.recv_timeout(left) {
            Ok(text) => text,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => panic!("the browser closed DevTools"),
        };
        let message: Value = serde_json::from_str(&text).expect("DevTools speaks JSON");
        match message["method"].as_str() {
            Some("Runtime.consoleAPICalled") => {
                let kind = message["params"]["type"].as_str().unwrap_or("").to_string();
                let text = message["params"]["args"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|a| match &a["value"] {
                        Value::String(s) => s.clone(),
                        Value::Null => a["description"].as_str().unwrap_or("").to_string(),
                        v => v.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                self.console.push((kind, text));
            }
            Some("Runtime.exceptionThrown") => {
                let details = &message["params"]["exceptionDetails"];
                self.console.push((
                    "exception".into(),
                    details["exception"]["description"].to_string(),
                ));
            }
            _ => {}
        }
        Some(message)
    }

    /// Where the console is now: `after` waits for lines printed since.
    fn mark(&self) -> usize {
        self.console.len()
    }

    /// Waits until the console has printed a line that `wanted` accepts,
    /// after `mark`; returns it.
    fn after(&mut self, mark: usize, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some((_, line)) = self.console[mark..].iter().find(|(_, l)| wanted(l)) {
                return line.clone();
            }
            if self.receive(deadline).is_none() {
                panic!(
                    "the page never printed {what}; console: {:#?}",
                    self.console
                );
            }
        }
    }

    /// Waits until the console prints `line` after `mark`.
    fn wait_for(&mut self, mark: usize, line: &str) {
        self.after(mark, &format!("{line:?}"), |l| l == line);
    }

    fn click(&mut self, x: f64, y: f64) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": x, "y": y }),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Types one character, as a key down (with its character) and up.
    fn key(&mut self, ch: char) {
        let (code, shift) = match ch {
            '0'..='9' => (format!("Digit{ch}"), false),
            '+' => ("Equal".to_string(), true),
            '-' => ("Minus".to_string(), false),
            c => (format!("Key{}", c.to_ascii_uppercase()), false),
        };
        let modifiers = if shift { 8 } else { 0 };
        let text = ch.to_string();
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyDown", "key": text, "code": code, "text": text,
                    "modifiers": modifiers }),
        );
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": text, "code": code, "modifiers": modifiers }),
        );
    }

    fn screenshot(&mut self) -> image::RgbaImage {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        let png = base64(shot["data"].as_str().expect("screenshot data"));
        image::load_from_memory(&png)
            .expect("a PNG screenshot")
            .to_rgba8()
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    sextets
        .chunks(4)
        .flat_map(|c| {
            let n = c
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &s)| n | u32::from(s) << (18 - 6 * i));
            let bytes = n.to_be_bytes();
            bytes[1..c.len()].to_vec()
        })
        .collect()
}

/// How much of the picture is the stage's paper, and how many colours it has.
fn looks_drawn(shot: &image::RgbaImage) -> (f64, usize) {
    let total = (shot.width() * shot.height()) as f64;
    let paper = shot.pixels().filter(|p| p.0[..3] == PAPER).count() as f64;
    let colours: std::collections::HashSet<[u8; 3]> =
        shot.pixels().map(|p| [p.0[0], p.0[1], p.0[2]]).collect();
    (paper / total, colours.len())
}

#[test]
fn the_web_page_runs_every_scene_and_answers_clicks_and_keys() {
    let web = web_dir();
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let missing: Vec<String> = [
        (!web.join("index.html").exists())
            .then(|| format!("{} (run `cargo xtask web`)", web.display())),
        chromium()
            .is_none()
            .then(|| "chromium (apt-get install chromium)".to_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !missing.is_empty() {
        assert!(!ci, "web test cannot run under CI: missing {missing:?}");
        eprintln!("web test skipped: missing {missing:?}");
        return;
    }

    let port = serve(web);
    let (_browser, devtools) = start_chromium(&chromium().unwrap());
    let targets: Value = serde_json::from_str(&http_get(devtools, "/json/list")).unwrap();
    let address = targets
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["type"] == "page")
        .and_then(|t| t["webSocketDebuggerUrl"].as_str())
        .expect("a page to drive")
        .to_string();
    let mut page = Page {
        socket: Socket::connect(&address),
        next_id: 0,
        console: Vec::new(),
    };
    page.call("Runtime.enable", json!({}));
    page.call("Page.enable", json!({}));
    page.call(
        "Page.navigate",
        json!({ "url": format!("http://127.0.0.1:{port}/") }),
    );

    // It starts on the first scene and draws it.
    page.wait_for(0, &format!("scene {}", SCENES[0].name));
    std::thread::sleep(Duration::from_millis(500));
    let (paper, colours) = looks_drawn(&page.screenshot());
    assert!(
        paper > 0.2 && colours > 20,
        "the first scene is not drawn: {:.0}% paper, {colours} colours",
        paper * 100.0
    );

    // A click on the stage (away from the agent) shows the forces, and again
    // hides them.
    let (x, y) = (f64::from(PAGE.0) * 0.15, f64::from(PAGE.1) * 0.5);
    for state in ["on", "off"] {
        let mark = page.mark();
        page.click(x, y);
        page.wait_for(mark, &format!("forces {state}"));
    }

    // The number keys reach every scene, and each is drawn.
    for (i, entry) in SCENES.iter().enumerate().skip(1).take(8) {
        let mark = page.mark();
        page.key(char::from_digit(i as u32 + 1, 10).unwrap());
        page.wait_for(mark, &format!("scene {}", entry.name));
        let (paper, colours) = looks_drawn(&page.screenshot());
        assert!(
            paper > 0.05 && colours > 10,
            "scene {} is not drawn: {:.0}% paper, {colours} colours",
            entry.name,
            paper * 100.0
        );
    }

    // The lab's panel and chart (egui) open and draw in the page.
    for (key, line) in [('p', "panel on"), ('m', "chart on")] {
        let mark = page.mark();
        page.key(key);
        page.wait_for(mark, line);
    }
    let (paper, colours) = looks_drawn(&page.screenshot());
    assert!(
        paper > 0.05 && colours > 20,
        "the lab is not drawn: {:.0}% paper, {colours} colours",
        paper * 100.0
    );
    for (key, line) in [('p', "panel off"), ('m', "chart off")] {
        let mark = page.mark();
        page.key(key);
        page.wait_for(mark, line);
    }

    // + widens the path on the path-following scene.
    let patrol = SCENES.iter().position(|e| e.name == "patrol").unwrap();
    let mark = page.mark();
    page.key(char::from_digit(patrol as u32 + 1, 10).unwrap());
    page.wait_for(mark, "scene patrol");
    let radius = |line: &str| line.strip_prefix("knob path_radius ")?.parse::<f64>().ok();
    let mark = page.mark();
    page.key('+');
    let wider = page.after(mark, "a wider path radius", |l| radius(l).is_some());
    let mark = page.mark();
    page.key('-');
    let narrower = page.after(mark, "a narrower path radius", |l| radius(l).is_some());
    assert!(
        radius(&narrower) < radius(&wider),
        "+ then - gave {wider:?}, {narrower:?}"
    );

    // Nothing went wrong on the way: no errors, no missing JS functions.
    let bad: Vec<_> = page
        .console
        .iter()
        .filter(|(kind, text)| {
            kind == "error"
                || kind == "exception"
                || text.contains("function in gl.js")
                || text.contains("Missed function")
        })
        .collect();
    assert!(bad.is_empty(), "the console reported problems: {bad:#?}");
}
