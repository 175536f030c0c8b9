"""The games Posthorn knows. A record or pack names its game by id; the id maps to code here,
never to anything loaded from the file itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from .core.violations import PackError


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    blurb: str
    module: str | None  # None: announced, not playable yet

    @property
    def ready(self) -> bool:
        return self.module is not None


GAMES: dict[str, GameInfo] = {g.id: g for g in (
    GameInfo("couriers", "Courier Desk",
             "Couriers, headquarters and commander location rolls for any miniatures wargame.",
             "companion.couriers.rules"),
    GameInfo("postman", "The Postman",
             "Postmen against Holnists on a map of your own making.",
             "companion.postman.rules"),
    GameInfo("thurn_and_taxis", "Thurn and Taxis",
             "Postal routes, houses, carriages and bonus tiles.", "companion.thurn_and_taxis.rules"),
    GameInfo("ab_die_post", "Ab die Post!",
             "Biplane race: spare parts, the hurricane indicator, flight scoring.", "companion.ab_die_post.rules"),
)}


def rules_for(game_id: str, where: str = ""):
    info = GAMES.get(game_id)
    if info is None:
        raise PackError(where or game_id, "pack.game" if where else "",
                        f"unknown game '{game_id}'; expected one of {', '.join(GAMES)}")
    if info.module is None:
        raise PackError(where or game_id, "pack.game" if where else "",
                        f"{info.title} is coming in a later version of Posthorn")
    return import_module(info.module).RULES


# -- packs and records, bound to this registry ----------------------------------------------------
# The core reads packs and records for any game it is told how to find; these are the same
# functions with the registry's own lookup, for the commands, the window and the tests. The core
# modules are imported when first asked for, so importing the registry stays cheap at start-up.
def load_pack(folder, *, bundled: bool = False):
    from .core import packs

    return packs.load_pack(folder, rules_for, bundled=bundled)


def bundled_pack(game: str):
    from .core import packs

    return packs.bundled_pack(game, rules_for)


def find_pack(pack_id: str, content_hash: str | None = None):
    from .core import packs

    return packs.find_pack(pack_id, rules_for, content_hash)


def user_packs():
    from .core import packs

    return packs.user_packs(rules_for)


def packs_for_game(game: str):
    from .core import packs

    return packs.packs_for_game(game, rules_for)


def restore(record, path: str = "record", pack=None):
    from .core import records

    return records.restore(record, rules_for, path, pack)
