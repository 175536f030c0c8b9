"""Rule packs: a folder of TOML data plus ``reference.md``, loaded and validated.

A pack is data only: nothing in it is executed. ``pack.toml`` names the pack and its game; each
other ``*.toml`` file is read into ``Pack.data`` under its file name without the extension.
The game then checks the data against its own schema. Every problem is a PackError naming the
file, the key path and what was expected. Players copy a bundled pack, edit the copy as a
house rule, and ``posthorn check-pack`` (or the app) validates it the same way.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from .reference import RuleText, parse_reference
from .schema import Spec, check
from .tomlfile import parse_toml
from .violations import PackError

if TYPE_CHECKING:
    from .game import Rules

#: How the core finds a game's rules by its id, given the place to blame in a message
#: (``companion.games.rules_for``). Callers pass it in: the core never imports the registry
#: that stands above it.
RulesFor = Callable[[str, str], "Rules"]

PACK_SPEC = Spec(dict, fields={
    "pack": Spec(dict, fields={
        "id": Spec(str),
        "game": Spec(str),
        "version": Spec(str),
        "title": Spec(str),
        "based_on": Spec(str, required=False),
        "description": Spec(str, required=False),
    }),
})

MAX_FILE_BYTES = 2_000_000
#: A pack id may name a folder: a plain name short enough for every file system.
MAX_ID = 64
_PLAIN_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*")


def plain_id(text) -> bool:
    """Whether ``text`` may be used as a folder name: plain letters, digits, '-' and '_', at
    most MAX_ID of them (a record could say "../../somewhere", or 300 characters)."""
    return isinstance(text, str) and len(text) <= MAX_ID and _PLAIN_ID.fullmatch(text) is not None


@dataclass
class Pack:
    id: str
    game: str
    version: str
    title: str
    hash: str
    source: str
    data: dict = field(default_factory=dict)
    reference: dict[str, RuleText] = field(default_factory=dict)
    bundled: bool = False

    def rule(self, rule_id: str) -> RuleText | None:
        return self.reference.get(rule_id)

    def describe(self) -> dict:
        return {"id": self.id, "version": self.version, "hash": self.hash}


#: Sub-folders whose TOML files belong to the pack (and to its hash): ``maps/x.toml`` is read
#: into ``Pack.data["maps"]["x"]``.
SUBFOLDERS = ("maps",)


def _files(folder, root=None):
    """(name, bytes) of every file of the pack, sorted, from a Path or an importlib Traversable.

    A symbolic link is followed only to a file inside the pack's own folder: a pack copied from
    someone else must not read the rest of the disk into its data (and its hash)."""
    out = []
    if isinstance(folder, Path):
        root = root or _resolved(folder, folder)
    for item in folder.iterdir():
        name = item.name
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            raise PackError(_name(folder, ascii(name)[1:-1]), "", "the file name is not UTF-8 text; "
                            "expected names of letters, digits, '-' and '_'") from None
        if isinstance(item, Path) and not (target := _resolved(item, folder)).is_relative_to(root):
            raise PackError(_name(folder, name), "", f"a link to {target}, outside the pack's "
                            "folder; expected the pack's own files (copy the file in instead)")
        if item.is_dir() and name in SUBFOLDERS:
            out += [(f"{name}/{n}", d) for n, d in _files(item, root) if n.endswith(".toml")]
        elif item.is_file() and (name.endswith(".toml") or name.endswith(".md")):
            data = item.read_bytes()
            if len(data) > MAX_FILE_BYTES:
                raise PackError(_name(folder, name), "", f"file is larger than {MAX_FILE_BYTES} bytes")
            out.append((name, data))
    return sorted(out)


def _resolved(item: Path, folder) -> Path:
    """Where ``item`` really is. A loop of links raises RuntimeError on Python 3.11 (OSError
    on later ones): either way the pack is refused with the link's name, never a crash."""
    try:
        return item.resolve()
    except (OSError, RuntimeError):
        raise PackError(_name(folder, item.name), "", "a loop of links (or a link that cannot be "
                        "followed); expected the pack's own files") from None


def _name(folder, filename: str) -> str:
    return str(Path(str(folder)) / filename)


def content_hash(files) -> str:
    h = hashlib.sha256()
    for name, data in files:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return "sha256:" + h.hexdigest()


