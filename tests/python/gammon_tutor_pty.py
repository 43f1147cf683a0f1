#!/usr/bin/env python3
"""Drives the interactive `gammon` in a pseudo-terminal with the tutor on: a very bad play is
questioned with the `(y/n)` prompt, `n` takes it back, and asked again and answered `y` the play
is made. Prints what it saw and `exit status N`; exits non-zero when an
expected answer does not come. Used by tests/tests/tutor_cli.rs."""
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
for command in ["set player 0 human", "set tutor mode on", "set evaluation chequerplay evaluation plies 0",
                "set dice 1 3", "new session"]:
    send(command + "\r")
    expect(b"(user) ")
send("24/21 24/23\r")
expect(b"You may be about to make a very bad play. Are you sure?")
expect(b"(y/n) ")
send("n\r")
expect(b"(user) ")
# asked again, and answered yes: the play is made and gnubg's side (human too) is to act
send("24/21 24/23\r")
expect(b"Are you sure?")
expect(b"(y/n) ")
send("y\r")
expect(b"(gnubg) ")
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
print("\nexit status %d" % code)
sys.exit(0 if code == 0 else 1)
