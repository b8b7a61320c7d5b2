"""Other sites' hand boundaries and ids, before those sites are supported (issue #11 item 5).

Their hands stay unsupported (HH021), but each is one hand, under the site's game number, and the
same text read twice is a duplicate (HH414) whatever the site. The hand texts are ours, written in
each client's format (shared/FORMATS.md section 4; the corpus files named in each test).
"""

from __future__ import annotations

import re

from handkit import validate_files, validate_text

from hhtool.export.run import export_paths
from hhtool.io import Block
from hhtool.io.split import byte_chunks, split_chunks

# PartyPoker 2012 (fpdb-3/partypoker/cash/*new.table.format.txt): three header lines, one hand
PARTY = """Game #11751402231 starts.

#Game No : 11751402231
***** Hand History for Game 11751402231 *****
$4 USD NL Texas Hold'em - Thursday, May 17, 00:41:12 EEST 2012
Table Masima (Real Money)
Seat 3 is the button
Total number of players : 3/6
Seat 1: Wendeline ( $3.90 USD )
Seat 3: Quartermain ( $4.12 USD )
Seat 5: Hero ( $4 USD )
Hero posts small blind [$0.02 USD].
Wendeline posts big blind [$0.04 USD].
** Dealing down cards **
Dealt to Hero [  Kd 9d ]
Quartermain folds
Hero folds
Wendeline does not show cards.
Wendeline wins $0.06 USD
"""
# the next hand as the client writes it after two blank lines, blank lines inside its header too
# (fpdb-3/partypoker/tournament/*level.change.txt)
PARTY_NEXT = """Game #11751402987 starts.

#Game No : 11751402987


***** Hand History for Game 11751402987 *****
$4 USD NL Texas Hold'em - Thursday, May 17, 00:41:40 EEST 2012
Table Masima (Real Money)
Seat 5 is the button
Total number of players : 3/6
Seat 1: Wendeline ( $3.92 USD )
Seat 3: Quartermain ( $4.12 USD )
Seat 5: Hero ( $3.98 USD )
Wendeline posts small blind [$0.02 USD].
Quartermain posts big blind [$0.04 USD].
** Dealing down cards **
Dealt to Hero [  3c 8h ]
Hero folds
Wendeline folds
Quartermain does not show cards.
Quartermain wins $0.06 USD
"""
# the Mac client: the `#Game No` line has another number than the game (…Mac.Format.txt)
PARTY_MAC = """#Game No : 4567702218
***** Hand History for Game 12395260071 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 14:52:07 ICT 2012
Table Algeciras ( Real Money )
Seat 2 is the button
Total number of players : 2/6
Seat 2: Hero ( $25 USD )
Seat 5: Sorbonne77 ( $31.40 USD )
Hero posts small blind [$0.10 USD].
Sorbonne77 posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Hero [  2c 7d ]
Hero folds
Sorbonne77 does not show cards.
Sorbonne77 wins $0.35 USD
"""
# 2021 tournaments: a game number with letters, and a tournament number first (…202104.anon.txt)
PARTY_2021 = """***** Hand History For Game 1619412247725k3fwq8ha2b *****
150/300 Tourney Texas Holdem Game Table (NL) (MTT Tournament #304170921) (Buyin $4.8 + $0.2) - Thu Apr 08 23:02:51 EDT 2021
Table (304170921) Table #3 (Real Money) -- Seat 4 is the button
Total number of players : 2/8
Seat 4: Hero (4120)
Seat 7: Player3 (2880)
Hero posts small blind [150].
Player3 posts big blind [300].
** Dealing down cards **
Dealt to Hero [  Ts 4s ]
Hero folds
Player3 wins 450 chips
"""
# 888poker (hhsmithy/pacific-cash, fpdb-3/888poker/cash/*ca-on.txt): two header lines, one hand
EIGHT = """#Game No : 349740118
***** 888poker Hand History for Game 349740118 *****
$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:51:40
Table Abbotsford 6 Max (Real Money)
Seat 9 is the button
Total number of players : 2
Seat 4: peregrine_o ( $10.40 )
Seat 9: Ludmilla88 ( $5.02 )
Ludmilla88 posts small blind [$0.05]
peregrine_o posts big blind [$0.10]
** Dealing down cards **
Ludmilla88 folds
** Summary **
peregrine_o collected [ $0.15 ]
"""
EIGHT_CA = EIGHT.replace("349740118", "6551822").replace("***** 888poker Hand", "***** 888poker.ca-on Hand")

