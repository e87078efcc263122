#!/usr/bin/env bash
# Builds the game and serves it on this machine: bash tools/play.sh [--port N] (default 8000).
# Installs what is missing first (tools/setup.sh), builds dist/ (tools/build.py), then serves
# dist/ on 127.0.0.1 until Ctrl+C. dist/ is a plain static folder: any static host works too.
set -euo pipefail
cd "$(dirname "$0")/.."

port=8000
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="${2:?--port needs a number}"; shift 2 ;;
    --port=*) port="${1#--port=}"; shift ;;
    *) echo "play.sh: unknown option $1 (use --port N)" >&2; exit 2 ;;
  esac
done

bash tools/setup.sh
.venv/bin/python tools/build.py
echo "Hearts: open http://127.0.0.1:${port}/ (Ctrl+C stops the server)"
exec .venv/bin/python -m http.server "$port" --bind 127.0.0.1 --directory dist
