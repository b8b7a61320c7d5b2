"""PartyPoker amounts and cards as printed, read exactly (integer minor units through Decimal).

Amounts come in every dress: `[$0.10 USD]`, `($0.95)`, `(0.01)`, `[ $0,10 USD ]` (the Mac client's decimal
comma), `[0,35 €]` (a suffix euro), `( $1,000 USD )` and `( 3,000 )` (thousands commas), `332,194,176`,
`+$0.1`. A comma followed by one or two digits at the end of a money amount is a decimal comma; any other
comma separates thousands. Cards: `[ As, 6h, Qc ]` (board, 2019+ hole cards) and `[  Js Th ]` (hole cards).
"""

from __future__ import annotations

import re

from hhtool.model.money import MoneyError, to_minor

SITE = "partypoker"

_NOISE = re.compile(r"[\[\]()$€\x80+\s]|USD|EUR|GBP")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")


def party_money(text: str, scale: int) -> int:
    """`[$0,10 USD]` → 10 (at scale 100): brackets, symbols and codes dropped, the comma read as the
    client meant it. MoneyError when what is left is not an amount."""
    plain = _NOISE.sub("", text).rstrip(".")
    if not plain:
        raise MoneyError(f"no amount in {text[:40]!r}")
    if "," in plain:
        if "." not in plain and scale > 1 and _DECIMAL_COMMA.fullmatch(plain):
            plain = plain.replace(",", ".")
        else:
            plain = plain.replace(",", "")
    return to_minor(plain, scale)


def cards(text: str) -> tuple[str, ...]:
    """The cards in the first `[...]` of `text`, in order (`10` written as `T`)."""
    open_at = text.find("[")
    close_at = text.find("]", open_at + 1)
    if open_at < 0 or close_at < 0:
        return ()
    return tuple(card.replace("10", "T") for card in _CARD.findall(text, open_at, close_at))