# Poker Hand History (pokerkit; phh/phh-dataset/*.phhs, phh/historical/*.phh): sections of a .phhs
# file, and a .phh file that opens with comment lines
_PHH_HAND = """variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cc', 'p2 cc', 'd db 7h8c2s', 'p1 cc', 'p2 cbr 20', 'p1 f']
venue = 'PokerStars'
hand = {hand}
players = ['Tarquin', 'Oswy', 'Belisent']
"""
PHHS = "[1]\n" + _PHH_HAND.format(hand=59937801123) + "\n[2]\n" + _PHH_HAND.format(hand=59937801178)
PHH_COMMENTED = "# A hand of ours.\n# Link: none\n\n" + _PHH_HAND.replace("hand = {hand}\n", "")


def _hands(text: str, tmp_path, name: str = "hands.txt"):
    results, file_findings = validate_text(text, folder=tmp_path, name=name)
    return [(r.site, r.hand_id, r.line, r.status) for r in results], file_findings


def test_partypoker_three_header_lines_are_one_hand(tmp_path):
    hands, file_findings = _hands(PARTY + "\n\n" + PARTY_NEXT, tmp_path)
    assert file_findings == []
    assert hands == [("partypoker", "11751402231", 1, "valid"), ("partypoker", "11751402987", 22, "valid")]


def test_partypoker_ids_are_the_game_numbers(tmp_path):
    hands, _ = _hands(PARTY_MAC + "\n\n" + PARTY_2021, tmp_path)
    assert [h[1] for h in hands] == ["12395260071", "1619412247725k3fwq8ha2b"]


def test_a_last_game_starts_line_with_no_hand_after_it_stays_in_the_hand(tmp_path):
    """fpdb-3/partypoker/cash/*player.joins.as.bb.txt ends with the next game's `Game #N starts.`."""
    hands, file_findings = _hands(PARTY_MAC + "Game #12395260388 starts.\n", tmp_path)
    assert hands == [("partypoker", "12395260071", 1, "valid")] and file_findings == []


def test_888_two_header_lines_are_one_hand(tmp_path):
    hands, file_findings = _hands(EIGHT + "\n\n\n" + EIGHT_CA, tmp_path)
    assert file_findings == []
    assert hands == [("888poker", "349740118", 1, "valid"), ("888poker", "6551822", 18, "valid")]  # read since #14


def test_the_other_sites_ids_are_their_game_numbers(tmp_path):
    texts = {
        # ACR 2016 (UTF-16 in the corpus): the id is on the second line, a table number is on it too
        "winning": "Game started at: 2016/8/28 20:41:07\nGame ID: 714493317 2500/5000 OSS #27 - $300,000 GTD "
        "Sunday Special, Table 8 (Hold'em)\nSeat 1 is the button\n",
        # iPoker XML: a game right after the last one's closing tag
        "ipoker": '<session sessioncode="3508790025">\n  <game gamecode="3051009914">\n    <general/>\n  '
        '</game><game gamecode="3051010342">\n    <general/>\n  </game>\n</session>\n',
        "acpc": "STATE:0:r200c/cc/cc/r300f:Ah5d|Kc2c/8s8c4d/Jh/Qd:200|-200:Alpha_2pn|Beta_2pn\n"
        "STATE:1:cr300f:9s9d|7h2h:300|-300:Beta_2pn|Alpha_2pn\n",
        "bovada": "Bodog.eu Hand #3598530277 TBL#15069462 HOLDEM No Limit - 2018-04-28 21:55:10\n"
        "Seat 1: Dealer ($45.20 in chips)\n",
        "betonline": "BetOnline Poker Game #1605380022: Hold'em No Limit ($0.01/0.02) - 2016/05/02 13:41:05 "
        "Eastern Daylight Time\nTable 'Entourage' 10-Max, Seat #3 is the button\n",
    }
    texts["phh"] = PHHS
    ids = {site: [(h[0], h[1]) for h in _hands(text, tmp_path, f"{site}.txt")[0]] for site, text in texts.items()}
    assert ids == {
        "winning": [("winning", "714493317")],
        "ipoker": [("ipoker", "3051009914"), ("ipoker", "3051010342")],
        "acpc": [("acpc", "acpc-0"), ("acpc", "acpc-1")],  # <log name>-<STATE number>
        "bovada": [("bovada", "3598530277")],
        "betonline": [("betonline", "1605380022")],
        "phh": [("phh", "59937801123"), ("phh", "59937801178")],
    }


