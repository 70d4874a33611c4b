//! Headless Chromium, and the part of the DevTools protocol the web test
//! speaks: a minimal WebSocket client (text frames, masked out, reassembled
//! in), JSON calls, console lines, mouse and key events, screenshots.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Kills the browser when the test ends, passed or not.
pub struct Browser {
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
pub fn start_chromium(binary: &Path, window: (u32, u32)) -> (Browser, u16) {
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
            &format!("--window-size={},{}", window.0, window.1),
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
pub fn http_get(port: u16, path: &str) -> String {
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
pub struct Page {
    socket: Socket,
    next_id: u64,
    /// (console type, text), in order.
    pub console: Vec<(String, String)>,
}

impl Page {
    /// A session on the page at this DevTools WebSocket address.
    pub fn connect(address: &str) -> Self {
        Self {
            socket: Socket::connect(address),
            next_id: 0,
            console: Vec::new(),
        }
    }

    pub fn call(&mut self, method: &str, params: Value) -> Value {
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
    pub fn receive(&mut self, deadline: Instant) -> Option<Value> {
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
    pub fn mark(&self) -> usize {
        self.console.len()
    }

    /// Waits until the console has printed a line that `wanted` accepts,
    /// after `mark`; returns it.
    pub fn after(&mut self, mark: usize, what: &str, wanted: impl Fn(&str) -> bool) -> String {
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
    pub fn wait_for(&mut self, mark: usize, line: &str) {
        self.after(mark, &format!("{line:?}"), |l| l == line);
    }

    /// The page's address fragment once `wanted` accepts it (it follows
    /// the run a frame later); panics after ten seconds with the last seen.
    pub fn address_after(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let answer = self.call(
                "Runtime.evaluate",
                json!({ "expression": "window.location.hash", "returnByValue": true }),
            );
            let hash = answer["result"]["value"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            if wanted(&hash) {
                return hash;
            }
            assert!(Instant::now() < deadline, "the address stayed {hash}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Returns once the browser has shown `n` more frames: the page draws
    /// in the browser's animation frames, so what a key or a click changed
    /// is on screen a frame or two later, however slow the machine.
    pub fn frames(&mut self, n: u32) {
        let wait = format!(
            "new Promise(done => {{ let left = {n}; \
             const next = () => (--left > 0 ? requestAnimationFrame(next) : done(true)); \
             requestAnimationFrame(next); }})"
        );
        let answer = self.call(
            "Runtime.evaluate",
            json!({ "expression": wait, "awaitPromise": true, "returnByValue": true }),
        );
        assert_eq!(answer["result"]["value"], true, "{n} frames: {answer}");
    }

    /// A left click at (x, y), each step a frame or two apart as a hand's
    /// are (egui takes a button's click from frames that saw it happen).
    pub fn click(&mut self, x: f64, y: f64) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": x, "y": y }),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.frames(2);
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Types one character, as a key down (with its character) and up.
    pub fn key(&mut self, ch: char) {
        // Tab and Enter are keys without a character of their own.
        let named = [('\t', "Tab"), ('\n', "Enter")];
        if let Some((_, name)) = named.iter().find(|(c, _)| *c == ch) {
            for kind in ["keyDown", "keyUp"] {
                self.call(
                    "Input.dispatchKeyEvent",
                    json!({ "type": kind, "key": name, "code": name }),
                );
            }
            return;
        }
        let (code, shift) = match ch {
            '0'..='9' => (format!("Digit{ch}"), false),
            '+' => ("Equal".to_string(), true),
            '-' => ("Minus".to_string(), false),
            ' ' => ("Space".to_string(), false),
            ',' => ("Comma".to_string(), false),
            '.' => ("Period".to_string(), false),
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

    pub fn screenshot(&mut self) -> image::RgbaImage {
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
