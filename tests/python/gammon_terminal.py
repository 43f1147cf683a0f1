"""The interactive `gammon` in a pseudo-terminal, for the scripts that drive it as a user would
(gammon_pty.py, gammon_tutor_pty.py): start it, wait for a text, type a line, quit and collect the
exit status."""
import os
import pty
import select
import sys
import tempfile
import time


class Terminal:
    def __init__(self, gammon):
        """Starts `gammon --seed 1` with a fresh HOME (its history file goes there)."""
        self.home = tempfile.mkdtemp()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["HOME"] = self.home
            os.environ["TERM"] = "xterm"
            os.execv(gammon, [gammon, "--seed", "1"])
        self.seen = b""

    def expect(self, text, timeout=60.0):
        """Reads until `text` (bytes) appears after what was already consumed."""
        end = time.time() + timeout
        while text not in self.seen:
            left = end - time.time()
            if left <= 0:
                sys.stdout.write(self.seen.decode(errors="replace"))
                sys.exit("timed out waiting for %r" % text)
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    sys.stdout.write(self.seen.decode(errors="replace"))
                    sys.exit("gammon closed the terminal while waiting for %r" % text)
                self.seen += chunk
        k = self.seen.index(text) + len(text)
        sys.stdout.write(self.seen[:k].decode(errors="replace"))
        self.seen = self.seen[k:]

    def send(self, line):
        os.write(self.fd, line.encode())

    def quit(self):
        """Types `quit`, prints what follows, and returns the exit status (-1 if killed)."""
        self.send("quit\r")
        end = time.time() + 30
        while time.time() < end:
            try:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                sys.stdout.write(chunk.decode(errors="replace"))
            except OSError:
                break
        _, status = os.waitpid(self.pid, 0)
        return os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
