"""Deprecated: card play moved to :mod:`dof.engine.rules.actions` with the
rest of the rules (engine/ now has a folder per layer). This alias keeps
``from dof.engine.actions import play_card`` (docs/api.md until 0.2) working
with a DeprecationWarning; it goes in 0.3."""

import warnings

from dof.engine.rules.actions import play_card

__all__ = ["play_card"]

warnings.warn("dof.engine.actions is deprecated: import play_card from "
              "dof.engine.rules.actions", DeprecationWarning, stacklevel=2)
