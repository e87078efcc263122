#!/usr/bin/env bash
# Runs every test: installs what is missing (tools/setup.sh), builds the game once, then
#   1. in the background from the start, one after the other: the cross-engine core of the
#      browser suite in Firefox ESR, then in WebKitGTK (e2e/test_engines.py and
#      e2e/test_engines_phone.py --engine firefox|webkit), then the Python suite inside
#      Pyodide 314 under Node (tests/), then a hand in each of the eight languages in
#      Chromium (e2e/test_languages.py), then the
#      files of SHARED_CHROMIUM that the foreground has not taken (see 5),
#   2. the checks: ruff, mypy; the page's JS: generated protocol typedefs, tsc, biome,
#   3. the Python suite on CPython (tests/),
#   4. the rest of the browser suite (e2e/) in Debian's Chromium, with the Chromium–Firefox
#      WebRTC tests,
#   5. the files of SHARED_CHROMIUM that the background has not taken,
# then waits for 1. The machine has two cores: the background parts keep the second one busy
# while the foreground runs one process at a time. Says how long each part took. Exits
# non-zero when anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh --browser --bench
began=$SECONDS

# part NAME COMMAND...: runs the command and says how long it took (set -e: a failure ends the run).
part() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}

# Files of the Chromium browser suite that whichever side is free first runs, one file at a time,
# after its own parts: the sides' parts take different times from run to run (a loaded machine
# slows the engines' parts most), so a fixed split left one side idle for minutes. The longest
# first, so that the last file taken is a short one.
SHARED_CHROMIUM="e2e/test_rewards.py e2e/test_faults.py e2e/test_learn.py e2e/test_storage.py e2e/test_embed.py e2e/test_update.py e2e/test_looks.py"
export SHARED_CHROMIUM
# The background parts in the order they run: the run and the report at the end both read this list.
BACKGROUND_PARTS="firefox webkit pyodide languages"
export BACKGROUND_PARTS

# limited LIMIT LOG COMMAND...: runs the command with LIMIT seconds, its output in LOG (which says so
# when the limit stopped it); returns its exit code. A part that hangs (a browser that stops
# answering its driver) so fails with its log instead of holding the whole run until CI's limit.
limited() {
  local limit=$1 log=$2 rc
  shift 2
  timeout --foreground --kill-after=30 "$limit" "$@" >"$log" 2>&1 && rc=0 || rc=$?
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo "(stopped: not done within its limit of $limit s)" >>"$log"; fi
  return "$rc"
}
export -f limited

# take_shared SIDE: runs, one at a time, each file of SHARED_CHROMIUM that no side has taken yet. A
# side takes a file by making its folder in $work/shared (mkdir either makes it or fails: a file is
# never run twice), and writes there its log and "exit-code seconds side". A file has 600 s.
take_shared() {
  local side=$1 file folder start rc
  for file in $SHARED_CHROMIUM; do
    folder=$work/shared/$(basename "$file" .py)
    mkdir "$folder" 2>/dev/null || continue
    start=$SECONDS
    limited 600 "$folder/log" .venv/bin/python -m pytest "$file" --durations=5 && rc=0 || rc=$?
    echo "$rc $((SECONDS - start)) $side" >"$folder/status"
  done
}
export -f take_shared

work=$(mktemp -d)
export work
mkdir "$work/shared"
engines_pid=
stop_engines() {
  # The background run is a process group of its own: it goes with everything it started.
  if [ -n "$engines_pid" ]; then kill -- "-$engines_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap stop_engines EXIT

part "build (one for every browser run)" bash -c '.venv/bin/python tools/build.py --out "$0" >/dev/null' "$work/dist"
export HEARTS_DIST=$work/dist

# One part after the other (each engine is a browser of several processes; the machine has 2 cores).
# Each writes its log and "exit-code seconds" into $work for the end of this script.
# Each part has a time limit (2.5 times or more what it took on a loaded machine; see limited; the
# browsers a stopped part started go with the whole group at the end).
setsid bash -c '
  for part in $BACKGROUND_PARTS; do
    start=$SECONDS
    case $part in
      firefox) limit=600 command=".venv/bin/python -m pytest e2e/test_engines.py e2e/test_engines_phone.py --engine firefox" ;;
      webkit) limit=900 command=".venv/bin/python -m pytest e2e/test_engines.py e2e/test_engines_phone.py --engine webkit" ;;
      pyodide) limit=1500 command="node tools/pyodide_pytest.mjs" ;;
      languages) limit=900 command=".venv/bin/python -m pytest e2e/test_languages.py" ;;
    esac
    limited "$limit" "$0/$part.log" $command && rc=0 || rc=$?
    echo "$rc $((SECONDS - start))" >"$0/$part.status"
  done
  take_shared background' "$work" &
engines_pid=$!

part "lint: ruff, mypy; the page's JS: generated protocol typedefs, tsc, biome" bash -c '
  set -euo pipefail
  .venv/bin/ruff check py tests tools e2e
  .venv/bin/mypy                # py/hearts, tests, tools (pyproject)
  .venv/bin/mypy e2e            # apart: e2e/conftest.py and tests/conftest.py are both "conftest"
  .venv/bin/python tools/gen_protocol.py --check
  node_modules/.bin/tsc -p .
  node_modules/.bin/biome check'

part "tests on CPython" .venv/bin/python -m pytest tests
ignore=(--ignore=e2e/test_languages.py)
for file in $SHARED_CHROMIUM; do ignore+=("--ignore=$file"); done
part "browser tests (Chromium; Chromium and Firefox together)" .venv/bin/python -m pytest e2e "${ignore[@]}" --durations=20
part "shared browser tests (Chromium) the background has not taken" take_shared foreground

echo "== run in the background: browser tests in Firefox ESR and WebKitGTK (e2e/test_engines.py, e2e/test_engines_phone.py), tests inside Pyodide, a hand in each language (e2e/test_languages.py in Chromium), and the shared files it took"
wait "$engines_pid" || true
engines_pid=
failed=0
for part in $BACKGROUND_PARTS; do
  echo "-- $part"
  cat "$work/$part.log" 2>/dev/null || echo "(no log)"
  read -r rc seconds 2>/dev/null <"$work/$part.status" || { rc=1 seconds=?; }
  echo "== $part: exit $rc, $seconds s"
  [ "$rc" = 0 ] || failed=1
done
for file in $SHARED_CHROMIUM; do
  folder=$work/shared/$(basename "$file" .py)
  echo "-- $file"
  cat "$folder/log" 2>/dev/null || echo "(no log: not run)"
  read -r rc seconds side 2>/dev/null <"$folder/status" || { rc=1 seconds=? side=nobody; }
  echo "== $file: exit $rc, $seconds s (in the $side)"
  [ "$rc" = 0 ] || failed=1
done
echo "== every part: $((SECONDS - began)) s"
exit "$failed"
