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

#[cfg(test)]
mod tests {
    use super::Shell;

    #[test]
    fn accessors_follow_the_commands() {
        let mut sh = Shell::new(7);
        assert_eq!(sh.player_names(), &["gnubg".to_string(), "user".to_string()]);
        assert!(sh.session_analysis().is_none());
        sh.execute("set player 0 name alice");
        sh.execute("set player 0 human");
        sh.execute("set analysis plies 0");
        assert_eq!(sh.player_names()[0], "alice");
        assert_eq!(sh.analysis_plies(), 0);
        sh.execute("new match 3");
        sh.execute("analyse match");
        let games = sh.session().map_or(0, |s| s.games().len());
        assert_eq!(sh.session_analysis().map(|a| a.games.len()), Some(games));
        // a new session drops the analysis of the old one
        sh.execute("new session");
        assert!(sh.session_analysis().is_none());
        assert!(sh.met().length() >= 15);
    }
}
