"""Scoring: country scoring (9.0), Scoring cards (8.0) and Final Scoring (10.4)."""

from __future__ import annotations

from dof.engine.data.outcome import Termination
from dof.engine.data.terms import SIDES
from dof.engine.data.vocabulary import Hook, Until
from dof.engine.rules import hooks
from dof.engine.rules.board import controlled_spaces
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.effects import expire
from dof.engine.rules.power_struggle import power_struggle
from dof.engine.rules.protocols import RulesGame


def live_spaces(game: RulesGame, country: str) -> list[int]:
    """The country's spaces that still exist (a space can be destroyed)."""
    destroyed = game.state["destroyed"]
    return [s for s in game.country_spaces[country] if s not in destroyed]


def country_levels(game: RulesGame, country: str) -> dict[str, tuple[str | None, int]]:
    """9.1-9.2: each side's level (presence, domination, control or None) and
    the number of Battlegrounds it controls (ties: ruling R1)."""
    spaces = live_spaces(game, country)
    bgs = [s for s in spaces if game.data.spaces[s].battleground]
    held = {side: controlled_spaces(game, side, spaces) for side in SIDES}
    bg_held = {side: sum(1 for s in held[side] if s in bgs) for side in SIDES}
    levels = {}
    for side, other in (("democrat", "communist"), ("communist", "democrat")):
        n, m = len(held[side]), len(held[other])
        level = None
        if n >= 1:
            level = "presence"
        own_bg, other_bg = bg_held[side], bg_held[other]
        if n > m and own_bg > other_bg and own_bg >= 1 and n - own_bg >= 1:
            level = "domination"
        if n > m and bgs and bg_held[side] == len(bgs):
            level = "control"
        levels[side] = (level, bg_held[side])
    return levels


def score_country(game: RulesGame, country: str) -> int:
    """9.3: each side scores its level plus 1 per controlled Battleground; the
    VP marker moves by the difference."""
    info = game.data.countries[country]
    points = {}
    parts = []
    for side, (level, bgs) in country_levels(game, country).items():
        points[side] = (getattr(info, level) if level else 0) + bgs
        parts.append(f"{side} {level or 'nothing'} + {bgs} battleground{'' if bgs == 1 else 's'}"
                     f" = {points[side]}")
    delta = points["democrat"] - points["communist"]
    game.note("score", f"{country} scoring: " + "; ".join(parts), country=country, delta=delta)
    game.add_vp(delta, f"{country} scoring")
    return delta


def play_scoring_card(game: RulesGame, side: str, card: int):
    """8.0: a Scoring card starts a Power Struggle in its country, then the
    country is scored; 10.1 is checked only after the whole process. The card
    leaves the game if the Democrat took Power (8.4.4, 8.4.5), else it is
    discarded (8.4.6). A Scoring card written in the card language runs its
    program; otherwise the engine runs the same two steps itself. The same
    path serves a card played from the hand and one an event fires (5.3)."""
    st = game.state
    country = game.data.cards[card].scores
    assert country is not None  # a Scoring card scores a country
    deferred = st["defer_victory"]
    st["defer_victory"] = True
    if game.events is not None and game.events.has_event(card):
        yield from game.events.run_event(game, card, side)
    else:
        yield from hold_power_struggle(game, country, side)
        score_country(game, country)
    st["defer_victory"] = deferred
    if not deferred:
        game.check_automatic_victory()
    in_play = st["played"] == card or card in st["aside"]
    if in_play:
        if st["played"] == card:
            st["played"] = None
        else:
            st["aside"].remove(card)
        (st["removed"] if st["power"][country] == "democrat" else st["discard"]).append(card)
    yield from power_struggle_over(game, country)


def hold_power_struggle(game: RulesGame, country: str, scorer: str, initiative: str | None = None):
    """8.0 steps 1-5 in ``country`` for ``scorer``: the Power Struggle, whose
    VP wait for the automatic-victory check until the caller has scored (10.1);
    then the effects waiting for its end, unless the caller defers 10.1 (a
    Scoring card): it runs them after scoring and the check (ruling R30)."""
    st = game.state
    st["scoring_plays"][country] += 1
    deferred = st["defer_victory"]
    st["defer_victory"] = True
    yield from power_struggle(game, country, scorer, initiative=initiative)
    expire(game, Until.END_OF_POWER_STRUGGLE, country=country)
    if not deferred:
        yield from power_struggle_over(game, country)
    st["defer_victory"] = deferred


def power_struggle_over(game: RulesGame, country: str):
    """The whole process is over, country scoring and the 10.1 check
    included (ruling R30): the effects waiting for it run (an event pending
    until this struggle, 7.6.3), and the ``as_soon_as`` conditions are checked
    again."""
    yield from hooks.run(game, Hook.AFTER_POWER_STRUGGLE, country=country)
    yield from hooks.run(game, Hook.AS_SOON_AS)


def final_scoring(game: RulesGame):
    """10.4: score every country, add the Communist's bonus per country where
    he holds Power and any Final Scoring effects; the sign decides, 0 draws."""
    st = game.state
    st["defer_victory"] = True  # 10.4.2: no automatic victory here
    for country in game.data.countries:
        score_country(game, country)
    held = sum(1 for c in game.data.countries if st["power"][c] == "communist")
    game.add_vp(held * game.data.final_power_bonus,
                f"Communist holds Power in {held} countr{'y' if held == 1 else 'ies'} (10.4.1)")
    yield from hooks.run(game, Hook.FINAL_SCORING)
    raise GameOver(vp_leader(game), Termination.FINAL_SCORING, f"final VP {st['vp']:+d}")


def vp_leader(game: RulesGame) -> str | None:
    """The side the VP track favours, who wins a game ended on VP (10.3,
    10.4); None at 0, a draw."""
    vp = game.state["vp"]
    return "democrat" if vp > 0 else "communist" if vp < 0 else None
