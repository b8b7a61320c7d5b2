"""The site's per-player figures (`Claims.ledgers`: iPoker's, PartyPoker's, WPN's 2016 and PHH's put in, won,
net and final stack figures) checked against the replay (HH214): printed by some sites only."""

from __future__ import annotations

from typing import Final

from hhtool.model.conventions import LedgerUncalled
from hhtool.rules.replay import Replay

LEDGER_NEITHER: Final = LedgerUncalled.NEITHER
LEDGER_PUT_IN: Final = LedgerUncalled.PUT_IN


def check(s: Replay) -> None:
    """The site's per-player checksum (`Claims.ledgers`, semantics in `hhtool.model.hand.Ledger`) against
    the replay: what each player put in (after uncalled returns), won from the pots, netted and ends with.
    A site whose figures count the returned uncalled bet in both put-in and won (`ledger_uncalled`) is
    compared with the return added to both; in put-in only (`ledger_uncalled = PUT_IN`), to that one."""
    ledgers = s.hand.claims.ledgers
    if not ledgers:
        return
    with_uncalled = s.conventions.ledger_uncalled is not LEDGER_NEITHER
    in_won = s.conventions.ledger_uncalled is not LEDGER_PUT_IN
    won_by = s.collected_by()
    finals = s.final_stacks()
    taken = s.pot_total - sum(won_by.values())  # the room's rake and fees, for a figure that leaves them out
    for ledger in ledgers:
        player = s.players.get(ledger.player)
        if player is None:
            s.report(
                "HH214",
                ledger.line,
                "player",
                player=ledger.player,
                expected="a player of the hand",
                actual=ledger.player,
            )
            continue
        returned = s.returns.get(ledger.player, 0) if with_uncalled else 0
        put_in = player.total + returned
        share = won_by.get(ledger.player, 0)
        won = share + (returned if in_won else 0)
        for variant, claimed, computed in (
            ("put_in", ledger.put_in, put_in),
            ("won", ledger.won, won),
            ("net", ledger.net, share - player.total),
            ("final_stack", ledger.final_stack, finals[ledger.player]),
        ):
            if claimed is not None and claimed != computed:
                if variant == "final_stack" and share and 0 < claimed - computed <= taken:
                    variant = "final_stack_unraked"  # a winner's stack as if the room had taken nothing
                s.report(
                    "HH214",
                    ledger.line,
                    variant,
                    player=ledger.player,
                    claimed=s.money(claimed),
                    computed=s.money(computed),
                    taken=s.money(taken),
                    expected=computed,
                    actual=claimed,
                )
