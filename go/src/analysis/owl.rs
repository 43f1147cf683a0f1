//! The owl (GNU Go's life-and-death reader, `owl.texi`): can a dragon be killed (`owl_attack`) or
//! made to live (`owl_defend`)? Answers are a [`ReadResult`] (`Lose`, `KoB`, `KoA`, `Win` as GNU Go reports
//! them) and the move that achieves them; around them GNU Go's other owl questions: a given move
//! ([`does_attack`], [`does_defend`]), two moves in a row ([`threaten_attack`], [`threaten_defense`]),
//! [`substantial`], [`connection_defends`], and a node counter per thread ([`node_counter`]).
//!
//! This module owns the search and the owl's pattern databases. It plays on the [`Reader`]'s board
//! (every move is taken back and the reader is put back on the caller's position) and uses the reader's
//! tactics, [`crate::analysis::eye`]'s eye spaces and [`crate::analysis::dragon`]'s escape measure for its
//! evaluation; it never changes the position and must not change those modules' results. It builds on the
//! dragons, never the other way: [`crate::analysis::dragon::Dragons`] gets the owl's status through the
//! [`LifeReading`] that [`OwlLimits`] implements.
//!
//! Search: a depth-first alternation of attacker and defender moves, bounded by a ply depth, a node
//! limit (when it runs out the leaf rule decides, so answers stay deterministic) and a branching factor
//! that is widest at the root ([`OwlLimits::root_branches`]) and narrows with depth down to three; the
//! first winning move in candidate order is the answer. `GO_OWL_SEARCH` overrides the search settings
//! for tuning (`owl_tuning::Search`: widths, leaf rule, killer moves). At each node the goal is the strings holding the dragon's original stones
//! and the defender's stones played on the line diagonally next to it whose strings have four
//! liberties or more, undone with the move (`owl_tuning::GoalGrowth`, GNU Go's owl adds the defender's stones to
//! its goal; `GO_OWL_GOAL` for tuning), and with a defender's move whose string holds a goal point the
//! defender's dragons near the goal (read once at the root, [`near_dragons`]) that its string touches;
//! the attack has succeeded when the queried stone is captured, and a tactical capture of the queried
//! stone's string (the reader's, ko results included) decides before any eye is counted. Evaluation:
//! opponent strings next to the goal that the reader captures outright are dead ("lunches": those of
//! one or two liberties, and boxed-in strings of three or four, `boxed_in`), as are
//! stones enclosed in small regions and a few stones in a large region that only the goal's colour
//! bounds (`mark_invaders`: its territory, which they would open; up to four stones, or one per six
//! points of a region of at most forty: `owl_tuning::Invaders`), except strings of one or two
//! liberties next to the goal that the reader cannot capture (GNU Go's lively strings) and, at the
//! attacker's nodes, strings in atari that the attacker saves outright (owl.tst 162); the goal's eye
//! spaces are valued
//! ([`crate::analysis::eye::Eyes::compute_for`], diagonals judged by the reader) and summed
//! ([`crate::analysis::dragon::genus`]). The goal lives when the minimum is two eyes or its escape
//! potential reaches [`ESCAPE_OWL`] (or, for tuning, GNU Go's escape route over values computed once per
//! read: `owl_tuning::Escape`) — below the root only: at the root that verdict is checked by
//! reading (`owl_defend` answers PASS only when the attack fails), and a match of a vital-point pattern
//! (`owl_vital.db`) overrides it anywhere for the attacker. Nor is it trusted at the attacker's first
//! node of an `owl_defend` query while a goal string has two liberties or fewer
//! (`owl_tuning::Pessimistic`; GNU Go's pessimistic eye count, margins and half eyes taken off each
//! space's minimum, is there as an option: measured with the figures there, it loses). At a leaf the side to move gets the benefit of
//! the doubt: the defender lives if the maximum is two, the attacker kills if it is less.
//!
//! Ko: a forbidden ko capture may be made once per line within [`KO_DEPTH`] plies, as after a ko
//! threat ([`Reader::play`] lifts the ban on the reader's own stack); a side that succeeds only that way
//! gets at best `KoB`, and results pass between the sides through [`ReadResult::reverse`] (GNU Go's
//! `KO_A`/`KO_B`). For tuning (`owl_tuning::Ko::komaster`, `GO_OWL_KOMASTER`, off by default: both modes measured
//! one test worse), mode 1: the side that made the conditional capture is the line's komaster (GNU
//! Go's "2.7.232" scheme, `reading.texi`): the other side may not play at the point of the stone it
//! removed for the rest of the line, even after moves elsewhere have lifted the board's ko ban; mode
//! 2: GNU Go's scheme 5 in full (`LineKo`: gray and weak states, nested kos, the komaster reset when
//! its ko is filled). The transposition key holds the ko point, whether the line's capture is spent
//! and the komaster; a cached result answers only a node at its ply or shallower (`Owl::lookup`).
//! Kos anywhere in the line are read, not only the conditional captures: a lunch the reader captures
//! only through a ko is eaten (or saved) like any lunch, a ko capture is no wasted self-atari, and the
//! ko the other side has just taken near the goal is always answered by the retake, past the width
//! (`ko_retake`), so a side taking a ko wins it outright only when the retake is spent or too deep.
//! That holds against a static life too: a defender that has just taken a ko beside the goal is not
//! alive until the attacker's retake has been read (`retake_against_life`), so a life resting on the
//! first ko capture is `KoA` for the defender, as GNU Go reports it, not an unconditional win.
//!
//! Candidate moves, scored and tried best first: the eye spaces' vital points (attack or defence),
//! their points and margins, tactical attacks and defences of goal strings short of liberties (the
//! queried string's defence first), captures of lunches (defender) or saving them (attacker), the defender's
//! attacks on lunches of its small strings diagonal to the goal (`owl_tuning::OuterLunch`), the
//! goal's liberties weighted by how open they are (escape for the defender, blocking for the
//! attacker), the defender's one-point jumps to points no opponent stone touches while the goal is
//! not sealed in (`JUMP_WEIGHT`), in the attacker's search the defender's escape candidates
//! (`escape_moves`: the goal's liberties scored by the room they open, GNU Go's running moves toward
//! open space; `GO_OWL_RUN` for tuning), the attacker's placements inside eye spaces too large for the eye
//! graphs (counted two eyes by fiat; `PLACEMENT_WEIGHT`), and the owl pattern databases' moves within
//! two points of the goal: ours
//! (`patterns/databases/owl_attack.db`, `owl_defend.db`, `owl_vital.db`, built in as
//! `patterns::library::OWL_BUILTIN`, or read by those names from a `--patterns` directory) or GNU Go's
//! (`owl_attackpats.db`, `owl_defendpats.db`, `owl_vital_apats.db` from a `--patterns` directory, see
//! [`set_pattern_dir`]). Their constraints are evaluated at the node by
//! [`crate::analysis::owl_context::OwlContext`] (the node's board, the owl's reader, goal, dead stones and
//! eye spaces), best value first and at most `owl_tuning::HELD_PER_NODE` moves per node; a pattern whose constraint
//! holds adds its full value, one without a constraint a tenth (unconstrained at full weight they pushed
//! the eye analysis's moves out of the window: owl.tst 152 → 146). GNU Go's classes are honoured: without
//! `s` the move must not be capturable at once, with `n` the opponent's move there must not be either.
//! The defender's late moves at the root of `owl_defend` (`owl_tuning::Defender::late`, six by default,
//! `GO_OWL_DEF` for tuning; `Owl::try_late`: candidates beyond the width, counter-ataris on the goal's
//! neighbours with two liberties, connections out to friendly strings) are tried only when the
//! ordinary candidates found no defence at all: a ko among them stands (a late move read with the
//! whole budget at one ply down answered 183 an outright win where GNU Go reads a ko). They gain
//! owl.tst 112 and cost the file 15% more owl nodes. The attacker's side: at the
//! root the attack patterns are matched even when the static verdict is life (`owl_tuning::Attacker::root_patterns`; the
//! root's verdict is read), and in an `owl_attack` query a space counted two eyes by fiat is read
//! at the plies below the root down to `owl_tuning::Fiat::max` too (`owl_tuning::Fiat::on`), the defender answering beside
//! the placed stone (`answer_placement`; the same at the attacker's nodes of an `owl_defend` query for a
//! space of at most `owl_tuning::FIAT_DEFENCE_POINTS` points is an option, `owl_tuning::Fiat::defence`:
//! owl.tst +163 but 9x9.tst −310);
//! blocks at a distance (`attacker_blocks`) are off by default
//! (`GO_OWL_ATTJUMP`), and so are the defender's contact answers beside the attacker's last move
//! read after its candidates fail (`Owl::try_contact`, `GO_OWL_CONTACT`). Below the root the attacker
//! passes first at a goal that looks dead as it stands (at most one eye, no way out, no room to widen
//! its spaces, no lunch outside them: `settled_dead`, `Owl::pass_read`; `GO_OWL_SETTLED`), and its
//! moves are read only when the defender lives moving twice; the attacker's points that split a fiat
//! space (`space_splits`) are off by default (`GO_OWL_SPLIT`). In a defence query
//! (`owl_defend`: the defender moved first) the defender also gets its liberties inside its own eye
//! spaces too large for the eye graphs, and keeps its throw-ins that atari an opponent string
//! (`owl_tuning::Defender::wide_libs`, `throw_ins`; in attack queries they made attacks fail that work). Moves that put the mover in
//! atari outside the eye spaces are skipped, ko captures and those throw-ins excepted. A fixed transposition table per query caches results by
//! position. `GO_OWL_TRACE` in the environment prints the tree (evaluations and candidates) to standard
//! error; `GO_OWL_PAT` overrides the pattern weights for tuning (`owl_tuning::Patterns`).
//!
//! Tuning: every `GO_OWL_*` switch above (and `GO_ESCAPE_OWL`) is read once per process into
//! [`crate::analysis::owl_tuning::OwlTuning`] (`tuning()`), which holds the defaults, the history of
//! their measurements and the environment syntax of all of them; this module reads its settings from
//! there and parses no variable itself (only `GO_OWL_TRACE`, for debugging).
//!
//! Measured and not kept (2026-11-27, owl.tst at 183; the code was dropped): an `owl_defend` query read
//! one ply deeper (179: fixes 107, loses 4 65 190 199 201) or with its widths below the root counted
//! as `owl_does_defend` counts them for the same root move (181: loses 4 65) — the two paths differ by
//! that one ply, which is why 48, 99 and 107 answer "no defence" though `owl_does_defend` accepts GNU
//! Go's move (the saving reply lies one ply or one width step further); the defender's counter-ataris
//! as ordinary candidates of a defence query (180); its attacks on cutting strings of three liberties
//! (no change: the owl's reader, on its budget, finds none of those attacks). The komaster
//! (`OwlTuning::ko`, GNU Go's scheme 5 as reading.texi documents it) is kept as an option: 182, fixing
//! 212 and losing 192 250.
//!
//! Measured and not kept (2026-11-27, owl.tst at 189, the code was dropped), aimed at the false kills
//! and wrong attacking moves of issue 24: the opponent's refutations tried as the mover's own moves
//! when every candidate of a shallow node failed (the points of the opponent's winning replies, most
//! frequent first, three of them; "the opponent's vital point is mine": 152's F2 refutes our G2, 195's
//! B10 our B12, 229's D9 our D8): at the root only no change; down to ply 1 for both sides 183 (+216,
//! −4 83 92 114 134 235 236); the defender's nodes only 184 (−92 134 165 235 236: the extra defences
//! refute attacks whose follow-up our attacker lacks); the attacker's down to ply 2 184 (+197, −4 83 91
//! 114 159 164: false kills). A goal string in atari (not the queried stone's) voiding static life below
//! the root: 188 (−13, a false ko kill; 117 still fails: after N13 the string beside the bent three is
//! in atari, but after its connection N12 the kill, GNU Go's L14, is a shortage of liberties that our
//! eye count does not see). Depth 9 (`GO_OWL_SEARCH=,,0,0,,9,`): 183 (+107 173 197 212, −4 65 161 164
//! 165 182 192 194 199 201); depth 10: 179. The defender's counter-ataris as ordinary candidates at
//! every node (`GO_OWL_DEF=25,0,1,0,3,3`): 185 (+105, −52 53 115 168 218); at weight 60: 177. In these
//! positions GNU Go's refutations lie at plies 3–7 of our attack (20: A2 after D3 D2 B2; 158: S15 after
//! S17 S16 S19; 193: Q14 after Q15 R16 P16 R15 S15 R14 R13), where our width is four or three.
//! Re-measured at 189 the same day: `GO_OWL_SPLIT=40` 189 (no change), `GO_OWL_CONTACT=1,1,1` 188 (−14).
//! Also measured at 189 and dropped (code on branch wt-owldef): the defender's contact answers beside the
//! attacker's last move in defence queries below the root (188 or 187: a false defence in 199, nothing
//! gained) and its liberty fills against cutting strings of 3–4 liberties next to the goal (181 as
//! ordinary candidates, +48 −4 10 36 53 93 110 190 203 218: they push the eye and pattern moves out of
//! the width; 187 as fallbacks after the ordinary candidates fail, −168 203: they use the node budget
//! before the root reaches 48's F1). GNU Go's replies in the failing defences are often such moves
//! (69 L10, 71 K2, 107 B3, 120 F5 beside the refuting stone; 48 and 66 D2 shortening a cutter), but
//! each line is refuted again at plies 6–8 (69 N5, 107 B4, 120 a race); GNU Go's move is not among our
//! root candidates at all in 21 (F2), 63 (R9), 101 (S15), 124 (H2), 191 (B7).
//!
//! Measured 2026-11-27 (owl.tst at 192), lead (2) of issue 24: GNU Go's moves missing from our root
//! candidates come from its defence patterns (21 F2: a block on the second line under our third-line
//! stone; 63 R9, 101 S15: slides a knight's move from the end of a wall toward the edge; 124 H2: a
//! tunnel under a lone second-line stone; 191 B7: round the end of a cutting string). Our own
//! patterns for these (`owl_defend.db`: `OdBlockUnderOurStone`, `OdTunnelUnderTheStone`,
//! `OdWrapAroundTheCutter`; the slides need `owl_tuning::Reach`, off) put 124's H2, 191's B7 (and with
//! the reach 63's R9, 101's S15) first at the root, and change no result: each line is refuted deeper
//! (124: H2 G3 G1 C1, where GNU Go's F1 fails for us at ply 6; 191: after B7 B8 the reader captures the
//! queried string C8 D8 and that decides, where GNU Go's owl plays on with B9); 21's F3 is not in our
//! dragon. The attacker's atari from inside a space of at most eight points on a string with two
//! liberties (`owl_vital.db` `OvAtariInsideTheSpace`, GNU Go's vital point; with GNU Go's wider condition,
//! any size when the stone cannot be captured at once: 191, +210 −235 236) gains 210 (193). With it 176's F1
//! is read first, and `GO_OWL_PESSIMISTIC=2,2,0,2` (the ko bit at the attacker's nodes of defence
//! queries) then answers GNU Go's `KO_B`: 193, +176 −65 (176 needs the bit at ply 3, and at ply 3 65's
//! line M11 N9 K12 is read on and our defender misses its life; `2,2,2,2` keeps 65 and loses 176).
//! Tests that pass with GNU Go's databases and fail with ours (owl.tst at 193): 22 47 62 132 135 158 177
//! 211 215 216 229 248. The attacker's join under their second-line stone (`owl_attack.db`
//! `OaJoinUnderTheirStone`, GNU Go's F1 in 47) gains 47 (194, no loss); our cut at a knight's move
//! beside the dragon and push out between two of its stones (GNU Go's D9 in 229, B5 in 62) never held
//! their constraints there (194 with them, the same tests).
//!
//! Measured 2026-11-27 (owl.tst at 194, the code was dropped): with six late moves, the attacker's
//! replies that refuted the root's ordinary defences (three, first seen first) added to the attacker's
//! candidates after each late move, beyond the width: no change (194, +112 −183). 183's late throw-in
//! C14 (a double atari) is a ko for GNU Go too (`owl_does_defend C14` answers 3; after C14 its attack
//! C13 is `KO_A`), where our defender answers C13 with A15 and lives; what fixed 183 is reading the
//! late moves only when the ordinary candidates found no ko either.
//!
//! Measured 2026-11-27 (owl.tst at 197, semeai.tst 107), issue 25's false "critical" verdicts in
//! strategy.tst: 29's C4 (strategy5.sgf 40) had no eye under its wall because the lunch D2-G2 has four
//! liberties; lunches of up to four liberties for every opponent string: owl.tst 194 (+158 −113 114 192
//! 194, CPU +20%), up to three: 193; without their eat/save candidates 195 (−192 194: in 192 the
//! attacker's fresh stone D4 became a dead lunch); of two stones or more 197 but semeai.tst 106 (−151:
//! a big black chain in a capturing race counted as a lunch), hence `boxed_in` (≥ 2 stones, at most two
//! empty points beyond its liberties, outnumbered in liberties by every neighbour): owl 197, semeai 107,
//! no change, CPU +1.4%. The other positions are not the owl's eye count: 20's K4 and 40's P15 live
//! with GNU Go's databases (`--patterns`): our `owl_defend.db` lacks the escape after 20's J4 (GNU Go's
//! L3, esc 17) and after 40's L13 (GNU Go's M11, a jump our `JUMP_WEIGHT` rates 42, below the width);
//! 17's R6 is a 4-stone dragon for us and a 26-stone one for GNU Go (amalgamation, not the owl).
//!
//! Measured 2026-11-27 (owl.tst at 197; GNU Go 236 with 21.1 s CPU, ours 29.3 s in the same hour,
//! 1.39x, both under load), issue 24's leads, nothing kept as a default:
//! * Symmetric owl patterns match twice at one point (two transformations) and their values add up.
//!   One match per (pattern, point) (`GO_OWL_PAT=100,10,1,8,1`) or the best pattern value per point as
//!   GNU Go's owl keeps a move once (`…,2`): 195 either way (−192: no attack for E5, GNU Go F3; −211:
//!   A3 before GNU Go's C2); with the cap at 6 or 10 and one match per pair, the same 195. Our pattern
//!   values were tuned with the doubles counted; `owl_tuning::Patterns::dedupe` keeps the option.
//! * The queried string's tactical fate (`owl_tuning::Doom`, `GO_OWL_DOOM`): reading on below the root
//!   (1), only while the goal holds another string (2), or at the root too (3): 197 each, the same
//!   tests, CPU unchanged (semeai.tst with 3: 107, the same tests). 191 (`owl_defend D8`, GNU Go B7) needs more: after B7 B8 B9 A8 A7 our
//!   attacker's D9 captures C8 D8, the queried string, and that ends the read (`Owl::captured`),
//!   where GNU Go's owl judges the dragon (B7 B9 A7 run out: "ALIVE (escaped)"); the goal must hold
//!   the defender's B7 and B9 (no `GO_OWL_GOAL` mode does with 191's liberties) and the attack succeed
//!   only when the whole goal is gone.
//! * 215/216 (FSF-neurogo 286): GNU Go's K16 is `KO_B` (its defence K19, then M19 `KO_A`, answered by
//!   H18); after K16 K19 M19 our defender's H18 scores 30, fifth behind K18 190, G16 70, J17 64, J19 40,
//!   beyond the width of four at ply 2, so K16 reads an outright kill and comes before H18.
//! * 135: after N17 GNU Go's owl reads fourteen plies (N18 N16 M17 M15 K18 J18 L15 …) to "escaped";
//!   ours answers N18 and N16 kills at ply 3.
//! * The 9x9 false kill (E4 E6 D5 C7 D6 D7, `owl_attack C7`, ours now `1 E7`, GNU Go 0; GNU Go says
//!   black cannot kill even moving twice, E7 and another): before E7 our goal's eye space is the whole
//!   board (black's three stones taken for invaders), after E7 it has none and the escape count is
//!   12, below 16 (`owl_tuning::SmallEscape` records what lowering it breaks): the
//!   defender's candidates (E8 B7 C8 D8 C9 D9 A7 C6) lack GNU Go's B5, and even with white's B5
//!   played our C8 kills. GNU Go lives there on its eye domains (the open top left is white's
//!   domain); the domains lose as our eye spaces (`crate::analysis::eye`'s module doc).
//!
//! Measured 2026-11-28 (owl.tst at 197, the tests 150–261; nothing kept as a default; `owl_tuning::Fiat`'s
//! defence-query reading: owl 198, 9x9 18): `GO_OWL_REACH=1,0` 197 (the same tests), `1,1` 197 (+163 −161);
//! `GO_OWL_ANSWER=1,120` 197 (the same), `2,120` 196 (+62 −134 161). GNU Go 3.8 itself fails 150 156
//! 166 170 171 179 224 225 226 249 257 261 here (`gnugo --mode gtp`, this machine). Causes found, not
//! fixed: 151 152 187 195 (attacks C13, G2, M5, B12) and 200 221 (defences D8, H9) are first moves
//! GNU Go's `owl_does_attack`/`owl_does_defend` rejects: the refutation lies below our width. 162:
//! after our D19 the defender lacks GNU Go's D18 (a connection out to C18 one step from the goal;
//! `connections_out` runs only at the root of `owl_defend`). 215/216: after K16 K19 M19 the
//! defender's eval sees J17 false (0/0: K16 and the empty H16 count against it) and H18 scores 30,
//! where the attacker's node rates H18 130 (`owl_vital.db`). 221 (9x9): our goal's 23-point side is
//! two eyes by fiat; read (`GO_OWL_FIAT=1,4,1`) the answer becomes 0, GNU Go D8.
//!
//! Recheck (2026-11-28, `owl_tuning::Recheck`, `GO_OWL_RECHECK`; off at first for its CPU cost, on since):
//! with it on, an `owl_defend` that found no defence, ko included, reads its first six root moves again, each as `owl_does_defend` reads a move
//! (a fresh attack after it, the root's width, the whole depth and node budget; the goal stays the
//! dragon's). Below `owl_defend`'s root the same move is read one ply deeper, with narrower widths and
//! the budget its siblings left, and the two answers differed: GNU Go's move passed
//! `owl_does_defend` in owl.tst 46, 107, 124 and in 105 after the attacker's B4 (D5), while
//! `owl_defend` answered 0. owl.tst 197 → 199 (+107 120 124, −237, whose S11 our `owl_does_defend`
//! accepts too), but owl.tst CPU +54% (2.06x GNU Go's; figures in `Recheck`'s doc). With one node
//! budget shared by the rereads (`Recheck::total`, 2026-11-28) still +26–45% CPU for at most +3 −1
//! (`6,0,150,600`: +120 alone, +26%): the cost is the number of rereads, not their nodes
//! (`Recheck`'s doc). Measured and
//! dropped the same day: the defender's root move always in the goal (`GoalGrowth`'s doc: 194/195). Causes seen and not fixed: 105 (`owl_attack C4`, GNU Go 0): after
//! our B4 `owl_does_defend D5` lives but the attack's own read at ply 1 misses it (rechecking every
//! attack's winning move costs a whole read per kill); 48: the recheck answers E3, which GNU Go's
//! `owl_does_defend` accepts too, but the test lists only F1 B1 D2 E1; in 21 57 63 66 69 71 72 77 99
//! 101 109 133 our `owl_does_defend` of GNU Go's move answers 0 too (refuted deeper). The recheck now
//! reads inside the query (`Owl::recheck`, 2026-11-28): a third cheaper for the same tests, still
//! +22% owl.tst CPU for +2 net; with a cap on the query's reader nodes before each reread
//! (`Recheck::reads`) +11% for the same tests, within the 1.5x allowance: on by default
//! (`6,0,600,1200,250`; owl.tst 201 → 203, +107 120 124, −199; figures in `Recheck`'s doc; with the rereads' leaves counted for the attacker, merged: 202, +120 124 162, −163 194 199 with owlE's rule). Measured and dropped the same day: the
//! goal loop of `Owl::analyse` reusing the queried string's attack and defence for its own string (the
//! reader's cache is keyed by the point asked, so `attack(target)` and `attack(head)` are two reads):
//! no measurable CPU saving (21.6 s against 21.9 s) and two answers changed (25 F1 → 0, lost; 55 H3 →
//! G2, gained: net nothing): the reader's answers depend on the stone asked (its liberties are walked from that stone), so
//! keying its cache by string is no free saving either.
//!
//! Since 2026-11-29 a defence's reread takes as its goal the queried stone's dragon on the position
//! after the move (`owl_tuning::Recheck::fresh_goal`, [`dragon_goal`] there): a root move joining the
//! dragon to a friendly one was read with the old goal, whose stones alone die (owl.tst 196: 206, +196).
//!
//! Measured 2026-11-28 (owl.tst at 203), the same recheck for `owl_attack` (`Owl::recheck_attack`,
//! `owl_tuning::Recheck::attack`, off): a failed attack rereads its first root moves as
//! `owl_does_attack` reads them; 204 (+173 197, −158) at +4% CPU, but endgame.tst −810; figures there.
//! Since 2026-11-29 on with two rereads (`GO_OWL_RECHECK` field 6), after the eye spaces opened by a
//! boxed-in lunch were mended (the reread's false kill `1 B4` in strategy5.sgf 40 came from them):
//! owl.tst 206 → 208 (+173 197, no loss).
//!
//! Measured 2026-11-28 evening (owl.tst at 203 by gtp-regress, 22.8 s CPU under load): the defence
//! rereads' leaves counted for the attacker made the reread of 107's B2 (GNU Go's move, which our
//! `owl_does_defend` accepts) fail at its depth limit; with the main read's leaf rule
//! (`Recheck::leaves` 1, then an option) owl.tst 204 (+107, no loss, 21.7 s), semeai.tst
//! 110, endgame.tst 42, 9x9.tst 27, strategy.tst 14 (the same tests), but a lone invader on 9x9
//! (`owl_status.rs`'s walls, white B5) then lives. Measured and not kept: the move joining the reread's goal
//! too (`joins` with leaves 1) 201 (−120 207); a salt per reread (`Recheck::fresh`) 203 (107 lost
//! again: the rereads gain from each other's results); with leaves 1, a shared budget of 1800 or eight
//! moves: 204, the same tests, more CPU. Why the walls' B5 lived (2026-11-28, fd122a0): the reread of
//! B3 keeps the goal the dragon (B5 alone), so after B3 B4 C4 the attacker's candidates (C5 B6 A5)
//! lack C3, a liberty of the played stone that `owl_does_defend B3` (B3 in its goal) reads and wins
//! with; the line runs on to the depth limit, where a leaf with the attacker to move (min 1, max 2 in
//! the corner) counted as life. A leaf rule by the side to move for the rereads (the attacker to move
//! kills unless the minimum is two, the defender to move lives if the maximum is two) keeps the walls
//! dead but loses 107 again (owl.tst 203, the same tests as leaves 0; 107's reread ends at leaves like
//! B2 F1 G1 J1 H1 C3 B1 A2 A3, attacker to move, min 1 max 2, vital point B3). 107 also passes with
//! leaves 1 only after 106's `owl_attack F6` on the same position (the reader's cache): alone, `owl_defend
//! F6` answers 0 with either rule. Both fields (`leaves`, `fresh`) were deleted. Also measured and
//! dropped: an `owl_attack` root that checks each kill it finds as `owl_does_attack` reads it (the move
//! played, a fresh `owl_defend` on the goal) and reads on for another when the dragon lives (at most two
//! rejections): owl.tst 200 (+81, −76 162 192 235; 62 becomes `0`, 187 `N7`) at 42.4 s CPU against
//! 26.7 s: our `owl_defend` after the move finds false defences as often as it refutes false kills. Other switches re-measured at 203 the same hour:
//! `GO_OWL_FIAT=1,4,1,20` 203 (no change), `GO_OWL_REACH=1,1` 201 (−161 162),
//! `GO_OWL_PESSIMISTIC=2,2,0,2` 203 (+176 −65), depth 9 198 (+107 173 197 212, −4 124 158 161 164
//! 182 192 199 201). Causes seen, not fixed: 46's GNU Go moves (F1 B1 D2) pass our `owl_does_defend`
//! but their rereads still fail (a different line after B1 D5 C1 E3 F4 C2 E4); 158 under the attack
//! recheck: our `owl_does_attack P19` answers 0 only through the defence recheck of its `owl_defend`,
//! which the attack's reread (one ply down, no late moves, no recheck) lacks; endgame 810 under the
//! attack recheck: our dragon C2 D2 B1 is its own (GNU Go amalgamates it with the J-column group) and
//! the recheck reads E2 a kill there.
//!
//! Measured 2026-11-28 (owl.tst at 203 by gtp-regress; GNU Go 236 at 15.9 s CPU in the same hour):
//! at the root of `owl_defend` a static life is read by an attack after no move, and when that kills,
//! the defender's root candidates had no pattern moves (the defence patterns were matched only where
//! the goal was not alive): they are now matched there too (`owl_tuning::Defender::root_patterns`),
//! owl.tst 204 (+163, no loss, CPU the same). Measured and dropped the same day: each root answer
//! read again as `owl_does_defend`/`owl_does_attack` reads its move (`reread_root_moves` on the one
//! move), and when that reread did not win, the first six root moves reread for an outright win to
//! replace it (the code never changed, only the move): for defences 202 (+55, −153 236: our rereads
//! reject G3 and R4, which GNU Go plays) at 26.9 s against 22.8 s; for attacks 202 (−192: F3
//! rejected); both 201 at 31.0 s. Our rereads reject right moves as often as wrong ones.
//!
//! Cost: nearly all of a node's time is the reader's (the tactical questions above and the diagonals of
//! the eye spaces), so the owl's tactical questions get a budget of `owl_tuning::OwlReader::nodes`; a node's marks reuse
//! the query's buffers and the atari test of a candidate is played on the reader's board, not a copy.
//! Profile of owl.tst (perf, 2026-11-28, main 2a6af5f): 63% of the CPU is the reader under
//! `Owl::analyse` (the goal strings' attacks and defences 22%, the lunches' 18%, the queried
//! string's 13%, the pattern moves' safety 9.5%), the eye spaces 12%, pattern matching 8% and
//! constraints 3.6%; the reading board's undo copied 4.6 kB per level twice (11%). With the undo a
//! change journal ([`crate::rules::board::TryBoard`]; answers and owl/reading node counts the same on
//! every owl.tst and semeai.tst test) the sum of the tests' `cputime` fell 27.98 s → 24.83 s; the top
//! entries are now the reader's `LibView::approx` 11%, `do_defend` 10%, `liberties_into` 9%,
//! `trymove`+`popgo` 12%, the matcher's scan 4%, the eye graphs' solver 4%. Seen, not yet used: the
//! reader's cache is keyed by the queried point, not its string, so `attack(target)` and the same
//! string's `attack(head)` at one node are two cache entries when the target is not the head.
//! Profile of 2026-11-28 afternoon (perf with DWARF call graphs, main 9949a24): the reader 65% (under
//! `Owl::analyse`), the eye spaces 16% of which the eye graphs' solver 7% (a third of it the
//! `HashMap` memo), pattern matching 10% of which 4.8% was sorting every match on the board before
//! the few near the goal were kept; malloc and free together under 3%. Now the matches are filtered
//! first and the kept ones sorted once (a reused list), the solver's memo is an open-addressed table
//! emptied by a generation tag, and the eye-space flood remembers each point's eye-point test:
//! answers and owl/reading node counts byte-identical on owl.tst and semeai.tst, owl.tst 25.01 →
//! 22.66 user s by gtp-regress -j 2 (GNU Go 18.72 s in the same hour: 1.34× → 1.21×).
//!
//! Measured 2026-11-29 (owl.tst at 208 on main a9367f6, gtp-regress -j 2, load ~17), issue 24's leads,
//! nothing kept as a default:
//! * The reader inside the owl (`owl_tuning::OwlReader`, `GO_OWL_READER`). Our reader already counts the
//!   owl's moves on its stack as GNU Go's `stackp` (its depth limits shrink with the owl's ply as GNU
//!   Go's do); what differs is the node budget. In strategy5.sgf 40 after B4 C3 (`owl_attack C4`) the
//!   lunch D2 is not dead at the root and dead one ply down because `attack D2` needs 1881 reader nodes
//!   (GNU Go's reader 261 for the same `1 D1`) and the budget is 1000: with 100000 it is dead at the root.
//!   But the budget is tuned into the rest: owl.tst at 700 nodes 207 (+221 −74 183), 1200 206 (−26
//!   158), 1500 205 (−26 158 182), 2000 204, 3000 204 (−26 76 158 178, CPU +16%); the reader's depths
//!   shifted +1 206 (+179 −53 183 192, CPU +24%), −1 201 (−44 53 76 158 182 183 199); the rereads'
//!   reader one ply deeper, as `owl_does_defend`'s fresh board gives it, 207 (−237).
//!   A larger budget at the query's root node only (where strategy5.sgf's D2 was missed; code dropped):
//!   3000 nodes 206 (−26 182), 20000 204 (−26 73 134 183).
//! * The deep refutations (21 63 66 69 71 77 99 191 223; 133 is no defence for GNU Go's
//!   `owl_does_defend` either), GNU Go's defence played and the line followed while both programs
//!   disagree: our `owl_does_defend` of GNU Go's move fails in all of them; the first node where our
//!   fresh read finds what the read from one ply up missed is ply 2 in 71 (after J2 K2 our
//!   `owl_does_defend L2` lives, `owl_defend` 0) and 77 (J13 L14: GNU Go's G13 is not among our
//!   candidates), ply 3 in 21 (F2 D3 D2 C4: our `owl_defend` finds B1), ply 6 in 66 (B5 B4 C6 B7 D2
//!   B6: C1) and 69 (N7 M10 L10 N6 O6 O5: `owl_does_defend N5` lives). 99: after A18 B19 F19 D19
//!   C18 our G19 kills for GNU Go too (its `owl_defend` after G19 answers 0; its `owl_attack` before
//!   it misses G19). 191: D9 captures the queried string (see above). 63 reads on past ply 7. So the
//!   common cause is width and depth below the root (the answer lies one ply or one width step
//!   beyond the read that needs it), not the eye spaces or lunches; measured widths and depths are
//!   recorded above and in `owl_tuning::Search`.
//! * 107: B2 is our third root candidate, and the reread refutes it where `owl_does_defend B2` lives:
//!   not the budgets (a reread of 100000 nodes, no total or reader cap: still 0) nor the goal's B2
//!   (`joins`: still 0). With `joins` the reread's node B2 C3 E1 J1 B1 N4 is a loss for the defender
//!   taken from the table (an earlier reread's, whose leaves count for the attacker), where
//!   `owl_does_defend` reads C3 E1 J1 B1 N4 to life (G1): the rereads' leaf rule again (see
//!   `Recheck::leaves` above), not a missing candidate.
//!
//! Measured 2026-11-28 (owl.tst at 201 on main 2d4bb84, gtp-regress), leads 162 and 216 of issue 24:
//! * 162 (`owl_attack F19`, GNU Go D18): after D18 D17 B18 our defender's D19 reads static life at
//!   the attacker's first node (E19,D18,E18 1/1 and F16 1/1) because `mark_enclosed` counts the black
//!   D18 (one liberty) dead in its small region, though the attacker's C19 captures the white C18 (not
//!   in the goal) and saves it; GNU Go's attack C19 refutes D19. Strings next to the goal the reader
//!   attacks and the attacker can defend left alive at the attacker's nodes: 199 (+162 176, −158 164
//!   194 203, dropped); only those in atari that the attacker saves outright (`saveable` in
//!   `Owl::analyse`, kept): 201 (+162, −194: main's `owl_does_attack G16` is already a false kill,
//!   GNU Go rejects it, and it is now read before GNU Go's G18), semeai.tst 110, endgame.tst 33 and
//!   9x9.tst 24 (classic) the same tests; owl.tst CPU 24.8 s against main's 26.4 s measured minutes
//!   before (23.1 s in an earlier run).
//! * 216: see [`crate::analysis::eye`]'s module doc (the forbidden ko retake as a diagonal).
//!
//! The 45 owl.tst failures of main 2d4bb84 that GNU Go passes, by cause (2026-11-28; each checked with
//! GNU Go's `owl_does_attack`/`owl_does_defend` on our move and ours on GNU Go's move):
//! * A defence GNU Go finds, refuted in our search (ours rejects GNU Go's move too), 18: 21 48 63 66 69
//!   71 72 77 99 101 117 120 133 162 173 191 196 223 (117 162 173 are attacks).
//! * A false kill or defence (GNU Go's `owl_does_*` rejects our move), 14: 20 22 62 81 105 135 151 152
//!   187 193 195 200 221 228; in 20 22 62 151 152 187 195 our `owl_does_attack` accepts GNU Go's move,
//!   so rejecting our first move would pass them (the refutations lie below our width, see above).
//! * GNU Go's move accepted by our `owl_does_*` but not our answer (the one-ply path difference of
//!   `Recheck`, or the root order), 7: 46 107 124 163 197 212 248.
//! * Another move GNU Go accepts too (the test lists fewer), 3: 8 55 160. Ko codes, 3: 176 216 249.
//!
//! Measured 2026-11-28 (owl.tst at 201, dropped), leads 105/228 of issue 24: the defender's wedge
//! atari (a liberty of a cutting string of two liberties next to the goal that the reader cannot
//! capture, diagonal to the goal and touching none of its stones, with two empty neighbours), weight
//! 60 at every defender node: 198 (+105 197, −14 52 53 194 199; CPU +15%); only when the cutter also
//! touches a defender string outside the goal with at most two liberties (105's B5): 201 (+105, −14:
//! `2 P3` instead of `1 S2`). 228's GNU Go defence D6 is such an atari too, but after D6 our attacker
//! still kills through C6 (the 9x9 escape count, `owl_tuning::SmallEscape`).
//!
//! Measured 2026-11-28 (owl.tst at 202 by gtp-regress, main 319690b; nothing kept), issue 24's false
//! kills 20 22 62 151 152 187 195 (GNU Go's `owl_does_attack` rejects our move, ours accepts GNU Go's),
//! each walked against GNU Go's `start_sgftrace` tree of `owl_does_attack OURS`:
//! * 20 (our D3): GNU Go defends D2, and after our B2 plays A2 (a first-line hane under the attacker's
//!   second-line stone beside ours, so that stone can be captured), not among our candidates. An
//!   `owl_defend.db` pattern for it (their second-line stone beside ours, the first-line point under it,
//!   `lib(a) <= 3 && oplay_attack(*,a)`, value 60 or 30, or `lib(a) == 3`): 201 (+48, −162 −192; in 162
//!   it rates D19 under black's D18, the defence our D18 kill needs refuted). With it A2 is tried second
//!   after D3 D2 B2 and refuted by C4: after C4 our `owl_defend` finds E3 (GNU Go F2), but at ply 4 of
//!   the line, with four plies left, E3 fails; depth 10 (`GO_OWL_SEARCH=,,0,0,,10,`) finds A3.
//! * 22 (our O12): GNU Go's defence S10 holds only where its own reading stops at its node limit
//!   ("owl node limit reached" counted as life): no reading fact to copy.
//! * 62 (our A6): the node budget is spent on the five root moves before A6 (1224 nodes), so A6's
//!   reply is judged by the leaf rule at ply 1 (max 1: a kill); our `owl_does_attack A6` reads B5 and
//!   answers 0. The only test of owl.tst with a root move judged that way (traced over the file).
//! * 187 (our M5): GNU Go's O3 is the eighth defender candidate after M5 (20 points), beyond the width
//!   at ply 1, found by `owl_does_attack M5` as a late move of `owl_defend`'s root. Reading three
//!   candidates beyond the width at the first defender node of an attack query, after the ordinary
//!   ones failed: 201 (−162, nothing gained: O3 then refutes M5, but at ply 1 M5 refutes GNU Go's O3,
//!   and the answer becomes N7, a ko for our `owl_does_attack` and 0 for GNU Go's). The first reply's
//!   width 6, as at the root (`GO_OWL_SEARCH=,6,0,0,,,`): 199 (+55, −4 112 115 162).
//! * 195 (our B12): after B12 B10 C9 GNU Go's defender is "escaped" statically; ours reads on to a kill.
//! * The kills of 20 22 151 152 195 rest on 60–180 leaves at the depth limit each, nearly all with a
//!   maximum of 0 eyes and an escape of 0–5 at the leaf: not a leaf rule that is too harsh, but
//!   refutations (or GNU Go's escapes) beyond our eight plies and widths.
//! * 199 (`owl_defend H3`, GNU Go 0, ours was `1 F2`): the life came from the recheck
//!   (`GO_OWL_RECHECK=0` answered 0, and so does our `owl_does_defend F2`). The reread plays its move
//!   one ply down, so every rule keyed to the ply's parity or to the root (the attacker's even plies of
//!   an attack query: fiat spaces read, `settled` passes, static life checked by reading at the root;
//!   the pessimistic count at the attacker's first node of a defence query; the defender's wide
//!   liberties and throw-ins) treated the reread as a defence query, where `owl_does_defend` reads an
//!   attack query. Fixed (kept): those rules count the reread's plies from its move (`Owl::ply`, the
//!   `d` of `attack`/`defend`): owl.tst 202 → 203 (+199, no loss), semeai.tst 110 (the same tests).
//!
//! Measured 2026-11-29 (owl.tst 205 on 74df378 by gtp-regress -j 2, 21.06 s CPU; the code was dropped),
//! aimed at the `owl_defend` tests answered 0 where GNU Go defends (21 46 48 63 66 69 71 77 99 101 107
//! 133 191 196 223, 15 of the 56 failures; no `owl_defend` test fails by a false defence). Walking GNU
//! Go's defence against our attack (GNU Go's `owl_defend` for the defender, ours `owl_attack` for the
//! attacker, both asked fresh at each step): in 66 GNU Go's line is B5 B4 C6 B7 D2 B6 B3, nine plies
//! and more, where our fresh read at each step after the first finds the defence our root read refutes;
//! in 21 after F2 D3 D2 C4 and in 77 after J13 L14 G13 the same (77's G13 is no candidate of ours at
//! all). So the limits, not the evaluation, were tried:
//! * GNU Go's one move per node past its branching depth (`owl_branch_depth`): two plies of width one
//!   below our depth of eight: 194 (+194 212, −4 18 76 124 147 162 163 164 182 192 199 215 235 236),
//!   23.7 s.
//! * Near ties beyond the width below the root (a candidate scoring at least 80% of the last one
//!   within the width, two at most): at both sides' nodes 199 (+55 107 216, −4 72 76 82 106 112 162
//!   163 192), 26.7 s; at the defender's 200 (+107, −72 76 106 162 163 192); at the defender's in
//!   defence queries 204 (+107, −72 163). Our pattern and eye scores do not rank GNU Go's moves
//!   near the top, so the ties add other moves.
//! * The leaf rule of defence queries only: GNU Go's (the defender lives at the limits) 178 (+66 69 71,
//!   −30 tests: 13 of them false defences of `[0]` tests such as 23 27 64 149 167 168 186 199, the rest
//!   an earlier move winning), a maximum of one eye living 187 (+69 71, −20). Reading deeper for the
//!   defender alone costs more false defences than it finds defences.
//! * 101 (`owl_defend Q18`, GNU Go S15): our own slide pattern (the end of a third-line wall sliding a
//!   knight's move down to the second line under their third-line stone, value 45) with
//!   `owl_tuning::Reach` puts S15 first at the root, and a fresh `owl_attack` after S15 answers 0, but
//!   neither the root read nor the reread (whose leaves count for the attacker) lives: still 0.

