"""Typed, validated rule options and named presets.

Each game declares a frozen dataclass of its options (every key of its spec's config table,
with the spec's default).  Presets are TOML data files that record their source.  Unknown
keys, wrong types and out-of-range values raise :class:`BadOption` naming the valid ones.
"""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_origin

from .errors import BadOption
from .i18n import _

T = TypeVar("T", bound="Options")

_DESCRIBED: dict[type, tuple[OptionInfo, ...]] = {}
_SCALARS = frozenset((bool, int, float, str, type(None)))


def option(default: Any, doc: str = "", *, choices: tuple[Any, ...] | None = None,
           min: int | None = None, max: int | None = None, spec: str = "") -> Any:
    """Declare one option: its default, a one-line description, its spec rule, its bounds."""
    return field(default=default, metadata={
        "doc": doc, "choices": choices, "min": min, "max": max, "spec": spec})


@dataclass(frozen=True)
class OptionInfo:
    key: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None
    min: int | None
    max: int | None
    spec: str
    type_name: str

    @property
    def shown_doc(self) -> str:
        """The description in the current language (games mark their docs with ``N_``)."""
        return _(self.doc) if self.doc else ""


@dataclass(frozen=True)
class Options:
    """Base class of a game's options; subclasses are frozen dataclasses of ``option``s."""

    @classmethod
    def describe(cls) -> list[OptionInfo]:
        # built once per class: bots rebuild options from a view's dict every move, and
        # get_type_hints re-evaluates every annotation each time
        known = _DESCRIBED.get(cls)
        if known is None:
            known = _DESCRIBED[cls] = tuple(cls._describe())
        return list(known)

    @classmethod
    def _describe(cls) -> list[OptionInfo]:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            tp = hints[f.name]
            choices = f.metadata.get("choices")
            if choices is None and get_origin(tp) is Literal:
                choices = get_args(tp)
            out.append(OptionInfo(
                f.name, f.default, f.metadata.get("doc", ""), choices,
                f.metadata.get("min"), f.metadata.get("max"), f.metadata.get("spec", ""),
                _type_name(tp)))
        return out

    @classmethod
    def build(cls: type[T], overrides: dict[str, Any] | None = None,
              base: T | None = None) -> T:
        """Options from ``base`` (or the defaults) with ``overrides`` validated and applied."""
        info = {i.key: i for i in cls.describe()}
        values = dataclasses.asdict(base) if base is not None else {k: i.default for k, i in info.items()}
        for key, raw in (overrides or {}).items():
            if key not in info:
                raise BadOption(_("unknown option {key}; valid options: {valid}", key=repr(key),
                                   valid=", ".join(sorted(info))))
            values[key] = _coerce(info[key], raw)
        obj = cls(**values)
        obj.validate()
        return obj

    def validate(self) -> None:
        """Cross-option checks; a subclass raises BadOption for combinations that clash."""

    def to_dict(self) -> dict[str, Any]:
        # what dataclasses.asdict gives, without its recursive copy where every value is a
        # plain scalar (every option of the built-in games; views carry this dict each frame)
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if all(type(v) in _SCALARS for v in out.values()):
            return out
        return dataclasses.asdict(self)

    def diff(self) -> dict[str, Any]:
        """Only the keys that differ from the defaults."""
        defaults = {i.key: i.default for i in self.describe()}
        return {k: v for k, v in self.to_dict().items() if defaults[k] != v}


def option_rows(options_class: type[Options]) -> list[dict[str, Any]]:
    """A game's options as a player reads them: key, type, default, allowed values and the
    description in the current language (what ``cardtable rules ID --options`` lists)."""
    return [{"key": i.key, "type": i.type_name, "default": i.default, "doc": i.shown_doc,
             "choices": list(i.choices) if i.choices is not None else None,
             "min": i.min, "max": i.max, "spec": i.spec} for i in options_class.describe()]


def _type_name(tp: Any) -> str:
    if get_origin(tp) is Literal:
        # the values' own type: Literal["a", "b"] is text, Literal[1, 2] a whole number
        kinds = {type(a).__name__ for a in get_args(tp)}
        return kinds.pop() if len(kinds) == 1 else "str"
    return getattr(tp, "__name__", str(tp))


def _coerce(info: OptionInfo, raw: Any) -> Any:
    """Accept typed values, and text from a command line (``true``, ``10``)."""
    key, tname = info.key, info.type_name
    value = raw
    if tname == "bool":
        if isinstance(raw, str):
            low = raw.strip().lower()
            if low in ("true", "1", "yes", "on"):
                value = True
            elif low in ("false", "0", "no", "off"):
                value = False
            else:
                raise BadOption(_("option {key} takes true or false, not {value}", key=repr(key),
                                   value=repr(raw)))
        elif not isinstance(raw, bool):
            raise BadOption(_("option {key} takes true or false, not {value}", key=repr(key),
                                   value=repr(raw)))
    elif tname == "int":
        if isinstance(raw, bool) or not isinstance(raw, (int, str)):
            raise BadOption(_("option {key} takes a whole number, not {value}", key=repr(key),
                               value=repr(raw)))
        try:
            value = int(raw)
        except ValueError:
            raise BadOption(_("option {key} takes a whole number, not {value}", key=repr(key),
                               value=repr(raw))) from None
    elif tname == "float":
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise BadOption(_("option {key} takes a number, not {value}", key=repr(key),
                               value=repr(raw))) from None
    elif tname == "str":
        if not isinstance(raw, str):
            raise BadOption(_("option {key} takes text, not {value}", key=repr(key), value=repr(raw)))
    if info.choices is not None and value not in info.choices:
        valid = ", ".join(_show(c) for c in info.choices)
        raise BadOption(_("option {key} has no value {value}; valid values: {valid}",
                          key=repr(key), value=repr(raw), valid=valid))
    if (info.min is not None or info.max is not None) and (
            isinstance(value, bool) or not isinstance(value, (int, float))):
        raise BadOption(_("option {key} takes a number, not {value}", key=repr(key),
                               value=repr(raw)))
    if info.min is not None and value < info.min:
        raise BadOption(_("option {key} must be at least {min}, not {value}", key=repr(key),
                          min=info.min, value=repr(value)))
    if info.max is not None and value > info.max:
        raise BadOption(_("option {key} must be at most {max}, not {value}", key=repr(key),
                          max=info.max, value=repr(value)))
    return value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Preset:
    """A named set of option values, loaded from ``games/<game>/presets/<name>.toml``."""

    name: str
    description: str
    source: str
    rules: dict[str, Any]

    @property
    def shown_description(self) -> str:
        """The description in the current language (extracted from presets/*.toml)."""
        return _(self.description) if self.description else ""


def load_presets(folder: Path) -> dict[str, Preset]:
    presets = {}
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for required in ("description", "source"):
            if required not in data:
                raise BadOption(f"preset file {path.name} lacks {required!r}")
        presets[path.stem] = Preset(path.stem, data["description"], data["source"],
                                    dict(data.get("rules", {})))
    return presets
