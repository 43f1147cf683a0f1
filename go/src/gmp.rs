//! The Go Modem Protocol (GMP), the protocol Debian's cgoban 1.9 and GNU Go's `--mode gmp` speak: the
//! engine plays one game against the program at the other end of standard input and output.
//!
//! A packet is four bytes: `0 0 0 0 0 0 y h` (the sender's sequence bit `h`, and `y` the last sequence
//! bit it received), `1` and a 7-bit checksum (the sum of the other three bytes), `1 c c c v v v` (a
//! command and the top three bits of a 10-bit value), `1 v v v v v v v`. Commands: OK (acknowledges),
//! DENY, NEWGAME, QUERY (a question number), ANSWER, MOVE (`0x200` for White; then 0 for a pass or
//! `1 + x + y·size` with `x` the column from the left and `y` the row from the bottom), UNDO (how many
//! moves), EXTENDED. Every command but OK flips its sender's sequence bit and is acknowledged: by an
//! OK, by the ANSWER to a QUERY, or by any packet that carries its bit back; a command that is not
//! acknowledged in time is sent again, and one received twice (its bit unchanged) is answered again
//! and not acted on twice. Damaged packets (bad checksum, a byte out of place) are dropped.
//!
//! The game is set up as GNU Go does it (its behaviour observed through its `--mode gmp`): a player
//! that is Black or does not know its colour sends NEWGAME and then QUERYs the rules (7: 1 Japanese,
//! 2 Chinese), the board size (9), the handicap (8: 1 for none, else the stones) and the other's colour
//! (11: 1 White, 2 Black); an answer of 0 means "I do not know", and a known answer wins over an
//! unknown setting. White waits for NEWGAME and answers. Handicap stones stand on GTP's fixed points
//! on both sides; then the players exchange MOVEs until two passes in a row end the game.
//!
//! The simplified variant (`--mode sgmp`, [`GmpOptions::simplified`]) is the same protocol with a
//! shorter set-up, as GNU Go 3.8's `--mode sgmp` plays it (observed through pipes): both sides are
//! assumed to have been given the board size and rules, so only the other's colour (11) and then the
//! handicap (8) are asked, each side keeping its own size and rules.
//!
//! This module owns the packet codec ([`Packet`], [`Decoder`]) and the session ([`play`]); the moves
//! come from the GTP engine ([`crate::gtp`]), driven through its commands (`play`, `genmove`, `undo`,
//! `fixed_handicap`, `final_score`, `printsgf`), so GMP games use the same engine as GTP ones.

use crate::gtp::state::GtpState;
use crate::rules::score::Scoring;
use crate::rules::stone::Color;
use engine_core::gtp::Engine;
use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// GMP's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Ok = 0,
    Deny = 1,
    NewGame = 2,
    Query = 3,
    Answer = 4,
    Move = 5,
    Undo = 6,
    Extended = 7,
}

impl Command {
    fn from_bits(b: u8) -> Command {
        [
            Command::Ok,
            Command::Deny,
            Command::NewGame,
            Command::Query,
            Command::Answer,
            Command::Move,
            Command::Undo,
            Command::Extended,
        ][usize::from(b & 7)]
    }
}

/// The questions of QUERY.
pub mod query {
    pub const GAME: u16 = 0;
    pub const RULES: u16 = 7;
    pub const HANDICAP: u16 = 8;
    pub const BOARD_SIZE: u16 = 9;
    pub const COLOR: u16 = 11;
}

/// One packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packet {
    /// The sender's sequence bit.
    pub seq: bool,
    /// The last sequence bit the sender received.
    pub ack: bool,
    pub command: Command,
    /// Ten bits.
    pub value: u16,
}

impl Packet {
    /// The four bytes on the line.
    pub fn encode(&self) -> [u8; 4] {
        let b0 = u8::from(self.seq) | (u8::from(self.ack) << 1);
        let b2 = 0x80 | ((self.command as u8) << 4) | ((self.value >> 7) & 7) as u8;
        let b3 = 0x80 | (self.value & 0x7f) as u8;
        let sum = (u32::from(b0) + u32::from(b2) + u32::from(b3)) & 0x7f;
        [b0, 0x80 | sum as u8, b2, b3]
    }
}

/// Reassembles packets from a byte stream, dropping damaged ones: a packet starts at a byte whose top
/// bit is clear, its three other bytes have it set, and its checksum must hold.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Packets dropped as damaged so far.
    pub dropped: usize,
}

