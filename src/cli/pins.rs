//! The pinned runs (`tests/pins.tsv`, written by `cargo xtask pin`), read
//! as command lines: each row a headless run and the checksum it must
//! give. Its last header line names the columns, each a flag; `-` leaves
//! a flag out (the scene's own value).

/// Each row: the run's arguments (`--headless --scene seek ...`) and its
/// pinned checksum; or the line that is not a row.
pub fn read(text: &str) -> Result<Vec<(Vec<String>, String)>, String> {
    let header = (text.lines())
        .take_while(|l| l.starts_with('#'))
        .last()
        .ok_or("no header")?;
    let names: Vec<&str> = header.trim_start_matches("# ").split('\t').collect();
    let Some((&"checksum", columns)) = names.split_last() else {
        return Err(format!(
            "the header's last column is not checksum: {header}"
        ));
    };
    let mut rows = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let Some((checksum, values)) = fields.split_last() else {
            continue;
        };
        if values.len() != columns.len() {
            return Err(format!(
                "line {}: {} fields, not {}",
                n + 1,
                fields.len(),
                names.len()
            ));
        }
        let mut args = vec!["--headless".to_string()];
        for (name, value) in columns.iter().zip(values).filter(|(_, v)| **v != "-") {
            args.extend([format!("--{name}"), value.to_string()]);
        }
        rows.push((args, checksum.to_string()));
    }
    Ok(rows)
}

/// A row's arguments as the command line would read them, without the
/// command-line parser (the page carries none: its `.wasm` stays small).
/// Only the columns' flags are known.
pub fn args(run: &[String]) -> Result<super::Args, String> {
    let mut out = super::Args::default();
    let mut rest = run.iter();
    while let Some(flag) = rest.next() {
        if flag == "--headless" {
            out.headless = true;
            continue;
        }
        let value = rest.next().ok_or_else(|| format!("{flag}: no value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--scene" => out.scene = Some(value.clone()),
            "--variant" => out.variant = Some(value.clone()),
            "--seed" => out.seed = Some(number()?),
            "--agents" => out.agents = Some(number()?),
            "--steps" => out.steps = Some(number()?),
            "--threads" => {
                out.threads = Some(value.parse().map_err(|e| format!("{flag} {value}: {e}"))?);
            }
            "--neighbors" => {
                let mode = clap::ValueEnum::from_str(value, false);
                out.neighbors = Some(mode.map_err(|e| format!("{flag}: {e}"))?);
            }
            _ => return Err(format!("{flag}: not a column of the pins")),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    /// Every pinned run reads the same without the parser as with it.
    #[test]
    fn every_row_reads_as_the_command_line_reads_it() {
        let text = include_str!("../../tests/pins.tsv");
        for (run, _) in super::read(text).unwrap() {
            let parsed = match super::super::parse(run.iter().cloned()) {
                Ok(super::super::Parsed::Run(args)) => *args,
                other => panic!("{run:?}: {other:?}"),
            };
            let mut ours = super::args(&run).unwrap();
            // The window's own flags' defaults, which a headless run ignores.
            (ours.seconds, ours.frames) = (parsed.seconds, parsed.frames);
            assert_eq!(ours, parsed, "{run:?}");
        }
    }

    #[test]
    fn a_row_is_a_command_line_and_a_checksum() {
        let text =
            "# about\n# scene\tagents\tsteps\tchecksum\nseek\t-\t600\tc99b\nflock\t300\t10\t0a\n";
        let rows = super::read(text).unwrap();
        let args = |k: usize| rows[k].0.join(" ");
        assert_eq!(args(0), "--headless --scene seek --steps 600");
        assert_eq!(args(1), "--headless --scene flock --agents 300 --steps 10");
        assert_eq!(rows[1].1, "0a");
        assert!(super::read("# scene\tchecksum\nseek\t-\textra\n").is_err());
    }
}
