//! Every weight and constant of the move valuation, named once, with where the number comes from.
//!
//! "Engine" marks facts of GNU Go 3.8's engine given in issue 25 or read off its valuation trace
//! (`gnugo -t`, "Move valuation:"), "doc" facts of `move_generation.texi`; "ours" marks a choice of our
//! own where GNU Go's number depends on data we do not keep.

/// Base of the shape factor `SHAPE_BASE^(max_pos − max_neg + (num_pos−1) − (num_neg−1))` (engine, doc).
pub const SHAPE_BASE: f32 = 1.05;
/// Territorial value above this is not multiplied by the shape factor (engine: "at most 15 points of
/// the territorial value"; GNU Go's trace at G5 of the 9x9 test position: territory 15.26, strategy
/// 8.56, followup 0.53, shape factor 0.864 → −3.28 = (15 + 8.56 + 0.53)·(0.864 − 1)).
pub const SHAPE_TERRITORY_CAP: f32 = 15.0;

/// The followup contribution is added only from this total on (engine: "0.5 points is a 1 point ko").
pub const FOLLOWUP_MIN_TOTAL: f32 = 0.5;
/// Weights of the gote case `0.5·F + 0.5·RF` (engine).
pub const FOLLOWUP_GOTE: f32 = 0.5;
/// Factor of the sente case `1.1·tot + RF` (engine: a 1-point sente move before a 2-point gote move).
pub const FOLLOWUP_SENTE: f32 = 1.1;
/// `followup_weight` of GNU Go's strategy settings (engine: 1.0 unless `--cosmic-gnugo`).
pub const FOLLOWUP_WEIGHT: f32 = 1.0;
/// `territorial_weight`, `strategical_weight`, `minimum_value_weight`, `maximum_value_weight`,
/// `attack_dragon_weight`, `invasion_malus_weight` (engine: all 1.0 unless `--cosmic-gnugo`).
pub const TERRITORIAL_WEIGHT: f32 = 1.0;
pub const STRATEGICAL_WEIGHT: f32 = 1.0;
pub const MINIMUM_VALUE_WEIGHT: f32 = 1.0;
pub const MAXIMUM_VALUE_WEIGHT: f32 = 1.0;
pub const ATTACK_DRAGON_WEIGHT: f32 = 1.0;
pub const INVASION_MALUS_WEIGHT: f32 = 1.0;

/// Secondary value: `soft_cap(SECONDARY_FACTOR · secondary, SECONDARY_CAP)` (engine).
pub const SECONDARY_FACTOR: f32 = 0.05;
pub const SECONDARY_CAP: f32 = 0.4;
/// Attacking or defending stones that are dead anyway: this share of twice the worm's effective size
/// goes to the secondary value (engine).
pub const DEAD_STONES_SECONDARY: f32 = 0.2;

/// A minimum value below this is raised by `tot / MIN_VALUE_TIEBREAK` (engine: minimum values of 25 and
/// more come from `J`/`U` patterns and stay exact).
pub const MIN_VALUE_RAISE_BELOW: f32 = 25.0;
pub const MIN_VALUE_TIEBREAK: f32 = 200.0;

/// Connect/cut bonus `(CONNECT_BASE^c − 1)·clamp(tot, CONNECT_MIN_BASE, CONNECT_MAX_BASE)` (engine;
/// GNU Go's trace: connect value 4 → factor 0.082, 2 → 0.040).
pub const CONNECT_BASE: f32 = 1.02;
pub const CONNECT_MIN_BASE: f32 = 1.0;
pub const CONNECT_MAX_BASE: f32 = 5.0;
/// Liberties up to which a connected string counts a second time in the connect value (ours, read off
/// GNU Go's trace: C4 joining two strings of three liberties has connect value 4, a move next to one
/// string of three or four liberties 2).
pub const CONNECT_FEW_LIBERTIES: usize = 4;
/// A dame point with a cut or connect reason, valued below this, gets [`DAME_CONNECT_BONUS`] up to
/// this value (engine).
pub const DAME_CONNECT_LIMIT: f32 = 0.3;
pub const DAME_CONNECT_BONUS: f32 = 0.1;

/// The value a pure threat (a move valued by its followup only) may reach (engine: genmove's
/// `pure_threat_value`), taking [`PURE_THREAT_SHARE`] of the additional ko value.
pub const PURE_THREAT_VALUE: f32 = 0.4;
pub const PURE_THREAT_SHARE: f32 = 0.25;
/// Moves with independent value are preferred: the pure threat value is scaled by
/// `1 − PURE_THREAT_PREFERENCE·(pure − tot)/pure` (engine).
pub const PURE_THREAT_PREFERENCE: f32 = 0.1;

