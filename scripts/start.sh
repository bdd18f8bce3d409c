#!/usr/bin/env bash
# Install mqzcalc into .venv (first run only takes a while) and start the terminal calculator.
# Any arguments go to mqcalc, e.g.: bash scripts/start.sh eval connect sharecnv=0 --json
. "$(dirname "$0")/setup.sh"
exec .venv/bin/mqcalc "$@"
