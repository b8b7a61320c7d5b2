"""Typed events of a hand history: what the grammar builds and the replay reads."""

from hhtool.model.events import (
    BETTING,
    Bet,
    BlindKind,
    Call,
    CashDrop,
    CashOut,
    Check,
    Collect,
    DealHole,
    EVCashout,
    Event,
    Fold,
    HandCancelled,
    Insurance,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    Rebuy,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.hand import Claims, Hand, Header, Ledger, Limit, Outcome, Seat, SeatSummary, Source

__all__ = [
    "BETTING", "Bet", "BlindKind", "Call", "CashDrop", "CashOut", "Check", "Claims", "Collect", "DealHole",
    "EVCashout", "Event", "Fold", "Hand", "HandCancelled", "Header", "Insurance", "Ledger", "Limit", "Muck", "Notice",
    "NoticeKind",
    "Outcome", "PostAnte", "PostBlind", "RaiseTo", "Rebuy", "ReturnUncalled", "Seat",
    "SeatSummary", "Show", "Source", "Street", "StreetStart",
]