def test_a_phh_file_is_one_hand_with_its_comment_lines(tmp_path):
    hands, file_findings = _hands(PHH_COMMENTED, tmp_path, "one.phh")
    # read since issue #15 (hhtool.dialects.phh): a hand with no number is named by a digest of its text
    [(site, hand_id, line, status)] = hands
    assert (site, line, status) == ("phh", 1, "valid") and re.fullmatch(r"[0-9a-f]{12}", hand_id)
    assert file_findings == []


def test_an_exact_duplicate_is_recognised_for_every_site(tmp_path):
    (tmp_path / "a.txt").write_text(EIGHT + "\n\n\n" + PARTY_NEXT, encoding="utf-8")
    (tmp_path / "b.txt").write_text(PARTY_NEXT + "\n\n" + EIGHT, encoding="utf-8")
    results, _ = validate_files([tmp_path / "a.txt", tmp_path / "b.txt"])
    assert [r.status for r in results] == [
        "valid",
        "valid",
        "duplicate",
        "duplicate",
    ]  # 888 and PartyPoker read since #14
    assert [(f.code, f.line) for f in results[2].findings] == [("HH414", 1)]
    assert results[3].hand_id == "349740118" and results[3].site == "888poker"


def test_another_sites_ids_are_not_trusted_to_be_unique(tmp_path):
    """ACPC numbers every match from 0: its hand ids carry the match (the log's name), so that the hands
    of two matches under one number are two hands, no HH413."""
    (tmp_path / "m1.log").write_text("STATE:0:cc/cc/cc/cc:Ah5d|Kc2c/8s8c4d/Jh/Qd:100|-100:Alpha_2pn|Beta_2pn\n")
    (tmp_path / "m2.log").write_text("STATE:0:r200f:9s9d|7h2h:-100|100:Gamma_2pn|Delta_2pn\n")
    results, _ = validate_files([tmp_path / "m1.log", tmp_path / "m2.log"])
    assert [(r.hand_id, r.status, [f.code for f in r.findings]) for r in results] == [
        ("m1-0", "valid", []),
        ("m2-0", "valid", []),
    ]


def test_a_header_cut_between_two_reads_is_met_whole():
    """The reader takes a file 1 MiB at a time: the first lines of a header at the end of one read
    wait for the rest, so that the blocks are the same wherever the reads end."""
    for text in (PARTY + "\n\n" + PARTY_NEXT + "\n\n" + EIGHT, PHHS + "\n" + PHH_COMMENTED):
        data = text.encode()
        whole = [b for b in split_chunks(iter([data]), "f.txt") if isinstance(b, Block)]
        assert len(whole) == 3
        for cut in range(1, len(data)):
            pieces = [b for b in split_chunks(iter([data[:cut], data[cut:]]), "f.txt") if isinstance(b, Block)]
            assert pieces == whole, cut


def test_export_stores_another_sites_duplicate_once_with_one_or_two_jobs(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(EIGHT + "\n\n\n" + PARTY_NEXT, encoding="utf-8")
    (tmp_path / "in" / "b.txt").write_text(PARTY_NEXT + "\n\n" + EIGHT, encoding="utf-8")
    for jobs in (1, 2):
        stats = export_paths([tmp_path / "in"], tmp_path / f"ds{jobs}", jobs=jobs)
        assert (stats.hands_read, stats.hands_written, stats.hands_skipped) == (4, 2, 2)


class _SmallReads:
    """A file handle that returns at most `size` bytes a read, whatever is asked."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.size = data, size

    def read(self, _n: int) -> bytes:
        out, self.data = self.data[: self.size], self.data[self.size :]
        return out


def test_a_partypoker_file_with_a_nul_after_every_line_end_is_text(tmp_path):
    """fpdb-3/partypoker/cash/*club.wpt.format.txt: CRLF line ends, each followed by a NUL byte (it
    was read as a binary file, HH003, and its hand lost)."""
    data = PARTY.replace("\n", "\r\n\x00").encode()
    hands, file_findings = _hands(data, tmp_path)
    assert hands == [("partypoker", "11751402231", 1, "valid")] and file_findings == []
    whole = b"".join(byte_chunks(_SmallReads(PARTY.encode(), 1 << 20), "f.txt"))
    # reads that end between a line end and its NUL (the first read holds the first line end)
    for size in range(30, 160):
        assert b"".join(byte_chunks(_SmallReads(data, size), "f.txt")) == whole, size
