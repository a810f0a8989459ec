"""A state declared once: its fields, and from them its copy, its save and its load.

A title's state derives from `Saved` and annotates each of its fields once, at class
level, with its type. That declaration is the only list of fields: the class's
`__slots__` are made from it, and so are three functions, generated as straight-line
code the first time each is used (as `dataclasses` does):

- `clone()`: an independent copy for search, as fast as one written by hand: what is
  never changed in place is shared, a list is copied one level per level of lists;
- `to_dict()`: the complete state as JSON-ready data (hidden parts included), each field
  under its name, in declaration order (bases first);
- `load(raw, *context)`: the state back from that data (a classmethod), each value
  converted to the declared type.

How a field is copied, saved and read follows from its type: `int`, `str`, `bool`,
`float`, `None |`, an `IntEnum`, `list[…]` (copied), `tuple[…]` (immutable: shared; saved
as a list), `dict[str, …]`, a frozen dataclass of such fields, `Rng` (saved as its
state), the log (`LogEntry | None`: shared by clones, saved as its English lines from the
class's `LOG_FORMS`), and `Any` (JSON as it is). Markers (`typing.Annotated` aliases)
say the rest:

- `Context[T]`: given to `load` (the title's printed data), shared, never saved;
- `Derived[T]`: worked out from the other fields by the `loaded()` hook after a load;
  shared, never saved;
- `Shared[T]`: saved, but never changed in place, so clones share it;
- `SortedKeys[T]`: a dict saved with its keys sorted;
- `Custom(save, load)` in a field's `Annotated` metadata: saved its own way.

A field missing from an older save gets `FIELD_DEFAULTS[name](raw)`. Two states are equal
when their saves are.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, Self, TypeVar, Union

from ekimae.core import log
from ekimae.core.log import LogEntry
from ekimae.core.logtext import LogForms
from ekimae.core.rng import Rng

T = TypeVar("T")


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_CONTEXT = _Marker("Context")
_DERIVED = _Marker("Derived")
_SHARED = _Marker("Shared")
_SORTED = _Marker("SortedKeys")

Context = Annotated[T, _CONTEXT]
Derived = Annotated[T, _DERIVED]
Shared = Annotated[T, _SHARED]
SortedKeys = Annotated[T, _SORTED]


@dataclasses.dataclass(frozen=True)
class Custom:
    """A field saved its own way: `save(state, value)` -> JSON, `load(state, raw)` ->
    the value (the state's context fields are set by then); clones share the value unless
    `copy` is given."""

    save: Callable[[Any, Any], Any]
    load: Callable[[Any, Any], Any]
    copy: Callable[[Any], Any] | None = None


def plain(value: Any) -> Any:
    """`value` as fresh JSON-ready data: tuples as lists, enums as their values."""
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    return value


# -- what a type says: how to copy, save and load a value of it ---------------------------


class _Namespace:
    """The objects the generated code refers to, each under a name of its own."""

    def __init__(self) -> None:
        self.objects: dict[str, Any] = {"plain": plain, "Rng": Rng}
        self._count = itertools.count()

    def name(self, obj: Any, hint: str = "o") -> str:
        for name, known in self.objects.items():
            if known is obj:
                return name
        name = f"_{hint}{next(self._count)}"
        self.objects[name] = obj
        return name

    def var(self) -> str:
        return f"v{next(self._count)}"


class _Kind:
    """Code for one type: `copy`, `save` and `load` give an expression of `x`."""

    immutable = False  # clones may share it
    saved_as_is = False  # its JSON is itself (nothing to convert or copy)
    loaded_as_is = False

    def copy(self, x: str, ns: _Namespace) -> str:
        return x

    def save(self, x: str, ns: _Namespace) -> str:
        return x

    def load(self, x: str, ns: _Namespace) -> str:
        return x


class _Scalar(_Kind):
    immutable = saved_as_is = True

    def __init__(self, convert: type) -> None:
        self.convert = convert

    def load(self, x: str, ns: _Namespace) -> str:
        return f"{self.convert.__name__}({x})"


class _Plain(_Kind):
    """`Any`: JSON kept as it is (shared by clones: such a value is replaced, not changed)."""

    immutable = True
    loaded_as_is = True

    def save(self, x: str, ns: _Namespace) -> str:
        return f"plain({x})"


class _Optional(_Kind):
    def __init__(self, inner: _Kind) -> None:
        self.inner = inner
        self.immutable = inner.immutable
        self.saved_as_is = inner.saved_as_is
        self.loaded_as_is = inner.loaded_as_is

    def copy(self, x: str, ns: _Namespace) -> str:
        return f"(None if {x} is None else {self.inner.copy(x, ns)})"

    def save(self, x: str, ns: _Namespace) -> str:
        if self.inner.saved_as_is:
            return x
        return f"(None if {x} is None else {self.inner.save(x, ns)})"

    def load(self, x: str, ns: _Namespace) -> str:
        if self.inner.loaded_as_is:
            return x
        return f"(None if {x} is None else {self.inner.load(x, ns)})"


class _Enum(_Kind):
    immutable = True

    def __init__(self, cls: type[enum.Enum]) -> None:
        self.cls = cls

    def save(self, x: str, ns: _Namespace) -> str:
        return f"{x}.value"

    def load(self, x: str, ns: _Namespace) -> str:
        return f"{ns.name(self.cls, 'enum')}({x})"


class _List(_Kind):
    def __init__(self, item: _Kind) -> None:
        self.item = item

    def copy(self, x: str, ns: _Namespace) -> str:
        if self.item.immutable:
            return f"{x}[:]"
        v = ns.var()
        return f"[{self.item.copy(v, ns)} for {v} in {x}]"

    def save(self, x: str, ns: _Namespace) -> str:
        if self.item.saved_as_is:
            return f"{x}[:]"
        v = ns.var()
        return f"[{self.item.save(v, ns)} for {v} in {x}]"

    def load(self, x: str, ns: _Namespace) -> str:
        if self.item.loaded_as_is:
            return f"list({x})"
        v = ns.var()
        return f"[{self.item.load(v, ns)} for {v} in {x}]"


class _Tuple(_Kind):
    """`tuple[X, ...]`: never changed, shared by clones; saved as a list."""

    def __init__(self, item: _Kind) -> None:
        self.item = item
        self.immutable = item.immutable

    def copy(self, x: str, ns: _Namespace) -> str:
        v = ns.var()
        return f"tuple([{self.item.copy(v, ns)} for {v} in {x}])"

    def save(self, x: str, ns: _Namespace) -> str:
        if self.item.saved_as_is:
            return f"list({x})"
        v = ns.var()
        return f"[{self.item.save(v, ns)} for {v} in {x}]"

    def load(self, x: str, ns: _Namespace) -> str:
        if self.item.loaded_as_is:
            return f"tuple({x})"
        v = ns.var()
        return f"tuple([{self.item.load(v, ns)} for {v} in {x}])"


class _Fixed(_Kind):
    """`tuple[A, B, C]`: one kind per place."""

    def __init__(self, items: list[_Kind]) -> None:
        self.items = items
        self.immutable = all(k.immutable for k in items)

    def copy(self, x: str, ns: _Namespace) -> str:
        return self._each(x, ns, lambda k, e: k.copy(e, ns), "(", ",)")

    def save(self, x: str, ns: _Namespace) -> str:
        return self._each(x, ns, lambda k, e: k.save(e, ns), "[", "]")

    def load(self, x: str, ns: _Namespace) -> str:
        return self._each(x, ns, lambda k, e: k.load(e, ns), "(", ",)")

    def _each(
        self, x: str, ns: _Namespace, code: Callable[[_Kind, str], str], start: str, end: str
    ) -> str:
        return start + ", ".join(code(k, f"{x}[{i}]") for i, k in enumerate(self.items)) + end


class _Dict(_Kind):
    def __init__(self, key: _Kind, value: _Kind, sort: bool = False) -> None:
        self.key = key
        self.value = value
        self.sort = sort

    def copy(self, x: str, ns: _Namespace) -> str:
        if self.value.immutable:
            return f"{x}.copy()"
        k, v = ns.var(), ns.var()
        return f"{{{k}: {self.value.copy(v, ns)} for {k}, {v} in {x}.items()}}"

    def save(self, x: str, ns: _Namespace) -> str:
        items = f"sorted({x}.items())" if self.sort else f"{x}.items()"
        if self.value.saved_as_is:
            return f"dict({items})" if self.sort else f"{x}.copy()"
        k, v = ns.var(), ns.var()
        return f"{{{k}: {self.value.save(v, ns)} for {k}, {v} in {items}}}"

    def load(self, x: str, ns: _Namespace) -> str:
        k, v = ns.var(), ns.var()
        return f"{{{self.key.load(k, ns)}: {self.value.load(v, ns)} for {k}, {v} in {x}.items()}}"


class _Record(_Kind):
    """A frozen dataclass: shared; saved as a dict of its fields."""

    immutable = True

    def __init__(self, cls: type, fields: list[tuple[str, _Kind]]) -> None:
        self.cls = cls
        self.fields = fields

    def save(self, x: str, ns: _Namespace) -> str:
        parts = [f"{name!r}: {kind.save(f'{x}.{name}', ns)}" for name, kind in self.fields]
        return "{" + ", ".join(parts) + "}"

    def load(self, x: str, ns: _Namespace) -> str:
        parts = [kind.load(f"{x}[{name!r}]", ns) for name, kind in self.fields]
        return f"{ns.name(self.cls, 'record')}({', '.join(parts)})"


class _Rng(_Kind):
    def copy(self, x: str, ns: _Namespace) -> str:
        return f"Rng({x}.state)"

    def save(self, x: str, ns: _Namespace) -> str:
        return f"{x}.state"

    def load(self, x: str, ns: _Namespace) -> str:
        return f"Rng({x})"


class _Log(_Kind):
    """The log: entries are never changed, only added, so clones share it."""

    immutable = True

    def __init__(self, forms: LogForms) -> None:
        self.forms = forms

    def save(self, x: str, ns: _Namespace) -> str:
        return f"{ns.name(log.lines, 'lines')}({x}, {ns.name(self.forms, 'forms')})"

    def load(self, x: str, ns: _Namespace) -> str:
        return f"{ns.name(log.from_lines, 'from_lines')}({x})"


class _SharedKind(_Kind):
    """`Shared[T]`: saved and loaded as `T`, shared by clones (never changed in place)."""

    immutable = True

    def __init__(self, inner: _Kind) -> None:
        self.inner = inner
        self.saved_as_is = inner.saved_as_is
        self.loaded_as_is = inner.loaded_as_is

    def save(self, x: str, ns: _Namespace) -> str:
        return self.inner.save(x, ns)

    def load(self, x: str, ns: _Namespace) -> str:
        return self.inner.load(x, ns)


class _Custom(_Kind):
    def __init__(self, custom: Custom) -> None:
        self.custom = custom
        self.immutable = custom.copy is None

    def copy(self, x: str, ns: _Namespace) -> str:
        return f"{ns.name(self.custom.copy, 'copy')}({x})"

    def save(self, x: str, ns: _Namespace) -> str:
        return f"{ns.name(self.custom.save, 'save')}(self, {x})"

    def load(self, x: str, ns: _Namespace) -> str:
        return f"{ns.name(self.custom.load, 'load')}(s, {x})"


_SCALARS = {int: _Scalar(int), str: _Scalar(str), bool: _Scalar(bool), float: _Scalar(float)}


def _kind(hint: Any, owner: type, bound: Mapping[Any, Any]) -> _Kind:
    """The kind of a field's type (type variables read through `bound`)."""
    if isinstance(hint, TypeVar):
        if hint not in bound:
            raise TypeError(f"{owner.__name__}: type variable {hint} has no type")
        return _kind(bound[hint], owner, bound)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Annotated:
        return _annotated(args[0], args[1:], owner, bound)
    if hint is Any:
        return _Plain()
    if hint in _SCALARS:
        return _SCALARS[hint]
    if hint is Rng:
        return _Rng()
    if origin in (Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"{owner.__name__}: a union of several types: {hint}")
        if rest[0] is LogEntry:
            return _Log(_forms(owner))
        return _Optional(_kind(rest[0], owner, bound))
    if origin is list:
        return _List(_kind(args[0], owner, bound))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _Tuple(_kind(args[0], owner, bound))
        return _Fixed([_kind(a, owner, bound) for a in args])
    if origin is dict:
        return _Dict(_kind(args[0], owner, bound), _kind(args[1], owner, bound))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Enum(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        fields = [(f.name, _kind(hints[f.name], owner, bound)) for f in dataclasses.fields(hint)]
        return _Record(hint, fields)
    raise TypeError(f"{owner.__name__}: no way to save a field of type {hint}")


def _annotated(inner: Any, marks: tuple[Any, ...], owner: type, bound: Mapping[Any, Any]) -> _Kind:
    for mark in marks:
        if isinstance(mark, Custom):
            return _Custom(mark)
    kind = _kind(inner, owner, bound)
    if _SORTED in marks:
        if not isinstance(kind, _Dict):
            raise TypeError(f"{owner.__name__}: SortedKeys on a field that is not a dict")
        kind = _Dict(kind.key, kind.value, sort=True)
    return _SharedKind(kind) if _SHARED in marks else kind


def _forms(owner: type) -> LogForms:
    forms = getattr(owner, "LOG_FORMS", None)
    if not isinstance(forms, LogForms):
        raise TypeError(f"{owner.__name__}: a log field needs the class's LOG_FORMS")
    return forms


# -- the class: fields from the annotations, functions generated from the fields ----------


class SavedMeta(type):
    """Makes a `Saved` class's `__slots__` from its field annotations."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> SavedMeta:
        own = [
            field
            for field, hint in namespace.get("__annotations__", {}).items()
            if not str(hint).startswith(("ClassVar", "typing.ClassVar"))
        ]
        if "__slots__" not in namespace:
            namespace["__slots__"] = tuple(own)
        namespace["_own_fields"] = tuple(own)
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        for method in ("clone", "to_dict", "load"):
            if method not in namespace:
                setattr(cls, method, _stub(cls, method))
        return cls


def _stub(cls: type, method: str) -> Any:
    """`method` generated for `cls` on its first call (annotations naming classes defined
    later in the module can be read by then)."""
    if method == "load":

        def load(of: type, raw: Mapping[str, Any], *context: Any) -> Any:
            return _compile(cls).load(of, raw, *context)

        return classmethod(load)

    def call(self: Any) -> Any:
        return getattr(_compile(cls), method)(self)

    call.__name__ = method
    return call


@dataclasses.dataclass(frozen=True)
class _Field:
    name: str
    kind: _Kind
    role: str  # "saved", "context" or "derived"


@dataclasses.dataclass(frozen=True)
class _Plan:
    fields: tuple[_Field, ...]
    clone: Callable[[Any], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    load: Callable[..., Any]
    code: str


def fields_of(cls: type) -> list[str]:
    """The fields of a `Saved` class, bases first (context and derived ones too)."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        names.extend(n for n in klass.__dict__.get("_own_fields", ()) if n not in names)
    return names


def _bound(cls: type) -> dict[Any, Any]:
    """Type variables of generic bases -> the types a subclass gives them."""
    bound: dict[Any, Any] = {}
    for klass in cls.__mro__:
        for base in klass.__dict__.get("__orig_bases__", ()):
            origin = typing.get_origin(base)
            params = getattr(origin, "__parameters__", ())
            for param, arg in zip(params, typing.get_args(base), strict=False):
                bound.setdefault(param, bound.get(arg, arg))
    return bound


def _role(hint: Any) -> str:
    if typing.get_origin(hint) is Annotated:
        marks = typing.get_args(hint)[1:]
        if _CONTEXT in marks:
            return "context"
        if _DERIVED in marks:
            return "derived"
    return "saved"


def _compile(cls: type) -> _Plan:
    plan: _Plan | None = cls.__dict__.get("_plan")
    if plan is not None:
        return plan
    hints = typing.get_type_hints(cls, include_extras=True)
    bound = _bound(cls)
    fields = []
    for name in fields_of(cls):
        role = _role(hints[name])
        kind = _Plain() if role != "saved" else _kind(hints[name], cls, bound)
        fields.append(_Field(name, kind, role))
    ns = _Namespace()
    ns.objects.update(new=object.__new__, cls=cls)
    defaults: Mapping[str, Callable[[Mapping[str, Any]], Any]] = getattr(cls, "FIELD_DEFAULTS", {})
    clone = ["def clone(self):", "    c = new(cls)"]
    for f in fields:
        value = f"self.{f.name}"
        clone.append(f"    c.{f.name} = {value if f.kind.immutable else f.kind.copy(value, ns)}")
    clone.append("    return c")
    saved = [f for f in fields if f.role == "saved"]
    save = ["def to_dict(self):", "    return {"]
    save += [f"        {f.name!r}: {f.kind.save(f'self.{f.name}', ns)}," for f in saved]
    save.append("    }")
    context = [f.name for f in fields if f.role == "context"]
    load = [f"def load(of, raw, {', '.join(context)}):" if context else "def load(of, raw):"]
    load.append("    s = new(of)")
    load += [f"    s.{name} = {name}" for name in context]
    for f in saved:
        value = f.kind.load(f"raw[{f.name!r}]", ns)
        if f.name in defaults:
            default = ns.name(defaults[f.name], "default")
            value = f"({value} if {f.name!r} in raw else {default}(raw))"
        load.append(f"    s.{f.name} = {value}")
    load += ["    s.loaded()", "    return s"]
    code = "\n".join([*clone, "", *save, "", *load])
    exec(compile(code, f"<saved {cls.__qualname__}>", "exec"), ns.objects)  # our own code
    plan = _Plan(
        tuple(fields), ns.objects["clone"], ns.objects["to_dict"], ns.objects["load"], code
    )
    type.__setattr__(cls, "_plan", plan)
    type.__setattr__(cls, "clone", plan.clone)
    type.__setattr__(cls, "to_dict", plan.to_dict)
    type.__setattr__(cls, "load", classmethod(plan.load))
    return plan


def generated_code(cls: type) -> str:
    """The code `cls`'s clone, to_dict and load run (to read what a declaration gives)."""
    return _compile(cls).code


class Saved(metaclass=SavedMeta):
    """A state whose fields are declared once, as class annotations (see the module)."""

    __slots__ = ()
    # A field missing from an older save: its value from the rest of the save.
    FIELD_DEFAULTS: ClassVar[Mapping[str, Callable[[Mapping[str, Any]], Any]]] = {}
    LOG_FORMS: ClassVar[LogForms]

    def clone(self) -> Self:  # pragma: no cover - generated
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - generated
        raise NotImplementedError

    @classmethod
    def load(cls, raw: Mapping[str, Any], *context: Any) -> Self:  # pragma: no cover
        raise NotImplementedError

    def loaded(self) -> None:
        """After a load: work out the `Derived` fields (a state with some overrides it)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Saved) or type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
