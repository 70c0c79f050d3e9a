# ruff: noqa: E501  (card text reads best one statement a line)
"""Each construct of the card language parses and compiles to operations.

These read as examples: a fragment of card text, then the data the engine gets.
"""

from __future__ import annotations

from dsl_helpers import program, strip_at


def test_place_with_per_space_cap(tmp_path):
    ops = strip_at(program(tmp_path, "democrat places 4 SP in spaces of Poland, at most 2 per space"))
    assert ops == [{"op": "place", "player": "democrat", "amount": 4, "owner": "democrat",
                    "where": {"in": {"countries": ["Poland"]}}, "choice": "any",
                    "per_space_max": 2}]


def test_remove_from_any_spaces_defaults_to_opponent_sp(tmp_path):
    (op,) = program(tmp_path, "remove 2 SP from any spaces")
    assert op["player"] == "you" and op["owner"] == "opponent" and op["where"] == {}


def test_selector_by_type_control_region_battleground(tmp_path):
    (op,) = program(tmp_path, "democrat places 1 SP in each uncontrolled battleground Worker or "
                              "Farmer space in Eastern Europe")
    assert op["choice"] == "each"
    assert op["where"] == {"control": "none", "battleground": True,
                           "types": ["worker", "farmer"], "in": {"regions": ["Eastern Europe"]}}


def test_selector_filters_adjacency_sp_and_except(tmp_path):
    (op,) = program(tmp_path, "remove 1 communist SP from spaces adjacent to Leipzig with "
                              "communist SP except Dresden")
    assert op["where"] == {"adjacent_to": {"names": ["Leipzig"]}, "with_sp": "communist",
                           "except": ["Dresden"]}


def test_names_are_case_and_alias_tolerant(tmp_path):
    (op,) = program(tmp_path, "place 1 SP in East German Writers")
    assert op["where"] == {"names": ["German Writers"]}


def test_replace_and_move(tmp_path):
    replace, move = program(tmp_path, """
communist replaces all democrat SP with communist SP in one Church space in Romania
democrat moves up to 4 democrat SP from Lutheran Church to spaces in East Germany, at most 2 per space
""")
    assert (replace["owner"], replace["new_owner"], replace["choice"]) == (
        "democrat", "communist", "one")
    assert move["amount"] == {"up_to": 4} and move["to"] == {"in": {"countries": ["East Germany"]}}


def test_place_enough_to_control(tmp_path):
    (op,) = program(tmp_path, "democrat places enough SP to control one Minority space")
    assert op["op"] == "place_to_control" and op["choice"] == "one"


def test_support_checks_using_card_ops_with_bonus(tmp_path):
    (op,) = program(tmp_path, "communist makes 2 support checks against Student spaces using "
                              "this card's ops, each with +2, even without democrat SP")
    assert strip_at(op) == {"op": "support_checks", "player": "communist", "count": 2,
                            "ops": {"card": "this"}, "where": {"types": ["student"]},
                            "bonus": 2, "needs_opponent_sp": False}


def test_operations_with_restricted_options(tmp_path):
    (op,) = program(tmp_path, "democrat uses this card's ops to place SP or make support checks "
                              "in Romania")
    assert op["options"] == ["place", "support_checks"]
    assert op["where"] == {"in": {"countries": ["Romania"]}}


def test_vp_ussr_tiananmen_power_struggle_and_score(tmp_path):
    ops = strip_at(program(tmp_path, """
democrat gains 3 VP
move the U.S.S.R. marker to "The Baltic Way"
you advance 1 box on the tiananmen track
hold a power struggle in Poland
score Poland
"""))
    assert [o["op"] for o in ops] == ["vp", "ussr_advance", "tiananmen_advance",
                                      "power_struggle", "score"]
    assert ops[1]["to"] == 2


def test_card_operations(tmp_path):
    ops = program(tmp_path, """
democrat draws 3 cards
democrat discards 2 of the drawn cards
communist discards 1 random card
communist reveals all cards with a red title from his hand
democrat takes 1 non-scoring card from the discard pile
democrat gives communist 1 card with the highest ops from his hand
democrat may set aside 1 card until the next turn
""")
    assert [o["op"] for o in ops] == ["draw", "discard", "discard", "reveal", "take", "give",
                                      "set_aside"]
    assert ops[2]["cards"] == {"pool": "hand", "count": 1, "scoring": False, "random": True}
    assert ops[3]["cards"]["red_title"] is True
    assert ops[6]["optional"] is True


