#!/usr/bin/env bash
# Install everything the test suite needs (from Debian: libreoffice-calc-nogui, its German and
# French language packs, python3-uno and gnumeric for the workbook checks, poppler-utils to
# render them to pictures, fonts-crosextra-carlito for Calibri's metrics, tmux for the
# real-terminal check; then mqzcalc with its test extras in .venv) and run the whole suite,
# in parallel.
# Arguments go to pytest (e.g. -m "not libreoffice" for everything but LibreOffice).
set -euo pipefail
missing=()
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
# German and French: the checks that type yes/no inputs into the workbooks in those languages
for language in de fr; do
    dpkg-query -W -f '${Status}' "libreoffice-l10n-$language" 2>/dev/null \
        | grep -q "ok installed" || missing+=("libreoffice-l10n-$language")
done
/usr/bin/python3 -c "import uno" >/dev/null 2>&1 || missing+=(python3-uno)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v ssconvert >/dev/null 2>&1 || missing+=(gnumeric)  # a third recalculation
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
# Carlito: Calibri's metrics, the workbooks' font; without it LibreOffice lays columns and
# text out in a wider font and the printed pages no longer match Excel's.
fc-list 2>/dev/null | grep -qi carlito || missing+=(fonts-crosextra-carlito)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} for the workbook and terminal checks..." >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi
MQZCALC_EXTRAS=test
. "$(dirname "$0")/setup.sh"
cd "$MQZCALC_ROOT"  # pytest finds its settings and tests/ from the checkout
# Python keeps each module it compiles (__pycache__, ignored by git), as it does by default:
# an environment that turns that off (PYTHONDONTWRITEBYTECODE, set on some build machines)
# made every test worker and every mqcalc the tests start compile mqzcalc again, and pytest
# rewrite every test module again (about 12 % of the CPU of the command-line tests).
unset PYTHONDONTWRITEBYTECODE
exec .venv/bin/python -m pytest "$@"
