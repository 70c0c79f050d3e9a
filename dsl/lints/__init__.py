"""The lints: checks of card files beyond names, scope and types, one
module each, filed by code (see :mod:`dof.dsl.lints.base`). Importing this
package files them all."""

from dof.dsl.lints import (  # noqa: F401 - each module files its lint
    box_data,
    dead_branches,
    dropped_event,
    event_chains,
    indentation,
    lasting_flag,
    never_acts,
    own_sps,
    prerequisites,
    printed_facts,
    side_acts,
    summary_facts,
)
from dof.dsl.lints.base import LINTS, Lint, Lints, lint

__all__ = ["LINTS", "Lint", "Lints", "lint"]
