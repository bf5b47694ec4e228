"""`python -m tests.phones.laptop_files ARGS`: the program as `python -m scorer ARGS`, with as many file
descriptors as a laptop gives a program (1024, most Linux desktops' soft limit; macOS gives 256), not this
machine's 20,000 — so a flood of idle connections runs out of them where a laptop would."""

from __future__ import annotations

import resource
import sys

LAPTOP_FILES = 1024

if __name__ == "__main__":
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(LAPTOP_FILES, hard), hard))
    from widgets.launcher import main

    sys.exit(main())
