"""dof: 1989: Dawn of Freedom as a rules engine (dof.engine), a card
language (dof.dsl), the printed deck (dof.cards) and a command line (dof.cli).

The repository keeps these as top-level folders; pyproject.toml installs them
under this one package.
"""
