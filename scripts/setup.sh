# Sourced by start.sh and test.sh: make .venv with Python 3.11+ and install mqzcalc into it,
# with the optional dependencies named in MQZCALC_EXTRAS (e.g. "test").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "mqzcalc needs Python 3.11 or newer as $PYTHON (set PYTHON=... to choose another)" >&2
    exit 2
fi
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
extras=${MQZCALC_EXTRAS:-}
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
