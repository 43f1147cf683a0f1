//! The bearoff and Hypergammon file readers return errors, never panic, whatever the bytes.

use backgammon::eval::bearoff::{file, hyper, two_sided};
use proptest::prelude::*;

fn headers() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"gnubg-TS-06-02-1".to_vec()),
        Just(b"gnubg-TS-06-02-0".to_vec()),
        Just(b"gnubg-TS-24-01-1".to_vec()),
        Just(b"gnubg-TS-06-15-1".to_vec()),
        Just(b"gnubg-H1".to_vec()),
        Just(b"gnubg-H3".to_vec()),
        Just(b"gnubg-OS-02-15-1-1-0".to_vec()),
        Just(b"gnubg-OS-01-15-0-0-0".to_vec()),
        // headers claiming databases of billions of positions: refused from the file's length
        Just(b"gnubg-OS-24-15-1-1-0".to_vec()),
        Just(b"gnubg-OS-18-15-0-0-0".to_vec()),
        Just(b"gnubg-OS-13-15-1-0-0".to_vec()),
        Just(b"gnubg-TS-12-12-1".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..40),
    ]
}

/// A header padded like gnubg's, then arbitrary data.
fn file_bytes() -> impl Strategy<Value = Vec<u8>> {
    (headers(), proptest::collection::vec(any::<u8>(), 0..2000), any::<bool>()).prop_map(|(h, data, pad)| {
        let mut v = h;
        if pad && v.len() < 40 {
            v.resize(39, b'x');
            v.push(b'\n');
        }
        v.extend(data);
        v
    })
}

proptest! {
    #[test]
    fn readers_never_panic(bytes in file_bytes()) {
        let _ = two_sided::read(&bytes);
        let _ = two_sided::parse_header(&bytes);
        let _ = hyper::read(&bytes);
        let _ = file::read(&bytes);
    }

    #[test]
    fn damaged_two_sided_files_are_errors(at in 0usize..40, byte in any::<u8>()) {
        let db = two_sided::TwoSided::generate(6, 2, true, |_, _| {}).unwrap();
        let mut v = Vec::new();
        two_sided::write(&db, true, &mut v).unwrap();
        prop_assert!(two_sided::read(&v).is_ok());
        let original = v[at];
        v[at] = byte;
        match two_sided::read(&v) {
            Ok(back) => prop_assert!(byte == original || back.len() == db.len()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        v.push(0);
        prop_assert!(two_sided::read(&v).is_err());
    }
}