def load_pack(folder, rules_for: RulesFor, *, bundled: bool = False) -> Pack:
    """Read and validate the pack in ``folder`` (a path or an importlib resource folder), the
    game's part by the rules ``rules_for`` finds for the pack's game."""
    if isinstance(folder, (str, Path)):
        folder = Path(folder)
        try:
            is_dir = folder.is_dir()
        except OSError as e:  # a name too long for the file system, a loop of links...
            raise PackError(str(folder), "", f"cannot be read: {e.strerror or e}") from None
        if not is_dir:
            raise PackError(str(folder), "", "not a folder holding a rule pack")
    try:
        files = _files(folder)
    except OSError as e:
        raise PackError(str(folder), "", f"cannot be read: {e.strerror or e}") from None
    names = dict(files)
    if "pack.toml" not in names:
        raise PackError(_name(folder, "pack.toml"), "", "missing: every pack needs a pack.toml")
    tables: dict[str, dict] = {}
    for name, raw in files:
        if not name.endswith(".toml"):
            continue
        parsed = parse_toml(raw, _name(folder, name))
        if "/" in name:
            sub, stem = name[:-5].split("/", 1)
            tables.setdefault(sub, {})[stem] = parsed
        else:
            tables[name[:-5]] = parsed
    head = tables.pop("pack")
    check(head, PACK_SPEC, _name(folder, "pack.toml"))
    info = head["pack"]
    if not plain_id(info["id"]):
        raise PackError(_name(folder, "pack.toml"), "pack.id",
                        f"expected a plain name of at most {MAX_ID} letters, digits, '-' or '_' "
                        f"(it names the pack in records), found {info['id'][:40]!r}")
    reference = {}
    if "reference.md" in names:
        try:
            reference = parse_reference(names["reference.md"].decode("utf-8"))
        except UnicodeDecodeError as e:
            raise PackError(_name(folder, "reference.md"), f"byte {e.start}", "not UTF-8 text") from None
    pack = Pack(info["id"], info["game"], info["version"], info["title"], content_hash(files),
                str(folder), tables, reference, bundled)
    rules = rules_for(pack.game, _name(folder, "pack.toml"))
    rules.validate_pack(pack)
    missing = sorted(rules.rule_ids() - set(reference))
    if missing:
        raise PackError(_name(folder, "reference.md"), missing[0],
                        f"no section for this rule id ({len(missing)} rule id(s) without a section)")
    return pack


@functools.lru_cache(maxsize=16)
def bundled_pack(game: str, rules_for: RulesFor) -> Pack:
    """The pack shipped inside the installed package (works from a wheel or a frozen app).

    Read once per process: bundled packs do not change while the app runs, and every game
    opened or replayed would otherwise parse and check the same files again. Treat the returned
    pack as read-only.
    """
    return load_pack(resources.files("rules") / game, rules_for, bundled=True)


def find_pack(pack_id: str, rules_for: RulesFor, content_hash: str | None = None) -> Pack:
    """The bundled pack or a player's pack (in the user data folder) with this id."""

    candidates = []
    if plain_id(pack_id):  # only a plain name may become a folder name
        try:
            candidates.append(bundled_pack(pack_id, rules_for))
        except PackError:
            pass
    mine, _problems = user_packs(rules_for)
    candidates += [p for p in mine if p.id == pack_id]
    for p in candidates:
        if content_hash is None or p.hash == content_hash:
            return p
    if candidates:
        return candidates[0]
    raise PackError(str(pack_id)[:MAX_ID], "", "no bundled or installed rule pack has this id; expected the id "
                    "of a bundled pack or of a pack in the user data folder's packs/")


def user_packs(rules_for: RulesFor) -> tuple[list[Pack], list[PackError]]:
    """The players' own packs in the user data folder's ``packs/``, and why the others failed."""
    from .storage import user_packs_dir

    packs, problems = [], []
    for folder in sorted(user_packs_dir().iterdir()):
        # One broken pack (a loop of links, an unreadable file) is listed with its reason and
        # never stops the other packs or the games that do not use it.
        try:
            if folder.is_dir():
                packs.append(load_pack(folder, rules_for))
        except PackError as e:
            problems.append(e)
        except (OSError, RuntimeError) as e:
            problems.append(PackError(str(folder), "", f"cannot be read: {getattr(e, 'strerror', None) or e}"))
    return packs, problems


def packs_for_game(game: str, rules_for: RulesFor) -> tuple[list[Pack], list[PackError]]:
    """Every pack a new game of ``game`` may use: the bundled one first, then house-rule copies
    (with the reasons any copy in the packs folder cannot be used)."""
    mine, problems = user_packs(rules_for)
    try:
        bundled = [bundled_pack(game, rules_for)]
    except PackError as e:  # a game with no bundled pack (all its packs are the players' own)
        bundled = []
        if plain_id(game) and (resources.files("rules") / game).is_dir():
            problems.append(e)  # a bundled pack that cannot be read is said, never hidden
    return bundled + [p for p in mine if p.game == game], problems
