//! Integration and interop tests live in `tests/`; this library holds their shared helpers.
