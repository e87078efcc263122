"""``python -m hearts …``: see :mod:`hearts.console`."""

import sys

from .console import main

sys.exit(main())
