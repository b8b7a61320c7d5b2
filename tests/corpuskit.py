"""A small, fixed selection of the real-hand corpus for the tests that run the same hands two ways (compiled and
pure Python, one job and two): every site folder, a few hundred hands each, instead of all 19,000."""

from __future__ import annotations

from pathlib import Path

from hhtool.io import Block, read_blocks

CORPUS_HANDS_PER_SITE = 300  # whole files, in name order, until a site folder gives this many hands


def corpus_selection(corpus: Path, cuts: Path, per_site: int = CORPUS_HANDS_PER_SITE) -> list[Path]:
    """Whole files of every site folder of the corpus (the folders holding files; fpdb-3's sites one by
    one), in name order, until the folder has given `per_site` hands: the same selection on every run. A
    file of more than `per_site` hands (ACPC's logs: 3,000 a file) gives its first `per_site`, written
    into `cuts` up to the next hand's first line (files with a file-level section, iPoker's XML, stay whole)."""
    folders: dict[Path, list[Path]] = {}
    for path in sorted(p for p in corpus.rglob("*") if p.is_file() and p.name != "PROVENANCE.md"):
        site = path.relative_to(corpus).parts
        key = corpus / site[0] / site[1] if site[0] == "fpdb-3" and len(site) > 2 else corpus / site[0]
        folders.setdefault(key, []).append(path)
    chosen = []
    for files in folders.values():
        hands = 0
        for path in files:
            if hands >= per_site:
                break
            blocks = [b for b in read_blocks(path) if isinstance(b, Block)]
            if len(blocks) > per_site and all(b.context is None for b in blocks):
                cut = cuts / f"{len(chosen):03}-{path.name}"
                cut.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[: blocks[per_site].line - 1]))
                path = cut
            chosen.append(path)
            hands += min(len(blocks), per_site)
    return chosen
