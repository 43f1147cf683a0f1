//! Rollout state files (`gammon rollout --resume F`): read from a scratch file, as the command does.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static PATH: PathBuf = std::env::temp_dir().join(format!("gammon-fuzz-rollout-{}.json", std::process::id()));
    }
    PATH.with(|path| {
        std::fs::write(path, data).unwrap();
        let _ = backgammon::analysis::rollout::RolloutState::load(path);
    });
});
