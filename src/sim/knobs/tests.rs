use super::*;

crate::params! {
    /// A test struct.
    pub struct Demo {
        /// Speed cap.
        speed: f32 = 3.0, 0.5..=20.0, step 0.5, "px/tick", Live;
        /// How many.
        count: usize = 4, 0..=10, step 1, "", Restart;
    }
    fixed {
        /// Not a knob.
        nodes: Vec<[f32; 2]> = vec![[1.0, 2.0]];
    }
}

#[test]
fn the_declaration_gives_defaults_ranges_and_access() {
    let mut d = Demo::default();
    assert_eq!((d.speed, d.count, d.nodes.len()), (3.0, 4, 1));
    assert_eq!(Demo::KNOBS.len(), 2);
    assert_eq!(Demo::KNOBS[0].doc, "Speed cap.");
    assert!(Demo::KNOBS[1].integer && !Demo::KNOBS[0].integer);
    Params::set(&mut d, "speed", 7.5).unwrap();
    assert_eq!(d.speed, 7.5);
    // By typed field, as code does.
    Demo::count.set(&mut d, 6.0).unwrap();
    assert_eq!((d.count, Demo::count.get(&d)), (6, 6.0));
    assert_eq!(Demo::count.knob().name, "count");
    assert!(Demo::speed.set(&mut d, 99.0).is_err(), "the range holds");
    let e = Params::set(&mut d, "speed", 25.0).unwrap_err();
    assert_eq!(e.message, "must be between 0.5 and 20 px/tick (got 25)");
    let e = Params::set(&mut d, "count", 2.5).unwrap_err();
    assert!(e.message.contains("whole number"), "{e:?}");
    let e = Params::set(&mut d, "nope", 1.0).unwrap_err();
    assert_eq!(e.message, "unknown knob `nope`; valid knobs: speed, count");
    assert!(Params::set(&mut d, "speed", f64::NAN).is_err());
    d.speed = -1.0;
    assert_eq!(d.check(Vec2::ONE).unwrap_err().key, "params.speed");
}

#[test]
fn steps_stay_on_the_grid_and_in_range() {
    let k = Demo::KNOBS[0];
    assert_eq!(k.stepped(3.0, 1), 3.5);
    assert_eq!(k.stepped(3.2, 1), 3.7);
    assert_eq!(k.stepped(19.8, 3), 20.0);
    assert_eq!(k.stepped(0.5, -1), 0.5);
    let fine = Knob {
        step: 0.1,
        min: 0.0,
        ..k
    };
    assert_eq!(fine.stepped(0.2, 1), 0.3);
    assert_eq!(number(1_000_000.0), "1000000");
    assert_eq!(number(0.25), "0.25");
    // Not hundreds of digits, at either end.
    assert_eq!(number(1e300), "1e300");
    assert_eq!(number(-1e-320), "-1e-320");
    assert_eq!(number(0.0), "0");
}

fn parse(text: &str) -> Result<Demo, ReadError> {
    let table = DeTable::parse(text).expect("TOML");
    let params = Demo::default().parse(table.get_ref())?;
    Ok(params.as_any().downcast_ref::<Demo>().unwrap().clone())
}

#[test]
fn a_table_fills_missing_fields_and_refuses_unknown_ones() {
    let d = parse("speed = 2.0\nnodes = [[3.0, 4.0]]").unwrap();
    assert_eq!((d.speed, d.count, d.nodes), (2.0, 4, vec![[3.0, 4.0]]));
    let Err(ReadError::At { message, span }) = parse("speed = 2.0\nsped = 2.0") else {
        panic!("an unknown key is refused");
    };
    assert_eq!(
        message,
        "unknown field `sped`, expected one of `speed`, `count`, `nodes`"
    );
    assert_eq!(span, Some(12..16), "at the key");
}

#[test]
fn a_value_of_the_wrong_kind_or_a_whole_number_out_of_range_is_refused() {
    let Err(ReadError::At { message, span }) = parse("speed = \"fast\"") else {
        panic!("a string is no speed");
    };
    assert!(message.contains("expected f64"), "{message}");
    assert_eq!(span, Some(8..14), "at the value");
    let Err(ReadError::At { message, .. }) = parse("count = 2.5") else {
        panic!("a count is whole");
    };
    assert!(message.contains("expected i64"), "{message}");
    let Err(ReadError::Invalid(e)) = parse("count = -3") else {
        panic!("a count is at least 0");
    };
    assert_eq!(e.key, "params.count");
    assert!(e.message.contains("between 0 and 10"), "{e:?}");
    let Err(ReadError::At { message, span }) = parse("nodes = [[1.0, 2.0, 3.0]]") else {
        panic!("a node is two numbers");
    };
    assert!(message.contains("item 1 has 3 numbers"), "{message}");
    assert_eq!(span, Some(8..25), "at the value");
    // A fractional knob out of range is the struct's check's (as it holds it).
    assert_eq!(parse("speed = 1e300").unwrap().speed, f32::INFINITY);
}

#[test]
fn fixed_values_are_toml_in_name_order() {
    let values = Demo::default().fixed_values();
    assert_eq!(
        values,
        vec![("nodes".to_string(), "[[1.0, 2.0]]".to_string())]
    );
}