impl Decoder {
    /// Feeds one byte; returns a packet when one is complete and sound.
    pub fn push(&mut self, byte: u8) -> Option<Packet> {
        if byte & 0x80 == 0 {
            if !self.buf.is_empty() {
                self.dropped += 1;
            }
            self.buf.clear();
            self.buf.push(byte);
            return None;
        }
        if self.buf.is_empty() {
            return None; // a stray byte between packets
        }
        self.buf.push(byte);
        if self.buf.len() < 4 {
            return None;
        }
        let [b0, b1, b2, b3] = [self.buf[0], self.buf[1], self.buf[2], self.buf[3]];
        self.buf.clear();
        let sum = (u32::from(b0) + u32::from(b2) + u32::from(b3)) & 0x7f;
        if u32::from(b1 & 0x7f) != sum || b0 & !3 != 0 {
            self.dropped += 1;
            return None;
        }
        Some(Packet {
            seq: b0 & 1 != 0,
            ack: b0 & 2 != 0,
            command: Command::from_bits(b2 >> 4),
            value: (u16::from(b2 & 7) << 7) | u16::from(b3 & 0x7f),
        })
    }
}

/// Resend periods of silence, while waiting for the other side's move, before we repeat our last packet.
const NUDGE_AFTER: u32 = 4;

/// How long the other side must be silent before the player that set the game up asks its questions.
const QUIET: Duration = Duration::from_millis(700);

/// What the player knows before the game: `None` is "ask the other side".
#[derive(Debug, Clone, Default)]
pub struct GmpOptions {
    pub color: Option<Color>,
    /// Japanese (territory) or Chinese (area) rules; `None` takes the other side's.
    pub japanese: Option<bool>,
    pub boardsize: Option<usize>,
    pub handicap: Option<usize>,
    /// Resend an unacknowledged command after this long.
    pub resend_after: Duration,
    /// Give up when the other side is silent this long while we wait for it (its move excepted).
    pub give_up_after: Duration,
    /// Write the game record here at the end (`printsgf`).
    pub sgf_out: Option<std::path::PathBuf>,
    /// The simplified variant (`--mode sgmp`): only the colour and the handicap are asked; the board
    /// size (which must then be known) and the rules are our own.
    pub simplified: bool,
}

/// Why a GMP session failed.
#[derive(Debug, thiserror::Error)]
pub enum GmpError {
    #[error("input/output error: {0}")]
    Io(#[from] std::io::Error),
    #[error("the other side closed the connection")]
    Closed,
    #[error("the other side stopped answering")]
    Timeout,
    #[error("Neither player knows what the {0} should be.")]
    Unknown(&'static str),
    #[error("the other side refused our {0:?}")]
    Denied(Command),
    #[error("the other side played an illegal move: {0}")]
    IllegalMove(String),
    #[error("the engine failed: {0}")]
    Engine(String),
}

/// How a finished session ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GmpOutcome {
    /// Moves played, passes included (handicap stones excluded).
    pub moves: usize,
    /// `final_score`'s answer: `B+n`, `W+n` or `0`.
    pub score: String,
    /// Damaged packets dropped and commands sent again.
    pub dropped: usize,
    pub resent: usize,
}

struct Link<W: Write> {
    out: W,
    rx: Receiver<Option<Packet>>,
    my_seq: bool,
    his_seq: bool,
    /// The command waiting for its acknowledgement, and when it was last sent.
    pending: Option<(Packet, Instant)>,
    /// Our reply to the other side's last command, sent again if that command comes again.
    last_reply: Option<Packet>,
    resend_after: Duration,
    give_up_after: Duration,
    resent: usize,
    dropped: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// A new command that arrived while we waited for an acknowledgement.
    stash: Option<Packet>,
    /// The last packet written, sent again to wake a peer that lost our reply (GNU Go never resends).
    last_sent: Option<Packet>,
    /// Our settings, to answer the other side's questions.
    answers: Answers,
}

/// What we answer to each question.
#[derive(Debug, Clone, Copy)]
struct Answers {
    japanese: Option<bool>,
    size: Option<usize>,
    handicap: Option<usize>,
    color: Option<Color>,
}

impl Answers {
    fn answer(&self, question: u16) -> u16 {
        match question {
            query::GAME => 1,
            query::RULES => match self.japanese {
                Some(true) => 1,
                Some(false) => 2,
                None => 0,
            },
            query::BOARD_SIZE => self.size.map_or(0, |s| s as u16),
            query::HANDICAP => self.handicap.map_or(0, |h| h.max(1) as u16),
            query::COLOR => match self.color {
                Some(Color::White) => 1,
                Some(Color::Black) => 2,
                None => 0,
            },
            _ => 0,
        }
    }
}

impl<W: Write> Link<W> {
    fn write(&mut self, p: Packet) -> Result<(), GmpError> {
        self.last_sent = Some(p);
        self.out.write_all(&p.encode())?;
        self.out.flush()?;
        Ok(())
    }