use crate::analysis::board_view::BoardView;
use crate::analysis::dragon::{
    escape, escape_route, escape_values, genus, mark_enclosed, DragonStatus, LifeReading, ESCAPE_FRIEND,
};
use crate::analysis::eye::{Eyes, Safety, Topology, MAX_EYE};
use crate::analysis::owl_context::OwlContext;
use crate::analysis::owl_memo::{self, Question};
pub use crate::analysis::owl_tuning::ESCAPE_ROUTE_OWL;
use crate::analysis::owl_tuning::{tuning, Answer, Contact, Escape, GoalGrowth, Search};
use crate::analysis::pattern_dir::DirCache;
pub use crate::analysis::read_result::ReadResult;
use crate::analysis::read_result::ReadResult::{KoB, Lose, Win};
use crate::analysis::reading::Reader;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};
use patterns::{PatternLibrary, Registry};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Escape potential at which the goal counts as having run out.
pub const ESCAPE_OWL: usize = 16;

const TABLE_BITS: usize = 12;
/// A boxed-in lunch of three or four liberties: an opponent string of at least two
/// stones next to the goal whose liberties open onto at most two further empty points, and which every
/// goal string beside it outnumbers in liberties (not a capturing race), is dead when the reader
/// captures it and cannot save it, as GNU Go's owl counts the lunches its `attack` finds (strategy.tst
/// 29: the four black stones D2–G2 under white's wall, two eyes for GNU Go, none for us before).
fn boxed_in(b: &Board, h: Point) -> bool {
    let mut libs = Vec::new();
    b.string_liberties(h, usize::MAX, &mut libs);
    let mut second: Vec<Point> = Vec::new();
    for &l in &libs {
        for q in Board::neighbors(l) {
            if b.is_empty(q) && !libs.contains(&q) && !second.contains(&q) {
                second.push(q);
            }
        }
    }
    if b.string_size(h) < 2 || second.len() > 2 {
        return false;
    }
    let own = b.color(h);
    b.string_stones(h).into_iter().all(|s| {
        Board::neighbors(s).iter().all(|&q| b.color(q) == own || b.color(q).is_none() || b.liberties(q) > libs.len())
    })
}
/// Base score of a defender's one-point jump out of the goal (owl.tst +4: escape moves the liberties
/// alone did not offer, e.g. 81's P6).
const JUMP_WEIGHT: i32 = 30;
/// Base score of an attacker's placement inside an eye space too large for the eye graphs (owl.tst
/// 84: the corner placement that kills a space the graphs count as two eyes).
const PLACEMENT_WEIGHT: i32 = 20;

