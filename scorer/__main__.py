"""`python -m scorer` runs the same program as the `wonders-scorer` console script (widgets.launcher): the one
module of the package that reaches the UI, as the program's door; nothing imports it."""

import sys

from widgets.launcher import main

sys.exit(main())
