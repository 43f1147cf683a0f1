//! The pest grammar (`db.pest`) for GNU Go's `.db` pattern language and its autohelper
//! expressions. This module owns only the generated parser; turning parse trees into the
//! typed AST is the job of `parse` (files) and `expr` (expressions).

use pest_derive::Parser;

/// Generated from `src/db.pest` by `pest_derive` at compile time (no build script).
#[derive(Parser)]
#[grammar = "db.pest"]
pub struct DbParser;

/// A human-readable name for a grammar rule, used in "expected …" error messages.
pub(crate) fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of line",
        Rule::line_end => "end of line",
        Rule::open => "`(`",
        Rule::close => "`)`",
        Rule::comma => "`,`",
        Rule::cell => "a diagram element (`.XOxo,!*?QY`)",
        Rule::label_cell => "a diagram element or label",
        Rule::eye_cell => "an eye vertex (`.*<>!@$()Xx`) or edge",
        Rule::mc_cell => "a diagram element (`.XOxo*?%`)",
        Rule::comment_line => "a `#` comment",
        Rule::directive | Rule::directive_name => "a header (`attribute_map`, `goal_elements`, `callback_data`)",
        Rule::directive_value => "a header value",
        Rule::pattern_header | Rule::pattern => "a `Pattern NAME` line",
        Rule::pattern_name => "a pattern name",
        Rule::diagram | Rule::diagram_row | Rule::body_row | Rule::cells => {
            "a diagram row (`.XOxo,!*?QY`, edges `|` `-` `+`)"
        }
        Rule::edge_row | Rule::dashes => "an edge row (`---`, `+---+`)",
        Rule::corner => "a corner `+`",
        Rule::bar => "an edge `|`",
        Rule::cdiagram | Rule::cdiagram_row | Rule::label_row | Rule::label_cells => "a constraint diagram row",
        Rule::colon_line => "a `:` line",
        Rule::symmetry => "a symmetry (`8 | \\ / - + X O`)",
        Rule::colon_field | Rule::value_call | Rule::word => "a `:` line field",
        Rule::colon_arg => "a value argument",
        Rule::number => "a number",
        Rule::constraint_line => "a `;` constraint line",
        Rule::action_line => "a `>` action line",
        Rule::eye_pattern => "an eye pattern",
        Rule::eye_diagram | Rule::eye_row | Rule::eye_cells => "an eye diagram row (`.*<>!@$()Xx|-+`)",
        Rule::eye_colon => "a `:` eye value line",
        Rule::eye_value => "four eye-value digits",
        Rule::mc_pattern | Rule::mc_diagram | Rule::mc_row | Rule::mc_body_row | Rule::mc_cells => {
            "a Monte Carlo diagram row (`.XOxo*?%`, edges `|` `-` `+`)"
        }
        Rule::mc_colon => "a `:` Monte Carlo value line",
        Rule::mc_value => "a move value",
        Rule::mc_prop => "a Monte Carlo property",
        Rule::expr | Rule::binary => "an expression",
        Rule::stmt | Rule::expr_stmt => "a statement",
        Rule::block => "a `{` block",
        Rule::if_stmt | Rule::kw_if => "`if`",
        Rule::kw_else => "`else`",
        Rule::return_stmt | Rule::kw_return => "`return`",
        Rule::empty_stmt => "`;`",
        Rule::ident | Rule::call => "a name",
        Rule::paren => "`(`",
        Rule::int | Rule::float => "a number",
        Rule::move_label => "`*`",
        Rule::tenuki => "`?`",
        Rule::ternary => "`?`",
        Rule::not | Rule::neg | Rule::pos | Rule::bit_not => "a prefix operator",
        Rule::or
        | Rule::and
        | Rule::bit_or
        | Rule::bit_xor
        | Rule::bit_and
        | Rule::eq
        | Rule::ne
        | Rule::le
        | Rule::ge
        | Rule::shl
        | Rule::shr
        | Rule::lt
        | Rule::gt
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem => "an operator",
        _ => "valid input",
    }
}