/// The ply (the attacker to move after the defender's first move) at which a life resting on an eye
/// space counted two eyes by fiat is read instead of trusted: the defender's root move that leaves
/// such a space looked like a defence whatever the attacker's placements inside (owl.tst 163).
const FIAT_DEPTH: usize = 1;

/// Depth, node and branching limits of one owl query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwlLimits {
    /// Plies read at most.
    pub depth: usize,
    /// Nodes per query before the leaf rule decides.
    pub node_limit: u64,
    /// Moves tried below the root: one fewer every two plies, at least three.
    pub branches: usize,
    /// Moves tried at the root, where a missing candidate costs the answer (at most 16).
    pub root_branches: usize,
}

impl Default for OwlLimits {
    fn default() -> Self {
        // 1200 nodes instead of 600: owl.tst 91 is read to the end (+1); the limit binds in few
        // queries, so the file's time hardly changes.
        let mut l = OwlLimits { depth: 8, node_limit: 1200, branches: 5, root_branches: 6 };
        let k = tuning().search;
        l.root_branches = k.root.unwrap_or(l.root_branches);
        l.node_limit = k.nodes.unwrap_or(l.node_limit);
        l.depth = k.depth.unwrap_or(l.depth);
        l.branches = k.branches.unwrap_or(l.branches);
        l
    }
}

/// Moves of a line whose goal growth is kept without reallocating ([`Owl::grown`]; deeper lines
/// only grow the stack).
const MAX_LINE: usize = 64;

/// A point's key in [`Owl::goal_hash`].
fn goal_key(p: Point) -> u64 {
    (u64::from(p) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29)
}

/// Deepest ply with a killer slot.
const KILLER_DEPTH: usize = 32;
/// Most moves tried at one node.
const MAX_WIDTH: usize = 16;

/// What the evaluation found at a node.
struct Analysis {
    alive: bool,
    /// The attacker's tactical capture of the queried stone's string (code and move).
    capture: (ReadResult, Option<Point>),
    /// The queried stone's string is captured whatever the defender does.
    doomed: bool,
    /// The goal's eye count (minimum, maximum) as it stands.
    min: u8,
    max: u8,
    /// The goal's two eyes rest on an eye space too large for the eye graphs, counted two eyes by fiat
    /// (read instead of trusted one ply below the root and, in attack queries, down to `owl_tuning::Fiat::max`):
    /// the size of the smallest such space, 0 when the life rests on none.
    fiat: usize,
    /// Scored candidate moves for the side to move.
    cands: Vec<(i32, Point)>,
    /// At an attacker's node: the goal is dead as it stands (`settled_dead`), so the attacker may pass.
    settled: bool,
    /// The defender's extra moves at the root of `owl_defend`, tried only when the candidates fail
    /// ([`Owl::try_late`]); empty elsewhere.
    late: Vec<(i32, Point)>,
}

struct Owl<'a> {
    r: &'a mut Reader,
    color: Color,
    target: Point,
    /// The goal's points: the dragon's original stones, and the defender's stones added on the
    /// current line ([`GoalGrowth`]); a string of the defender's colour holding one is the goal.
    goal: Vec<bool>,
    /// Per move of the current line, the point it added to the goal (0: none), undone by
    /// [`Owl::undo`]; its capacity is reserved once per read, so a node allocates nothing.
    grown: Vec<Point>,
    /// The defender's dragons near the goal at the query's root (`owl_tuning::GoalGrowth::dragons`):
    /// per point the index + 1 of its dragon in `dragons` (0: none), and their stones.
    tags: Vec<u16>,
    dragons: Vec<Vec<Point>>,
    /// Points joined to the goal with those dragons on the current line, and per move the length of
    /// that list before it (undone by [`Owl::undo`]).
    joined: Vec<Point>,
    joined_at: Vec<usize>,
    /// XOR of the added points' keys, part of the transposition key (the same position reached with
    /// another goal is another question).
    goal_hash: u64,
    nodes: u64,
    limits: OwlLimits,
    /// (key, result, move, ply it was read at); key 0 or no result is empty. A result read at a
    /// deeper ply had less depth left ([`OwlLimits::depth`], [`KO_DEPTH`]) and answers only as deep a
    /// node or a deeper one ([`Owl::lookup`]).
    table: Vec<(u64, Option<ReadResult>, Point, u8)>,
    /// Whether a forbidden ko capture was made (as after a threat) on the current line: one per line.
    ko_used: bool,
    /// The komaster of the line when `owl_tuning::Ko::komaster` is on (GNU Go's scheme, `reading.texi`): after a conditional
    /// ko capture, the point of the stone it removed and that side. The other side may not play there
    /// for the rest of the line, not even once the ban of the board's ko rule has lapsed after moves
    /// elsewhere: without it the side that lost the conditional ko took it back two moves later as if
    /// the komaster had no threat left (owl.tst 212: GNU Go `3 E16`).
    kom: Option<(Point, Color)>,
    /// The line's komaster under GNU Go's scheme 5 (`owl_tuning::Ko::komaster` mode 2; `reading.texi`), kept
    /// instead of [`Self::ko_used`] and [`Self::kom`] in that mode.
    line_ko: LineKo,
    /// Per move of the current line, the [`LineKo`] before it, put back by [`Owl::undo`].
    ko_stack: Vec<LineKo>,
    /// Print the tree to standard error (`GO_OWL_TRACE`; for debugging).
    trace: bool,
    /// Moves on the current line, for the trace.
    line: Vec<Point>,
    /// Scratch marks of [`Owl::analyse`] (goal stones, dead stones, points near the goal), kept
    /// between nodes so that a node allocates none.
    marks: [Vec<bool>; 3],
    /// Scratch list of [`Owl::analyse`]'s pattern matches, kept between nodes.
    found: Vec<patterns::Match>,
    /// Per ply, the last move that won there on a sibling line (tried first: a refutation often
    /// refutes the neighbouring lines too).
    killers: [Point; KILLER_DEPTH],
    settings: Search,
    /// The static escape values of the read ([`escape_values`] on the root position, the original
    /// goal cleared): computed once per read, summed per node by [`escape_route`].
    escape_values: Vec<u8>,
    /// The root's moves of a defence query in the order they were tried (the ordered candidates, the
    /// rest of the candidates, the late moves), for [`owl_defend`]'s recheck (`owl_tuning::Recheck`).
    root_moves: Vec<Point>,
    /// XORed into every transposition key while [`Owl::recheck`] rereads (0 otherwise): the rereads'
    /// results, read deeper and wider, share the query's table among themselves but never answer
    /// for the main read's nodes, nor its for theirs.
    salt: u64,
    /// Plies by which [`Owl::width`] counts a node as shallower than it is: 1 while [`Owl::recheck`]
    /// reads, so the attacker's first node after the root move gets the root's width, as in
    /// `owl_does_defend`'s fresh attack (0 otherwise).
    shift: usize,
    /// The reader's node counter when the query began (`owl_tuning::Recheck::reads`).
    reads_at_start: u64,
    /// Whether this is an `owl_attack` query (its root may reread its moves: `owl_tuning::Recheck::attack`).
    attack_query: bool,
    /// Whether the rereads under [`Self::salt`] are an attack's ([`Self::recheck_attack`]): their
    /// leaves count for the defender, as a defence's rereads' count for the attacker.
    reread_attack: bool,
}

/// Which owl database a pattern comes from (by its file name: ours `owl_attack.db`, `owl_defend.db`,
/// `owl_vital.db`; GNU Go's `owl_attackpats.db`, `owl_defendpats.db`, `owl_vital_apats.db`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Attack,
    Defend,
    Vital,
    Other,
}

/// The owl's pattern databases, compiled, with each pattern's role and value.
struct OwlPatterns {
    lib: PatternLibrary,
    roles: Vec<(Role, i32)>,
    /// Per pattern: class `s` (a sacrifice: the move's safety is not checked) and class `n` (the
    /// opponent's stone there must be safe too), as GNU Go's owl databases use them.
    classes: Vec<(bool, bool)>,
}

/// GNU Go's owl database files, read from a `--patterns` directory instead of ours.
const GNU_FILES: [&str; 3] = ["owl_attackpats.db", "owl_defendpats.db", "owl_vital_apats.db"];
/// Our owl database files, read from a `--patterns` directory that has no GNU Go owl files.
const OUR_FILES: [&str; 3] = ["owl_attack.db", "owl_defend.db", "owl_vital.db"];

impl OwlPatterns {
    fn build(dir: Option<&Path>) -> OwlPatterns {
        // GNU Go's files, or ours by their names (to try edited databases without a rebuild).
        let files: Vec<PathBuf> = dir
            .map(|d| {
                let found = |names: &[&str]| -> Vec<PathBuf> {
                    names.iter().map(|f| d.join(f)).filter(|p| p.is_file()).collect()
                };
                let gnu = found(&GNU_FILES);
                if gnu.is_empty() {
                    found(&OUR_FILES)
                } else {
                    gnu
                }
            })
            .unwrap_or_default();
        let lib = if files.is_empty() {
            let ours =
                patterns::library::OWL_BUILTIN.iter().map(|(name, text)| patterns::parse_db(name, text)).collect();
            PatternLibrary::new(ours, Registry::standard())
        } else {
            PatternLibrary::load_files(&files, Vec::new(), Registry::standard())
        };
        let roles = (0..lib.set.patterns.len() as u32)
            .map(|k| {
                let db = lib.database_of(k);
                let role = if db.contains("vital") {
                    Role::Vital
                } else if db.contains("attack") {
                    Role::Attack
                } else if db.contains("defend") {
                    Role::Defend
                } else {
                    Role::Other
                };
                let value = lib.pattern(k).colon.value("value").and_then(|v| v.number()).unwrap_or(40.0);
                (role, value.clamp(0.0, 100.0) as i32)
            })
            .collect();
        let classes = (0..lib.set.patterns.len() as u32)
            .map(|k| {
                let colon = &lib.pattern(k).colon;
                (colon.has_class('s'), colon.has_class('n'))
            })
            .collect();
        OwlPatterns { lib, roles, classes }
    }
}

thread_local! {
    /// The owl databases: ours, or GNU Go's from the `--patterns` directory set last.
    static LIBRARY: RefCell<DirCache<OwlPatterns>> = const { RefCell::new(DirCache::new()) };
}

/// Reads GNU Go's owl databases (`owl_attackpats.db`, `owl_defendpats.db`, `owl_vital_apats.db`) from
/// `dir` instead of ours, for comparison (`go-gtp --patterns DIR`), or ours by their file names when the
/// directory has no GNU Go owl file (to try an edited database without a rebuild); `None` (or a directory
/// without either) goes back to the built-in ones. Applies to owl reading on this thread from now on.
pub fn set_pattern_dir(dir: Option<&Path>) {
    let changed = LIBRARY.with(|l| {
        let mut l = l.borrow_mut();
        let changed = l.dir() != dir;
        l.set_dir(dir.map(Path::to_path_buf));
        changed
    });
    if changed {
        owl_memo::clear();
    }
}

/// The owl databases for the current directory, compiled on first use.
fn library() -> Rc<OwlPatterns> {
    LIBRARY.with(|l| l.borrow_mut().get(OwlPatterns::build))
}

/// Plies within which a forbidden ko capture may be made conditionally (GNU Go's `ko_depth`, 8 at its
/// default level). 6 while the owl read only conditional captures (at 8 a capture at the end of the line
/// gave owl.tst 54 a ko GNU Go does not see); since kos anywhere in the line are read, 8 gains 180 and
/// 192 for 54 (`2 H2` where GNU Go answers `1 H2`).
const KO_DEPTH: usize = 8;

/// The komaster of GNU Go's scheme 5 (`reading.texi`), as the owl keeps it per line in
/// `owl_tuning::Ko::komaster` mode 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kom {
    Empty,
    /// This colour made a conditional ko capture.
    Master(Color),
    /// Both sides took a ko after the first komaster (recorded): no more ko captures.
    Gray(Color),
    /// A legal ko capture answered a ko capture.
    Weak,
}

/// The line's komaster and its point (the stone the komaster last captured).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LineKo {
    km: Kom,
    pos: Point,
}

impl LineKo {
    const EMPTY: LineKo = LineKo { km: Kom::Empty, pos: 0 };

    /// Part of the transposition key (0 when empty).
    fn code(self) -> u64 {
        let k = match self.km {
            Kom::Empty => return 0,
            Kom::Master(c) => 1 + c.index() as u64,
            Kom::Gray(c) => 3 + c.index() as u64,
            Kom::Weak => 5,
        };
        k | (u64::from(self.pos) << 3)
    }

    /// The state after `color` captured a ko whose point is now `new` (`conditional`: a forbidden
    /// capture; `old_ko`: the ko point before the move), `None` when the state forbids the capture.
    fn after_capture(self, color: Color, new: Point, conditional: bool, old_ko: Option<Point>) -> Option<LineKo> {
        let nested = |old: Point, new: Point| {
            let d = (i32::from(old) - i32::from(new)).abs();
            let s = crate::rules::stone::STRIDE as i32;
            d == s - 1 || d == s + 1
        };
        match self.km {
            Kom::Master(c) if c == color => nested(self.pos, new).then_some(LineKo { km: self.km, pos: new }),
            Kom::Master(c) => Some(LineKo { km: Kom::Gray(c), pos: self.pos }),
            Kom::Gray(_) => None,
            Kom::Empty | Kom::Weak if conditional => Some(LineKo { km: Kom::Master(color), pos: new }),
            Kom::Empty => Some(old_ko.map_or(self, |k| LineKo { km: Kom::Weak, pos: k })),
            Kom::Weak => nested(self.pos, new).then(|| LineKo { km: Kom::Weak, pos: old_ko.unwrap_or(self.pos) }),
        }
    }

