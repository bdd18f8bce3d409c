# Sourced by start.sh and test.sh: make .venv with Python 3.11+ and install mqzcalc into it,
# with the optional dependencies named in MQZCALC_EXTRAS (e.g. "test"). Sets MQZCALC_ROOT to
# the checkout and leaves the caller's working folder as it was, so relative paths given to
# mqcalc, and the files it writes, are the user's.
#
# Every package is installed at the version in scripts/constraints.txt, the versions the tests
# were run with. An install is noted in .venv/mqzcalc-installed: a hash of pyproject.toml
# (dependencies, entry points, packages) and the constraints, and the extras installed. When
# the hash is the same and the extras asked for were installed, nothing is installed again, so
# a second start is quick and needs no network (the install is editable: changed sources need
# none).
set -euo pipefail
MQZCALC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "mqzcalc needs Python 3.11 or newer as $PYTHON (set PYTHON=... to choose another)" >&2
    exit 2
fi
_venv="$MQZCALC_ROOT/.venv"
_stamp="$_venv/mqzcalc-installed"
if ! "$_venv/bin/python" -c '' 2>/dev/null; then
    rm -f "$_stamp"
    "$PYTHON" -m venv "$_venv"
fi
_extras=${MQZCALC_EXTRAS:-}
_constraints="$MQZCALC_ROOT/scripts/constraints.txt"
_hash=$(cat "$MQZCALC_ROOT/pyproject.toml" "$_constraints" | sha256sum | cut -d' ' -f1)
_current=no
if [ -f "$_stamp" ] && [ -x "$_venv/bin/mqcalc" ]; then
    read -r _stamped_hash _stamped_extras < "$_stamp" || true
    _current=yes
    [ "$_stamped_hash" = "$_hash" ] || _current=no
    for _extra in ${_extras//,/ }; do
        case ",${_stamped_extras:-}," in *",$_extra,"*) ;; *) _current=no ;; esac
    done
fi
if [ "$_current" = no ]; then
    "$_venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -c "$_constraints" -e "$MQZCALC_ROOT${_extras:+[$_extras]}"
    echo "$_hash ${_extras:--}" > "$_stamp"
fi
unset _venv _stamp _constraints _extras _hash _current _extra _stamped_hash _stamped_extras
