"""The README's screenshot of `hhtool show`: the terminal output recorded by rich as SVG, photographed by
headless Chromium. Run from the repository root:

    python docs/make_show_screenshot.py 300000000001 docs/show-example.txt docs/show.png
"""

import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser import Browser
from rich.console import Console

from hhtool.show import locate, view_of
from hhtool.show.terminal import print_view

found = locate(sys.argv[1], [sys.argv[2]])
with open(os.devnull, "w") as sink:
    console = Console(record=True, width=104, force_terminal=True, color_system="truecolor", file=sink)
    print_view(view_of(found.result, found.text), console)
svg = console.export_svg(title=f"hhtool show {sys.argv[1]} {sys.argv[2]}")
w, h = (float(x) for x in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
with tempfile.TemporaryDirectory() as folder:
    page = Path(folder) / "show.html"
    page.write_text(f"<html><body style='margin:0;background:#fff'>{svg}</body></html>", encoding="utf-8")
    b = Browser(Browser.find())
    b.size(int(w) + 1, int(h) + 1)
    b.open(page)
    b.screenshot(sys.argv[3], full=False)
    b.close()
