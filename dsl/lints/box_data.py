"""W504: a Tiananmen box disagrees with the game data."""

from __future__ import annotations

from dof.dsl.ast import BoxDef, player
from dof.dsl.facts import head
from dof.dsl.lints.base import Lint, lint
from dof.engine.data.terms import SIDES, key


@lint
class BoxData(Lint):
    """A Tiananmen box's names, thresholds or award differ from the game
    data (cards/tables.yaml)."""

    code = "W504"

    def box(self, bdef: BoxDef) -> None:
        data = next((b for b in self.names.data.tiananmen if b.box == bdef.number), None)
        if data is None:
            return
        for side in SIDES:
            if key(bdef.names[side]) != key(data.names[side]):
                self.report(f"box {bdef.number}: {side} name is '{bdef.names[side]}' here but "
                            f"'{data.names[side]}' in the game data", head(bdef))
        for node in bdef.all("needs"):
            side = player(node.children[0])
            if node.ints()[0] != data.needs[side]:
                self.report(f"box {bdef.number}: {side} needs {node.ints()[0]} here but "
                            f"{data.needs[side]} in the game data", node.span)
        kind = "immediate" if bdef.all("award_now") else "lasting"
        if (bdef.all("award_now") or bdef.all("award_lasting")) and kind != data.award:
            self.report(f"box {bdef.number}: award is {kind} here but {data.award} in the game "
                        "data", head(bdef))
