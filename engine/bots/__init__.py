"""Agents that answer decisions from their side's view (engine/api.py): the
random and greedy bots, the search bot, and the judge of a position they
share."""
