"""``python -m calc`` is the ``mqcalc`` command."""
import sys

from .cli import main

sys.exit(main())
