#!/usr/bin/env bash
# Installs everything the project needs, idempotently, from the package registries only:
#   .venv/ (the hearts package + pinned dev tools), node_modules/ (pinned Pyodide + PyScript),
#   .cache/pyodide-wheels/ (pure-Python test wheels for Python 3.14 inside Pyodide),
#   with --browser Debian's chromium, firefox-esr and WebKitGTK (webkit2gtk-driver, xvfb) for the browser
#   tests, and with --bench OpenSpiel's pyspiel
#   (benchmarks only: tools/bench/openspiel_bots.py plays its ISMCTS against ours).
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
want_bench=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --bench) want_bench=1 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[dev]'
  rm -f .venv/.installed-*
  touch "$stamp"
fi

lockstamp=node_modules/.installed-$(sha256sum package-lock.json | cut -c1-16)
if [ ! -f "$lockstamp" ]; then
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error  # puppeteer-core drives Debian's Firefox
  touch "$lockstamp"
fi

# Wheels that the in-Pyodide test run unpacks (pure Python, for CPython 3.14).
wheels=.cache/pyodide-wheels
if [ ! -f "$wheels/.complete" ]; then
  mkdir -p "$wheels"
  .venv/bin/python -m pip download --quiet --dest "$wheels" --only-binary=:all: \
    --python-version 3.14 --implementation py --platform any \
    pytest==9.0.3 hypothesis==6.155.2
  touch "$wheels/.complete"
fi

# The browser engines of the e2e suites, from Debian (no browser download works here): Chromium,
# Firefox ESR (driven over WebDriver BiDi by npm puppeteer-core) and WebKitGTK's WebDriver with
# its MiniBrowser (driven by PyPI selenium), which needs an X server: xvfb-run (xauth).
BROWSER_PACKAGES=(chromium firefox-esr webkit2gtk-driver xvfb xauth)
if [ "$want_browser" = 1 ] && ! dpkg-query -W -f='${Status}\n' "${BROWSER_PACKAGES[@]}" 2>/dev/null \
    | grep -c 'install ok installed' | grep -qx "${#BROWSER_PACKAGES[@]}"; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${BROWSER_PACKAGES[@]}" >/dev/null
fi

# OpenSpiel for the benchmarks: only its compiled pyspiel module is used, which imports without
# OpenSpiel's Python dependencies (numpy, scipy, ...), so it is installed without them.
OPEN_SPIEL=open-spiel==2.0.2
if [ "$want_bench" = 1 ] && ! .venv/bin/python -m pip show open-spiel 2>/dev/null | grep -qx "Version: ${OPEN_SPIEL#*==}"; then
  .venv/bin/python -m pip install --quiet --no-deps "$OPEN_SPIEL"
fi
