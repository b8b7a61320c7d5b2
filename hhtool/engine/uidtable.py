"""A compact set/map of hand uids: per-run state that grows with the number of hands.

A Python set of 1M uid strings costs ~100 MB, a dict uid → digest ~200 MB. This table keeps two
64-bit hashes of each uid (a key and a check) and one 64-bit value: recent entries in a small dict,
the rest in sorted arrays (24 bytes an entry, no empty slots: ~24 MB for 1M hands), merged in when
the dict reaches `_BUFFER` entries (every 32k inserts: a sort of those, and one `np.insert` per
array, so a merge needs one more copy of an array at a time, not of all). Look-ups go through
memoryviews of the numpy arrays: `bisect` searches them in C and indexing gives Python ints.

Exactness: two uids are taken as the same only when both 64-bit hashes agree (a false match needs
both to collide: ~1e-27 for 1M hands). When the keys agree but the checks differ (a real 64-bit
collision, detected), both are kept apart: entries are found by (key, check), never by key alone.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np

_BUFFER = 1 << 15
_MASK = 0xFFFF_FFFF_FFFF_FFFF


def uid_hashes(uid: str) -> tuple[int, int]:
    """(key, check) of a uid: two 64-bit hashes of different inputs (Python's keyed SipHash: the
    table lives in one process, so the per-process hash seed does not matter; str caches its hash)."""
    return hash(uid) & _MASK, hash(uid + "\x00") & _MASK


class UidTable:
    """uid → 64-bit int value (0 when only membership matters)."""

    __slots__ = ("_keys", "_checks", "_values", "_recent")

    def __init__(self) -> None:
        self._keys = memoryview(np.zeros(0, dtype=np.uint64))  # sorted by key
        self._checks = memoryview(np.zeros(0, dtype=np.uint64))
        self._values = memoryview(np.zeros(0, dtype=np.uint64))
        self._recent: dict[tuple[int, int], int] = {}

    def __len__(self) -> int:
        return len(self._keys) + len(self._recent)

    def _stored(self, key: int, check: int) -> int:
        """Index of (key, check) in the sorted arrays, or -1."""
        keys = self._keys
        index = bisect_left(keys, key)
        checks = self._checks
        while index < len(keys) and keys[index] == key:  # more than one only after a 64-bit collision
            if checks[index] == check:
                return index
            index += 1
        return -1

    def get(self, uid: str) -> int | None:
        pair = uid_hashes(uid)
        value = self._recent.get(pair)
        if value is not None:
            return value
        index = self._stored(*pair)
        return self._values[index] if index >= 0 else None

    def __contains__(self, uid: str) -> bool:
        return self.get(uid) is not None

    def put(self, uid: str, value: int = 0) -> None:
        """Insert or overwrite."""
        pair = uid_hashes(uid)
        index = self._stored(*pair) if pair not in self._recent else -1
        if index >= 0:
            self._values[index] = value
            return
        self._recent[pair] = value
        if len(self._recent) >= _BUFFER:
            self._merge()

    def add(self, uid: str) -> None:
        self.put(uid, 0)

    def setdefault(self, uid: str, value: int = 0) -> int | None:
        """The value stored for uid, or None after storing `value` for it (one hash)."""
        pair = uid_hashes(uid)
        known = self._recent.get(pair)
        if known is not None:
            return known
        index = self._stored(*pair)
        if index >= 0:
            return self._values[index]
        self._recent[pair] = value
        if len(self._recent) >= _BUFFER:
            self._merge()
        return None

    def _merge(self) -> None:
        """Move the recent entries into the sorted arrays."""
        recent = self._recent
        count = len(recent)
        keys = np.fromiter((k for k, _ in recent), dtype=np.uint64, count=count)
        checks = np.fromiter((c for _, c in recent), dtype=np.uint64, count=count)
        values = np.fromiter(recent.values(), dtype=np.uint64, count=count)
        order = np.argsort(keys, kind="stable")
        at = np.searchsorted(np.asarray(self._keys), keys[order])  # entries with one key stay together
        self._keys = memoryview(np.insert(np.asarray(self._keys), at, keys[order]))
        self._checks = memoryview(np.insert(np.asarray(self._checks), at, checks[order]))
        self._values = memoryview(np.insert(np.asarray(self._values), at, values[order]))
        self._recent = {}
