//! clap value parsers for the numeric options of the backgammon tools (`gammon --max-se`,
//! `makebearoff -T`, `gammon-train --alpha` …). Rust's float parsing accepts `NaN`, `inf` and
//! `infinity`, which no option means: a NaN threshold never compares below anything (a loop
//! waiting for it never ends) and an infinite rate ruins a run, so every float option goes
//! through one of these and is refused with a one-line message (clap's exit code 2).
//!
//! Included by each binary with `#[path]` (the tools crate has no library), so a binary may use
//! only some of them.
#![allow(dead_code)]

/// A finite `f64`.
pub fn finite_f64(s: &str) -> Result<f64, String> {
    let x: f64 = s.trim().parse().map_err(|_| format!("{s:?} is not a number"))?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(format!("{s:?} is not a finite number"))
    }
}

/// A finite `f32` (also refusing values beyond `f32`'s range, which would become infinite).
pub fn finite_f32(s: &str) -> Result<f32, String> {
    let x = finite_f64(s)?;
    let y = x as f32;
    if y.is_finite() {
        Ok(y)
    } else {
        Err(format!("{s:?} is out of range"))
    }
}

/// A finite `f64` that is zero or more.
pub fn non_negative_f64(s: &str) -> Result<f64, String> {
    let x = finite_f64(s)?;
    if x >= 0.0 {
        Ok(x)
    } else {
        Err(format!("{s:?} is negative"))
    }
}

/// A finite `f32` that is zero or more.
pub fn non_negative_f32(s: &str) -> Result<f32, String> {
    let x = finite_f32(s)?;
    if x >= 0.0 {
        Ok(x)
    } else {
        Err(format!("{s:?} is negative"))
    }
}

/// A probability: a finite `f64` from 0 to 1.
pub fn probability(s: &str) -> Result<f64, String> {
    let x = finite_f64(s)?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{s:?} is not a probability (0 to 1)"))
    }
}

/// A probability as `f32` (trace decays and the like).
pub fn probability_f32(s: &str) -> Result<f32, String> {
    Ok(probability(s)? as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_nan_and_infinities_in_every_spelling() {
        for bad in ["NaN", "nan", "-nan", "inf", "-inf", "+inf", "infinity", "-Infinity", "1e999", "", "x", "0x10"] {
            assert!(finite_f64(bad).is_err(), "{bad}");
            assert!(finite_f32(bad).is_err(), "{bad}");
            assert!(non_negative_f64(bad).is_err(), "{bad}");
            assert!(probability(bad).is_err(), "{bad}");
        }
        assert!(finite_f32("1e39").is_err());
        assert_eq!(finite_f64(" 0.25 "), Ok(0.25));
        assert_eq!(finite_f32("-2.5"), Ok(-2.5));
        assert!(non_negative_f64("-0.001").is_err());
        assert!(non_negative_f32("-1").is_err());
        assert_eq!(non_negative_f64("0"), Ok(0.0));
        assert!(probability("1.0001").is_err());
        assert_eq!(probability("1"), Ok(1.0));
        assert_eq!(probability_f32("0.5"), Ok(0.5));
    }
}