    /// The state after a move that captured no ko: a weak state lapses, a komaster's ko is over once
    /// its point is filled or the komaster's opponent can no longer play there.
    fn after_quiet(self, b: &Board) -> LineKo {
        match self.km {
            Kom::Weak => LineKo::EMPTY,
            Kom::Master(c) | Kom::Gray(c) if !b.is_empty(self.pos) || b.is_suicide(self.pos, c.opponent()) => {
                LineKo::EMPTY
            }
            _ => self,
        }
    }
}

thread_local! {
    /// Owl nodes visited on this thread since the last reset (GNU Go's `get_owl_node_counter`).
    static NODES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Owl nodes read on this thread since [`reset_node_counter`].
pub fn node_counter() -> u64 {
    NODES.with(|n| n.get())
}

/// Sets the owl node counter back to zero.
pub fn reset_node_counter() {
    NODES.with(|n| n.set(0));
}

impl Owl<'_> {
    fn key(&self, attacker: bool) -> u64 {
        let ko = self.r.board().ko().map_or(0, |(k, c)| (u64::from(k) << 1 | c as u64) + 1);
        let h = self.r.board().hash()
            ^ (u64::from(self.target) << 40)
            ^ 0x9e37_79b9_7f4a_7c15
            ^ ko.wrapping_mul(0xff51_afd7_ed55_8ccd)
            ^ u64::from(self.ko_used) << 63
            ^ self.goal_hash
            ^ self.kom.map_or(0, |(k, c)| (u64::from(k) << 1 | c as u64) + 1).wrapping_mul(0xc4ce_b9fe_1a85_ec53)
            ^ self.line_ko.code().wrapping_mul(0x94d0_49bb_1331_11eb)
            ^ self.salt;
        (if attacker { h.rotate_left(17) } else { h }) | 1
    }

    /// The cached result of the position `key` when it was read with at least the depth left at `depth`:
    /// a transposition reached deeper (after a ko filled, say, which brings the line's ko state back)
    /// read less and must not answer for a shallower node (owl.tst 192 with the komaster of scheme 5).
    fn lookup(&self, key: u64, depth: usize) -> Option<(ReadResult, Option<Point>)> {
        let (k, c, m, d) = self.table[(key as usize) & ((1 << TABLE_BITS) - 1)];
        c.filter(|_| k == key && (usize::from(d) <= depth || !tuning().ko.cache_depth))
            .map(|c| (c, (m != 0).then_some(m)))
    }

    fn store(&mut self, key: u64, code: ReadResult, mv: Option<Point>, depth: usize) {
        self.table[(key as usize) & ((1 << TABLE_BITS) - 1)] =
            (key, Some(code), mv.unwrap_or(0), depth.min(usize::from(u8::MAX)) as u8);
    }

    fn captured(&self) -> bool {
        self.r.board().color(self.target) != Some(self.color)
    }

    /// Evaluates the current node and lists the candidates of `attacker` (or the defender).
    fn analyse(&mut self, attacker: bool, full: bool) -> Analysis {
        let b = self.r.board().clone();
        let (color, opp) = (self.color, self.color.opponent());
        // The goal: strings holding an original stone.
        // Per-node marks reuse the query's buffers (no allocation per node).
        let [mut cur, mut dead, mut near] = std::mem::take(&mut self.marks);
        for m in [&mut cur, &mut dead, &mut near] {
            m.clear();
            m.resize(ARRAY, false);
        }
        let mut heads: Vec<Point> = Vec::new();
        let mut stones: Vec<Point> = Vec::new();
        for p in b.points() {
            if self.goal[usize::from(p)] && b.color(p) == Some(color) && !heads.contains(&b.string_id(p)) {
                heads.push(b.string_id(p));
                for s in b.string_stones(p) {
                    cur[usize::from(s)] = true;
                    stones.push(s);
                }
            }
        }
        // Opponent strings next to the goal: lunches (dead) and strings in danger.
        let mut around: Vec<Point> = Vec::new();
        for &s in &stones {
            for q in Board::neighbors(s) {
                if b.color(q) == Some(opp) && !around.contains(&b.string_id(q)) {
                    around.push(b.string_id(q));
                }
            }
        }
        let mut cands: Vec<(i32, Point)> = Vec::new();
        // Strings next to the goal the reader cannot capture: alive whatever encloses them.
        let mut lively: Vec<Point> = Vec::new();
        // At the attacker's nodes, strings in atari next to the goal that the attacker, to move, saves
        // outright: not dead however small the region enclosing them.
        let mut saveable: Vec<Point> = Vec::new();
        // The defender's late moves (root only, see `try_late`): no allocation below the root.
        let mut late: Vec<(i32, Point)> = Vec::new();
        let dk = tuning().defender;
        let late_here = !attacker && full && dk.scope == 0 && dk.late > 0;
        let extra_here = late_here || (!attacker && dk.scope == 1);
        // The defender's moves in large eye spaces and throw-ins (`owl_tuning::Defender::wide_libs`, `throw_ins`:
        // 0 off, 1 at the root of a defence, 2 at every defender node, 3 at every defender node of a
        // defence query, where the defender moved first: an even line).
        let defence_query = self.ply().is_multiple_of(2);
        let scoped = |k: u8| !attacker && (k == 2 || (k == 1 && full) || (k == 3 && defence_query));
        let (wide_libs, throw_ins) = (scoped(dk.wide_libs), scoped(dk.throw_ins));
        let add = |cands: &mut Vec<(i32, Point)>, p: Point, w: i32| {
            if let Some(c) = cands.iter_mut().find(|c| c.1 == p) {
                c.0 += w;
            } else {
                cands.push((w, p));
            }
        };
        // The queried stone's string first: eyes do not help a string the reader captures.
        let target = self.target;
        let capture = if b.liberties(target) <= 3 { self.r.attack(target) } else { (Lose, None) };
        let mut doomed = false;
        if capture.0 != Lose && !attacker {
            match self.r.defend(target) {
                (Lose, _) => doomed = true,
                (_, Some(m)) => add(&mut cands, m, 150),
                _ => {}
            }
        }
        for &h in &around {
            let libs = b.liberties(h);
            if libs > 4 || (libs > 2 && !boxed_in(&b, h)) {
                continue;
            }
            let (a, am) = self.r.attack(h);
            if a == Lose && libs > 2 {
                continue;
            }
            if a == Lose {
                lively.push(h);
                // A neighbour with two liberties that the reader cannot capture: the defender's
                // ataris on it still gain time or shape (counter-ataris).
                if extra_here && b.liberties(h) == 2 && dk.counter_atari > 0 {
                    let mut libs = [0; 2];
                    b.liberties_into(h, &mut libs);
                    for l in libs {
                        add(if late_here { &mut late } else { &mut cands }, l, dk.counter_atari);
                    }
                }
                continue;
            }
            // A lunch captured only through a ko is not dead, but taking it (or saving it) is a move of
            // the ko fight, as GNU Go's owl eats and saves lunches whatever the reading's ko code.
            let (d, dm) = self.r.defend(h);
            if a == Win && d == Lose {
                for s in b.string_stones(h) {
                    dead[usize::from(s)] = true;
                }
            } else if attacker && d == Win && libs == 1 {
                saveable.push(h);
            }
            // Boxed-in lunches are not eaten or saved as candidates (owl.tst 192, 194 lost with them).
            if libs > 2 {
                continue;
            }
            if let (false, Some(m)) = (attacker, am) {
                add(&mut cands, m, 70);
            }
            if let (true, Some(m)) = (attacker, dm) {
                add(&mut cands, m, 50);
            }
        }
        let xlunch = tuning().outer_lunch.weight;
        if !attacker && xlunch > 0 {
            // Lunches of the defender's strings of one or two stones diagonal to the goal (outside it):
            // eating them is a defender's move too (`owl_tuning::OuterLunch`).
            let mut seen: Vec<Point> = Vec::new();
            for &s in &stones {
                for d in Board::diagonals(s) {
                    if b.color(d) != Some(color) || cur[usize::from(d)] || seen.contains(&b.string_id(d)) {
                        continue;
                    }
                    seen.push(b.string_id(d));
                    if b.string_size(d) > 2 {
                        continue;
                    }
                    for t in b.string_stones(d) {
                        for q in Board::neighbors(t) {
                            if b.color(q) != Some(opp) || around.contains(&b.string_id(q)) || b.liberties(q) > 2 {
                                continue;
                            }
                            if let (a, Some(m)) = self.r.attack(q) {
                                if a != Lose {
                                    add(&mut cands, m, xlunch);
                                }
                            }
                        }
                    }
                }
            }
        }
        mark_enclosed(&b, &mut dead, false, Some(opp));
        // `near` serves as scratch here; mark_invaders leaves it cleared for the pattern section.
        mark_invaders(&b, color, &stones, &mut dead, &mut near);
        // As GNU Go's owl has it, only strings it can capture are no longer lively: an enclosed string
        // of one or two liberties the reader cannot take stays alive, or a false eye beside it would
        // look real (owl.tst 14, 18, 54, 180 pass, 158 fails: 169 → 172).
        for &h in lively.iter().chain(&saveable) {
            for s in b.string_stones(h) {
                dead[usize::from(s)] = false;
            }
        }
        // Diagonals judged by the reader: liberty counts alone took stones in atari that can escape for
        // harmless and saw eyes that are false (owl.tst 92 → 103 with reading).
        let eyes = Eyes::compute_for(&b, color, &dead, &cur, Safety::Read(self.r));
        let all: Vec<usize> = (0..eyes.spaces.len()).collect();
        let (min, max) = genus(&eyes, &all);
        let esc = escape(&b, &stones, color, &eyes, &dead);
        let (Escape { mode, threshold }, count) = tuning().escape_for(b.size());
        let count = count.unwrap_or(ESCAPE_OWL);
        // The goal's own eye space is no way out (its points add nothing).
        let route = if mode == 0 {
            0
        } else {
            escape_route(&b, &stones, color, &self.escape_values, &dead, &|p| eyes.space(p, color).is_some())
        };
        let ran = match mode {
            0 => esc >= count,
            1 => route >= threshold,
            _ => route >= threshold || esc >= count,
        };
        // GNU Go's pessimistic count for the verdict of static life (`owl_tuning::Pessimistic`).
        let pess = tuning().pessimistic;
        // Scope 2: the attacker's nodes of a defence query (odd plies) only.
        let scoped = match pess.scope {
            0 => attacker,
            1 => true,
            _ => attacker && !self.ply().is_multiple_of(2),
        } && (pess.depth == 0 || self.ply() <= pess.depth);
        let sure = if pess.mode != 0 && scoped { pessimistic_min(&b, &eyes, &all, color, pess.mode) } else { min };
        let short = attacker && scoped && pess.short > 0 && heads.iter().any(|&h| b.liberties(h) <= pess.short);
        let alive = (sure >= 2 || ran) && capture.0 == Lose && !short;
        let fiat = fiat_life(&eyes, color, min);
        if self.trace {
            let sp: Vec<String> = eyes
                .spaces
                .iter()
                .filter(|s| s.color == color)
                .map(|s| {
                    let v: Vec<String> = s
                        .points
                        .iter()
                        .map(|&p| crate::rules::vertex::format_vertex(&b, crate::Move::Play(p)))
                        .collect();
                    format!("{}({}/{})", v.join(","), s.min, s.max)
                })
                .collect();
            // The opponent's stones counted dead (lunches, enclosed stones, invaders), one per string.
            let mut dead_heads: Vec<String> = Vec::new();
            for p in b.points() {
                if dead[usize::from(p)] && b.color(p) == Some(opp) && b.string_id(p) == p {
                    dead_heads.push(crate::rules::vertex::format_vertex(&b, crate::Move::Play(p)));
                }
            }
            eprintln!(
                "  eval min {min} max {max} esc {esc} route {route} spaces {} dead {}",
                sp.join(" "),
                dead_heads.join(",")
            );
        }
        // Owl patterns around the goal (points within two steps of its stones), for the side to move.
        let mover = if attacker { opp } else { color };
        let pats = library();
        // A knight's move from a goal stone, for the patterns whose reach takes it (`owl_tuning::Reach`).
        let reach = tuning().reach;
        let far_side = if attacker { reach.attack } else { reach.defend };
        let mut knight = [false; ARRAY];
        for &s in &stones {
            let (x, y) = b.coords(s);
            for dy in -2i32..=2 {
                for dx in -2i32..=2 {
                    let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                    let n = b.size() as i32;
                    let steps = dx.abs() + dy.abs();
                    if (steps <= 2 || (steps == 3 && far_side)) && (0..n).contains(&nx) && (0..n).contains(&ny) {
                        let q = usize::from(b.point(nx as u8, ny as u8));
                        if steps <= 2 {
                            near[q] = true;
                        } else {
                            knight[q] = true;
                        }
                    }
                }
            }
        }
        let mut vital = false;
        let knobs = tuning().patterns;
        // Safety of a pattern's move per point at this node (0 unknown, 1 safe, 2 not): several
        // patterns often propose the same point.
        let mut safe = [[0u8; 2]; ARRAY];
        // The whole board's matches, unsorted: most lie away from the goal, so they are filtered
        // before the one sort below.
        let mut found = std::mem::take(&mut self.found);
        pats.lib.scan_into(&BoardView { board: &b, own: mover }, false, &mut found);
        found.retain(|m| {
            let Some(v) = m.move_vertex else { return false };
            let p = b.point(v.col, v.row);
            let fits = match pats.roles[m.pattern as usize].0 {
                // At the root the verdict of life is read, so the attacker's patterns are wanted there
                // too (`owl_tuning::Attacker::root_patterns`).
                Role::Attack => attacker && (!alive || (full && tuning().attacker.root_patterns)),
                Role::Vital => attacker,
                // At the root of `owl_defend` the verdict of life is read too (the attack after no
                // move), so the defender's patterns are wanted there when that reading kills.
                Role::Defend => {
                    !attacker && (!alive || (full && self.line.is_empty() && tuning().defender.root_patterns))
                }
                Role::Other => false,
            };
            let q = usize::from(p);
            fits && (near[q] || knight[q]) && b.is_empty(p)
        });
        // Best value first (vital-point patterns before the others); database order (`Match`'s own
        // order, that of `PatternLibrary::matches`) breaks ties. Equal keys are equal matches, so
        // the unstable sort is deterministic.
        found.sort_unstable_by_key(|m| {
            let (role, value) = pats.roles[m.pattern as usize];
            (role != Role::Vital, -value, *m)
        });
        let mut held = 0;
        // (pattern, point, weight added) of the matches kept, only for `owl_tuning::Patterns::dedupe`
        // (off by default: nothing recorded, nothing allocated per node).
        let mut kept: smallvec::SmallVec<[(usize, Point, i32); 16]> = smallvec::SmallVec::new();
        for &m in &found {
            let Some(v) = m.move_vertex else { continue };
            let p = b.point(v.col, v.row);
            let k = m.pattern as usize;
            let (role, value) = pats.roles[k];
            if held >= knobs.cap && role != Role::Vital {
                break;
            }
            if knobs.dedupe == 1 && kept.iter().any(|&(kk, q, _)| kk == k && q == p) {
                continue;
            }
            // The constraint first: most matches fail it, and it reads less than the safety check below.
            let program = &pats.lib.programs[k];
            let weight = if program.constraint.is_some() {
                let mut ctx = OwlContext {
                    board: &b,
                    own: mover,
                    goal_color: color,
                    r: &mut *self.r,
                    goal: &cur,
                    dead: &dead,
                    eyes: &eyes,
                };
                if !matches!(program.holds(&pats.lib.registry, &mut ctx, &m), Ok(true)) {
                    continue;
                }
                value * knobs.held / 100
            } else {
                value * knobs.free / 100
            };
            // GNU Go's classes: without `s` the move must not be capturable at once; with `n` the
            // opponent's stone there must not be either.
            let (sacrifice, both) = pats.classes[k];
            let mut is_safe = |side: usize, c: Color| {
                if safe[usize::from(p)][side] == 0 {
                    let ok = self.r.trymove(p, c) && {
                        let a = self.r.attack(p).0;
                        self.r.popgo();
                        a == Lose
                    };
                    safe[usize::from(p)][side] = if ok { 1 } else { 2 };
                }
                safe[usize::from(p)][side] == 1
            };
            if knobs.safety && ((!sacrifice && !is_safe(0, mover)) || (both && !is_safe(1, mover.opponent()))) {
                continue;
            }
            vital |= role == Role::Vital;
            held += 1;
            if knobs.dedupe == 0 {
                add(&mut cands, p, weight);
                continue;
            }
            let best = kept.iter().filter(|&&(_, q, _)| q == p).map(|&(_, _, w)| w).max();
            kept.push((k, p, weight));
            match best {
                Some(w) if knobs.dedupe == 2 => add(&mut cands, p, (weight - w).max(0)),
                _ => add(&mut cands, p, weight),
            }
        }
        self.found = found;
        // Static life is trusted below the root unless a vital-point pattern says the eyes are unsound.
        let alive = alive && !(vital && attacker);
        let settled = attacker
            && !full
            && !alive
            && tuning().settled.depth > 0
            && max < 2
            && esc == 0
            && settled_dead(&b, color, &heads, &around, &lively, &eyes);
        if alive && !full {
            self.marks = [cur, dead, near];
            return Analysis { alive, capture, doomed, min, max, fiat, cands, settled, late: Vec::new() };
        }
        for s in &eyes.spaces {
            let vital = if attacker { s.attack } else { s.defend };
            if let Some(v) = vital {
                add(&mut cands, v, 100);
            }
            if s.points.len() <= 8 {
                for &p in &s.points {
                    if b.is_empty(p) {
                        let w = if s.marginal.contains(&p) { 40 } else { 30 };
                        add(&mut cands, p, w);
                    }
                }
            } else if attacker && s.color == color && s.min >= 2 && s.max == 2 {
                // A space too large for the eye graphs counts two eyes by fiat: the attacker's
                // placements inside it (points with room around them, away from the edge of the
                // space) let the search read what the graphs cannot.
                for &p in &s.points {
                    if !b.is_empty(p) || s.marginal.contains(&p) {
                        continue;
                    }
                    let inner =
                        Board::neighbors(p).iter().filter(|&&q| s.points.contains(&q) && b.is_empty(q)).count() as i32;
                    if inner >= 2 {
                        add(&mut cands, p, PLACEMENT_WEIGHT + 5 * inner);
                    }
                }
                if tuning().split.weight > 0 {
                    space_splits(&b, color, &s.points, tuning().split.weight, |p, w| add(&mut cands, p, w));
                }
            }
        }
        // Goal strings short of liberties: tactical attack or defence.
        for &h in &heads {
            if b.liberties(h) > 3 {
                continue;
            }
            let (a, am) = self.r.attack(h);
            if a == Lose {
                continue;
            }
            if attacker {
                if let Some(m) = am {
                    add(&mut cands, m, 80);
                }
            } else if let (_, Some(m)) = self.r.defend(h) {
                add(&mut cands, m, 80);
            }
        }
        // Liberties, weighted by openness (escape or blocking).
        let mut libs = Vec::new();
        for &h in &heads {
            libs.clear();
            b.string_liberties(h, usize::MAX, &mut libs);
            for &l in &libs {
                // The eye spaces' points are candidates above, but only for spaces the eye graphs value
                // (up to eight points): in a larger space of its own the defender's liberties are its
                // ways to shape eyes (a corner's hane or descent), and without them it had no move there
                // (owl.tst 85). In defence queries only (`owl_tuning::Defender::wide_libs`).
                if eyes.space(l, color).is_some_and(|sp| !wide_libs || sp.points.len() <= 8) {
                    continue;
                }
                let open = Board::neighbors(l).iter().filter(|&&q| b.is_empty(q)).count() as i32;
                add(&mut cands, l, 10 + 5 * open);
            }
        }
        // Jumps: the defender's one-point jumps from the goal's stones through an empty point to an
        // empty point no opponent stone touches (ways out the liberties alone do not offer).
        if !attacker && esc > 0 {
            for &s in &stones {
                for q in Board::neighbors(s) {
                    if !b.is_empty(q) {
                        continue;
                    }
                    let j = (2 * i32::from(q) - i32::from(s)) as usize;
                    if j >= ARRAY || !b.on_board(j as Point) || !b.is_empty(j as Point) {
                        continue;
                    }
                    let j = j as Point;
                    if Board::neighbors(j).iter().any(|&n| b.color(n) == Some(opp)) {
                        continue;
                    }
                    let open = Board::neighbors(j).iter().filter(|&&n| b.is_empty(n)).count() as i32;
                    add(&mut cands, j, JUMP_WEIGHT + 3 * open);
                }
            }
        }
        if !attacker && (!full || tuning().run.root) {
            escape_moves(&b, color, &cur, &dead, &eyes, &heads, |p, w| add(&mut cands, p, w));
        }
        if attacker && esc > 0 {
            attacker_blocks(&b, color, &stones, &mut |p, w| add(&mut cands, p, w));
        }
        if extra_here && dk.connect > 0 {
            let to = if late_here { &mut late } else { &mut cands };
            connections_out(&b, color, &cur, &dead, dk.connect, |p, w| add(to, p, w));
        }
        late.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        cands.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        // Moves into atari outside the eye spaces are wasted (tried on the reader's board: no copy).
        let r = &mut *self.r;
        let mut keep = |p: Point| {
            if b.ko() == Some((p, mover)) {
                return true;
            }
            if eyes.space(p, color).is_some() || !b.is_legal(p, mover) {
                return b.is_legal(p, mover);
            }
            if !r.trymove(p, mover) {
                return false;
            }
            // A ko capture leaves its stone in atari by nature; it is a move of the ko fight, not a waste.
            // So, for the defender, does a throw-in that puts an opponent string in atari in turn
            // (see `counter_atari_throw_in`).
            let ok = r.board().liberties(p) >= 2
                || r.board().ko().is_some()
                || (throw_ins && counter_atari_throw_in(r.board(), p, mover));
            r.popgo();
            ok
        };
        cands.retain(|&(_, p)| keep(p));
        late.retain(|&(_, p)| keep(p));
        if attacker && cands.is_empty() && max < 2 && esc == 0 {
            // A dragon with at most one eye and nowhere to run, and every attacker's move a self-atari:
            // filling its outside liberties is all that is left (the filler is captured, the eye count
            // stays short), and without a move here the search answered the attack failed (owl.tst 99).
            for &h in &heads {
                libs.clear();
                b.string_liberties(h, usize::MAX, &mut libs);
                for &l in &libs {
                    if eyes.space(l, color).is_none() && b.is_legal(l, mover) {
                        add(&mut cands, l, 5);
                    }
                }
            }
        }
        if self.trace {
            let c: Vec<String> = cands
                .iter()
                .take(8)
                .map(|&(w, p)| format!("{}:{w}", crate::rules::vertex::format_vertex(&b, crate::Move::Play(p))))
                .collect();
            eprintln!("  cands {} {}", if attacker { "att" } else { "def" }, c.join(" "));
        }
        self.marks = [cur, dead, near];
        Analysis { alive, capture, doomed, min, max, fiat, cands, settled, late }
    }

    fn width(&self, depth: usize) -> usize {
        let depth = depth.saturating_sub(self.shift);
        let w = match (depth, self.settings.first) {
            // Wider at the root, where a missing candidate costs the answer: 6 instead of 5 gains
            // owl.tst 4 and 41 (loses 199) for a twentieth more time; 7 and 8 gained nothing more.
            (0, _) => self.limits.root_branches,
            (1, Some(first)) => first,
            // At least three moves at every depth: with two, the deep nodes missed defences often
            // enough that three gains owl.tst 151 → 153 for a third more time.
            _ => self.limits.branches.saturating_sub(depth / 2).max(3),
        };
        w.clamp(1, MAX_WIDTH)
    }

    /// The moves tried at a node for `mover`, in order (a fixed array: no allocation per node): the
    /// ply's killer first when it is a candidate at all, then the best candidates up to the width, then
    /// the retake of a ko just taken beside the goal ([`Self::ko_retake`]) beyond the width.
    fn order(&self, cands: &[(i32, Point)], depth: usize, mover: Color) -> ([Point; MAX_WIDTH], usize) {
        let mut out = [0; MAX_WIDTH];
        let mut n = 0;
        let killer = if self.settings.killer { self.killers.get(depth).copied().unwrap_or(0) } else { 0 };
        if killer != 0 && cands.iter().any(|c| c.1 == killer) {
            out[0] = killer;
            n = 1;
        }
        for p in cands.iter().map(|c| c.1).filter(|&p| p != killer) {
            if n >= self.width(depth) {
                break;
            }
            out[n] = p;
            n += 1;
        }
        if n < MAX_WIDTH {
            if let Some(p) = self.ko_retake(mover, &out[..n]) {
                out[n] = p;
                n += 1;
            }
        }
        (out, n)
    }

    fn set_killer(&mut self, depth: usize, p: Point) {
        if let Some(k) = self.killers.get_mut(depth) {
            *k = p;
        }
    }

    /// The leaf's verdict (true: the dragon dies) at the depth or node limit.
    fn leaf_dies(&self, attacker: bool, min: u8, max: u8) -> bool {
        match self.settings.leaf {
            // GNU Go's rule: reading that runs out is the defender's (deep reading may be an escape).
            1 => false,
            // The side to move gets one move: the attacker kills unless two eyes are sure.
            2 if attacker => min < 2,
            // The side to move gets the benefit of the doubt: one more move than the position shows.
            _ => max < 2,
        }
    }

    /// The verdict at a leaf of the depth or node limit (true: the dragon dies): a defence's reread
    /// ([`Self::recheck`]) must be read out, so its leaves count for the attacker; an attack's
    /// ([`Self::recheck_attack`]) and the main read take [`Self::leaf_dies`] (with the defender's
    /// leaves, the attack's rereads found none of owl.tst 173 197 212 248's kills). The main read's
    /// rule for a defence's rereads too gained owl.tst 107 and made a lone invader live (see the
    /// module doc, 2026-11-28 evening).
    fn leaf_kills(&self, attacker: bool, min: u8, max: u8) -> bool {
        if self.salt != 0 && !self.reread_attack {
            true
        } else {
            self.leaf_dies(attacker, min, max)
        }
    }

    /// Plays `p` for `c`: an ordinary move, or a forbidden ko capture made as after a ko threat (once per
    /// line, within [`KO_DEPTH`]). `None` when it cannot be played; otherwise whether it was such a capture.
    fn play(&mut self, p: Point, c: Color, depth: usize) -> Option<bool> {
        if tuning().ko.komaster == 2 {
            return self.play_scheme5(p, c, depth);
        }
        if matches!(self.kom, Some((k, master)) if k == p && master != c) {
            return None;
        }
        if self.r.board().ko() == Some((p, c)) {
            if self.ko_used || depth >= KO_DEPTH || !self.r.play(p, c, true) {
                return None;
            }
            self.ko_used = true;
            if tuning().ko.komaster == 1 {
                self.kom = self.r.board().ko().map(|(k, _)| (k, c));
            }
            self.grow(p, c);
            self.line.push(p);
            return Some(true);
        }
        if !self.r.trymove(p, c) {
            return None;
        }
        self.grow(p, c);
        self.line.push(p);
        Some(false)
    }

    /// [`Self::play`] under GNU Go's komaster scheme 5 (`reading.texi`, "Ko Handling"; `owl_tuning::Ko::komaster`
    /// mode 2): a forbidden ko capture is made conditionally (within [`KO_DEPTH`]) and makes the
    /// mover komaster; the komaster's opponent may not retake at the komaster's point but may take
    /// another ko (the line turns gray: no more ko captures); the komaster goes on only with nested
    /// kos; a legal capture answering a ko capture makes the state weak (only nested captures
    /// unconditionally); the state empties once the ko is filled or resolved.
    fn play_scheme5(&mut self, p: Point, c: Color, depth: usize) -> Option<bool> {
        let saved = self.line_ko;
        let b = self.r.board();
        let forbidden = b.ko() == Some((p, c));
        let old_ko = b.ko().map(|(k, _)| k);
        // The komaster's opponent may not take the komaster's ko back (a legal ko capture there is
        // refused below, once the move shows it is one; a move there that captures no ko is kept).
        let retake = saved.km == Kom::Master(c.opponent()) && p == saved.pos;
        if forbidden && (retake || depth >= KO_DEPTH || matches!(saved.km, Kom::Gray(_))) {
            return None;
        }
        let ok = if forbidden { self.r.play(p, c, true) } else { self.r.trymove(p, c) };
        if !ok {
            return None;
        }
        let b = self.r.board();
        let new_ko = match b.ko() {
            Some((k, _)) => Some(k),
            None if forbidden => Some(p),
            None => None,
        };
        let next = match new_ko {
            Some(_) if retake => None,
            Some(new) => saved.after_capture(c, new, forbidden, old_ko),
            None => Some(saved.after_quiet(b)),
        };
        let Some(next) = next else {
            self.r.popgo();
            return None;
        };
        self.ko_stack.push(saved);
        self.line_ko = next;
        self.grow(p, c);
        self.line.push(p);
        Some(forbidden)
    }

    /// After `c`'s move at `p` (before it joins [`Self::line`]): when `c` is the defender and the
    /// move is near the goal as [`GoalGrowth`] asks, `p` joins the goal for the rest of the line
    /// (GNU Go's owl marks the defender's stones played during the reading as goal), so the strings
    /// it joins count too; one entry of [`Self::grown`] per move either way.
    fn grow(&mut self, p: Point, c: Color) {
        let GoalGrowth { mode, scope, libs, .. } = tuning().goal;
        let defence_query = self.ply().is_multiple_of(2);
        let add = c == self.color
            && mode != 0
            && !self.goal[usize::from(p)]
            && (scope == 0 || defence_query)
            && self.r.board().liberties(p) >= libs
            && (mode == 1 || self.near_goal(p, mode));
        if add {
            self.goal[usize::from(p)] = true;
            self.goal_hash ^= goal_key(p);
        }
        self.grown.push(if add { p } else { 0 });
        self.joined_at.push(self.joined.len());
        if c == self.color && !self.dragons.is_empty() {
            self.join_dragons(p);
        }
    }

    /// After the defender's move at `p`, when its string holds a goal point: the defender's dragons
    /// (read at the query's root, [`near_dragons`]) that the string now holds stones of join the
    /// goal whole, as the goal of the same position read afresh would hold them (owl.tst 72: C14 joins
    /// D13's goal to C15 D15, whose dragon runs out through E16 F16 F17).
    fn join_dragons(&mut self, p: Point) {
        let b = self.r.board();
        if !b.string_stones(p).any(|s| self.goal[usize::from(s)]) {
            return;
        }
        for s in b.string_stones(p) {
            let t = self.tags[usize::from(s)];
            if t == 0 {
                continue;
            }
            for &q in &self.dragons[usize::from(t) - 1] {
                if b.color(q) == Some(self.color) && !self.goal[usize::from(q)] {
                    self.goal[usize::from(q)] = true;
                    self.goal_hash ^= goal_key(q);
                    self.joined.push(q);
                }
            }
        }
    }

    /// Whether the defender's new stone at `p` is near a goal string: its own string holds a goal
    /// point (it joined the goal), or a goal string's stone lies diagonally next to it (`mode` 3), or
    /// within two steps through an empty point (`mode` 2: diagonals and one-point jumps).
    fn near_goal(&self, p: Point, mode: u8) -> bool {
        let b = self.r.board();
        let color = self.color;
        let in_goal = |q: Point| b.string_stones(q).any(|s| self.goal[usize::from(s)]);
        if in_goal(p) {
            return true;
        }
        let (x, y) = b.coords(p);
        let n = b.size() as i32;
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                let d = dx.abs() + dy.abs();
                if d == 0 || d > 2 || (mode == 3 && (dx == 0 || dy == 0)) {
                    continue;
                }
                let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                if !(0..n).contains(&nx) || !(0..n).contains(&ny) {
                    continue;
                }
                let q = b.point(nx as u8, ny as u8);
                if b.color(q) != Some(color) {
                    continue;
                }
                // A jump links through its empty middle point only.
                if dx == 0 || dy == 0 {
                    let m = b.point((i32::from(x) + dx / 2) as u8, (i32::from(y) + dy / 2) as u8);
                    if !b.is_empty(m) {
                        continue;
                    }
                }
                if in_goal(q) {
                    return true;
                }
            }
        }
        false
    }

    /// The ko the other side has just taken, when `mover` may take it back (conditionally, as after a ko
    /// threat: [`Owl::play`] decides) and it lies within two points of the goal's original stones, unless
    /// it is among the moves `tried` already. Answering a ko capture is the ko fight, whatever the
    /// candidates' scores: without it the side that took a ko near the goal won it outright (owl.tst 208,
    /// 212: GNU Go retakes through its patterns and lunches and answers `KO_B`).
    fn ko_retake(&self, mover: Color, tried: &[Point]) -> Option<Point> {
        let b = self.r.board();
        let (p, c) = b.ko()?;
        if c != mover || tried.contains(&p) {
            return None;
        }
        let by_goal = |q: Point| {
            Board::neighbors(q)
                .iter()
                .any(|&n| b.on_board(n) && self.goal[usize::from(n)] && b.color(n) == Some(self.color))
        };
        (by_goal(p) || Board::neighbors(p).iter().any(|&q| b.on_board(q) && by_goal(q))).then_some(p)
    }

    fn undo(&mut self, ko: bool) {
        self.r.popgo();
        self.line.pop();
        if let Some(p) = self.grown.pop().filter(|&p| p != 0) {
            self.goal[usize::from(p)] = false;
            self.goal_hash ^= goal_key(p);
        }
        if let Some(at) = self.joined_at.pop() {
            for &j in &self.joined[at..] {
                self.goal[usize::from(j)] = false;
                self.goal_hash ^= goal_key(j);
            }
            self.joined.truncate(at);
        }
        if tuning().ko.komaster == 2 {
            if let Some(k) = self.ko_stack.pop() {
                self.line_ko = k;
            }
        } else if ko {
            self.ko_used = false;
            self.kom = None;
        }
    }

    /// The attacker's pass at a goal that is dead as it stands ([`Analysis::settled`]): the defender
    /// moves again on the same board (the line gets a [`PASS_MARK`], so the plies keep their parity).
    /// The attacker's result: `Win` when the defender cannot live moving twice in a row.
    fn pass_read(&mut self, depth: usize) -> ReadResult {
        self.line.push(PASS_MARK);
        self.grown.push(0);
        self.joined_at.push(self.joined.len());
        let (c, _) = self.defend(depth + 1);
        self.line.pop();
        self.grown.pop();
        self.joined_at.pop();
        c.reverse()
    }

    fn note(&self, what: &'static str, code: ReadResult, mv: Option<Point>) {
        crate::analysis::sgf_trace::note(what, 0, self.target, code, mv.unwrap_or(0));
        if self.trace {
            let b = self.r.board();
            let line: Vec<String> =
                self.line.iter().map(|&p| crate::rules::vertex::format_vertex(b, crate::Move::Play(p))).collect();
            let mv = mv.map_or("-".to_string(), |p| crate::rules::vertex::format_vertex(b, crate::Move::Play(p)));
            eprintln!("{what} [{}] -> {code:?} {mv}", line.join(" "));
        }
    }

    /// The current line's length as `owl_does_defend`'s fresh read would count it: a reread
    /// ([`Self::recheck`]) plays its root move one ply down ([`Self::shift`]), so that its plies have the
    /// parity of an attack query's, as in `owl_does_defend`.
    fn ply(&self) -> usize {
        self.line.len().saturating_sub(self.shift)
    }

    /// Counts a node (the query's budget and the thread's counter).
    fn count(&mut self) {
        self.nodes += 1;
        NODES.with(|n| n.set(n.get() + 1));
    }

    /// The move loop of both sides: each ordered candidate for the attacker (`attacker`) or the
    /// defender, answered by the other side's search one ply deeper, until one wins; `found` is what
    /// the node has without a move (the attacker's tactical capture, or a loss for the defender).
    fn try_moves(
        &mut self,
        attacker: bool,
        cands: &[(i32, Point)],
        depth: usize,
        mut found: (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        let mover = if attacker { self.color.opponent() } else { self.color };
        let (order, n) = self.order(cands, depth, mover);
        for &p in &order[..n] {
            let Some(ko) = self.play(p, mover, depth) else { continue };
            let (c, _) = if attacker { self.defend(depth + 1) } else { self.attack(depth + 1) };
            self.undo(ko);
            if keep_better(&mut found, c, ko, p) {
                self.set_killer(depth, p);
                break;
            }
        }
        found
    }

    /// The root of `owl_defend` when its candidates failed: the candidates beyond the width, then the
    /// late moves (counter-ataris, connections out: [`Analysis::late`]), at most [`LATE_MAX`] of
    /// them, each read with the whole node budget. Tried only after the ordinary
    /// candidates, they never displace a defence the search would have found, and only the root of a
    /// defence query pays for them (below the root, in the attacker's search, more defender moves
    /// made attacks fail that work: owl.tst 52, 115, 194).
    fn try_late(&mut self, a: &Analysis, mut found: (ReadResult, Option<Point>)) -> (ReadResult, Option<Point>) {
        if tuning().defender.late == 0 {
            return found;
        }
        let mover = self.color;
        let (tried, n) = self.order(&a.cands, 0, mover);
        let tried = &tried[..n];
        let mut moves = [0; LATE_MAX];
        let mut k = 0;
        for p in a.cands.iter().chain(a.late.iter()).map(|c| c.1) {
            if k >= LATE_MAX.min(tuning().defender.late) {
                break;
            }
            if !tried.contains(&p) && !moves[..k].contains(&p) {
                moves[k] = p;
                k += 1;
            }
        }
        // Results cut short by the spent budget would answer for the late moves' lines: forget them,
        // and read each late move with the whole budget, as `owl_does_defend` would.
        self.table.iter_mut().for_each(|e| *e = (0, None, 0, 0));
        for &p in &moves[..k] {
            self.nodes = 0;
            let Some(ko) = self.play(p, mover, 0) else { continue };
            // Read one ply down as in `try_moves` (a fresh attack from depth 0, the static verdict
            // checked by reading, cost a third more time on owl.tst for no gain).
            let (c, _) = self.attack(1);
            self.undo(ko);
            if keep_better(&mut found, c, ko, p) {
                break;
            }
        }
        found
    }

    /// The root of `owl_defend` when no move defended, ko included (`owl_tuning::Recheck`): the first
    /// root moves read again inside the same query, each as `owl_does_defend` reads its move — the
    /// attacker's first node after it at the root's width, every ply below one width step wider and
    /// one ply more in all — on a node budget of their own. Their plies are counted from the reread's
    /// move wherever a rule depends on the ply's parity or the root ([`Self::ply`], the `d` of
    /// [`Self::attack`] and [`Self::defend`]), so the reread follows an attack query's rules there. Their results go to the query's table
    /// under [`Self::salt`], so a position two rereads reach is read once, and the main read's
    /// narrower results answer none of their nodes. The first move that defends is the answer.
    /// A reread's defence must be read out: its leaves (depth or node limit) count for the attacker,
    /// and a reread that ran out of nodes answers nothing. With the leaves judged statically, as in
    /// the main read, the extra ply let a lone white stone inside a black wall "live" at B3
    /// (`tests/owl_status.rs`; GNU Go: dead); read out, owl.tst keeps +120 124 and loses 107 (202).
    fn recheck(&mut self, found: (ReadResult, Option<Point>)) -> (ReadResult, Option<Point>) {
        let moves = std::mem::take(&mut self.root_moves);
        let found = self.reread_root_moves(&moves, true, found);
        self.root_moves = moves;
        found
    }

    /// The stones that the dragon of the queried stone on the position after `m` (by `mover`, at the
    /// root) holds beyond the goal ([`dragon_goal`] there; `m` itself not counted). The reader is put
    /// back on the root's position.
    fn fresh_goal(&mut self, m: Point, mover: Color) -> Vec<Point> {
        let root = self.r.board().clone();
        let mut after = root.clone();
        let mut added = Vec::new();
        if after.play(crate::Move::Play(m), mover).is_ok() {
            let limits = self.r.limits;
            let g = dragon_goal(self.r, &after, self.target);
            self.r.limits = limits;
            added.extend(g.into_iter().filter(|&q| q != m && !self.goal[usize::from(q)]));
        }
        self.r.set_board(&root);
        added
    }

    /// Puts `points` into the goal (`on`) or takes them out again, with the goal's hash.
    fn mark_goal(&mut self, points: &[Point], on: bool) {
        for &q in points {
            self.goal[usize::from(q)] = on;
            self.goal_hash ^= goal_key(q);
        }
    }

    /// The root of `owl_attack` when no move killed, ko included (`owl_tuning::Recheck::attack`): the
    /// first root moves read again, each as `owl_does_attack` reads its move — the defender's first node
    /// after it at the root's width, one ply more in all — as [`Self::recheck`] does for a defence. The
    /// rereads' leaves at the depth limit take the main read's rule ([`Self::leaf_kills`]), and one
    /// that ran out of nodes answers nothing. The first move that kills is the answer. Off by default
    /// (`owl_tuning::Recheck::attack`, figures there).
    fn recheck_attack(
        &mut self,
        cands: &[(i32, Point)],
        found: (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        let k = tuning().recheck;
        let mover = self.color.opponent();
        let (tried, n) = self.order(cands, 0, mover);
        let mut moves = [0; MAX_WIDTH + 12];
        let mut m_n = 0;
        for p in tried[..n].iter().copied().chain(cands.iter().map(|c| c.1)) {
            if m_n < k.attack.min(moves.len()) && !moves[..m_n].contains(&p) {
                moves[m_n] = p;
                m_n += 1;
            }
        }
        self.reread_root_moves(&moves[..m_n], false, found)
    }

    /// The loop both rereads share ([`Self::recheck`] for a `defence`, [`Self::recheck_attack`]
    /// otherwise): each of `moves` played by the side the query reads for, one ply deeper, on the
    /// recheck's node budgets, its results kept under the reread's own [`Self::salt`]. A defence
    /// takes its first result that is not a loss (a ko included); an attack reads on for an outright
    /// kill.
    fn reread_root_moves(
        &mut self,
        moves: &[Point],
        defence: bool,
        mut found: (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        let k = tuning().recheck;
        let mover = if defence { self.color } else { self.color.opponent() };
        let (limits, nodes, reader_limits) = (self.limits, self.nodes, self.r.limits);
        if tuning().reader.reread != 0 {
            self.r.limits.shift(isize::from(tuning().reader.reread));
        }
        self.limits.depth += 1;
        if k.nodes > 0 {
            self.limits.node_limit = self.limits.node_limit.min(k.nodes);
        }
        self.salt = if defence { 0x5bd1_e995_7f4a_7c15 } else { 0x2545_f491_4f6c_dd1d };
        self.shift = 1;
        self.reread_attack = !defence;
        let mut left = if k.total > 0 { k.total } else { u64::MAX };
        let cap = if k.reads > 0 { k.reads.saturating_mul(1000) } else { u64::MAX };
        for &m in moves {
            if left == 0 || self.r.nodes.saturating_sub(self.reads_at_start) > cap {
                break;
            }
            self.nodes = self.limits.node_limit.saturating_sub(left.min(self.limits.node_limit));
            let start = self.nodes;
            // The dragon after the move (`owl_tuning::Recheck::fresh_goal`): points it adds to the goal.
            let added = if defence && k.fresh_goal { self.fresh_goal(m, mover) } else { Vec::new() };
            self.mark_goal(&added, true);
            let Some(ko) = self.play(m, mover, 0) else {
                self.mark_goal(&added, false);
                continue;
            };
            let c = if defence {
                let joined = k.joins && !self.goal[usize::from(m)];
                if joined {
                    self.goal[usize::from(m)] = true;
                    self.goal_hash ^= goal_key(m);
                }
                let (c, _) = self.attack(1);
                if joined {
                    self.goal[usize::from(m)] = false;
                    self.goal_hash ^= goal_key(m);
                }
                c
            } else {
                self.defend(1).0
            };
            self.undo(ko);
            self.mark_goal(&added, false);
            left = left.saturating_sub(self.nodes - start);
            // A reread that ran out of nodes ended on static verdicts, which favour the defender:
            // its "defended" is not a reading result (a lone stone inside a wall "lived" that way).
            if self.nodes > self.limits.node_limit {
                continue;
            }
            let won = keep_better(&mut found, c, ko, m);
            if won || (defence && found.0 != Lose) {
                break;
            }
        }
        self.limits = limits;
        self.r.limits = reader_limits;
        self.nodes = nodes;
        self.salt = 0;
        self.shift = 0;
        self.reread_attack = false;
        found
    }

    /// Whether a node at `depth` reads on when the reader captures the queried string
    /// (`owl_tuning::Doom`).
    fn reads_on(&self, depth: usize) -> bool {
        let b = self.r.board();
        match tuning().doom.mode {
            1 => depth > 0,
            3 => true,
            2 => {
                depth > 0
                    && b.points().any(|p| {
                        self.goal[usize::from(p)]
                            && b.color(p) == Some(self.color)
                            && b.string_id(p) != b.string_id(self.target)
                    })
            }
            _ => false,
        }
    }

    fn attack(&mut self, depth: usize) -> (ReadResult, Option<Point>) {
        self.count();
        if self.captured() {
            return (Win, None);
        }
        let key = self.key(true);
        if let Some(hit) = self.lookup(key, depth) {
            return hit;
        }
        // The ply as `owl_does_defend`'s fresh attack counts it (a reread starts one ply down).
        let d = depth.saturating_sub(self.shift);
        // At the root the static verdict of life is checked by reading.
        let mut a = self.analyse(true, d == 0);
        let fiat = tuning().fiat;
        // The attacker moves at even plies in an attack query, at odd ones in a defence query.
        let in_defence = fiat.defence >= 1 && a.fiat <= fiat.points;
        let deeper = (d.is_multiple_of(2) || in_defence) && d > FIAT_DEPTH && d <= fiat.max && fiat.on;
        if a.alive && a.fiat > 0 && (d == FIAT_DEPTH || deeper) {
            // Two eyes by fiat one ply below the root (and, in an attack query, at the attacker's
            // nodes down to `owl_tuning::Fiat::max`): read them (the first analysis stopped before the candidates
            // of the eye spaces).
            a = self.analyse(true, true);
            a.alive = false;
        }
        let read_on = a.capture.0 == Win && a.capture.1.is_some() && self.reads_on(depth);
        let result = if a.capture.0 == Win && !read_on {
            a.capture
        } else if read_on {
            // The queried string falls, but the dragon is judged (`owl_tuning::Doom`): the capture
            // is the first candidate.
            let mut cands = a.cands.clone();
            cands.retain(|c| Some(c.1) != a.capture.1);
            cands.insert(0, (i32::MAX / 2, a.capture.1.unwrap_or(PASS_MARK)));
            if depth >= self.limits.depth || self.nodes > self.limits.node_limit {
                (Win, a.capture.1)
            } else {
                self.try_moves(true, &cands, depth, (Lose, None))
            }
        } else if a.settled
            && d >= tuning().settled.depth
            && depth < self.limits.depth
            && self.nodes <= self.limits.node_limit
        {
            // The goal looks dead as it stands: the attacker passes first (the defender moves again);
            // only when the defender lives that way are the attacker's moves read.
            match self.pass_read(depth) {
                Win => (Win, None),
                _ => self.try_moves(true, &a.cands, depth, a.capture),
            }
        } else if a.alive && d > 0 {
            self.retake_against_life(depth)
        } else if depth >= self.limits.depth || self.nodes > self.limits.node_limit {
            // A reread's defence must be read out: its leaves count for the attacker.
            (if self.leaf_kills(true, a.min, a.max) { Win } else { Lose }, None)
        } else {
            let found = self.try_moves(true, &a.cands, depth, a.capture);
            if depth == 0 && self.attack_query && self.salt == 0 && found.0 == Lose && tuning().recheck.attack > 0 {
                self.recheck_attack(&a.cands, found)
            } else {
                found
            }
        };
        self.note("owl_attack", result.0, result.1);
        self.store(key, result.0, result.1, depth);
        result
    }

    /// The attacker's answer to a static life below the root: none, unless the defender has just taken
    /// a ko beside the goal that the attacker may retake as after a threat ([`Self::ko_retake`],
    /// [`Self::play`]). Then the life rests on the ko (the eye counted at the ko point is the
    /// defender's only while the attacker has no threat), so the retake is read: the defender who
    /// captured first wins at best `KoA`, as GNU Go answers (owl.tst 154, 239).
    fn retake_against_life(&mut self, depth: usize) -> (ReadResult, Option<Point>) {
        let mover = self.color.opponent();
        let open = (tuning().ko.komaster == 2 || !self.ko_used) && depth < KO_DEPTH && depth < self.limits.depth;
        match self.ko_retake(mover, &[]) {
            Some(p) if open && self.nodes <= self.limits.node_limit => {
                self.try_moves(true, &[(0, p)], depth, (Lose, None))
            }
            _ => (Lose, None),
        }
    }

    fn defend(&mut self, depth: usize) -> (ReadResult, Option<Point>) {
        self.count();
        if self.captured() {
            return (Lose, None);
        }
        let key = self.key(false);
        if let Some(hit) = self.lookup(key, depth) {
            return hit;
        }
        let d = depth.saturating_sub(self.shift);
        let mut a = self.analyse(false, depth == 0);
        if a.alive
            && a.fiat > 0
            && (!d.is_multiple_of(2) || (tuning().fiat.defence >= 2 && d > 0 && a.fiat <= tuning().fiat.points))
            && d <= tuning().fiat.max.max(FIAT_DEPTH)
            && tuning().fiat.on
        {
            // The same reading after the attacker's moves in an attack query (`owl_tuning::Fiat::on`, down
            // to `owl_tuning::Fiat::max`): odd plies are the defender's only there.
            a = self.analyse(false, true);
            a.alive = false;
            if let Some(&last) = self.line.last().filter(|&&p| p != PASS_MARK) {
                answer_placement(self.r.board(), last, &mut a.cands);
            }
        }
        let out = depth >= self.limits.depth || self.nodes > self.limits.node_limit;
        let result = if a.doomed && (out || !self.reads_on(depth)) {
            (Lose, None)
        } else if a.alive && (depth > 0 || self.attack(0).0 == Lose) {
            (Win, None)
        } else if depth >= self.limits.depth || self.nodes > self.limits.node_limit {
            (if self.leaf_kills(false, a.min, a.max) { Lose } else { Win }, None)
        } else {
            let found = self.try_moves(false, &a.cands, depth, (Lose, None));
            if depth == 0 && tuning().recheck.moves > 0 {
                let (tried, n) = self.order(&a.cands, 0, self.color);
                self.root_moves.clear();
                for p in tried[..n].iter().copied().chain(a.cands.iter().chain(a.late.iter()).map(|c| c.1)) {
                    if self.root_moves.len() < tuning().recheck.moves && !self.root_moves.contains(&p) {
                        self.root_moves.push(p);
                    }
                }
            }
            if depth == 0 {
                // Only a root with no defence at all reads its late moves: a ko found among the
                // ordinary candidates stands (owl.tst 183: GNU Go's `3 A17`, where the late throw-in
                // C14 was read an outright win that GNU Go reads a ko too).
                if found.0 == Lose {
                    let found = self.try_late(&a, found);
                    if found.0 == Lose && tuning().recheck.moves > 0 {
                        self.recheck(found)
                    } else {
                        found
                    }
                } else {
                    found
                }
            } else if found.0 != Win {
                self.try_contact(&a.cands, depth, found)
            } else {
                found
            }
        };
        self.note("owl_defend", result.0, result.1);
        self.store(key, result.0, result.1, depth);
        result
    }
}

/// GNU Go's pessimistic eye count of the goal's `spaces` (`compute_eyes_pessimistic`, owl.texi: the owl
/// is certain only of eye spaces that are completely closed): with `mode` bit 1 each space counts its
/// minimum less one per marginal point or half eye in it; with bit 2 a one-point eye where the opponent's
/// move is a ko capture counts none.
fn pessimistic_min(b: &Board, eyes: &Eyes, spaces: &[usize], color: Color, mode: u8) -> u8 {
    let opp = color.opponent();
    let mut sum = 0u32;
    for &i in spaces {
        let s = &eyes.spaces[i];
        let mut v = u32::from(s.min);
        if mode & 1 != 0 {
            let margins = s
                .points
                .iter()
                .filter(|&&p| s.marginal.contains(&p) || (mode & 4 == 0 && eyes.topology(p, color) == Topology::Half))
                .count() as u32;
            v = v.saturating_sub(margins);
        }
        if mode & 2 != 0
            && s.points.len() == 1
            && b.is_empty(s.points[0])
            && crate::analysis::reading::is_ko_capture(b, s.points[0], opp)
            && b.is_legal(s.points[0], opp)
        {
            v = 0;
        }
        sum += v;
    }
    sum.min(u32::from(u8::MAX)) as u8
}

/// Whether the goal's eye count `min` (two or more) needs a space of `color` too large for the eye
/// graphs, counted two eyes by fiat (more than eight points, min and max two, as the attacker's
/// placements in [`Owl::analyse`] take them): without that space the count falls below two.
/// Returns the size of the smallest such space (0: none).
fn fiat_life(eyes: &Eyes, color: Color, min: u8) -> usize {
    if min < 2 {
        return 0;
    }
    eyes.spaces
        .iter()
        .filter(|s| s.color == color && s.points.len() > 8 && s.min >= 2 && s.max == 2 && min.saturating_sub(s.min) < 2)
        .map(|s| s.points.len())
        .min()
        .unwrap_or(0)
}

/// Most late moves tried at the root of `owl_defend` ([`Owl::try_late`]).
const LATE_MAX: usize = 6;

/// The defender's connections out: empty points that touch the goal (or one of its liberties) and a
/// friendly string outside the goal that is not dead and has at least three liberties (a group the
/// goal can lean on: its eyes or its way out become the goal's). A point touching the goal itself
/// scores `weight` (`owl_tuning::CONNECT_WEIGHT` by default), one a step away (through one of the goal's
/// liberties) a third less; each is handed to `add`. Board-only (no reading, no allocation), so it
/// costs little per node.
fn connections_out(
    b: &Board,
    color: Color,
    goal: &[bool],
    dead: &[bool],
    weight: i32,
    mut add: impl FnMut(Point, i32),
) {
    let friend = |q: Point| {
        b.on_board(q)
            && b.color(q) == Some(color)
            && !goal[usize::from(q)]
            && !dead[usize::from(q)]
            && b.liberties(q) >= 3
    };
    let touches_goal = |q: Point| Board::neighbors(q).iter().any(|&n| b.on_board(n) && goal[usize::from(n)]);
    for p in b.points() {
        if !b.is_empty(p) || !Board::neighbors(p).iter().any(|&n| friend(n)) {
            continue;
        }
        if touches_goal(p) {
            add(p, weight);
        } else if Board::neighbors(p).iter().any(|&n| b.on_board(n) && b.is_empty(n) && touches_goal(n)) {
            add(p, weight * 2 / 3);
        }
    }
}

/// Score per liberty of the friendly string such a move joins (its room to run), up to eight.
const LINK_PER_LIBERTY: i32 = 4;

/// The defender's escape candidates through its own stones: an empty point that is the only empty
/// point touching both the goal (`goal`, the node's goal stones) and a friendly string outside it
/// that is not dead (a one-point jump's middle, or a diagonal whose other shared point the opponent
/// holds) is the cutting point of that link. GNU Go's owl adds the defender's stones to its goal and
/// counts their way out; our goal is the original strings, so a jump or a stone the dragon leaned on
/// runs only once the link is closed, and the attacker's cut there kills a dragon that was running
/// (owl.tst 81: after R7 P6 P7 the connection Q6 was outside the search's width). Each such point goes
/// to `add` with `owl_tuning::LINK_WEIGHT` plus [`LINK_PER_LIBERTY`] per liberty of the string joined (a link
/// to a string with more room is the better way out). Board-only, no allocation.
fn escape_links(b: &Board, color: Color, goal: &[bool], dead: &[bool], weight: i32, add: &mut impl FnMut(Point, i32)) {
    let friend =
        |q: Point| b.on_board(q) && b.color(q) == Some(color) && !goal[usize::from(q)] && !dead[usize::from(q)];
    let touches_goal = |q: Point| Board::neighbors(q).iter().any(|&n| b.on_board(n) && goal[usize::from(n)]);
    for p in b.points() {
        if !b.is_empty(p) || !touches_goal(p) {
            continue;
        }
        for n in Board::neighbors(p) {
            if !friend(n) {
                continue;
            }
            // The other empty points touching both this string and the goal: with one, the link is miai.
            let id = b.string_id(n);
            let shared = b
                .string_stones(n)
                .flat_map(Board::neighbors)
                .filter(|&q| q != p && b.on_board(q) && b.is_empty(q) && touches_goal(q))
                .any(|_| true);
            if !shared {
                let libs = b.liberties(id).min(8) as i32;
                add(p, weight + LINK_PER_LIBERTY * libs);
                break;
            }
        }
    }
}

/// The defender's escape candidates (called once per defender node by [`Owl::analyse`]): the links
/// to friendly strings ([`escape_links`]) and the goal's liberties outside its eye spaces scored by
/// the room they open: empty points within two steps of the liberty that no living opponent stone
/// touches and the goal does not touch yet (the way out a move there gains), and friendly stones
/// outside the goal within two steps (stones to run to). Board-only; no allocation but the
/// liberties' list.
fn escape_moves(
    b: &Board,
    color: Color,
    goal: &[bool],
    dead: &[bool],
    eyes: &Eyes,
    heads: &[Point],
    mut add: impl FnMut(Point, i32),
) {
    let k = tuning().run;
    if k.link > 0 {
        escape_links(b, color, goal, dead, k.link, &mut add);
    }
    if k.room == 0 && k.friend == 0 {
        return;
    }
    let opp = color.opponent();
    let touches = |q: Point, f: &dyn Fn(Point) -> bool| Board::neighbors(q).iter().any(|&n| b.on_board(n) && f(n));
    let mut libs = Vec::new();
    for &h in heads {
        b.string_liberties(h, usize::MAX, &mut libs);
    }
    libs.sort_unstable();
    libs.dedup();
    let n = b.size() as i32;
    for &l in &libs {
        if eyes.space(l, color).is_some() {
            continue;
        }
        let (x, y) = b.coords(l);
        let (mut room, mut friends) = (0, 0);
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                if dx.abs() + dy.abs() > 2 || (dx, dy) == (0, 0) || !(0..n).contains(&nx) || !(0..n).contains(&ny) {
                    continue;
                }
                let q = b.point(nx as u8, ny as u8);
                if b.is_empty(q) {
                    let contested = touches(q, &|m| b.color(m) == Some(opp) && !dead[usize::from(m)]);
                    if !contested && !touches(q, &|m| goal[usize::from(m)]) && eyes.space(q, color).is_none() {
                        room += 1;
                    }
                } else if b.color(q) == Some(color) && !goal[usize::from(q)] && !dead[usize::from(q)] {
                    friends += 1;
                }
            }
        }
        let w = k.room * room + k.friend * friends.min(4);
        if w > 0 {
            add(l, w);
        }
    }
}

