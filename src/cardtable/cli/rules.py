"""``cardtable games`` and ``cardtable rules GAME``: what can be played, how, and with which rules."""

import json
from typing import Annotated, Any

import typer
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from ..bots import bot_names
from ..help import glossary, has_rules_text, rules_text
from ..i18n import N_, _, ngettext, pgettext
from ..registry import game_ids, get_game
from .common import command, default_bot_name, game_heading, load_game, out_console


def _allowed(choices: tuple[Any, ...] | None, lo: int | None, hi: int | None) -> str:
    if choices is not None:
        return ", ".join(_show(c) for c in choices)
    if lo is not None and hi is not None:
        return f"{lo}–{hi}"
    if lo is not None:
        return f"≥ {lo}"
    if hi is not None:
        return f"≤ {hi}"
    return ""


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"     # as typed in --rule KEY=VALUE
    return str(value)


def games_command(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the list as JSON."))] = False,
) -> None:
    """List the games: id, English name, native name, players."""
    rows: list[dict[str, Any]] = []
    for gid in game_ids():
        try:
            g = get_game(gid)
        except Exception as e:  # registered, but its package is missing or half-written
            rows.append({"id": gid, "name": "", "native_name": "", "players": None,
                         "available": False, "why": str(e)})
            continue
        rows.append({"id": g.id, "name": g.name, "native_name": g.native_name,
                     "players": [g.min_players, g.max_players], "default_players": g.default_players,
                     "available": True})
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    table = Table(title=_("cardtable games"), title_justify="left")
    for col in (pgettext("games table", "id"), pgettext("games table", "name"),
                pgettext("games table", "native name"), pgettext("games table", "players")):
        table.add_column(col)
    for r in rows:
        if not r["available"]:
            table.add_row(r["id"], Text(_("(cannot be loaded yet)"), style="dim"), "", "")
            continue
        lo, hi = r["players"]
        table.add_row(r["id"], r["name"], r["native_name"], str(lo) if lo == hi else f"{lo}–{hi}")
    out_console().print(table)


def rules_command(
    game: Annotated[str, typer.Argument(help=N_("Game id or name (see 'cardtable games')."))],
    options: Annotated[bool, typer.Option("--options", help=N_(
        "Show the rule options, presets and bots instead of the how-to-play."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_(
        "Print options, presets, how-to and glossary as JSON."))] = False,
) -> None:
    """How to play a game (deal, turns, scoring, variants, card values, glossary); with
    --options its rule options (type, default, allowed values, spec rule) and presets."""
    g = load_game(game)
    if not options and not as_json and has_rules_text(g.id):
        console = out_console()
        console.print(Markdown(rules_text(g.id)))
        console.print(Text(_("Rule options and presets: cardtable rules {game} --options", game=g.id),
                           style="dim"))
        return
    infos = g.options_class.describe()
    bots = bot_names(g.id)
    if as_json:
        print(json.dumps({
            "howto": rules_text(g.id) if has_rules_text(g.id) else None,
            "glossary": [{"term": t, "native": n, "meaning": m} for t, n, m in glossary(g.id)],
            **g.info(), "default_players": g.default_players, "bots": bots,
            "default_bot": default_bot_name(g.id),
            "options": [{"key": i.key, "type": i.type_name, "default": i.default, "doc": i.doc,
                         "choices": list(i.choices) if i.choices is not None else None,
                         "min": i.min, "max": i.max, "spec": i.spec} for i in infos],
            "presets": {name: {"description": p.description, "source": p.source, "rules": p.rules}
                        for name, p in g.presets.items()}}, ensure_ascii=False, default=str))
        return
    console = out_console()
    if g.min_players == g.max_players:
        players = ngettext("{n} player", "{n} players", g.min_players)
    else:
        players = _("{lo}–{hi} players (default {n})", lo=g.min_players, hi=g.max_players,
                    n=g.default_players)
    about = (_("id {id}, {players}, spec {spec}", id=g.id, players=players, spec=g.spec) if g.spec
             else _("id {id}, {players}", id=g.id, players=players))
    console.print(Text.assemble((game_heading(g), "bold"), f" — {about}"))
    table = Table(title=_("Options (set with --rule KEY=VALUE)"), title_justify="left")
    for col_no, col in enumerate((pgettext("options table", "key"), pgettext("options table", "type"),
                                  pgettext("options table", "default"), pgettext("options table", "allowed"),
                                  pgettext("options table", "description (spec rule)"))):
        table.add_column(col, overflow="fold", no_wrap=col_no < 2)
    for i in infos:
        doc = Text(_(i.doc) if i.doc else "")   # marked N_ by each game (rules.py)
        if i.spec:
            doc.append(f" ({i.spec})", style="dim")
        table.add_row(i.key, i.type_name, _show(i.default),
                      _allowed(i.choices, i.min, i.max).replace(", ", ",\n"), doc)
    console.print(table)
    if g.presets:
        ptable = Table(title=_("Presets (choose with --preset NAME)"), title_justify="left")
        for col in (pgettext("presets table", "preset"), pgettext("presets table", "description"),
                    pgettext("presets table", "source"), pgettext("presets table", "sets")):
            ptable.add_column(col, overflow="fold")
        for name, p in sorted(g.presets.items()):
            sets = "\n".join(f"{k}={_show(v)}" for k, v in p.rules.items()) or _("(the defaults)")
            ptable.add_row(name, Text(_(p.description)), Text(p.source), Text(sets))
        console.print(ptable)
    else:
        console.print(_("Presets: none."))
    console.print(_("Bots: {bots} (default: {default})", bots=", ".join(bots),
                    default=default_bot_name(g.id)))


def register(app: typer.Typer) -> None:
    command(app, "games", games_command, GAMES_HELP)
    command(app, "rules", rules_command, RULES_HELP)


GAMES_HELP = N_("List the games: id, English name, native name, players.")
RULES_HELP = N_("How to play a game (deal, turns, scoring, variants, card values, glossary); with "
                "--options its rule options (type, default, allowed values, spec rule) and presets.")
