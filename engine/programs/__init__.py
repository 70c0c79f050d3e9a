"""The card-program interpreter: compiled card programs (dsl/compiler.py)
run on the rules. ``selectors`` reads a program's phrases against the game,
the ``ops_*`` modules carry out its operations (filed by name in
``program.HANDLERS``), ``hook_rules`` says what a lasting rule means at
each hook point (filed by hook), and ``events.EventRunner`` is what the
rules know as ``game.events``.
"""
