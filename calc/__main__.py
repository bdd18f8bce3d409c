"""``python -m calc`` is the ``mqcalc`` command."""
import sys

from calc.cli import main

sys.exit(main())
