#!/usr/bin/env python3
"""Drives the interactive `gammon` (no arguments) in a pseudo-terminal: plays a few moves, asks for
a hint, completes a command word with TAB, and quits. Prints what it saw and `exit status N`;
exits non-zero when an expected answer does not come. Used by tests/tests/gammon_cli.rs."""
import os
import sys

from gammon_terminal import Terminal

t = Terminal(sys.argv[1])
t.expect(b"(user) ")
t.send("set player 0 chequerplay evaluation plies 0\r")
t.expect(b"(user) ")
t.send("new match 5\r")
t.expect(b"(user) ")
# X (the user) on roll with 63 at the start, whoever won the opening roll
t.send("set matchid cAmvAAAAAAAE\r")
t.expect(b"Rolled 63")
t.expect(b"(user) ")
t.send("set board 4HPwATDgc/ABMA\r")
t.expect(b"(user) ")
t.send("hint 2\r")
t.expect(b"    2. Cubeful")
t.expect(b"(user) ")
t.send("24/18 13/10\r")
t.expect(b"gnubg moves ")
t.expect(b"(user) ")
t.send("roll\r")
t.expect(b"Rolled ")
t.expect(b"(user) ")
t.send("play\r")
t.expect(b"user moves ")
t.expect(b"(user) ")
# TAB completes `sho` to `show`
t.send("sho\t score\r")
t.expect(b"The score (after 0 games) is: gnubg 0, user 0 (match to 5 points)")
t.expect(b"(user) ")
code = t.quit()
history = open(os.path.join(t.home, ".gammon_history")).read()
if "hint 2" not in history:
    sys.exit("history not saved: %r" % history)
print("\nexit status %d" % code)
sys.exit(0 if code == 0 else 1)