def test_play_events_from_other_places(tmp_path):
    ops = program(tmp_path, """
democrat chooses 1 card with a democrat event removed after event from the discard pile
democrat plays the event of the chosen card
communist discards 1 random card including scoring cards
if the discarded card is a playable democrat or neutral event: democrat plays the event of the discarded card
""")
    assert ops[0]["among"] == {"pool": "discard", "count": 1, "sides": ["democrat"],
                               "removed": True}
    assert ops[3]["cond"] == {"cond": "card", "card": "discarded",
                              "sides": ["democrat", "neutral"], "playable": True}


def test_rolls_tables_and_conditions(tmp_path):
    ops = program(tmp_path, """
democrat rolls a die minus 1 for each Worker space in Czechoslovakia controlled by communist
if the roll is 4 or more: democrat gains 1 VP
otherwise if the roll is greater than the number of communist-controlled spaces in East Germany: democrat gains 2 VP
otherwise: communist places (4 on 1-2, 3 on 3-4, 1 on 5-6) SP in Worker spaces in the Balkans
""")
    roll, branch = ops
    assert roll["modifiers"][0]["expr"] == "neg"
    assert branch["cond"] == {"cond": "compare", "left": {"expr": "roll"}, "cmp": ">=",
                              "value": 4}
    inner = branch["else"][0]
    assert inner["cond"]["cmp"] == ">"
    assert inner["else"][0]["amount"]["rows"] == [[1, 2, 4], [3, 4, 3], [5, 6, 1]]


def test_state_conditions(tmp_path):
    (op,) = program(tmp_path, """
if event "Sajudis" and "The Wall" is in effect or democrat controls Czech Writers and not communist leads on VP: democrat gains 1 VP
""")
    cond = op["cond"]
    assert cond["cond"] == "or"
    assert cond["args"][0] == {"cond": "and", "args": [
        {"cond": "event_occurred", "card": 33}, {"cond": "in_effect", "card": 9}]}


def test_choose_country_and_for_each(tmp_path):
    ops = program(tmp_path, """
democrat chooses a country where democrat holds power
democrat places 3 SP in spaces of the chosen country
for each country where communist holds power {
    communist places 1 SP in each Elite space in this country
}
""")
    assert ops[0]["among"] == {"power": "democrat"}
    assert ops[1]["where"] == {"in": {"ref": "chosen_country"}}
    assert ops[2]["op"] == "for_each" and ops[2]["do"][0]["where"]["in"] == {"ref": "this_country"}


def test_choose_one_of_options(tmp_path):
    (op,) = program(tmp_path, """
democrat chooses one {
    option "build": democrat places 3 SP in Elite spaces
    option "purge" { remove all communist SP from Elite spaces }
}
""")
    assert [o["label"] for o in op["options"]] == ["build", "purge"]


def test_lasting_rules_at_hooks(tmp_path):
    (op,) = program(tmp_path, """
for the rest of the turn {
    cards played by democrat get +1 ops if all their ops are spent in East Germany
    support checks by democrat in Romania get -1
    communist may not make support checks against Leipzig
    placing SP in communist-controlled spaces in East Germany costs democrat 1 ops
    tiananmen attempts by communist get +1
    communist gets 1 extra action round
    communist is dealt 7 cards
    aftermath rolls get +1 if democrat wins
    once per turn, democrat may play a card for both its operations and its event
    democrat may not place SP in Berlin
}
""")
    assert op["duration"] == {"until": "end_of_turn"}
    assert [r["hook"] for r in op["rules"]] == [
        "ops_value", "check_modifier", "check_ban", "placement_cost", "tiananmen_modifier",
        "action_rounds", "hand_size", "ps_roll_modifier", "play_option", "placement_ban"]


