#!/usr/bin/env python3
"""Drives the interactive `gammon` in a pseudo-terminal with the tutor on: a very bad play is
questioned with the `(y/n)` prompt, `n` takes it back, and asked again and answered `y` the play
is made. Prints what it saw and `exit status N`; exits non-zero when an
expected answer does not come. Used by tests/tests/tutor_cli.rs."""
import sys

from gammon_terminal import Terminal

t = Terminal(sys.argv[1])
t.expect(b"(user) ")
for command in ["set player 0 human", "set tutor mode on", "set evaluation chequerplay evaluation plies 0",
                "set dice 1 3", "new session"]:
    t.send(command + "\r")
    t.expect(b"(user) ")
t.send("24/21 24/23\r")
t.expect(b"You may be about to make a very bad play. Are you sure?")
t.expect(b"(y/n) ")
t.send("n\r")
t.expect(b"(user) ")
# asked again, and answered yes: the play is made and gnubg's side (human too) is to act
t.send("24/21 24/23\r")
t.expect(b"Are you sure?")
t.expect(b"(y/n) ")
t.send("y\r")
t.expect(b"(gnubg) ")
code = t.quit()
print("\nexit status %d" % code)
sys.exit(0 if code == 0 else 1)
