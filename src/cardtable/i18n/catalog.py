"""Reading gettext ``.po`` catalogs with the standard library only.

The catalogs are kept as ``.po`` text (what translators edit and what git diffs show) and
compiled in memory at first use into the ``.mo`` form that :class:`gettext.GNUTranslations`
reads, so an installation needs neither Babel nor a build step, and a ``.mo`` file can never
be out of date with its ``.po``.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One message of a catalog: ``msgid`` (with its plural and context) and its translations."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)
    plural: str | None = None
    context: str | None = None
    fuzzy: bool = False
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


class PoSyntaxError(ValueError):
    def __init__(self, path: str, line: int, why: str) -> None:
        super().__init__(f"{path}, line {line}: {why}")


def _unquote(text: str, path: str, line: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoSyntaxError(path, line, f"expected a quoted string, got {text!r}")
    try:
        return ast.literal_eval(text)
    except (SyntaxError, ValueError) as e:
        raise PoSyntaxError(path, line, f"bad string {text!r} ({e})") from None


def parse_po(text: str, path: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file, the header (``msgid ""``) included; obsolete ``#~`` skipped."""
    entries: list[Entry] = []
    cur: Entry | None = None
    field_name = ""          # which field a continuation line extends
    fuzzy_next = False

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in [f.strip() for f in line[2:].split(",")]:
                fuzzy_next = True
            continue
        if line.startswith('"'):
            if cur is None:
                raise PoSyntaxError(path, no, "a string continues no field")
            s = _unquote(line, path, no)
            if field_name == "msgid":
                cur.msgid += s
            elif field_name == "msgid_plural":
                cur.plural = (cur.plural or "") + s
            elif field_name == "msgctxt":
                cur.context = (cur.context or "") + s
            elif field_name.startswith("msgstr"):
                cur.msgstr[-1] += s
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            finish()
            cur = Entry(msgid="", context=_unquote(rest, path, no), fuzzy=fuzzy_next, line=no)
            fuzzy_next = False
        elif keyword == "msgid":
            if cur is not None and (cur.msgstr or field_name in ("msgid", "msgid_plural")):
                finish()
            if cur is None:
                cur = Entry(msgid="", fuzzy=fuzzy_next, line=no)
                fuzzy_next = False
            cur.msgid = _unquote(rest, path, no)
        elif keyword == "msgid_plural":
            if cur is None:
                raise PoSyntaxError(path, no, "msgid_plural before msgid")
            cur.plural = _unquote(rest, path, no)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            if cur is None:
                raise PoSyntaxError(path, no, f"{keyword} before msgid")
            if keyword.startswith("msgstr["):
                try:
                    index = int(keyword[7:-1])
                except ValueError:
                    raise PoSyntaxError(path, no, f"bad plural index in {keyword}") from None
                if index != len(cur.msgstr):
                    raise PoSyntaxError(path, no, f"{keyword} out of order")
            cur.msgstr.append(_unquote(rest, path, no))
        else:
            raise PoSyntaxError(path, no, f"unknown keyword {keyword!r}")
        field_name = keyword
    finish()
    return entries


def read_po(path: Path) -> list[Entry]:
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def header_field(entries: list[Entry], name: str) -> str | None:
    """A field of the catalog's header (``Plural-Forms``, ``Language``…), or None."""
    for e in entries:
        if e.msgid == "" and e.context is None and e.msgstr:
            for line in e.msgstr[0].splitlines():
                key, sep, value = line.partition(":")
                if sep and key.strip().lower() == name.lower():
                    return value.strip()
    return None


def compile_mo(entries: list[Entry], header: str) -> bytes:
    """The ``.mo`` bytes of the translated entries (fuzzy and empty ones left out)."""
    if "charset=" not in header.lower():   # gettext would decode the catalog as ASCII
        header = header.rstrip("\n") + "\nContent-Type: text/plain; charset=UTF-8\n"
    pairs: dict[bytes, bytes] = {b"": header.encode("utf-8")}
    for e in entries:
        if not e.msgid or not e.translated:
            continue
        key = e.msgid if e.plural is None else e.msgid + "\0" + e.plural
        if e.context is not None:
            key = e.context + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(e.msgstr).encode("utf-8")
    keys = sorted(pairs)
    ids = strs = b""
    offsets = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\0"
        strs += pairs[k] + b"\0"
    n = len(keys)
    key_start = 7 * 4 + 16 * n
    value_start = key_start + len(ids)
    table: list[int] = []
    vtable: list[int] = []
    for id_at, id_len, str_at, str_len in offsets:
        table += [id_len, id_at + key_start]
        vtable += [str_len, str_at + value_start]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return head + struct.pack(f"{len(table)}i", *table) + struct.pack(
        f"{len(vtable)}i", *vtable) + ids + strs
