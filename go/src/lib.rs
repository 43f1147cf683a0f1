//! Go: board, worms, reading, dragons, eyes, owl, influence, move reasons, valuation and GTP.
//! (Built from issue 3 on.)
