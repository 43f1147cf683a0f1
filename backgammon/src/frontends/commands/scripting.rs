//! Read access to the shell's state for scripting front ends (the Python `gammon_go.gnubg`
//! module, whose one session object drives [`Shell`] as gnubg's embedded Python drives gnubg):
//! the players' names, the last analysis of the session and its depth, the match equity table.
//!
//! Read only: every change to the state still goes through [`Shell::execute`]'s commands, so a
//! script and the command line cannot disagree about what a command does.

use super::Shell;
use crate::analysis::SessionAnalysis;
use crate::cube::met::MatchEquityTable;

impl Shell {
    /// The players' names, player 0 (gnubg's X in `gnubg.match()`) first.
    pub fn player_names(&self) -> &[String; 2] {
        &self.state.names
    }

    /// The analysis `analyse match|session` made of the session in progress, if it still covers
    /// every game of it (it is dropped whenever the session changes).
    pub fn session_analysis(&self) -> Option<&SessionAnalysis> {
        let games = self.state.session.as_ref().map_or(0, |s| s.games().len());
        self.state.session_analysis.as_ref().filter(|a| a.games.len() == games)
    }

    /// The depth `analyse` evaluates chequer plays and cube decisions at (`set analysis plies`).
    pub fn analysis_plies(&self) -> usize {
        self.state.analysis_plies
    }

    /// The match equity table of the session's cube decisions.
    pub fn met(&self) -> &MatchEquityTable {
        &self.state.met
    }
}
