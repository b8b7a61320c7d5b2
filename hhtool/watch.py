"""`hhtool watch`: follow a folder of hand-history files as a poker client appends to them, as a
tracker's auto-import does, and validate (and store) each new hand once.

Polling, not file-system events: it works on every system and network drive, needs no dependency,
and a client writes a hand every few seconds at most, so a poll a second costs nothing. Each poll:

- lists the folder (recursively) and stats each file; a file is re-read only when it changed;
- reads a growing file from where the last complete hand ended (`Followed.offset`), with the
  file's own line numbers, so a long session never re-reads its files;
- holds the last hand of a file back while it may still be written: it is taken when it looks
  finished (its summary section and a blank line after it), or when the file has not grown for
  `idle` seconds (a hand cut short then is reported as such: `HH011`);
- follows a file renamed in the folder (same device and inode) from where it was, and reads a file
  that shrank or changed without growing (truncated, replaced, rewritten) from its beginning again,
  skipping the hands whose exact text it already took from that file: each hand is validated once.
  The same hand in two files (a copy a rotation left) is a duplicate (HH414), as `validate` says;
- reads a `.gz` file or a `.zip` whole once it has not changed for `idle` seconds (an archive being
  written is not readable yet).

Hands are validated as `validate` does, with the cross-hand checks (stacks, button, duplicates)
carried through the session, and, with a dataset, stored a poll's batch at a time through the
export's writer: one commit (snapshot) per batch with new hands, the lock held only meanwhile.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hhtool import dialects
from hhtool.codes import HH001, HH003, HH004, finding
from hhtool.engine.plan import _Bounded
from hhtool.findings import Finding
from hhtool.io import paths as _paths
from hhtool.io import sources
from hhtool.io.split import Block, byte_chunks, split_chunks
from hhtool.pipeline import stray_text
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, Summary, check_block, new_merger

COMPACT_AT = 32  # files of one day in `hands` that make watch merge that day's files


@dataclass(slots=True)
class Followed:
    """What is known of one file being followed."""

    ident: tuple[int, int]  # (device, inode): a rename keeps it
    size: int = -1  # at the last read
    mtime: float = 0.0  # at the last read
    offset: int = 0  # bytes taken: every block before it was emitted (a line start, or where a read ended)
    line: int = 1  # the line number at offset
    done: tuple[int, int] = (0, 0)  # (line, column) of the last item emitted from the current offset on
    seen: tuple[int, float] = (-1, 0.0)  # (size, mtime) at the last poll
    changed_at: float = 0.0  # clock time the file was last seen to change
    held: bool = False  # a last block is held back
    archive: bool = False  # read whole, once stable
    whole: bool = False  # UTF-16: read from the start each time, what was emitted skipped by position
    binary: bool = False  # HH003 was reported: not read again until replaced
    taken: Counter = field(default_factory=Counter)  # digests of the hand texts emitted from this file (name)
    before: Counter = field(default_factory=Counter)  # those taken before it was rewritten: not again
    contexts: dict = field(default_factory=dict)  # the file-level sections read so far (iPoker's sessions)


@dataclass(slots=True)
class Follower:
    """The blocks new since the last poll, over every file of a folder."""

    folder: Path
    idle: float = 5.0
    clock: Callable[[], float] = time.monotonic
    files: dict[str, Followed] = field(default_factory=dict)

    def poll(self, final: bool = False) -> Iterator[Block | Finding]:
        """New blocks and file-level findings, file by file. `final`: take held hands as they are."""
        now = self.clock()
        listing = self._list()
        self._follow_renames(listing)
        for name, st in listing.items():
            state = self.files.get(name)
            ident = (st.st_dev, st.st_ino)
            rewritten = (
                state is not None
                and not state.archive
                and (st.st_size < state.size or (st.st_size == state.size and st.st_mtime != state.mtime))
            )
            if state is None or state.ident != ident or rewritten:  # new, replaced, truncated, rewritten in place
                taken = state.taken if state is not None else Counter()  # what this file gave stays taken
                state = self.files[name] = Followed(
                    ident, archive=_is_archive(name), changed_at=now, taken=taken, before=taken.copy()
                )
            stamp = (st.st_size, st.st_mtime)
            if stamp != state.seen:
                state.seen, state.changed_at = stamp, now
            quiet = final or now - state.changed_at >= self.idle
            unread = stamp != (state.size, state.mtime)
            if state.archive:
                if unread and quiet:
                    state.size, state.mtime = stamp
                    yield from self._read_archive(name, state)
            elif (unread or (state.held and quiet)) and not state.binary:
                yield from self._read(name, state, st.st_size, quiet)
                state.mtime = st.st_mtime

    # -- listing -----------------------------------------------------------------------------
    def _list(self) -> dict[str, os.stat_result]:
        out: dict[str, os.stat_result] = {}
        for path, problem in _paths.expand_paths([self.folder]):
            name = str(path)
            if problem is not None:
                continue  # an empty folder waits for its first file; a sub-folder not listable is skipped
            try:
                out[name] = os.stat(name)
            except OSError:
                continue  # gone between the listing and the stat: the next poll sees
        return out

    def _follow_renames(self, listing: dict[str, os.stat_result]) -> None:
        """A file that moved (a client rotating its log) keeps its state under its new name, even
        when a new file took its old name in the same interval; states of files gone are dropped."""
        idents = {name: (st.st_dev, st.st_ino) for name, st in listing.items()}
        present = set(idents.values())
        away = {state.ident: name for name, state in self.files.items() if idents.get(name) != state.ident}
        files: dict[str, Followed] = {}
        for name, ident in idents.items():
            state = self.files.get(name)
            if state is not None and state.ident == ident:
                files[name] = state
            elif ident in away:
                files[name] = self.files[away.pop(ident)]
            elif state is not None and state.ident not in present:
                files[name] = state  # replaced or rewritten under its name: poll() reads it again
        self.files = files

    # -- reading -------------------------------------------------------------------------------
    def _read(self, name: str, state: Followed, size: int, quiet: bool) -> Iterator[Block | Finding]:
        """The items of bytes [offset, size) not yet emitted; the last block held unless finished or quiet."""
        display = _paths.display_name(name)
        newlines = 0

        def counted(chunks):
            nonlocal newlines
            for chunk in chunks:
                newlines += chunk.count(b"\n")
                yield chunk

        state.size = size  # a failure below is told once, not at every poll
        try:
            handle = open(name, "rb")  # noqa: SIM115 (entered below: `with handle:`, once the open is known to work)
        except OSError as exc:
            yield _cannot_read(display, exc)
            return
        with handle:
            if state.offset == 0:  # UTF-16 is decoded from its byte-order mark: re-read whole, always
                state.whole = handle.read(2) in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
            handle.seek(state.offset)
            chunks = counted(byte_chunks(_Bounded(handle, size - state.offset), display))
            last = None  # one item of look-ahead: the last block of the file may be held
            try:
                for item in split_chunks(chunks, display, state.line, state.contexts):
                    if (item.line, item.column) <= state.done or (isinstance(item, Finding) and item.code == HH001):
                        continue  # emitted by an earlier read; "no hand" in a file still empty
                    if last is not None:
                        yield from self._emit(state, last)
                    last = item
                    if isinstance(item, Finding) and item.code == HH003:
                        state.binary = True  # not a hand history: told once, not at each growth
            except OSError as exc:
                yield _cannot_read(display, exc)
                return
        held = (
            last is not None
            and isinstance(last, Block)
            and last.dialect is not None
            and not (quiet or looks_finished(last))
        )
        state.held = held
        if last is not None and not held:
            yield from self._emit(state, last)
        if not held and not state.whole:  # all taken: the next read starts at the end
            state.offset, state.line, state.done = size, state.line + newlines, (0, 0)

    def _emit(self, state: Followed, item: Block | Finding) -> Iterator[Block | Finding]:
        state.done = (item.line, item.column)
        if not _seen(state, item):
            yield item

    def _read_archive(self, name: str, state: Followed) -> Iterator[Block | Finding]:
        for path, problem in sources.expand_paths([name]):
            if problem is not None:
                yield _paths.path_finding(path, problem)
                continue
            for item in sources.read_blocks(path):
                if not _seen(state, item):
                    yield item


def _seen(state: Followed, item: Block | Finding) -> bool:
    """Whether this hand was taken from the file before it was rewritten (its exact text, as many
    times as it was taken); remembers it. A hand twice in one file is a duplicate (HH414), as for
    `validate`: only what a rewrite gives again is skipped."""
    if not isinstance(item, Block) or item.dialect is None or item.oversized:
        return False
    digest = hashlib.blake2b(item.text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    if state.before[digest] > 0:
        state.before[digest] -= 1
        return True
    state.taken[digest] += 1
    return False


def _cannot_read(name: str, exc: OSError) -> Finding:
    return finding(HH004, f"cannot read file: {exc.strerror or exc}", name, 0)


def _is_archive(name: str) -> bool:
    return sources.is_gzip(name) or sources.is_zip(name)


def looks_finished(block: Block) -> bool:
    """Whether a hand at the end of a file is whole: its summary section (the line its dialect opens it
    with) is there and a blank line follows its last line (a client writes a hand, then the blank lines
    that end it). Otherwise, or for a dialect that names no summary line, it waits for the file to be idle."""
    dialect = dialects.get(block.dialect)
    summary = dialect.summary_line if dialect is not None else None
    return summary is not None and f"\n{summary}\n" in block.text and block.text.endswith("\n\n")


class Session:
    """Validate blocks as they come, with the cross-hand checks carried from poll to poll, and store
    them in a dataset: one commit per poll (or per `batch` hands, on a large first read).

    Results are not kept: each is turned by `render` into what the caller prints (by default the
    result itself), and handed to `emit` a batch at a time, before the batch is committed, then to
    `stored` once it is; with a dataset, only hands (and file-level findings) new to it are.

    Reported, then stored: a hand is never in the dataset unless its findings were printed, so a
    watch killed at any moment (SIGKILL included) loses no report. A kill between the two leaves the
    batch reported and not stored: the next watch reads those hands again, as new, and reports them
    again (once more, never less). Storing first would lose them: the next watch skips stored hands.
    """

    def __init__(
        self,
        rules: RuleSet | None = None,
        out: str | os.PathLike | None = None,
        wait: float | None = None,
        render: Callable = lambda result: result,
        emit: Callable[[list], None] = lambda batch: None,
        batch: int = 10_000,
        stored: Callable[[list], None] = lambda batch: None,
    ) -> None:
        self.rules = rules or RuleSet()
        self.summary = Summary()
        self.merger = new_merger(self.rules, self.summary)  # the cross-hand state, carried from poll to poll
        self.out, self.wait = out, wait
        self.render, self.emit, self.batch, self.told_stored = render, emit, batch, stored
        self.stored = 0
        self.commits = 0
        self.compactions = 0
        self._fresh_findings = 0  # file-level findings new to the dataset in the writer's batch

    def take(self, items: Iterable[Block | Finding]) -> None:
        """Judge, store and emit `items`; interrupted, the batch in progress is not stored."""
        writer = None
        pending: list = []
        try:
            # the verdicts a poll's hands let go, then those still held back (a poll is the end of input
            # for the cross-hand checks' hold-back: a hand of the next poll changes no verdict given)
            for results in self._verdicts(items):
                for result in results:
                    if self.out is not None:
                        if writer is None:
                            from hhtool.export.writer import DatasetWriter

                            writer = DatasetWriter(self.out, self.wait)
                        kept = self._store(writer, result)
                        if kept is None:
                            continue
                        result = kept
                    pending.append(self.render(result))
                    if len(pending) >= self.batch:
                        self._report_and_commit(writer, pending)
                        writer, pending = None, []
            self._report_and_commit(writer, pending)
            writer = None
        except BaseException:
            self.merger.forget()  # the verdicts held back go with the batch (read again by the next watch)
            if writer is not None:
                writer.abort()
            raise

    def _verdicts(self, items: Iterable[Block | Finding]) -> Iterator[list[HandResult | Finding]]:
        for item in items:
            yield self._judge(item)
        yield self.merger.flush()

    def _report_and_commit(self, writer, pending: list) -> None:
        """Emit a batch, then commit it (see the class: reported before stored), then tell `stored`."""
        if pending:
            self.emit(pending)
        self._commit(writer)
        if pending:
            self.told_stored(pending)

    def _store(self, writer, result: HandResult | Finding) -> HandResult | Finding | None:
        """Add a result to the writer: it as stored, or None when the dataset holds it already."""
        skipped, known = writer.stats.hands_skipped, len(writer.known_file_findings)
        if isinstance(result, Finding):
            writer.add(result)
            fresh = len(writer.known_file_findings) > known
            self._fresh_findings += fresh
            return result if fresh else None
        stored = writer.add(result)
        if stored is not result:
            self.summary.replace(result, stored)
        return stored if writer.stats.hands_skipped == skipped else None

    def _commit(self, writer) -> None:
        if writer is None:
            return
        if writer.stats.hands_written or self._fresh_findings:
            self.stored += writer.commit().hands_written
            self.commits += 1
            self._compact_crowded_days()
        else:
            writer.abort()
        self._fresh_findings = 0

    def _compact_crowded_days(self) -> None:
        """Each commit adds a file per table to each day it writes, and a commit links every file of
        the dataset: a day that reached COMPACT_AT files is merged into one file per table, as
        `hhtool dataset compact` does, so that a long session keeps commits quick."""
        from hhtool.upkeep import compact, crowded_days

        if self.out is None:  # no dataset: nothing was committed
            return
        days = crowded_days(self.out, COMPACT_AT)
        if days:
            compact(self.out, self.wait, days)
            self.compactions += 1

    def _judge(self, item: Block | Finding) -> list[HandResult | Finding]:
        """The verdicts the item lets go (see Merger: a hand may be held back until its chain is settled)."""
        if isinstance(item, Finding):
            return self.merger.merge(item)
        if item.dialect is None:
            return self.merger.merge(stray_text(item))
        return self.merger.merge(check_block(item, self.rules))


def watch(
    folder: str | os.PathLike,
    session: Session,
    stop: threading.Event,
    interval: float = 1.0,
    idle: float = 5.0,
    once: bool = False,
    clock: Callable[[], float] = time.monotonic,
) -> Follower:
    """Poll `folder` every `interval` seconds until `stop` is set (or once, taking held hands as they
    are), each poll's blocks going through `session`. A poll in progress finishes (its batch
    committed, or not at all) before the stop is seen."""
    follower = Follower(Path(folder), idle, clock)
    while True:
        session.take(follower.poll(final=once))
        if once or stop.wait(interval):
            return follower
