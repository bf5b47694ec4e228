"""Drive the real app in a tmux pane at 80x24: type keys, read the screen, kill it like a closed laptop."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass


def available() -> bool:
    return shutil.which("tmux") is not None


@dataclass
class Pane:
    """One app in its own tmux server (a private socket, no user config), so nothing else on the machine, and no
    server still shutting down from an earlier session, can get in its way. The pane stays when its program dies,
    so a crash leaves its traceback on the screen and the app can be started again in the same place."""

    socket: str
    session: str

    @classmethod
    def start(cls, session: str, command: list[str], cwd: str, width: int = 80, height: int = 24) -> Pane:
        pane = cls(f"{session}-{os.getpid()}", session)
        pane.kill()
        pane._tmux(
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            str(width),
            "-y",
            str(height),
            pane._shell(command, cwd),
            ";",
            "set-option",
            "-w",
            "-t",
            session,
            "remain-on-exit",
            "on",
        )
        return pane

    def respawn(self, command: list[str], cwd: str) -> None:
        """Start `command` again in this pane, like opening the laptop and running the app once more."""
        self._tmux("respawn-pane", "-k", "-t", self.session, self._shell(command, cwd))

    @staticmethod
    def _shell(command: list[str], cwd: str) -> str:
        return f"cd {shlex.quote(cwd)} && exec {shlex.join(command)}"

    def _tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", os.devnull, *args], capture_output=True, text=True)
        if check and done.returncode:
            raise AssertionError(f"tmux {args[0]} failed ({done.returncode}): {done.stderr.strip()}")
        return done

    def send(self, *keys: str, pause: float = 0.3) -> None:
        for key in keys:
            self._tmux("send-keys", "-t", self.session, key)
            time.sleep(pause)

    def type(self, text: str) -> None:
        self._tmux("send-keys", "-t", self.session, "-l", text)
        time.sleep(0.3)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.session, check=False).stdout

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        """The screen once `text` shows on it; fails with the last screen when it never does."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")
            time.sleep(0.2)

    def pid(self) -> int:
        return int(self._tmux("list-panes", "-t", self.session, "-F", "#{pane_pid}").stdout.split()[0])

    def kill(self) -> None:
        self._tmux("kill-server", check=False)