/// Largest region (points that are not the goal's colour) searched for invaders by [`mark_invaders`].
const INVADED_MAX: usize = 96;

/// Marks dead the opponent stones of a region that only `color`'s stones and the edge bound, too
/// large for [`mark_enclosed`] and the eye graphs (more than [`MAX_EYE`] points, at most
/// [`INVADED_MAX`]), holding at most `owl_tuning::Invaders::allowed` of them: a few stones in the goal's territory
/// with no support from outside. Alive, they open the territory and the eye spaces saw none there (a
/// wall with one white stone on its side of a 9x9 board was read dead: `tests/owl_status.rs`). `seen`
/// is scratch (left cleared).
fn mark_invaders(b: &Board, color: Color, stones: &[Point], dead: &mut [bool], seen: &mut [bool]) {
    let mut region: Vec<Point> = Vec::new();
    for &s in stones {
        for start in Board::neighbors(s) {
            if !b.on_board(start) || seen[usize::from(start)] || b.color(start) == Some(color) {
                continue;
            }
            region.clear();
            region.push(start);
            seen[usize::from(start)] = true;
            let (mut k, mut invaders) = (0, usize::from(!b.is_empty(start)));
            // The whole region is flooded (a part of it left unseen would flood again as a smaller,
            // seemingly closed region).
            while k < region.len() {
                let p = region[k];
                k += 1;
                for q in Board::neighbors(p) {
                    if b.on_board(q) && !seen[usize::from(q)] && b.color(q) != Some(color) {
                        seen[usize::from(q)] = true;
                        region.push(q);
                        invaders += usize::from(!b.is_empty(q));
                    }
                }
            }
            if (MAX_EYE + 1..=INVADED_MAX).contains(&region.len())
                && (1..=tuning().invaders.allowed(region.len())).contains(&invaders)
            {
                for &p in &region {
                    if !b.is_empty(p) {
                        dead[usize::from(p)] = true;
                    }
                }
            }
        }
    }
    seen.iter_mut().for_each(|x| *x = false);
}

