//! Where the network front ends (`go-gtp --gtp-listen`, `gammon external --listen`) may listen.
//!
//! Loopback unless the user says otherwise: a controller on another machine is an explicit choice
//! (`--allow-remote`), and even then the program warns, since the protocols carry no authentication.
//! This module decides addresses only; serving connections belongs to each front end.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, ToSocketAddrs};

/// Seconds a connected client may stay silent before the server drops it and accepts the next.
pub const DEFAULT_IDLE_TIMEOUT_SECS: u64 = 600;

/// Why a listener was not opened.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The address is reachable from other machines and `--allow-remote` was not given.
    #[error("{0} is not a loopback address: listening there lets any host on the network control the engine; add --allow-remote to do it anyway")]
    NotLoopback(SocketAddr),
    /// Binding failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Reads a listening address: `PORT` (on 127.0.0.1), `HOST:PORT` or `[IPV6]:PORT`.
///
/// # Errors
/// A message naming what is wrong.
pub fn parse_listen_address(s: &str) -> Result<SocketAddr, String> {
    let s = s.trim();
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        let port: u16 =
            s.parse().map_err(|_| format!("port {} is out of range (0 to 65535)", crate::limits::excerpt(s)))?;
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    if let Ok(addr) = s.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let shown = crate::limits::excerpt(s);
    if !s.contains(':') {
        return Err(format!("'{shown}' is neither a port nor HOST:PORT"));
    }
    let mut addrs = s.to_socket_addrs().map_err(|e| format!("'{shown}': {e}"))?;
    addrs.next().ok_or_else(|| format!("'{shown}' names no address"))
}

/// Opens a listener on `addr`, refusing an address other hosts can reach unless `allow_remote`.
///
/// # Errors
/// [`ListenError::NotLoopback`], or the bind's error.
pub fn bind_listener(addr: SocketAddr, allow_remote: bool) -> Result<TcpListener, ListenError> {
    if !addr.ip().is_loopback() && !allow_remote {
        return Err(ListenError::NotLoopback(addr));
    }
    Ok(TcpListener::bind(addr)?)
}

/// The warning a front end prints when it listens on an address other hosts can reach.
pub fn remote_warning(addr: SocketAddr) -> Option<String> {
    (!addr.ip().is_loopback()).then(|| {
        format!("warning: listening on {addr}, reachable from other hosts; anyone who connects controls the engine")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(parse_listen_address("5000").unwrap(), "127.0.0.1:5000".parse().unwrap());
        assert_eq!(parse_listen_address("0.0.0.0:7").unwrap(), "0.0.0.0:7".parse().unwrap());
        assert_eq!(parse_listen_address("[::1]:7").unwrap(), "[::1]:7".parse().unwrap());
        assert!(parse_listen_address("localhost:7").unwrap().ip().is_loopback());
        assert!(parse_listen_address("70000").unwrap_err().contains("out of range"));
        assert!(parse_listen_address("").is_err());
        assert!(parse_listen_address("nonsense").is_err());
        assert!(parse_listen_address(&"9".repeat(500)).unwrap_err().len() < 120);
    }

    #[test]
    fn only_loopback_without_the_flag() {
        let any: SocketAddr = "0.0.0.0:0".parse().unwrap();
        assert!(matches!(bind_listener(any, false), Err(ListenError::NotLoopback(_))));
        assert!(remote_warning(any).is_some());
        let local: SocketAddr = "127.0.0.1:0".parse().unwrap();
        let l = bind_listener(local, false).unwrap();
        assert_ne!(l.local_addr().unwrap().port(), 0, "port 0 picks a port");
        assert!(remote_warning(local).is_none());
        assert!(bind_listener(any, true).is_ok());
    }
}
