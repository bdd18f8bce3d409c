#!/usr/bin/env bash
# Install mqzcalc into .venv (the first run only, or after pyproject.toml changes; see
# setup.sh) and start the terminal calculator in the folder this was started from, where
# relative paths are read and saves and exports are written.
# Any arguments go to mqcalc, e.g.: bash scripts/start.sh eval connect sharecnv=0 --json
. "$(dirname "$0")/setup.sh"
exec "$MQZCALC_ROOT/.venv/bin/mqcalc" "$@"
