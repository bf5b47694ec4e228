"""`python -m scorer` runs the same entry point as the `wonders-scorer` console script."""

import sys

from scorer.cli import main

sys.exit(main())
