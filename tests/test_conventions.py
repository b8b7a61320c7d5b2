"""Convention modes are typed (issue #28): each is a StrEnum member, declared once beside `Conventions`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hhtool import dialects
from hhtool.model.conventions import (
    Conventions,
    LedgerUncalled,
    OddChip,
    RaiseAmount,
    RakeByPot,
    UncalledInCollected,
)

MODES = {
    "uncalled_in_collected": UncalledInCollected,
    "rake_by_pot": RakeByPot,
    "raise_amount": RaiseAmount,
    "ledger_uncalled": LedgerUncalled,
    "odd_chip": OddChip,
}


def _declared():
    for dialect in dialects.dialects():
        yield dialect.name, dialect.conventions
        for variant, conventions in dialect.variants.items():
            yield f"{dialect.name}:{variant}", conventions


@pytest.mark.parametrize(("name", "conventions"), list(_declared()), ids=[n for n, _ in _declared()])
def test_every_dialect_declares_its_modes_as_members(name, conventions):
    assert {field: type(getattr(conventions, field)) for field in MODES} == MODES


def test_a_mode_written_as_its_value_is_the_member():
    said = Conventions(rake_by_pot="capped_main_first", odd_chip="from_big_blind")  # type: ignore[arg-type]
    assert said.rake_by_pot is RakeByPot.CAPPED_MAIN_FIRST and said.odd_chip is OddChip.FROM_BIG_BLIND
    assert replace(said, raise_amount="added").raise_amount is RaiseAmount.ADDED  # type: ignore[arg-type]
    assert RakeByPot.MAIN_FIRST == "main_first"  # members compare equal to their values (a rules file's str)


@pytest.mark.parametrize(
    "bad", [{"uncalled_in_collected": True}, {"ledger_uncalled": False}, {"raise_amount": "too"}, {"odd_chip": ""}]
)
def test_a_value_no_mode_has_fails_when_declared(bad):
    with pytest.raises(ValueError, match="is not a valid"):
        Conventions(**bad)
