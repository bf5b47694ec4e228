"""Drive the real app in a tmux pane at 80x24: type keys, read the screen, kill it like a closed laptop."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass


def available() -> bool:
    return shutil.which("tmux") is not None


@dataclass
class Pane:
    session: str

    @classmethod
    def start(cls, session: str, command: list[str], cwd: str, width: int = 80, height: int = 24) -> Pane:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        shell = f"cd {shlex.quote(cwd)} && exec {shlex.join(command)}"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", session, "-x", str(width), "-y", str(height), shell], check=True
        )
        return cls(session)

    def send(self, *keys: str, pause: float = 0.3) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.session, key], check=True)
            time.sleep(pause)

    def type(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.session, "-l", text], check=True)
        time.sleep(0.3)

    def screen(self) -> str:
        done = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.session], capture_output=True, text=True)
        return done.stdout

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
        done = subprocess.run(["tmux", "list-panes", "-t", self.session, "-F", "#{pane_pid}"],
                              capture_output=True, text=True, check=True)
        return int(done.stdout.split()[0])

    def kill(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)
