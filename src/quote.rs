//! User text in what the program says: quoted, its control characters
//! escaped, cut to a readable length, so that a name or a value typed on
//! the command line or in a file can neither forge a line of output, nor
//! reach the terminal as an escape sequence, nor flood it.

/// The most characters of user text a message quotes.
pub const MAX_QUOTED: usize = 60;
/// The most characters a line of a message has.
pub const MAX_LINE: usize = 1000;

/// `text` in backquotes, control characters escaped, cut to
/// [`MAX_QUOTED`] characters (`...` says where).
pub fn quoted(text: &str) -> String {
    format!("`{}`", cut(&escaped(text), MAX_QUOTED))
}

/// A file's path in backquotes, control characters escaped, whole: a
/// path is a place, and a message that cuts it no longer says where
/// (the line it sits in is still at most [`MAX_LINE`] characters).
pub fn quoted_path(path: &std::path::Path) -> String {
    format!("`{}`", escaped(&path.to_string_lossy()))
}

/// A whole message made fit for a terminal: one line, control characters
/// escaped, at most [`MAX_LINE`] characters.
pub fn line(text: &str) -> String {
    cut(&escaped(text), MAX_LINE)
}

/// A range error's `(got VALUE)` with the value as it was typed (a number
/// read as f64 prints otherwise: 9223372036854775808 as
/// 9223372036854776000, 1e-45 as 0).
pub fn as_typed(message: &str, typed: &str) -> String {
    match message.rfind("(got ") {
        Some(at) if message.ends_with(')') => {
            let typed = cut(&escaped(typed.trim()), MAX_QUOTED);
            format!("{}(got {typed})", &message[..at])
        }
        _ => message.to_string(),
    }
}

/// Control characters (a newline, an escape) as `\n`, `\u{1b}`; the rest
/// as it is.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

fn cut(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_long_text_cut() {
        assert_eq!(quoted("flock"), "`flock`");
        assert_eq!(quoted("a\nb\u{1b}[2J"), "`a\\nb\\u{1b}[2J`");
        assert_eq!(
            quoted("é \"x\""),
            "`é \"x\"`",
            "printable text stays as typed"
        );
        let long = quoted(&"x".repeat(5000));
        assert_eq!(long.chars().count(), MAX_QUOTED + 5);
        let deep = std::path::Path::new("/a")
            .join("b".repeat(200))
            .join("x\n.gif");
        let shown = quoted_path(&deep);
        assert!(
            shown.contains(&"b".repeat(200)) && shown.ends_with("x\\n.gif`"),
            "{shown}"
        );
        let message = line(&format!("bad {}\nforged", "y".repeat(50_000_000 / 1000)));
        assert!(!message.contains('\n') && message.chars().count() <= MAX_LINE + 3);
    }
}