    /// Sends a command (flipping our sequence bit); it stays pending until acknowledged.
    fn send(&mut self, command: Command, value: u16) -> Result<(), GmpError> {
        self.my_seq = !self.my_seq;
        let p = Packet { seq: self.my_seq, ack: self.his_seq, command, value };
        self.pending = Some((p, Instant::now()));
        self.write(p)
    }

    /// Sends a reply that answers the other side's command: an OK, or an ANSWER (itself a command).
    fn reply(&mut self, command: Command, value: u16) -> Result<(), GmpError> {
        let p = if command == Command::Ok {
            let p = Packet { seq: self.my_seq, ack: self.his_seq, command, value };
            self.write(p)?;
            p
        } else {
            self.send(command, value)?;
            self.pending.map(|(p, _)| p).expect("just sent")
        };
        self.last_reply = Some(p);
        Ok(())
    }

    /// The next new command from the other side (acknowledgements and repeats are handled here). With
    /// `patient`, waits without limit (the other side may think long about its move).
    fn next_command(&mut self, patient: bool) -> Result<Packet, GmpError> {
        self.next_command_within(patient, None).map(|p| p.expect("no quiet period"))
    }

    /// As [`Link::next_command`]; with `quiet`, `None` once the other side has been silent that long
    /// with nothing of ours waiting for an acknowledgement.
    fn next_command_within(&mut self, patient: bool, quiet: Option<Duration>) -> Result<Option<Packet>, GmpError> {
        if let Some(p) = self.stash.take() {
            return Ok(Some(p));
        }
        let mut silent_since = Instant::now();
        loop {
            let wait = match self.pending {
                Some((_, at)) => self.resend_after.saturating_sub(at.elapsed()).max(Duration::from_millis(1)),
                None => quiet.map_or(self.resend_after, |q| {
                    q.saturating_sub(silent_since.elapsed()).max(Duration::from_millis(1))
                }),
            };
            match self.rx.recv_timeout(wait) {
                Ok(Some(p)) => {
                    silent_since = Instant::now();
                    if let Some((sent, _)) = self.pending {
                        if p.ack == sent.seq {
                            self.pending = None;
                        }
                    }
                    match p.command {
                        Command::Ok => continue,
                        Command::Deny => {
                            if let Some((sent, _)) = self.pending.take() {
                                return Err(GmpError::Denied(sent.command));
                            }
                            continue;
                        }
                        _ => {}
                    }
                    if p.seq == self.his_seq {
                        // A command we have seen: our reply was lost, so send it again.
                        if let Some(r) = self.last_reply {
                            self.write(Packet { ack: self.his_seq, ..r })?;
                        }
                        continue;
                    }
                    self.his_seq = p.seq;
                    return Ok(Some(p));
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(GmpError::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    if let Some((p, _)) = self.pending {
                        self.resent += 1;
                        self.pending = Some((p, Instant::now()));
                        self.write(Packet { ack: self.his_seq, ..p })?;
                    } else if quiet.is_some_and(|q| silent_since.elapsed() >= q) {
                        return Ok(None);
                    } else if patient && silent_since.elapsed() >= self.resend_after * NUDGE_AFTER {
                        // A long silence may be a lost packet that the other side will never send
                        // again (GNU Go does not): repeat our last packet, whose repetition makes it
                        // repeat its own.
                        if let Some(p) = self.last_sent {
                            self.resent += 1;
                            self.write(Packet { ack: self.his_seq, ..p })?;
                        }
                        silent_since = Instant::now();
                    } else if !patient && silent_since.elapsed() > self.give_up_after {
                        return Err(GmpError::Timeout);
                    }
                }
            }
        }
    }

    /// Waits until our pending command is acknowledged; a repeated command of the other side gets our
    /// reply again, a new one is kept for [`Link::next_command`].
    fn flush_pending(&mut self) -> Result<(), GmpError> {
        let start = Instant::now();
        while self.pending.is_some() {
            match self.rx.recv_timeout(self.resend_after) {
                Ok(Some(p)) => {
                    if let Some((sent, _)) = self.pending {
                        if p.ack == sent.seq {
                            self.pending = None;
                        }
                    }
                    if p.command == Command::Deny {
                        if let Some((sent, _)) = self.pending.take() {
                            return Err(GmpError::Denied(sent.command));
                        }
                    }
                    if p.command != Command::Ok && p.seq == self.his_seq {
                        if let Some(r) = self.last_reply {
                            self.write(Packet { ack: self.his_seq, ..r })?;
                        }
                    } else if p.command != Command::Ok && p.command != Command::Deny && self.stash.is_none() {
                        // A new command (which may also have acknowledged ours): the caller's next.
                        self.his_seq = p.seq;
                        self.stash = Some(p);
                    }
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(GmpError::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    if start.elapsed() > self.give_up_after {
                        return Err(GmpError::Timeout);
                    }
                    if let Some((p, _)) = self.pending {
                        self.resent += 1;
                        self.pending = Some((p, Instant::now()));
                        self.write(Packet { ack: self.his_seq, ..p })?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Sends a command and waits for its acknowledgement; a QUERY's ANSWER is returned.
    fn ask(&mut self, question: u16) -> Result<u16, GmpError> {
        self.send(Command::Query, question)?;
        loop {
            let p = self.next_command(false)?;
            match p.command {
                Command::Answer => {
                    self.reply(Command::Ok, 0)?;
                    return Ok(p.value);
                }
                // Both sides may ask at once: answer theirs and keep waiting for ours.
                Command::Query => {
                    let v = self.answers.answer(p.value);
                    self.reply(Command::Answer, v)?;
                }
                Command::NewGame => self.reply(Command::Ok, 0)?,
                other => {
                    return Err(GmpError::Engine(format!("expected an answer to query {question}, got {other:?}")))
                }
            }
        }
    }
}

/// GMP's encoding of a move of `color` at `vertex` (a GTP vertex or `pass`) on a board of `size`.
pub fn encode_move(color: Color, vertex: &str, size: usize) -> Option<u16> {
    let colour_bit = if color == Color::White { 0x200 } else { 0 };
    if vertex.eq_ignore_ascii_case("pass") {
        return Some(colour_bit);
    }
    let mut chars = vertex.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let x = "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(letter)?;
    let row: usize = chars.as_str().parse().ok()?;
    if x >= size || row == 0 || row > size {
        return None;
    }
    Some(colour_bit | (1 + x + (row - 1) * size) as u16)
}

/// The colour and GTP vertex of a GMP move value, or `None` when it is off the board.
pub fn decode_move(value: u16, size: usize) -> Option<(Color, String)> {
    let color = if value & 0x200 != 0 { Color::White } else { Color::Black };
    let s = usize::from(value & 0x1ff);
    if s == 0 {
        return Some((color, "pass".into()));
    }
    let (x, y) = ((s - 1) % size, (s - 1) / size);
    if y >= size {
        return None;
    }
    Some((color, format!("{}{}", "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes()[x] as char, y + 1)))
}

fn gtp(engine: &mut Engine<GtpState>, line: &str) -> Result<String, GmpError> {
    let answer = engine.handle_line(line).unwrap_or_default();
    match answer.strip_prefix('=') {
        Some(rest) => Ok(rest.trim().to_string()),
        None => Err(GmpError::Engine(format!("{line}: {}", answer.trim()))),
    }
}

fn color_word(c: Color) -> &'static str {
    if c == Color::Black {
        "black"
    } else {
        "white"
    }
}

/// Plays one game over GMP on `input`/`output` with `engine`, as `options` say; returns how it ended.
pub fn play<R, W>(
    engine: &mut Engine<GtpState>,
    input: R,
    output: W,
    options: &GmpOptions,
) -> Result<GmpOutcome, GmpError>
where
    R: Read + Send + 'static,
    W: Write,
{
    let (tx, rx) = mpsc::channel();
    let dropped = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = dropped.clone();
    std::thread::spawn(move || {
        let mut input = input;
        let mut decoder = Decoder::default();
        let mut byte = [0u8; 1];
        loop {
            match input.read(&mut byte) {
                Ok(1) => {
                    if let Some(p) = decoder.push(byte[0]) {
                        if tx.send(Some(p)).is_err() {
                            return;
                        }
                    }
                    counter.store(decoder.dropped, std::sync::atomic::Ordering::Relaxed);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                _ => {
                    let _ = tx.send(None);
                    return;
                }
            }
        }
    });
    let mut link = Link {
        out: output,
        rx,
        my_seq: false,
        his_seq: false,
        pending: None,
        last_reply: None,
        resend_after: options.resend_after,
        give_up_after: options.give_up_after,
        resent: 0,
        dropped,
        stash: None,
        last_sent: None,
        answers: Answers {
            japanese: options.japanese,
            size: options.boardsize,
            handicap: options.handicap,
            color: options.color,
        },
    };
    let rules_territory = engine.context.game().rules().scoring == Scoring::Territory;
    let mut size = options.boardsize;
    let mut handicap = options.handicap;
    let mut color = options.color;
    let mut japanese = options.japanese.unwrap_or(rules_territory);
    let mut first_move: Option<Packet> = None;

    if color != Some(Color::White) {
        // Black, or not knowing: set the game up and ask.
        link.send(Command::NewGame, 0)?;
        link.flush_pending()?;
        // The other side may ask its own questions first (GNU Go as White does, instead of an OK):
        // answer them all before asking ours, so that two questions never cross.
        while let Some(p) = link.next_command_within(false, Some(QUIET))? {
            match p.command {
                Command::Query => {
                    let v = link.answers.answer(p.value);
                    link.reply(Command::Answer, v)?;
                    link.flush_pending()?;
                }
                Command::NewGame => link.reply(Command::Ok, 0)?,
                other => return Err(GmpError::Engine(format!("unexpected {other:?} before the game"))),
            }
        }
        let ask_color = |link: &mut Link<W>, color: Option<Color>| -> Result<Option<Color>, GmpError> {
            Ok(match link.ask(query::COLOR)? {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => Some(color.unwrap_or(Color::Black)),
            })
        };
        let ask_handicap = |link: &mut Link<W>, handicap: Option<usize>| -> Result<Option<usize>, GmpError> {
            Ok(match link.ask(query::HANDICAP)? {
                0 => handicap,
                1 => Some(0),
                n => Some(usize::from(n)),
            })
        };
        if options.simplified {
            // GNU Go's order in `--mode sgmp`: the colour first, then the handicap.
            color = ask_color(&mut link, color)?;
            handicap = ask_handicap(&mut link, handicap)?;
        } else {
            japanese = match link.ask(query::RULES)? {
                1 => true,
                2 => false,
                _ => rules_territory,
            };
            size = match link.ask(query::BOARD_SIZE)? {
                0 => size,
                n => Some(usize::from(n)),
            };
            handicap = ask_handicap(&mut link, handicap)?;
            color = ask_color(&mut link, color)?;
        }
    } else {
        // White: wait for NEWGAME, answer the questions until the first move (or, when White moves
        // first after a handicap, until the other side falls silent).
        loop {
            let p = link.next_command(true)?;
            match p.command {
                Command::NewGame => link.reply(Command::Ok, 0)?,
                Command::Query => {
                    let v = link.answers.answer(p.value);
                    link.reply(Command::Answer, v)?;
                    link.flush_pending()?;
                    // The set-up's last question (the colour in GMP, the handicap in the simplified
                    // variant) leaves White to move first after a handicap.
                    let last = if options.simplified { query::HANDICAP } else { query::COLOR };
                    if p.value == last && handicap.unwrap_or(0) >= 2 {
                        break;
                    }
                }
                Command::Move => {
                    first_move = Some(p);
                    break;
                }
                other => return Err(GmpError::Engine(format!("unexpected {other:?} before the game"))),
            }
        }
    }
    let size = size.ok_or(GmpError::Unknown("board size"))?;
    let handicap = handicap.unwrap_or(0);
    let color = color.unwrap_or(Color::Black);
    gtp(engine, &format!("boardsize {size}"))?;
    gtp(engine, "clear_board")?;
    if japanese != rules_territory {
        gtp(engine, if japanese { "kgs-rules japanese" } else { "kgs-rules chinese" })?;
    }
    if handicap >= 2 {
        gtp(engine, &format!("fixed_handicap {handicap}"))?;
    }
    let mut to_move = if handicap >= 2 { Color::White } else { Color::Black };
    let (mut moves, mut passes) = (0usize, 0usize);
    while passes < 2 {
        if to_move == color {
            let vertex = gtp(engine, &format!("genmove {}", color_word(color)))?;
            let vertex = if vertex.eq_ignore_ascii_case("resign") { "pass".to_string() } else { vertex };
            let value = encode_move(color, &vertex, size)
                .ok_or_else(|| GmpError::Engine(format!("cannot send the move {vertex}")))?;
            link.send(Command::Move, value)?;
            link.flush_pending()?;
            passes = if vertex.eq_ignore_ascii_case("pass") { passes + 1 } else { 0 };
        } else {
            let p = match first_move.take() {
                Some(p) => p,
                None => link.next_command(true)?,
            };
            match p.command {
                Command::Move => {
                    let (c, vertex) = decode_move(p.value, size)
                        .ok_or_else(|| GmpError::IllegalMove(format!("value {}", p.value)))?;
                    if c != to_move {
                        return Err(GmpError::IllegalMove(format!("{} {vertex} out of turn", color_word(c))));
                    }
                    if gtp(engine, &format!("play {} {vertex}", color_word(c))).is_err() {
                        link.reply(Command::Deny, 0)?;
                        return Err(GmpError::IllegalMove(vertex));
                    }
                    link.reply(Command::Ok, 0)?;
                    passes = if vertex == "pass" { passes + 1 } else { 0 };
                }
                Command::Undo => {
                    for _ in 0..p.value.max(1) {
                        gtp(engine, "undo")?;
                        moves = moves.saturating_sub(1);
                        to_move = to_move.opponent();
                    }
                    link.reply(Command::Ok, 0)?;
                    passes = 0;
                    continue;
                }
                Command::Query => {
                    let v = link.answers.answer(p.value);
                    link.reply(Command::Answer, v)?;
                    link.flush_pending()?;
                    continue;
                }
                Command::NewGame => {
                    link.reply(Command::Ok, 0)?;
                    continue;
                }
                other => return Err(GmpError::Engine(format!("unexpected {other:?} during the game"))),
            }
        }
        moves += 1;
        to_move = to_move.opponent();
    }
    // The other side's acknowledgement of our last move may still be on its way.
    let _ = link.flush_pending();
    let score = gtp(engine, "final_score")?;
    if let Some(path) = &options.sgf_out {
        gtp(engine, &format!("printsgf {}", path.display()))?;
    }
    Ok(GmpOutcome {
        moves,
        score,
        dropped: link.dropped.load(std::sync::atomic::Ordering::Relaxed),
        resent: link.resent,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn packets_match_gnu_go_bytes() {
        // GNU Go 3.8's first packet in `--mode gmp --color black`: NEWGAME with its bit set.
        let p = Packet { seq: true, ack: false, command: Command::NewGame, value: 0 };
        assert_eq!(p.encode(), [0x01, 0xa1, 0xa0, 0x80]);
        let mut d = Decoder::default();
        let got: Vec<Packet> = [0x01, 0xa1, 0xa0, 0x80].iter().filter_map(|&b| d.push(b)).collect();
        assert_eq!(got, [p]);
        // A damaged checksum is dropped; the next packet still decodes.
        let bad = [0x01, 0xa2, 0xa0, 0x80, 0x02, 0x82, 0x80, 0x80];
        let got: Vec<Packet> = bad.iter().filter_map(|&b| d.push(b)).collect();
        assert_eq!(got, [Packet { seq: false, ack: true, command: Command::Ok, value: 0 }]);
        assert_eq!(d.dropped, 1);
    }

    #[test]
    fn moves_count_rows_from_the_bottom() {
        // GNU Go's record of a game over GMP: value 61 on 9x9 was B[gc] (G7), 513 was W[ai] (A1).
        assert_eq!(decode_move(61, 9), Some((Color::Black, "G7".into())));
        assert_eq!(decode_move(513, 9), Some((Color::White, "A1".into())));
        assert_eq!(encode_move(Color::Black, "G7", 9), Some(61));
        assert_eq!(encode_move(Color::White, "pass", 9), Some(0x200));
        assert_eq!(decode_move(82, 9), None);
        assert_eq!(encode_move(Color::Black, "J10", 9), None);
    }

    proptest! {
        #[test]
        fn any_bytes_decode_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut d = Decoder::default();
            for b in bytes {
                if let Some(p) = d.push(b) {
                    prop_assert_eq!(Decoder::default().push_all(&p.encode()), vec![p]);
                }
            }
        }

        #[test]
        fn encoding_round_trips(seq: bool, ack: bool, c in 0u8..8, value in 0u16..1024) {
            let p = Packet { seq, ack, command: Command::from_bits(c), value };
            prop_assert_eq!(Decoder::default().push_all(&p.encode()), vec![p]);
        }
    }

    impl Decoder {
        fn push_all(&mut self, bytes: &[u8]) -> Vec<Packet> {
            bytes.iter().filter_map(|&b| self.push(b)).collect()
        }
    }
}
