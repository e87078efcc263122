"""The card table, above the engine and the bots: the table's flow and its command protocol.

- :mod:`.protocol`: the typed shape of every command, answer, view and event (the single
  source of the page's protocol; ``static/js/protocol.js`` is generated from it).
- :mod:`.session`: one match at the table and its flow (:class:`~.session.Session`); what
  differs in learn mode, :mod:`.modes`; who plays each seat, :mod:`.seats`.
- :mod:`.views`: what one seat sees; :mod:`.saves`: the save and resuming it.
- :mod:`.service`: the one table of a page (session, last save, statistics) and its answers.
- :mod:`.commands`: every command with its request and answer types, in one registry.
- :mod:`.api`: the commands as JSON strings for the page (``py/worker.py`` exposes them).
"""
