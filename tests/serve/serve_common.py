"""What the serve tests share: the list of failed checks, a `gameopt serve` on an ephemeral
loopback port (its port read from --port-file), its clean stop, and the summary line."""
import os
import signal
import subprocess
import sys
import tempfile
import time

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}")


class Server:
    """`gameopt serve --port PORT --quiet ARGS`; `port` is None when it exited at start (its
    exit code and message are then in `proc`)."""

    def __init__(self, binary, *args, port=0):
        fd, self.port_file = tempfile.mkstemp(prefix="gameopt-port-")
        os.close(fd)
        os.unlink(self.port_file)
        self.proc = subprocess.Popen([binary, "serve", "--port", str(port), "--port-file", self.port_file, "--quiet",
                                      *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.port = None
        for _ in range(500):
            if os.path.exists(self.port_file) and open(self.port_file).read().strip():
                self.port = int(open(self.port_file).read())
                os.unlink(self.port_file)
                return
            if self.proc.poll() is not None:
                return
            time.sleep(0.02)
        sys.exit("FAIL: gameopt serve did not start")

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self):
        if self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = "hung"
        check(code == 0, f"the server stops on SIGTERM with exit 0 (got {code}: {self.proc.stderr.read()})")


def finish(what):
    """The test's exit code, after its summary line."""
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    print(f"all {what} checks passed")
    return 0
