//! The valuation's formulas as pure functions (GNU Go 3.8's engine facts; see [`super::weights`] for
//! every number and where it comes from). Each takes the parts of a move's value and returns one part.

use super::weights::*;
use crate::analysis::read_result::ReadResult;

/// GNU Go's `soft_cap`: `x` up to `cap`, then `cap·(2 − cap/x)` (rising towards `2·cap`).
pub fn soft_cap(x: f32, cap: f32) -> f32 {
    if x > cap {
        cap * (2.0 - cap / x)
    } else {
        x
    }
}

/// The shape factor from the largest positive and negative shape values (`max_neg` as a positive
/// number) and how many of each were found: `1.05^(max_pos − max_neg + (num_pos−1) − (num_neg−1))`,
/// each count adding only from its second contribution on.
pub fn shape_factor(max_pos: f32, max_neg: f32, num_pos: u16, num_neg: u16) -> f32 {
    let mut e = max_pos - max_neg;
    if num_pos > 1 {
        e += f32::from(num_pos - 1);
    }
    if num_neg > 1 {
        e -= f32::from(num_neg - 1);
    }
    SHAPE_BASE.powf(e)
}

/// The total after the shape factor: `tot` multiplied by `factor`, except the territorial value
/// above [`SHAPE_TERRITORY_CAP`], which is left as it is.
pub fn apply_shape(tot: f32, territorial: f32, factor: f32) -> f32 {
    if territorial < SHAPE_TERRITORY_CAP {
        tot * factor
    } else {
        let exempt = territorial - SHAPE_TERRITORY_CAP;
        (tot - exempt) * factor + exempt
    }
}

/// What the followup `f` and the reverse followup `rf` add to a total `tot` (0 below
/// [`FOLLOWUP_MIN_TOTAL`]): `min(0.5·f + 0.5·rf, tot + f, 1.1·tot + rf) · followup_weight` — gote,
/// reverse sente and sente.
pub fn followup_contribution(tot: f32, f: f32, rf: f32, weight: f32) -> f32 {
    if tot < FOLLOWUP_MIN_TOTAL {
        return 0.0;
    }
    let c = (FOLLOWUP_GOTE * f + FOLLOWUP_GOTE * rf).min(tot + f).min(FOLLOWUP_SENTE * tot + rf);
    c * weight
}

/// The additional value a move has as a ko threat (GNU Go's `additional_ko_value`): the followups not
/// already counted, given what the followup contribution added.
pub fn additional_ko_value(f: f32, rf: f32, added: f32) -> f32 {
    (f + rf - added).max(0.0)
}

/// What secondary reasons add: `soft_cap(0.05·secondary, 0.4)`.
pub fn secondary_contribution(secondary: f32) -> f32 {
    soft_cap(SECONDARY_FACTOR * secondary, SECONDARY_CAP)
}

/// The connect value `c` of a move: its own neighbouring strings, counting those of at most
/// [`CONNECT_FEW_LIBERTIES`] liberties twice (`own`: (strings, of which few liberties)), plus the
/// opponent's neighbouring strings it cuts (`cut`).
pub fn connect_value(own_strings: usize, own_few_liberties: usize, cut: usize) -> u32 {
    (own_strings + own_few_liberties + cut) as u32
}

/// The connect/cut bonus: `(1.02^c − 1)·clamp(tot, 1, 5)` (0 when `c` is 0).
pub fn connect_bonus(c: u32, tot: f32) -> f32 {
    if c == 0 {
        return 0.0;
    }
    (CONNECT_BASE.powi(c as i32) - 1.0) * tot.clamp(CONNECT_MIN_BASE, CONNECT_MAX_BASE)
}

/// A dame point with a cut or connect reason: a total below 0.3 gets 0.1 more, up to 0.3.
pub fn dame_connect_bonus(tot: f32) -> f32 {
    if tot < DAME_CONNECT_LIMIT {
        (tot + DAME_CONNECT_BONUS).min(DAME_CONNECT_LIMIT)
    } else {
        tot
    }
}

