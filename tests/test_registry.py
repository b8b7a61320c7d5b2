"""The dialect registry as an object (issue #28): the built-ins load in their listed order on the first
look-up, and a dialect registered (or replaced, or taken out) later shows in every view at once, the
cached ones included (conventions by site and variant, eras, wordings)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from hhtool import dialects
from hhtool.dialects import BUILT_INS, HEADER_ONLY, Conventions, Dialect, Registry


def _describe(value) -> str:
    return "toy words"


def _matches(text, cards) -> bool:
    return text == "toy words"


def _against(text, cards, others) -> bool:
    return True


def _rake() -> tuple:
    return ("toy schedule",)


TOY = Dialect(
    name="toy",
    site="toysite",
    header=rb"Toy Hand #",
    reader=lambda block: None,
    describe=_describe,
    description_matches=_matches,
    description_against=_against,
    rake=_rake,
    conventions=Conventions(prints_uncalled=False, time_zones={"TT": "Etc/UTC"}, reference_zone="TT"),
    variants={"old": Conventions(prints_uncalled=True)},
    eras=(("2010-01-01", "old"),),
    sidecars=("***** Toy Summary *****",),
)


def _views(registry: Registry) -> dict:
    """Every view of the registry, as a test sees the toy through it."""
    header = dataclasses.make_dataclass("H", ["site", "time", "time_zone", "server_time"])(
        "toysite", datetime(2020, 1, 1, 12), "TT", None
    )
    return {
        "get": registry.get("toy"),
        "listed": TOY in registry.dialects(),
        "named": (registry.named("toysite"), registry.named("toy")),
        "by_site": registry.by_site("toysite"),
        "conventions": registry.conventions("toysite").prints_uncalled,
        "variant": registry.conventions("toysite", "old").prints_uncalled,
        "era": registry.hand_conventions("toysite", "", datetime(2009, 5, 1)).prints_uncalled,
        "started_utc": registry.started_utc(header),
        "sidecar": registry.sidecar_of("***** Toy Summary *****\n"),
        "replayed": "toysite" in registry.replayed_sites(),
        "rake": "toy schedule" in registry.built_in_rake(),
        "wording": registry.wording("toysite"),
        "against": registry.description_against("toysite"),
    }


ABSENT = {
    "get": None,
    "listed": False,
    "named": (None, None),
    "by_site": None,
    "conventions": True,  # an unknown site's conventions are the defaults
    "variant": True,
    "era": True,
    "started_utc": None,  # the defaults know no zone TT
    "sidecar": None,
    "replayed": False,
    "rake": False,
    "wording": None,
    "against": None,
}
PRESENT = {
    "get": TOY,
    "listed": True,
    "named": (TOY, TOY),
    "by_site": TOY,
    "conventions": False,
    "variant": True,
    "era": True,
    "started_utc": datetime(2020, 1, 1, 12, tzinfo=UTC),  # read in the toy's zone TT (UTC)
    "sidecar": TOY,
    "replayed": True,
    "rake": True,
    "wording": (_describe, _matches),
    "against": _against,
}


def test_a_registered_dialect_shows_in_every_view_even_after_they_were_cached():
    registry = Registry()
    assert _views(registry) == ABSENT  # (every view computed and cached without the toy)
    version = registry.version()
    registry.register(TOY)
    assert registry.version() > version
    assert _views(registry) == PRESENT
    with pytest.raises(ValueError, match="already registered"):
        registry.register(TOY)
    registry.register(dataclasses.replace(TOY, conventions=Conventions(prints_uncalled=True)), replace=True)
    assert registry.conventions("toysite").prints_uncalled is True
    registry.unregister("toy")
    assert _views(registry) == ABSENT


def test_the_module_functions_are_the_registry_s():
    assert dialects.conventions("toysite").prints_uncalled is True  # unknown: defaults, now cached
    dialects.register(TOY)
    try:
        assert dialects.REGISTRY.get("toy") is TOY
        assert dialects.conventions("toysite").prints_uncalled is False
        assert dialects.wording("toysite") == (_describe, _matches)
        assert dialects.dialects()[-1] is TOY  # after every built-in
    finally:
        dialects.unregister("toy")
    assert dialects.get("toy") is None and dialects.conventions("toysite").prints_uncalled is True


def test_the_built_ins_load_in_their_listed_order_on_the_first_look_up():
    fresh = Registry((*BUILT_INS, *HEADER_ONLY))
    assert fresh._by_name == {}  # nothing imported or registered before a look-up
    names = [dialect.name for dialect in fresh.dialects()]
    assert names == [dialect.name for dialect in dialects.dialects()]
    assert names[:3] == ["pokerstars", "ggpoker", "partypoker"] and names[-1] == "pokerstars_clone"
    assert names.index("winning") + 1 == names.index("winning2016")
    # a registration before any look-up still comes after the built-ins
    early = Registry((*BUILT_INS,))
    early.register(TOY)
    assert [d.name for d in early.dialects()][-1] == "toy" and len(early.dialects()) == len(BUILT_INS) + 1


def test_a_built_in_listed_twice_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        Registry(("hhtool.dialects.ohh:DIALECT", "hhtool.dialects.ohh:DIALECT")).dialects()
