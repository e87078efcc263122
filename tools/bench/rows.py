"""How the benchmarks print their figures: a title, then one aligned row per figure."""

from __future__ import annotations

Row = tuple[str, str, str]   # (what, value with its unit, a note: runs, p95, counts)


def print_rows(title: str, rows: list[Row], name_width: int = 38) -> None:
    print(title)
    for name, value, note in rows:
        print(f"  {name:{name_width}s} {value:>12s}   {note}")
