"""The dialect registry as an object (issue #28): the built-ins load in their listed order on the first
look-up, and a dialect registered (or replaced, or taken out) later shows in every view at once, the
cached ones included (conventions by site and variant, eras, wordings)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest
from handkit import validate_text

from hhtool import dialects
from hhtool.dialects import BUILT_INS, HEADER_ONLY, Conventions, Dialect, Registry
from hhtool.dialects.sites import hand_site

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


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


def test_dated_site_is_site_of_for_every_date_and_cleared_with_the_other_views():
    registry = Registry()
    assert [(until, site.conventions.prints_uncalled) for until, site in registry.dated_site("toysite", "")] == [
        (None, True)  # unknown: the defaults, whatever the date
    ]
    registry.register(TOY)
    dated = registry.dated_site("toysite", "")
    assert [(until, site.conventions.prints_uncalled) for until, site in dated] == [
        (datetime(2010, 1, 1), True),  # the era "old" until 2010
        (None, False),
    ]
    assert [site for _, site in dated] == [registry.site_of("toysite", "", d) for d in (datetime(2009, 5, 1), None)]
    assert [until for until, _ in registry.dated_site("toysite", "old")] == [None]  # a named variant: any date
    assert registry.dated_sites()[("toysite", "")] == dated
    registry.unregister("toy")
    assert registry.dated_sites() == {}


@pytest.mark.parametrize(
    ("variant", "played", "old"),
    [
        ("", datetime(2009, 5, 1), True),  # before the toy's era ends: its variant "old"
        ("", datetime(2009, 12, 31, 23, 59, tzinfo=UTC), True),  # (the era compared in local time)
        ("", datetime(2010, 1, 1), False),
        ("", datetime(2011, 1, 1), False),
        ("", None, False),  # no date: the site's own conventions
        ("old", datetime(2011, 1, 1), True),  # a named variant, whatever the date
        ("old", None, True),
    ],
)
def test_a_hands_site_is_the_registrys_site_of_for_its_date_and_variant(variant, played, old):
    """hand_site (compiled: a look-up in dated_sites and the era's date compared) gives the registry's
    site_of, and follows the registry when a dialect is registered and taken out."""
    hand = validate_text((SAMPLES / "nl-cash-river-showdown.txt").read_text(encoding="utf-8"))[0][0].hand
    toy_hand = msgspec.structs.replace(
        hand, header=msgspec.structs.replace(hand.header, site="toysite", time=played), conventions_variant=variant
    )
    before = hand_site(toy_hand)  # (unknown site: cached as the defaults')
    assert before is dialects.site_of("toysite", variant, played) and before.conventions.prints_uncalled
    dialects.register(TOY)
    try:
        assert hand_site(toy_hand) is dialects.site_of("toysite", variant, played)
        assert hand_site(toy_hand).conventions.prints_uncalled is old
    finally:
        dialects.unregister("toy")
    assert hand_site(toy_hand) is dialects.site_of("toysite", variant, played)
    assert hand_site(toy_hand).conventions.prints_uncalled
