"""The "Observation and actions (research API)" section of a game's docs page, written from
the codec itself (tests/rl/test_docs.py checks the pages hold exactly this text)."""

from __future__ import annotations

import sys

from ..errors import BadOption
from ..registry import game_ids, game_parts, get_game
from . import make_codec

HEADING = "## Observation and actions (research API)"

_BLOCKS = {
    "verb": "whole moves without cards, groups or target, one per verb: {verbs}",
    "sub-step verb": "first sub-step of a move that is not a whole action: its verb ({verbs})",
    "sub-step card": "a card of the move being built, one per physical card of the pack, in pack order",
    "next group": "closes the cards so far and opens the next group (meld, row, table meld named by its cards)",
    "sub-step target": "a target token of the move being built: {targets}",
    "commit": "plays the move built so far (allowed only when it is a legal move)",
    "row": "puts the hand's next card (pack order) into row 0, 1, 2 … ({rows})",
}


def _span(lo: int, hi: int) -> str:
    return f"{lo}" if hi - lo == 1 else f"{lo}–{hi - 1}"


def section(game_id: str) -> str:
    game = get_game(game_id)
    codec = make_codec(game_id)
    enc = codec.encoding
    part = game_parts(game_id).encoding
    lines = [HEADING, "",
             f"`cardtable.rl.aec_env(\"{game_id}\")` (and `parallel_env`, `make_codec`; see "
             "[research.md](../research.md)).  Generated from the codec by "
             "`python -m cardtable.rl.describe`; the layouts below are those of the default "
             f"table ({codec.players} players, default options).", ""]
    doc = ((part.doc if part else "") or "").split("\n\n", 1)
    if len(doc) > 1:
        lines += [" ".join(doc[1].split()), ""]
    lines += [f"**Reachable moves**: {enc.reach_doc}.", "",
              "Sizes per configuration (N = `codec.num_actions`, the same for every seat):", "",
              "| preset | players | N actions | observation floats |", "|---|---|---|---|"]
    presets: list[str | None] = [*sorted(game.presets)] or [None]
    for preset in presets:
        for p in range(game.min_players, game.max_players + 1):
            try:
                game.new_state(p, game.make_options(preset), seed=0)
            except BadOption:
                continue
            c = make_codec(game_id, p, preset)
            lines.append(f"| {preset or '-'} | {p} | {c.num_actions} | {c.observation_shape[0]} |")
    lines += ["", f"### Actions ({codec.num_actions} at {codec.players} players)", "",
              "| ids | block | meaning |", "|---|---|---|"]
    verbs = ", ".join(f"`{v}`" for v in codec.verbs)
    targets = (", ".join(f"`{t}`" for t in codec.target_tokens[:8])
               + (f" … ({len(codec.target_tokens)} tokens)" if len(codec.target_tokens) > 8 else ""))
    rows = ", ".join(f"{i}: {n} cards" for i, n in enumerate(enc.partition[1])) if enc.partition else ""
    for name, (lo, hi) in codec.layout.items():
        if hi == lo:
            continue
        if name in _BLOCKS:
            meaning = _BLOCKS[name].format(verbs=verbs, targets=targets, rows=rows)
        elif name.endswith(" card"):
            meaning = f"`{name[:-5]} <card>`, one per physical card of the pack, in pack order"
        else:
            verb = name.split(" ")[0]
            meaning = f"`{verb} @<target>` for " + ", ".join(f"`{t}`" for t in enc.flat_targets[verb])
        lines.append(f"| {_span(lo, hi)} | {name} | {meaning} |")
    lay = codec.obs_layout
    lines += ["", f"### Observation (float32, {lay.size} floats at {codec.players} players)", "",
              "Built from `view(seat)` only (plus the seat's own partial move).  Cards are counts "
              "by card base: 0–51 = suit × 13 + rank index (♠ ♥ ♦ ♣; A, 2 … K), 52 LJ, 53 BJ, "
              "54 JK; seats are relative (0 = the observer, then play order).", "",
              "| start | size | field | meaning |", "|---|---|---|---|"]
    for b in lay.describe():
        if b["size"]:
            lines.append(f"| {b['start']} | {b['size']} | `{b['name']}` | {b['doc']} |")
    lines += ["", "### Rewards", "",
              f"{enc.reward_doc[:1].upper()}{enc.reward_doc[1:]}.  Rewards arrive when the deal "
              "ends; with `episode=\"match\"` each "
              "deal's reward arrives at its end and the match-end bonuses with the last deal.", ""]
    return "\n".join(lines)


def write_docs(root: str = "docs/games") -> list[str]:
    """Replace (or append) the section at the end of every game's page."""
    from pathlib import Path
    done = []
    for gid in game_ids():
        path = Path(root) / f"{gid}.md"
        text = path.read_text(encoding="utf-8")
        if HEADING in text:
            text = text[:text.index(HEADING)]
        path.write_text(text.rstrip() + "\n\n" + section(gid), encoding="utf-8")
        done.append(str(path))
    return done


if __name__ == "__main__":
    for p in write_docs(sys.argv[1] if len(sys.argv) > 1 else "docs/games"):
        print(p)
