"""The card table, above the engine and the bots: the table's flow and its command protocol.

- :mod:`.protocol`: the typed shape of every command, answer, view and event (the single
  source of the page's protocol; ``static/js/protocol.js`` is generated from it).
- :mod:`.session`: one match at the table (:class:`~.session.Session`).
- :mod:`.api`: the commands as JSON strings for the page (``py/worker.py`` exposes them).
"""