def test_next_use_rule_and_durations(tmp_path):
    ops = program(tmp_path, """
the next support check by communist against Student spaces gets +1
until cancelled: support checks by democrat get -1
for the next 2 uses: support checks by communist ignore adjacency to democrat-controlled spaces
until the end of the next power struggle in Romania: aftermath rolls get +1
""")
    assert ops[0]["duration"] == {"until": "used", "uses": 1}
    assert ops[2]["rules"][0] == {"hook": "adjacency_modifier", "player": "communist",
                                  "where": None, "ignore_controlled_by": "democrat",
                                  "at": ops[2]["rules"][0]["at"]}
    assert ops[3]["duration"]["country"] == {"countries": ["Romania"]}


def test_triggers(tmp_path):
    ops = program(tmp_path, """
at the next power struggle in the Balkans, after the deal: communist takes 2 random power struggle cards from democrat
after the next power struggle in Romania: democrat gains 1 VP
at the end of this action round: democrat gains 1 VP
after democrat plays a card in his next action round {
    if not the played card is "Gorbachev Charms the West" played as an event: communist gains 3 VP
}
for the rest of the game {
    each time communist makes a support check against Student or Intellectual spaces: democrat gains 1 VP
    at the start of each communist action round: democrat reveals the card he will play next
    instead of each communist action round: communist discards 1 card
    at the end of each turn: democrat may make 1 support check using 2 ops
    at the start of each turn: democrat draws 1 card
    at final scoring: communist gains 2 VP
    as soon as democrat controls Bucuresti: end this effect
}
""")
    assert ops[0] == {**ops[0], "op": "trigger", "hook": "ps_setup", "once": True,
                      "filter": {"country": {"regions": ["Balkans"]}}}
    assert [r["hook"] for r in ops[4]["rules"]] == [
        "after_check", "action_round_start", "action_round_replace", "end_of_turn", "after_deal",
        "final_scoring", "as_soon_as"]


def test_cancel_end_game_roll_off_and_eliminate(tmp_path):
    ops = program(tmp_path, """
roll off between democrat and communist, best of 3, each adding the number of spaces in East Germany controlled by the roller
if democrat won the roll off: cancel "The Wall"
communist may end the game at the end of this turn
if he did: when the game ends: democrat may hold a power struggle in a country where communist holds power
communist chooses a space in Romania except Bucuresti
eliminate the chosen space
""")
    assert ops[0]["add"]["where"]["control"] == "roller"
    assert ops[1]["then"][0] == {**ops[1]["then"][0], "op": "cancel", "cards": [9]}
    assert ops[2]["when"] == "end_of_turn" and ops[2]["optional"]
    assert ops[5] == {**ops[5], "op": "eliminate", "space": {"ref": "chosen_space"}}


def test_card_level_clauses(tmp_path):
    from dsl_helpers import deck_of
    deck = deck_of(tmp_path, '''
card 202 "Prereq Card" {
    period middle; side neutral; ops 3; removed after event
    summary "Needs two events, cancels one."
    requires event "Sajudis" and not event "Kremlin Coup!"
    no effect after event "The Tyrant is Gone"
    cancels "Securitate"
    when played for operations: opponent gains 1 VP
    event { you gain 1 VP }
}
''')
    card = deck.card(202)
    assert deck.errors == 0
    assert card.requires == [{"cond": "and", "args": [
        {"cond": "event_occurred", "card": 33},
        {"cond": "not", "arg": {"cond": "event_occurred", "card": 109}}]}]
    assert card.no_effect_after == [97] and card.cancels == [70]
    assert card.event[0]["op"] == "cancel" and card.on_ops[0]["player"] == "opponent"


def test_unwritten_card_is_metadata_only(tmp_path):
    from dsl_helpers import deck_of
    deck = deck_of(tmp_path, 'card 4 "Michnik" { period early; side democrat; ops 1; '
                             'removed after event; summary "Three SPs for the Polish Writers." }\n')
    assert deck.errors == 0 and deck.card(4).written is False and deck.card(4).event is None


def test_compiled_program_is_json(tmp_path):
    import json

    from dof.dsl import load_deck
    deck = load_deck()
    for card in deck.cards.values():
        json.dumps(card.to_json())
    for box in deck.boxes.values():
        json.dumps(box.to_json())