/// Joseki minimum values of the pattern classes `U` (urgent), `J` (standard), `j` (less urgent),
/// `t` (minor) (engine); `j` and `t` are scaled by board size / 19.
pub const JOSEKI_U: f32 = 40.0;
pub const JOSEKI_J: f32 = 35.0;
pub const JOSEKI_LOWER_J: f32 = 24.0;
pub const JOSEKI_T: f32 = 16.0;
/// Minimum value of a move in an empty corner, scaled by board size / 19 with integer division
/// (engine: GNU Go 3.8's trace values the empty board's Q16 and R16 at 25.00, 13x13's K10 at 17.00;
/// [`crate::genmove::gather::fuseki`]).
pub const EMPTY_CORNER_VALUE: f32 = 25.0;

/// An attack or defence that works only through ko: this share of twice the effective size (of the
/// worm, or of the dragon for the owl's reasons) is subtracted from the territorial change (engine):
/// good ko (`KoA`) 0.3, bad ko (`KoB`) 0.5.
pub const KO_GOOD_DEDUCTION: f32 = 0.3;
pub const KO_BAD_DEDUCTION: f32 = 0.5;
/// A tactical defence of a worm whose dragon the owl finds critical, not also an owl defence:
/// this share of twice the effective size is subtracted (engine, "suspected ineffective defense").
pub const INEFFECTIVE_DEFENSE: f32 = 0.45;
/// An owl attack on a one-worm dragon the reader can attack, that is not a tactical attack: this share
/// of twice the effective size is subtracted (engine, "suspected ineffective owl attack").
pub const INEFFECTIVE_OWL_ATTACK: f32 = 0.05;
/// Attacking or defending a single ko stone, tactically or by the owl, costs this once per stone
/// (engine workaround, "penalty for ko stone" in GNU Go's trace; [`super::territorial::is_ko_stone`]).
pub const KO_STONE_PENALTY: f32 = 0.5;
/// A combination attack adds the stones it captures plus this (engine: compensates the sacrifice).
pub const ATARI_ATARI_BONUS: f32 = 1.0;

/// Strategic attack or defence and lunches: `STRATEGIC_FACTOR·soft_cap(strategic_size, STRATEGIC_CAP)·weakness`
/// (engine).
pub const STRATEGIC_FACTOR: f32 = 1.8;
pub const STRATEGIC_CAP: f32 = 15.0;
/// Cutting stones: `CUTSTONE_VALUE·(cutstone2 − 1)·ko factor` (engine; ko factors 0.6 good, 0.4 bad).
pub const CUTSTONE_VALUE: f32 = 10.0;
pub const CUTSTONE_KO_GOOD: f32 = 0.6;
pub const CUTSTONE_KO_BAD: f32 = 0.4;
/// Connection value (engine's `connection_value`): old burden `2·w_a·soft_cap(size_a, 15)`, new burden
/// `2·w_sum·soft_cap(size_a + size_b, 15)·size_a/(size_a + size_b)`, value `1.05·(old − new)`; a critical
/// dragon gets `2·size_a + max(0, (0.4 − 0.3·w_sum)·size_a)`.
pub const CONNECTION_FACTOR: f32 = 1.05;
pub const CONNECTION_CAP: f32 = 15.0;
pub const CRITICAL_CONNECTION_BASE: f32 = 0.4;
pub const CRITICAL_CONNECTION_SLOPE: f32 = 0.3;
/// Margin above which connections are valued more, and its cap (engine): `×(1 + 0.02·margin)`
/// (critical dragons' bonus `×(1 + 0.05·margin)`).
pub const CONNECTION_MARGIN: f32 = 20.0;
pub const CONNECTION_MARGIN_SLOPE: f32 = 0.02;
pub const CRITICAL_CONNECTION_MARGIN_SLOPE: f32 = 0.05;
/// A dragon whose effective size exceeds its stones by less than this, attacked or defended
/// tactically, has its strategic value counted already (engine).
pub const STRATEGIC_ALREADY_COUNTED: f64 = 2.0;
/// An uncertain owl defence is worth `min(2·strategic_size, 0.65·our_score)` when ahead (engine).
pub const UNCERTAIN_DEFENSE_SCORE_SHARE: f32 = 0.65;
/// Invasion penalty: the opponent's territory value at the point times this (engine).
pub const INVASION_PENALTY: f32 = 12.0;
/// Attacking a dead dragon the opponent just added to: `1.5·effective size` (engine); when ahead,
/// `min(0.9·effective size, score/2 − size/2 − 1)`.
pub const THRASHING_ATTACK: f32 = 1.5;
pub const AHEAD_ATTACK: f32 = 0.9;
