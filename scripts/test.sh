#!/usr/bin/env bash
# Install everything the test suite needs (LibreOffice from Debian's libreoffice-calc-nogui,
# then mqzcalc with its test extras in .venv) and run the whole suite. Arguments go to pytest.
set -euo pipefail
if ! command -v soffice >/dev/null 2>&1; then
    echo "installing LibreOffice (libreoffice-calc-nogui) for the workbook checks..." >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        libreoffice-calc-nogui >/dev/null
fi
MQZCALC_EXTRAS=test
. "$(dirname "$0")/setup.sh"
exec .venv/bin/python -m pytest "$@"
