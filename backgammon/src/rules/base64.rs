//! The Base64 alphabet of gnubg's position and match IDs (standard alphabet, no `=` padding).
//! Owns only the bit packing between bytes and ID characters.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Value of one Base64 character, or `None` if it is not in the alphabet.
pub(crate) fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Encodes `bytes` as `chars` Base64 characters (the last group zero-padded, no `=`).
pub(crate) fn encode(bytes: &[u8], chars: usize) -> String {
    let mut out = String::with_capacity(chars);
    for i in 0..chars {
        let bit = i * 6;
        let mut v = 0u8;
        for b in 0..6 {
            let pos = bit + b;
            let byte = bytes.get(pos / 8).copied().unwrap_or(0);
            // Base64 reads each byte most significant bit first.
            let set = (byte >> (7 - pos % 8)) & 1;
            v = (v << 1) | set;
        }
        out.push(ALPHABET[v as usize] as char);
    }
    out
}

/// Decodes Base64 characters into `N` bytes; `Err(index)` names the first bad character.
pub(crate) fn decode<const N: usize>(text: &[u8]) -> Result<[u8; N], usize> {
    let mut out = [0u8; N];
    for (i, &c) in text.iter().enumerate() {
        let v = value(c).ok_or(i)?;
        for b in 0..6 {
            let pos = i * 6 + b;
            if pos / 8 < N && (v >> (5 - b)) & 1 == 1 {
                out[pos / 8] |= 1 << (7 - pos % 8);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_position_key_bytes_encode_to_seed_id() {
        let key = [0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30];
        assert_eq!(encode(&key, 14), "4HPwATDgc/ABMA");
        assert_eq!(decode::<10>(b"4HPwATDgc/ABMA"), Ok(key));
        assert_eq!(decode::<10>(b"4HPw!TDgc/ABMA"), Err(4));
    }

    mod hostile {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any bytes, any length (longer than the key included): the key or the index of
            /// the first byte out of the alphabet, never a panic; keys survive their encoding.
            #[test]
            fn decode_any_bytes(text in proptest::collection::vec(any::<u8>(), 0..64), key in any::<[u8; 10]>()) {
                match decode::<10>(&text) {
                    Ok(_) => prop_assert!(text.iter().all(|&c| value(c).is_some())),
                    Err(i) => {
                        prop_assert!(value(text[i]).is_none());
                        prop_assert!(text[..i].iter().all(|&c| value(c).is_some()));
                    }
                }
                prop_assert_eq!(decode::<10>(encode(&key, 14).as_bytes()), Ok(key));
            }
        }
    }
}
