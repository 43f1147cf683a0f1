//! GNU Go's pattern language: a pest grammar for `.db` files and 2-bit bitmask matchers.
//! (Built from issue 4 on.)
