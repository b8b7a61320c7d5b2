"""A compact set/map of hand uids: per-run state that grows with the number of hands.

A Python set of 1M uid strings costs ~100 MB, a dict uid → digest ~200 MB. This table keeps two
64-bit hashes of each uid (a slot key and a check) and one 64-bit value in numpy arrays: 24 bytes a
slot, ~50 MB for 1M hands with the load kept under 3/4. The arrays are `array('Q')` (indexing gives
Python ints at list speed); growing re-inserts through numpy views of them.

Exactness: two uids are taken as the same only when both 64-bit hashes agree (a false match needs a
128-bit collision: ~1e-27 for 1M hands). When the slot keys agree but the checks differ (a real
64-bit collision, detected), the newcomer is kept exactly, by its string, in a small overflow dict.
"""

from __future__ import annotations

import hashlib
from array import array

import numpy as np

_EMPTY = 0
_MIN_CAPACITY = 1 << 12


def uid_hashes(uid: str) -> tuple[int, int]:
    """(slot key, check) of a uid; the key is never 0 (0 marks an empty slot)."""
    both = int.from_bytes(hashlib.blake2b(uid.encode("utf-8", "surrogatepass"), digest_size=16).digest(), "little")
    return (both & 0xFFFF_FFFF_FFFF_FFFF) | 1, both >> 64


class UidTable:
    """uid → 64-bit int value (0 when only membership matters), open addressing, linear probing."""

    __slots__ = ("_keys", "_checks", "_values", "_mask", "_size", "_exact")

    def __init__(self, capacity: int = _MIN_CAPACITY) -> None:
        size = _MIN_CAPACITY
        while size < capacity * 4 // 3 + 1:
            size <<= 1
        self._alloc(size)
        self._size = 0
        self._exact: dict[str, int] = {}  # uids whose slot key collides with another uid's

    def _alloc(self, size: int) -> None:
        zeros = bytes(8 * size)
        self._keys, self._checks, self._values = array("Q", zeros), array("Q", zeros), array("Q", zeros)
        self._mask = size - 1

    def __len__(self) -> int:
        return self._size + len(self._exact)

    def _find(self, key: int, check: int) -> tuple[int, bool, bool]:
        """(slot, found, key collision seen on the way)."""
        keys, checks, mask = self._keys, self._checks, self._mask
        slot = key & mask
        collided = False
        while True:
            here = keys[slot]
            if here == _EMPTY:
                return slot, False, collided
            if here == key:
                if checks[slot] == check:
                    return slot, True, collided
                collided = True
            slot = (slot + 1) & mask

    def get(self, uid: str) -> int | None:
        if self._exact:
            value = self._exact.get(uid)
            if value is not None:
                return value
        key, check = uid_hashes(uid)
        slot, found, _ = self._find(key, check)
        return self._values[slot] if found else None

    def __contains__(self, uid: str) -> bool:
        return self.get(uid) is not None

    def put(self, uid: str, value: int = 0) -> None:
        """Insert or overwrite."""
        if uid in self._exact:
            self._exact[uid] = value
            return
        key, check = uid_hashes(uid)
        slot, found, collided = self._find(key, check)
        if not found and collided:  # same 64-bit key, different uid: keep this one exactly
            self._exact[uid] = value
            return
        if not found:
            self._keys[slot] = key
            self._checks[slot] = check
            self._size += 1
        self._values[slot] = value
        if self._size * 4 > (self._mask + 1) * 3:
            self._grow()

    def add(self, uid: str) -> None:
        self.put(uid, 0)

    def setdefault(self, uid: str, value: int = 0) -> int | None:
        """The value stored for uid, or None after storing `value` for it (one hash, one probe)."""
        if self._exact:
            known = self._exact.get(uid)
            if known is not None:
                return known
        key, check = uid_hashes(uid)
        slot, found, collided = self._find(key, check)
        if found:
            return self._values[slot]
        if collided:
            self._exact[uid] = value
            return None
        self._keys[slot] = key
        self._checks[slot] = check
        self._values[slot] = value
        self._size += 1
        if self._size * 4 > (self._mask + 1) * 3:
            self._grow()
        return None

    def _grow(self) -> None:
        """Double the arrays and re-insert every entry, vectorised: each round places, for every free
        target slot, the first entry probing it; the others move one slot on (linear probing)."""
        old_keys = np.frombuffer(self._keys, dtype=np.uint64)
        used = np.nonzero(old_keys)[0]
        keys = old_keys[used]
        checks = np.frombuffer(self._checks, dtype=np.uint64)[used]
        values = np.frombuffer(self._values, dtype=np.uint64)[used]
        self._alloc((self._mask + 1) * 2)
        new_keys = np.frombuffer(self._keys, dtype=np.uint64)
        new_checks = np.frombuffer(self._checks, dtype=np.uint64)
        new_values = np.frombuffer(self._values, dtype=np.uint64)
        mask = np.uint64(self._mask)
        pos = keys & mask
        pending = np.arange(len(keys))
        while len(pending):
            cand = pending[new_keys[pos[pending]] == _EMPTY]
            _, first = np.unique(pos[cand], return_index=True)
            placed = cand[first]
            target = pos[placed]
            new_keys[target] = keys[placed]
            new_checks[target] = checks[placed]
            new_values[target] = values[placed]
            done = np.zeros(len(keys), dtype=bool)
            done[placed] = True
            pending = pending[~done[pending]]
            pos[pending] = (pos[pending] + np.uint64(1)) & mask
