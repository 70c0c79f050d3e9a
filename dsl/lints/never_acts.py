"""W501: an effect that can never act."""

from __future__ import annotations

from dof.dsl.ast import Name, Node
from dof.dsl.checker import Scope
from dof.dsl.lints.base import Lint, lint
from dof.dsl.lints.outcomes import hits, subjects
from dof.engine.data.terms import key


@lint
class NeverActs(Lint):
    """An effect that can never act: a description no space on the map
    matches (or none once ``except`` has taken its spaces), a comparison of
    an unmodified die roll or of the turn that never holds."""

    code = "W501"

    def description(self, np: Node) -> None:
        sel = self._static_sel(np)
        if sel is None or self.names.static_spaces(sel):
            return
        wider = {k: v for k, v in sel.items() if k != "except"}
        if "except" in sel and self.names.static_spaces(wider):
            cut = np.first("f_except")
            assert cut is not None  # 'except' is in the selection
            self.report(f"'except {' and '.join(sel['except'])}' leaves no space this "
                        "description matches, so this never acts", cut.span)
        else:
            self.report("no space on the map matches this description, so this never acts",
                        np.span)

    def comparison(self, node: Node, scope: Scope) -> None:
        left, comparison = node.children
        turns = self.names.data.turns
        for subject, universe in subjects(scope, turns):
            if left.kind == "the_" + subject and hits(node, subject, universe) == set():
                never = ("a die shows 1 to 6" if subject == "roll"
                         else f"the game lasts turns 1 to {turns}")
                self.report(f"{never}, so this condition never holds", comparison.span)

    def _static_sel(self, np: Node) -> dict | None:
        """The map-fixed part of a description, when its names all resolve."""
        sel: dict = {}
        for part in np.children:
            fields = self._static_part(part)
            if fields is None:
                return None
            sel.update(fields)
        return sel

    def _static_part(self, part: Node) -> dict | None:
        """The map-fixed fields one part of a description sets (none for a
        part that depends on the game), None when a name does not resolve."""
        names = self.names
        kind = part.kind
        if kind == "battleground":
            return {"battleground": True}
        if kind == "non_battleground":
            return {"battleground": False}
        if kind == "space_types":
            types = [names.types.get(key(n.text)) for n in part.found(Name)]
            return None if None in types else {"types": types}
        if kind == "f_except":
            spaces = [names.spaces.get(key(n.text)) for n in part.found(Name)]
            return None if None in spaces else {"except": spaces}
        if kind == "f_adjacent" and part.children[0].kind == "sel_names":
            found = [names.resolve_place(n.text) for n in part.children[0].found(Name)]
            if len(found) == 1 and found[0] is not None and found[0][0] == "space":
                return {"adjacent": found[0][1]}
        if kind == "space_loc":
            return self._static_loc(part.children[0])
        return {}

    def _static_loc(self, where: Node) -> dict | None:
        """The countries and regions a space phrase's ``in ...`` names."""
        where = where.children[0] if where.kind == "countries" else where
        if where.kind != "cty_names":
            return {}
        loc: dict = {}
        for name in where.found(Name):
            place = self.names.resolve_place(name.text)
            if place is None or place[0] == "space":
                return None
            loc.setdefault("countries" if place[0] == "country" else "regions",
                           []).append(place[1])
        return {"in": loc}