/// The value of a pure threat (a move worth little but with followup, `ko_value` its additional ko
/// value): `min(pure, tot + 0.25·ko_value)·(1 − 0.1·(pure − tot)/pure)`, if that is more than `tot`.
pub fn pure_threat(tot: f32, ko_value: f32, pure: f32) -> f32 {
    if pure <= 0.0 || tot > pure || ko_value <= 0.0 {
        return tot;
    }
    let v = pure.min(tot + PURE_THREAT_SHARE * ko_value) * (1.0 - PURE_THREAT_PREFERENCE * (pure - tot) / pure);
    v.max(tot)
}

/// The total bounded by the minimum and maximum values: the maximum is raised to the minimum if they
/// contradict, a minimum below 25 is raised by `tot/200` (a tie-break between equal minimum values),
/// then the total is clamped between them. Returns (total, minimum as used).
pub fn bound(tot: f32, min_value: f32, max_value: f32) -> (f32, f32) {
    let mut min = min_value * MINIMUM_VALUE_WEIGHT;
    let max = (max_value * MAXIMUM_VALUE_WEIGHT).max(min);
    if min < MIN_VALUE_RAISE_BELOW {
        min += tot / MIN_VALUE_TIEBREAK;
    }
    let mut t = tot;
    if t < min && min > 0.0 {
        t = min;
    }
    if t > max {
        t = max;
    }
    (t, min)
}

/// The joseki minimum value of a pattern class (`U`, `J`, `j`, `t`) on a board of `size`; `None` for
/// other classes. `j` and `t` scale with the board (size/19).
pub fn joseki_min_value(class: char, size: usize) -> Option<f32> {
    let scale = size as f32 / 19.0;
    match class {
        'U' => Some(JOSEKI_U),
        'J' => Some(JOSEKI_J),
        'j' => Some(JOSEKI_LOWER_J * scale),
        't' => Some(JOSEKI_T * scale),
        _ => None,
    }
}

/// The share of twice the effective size a ko result costs an attack or defence (0 for an
/// unconditional result).
pub fn ko_deduction(result: ReadResult) -> f32 {
    match result {
        ReadResult::KoA => KO_GOOD_DEDUCTION,
        ReadResult::KoB => KO_BAD_DEDUCTION,
        _ => 0.0,
    }
}

/// The ko factor of a cutting stone's value (1 unconditional, 0.6 good ko, 0.4 bad ko).
pub fn cutstone_ko_factor(result: ReadResult) -> f32 {
    match result {
        ReadResult::KoA => CUTSTONE_KO_GOOD,
        ReadResult::KoB => CUTSTONE_KO_BAD,
        _ => 1.0,
    }
}

/// The value of strategically attacking or defending (or capturing the lunch of) a dragon of
/// strategic size `size` and weakness `weakness`: `1.8·soft_cap(size, 15)·weakness`.
pub fn strategic_dragon_value(size: f32, weakness: f32) -> f32 {
    STRATEGIC_FACTOR * soft_cap(size, STRATEGIC_CAP) * weakness
}

