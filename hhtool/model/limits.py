"""The largest numbers hhtool reads from a hand (docs/commands.md: Limits): beyond them a hand is HH013.

Every number a hand prints ends up in a fixed-width column (int64 money, int8 seats) or in a
computation that must stay bounded (the button search walks seat numbers); a client never prints
anything near these limits, so a hand beyond them is reported, not stored with a wrapped value.
"""

from __future__ import annotations

from typing import Final

# Largest amount in minor units (10^14: $1,000,000,000,000.00, or 100 trillion chips). A hand block
# (at most 512 KiB) holds at most ~30,000 amounts, so any sum of a hand's amounts stays inside int64.
MAX_MINOR: Final = 10**14
# Largest seat number, button seat and N of N-max (a poker table has at most 10 seats; the
# columns are int8).
MAX_SEAT: Final = 99
# Longest hand or tournament number, in digits (sites print 9 to 13).
MAX_ID_DIGITS: Final = 20
# Years a hand's date may have (UTC conversion and the day partition stay well defined).
MIN_YEAR: Final = 1970
MAX_YEAR: Final = 2999
