#!/usr/bin/env bash
# Runs every test: installs what is missing (tools/setup.sh), then
#   1. the Python suite on CPython (tests/),
#   2. the same suite inside Pyodide 314 under Node,
#   3. the browser suite (e2e/) in Debian's Chromium, when there is one.
# Exits non-zero when anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh --browser --bench

echo "== lint: ruff, mypy; the page's JS: generated protocol typedefs, tsc, biome"
.venv/bin/ruff check py tests tools e2e
.venv/bin/mypy                # py/hearts, tests, tools (pyproject)
.venv/bin/mypy e2e            # apart: e2e/conftest.py and tests/conftest.py are both "conftest"
.venv/bin/python tools/gen_protocol.py --check
node_modules/.bin/tsc -p .
node_modules/.bin/biome check

echo "== tests on CPython"
.venv/bin/python -m pytest tests

echo "== tests inside Pyodide (Node)"
node tools/pyodide_pytest.mjs

if [ -d e2e ] && ls e2e/test_*.py >/dev/null 2>&1; then
  echo "== browser tests (Chromium)"
  .venv/bin/python -m pytest e2e
fi