/// GNU Go's connection value on dragon `a` of joining it to `b` (asymmetric): `size_a`, `size_b`
/// strategic sizes, `weak_a` the weakness of `a`, `weak_sum` the weakness the joined dragon would have,
/// `critical`: `a` is critical; `margin` how far we are ahead (more than 20 counts as 20; only a
/// positive margin raises the value).
pub fn connection_value(size_a: f32, size_b: f32, weak_a: f32, weak_sum: f32, critical: bool, margin: f32) -> f32 {
    let margin = margin.min(CONNECTION_MARGIN);
    if weak_a == 0.0 {
        return 0.0;
    }
    let v = if critical {
        let mut bonus = ((CRITICAL_CONNECTION_BASE - CRITICAL_CONNECTION_SLOPE * weak_sum) * size_a).max(0.0);
        if margin > 0.0 {
            bonus *= 1.0 + CRITICAL_CONNECTION_MARGIN_SLOPE * margin;
        }
        2.0 * size_a + bonus
    } else {
        let old = 2.0 * weak_a * soft_cap(size_a, CONNECTION_CAP);
        let total = size_a + size_b;
        let new = if total > 0.0 { 2.0 * weak_sum * soft_cap(total, CONNECTION_CAP) * size_a / total } else { 0.0 };
        let mut v = CONNECTION_FACTOR * (old - new);
        if margin > 0.0 {
            v *= 1.0 + CONNECTION_MARGIN_SLOPE * margin;
        }
        v
    };
    v.max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32, tol: f32) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    #[test]
    fn soft_cap_is_linear_then_bends() {
        assert_eq!(soft_cap(3.0, 15.0), 3.0);
        assert_eq!(soft_cap(15.0, 15.0), 15.0);
        // 15·(2 − 15/30) = 22.5.
        close(soft_cap(30.0, 15.0), 22.5, 1e-5);
        // The secondary cap: 0.05·4 = 0.2 stays, 0.05·16 = 0.8 → 0.4·(2 − 0.5) = 0.6.
        close(secondary_contribution(4.0), 0.2, 1e-6);
        close(secondary_contribution(16.0), 0.6, 1e-6);
    }

    #[test]
    fn shape_factor_counts_extra_contributions_as_one() {
        // GNU Go's trace: shape values +0(0) −1(1) → 0.952; −3(1) → 0.864.
        close(shape_factor(0.0, 1.0, 0, 1), 0.952, 5e-4);
        close(shape_factor(0.0, 3.0, 0, 1), 0.864, 5e-4);
        // +5 and +3: exponent 5 + 1 = 6 → 1.05^6 = 1.3401.
        close(shape_factor(5.0, 0.0, 2, 0), 1.3401, 1e-4);
        // +2 (one), −1, −1, −1: 2 − 1 − 2 = −1.
        close(shape_factor(2.0, 1.0, 1, 3), 1.0 / 1.05, 1e-5);
        assert_eq!(shape_factor(0.0, 0.0, 0, 0), 1.0);
    }

    #[test]
    fn shape_spares_territory_above_fifteen() {
        // GNU Go's trace, 9x9 position of the valuation tests: G5 territory 15.26, total 24.35 before
        // shape, factor 1.05^-3 → 21.07; E7 territory 6.47, total 15.51 → 13.40.
        let f = shape_factor(0.0, 3.0, 0, 1);
        close(apply_shape(24.35, 15.26, f), 21.07, 0.01);
        close(apply_shape(15.51, 6.47, f), 13.40, 0.01);
    }

    #[test]
    fn followup_takes_the_smallest_case() {
        // GNU Go's trace: E8 total 5.05, followup 4.78 → 2.39 (gote); D5 total 3.93, followup 0.85 → 0.43.
        close(followup_contribution(5.05, 4.78, 0.0, 1.0), 2.39, 0.005);
        close(followup_contribution(3.93, 0.85, 0.0, 1.0), 0.425, 0.005);
        // Sente: tot 1, f 10, rf 0 → min(5, 11, 1.1) = 1.1.
        close(followup_contribution(1.0, 10.0, 0.0, 1.0), 1.1, 1e-6);
        // Reverse sente: tot 1, f 0, rf 10 → min(5, 1, 11.1) = 1.
        close(followup_contribution(1.0, 0.0, 10.0, 1.0), 1.0, 1e-6);
        // Below half a point nothing is added.
        assert_eq!(followup_contribution(0.49, 10.0, 10.0, 1.0), 0.0);
        close(additional_ko_value(10.0, 0.0, 1.1), 8.9, 1e-6);
    }

    #[test]
    fn connect_bonus_matches_the_trace() {
        // GNU Go's trace: C4 (connect value 4, factor 0.082) on a total of 2.57 → 0.21; C6 (2, 0.040)
        // on 2.91 → 0.12; D5 (2) on 4.15 → 0.17.
        close(connect_bonus(connect_value(2, 2, 0), 2.57), 0.21, 0.005);
        close(connect_bonus(connect_value(1, 1, 0), 2.91), 0.12, 0.005);
        close(connect_bonus(2, 4.15), 0.17, 0.005);
        // Clamped between 1 and 5.
        close(connect_bonus(1, 0.1), 0.02, 1e-6);
        close(connect_bonus(1, 50.0), 0.1, 1e-5);
        assert_eq!(connect_bonus(0, 3.0), 0.0);
        close(dame_connect_bonus(0.05), 0.15, 1e-6);
        close(dame_connect_bonus(0.25), 0.3, 1e-6);
        assert_eq!(dame_connect_bonus(2.0), 2.0);
    }

    #[test]
    fn bounds_raise_small_minimums_and_clamp() {
        // Minimum 10 with a total of 4: the minimum becomes 10.02, the total too.
        let (t, m) = bound(4.0, 10.0, f32::INFINITY);
        close(m, 10.02, 1e-5);
        close(t, 10.02, 1e-5);
        // A joseki minimum of 35 is exact.
        assert_eq!(bound(4.0, 35.0, f32::INFINITY).0, 35.0);
        // Total above the maximum.
        assert_eq!(bound(30.0, 0.0, 12.0).0, 12.0);
        // Contradiction: the minimum wins.
        assert_eq!(bound(1.0, 30.0, 12.0).0, 30.0);
        // No bounds: unchanged but for the tie-break on a zero minimum (not applied: 0.02 < 4).
        assert_eq!(bound(4.0, 0.0, f32::INFINITY).0, 4.0);
    }

    #[test]
    fn pure_threats_reach_at_most_the_pure_value() {
        // tot 0, ko value 4: min(0.4, 1)·(1 − 0.1) = 0.36.
        close(pure_threat(0.0, 4.0, PURE_THREAT_VALUE), 0.36, 1e-6);
        // tot 0.2, ko value 0.4: min(0.4, 0.3)·(1 − 0.05) = 0.285.
        close(pure_threat(0.2, 0.4, PURE_THREAT_VALUE), 0.285, 1e-6);
        // Above the pure value, or no threat: unchanged.
        assert_eq!(pure_threat(1.0, 4.0, PURE_THREAT_VALUE), 1.0);
        assert_eq!(pure_threat(0.1, 0.0, PURE_THREAT_VALUE), 0.1);
    }

    #[test]
    fn joseki_values_scale_on_small_boards() {
        assert_eq!(joseki_min_value('U', 9), Some(40.0));
        assert_eq!(joseki_min_value('J', 9), Some(35.0));
        close(joseki_min_value('j', 19).unwrap(), 24.0, 1e-6);
        close(joseki_min_value('j', 9).unwrap(), 24.0 * 9.0 / 19.0, 1e-5);
        close(joseki_min_value('t', 13).unwrap(), 16.0 * 13.0 / 19.0, 1e-5);
        assert_eq!(joseki_min_value('e', 19), None);
    }

    #[test]
    fn ko_and_dragon_values() {
        assert_eq!(ko_deduction(ReadResult::Win), 0.0);
        assert_eq!(ko_deduction(ReadResult::KoA), 0.3);
        assert_eq!(ko_deduction(ReadResult::KoB), 0.5);
        assert_eq!(cutstone_ko_factor(ReadResult::KoB), 0.4);
        // 1.8·soft_cap(20, 15)·0.5 = 1.8·18.75·0.5 = 16.875.
        close(strategic_dragon_value(20.0, 0.5), 16.875, 1e-4);
        // Weak dragon of size 6 (weakness 0.6) joining a strong one of size 10 (joint weakness 0.1):
        // old 2·0.6·6 = 7.2, new 2·0.1·soft_cap(16, 15)·6/16 = 0.2·15.9375·0.375 = 1.1953,
        // value 1.05·6.0047 = 6.305.
        close(connection_value(6.0, 10.0, 0.6, 0.1, false, 0.0), 6.305, 1e-3);
        // Ahead by 30 (counts as 20): ×1.4.
        close(connection_value(6.0, 10.0, 0.6, 0.1, false, 30.0), 6.305 * 1.4, 2e-3);
        // Critical: 2·6 + (0.4 − 0.03)·6 = 14.22.
        close(connection_value(6.0, 10.0, 0.9, 0.1, true, 0.0), 14.22, 1e-4);
        assert_eq!(connection_value(6.0, 10.0, 0.0, 0.0, false, 0.0), 0.0);
    }
}