/// The defender's dragons within two points of the goal (`mask`) at the query's root, as
/// [`dragon_goal`] reads them (memoised): per point the index + 1 of its dragon (0: none) and each
/// dragon's stones outside the goal. Read once per query for [`Owl::join_dragons`].
fn near_dragons(r: &mut Reader, board: &Board, mask: &[bool], color: Color) -> (Vec<u16>, Vec<Vec<Point>>) {
    let mut tags = vec![0u16; ARRAY];
    let mut dragons: Vec<Vec<Point>> = Vec::new();
    let mut heads: Vec<Point> = Vec::new();
    for p in board.points() {
        if mask[usize::from(p)] && board.color(p) == Some(color) && !heads.contains(&board.string_id(p)) {
            heads.push(board.string_id(p));
        }
    }
    let mut near = Vec::new();
    for &h in &heads {
        board.strings_within_two(h, color, &heads, &mut near);
    }
    for &s in &near {
        if tags[usize::from(s)] != 0 || board.string_stones(s).any(|q| mask[usize::from(q)]) {
            continue;
        }
        let stones: Vec<Point> = dragon_goal(r, board, s).into_iter().filter(|&q| !mask[usize::from(q)]).collect();
        if stones.iter().any(|&q| tags[usize::from(q)] != 0) || stones.is_empty() {
            continue;
        }
        dragons.push(stones);
        let t = dragons.len() as u16;
        for &q in &dragons[dragons.len() - 1] {
            tags[usize::from(q)] = t;
        }
    }
    (tags, dragons)
}

