"""The PokerStars hands of the corpus that validate with errors, each re-judged for issue #24 (13 of the 1,116
Hold'em hands read, above 1 %: each is listed with why), and for issue #29 (2 of the 15 Omaha high hands read).
None is a PokerStars convention hhtool lacks but the first, which stays unsure (one example): the others are
hand-edited samples or other programs' conversions that carry a PokerStars header (FORMATS.md §1.10), whose
own figures contradict each other.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from test_omaha_hands import KNOWN_ERRORS as OMAHA_KNOWN_ERRORS

from hhtool.findings import Finding
from hhtool.validate import validate_paths

CORPUS = os.environ.get("HHTOOL_CORPUS")
FOLDERS = ("fpdb-3/pokerstars", "fpdb-3/pokerstars-format-variants", "hhsmithy/pokerstars-cash")

_VARIANTS = "fpdb-3/pokerstars-format-variants/"
KNOWN_ERRORS = {
    # unsure (c), real PokerStars text: a 2005 heads-up hand whose summary says `Hero (button) (big blind)`;
    # the other player posts the small blind and acts first, as the small blind does heads-up: the table
    # probably went heads-up and the site kept the button on the big blind's seat (fpdb names the file for
    # it). One example, the hand before it not in the file: HH104 and HH110 stay until more show the rule
    ("fpdb-3/pokerstars/cash-holdem/LHE-USD-1.00-200508.BB.and.Button.same.player.txt", "2344646393"): {
        "HH104",
        "HH110",
    },
    # defective: the file's one hand is no client's text: `PokerStars Game #` in 2012 (the client wrote
    # `Hand #` from 2008), both players' cards in `Dealt to` lines, `shows [Ac 2h] (High Card)`, and `raises
    # 30 to 40` counting the raise from the small blind's post (PokerStars prints `raises 20 to 40`)
    ("fpdb-3/pokerstars/tournament-holdem/NLHE-2max-USD-STT-20-201209.txt", "2667630751"): {"HH121"},
    # defective: Holdem Manager 1 exports (fpdb names them HM1.export): `raises $6 to $6` where the raise is
    # $4 to $6, the total pot printed after the rake (`Total pot $12.35 | Rake $0.65` for $13 in), and a
    # `shows [XX XX]` for unknown cards
    (_VARIANTS + "cash/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt", "1003659126"): {
        "HH121",
        "HH203",
        "HH206",
    },
    (_VARIANTS + "cash/NLHE-10max-USD-1.00-2.00-200910.HM1.shows.one.txt", "1002775011"): {
        "HH121",
        "HH203",
        "HH206",
        "HH302",
    },
    # defective: converted from a site with position names (players named `Small Blind`, `UTGplus1`, every
    # folded hand `mucked` in the summary, no time zone): in each walk the whole $20 big blind comes back
    # and $10 is collected, though the small blind's $10 matched half of it (PokerStars returns $10 and the
    # big blind collects $20)
    (_VARIANTS + "cash/NLHE-6-max-USD-10-20-201701.converted.split.summary.txt", "3406008447"): {
        "HH201",
        "HH203",
        "HH205",
    },
    (_VARIANTS + "cash/NLHE-6-max-USD-10-20-201701.pot1.converted.walk.txt", "3405956177"): {"HH201", "HH203", "HH205"},
    (_VARIANTS + "cash/NLHE-6-max-USD-10-20-201701.pot2.converted.walk.txt", "3406117852"): {"HH201", "HH203", "HH205"},
    # defective: the same converter's tournament walks, seats 7 and 9 at a `6-max` table (the source's
    # 9-seat layout), the big blind's unmatched part collected with the pot and no return line
    (_VARIANTS + "tournament/NLHE-6max-MTT-USD-125-201505.old.converted.tourney.txt", "3210773305"): {
        "HH203",
        "HH205",
        "HH403",
    },
    (_VARIANTS + "tournament/NLHE-6max-MTT-USD-125-201505.old.converted.walk.no.sb.txt", "3210674180"): {
        "HH203",
        "HH205",
        "HH403",
    },
    # defective: HHSmithy's hand-made samples (`PokerStars Game #` in 2014): an ante table whose pot ($0.50)
    # leaves out the six antes and the small blind ($0.90 in after the return)
    ("hhsmithy/pokerstars-cash/Limits/AnteTable.txt", "109715173634"): {"HH203", "HH205"},
    # the seat names edited apart from the body's (`neverJa(1)ger`, `Blahdi:42eblah`: test_corpus_parse's
    # EDITED_NAMES)
    ("hhsmithy/pokerstars-cash/PlayerTests/WithSittingOut.txt", "78407803350"): {
        "HH110",
        "HH122",
        "HH201",
        "HH203",
        "HH205",
        "HH406",
    },
    # a card edited in: 5d both in Fishmax3's hand and on the board, yatga's `a pair of Tens` with no ten
    ("hhsmithy/pokerstars-cash/StreetTests/River.txt", "109687480274"): {"HH301", "HH304"},
    # a hand id copied onto another hand (the sample tables reuse one number for different hands)
    ("hhsmithy/pokerstars-cash/Tables/Table1.txt", "109688539582"): {"HH413"},
}
# the Omaha hands' (read since issue #29; tests/test_omaha_hands.py says why each file is wrong), kept there once
KNOWN_ERRORS.update({key: codes for key, codes in OMAHA_KNOWN_ERRORS.items() if key[0].startswith(FOLDERS)})


@pytest.mark.skipif(not CORPUS, reason="HHTOOL_CORPUS not set")
def test_pokerstars_corpus_validates_with_only_the_known_errors():
    root = Path(CORPUS or "")
    results = [
        r
        for r in validate_paths([root / folder for folder in FOLDERS])
        if not isinstance(r, Finding) and r.site == "pokerstars"
    ]
    statuses = Counter(r.status for r in results)
    assert statuses == {  # Omaha read since issue #29: high 13 valid, 2 invalid, 2 unparsed; Hi/Lo 10 valid, 1 invalid
        "valid": 1121,
        "invalid": len(KNOWN_ERRORS),
        "duplicate": 64,
        "unsupported": 8,
        "unparsed": 7,
    }, statuses
    found = {}
    for result in results:
        if result.status != "invalid":
            continue
        key = (Path(result.file).resolve().relative_to(root.resolve()).as_posix(), result.hand_id)
        found[key] = {f.code for f in result.findings if f.severity.value == "error"}
    assert found == KNOWN_ERRORS
