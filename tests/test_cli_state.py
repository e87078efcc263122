"""``python -m hearts state``: one JSON line per input line, errors as JSON, never a traceback."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import make_hand
from hearts import Rules
from hearts.cards import cards_of
from hearts.cli import answer_lines, main, state_answer
from hearts.record import hand_to_record

REPO = Path(__file__).resolve().parent.parent
README_LINE = '{"deal": 5, "pass_offset": 0, "plays": ["2C"]}'

LINES = [
    README_LINE,
    "this is not json",
    '{"deal": 0, "pass_offset": 0, "plays": ["3C"]}',   # illegal first lead
    "",                                                  # blank lines are skipped
    '{"deal": 0, "rules": {"players": 7}}',
    "[" * 5000,                                          # nested too deeply for the parser
    '{"deal": 0, "pass_offset": 0, "plays": ["2c"]}',
]
EXPECTED_CODES = [None, "bad_json", "illegal_play", "bad_rules", "bad_json", None]


def run(lines: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    errors = answer_lines([line + "\n" for line in lines], state_answer, out)
    return errors, out.getvalue().splitlines()


def codes(replies: list[str]) -> list[str | None]:
    parsed = [json.loads(r) for r in replies]
    return [p["error"]["code"] if "error" in p else None for p in parsed]


def test_one_json_line_per_record_and_errors_go_on() -> None:
    errors, replies = run(LINES)
    assert len(replies) == len([line for line in LINES if line.strip()])
    assert codes(replies) == EXPECTED_CODES
    assert errors == 4
    first = json.loads(replies[0])
    assert first["to_act"] == [2] and first["legal"] == ["8C", "KC"]
    assert replies[0] == json.dumps(first, separators=(",", ":"))  # compact, one line
    assert json.loads(replies[-1])["trick"] == [{"seat": 0, "card": "2C"}]  # lower case in, canonical out


def test_error_messages_name_the_problem() -> None:
    _, replies = run(["{\"deal\": 0,", '{"deal": 0, "pass_offset": 0, "plays": ["2C", "QQ"]}'])
    first, second = (json.loads(r)["error"] for r in replies)
    assert first["code"] == "bad_json" and "column" in first["message"]
    assert second["code"] == "bad_card" and "plays[1]" in second["message"] and "QQ" in second["message"]


@pytest.mark.parametrize("line", ["null", "42", '"deal"', "[]", "{}", '{"deal": null}', '{"deal": {}}',
                                  '{"deal": [[]]}', '{"deal": 1, "passes": {}}', '{"deal": 1, "rules": 0}',
                                  '{"deal": 1e400}', "NaN", '{"deal": [null, null, null, null]}'])
def test_odd_json_values_answer_errors(line: str) -> None:
    errors, replies = run([line])
    assert errors == 1 and len(replies) == 1 and "error" in json.loads(replies[0])


def test_main_state_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(LINES) + "\n"))
    assert main(["state"]) == 0
    replies = capsys.readouterr().out.splitlines()
    assert codes(replies) == EXPECTED_CODES


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")
def test_the_real_command() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "py"), "PYTHONIOENCODING": "utf-8"}
    stdin = ("\n".join(LINES) + "\n").encode() + b"\xff\xfe not utf-8\n" + README_LINE.encode() + b"\n"
    proc = subprocess.run([sys.executable, "-m", "hearts", "state"], input=stdin, capture_output=True,
                          env=env, timeout=60, check=False)
    assert proc.returncode == 0
    assert proc.stderr == b""
    replies = proc.stdout.decode().splitlines()
    assert codes(replies) == [*EXPECTED_CODES, "bad_json", None]  # the process went on after every error
    assert replies[-1] == replies[0]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")
def test_the_real_command_on_empty_input() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "py")}
    proc = subprocess.run([sys.executable, "-m", "hearts", "state"], input=b"", capture_output=True,
                          env=env, timeout=60, check=False)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")



CLUBS = " ".join(r + "C" for r in "23456789TJQKA")


def sweep_record(rules: dict[str, object]) -> dict[str, object]:
    """A finished hand: seat 0 holds every club and so takes every trick (a moon, and a sun)."""
    hand = make_hand(Rules.from_json(rules), {0: CLUBS})
    while hand.phase == "play":
        hand.play(cards_of(hand.legal())[0])
    return hand_to_record(hand)


VARIANT_SWEEPS: list[tuple[dict[str, object], list[int]]] = [
    ({"preset": "black-maria"}, [0, 43, 43, 43]),
    ({"extra_points": {"KS": 10, "AS": 7}, "sun": True}, [0, 86, 86, 86]),
    ({"heart_points": "rank"}, [0, 117, 117, 117]),
    ({"jack_of_diamonds": True, "bonus_card": "TD"}, [-10, 26, 26, 26]),
    ({"teams": True, "moon": "subtract"}, [-26, 0, 0, 0]),
]


@pytest.mark.parametrize(("rules", "score"), VARIANT_SWEEPS)
def test_state_reads_the_variant_keys(rules: dict[str, object], score: list[int]) -> None:
    errors, replies = run([json.dumps(sweep_record(rules))])
    assert errors == 0
    assert json.loads(replies[0])["phase"] == "over" and json.loads(replies[0])["score"] == score


@pytest.mark.parametrize("rules", [{"extra_points": {"QS": 1}}, {"heart_points": "all"}, {"bonus_card": "TD"},
                                   {"teams": True, "players": 5}, {"extra_points": {"KS": 1.5}}])
def test_state_refuses_bad_variant_keys(rules: dict[str, object]) -> None:
    errors, replies = run([json.dumps({"deal": 0, "rules": rules})])
    assert errors == 1 and codes(replies) == ["bad_rules"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")
def test_the_real_command_reads_the_variant_keys() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "py")}
    stdin = "".join(json.dumps(sweep_record(rules)) + "\n" for rules, _ in VARIANT_SWEEPS).encode()
    proc = subprocess.run([sys.executable, "-m", "hearts", "state"], input=stdin, capture_output=True,
                          env=env, timeout=60, check=False)
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert [json.loads(line)["score"] for line in proc.stdout.decode().splitlines()] == [s for _, s in VARIANT_SWEEPS]


TOO_MANY_DIGITS = '{"deal": ' + "9" * 5000 + "}"   # more digits than Python's int() reads


@pytest.mark.parametrize("argv", [["state"], ["bot", "--level", "easy"], ["review", "--seat", "0"]])
def test_a_number_of_too_many_digits_answers_bad_json(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.console import main as console_main
    monkeypatch.setattr(sys, "stdin", io.StringIO(TOO_MANY_DIGITS + "\n" + "[]\n"))
    assert console_main(argv) == 0    # no traceback, and the next line is read
    replies = capsys.readouterr().out.splitlines()
    assert len(replies) == 2
    assert json.loads(replies[0])["error"] == {"code": "bad_json",
                                               "message": "not valid JSON: a number has too many digits at column 10"}
    assert "error" in json.loads(replies[1])


@pytest.mark.parametrize("argv", [["state"], ["bot", "--level", "easy"], ["review", "--seat", "0"]])
def test_a_line_nested_deeper_than_any_record_answers_bad_json(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The same limit as the table's (hearts.jsontext): 33 levels is valid JSON, but no record."""
    from hearts.console import main as console_main
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"deal": ' + "[" * 33 + "]" * 33 + "}\n"))
    assert console_main(argv) == 0
    assert json.loads(capsys.readouterr().out)["error"] == {
        "code": "bad_json", "message": "not valid JSON: nested deeper than 32 levels at column 41"}