fn run<T>(
    r: &mut Reader,
    board: &Board,
    goal: &[Point],
    limits: OwlLimits,
    f: impl FnOnce(&mut Owl<'_>) -> (ReadResult, Option<T>),
) -> (ReadResult, Option<T>) {
    let Some(&target) = goal.iter().find(|&&p| board.color(p).is_some()) else { return (Lose, None) };
    let color = board.color(target).expect("a stone");
    let mut mask = vec![false; ARRAY];
    for &p in goal {
        if board.color(p) == Some(color) {
            mask[usize::from(p)] = true;
        }
    }
    let (tags, dragons) =
        if tuning().goal.dragons != 0 { near_dragons(r, board, &mask, color) } else { (Vec::new(), Vec::new()) };
    r.set_board(board);
    // Tactical questions inside the owl get a smaller budget, as GNU Go's owl reads at reduced depth.
    let saved = r.limits;
    let rk = tuning().reader;
    r.limits.node_limit = r.limits.node_limit.min(rk.nodes);
    if rk.shift != 0 {
        r.limits.shift(isize::from(rk.shift));
    }
    let trace = std::env::var_os("GO_OWL_TRACE").is_some();
    let table = vec![(0, None, 0, 0); 1 << TABLE_BITS];
    // Escape values once per read (only when the route is in use): friendly strings with room count
    // as living (no dragon statuses here), the goal itself as nothing.
    let mut escape_vals = Vec::new();
    if tuning().escape_for(board.size()).0.mode != 0 {
        escape_vals = vec![0u8; ARRAY];
        let mut dead0 = vec![false; ARRAY];
        mark_enclosed(board, &mut dead0, false, None);
        let friend = |p: Point| match board.liberties(p) {
            0..=2 => 0,
            3 => 4,
            _ => ESCAPE_FRIEND,
        };
        escape_values(board, color, &dead0, &friend, &mut escape_vals);
        for (i, v) in escape_vals.iter_mut().enumerate() {
            if mask[i] {
                *v = 0;
            }
        }
    }
    let mut owl = Owl {
        r,
        color,
        target,
        goal: mask,
        grown: Vec::with_capacity(MAX_LINE),
        tags,
        dragons,
        joined: Vec::with_capacity(MAX_LINE),
        joined_at: Vec::with_capacity(MAX_LINE),
        goal_hash: 0,
        nodes: 0,
        limits,
        table,
        ko_used: false,
        kom: None,
        line_ko: LineKo::EMPTY,
        ko_stack: Vec::with_capacity(MAX_LINE),
        trace,
        line: Vec::new(),
        marks: Default::default(),
        found: Vec::new(),
        killers: [0; KILLER_DEPTH],
        settings: tuning().search,
        escape_values: escape_vals,
        root_moves: Vec::new(),
        salt: 0,
        shift: 0,
        reads_at_start: 0,
        attack_query: false,
        reread_attack: false,
    };
    owl.reads_at_start = owl.r.nodes;
    let out = f(&mut owl);
    r.limits = saved;
    r.set_board(board);
    out
}

/// Can the dragon with stones `goal` be killed, the attacker moving first? Code and move. The first
/// stone of `goal` is the one whose capture counts.
pub fn owl_attack(r: &mut Reader, board: &Board, goal: &[Point], limits: OwlLimits) -> (ReadResult, Option<Point>) {
    remembered(Question::Attack, r, board, goal, limits, |r| {
        run(r, board, goal, limits, |o| {
            o.attack_query = true;
            o.attack(0)
        })
    })
}

/// The answer of an owl query from the per-position store ([`crate::analysis::owl_memo`]), read when
/// it is not there yet.
fn remembered(
    question: Question,
    r: &mut Reader,
    board: &Board,
    goal: &[Point],
    limits: OwlLimits,
    read: impl FnOnce(&mut Reader) -> (ReadResult, Option<Point>),
) -> (ReadResult, Option<Point>) {
    let OwlLimits { depth, node_limit, branches, root_branches } = limits;
    let key =
        owl_memo::key(question, board, goal, r, [depth as u64, node_limit, branches as u64, root_branches as u64]);
    match owl_memo::answer(key, || {
        let (code, mv) = read(r);
        owl_memo::Answer::Read(code, mv)
    }) {
        owl_memo::Answer::Read(code, mv) => {
            r.set_board(board);
            (code, mv)
        }
        _ => unreachable!("an owl read is stored as a read"),
    }
}

/// Can the dragon with stones `goal` live, its owner moving first? Code and move (`None` when it lives
/// without a move).
pub fn owl_defend(r: &mut Reader, board: &Board, goal: &[Point], limits: OwlLimits) -> (ReadResult, Option<Point>) {
    remembered(Question::Defend, r, board, goal, limits, |r| run(r, board, goal, limits, |o| o.defend(0)))
}

/// [`does_defend`] on a given goal: the owner's move `m`, then the attack on the goal with `m` in it.
fn defends_with(r: &mut Reader, board: &Board, m: Point, goal: &[Point], limits: OwlLimits, joins: bool) -> ReadResult {
    let Some(&target) = goal.iter().find(|&&p| board.color(p).is_some()) else { return Lose };
    let Some(color) = board.color(target) else { return Lose };
    let mut after = board.clone();
    if after.play(crate::Move::Play(m), color).is_err() || after.color(target) != Some(color) {
        return Lose;
    }
    let mut goal = goal.to_vec();
    if joins {
        goal.push(m);
    }
    owl_attack(r, &after, &goal, limits).0.reverse()
}

/// [`owl_attack`] of the dragon through `p` (its stones from [`crate::analysis::dragon::Dragons`] without owl).
pub fn attack_dragon(r: &mut Reader, board: &Board, p: Point, limits: OwlLimits) -> (ReadResult, Option<Point>) {
    let goal = dragon_goal(r, board, p);
    owl_attack(r, board, &goal, limits)
}

/// [`owl_defend`] of the dragon through `p`.
pub fn defend_dragon(r: &mut Reader, board: &Board, p: Point, limits: OwlLimits) -> (ReadResult, Option<Point>) {
    let goal = dragon_goal(r, board, p);
    owl_defend(r, board, &goal, limits)
}

/// Does `m`, played by the opponent of the dragon through `p`, kill it? GNU Go's `owl_does_attack`: the
/// result of the attacker's move (0 when it is illegal).
pub fn does_attack(r: &mut Reader, board: &Board, m: Point, p: Point, limits: OwlLimits) -> ReadResult {
    let Some(color) = board.color(p) else { return Lose };
    let goal = dragon_goal(r, board, p);
    let mut after = board.clone();
    if after.play(crate::Move::Play(m), color.opponent()).is_err() {
        return Lose;
    }
    if after.color(p) != Some(color) {
        return Win;
    }
    owl_defend(r, &after, &goal, limits).0.reverse()
}

/// Does `m`, played by the owner of the dragon through `p`, save it? GNU Go's `owl_does_defend`.
pub fn does_defend(r: &mut Reader, board: &Board, m: Point, p: Point, limits: OwlLimits) -> ReadResult {
    if board.color(p).is_none() {
        return Lose;
    }
    let goal = dragon_goal(r, board, p);
    defends_with(r, board, m, &goal, limits, true)
}

/// Two moves in a row for one side: the first of the side's candidates after which the same side
/// succeeds again (`attacker`: kills; otherwise: lives).
fn threaten(
    r: &mut Reader,
    board: &Board,
    p: Point,
    limits: OwlLimits,
    attacker: bool,
) -> (ReadResult, Option<(Point, Point)>) {
    let goal = dragon_goal(r, board, p);
    let out = run(r, board, &goal, limits, |o| {
        let a = o.analyse(attacker, true);
        let mover = if attacker { o.color.opponent() } else { o.color };
        for &(_, m1) in a.cands.iter().take(o.limits.branches + 1) {
            let Some(ko) = o.play(m1, mover, 0) else { continue };
            o.nodes = 0;
            // The first move captured the dragon outright: any reply of the attacker's is the second.
            let (code, m2) = if attacker { o.attack(1) } else { o.defend(1) };
            o.undo(ko);
            if code == Win {
                return (Win, Some((m1, m2.unwrap_or(m1))));
            }
        }
        (Lose, None)
    });
    match out {
        (Win, Some((m1, m2))) if m1 == m2 => (Lose, None),
        other => other,
    }
}

/// GNU Go's `owl_threaten_attack`: two attacker moves in a row that kill the dragon through `p`.
pub fn threaten_attack(
    r: &mut Reader,
    board: &Board,
    p: Point,
    limits: OwlLimits,
) -> (ReadResult, Option<(Point, Point)>) {
    threaten(r, board, p, limits, true)
}

/// GNU Go's `owl_threaten_defense`: two defender moves in a row that save the dragon through `p`.
pub fn threaten_defense(
    r: &mut Reader,
    board: &Board,
    p: Point,
    limits: OwlLimits,
) -> (ReadResult, Option<(Point, Point)>) {
    threaten(r, board, p, limits, false)
}

/// GNU Go's `owl_substantial`: would capturing the string at `p` let the opponent's stones around it
/// live? The string is captured on a copy by filling its liberties, then the neighbours are read as
/// one dragon with the owl.
pub fn substantial(r: &mut Reader, board: &Board, p: Point, limits: OwlLimits) -> bool {
    let Some(color) = board.color(p) else { return false };
    let opp = color.opponent();
    let mut goal: Vec<Point> = Vec::new();
    for s in board.string_stones(p) {
        for q in Board::neighbors(s) {
            if board.color(q) == Some(opp) && !goal.contains(&q) {
                goal.extend(board.string_stones(q));
            }
        }
    }
    if goal.is_empty() {
        return false;
    }
    let mut after = board.clone();
    let mut libs = Vec::new();
    while after.color(p) == Some(color) {
        libs.clear();
        after.string_liberties(p, usize::MAX, &mut libs);
        let Some(&l) = libs.iter().find(|&&l| after.is_legal(l, opp)) else { return false };
        after.play_unchecked(l, opp);
        goal.push(l);
    }
    goal.retain(|&q| after.color(q) == Some(opp));
    owl_attack(r, &after, &goal, limits).0 == Lose
}

/// GNU Go's `owl_connection_defends`: does the owner's move `m` join the dragons through `p` and `q`
/// into one that cannot be killed? The result of the joint dragon's defence after the move.
pub fn connection_defends(
    r: &mut Reader,
    board: &Board,
    m: Point,
    p: Point,
    q: Point,
    limits: OwlLimits,
) -> ReadResult {
    let Some(color) = board.color(p) else { return Lose };
    let mut goal = dragon_goal(r, board, p);
    for s in dragon_goal(r, board, q) {
        if !goal.contains(&s) {
            goal.push(s);
        }
    }
    let mut after = board.clone();
    if after.play(crate::Move::Play(m), color).is_err()
        || after.color(p) != Some(color)
        || after.color(q) != Some(color)
    {
        return Lose;
    }
    goal.push(m);
    owl_attack(r, &after, &goal, limits).0.reverse()
}

/// The owl as the dragons' life-and-death reading: [`owl_attack`], then (when it kills) [`owl_defend`].
impl LifeReading for OwlLimits {
    fn verdict(&self, r: &mut Reader, board: &Board, goal: &[Point]) -> (DragonStatus, Option<Point>, Option<Point>) {
        let (a, am) = owl_attack(r, board, goal, *self);
        if a == Lose {
            return (DragonStatus::Alive, None, None);
        }
        let (d, dm) = owl_defend(r, board, goal, *self);
        if d == Lose {
            (DragonStatus::Dead, am, None)
        } else {
            (DragonStatus::Critical, am, dm)
        }
    }
}

/// The stones of `p`'s dragon, `p` first: strings of its colour reached from `p`'s string through
/// strings within two points that share two liberties with it or that the connection reader cannot cut
/// off ([`crate::analysis::connection::same_dragon`]); cheaper than the whole board's [`crate::analysis::dragon::Dragons`].
pub fn dragon_goal(r: &mut Reader, board: &Board, p: Point) -> Vec<Point> {
    let key = owl_memo::key(Question::Goal, board, &[p], r, [0; 4]);
    match owl_memo::answer(key, || owl_memo::Answer::Goal(read_dragon_goal(r, board, p))) {
        owl_memo::Answer::Goal(goal) => {
            r.set_board(board);
            goal
        }
        _ => unreachable!("a goal is stored as a goal"),
    }
}

/// [`dragon_goal`] read.
fn read_dragon_goal(r: &mut Reader, board: &Board, p: Point) -> Vec<Point> {
    let b = board;
    let Some(c) = b.color(p) else { return Vec::new() };
    r.set_board(board);
    // The connection reader's tactical questions get the owl's budget: unbounded, one query took seconds
    // on a crowded board (owl.tst 65).
    let saved = r.limits;
    r.limits.node_limit = r.limits.node_limit.min(tuning().reader.nodes);
    let mut found = vec![b.string_id(p)];
    let mut k = 0;
    let mut libs_a = Vec::new();
    let mut libs_b = Vec::new();
    while k < found.len() {
        let s = found[k];
        k += 1;
        let mut near: Vec<Point> = Vec::new();
        b.strings_within_two(s, c, &found, &mut near);
        libs_a.clear();
        b.string_liberties(s, usize::MAX, &mut libs_a);
        for h in near {
            libs_b.clear();
            b.string_liberties(h, usize::MAX, &mut libs_b);
            let shared = libs_a.iter().filter(|l| libs_b.contains(l)).count();
            if shared >= 2 || crate::analysis::connection::same_dragon(r, s, h) {
                found.push(h);
            }
        }
    }
    r.limits = saved;
    let mut goal = vec![p];
    for h in found {
        goal.extend(b.string_stones(h).filter(|&s| s != p));
    }
    r.set_board(board);
    goal
}

/// The attacker's blocks at a distance while the goal is not sealed in: from a goal stone through an
/// empty neighbour to the empty point beyond it that no goal stone touches — the point the defender's
/// one-point jump would take, so taking it first shuts the way out the liberties alone leave open
/// (a loose block the goal cannot cut through at once; owl.tst 76's O10). Scored by the room around it.
fn attacker_blocks(b: &Board, color: Color, stones: &[Point], add: &mut dyn FnMut(Point, i32)) {
    let w = tuning().attacker.block_weight;
    if w <= 0 {
        return;
    }
    for &s in stones {
        for q in Board::neighbors(s) {
            if !b.is_empty(q) {
                continue;
            }
            let j = 2 * i32::from(q) - i32::from(s);
            if j < 0 || j as usize >= ARRAY || !b.on_board(j as Point) || !b.is_empty(j as Point) {
                continue;
            }
            let j = j as Point;
            if Board::neighbors(j).iter().any(|&n| b.color(n) == Some(color)) {
                continue;
            }
            let open = Board::neighbors(j).iter().filter(|&&n| b.is_empty(n)).count() as i32;
            add(j, w + 3 * open);
        }
    }
}

/// The defender's answers to the attacker's root placement in a space counted two eyes by fiat
/// (`owl_tuning::Fiat::on`): the empty points beside the placed stone, first in the order. The defender's
/// candidates hold no points of such a space (the eye graphs do not value it), so without these the
/// reading found every placement a kill (owl.tst 161: F1 in an eighteen-point corner).
fn answer_placement(b: &Board, last: Point, cands: &mut Vec<(i32, Point)>) {
    let Answer { mode, weight: w } = tuning().answer;
    if mode == 2 {
        return;
    }
    for q in Board::neighbors(last) {
        if !b.is_empty(q) {
            continue;
        }
        if let Some(c) = cands.iter_mut().find(|c| c.1 == q) {
            if mode == 0 {
                c.0 += w;
            }
        } else {
            cands.push((w, q));
        }
    }
    cands.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
}

/// The defender's self-atari at `p` (already played on `b` by `mover`) that puts an opponent string next
/// to it in atari: a throw-in the opponent must answer (capture or connect), so it gains the tempo or
/// the liberty the defence needs, and the filter of wasted self-ataris in [`Owl::analyse`] keeps it.
/// Board-only (no reading).
fn counter_atari_throw_in(b: &Board, p: Point, mover: Color) -> bool {
    Board::neighbors(p).iter().any(|&n| b.on_board(n) && b.color(n) == Some(mover.opponent()) && b.liberties(n) == 1)
}

/// Most contact answers read at one node.
const CONTACT_MAX: usize = 8;

impl Owl<'_> {
    /// The defender's contact answers in an attack query, read when its ordinary candidates
    /// (`tried` by [`Owl::order`]) failed: the empty points beside the attacker's last move (and,
    /// in mode 2, its diagonals touching the goal) that are not among them. A hane or block against
    /// the stone just played is how the defender refutes most attacks (GNU Go's owl answers them
    /// through its defence patterns); our candidates, scored from the goal's eyes and liberties,
    /// often left them outside the width, and the attack looked like a kill (a false kill or a
    /// wrong attacking move: owl.tst 152's F2, 162's D18). Only the defender's nodes of an
    /// `owl_attack` query (odd plies) down to the knob's depth; each answer that is not a wasted
    /// self-atari is read as in [`Owl::try_moves`].
    fn try_contact(
        &mut self,
        cands: &[(i32, Point)],
        depth: usize,
        mut found: (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        let Contact { mode, depth: max_depth, deep_libs } = tuning().contact;
        if mode == 0 || depth > max_depth || depth.is_multiple_of(2) {
            return found;
        }
        let Some(&last) = self.line.last() else { return found };
        let mover = self.color;
        let (tried, n) = self.order(cands, depth, mover);
        let mut moves = [0; CONTACT_MAX];
        let mut k = 0;
        {
            let b = self.r.board();
            let goal = &self.goal;
            let touches_goal = |q: Point| {
                Board::neighbors(q).iter().any(|&m| b.on_board(m) && goal[usize::from(m)] && b.color(m) == Some(mover))
            };
            let (x, y) = b.coords(last);
            let size = b.size() as i32;
            for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let diagonal = dx != 0 && dy != 0;
                if diagonal && mode != 2 {
                    continue;
                }
                let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                if !(0..size).contains(&nx) || !(0..size).contains(&ny) {
                    continue;
                }
                let q = b.point(nx as u8, ny as u8);
                if !b.is_empty(q) || tried[..n].contains(&q) || moves[..k].contains(&q) || !b.is_legal(q, mover) {
                    continue;
                }
                if diagonal && !touches_goal(q) {
                    continue;
                }
                if k < CONTACT_MAX {
                    moves[k] = q;
                    k += 1;
                }
            }
        }
        for &p in &moves[..k] {
            if self.nodes > self.limits.node_limit {
                break;
            }
            let Some(ko) = self.play(p, mover, depth) else { continue };
            // A wasted self-atari (not a ko capture) is no answer.
            let wasted = !ko && self.r.board().liberties(p) < 2 && self.r.board().ko().is_none();
            // An answer that leaves the stone just played its room (three liberties or more) is no
            // refutation of it: such moves made working attacks fail (owl.tst 84's C18 beside B18,
            // after which our attacker lacks GNU Go's killing F19).
            let pressing = mode == 3
                || self.r.board().color(last) != Some(mover.opponent())
                || self.r.board().liberties(last) <= if depth <= 1 { 2 } else { deep_libs };
            if wasted || !pressing {
                self.undo(ko);
                continue;
            }
            let (c, _) = self.attack(depth + 1);
            self.undo(ko);
            if keep_better(&mut found, c, ko, p) {
                break;
            }
        }
        found
    }
}

