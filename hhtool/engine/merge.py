"""The parent's share of a parallel run: the cross-hand checks in input order over the workers'
records, and the counts. The merge is the sequential run's too, so it lives with it
(`hhtool.validate.Merger`); this name stays for the engine's readers."""

from __future__ import annotations

from hhtool.validate import Merger

__all__ = ["Merger"]
