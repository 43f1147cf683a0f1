//! Serving the engine: on standard input and output ([`serve_stdio`], any file may be named; live analysis
//! runs until the next command) and on the
//! network ([`serve_tcp`]: loopback unless allowed otherwise, idle controllers dropped, one connection at a
//! time, file commands confined to the `--files-dir` directory or refused). It owns the transport only:
//! the commands and their answers are the command groups'.

use crate::gtp::state::GtpState;
use engine_core::file_access::FileAccess;
use engine_core::gtp::Engine;
use engine_core::net::{bind_listener, remote_warning, ListenError};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Serves GTP on standard input and output until `quit` or end of input. The input is read while
/// commands run ([`Engine::run_live`]), so that live analysis (`lz-analyze`) runs until the next command.
pub fn serve_stdio(engine: &mut Engine<GtpState>) -> std::io::Result<()> {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    engine.run_live(stdin, stdout.lock())
}

/// How [`serve_tcp`] listens and whom it serves (`go-gtp --gtp-listen ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeOptions {
    /// Where to listen (`engine_core::net::parse_listen_address`); port 0 picks a free port.
    pub addr: SocketAddr,
    /// Whether an address other hosts can reach is allowed (`--allow-remote`).
    pub allow_remote: bool,
    /// How long a connected controller may stay silent (or not read its answers) before it is dropped so
    /// that the next one can connect; `None`: for ever.
    pub idle_timeout: Option<Duration>,
    /// The directory file commands are confined to over the network (`--files-dir`); `None` refuses them.
    pub files_dir: Option<PathBuf>,
}

/// Why [`serve_tcp`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The listener could not be opened (a non-loopback address without `--allow-remote`, or the bind
    /// failed).
    #[error(transparent)]
    Listen(#[from] ListenError),
    /// Accepting connections failed for good.
    #[error("accepting connections: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves one controller connection at a time until one sends `quit`. The address actually listened on is
/// written to `log` first (`go-gtp: listening on ADDR`, with the port chosen when port 0 was asked for),
/// after a warning when other hosts can reach it. A connection's failure (reset, idle timeout) ends that
/// connection only; a command cut off by a disconnect is not executed, and a panic inside a command answers
/// `? internal error` ([`Engine::run_connection`]). File commands reach only `options.files_dir`.
///
/// # Errors
/// [`ServeError`] when the listener cannot be opened or accepting fails.
pub fn serve_tcp(engine: &mut Engine<GtpState>, options: &ServeOptions, log: &mut dyn Write) -> Result<(), ServeError> {
    let listener = bind_listener(options.addr, options.allow_remote)?;
    let local = listener.local_addr()?;
    if let Some(warning) = remote_warning(local) {
        let _ = writeln!(log, "go-gtp: {warning}");
    }
    let _ = writeln!(log, "go-gtp: listening on {local}");
    let _ = log.flush();
    let files = match &options.files_dir {
        Some(dir) => FileAccess::Within(dir.clone()),
        None => FileAccess::Refused,
    };
    let mut failed_accepts = 0;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            // A connection that died before it was accepted, or a passing shortage of descriptors, must not
            // end the server; a listener that only fails must.
            Err(e) => {
                failed_accepts += 1;
                if failed_accepts > MAX_FAILED_ACCEPTS {
                    return Err(ServeError::Io(e));
                }
                let _ = writeln!(log, "go-gtp: accept: {e}");
                std::thread::sleep(Duration::from_millis(100));
                continue;
            }
        };
        failed_accepts = 0;
        let peer = stream.peer_addr().map_or_else(|_| "a client".to_string(), |a| a.to_string());
        if let Err(e) = serve_connection(engine, stream, options.idle_timeout, files.clone()) {
            let why = if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) {
                "idle for too long".to_string()
            } else {
                e.to_string()
            };
            let _ = writeln!(log, "go-gtp: connection from {peer} dropped: {why}");
        }
        if engine.quit_requested() {
            break;
        }
    }
    Ok(())
}

/// Accept failures in a row after which [`serve_tcp`] gives up.
pub const MAX_FAILED_ACCEPTS: u32 = 100;

fn serve_connection(
    engine: &mut Engine<GtpState>,
    stream: std::net::TcpStream,
    idle: Option<Duration>,
    files: FileAccess,
) -> std::io::Result<()> {
    stream.set_read_timeout(idle)?;
    // A controller that never reads its answers blocks writes once the buffers are full: the same limit.
    stream.set_write_timeout(idle)?;
    let reader = std::io::BufReader::new(stream.try_clone()?);
    engine.context.set_files(files);
    let result = engine.run_connection(reader, &stream);
    engine.context.set_files(FileAccess::Refused);
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::{engine, Options};
    use std::io::{BufRead, BufReader, Read};
    use std::net::{Shutdown, TcpStream};
    use std::sync::mpsc::{channel, Sender};

    /// The server's log, line by line, to the test.
    struct Log(Sender<String>, Vec<u8>);

    impl Write for Log {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.1.extend_from_slice(buf);
            while let Some(i) = self.1.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.1.drain(..=i).collect();
                let _ = self.0.send(String::from_utf8_lossy(&line).trim().to_string());
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn ask(stream: &TcpStream, reader: &mut BufReader<TcpStream>, command: &str) -> String {
        (&*stream).write_all(format!("{command}\n").as_bytes()).unwrap();
        let mut answer = String::new();
        while !answer.ends_with("\n\n") {
            if reader.read_line(&mut answer).unwrap() == 0 {
                break;
            }
        }
        answer
    }

    #[test]
    fn a_client_gone_while_its_command_runs_leaves_the_server_serving() {
        let (tx, rx) = channel();
        let server = std::thread::spawn(move || {
            let mut e = engine(Options { boardsize: 9, level: 2, ..Options::default() });
            let options = ServeOptions {
                addr: "127.0.0.1:0".parse().unwrap(),
                allow_remote: false,
                idle_timeout: Some(Duration::from_secs(30)),
                files_dir: None,
            };
            serve_tcp(&mut e, &options, &mut Log(tx, Vec::new())).map_err(|e| e.to_string())
        });
        let wait = Duration::from_secs(30);
        let line = rx.recv_timeout(wait).expect("the server starts");
        let addr: SocketAddr = line.trim_start_matches("go-gtp: listening on ").parse().expect("an address");
        // A whole command, then the client leaves before its answer: the command runs, its answer
        // finds no one, and only that connection ends.
        let first = TcpStream::connect(addr).unwrap();
        (&first).write_all(b"genmove b\n").unwrap();
        first.shutdown(Shutdown::Both).unwrap();
        drop(first);
        let second = TcpStream::connect(addr).unwrap();
        second.set_read_timeout(Some(wait)).unwrap();
        let mut reader = BufReader::new(second.try_clone().unwrap());
        assert_eq!(ask(&second, &mut reader, "name"), "= gammon-go\n\n");
        let sgf = ask(&second, &mut reader, "printsgf");
        assert!(sgf.contains(";B["), "the cut-off client's genmove was played: {sgf}");
        assert_eq!(ask(&second, &mut reader, "quit"), "= \n\n");
        let mut rest = String::new();
        let _ = reader.read_to_string(&mut rest);
        assert_eq!(server.join().unwrap(), Ok(()));
    }
}