/// The attacker's pass in [`Owl::line`] (no point of the board).
const PASS_MARK: Point = 0;

/// At an attacker's node below the root: is the goal dead as it stands, so that the attacker's pass
/// is read first ([`Owl::pass_read`]; GNU Go's owl answers such a node with PASS)? Asked when the
/// goal has at most one eye even with the defender moving first (`max` below two) and no escape
/// potential: then no liberty of the goal outside its eye spaces may have room beside it (a way to
/// widen them), and no opponent string next to the goal that the defender could capture may lie
/// outside the eye spaces (the lunches left lie inside, where the eye values already count them).
/// Without the pass the attacker had to find a move at a dead goal, and its wasted move elsewhere
/// was a second weakness the defender used or a ply the depth limit then lacked (owl.tst 173: the
/// five stones inside the corner's eye). Declaring the attacker's win statically instead of reading
/// the pass measured owl.tst 181 (fixes 58 62 197 203 212 236, loses 4 10 83 105 113 161 164 192,
/// most of them false kills).
fn settled_dead(b: &Board, color: Color, heads: &[Point], around: &[Point], lively: &[Point], eyes: &Eyes) -> bool {
    // A liberty outside the eye spaces with room beside it is a way to widen them.
    let room = |l: Point| {
        eyes.space(l, color).is_none()
            && Board::neighbors(l).iter().filter(|&&q| b.is_empty(q)).count() >= tuning().settled.room
    };
    let mut libs = [0 as Point; 8];
    for &h in heads {
        let n = b.liberties_into(h, &mut libs);
        if b.liberties(h) > libs.len() || libs[..n].iter().any(|&l| room(l)) {
            return false;
        }
    }
    around.iter().all(|&h| {
        lively.contains(&h) || b.liberties(h) > 2 || b.string_stones(h).all(|s| eyes.space(s, color).is_some())
    })
}

/// The attacker's vital points of an eye space too large for the eye graphs (counted two eyes by
/// fiat): the empty points whose occupation cuts the space's remaining empty points in two or more
/// parts (the space's narrow points, as a stone on the one point joining two halves of a long space
/// leaves two small spaces that the eye graphs value and the defender cannot both make eyes of). A
/// split scores `weight` plus five per point of its smallest part, at most six: cutting a long space
/// in the middle is worth more than clipping one point off its end. Board-only and without
/// allocation (fixed marks over the space's points), so it costs little per node. The attacker's
/// stones inside the space join its parts, the defender's stones cut them.
fn space_splits(b: &Board, color: Color, points: &[Point], weight: i32, mut add: impl FnMut(Point, i32)) {
    const MAX: usize = 64;
    // The attacker's stones inside the space do not cut it (they are captured, their points join the
    // eye); the defender's own stones there do.
    let open = |q: Point| b.color(q) != Some(color);
    let n = points.len().min(MAX);
    let pts = &points[..n];
    let idx = |q: Point| pts.iter().position(|&x| x == q);
    for (i, &p) in pts.iter().enumerate() {
        if !b.is_empty(p) {
            continue;
        }
        // Flood the other empty points of the space, one part at a time.
        let mut part = [0u8; MAX];
        let mut stack = [0usize; MAX];
        let (mut parts, mut smallest) = (0u8, usize::MAX);
        for (j, &start) in pts.iter().enumerate() {
            if j == i || part[j] != 0 || !open(start) {
                continue;
            }
            parts = parts.saturating_add(1);
            part[j] = parts;
            let (mut top, mut size) = (1, 0);
            stack[0] = j;
            while top > 0 {
                top -= 1;
                let k = stack[top];
                size += 1;
                for q in Board::neighbors(pts[k]) {
                    if let Some(m) = idx(q) {
                        if m != i && part[m] == 0 && open(q) {
                            part[m] = parts;
                            stack[top] = m;
                            top += 1;
                        }
                    }
                }
            }
            smallest = smallest.min(size);
        }
        if parts >= 2 {
            add(p, weight + 5 * smallest.min(6) as i32);
        }
    }
}

/// Keeps the mover's move `p` in `found` when its result beats the best so far: `c` is the opponent's
/// result after `p`, and a conditional ko capture (`ko`) wins at best a ko the mover must start with
/// a threat. True when `p` is kept and wins outright (no later move can do better).
fn keep_better(found: &mut (ReadResult, Option<Point>), c: ReadResult, ko: bool, p: Point) -> bool {
    let got = if ko { c.reverse().min(KoB) } else { c.reverse() };
    if got <= found.0 {
        return false;
    }
    *found = (got, Some(p));
    got == Win
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;

    #[test]
    fn scheme_five_komaster_transitions_follow_reading_texi() {
        let s = crate::rules::stone::STRIDE as Point;
        let (b, w) = (Color::Black, Color::White);
        let k = 5 * s + 5;
        // A conditional capture makes the mover komaster at the captured stone's point.
        let m = LineKo::EMPTY.after_capture(b, k, true, Some(k)).unwrap();
        assert_eq!(m, LineKo { km: Kom::Master(b), pos: k });
        // The komaster goes on only with a nested ko; the other side's capture turns the line gray.
        assert_eq!(m.after_capture(b, k + 3, false, None), None);
        assert_eq!(m.after_capture(b, k + s + 1, false, None), Some(LineKo { km: Kom::Master(b), pos: k + s + 1 }));
        let g = m.after_capture(w, k + 3, true, None).unwrap();
        assert_eq!(g.km, Kom::Gray(b));
        assert_eq!(g.after_capture(b, k + s + 1, true, None), None);
        // A legal capture answering a ko capture is weak: only nested kos go on unconditionally.
        let weak = LineKo::EMPTY.after_capture(w, k, false, Some(k + 1)).unwrap();
        assert_eq!(weak, LineKo { km: Kom::Weak, pos: k + 1 });
        assert_eq!(weak.after_capture(b, k + 7, false, Some(k)), None);
        assert_eq!(LineKo::EMPTY.after_capture(w, k, false, None), Some(LineKo::EMPTY));
        assert_eq!(LineKo::EMPTY.code(), 0);
        assert_ne!(m.code(), g.code());
    }

    #[test]
    fn straight_three_dies_to_the_vital_point_and_lives_with_it() {
        // Black's corner group with a straight three eye space A9-C9 (vital point B9), walled in by white.
        let b = board_from(&[
            "...XO....",
            "XXXXO....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let goal = [b.point(0, 1)];
        let limits = OwlLimits::default();
        let goal = dragon_goal(&mut r, &b, goal[0]);
        assert_eq!(owl_attack(&mut r, &b, &goal, limits), (Win, Some(b.point(1, 0))));
        assert_eq!(owl_defend(&mut r, &b, &goal, limits), (Win, Some(b.point(1, 0))));
        // After black B9 it lives: no attack; after white B9 it is dead: no defence.
        let mut alive = b.clone();
        alive.play(crate::Move::Play(b.point(1, 0)), Color::Black).expect("legal");
        assert_eq!(owl_attack(&mut r, &alive, &goal, limits).0, Lose);
        assert_eq!(owl_defend(&mut r, &alive, &goal, limits), (Win, None));
        let mut dead = b.clone();
        dead.play(crate::Move::Play(b.point(1, 0)), Color::White).expect("legal");
        assert_eq!(owl_defend(&mut r, &dead, &goal, limits).0, Lose);
        assert_eq!(owl_attack(&mut r, &dead, &goal, limits).0, Win);
        // The board handed in is untouched and the reader is back on it.
        assert_eq!(r.board(), &dead);
    }

    #[test]
    fn a_dragon_living_only_through_a_ko_is_a_ko_for_the_attacker() {
        // owl.tst 145 (nicklas19, move 63): white kills the black dragon at H8 only through the ko at H9,
        // winning it only if it finds the first ko threat (GNU Go: 3 H9, KO_B).
        let b = board_from(&[
            "O.XOOXX..",
            "OXXXOX.XO",
            ".XXOOOXX.",
            "XXXO.OOXX",
            "OOXOOOOOX",
            "XOOOXXO.O",
            "XXXX.XXO.",
            "......XOO",
            ".......X.",
        ]);
        let mut r = Reader::new(&b);
        let h8 = b.point(7, 1);
        assert_eq!(attack_dragon(&mut r, &b, h8, OwlLimits::default()), (KoB, Some(b.point(7, 0))));
        assert_eq!(r.board(), &b);
    }

    #[test]
    fn a_defence_by_the_first_ko_capture_is_ko_a() {
        // The corner of owl.tst 239 (nngs4, move 690): black's capture of B8 at B7 is a ko capture; the
        // two eyes it leaves rest on the ko, which white may retake after a threat. Black captured first,
        // so GNU Go answers `2 B7` (KO_A) on this position; the static life after B7 was trusted (`1`).
        let b = board_from(&[
            ".XX.X.O..",
            "XOXXX.O..",
            "O.O..OO..",
            "OOOOOO...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let b9 = b.point(1, 0);
        assert_eq!(defend_dragon(&mut r, &b, b9, OwlLimits::default()), (ReadResult::KoA, Some(b.point(1, 2))));
        assert_eq!(r.board(), &b);
    }

    #[test]
    fn a_ko_capture_of_a_lunch_is_tried_and_gives_a_ko() {
        // owl.tst 232 (owl32.sgf): white saves the A8 dragon at C6 only through a ko, black's capture of
        // A3 at A4 (a ko capture, its stone left in atari) answered by white's retake at A3 after a
        // threat: GNU Go answers `3 C6` (KO_B). The ko capture used to be dropped as a self-atari.
        let b = board_from(&[
            ".XX..XXXX",
            "OOX..XOOX",
            ".OXXXXO..",
            "XO..XO..O",
            "O.O.XOOOO",
            ".OXXX..O.",
            "OXX..X.OO",
            "XX...XXX.",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let a8 = b.point(0, 1);
        assert_eq!(defend_dragon(&mut r, &b, a8, OwlLimits::default()), (KoB, Some(b.point(2, 3))));
        assert_eq!(r.board(), &b);
    }

    #[test]
    fn a_life_resting_on_short_strings_is_read_after_the_defenders_first_move() {
        // owl.tst 183 (incident144.sgf, move 242): after black's A15 the corner counts two eyes, but
        // the goal's A16 string has two liberties and white's A17 throw-in kills; black's best is a
        // ko (GNU Go: `3 A17`). Trusting the static count answered `1 A15`.
        let b = board_from(&[
            ".X.X.OX.X.XXXXX.X..",
            "O.XOOOX.X....X.X...",
            ".XXXOOOXX.XX...X...",
            "X.XOO.X.XXXX..X.X.X",
            ".XO.OOOXX.XXXX...X.",
            "XO.O..OX.X.X.XXXXOX",
            "O..OOOOOXXXOOOXOXOX",
            "OOOXX...OXOOXXOOOO.",
            "...O...O.O.OX.XXXO.",
            "..O..O.....OX..XXO.",
            "..........OX....XOX",
            "...OOO....O.X.XX.X.",
            "OOOXXXOO..OOXXOXXX.",
            "XXOX..X.OXOXXOOOXO.",
            "X.XX.XX.OOX.XO..OO.",
            "XXXXXOOOOXXXOO.O...",
            "XXOOO....OOXXO.....",
            "OO.........OXX.....",
            "..........O.O......",
        ]);
        let mut r = Reader::new(&b);
        let c18 = b.point(2, 1);
        let (code, mv) = defend_dragon(&mut r, &b, c18, OwlLimits::default());
        assert_eq!(code, KoB);
        assert!(mv == Some(b.point(0, 2)) || mv == Some(b.point(1, 1)), "{mv:?}");
        assert_eq!(r.board(), &b);
    }

    #[test]
    fn a_late_move_defends_when_the_ordinary_candidates_find_nothing() {
        // owl.tst 112 (incident169.sgf, move 184): GNU Go defends the black A17 dragon at M16 (or F14;
        // `owl_does_defend` accepts both). Neither is among our ordinary candidates within the width:
        // M16 comes among the root's six late moves, read only after the ordinary ones failed.
        let b = board_from(&[
            ".O.......XXXOOO.X..",
            "O.......XOOX.XOX.X.",
            "XOO..OOOOOXXXXOOX..",
            "XX.OO...OX..OX.OX..",
            "....XOOOXXX.OX.OX..",
            ".XXXX.XXXOXOOX.OX..",
            ".XO....XOOOX.OO..O.",
            ".O.OXX.O.OXXO.O.O..",
            "...OOX.OO.OOXXXO.O.",
            "....OX.O..O.....OX.",
            "O.O..O..O.O.X.XXXX.",
            ".O.XXO..O.O........",
            "OXXOXO..O..O.......",
            ".XOOOXX.XOOXO..OX..",
            ".XOXO.....O....OX..",
            ".XXXO.XXX.....O.X..",
            "...XOX.O..O...O....",
            "....XX..O......OX..",
            "...................",
        ]);
        let mut r = Reader::new(&b);
        let a17 = b.point(0, 2);
        let (code, mv) = defend_dragon(&mut r, &b, a17, OwlLimits::default());
        assert_eq!(code, Win);
        assert!(mv == Some(b.point(11, 3)) || mv == Some(b.point(5, 5)), "{mv:?}");
        assert_eq!(r.board(), &b);
    }

    #[test]
    fn the_defenders_lunch_beside_a_stone_diagonal_to_the_goal_is_eaten() {
        // owl.tst 154 (strategy25.sgf, move 250): white's O15 kills M19 only through a ko. Black's
        // answer Q15 ataris O15 P15, a string next to N15 and O16 (black stones diagonal to the goal,
        // outside it); white's N16 takes N15 and black retakes the ko. GNU Go: `2 O15` (KO_A); without
        // that lunch among the defender's candidates O15 was a clean kill.
        let b = board_from(&[
            "........OOOXXXXXO..",
            ".XXO....OOX.XOOOO..",
            ".XOOOO..OXXXXOXXO..",
            "OOXXXXOOOOXX.X.XO..",
            "XOXOOX..OXOOX.O.XO.",
            "XOO.O.XXXXXOOXXXXO.",
            "XXOOOOO...X.O.XOOOO",
            ".XXOXXO..X.O.OOXXXO",
            "OXXX.XO...XOOXOX.XX",
            ".O.X.XO.O.OOOXXX...",
            ".OX.XOO.OOXXXX.....",
            "OXXXXXXO.OOOX......",
            "OOOOXOXO.OXXO...X..",
            "OXXOXOOO.OOXXXXX...",
            "XX.OOX..OOOOXOOX...",
            ".XXOX.XX....OOXX...",
            "OOXO.X.OXOOO.OOOX..",
            "OXOO.O.XXOXXOOXOX..",
            ".X.....X.XX.XOXXX..",
        ]);
        let mut r = Reader::new(&b);
        let m19 = b.point(11, 0);
        assert_eq!(attack_dragon(&mut r, &b, m19, OwlLimits::default()), (ReadResult::KoA, Some(b.point(13, 4))));
        assert_eq!(r.board(), &b);
    }

    #[test]
    fn a_boxed_in_lunch_of_four_liberties_gives_the_goal_its_eyes() {
        // strategy.tst 29 (strategy5.sgf, move 40): black's D2-G2 under white's wall C2 D3-H3 H2 have four
        // liberties on the first line and the reader captures them (D1). GNU Go counts them as a lunch
        // (eye D1-G1 of value 2) and answers `owl_attack C4` with 0; without the boxed-in lunch we
        // answered `1 H4`.
        let b = board_from(&[
            "...................",
            ".X..OO.........OO..",
            "..O.OX.......O..X..",
            ".X.X..X..X.....X...",
            "..X................",
            "................X..",
            "...................",
            "...................",
            "...................",
            "...X.....X.....X...",
            "...................",
            "...................",
            "...................",
            "..O.............OO.",
            ".XXX............OXX",
            "..OX..X..X.....X...",
            ".O.OOOOO.....X.....",
            "..OXXXXO...........",
            "...................",
        ]);
        let mut r = Reader::new(&b);
        let c4 = b.point(2, 15);
        assert_eq!(attack_dragon(&mut r, &b, c4, OwlLimits::default()), (ReadResult::Lose, None));
        assert_eq!(r.board(), &b);
        // GNU Go's `owl_does_attack B4 C4` answers 0 too. After B4 the owl counts the lunch dead, and
        // its liberties open the corner's space A3-C1 along the first line past H1: without the eye
        // domains cutting that region (`GO_EYE_FALLBACK` field 6) the goal had no eye left and B4
        // killed (the attack's reread, `owl_tuning::Recheck::attack`, then answered `1 B4`).
        let b4 = b.point(1, 15);
        assert_eq!(does_attack(&mut r, &b, b4, c4, OwlLimits::default()), ReadResult::Lose);
    }

    #[test]
    fn does_attack_and_the_node_counter() {
        let b = board_from(&[
            "...XO....",
            "XXXXO....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let (a8, b9, c9, d9) = (b.point(0, 1), b.point(1, 0), b.point(2, 0), b.point(3, 0));
        reset_node_counter();
        assert_eq!(does_attack(&mut r, &b, b9, a8, OwlLimits::default()), Win);
        assert!(node_counter() > 0);
        assert_eq!(does_defend(&mut r, &b, b9, a8, OwlLimits::default()), Win);
        assert_eq!(does_defend(&mut r, &b, c9, a8, OwlLimits::default()), Lose);
        // A point that is not empty is no move.
        assert_eq!(does_attack(&mut r, &b, d9, a8, OwlLimits::default()), Lose);
        reset_node_counter();
        assert_eq!(node_counter(), 0);
    }

    #[test]
    fn our_owl_databases_compile_without_errors_and_cover_the_three_roles() {
        let pats = OwlPatterns::build(None);
        assert!(pats.lib.errors.is_empty(), "{:?}", pats.lib.errors);
        for role in [Role::Attack, Role::Defend, Role::Vital] {
            assert!(pats.roles.iter().any(|r| r.0 == role), "{role:?}");
        }
        assert!(pats.roles.iter().all(|r| r.0 != Role::Other && r.1 > 0));
    }
}
