#!/usr/bin/env python3
"""Drives the interactive `gammon` (no arguments) in a pseudo-terminal: plays a few moves, asks for
a hint, completes a command word with TAB, and quits. Prints what it saw and `exit status N`;
exits non-zero when an expected answer does not come. Used by tests/tests/gammon_cli.rs."""
import os
import pty
import select
import sys
import tempfile
import time

gammon = sys.argv[1]
home = tempfile.mkdtemp()
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOME"] = home
    os.environ["TERM"] = "xterm"
    os.execv(gammon, [gammon, "--seed", "1"])

seen = b""


def expect(text, timeout=60.0):
    """Reads until `text` (bytes) appears after what was already consumed."""
    global seen
    end = time.time() + timeout
    while text not in seen:
        left = end - time.time()
        if left <= 0:
            sys.stdout.write(seen.decode(errors="replace"))
            sys.exit("timed out waiting for %r" % text)
        r, _, _ = select.select([fd], [], [], left)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                sys.stdout.write(seen.decode(errors="replace"))
                sys.exit("gammon closed the terminal while waiting for %r" % text)
            seen += chunk
    k = seen.index(text) + len(text)
    sys.stdout.write(seen[:k].decode(errors="replace"))
    seen = seen[k:]


def send(line):
    os.write(fd, line.encode())


expect(b"(user) ")
send("set player 0 chequerplay evaluation plies 0\r")
expect(b"(user) ")
send("new match 5\r")
expect(b"(user) ")
# X (the user) on roll with 63 at the start, whoever won the opening roll
send("set matchid cAmvAAAAAAAE\r")
expect(b"Rolled 63")
expect(b"(user) ")
send("set board 4HPwATDgc/ABMA\r")
expect(b"(user) ")
send("hint 2\r")
expect(b"    2. Cubeful")
expect(b"(user) ")
send("24/18 13/10\r")
expect(b"gnubg moves ")
expect(b"(user) ")
send("roll\r")
expect(b"Rolled ")
expect(b"(user) ")
send("play\r")
expect(b"user moves ")
expect(b"(user) ")
# TAB completes `sho` to `show`
send("sho\t score\r")
expect(b"The score (after 0 games) is: gnubg 0, user 0 (match to 5 points)")
expect(b"(user) ")
send("quit\r")
status = None
end = time.time() + 30
while time.time() < end:
    try:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        sys.stdout.write(chunk.decode(errors="replace"))
    except OSError:
        break
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
history = open(os.path.join(home, ".gammon_history")).read()
if "hint 2" not in history:
    sys.exit("history not saved: %r" % history)
print("\nexit status %d" % code)
sys.exit(0 if code == 0 else 1)
