"""The bots' names and descriptions as a player reads them, in the current language.

A bot's *name* (``heuristic``, ``hard``, ``ismcts:iterations=800``) is what a player types and
what saved files record: it stays as it is.  :func:`bot_label` is the word a screen shows
for it ("seat 2 (heuristic)" / "место 2 (эвристика)"), :func:`bot_description` one sentence
for a menu.  A name the table below does not know (a person's name at the server, a bot
with settings) is shown as it is.
"""

from __future__ import annotations

from ..i18n import N_, _, pgettext


def bot_label(name: str) -> str:
    """The shown word for a bot's name; any other name unchanged."""
    base = str(name)
    if base == "easy":
        return pgettext("bot level", "easy")
    if base == "medium":
        return pgettext("bot level", "medium")
    if base == "hard":
        return pgettext("bot level", "hard")
    if base == "expert":
        return pgettext("bot level", "expert")
    if base == "heuristic":
        return pgettext("bot", "heuristic")
    if base == "random":
        return pgettext("bot", "random")
    if base == "random_valid":
        return pgettext("bot", "random valid")
    if base == "search":
        return pgettext("bot", "search")
    if base == "search_heuristic":
        return pgettext("bot", "guided search")
    if base == "ismcts":
        return pgettext("bot", "IS-MCTS")
    if base == "rollout":
        return pgettext("bot", "rollouts")
    if base == "auto":
        return pgettext("bot", "auto")
    return base


#: one sentence per bot a player picks from (levels first, as a menu lists them)
DESCRIPTIONS: dict[str, str] = {
    "easy": N_("Easy: the game's own bot, playing a random legal move on a third of its turns."),
    "medium": N_("Medium: the game's own bot, which knows the rules' basics."),
    "hard": N_("Hard: searches many possible deals before each move (about a second)."),
    "expert": N_("Expert: searches three times as long as hard (up to three seconds a move)."),
    "heuristic": N_("The game's own bot: plays by rules of thumb for this game."),
    "auto": N_("Arranges its thirteen cards with the game's own arranger."),
    "random_valid": N_("Picks a random arrangement that does not foul."),
    "random": N_("Plays a random legal move."),
    "search": N_("Tries each move in random playouts of possible deals."),
    "search_heuristic": N_("Tries each move in playouts played by the game's own bot."),
    "ismcts": N_("Information-set Monte Carlo tree search over possible deals."),
    "rollout": N_("Plays its own bot's move unless playouts of possible deals show a better one."),
}


def bot_description(name: str) -> str:
    """One sentence on what the bot does, in the current language ('' for an unknown name);
    an operator's bot (``serve --bot``) by its own words, as the operator wrote them."""
    text = DESCRIPTIONS.get(str(name).partition(":")[0])
    if text:
        return _(text)
    from .operator import operator_bot
    added = operator_bot(str(name))
    return added.description if added is not None else ""


__all__ = ["DESCRIPTIONS", "bot_description", "bot_label"]