@pytest.mark.parametrize(("rules", "problem"), [('{"target": ' + "9" * 5000 + "}", "a number has too many digits"),
                                                ("[" * 5000, "nested deeper than 32 levels")], ids=["digits", "deep"])
def test_arena_rules_that_json_cannot_read_answer_bad_rules(rules: str, problem: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.console import main as console_main
    assert console_main(["arena", "--hero", "easy", "--field", "random", "--rules", rules]) == 2
    assert json.loads(capsys.readouterr().out)["error"] == {"code": "bad_rules",
                                                            "message": f"--rules is not valid JSON: {problem}"}


@pytest.mark.parametrize("rules", ["{", '{"players": 7}'])
def test_arena_prints_its_error_as_compact_json_like_every_command(rules: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.console import main as console_main
    assert console_main(["arena", "--hero", "easy", "--field", "random", "--rules", rules]) == 2
    out = capsys.readouterr().out
    error = json.loads(out)["error"]
    assert error["code"] == "bad_rules"
    assert out == json.dumps({"error": error}, separators=(",", ":")) + "\n"   # no spaces, one line


@pytest.mark.parametrize("argv", [["bot", "--level", "easy", "--seed", "x"], ["review", "--seat", "two"],
                                  ["arena", "--hero", "easy", "--field", "random", "--deals", "1.5"]])
def test_a_number_option_that_is_no_integer_says_so(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.console import main as console_main
    with pytest.raises(SystemExit) as exit_info:
        console_main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "must be an integer" in err and "_non_negative" not in err and "_positive" not in err


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")
def test_a_reader_that_closes_the_pipe_gets_no_traceback() -> None:
    """``python -m hearts state | head -1``: the command ends quietly once nobody reads its answers."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "py")}
    proc = subprocess.Popen([sys.executable, "-m", "hearts", "state"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write((README_LINE + "\n").encode())
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["to_act"] == [2]
    proc.stdout.close()                                   # the reader has what it wanted
    try:
        proc.stdin.write(((README_LINE + "\n") * 2000).encode())
        proc.stdin.close()
    except BrokenPipeError:
        pass                                              # it may have ended already
    assert proc.wait(timeout=60) == 1
    assert proc.stderr.read() == b""
