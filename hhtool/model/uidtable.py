"""A compact set/map of hand uids: per-run state that grows with the number of hands.

A Python set of 1M uid strings costs ~100 MB, a dict uid → digest ~200 MB. This table keeps two
64-bit hashes of each uid (a key and a check) and one 64-bit value: recent entries in a small dict,
the rest in sorted arrays (24 bytes an entry, no empty slots: ~24 MB for 1M hands), merged in when
the dict reaches `_BUFFER` entries (every 16k inserts: ~200 bytes an entry in the dict, 3.3 MB at
most; a sort of those, and the arrays grown and merged in place, see `_merge`). Look-ups go through
memoryviews of the numpy arrays: `bisect` searches them in C and indexing gives Python ints.

Exactness: two uids are taken as the same only when both 64-bit hashes agree (a false match needs
both to collide: ~1e-27 for 1M hands). When the keys agree but the checks differ (a real 64-bit
collision, detected), both are kept apart: entries are found by (key, check), never by key alone.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np

_BUFFER = 1 << 14
_BLOCK = 1 << 16  # entries moved at once by a merge
_MASK = 0xFFFF_FFFF_FFFF_FFFF


def uid_hashes(uid: str) -> tuple[int, int]:
    """(key, check) of a uid: two 64-bit hashes of different inputs (Python's keyed SipHash: the
    table lives in one process, so the per-process hash seed does not matter; str caches its hash)."""
    return hash(uid) & _MASK, hash(uid + "\x00") & _MASK


def _views(arrays: tuple[np.ndarray, ...]) -> tuple[memoryview[int], memoryview[int], memoryview[int]]:
    """Memoryviews of the keys, checks and values arrays (indexing one gives a Python int); `ndarray.data` is
    `memoryview(array)`, typed (numpy's stubs declare an array's buffer protocol for Python >= 3.12 only)."""
    keys, checks, values = arrays
    return keys.data, checks.data, values.data


class UidTable:
    """uid → 64-bit int value (0 when only membership matters)."""

    __slots__ = ("_arrays", "_keys", "_checks", "_values", "_recent")

    def __init__(self) -> None:
        self._arrays = tuple(np.zeros(0, dtype=np.uint64) for _ in range(3))  # keys (sorted), checks, values
        self._keys, self._checks, self._values = _views(self._arrays)
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
        self._insert(pair, value)

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
        self._insert(pair, value)
        return None

    def _insert(self, pair: tuple[int, int], value: int) -> None:
        """A new entry: buffered, and the buffer merged into the sorted arrays when full."""
        self._recent[pair] = value
        if len(self._recent) >= _BUFFER:
            self._merge()

    def _merge(self) -> None:
        """Move the recent entries into the sorted arrays, in place: each array grows by realloc (for
        big blocks glibc moves the pages, no copy) and its entries move up from the end by blocks,
        so a merge needs no second copy of an array (np.insert needed one: +8 MB a merge at 1M)."""
        recent = self._recent
        count = len(recent)
        keys = np.fromiter((k for k, _ in recent), dtype=np.uint64, count=count)
        checks = np.fromiter((c for _, c in recent), dtype=np.uint64, count=count)
        values = np.fromiter(recent.values(), dtype=np.uint64, count=count)
        order = np.argsort(keys, kind="stable")
        keys, checks, values = keys[order], checks[order], values[order]
        size = len(self._keys)
        at = np.searchsorted(self._arrays[0], keys)  # entries with one key stay together, new ones after
        for view in (self._keys, self._checks, self._values):
            view.release()
        for array in self._arrays:
            array.resize(size + count, refcheck=False)
        for high in range(size, 0, -_BLOCK):  # old entry j goes to j + (new entries inserted before it)
            low = max(0, high - _BLOCK)
            old = np.arange(low, high)
            to = old + np.searchsorted(at, old, side="right")
            for array in self._arrays:
                array[to] = array[low:high]
        to = at + np.arange(count)
        for array, new in zip(self._arrays, (keys, checks, values)):
            array[to] = new
        self._keys, self._checks, self._values = _views(self._arrays)
        self._recent = {}
