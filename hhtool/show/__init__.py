"""`hhtool show`: one hand replayed step by step, in the terminal (`terminal`) or as a page (`page`).

`locate` finds the hand by its id in hand histories or in a dataset, `steps` records the replay's
own state after each event; the two renderers only lay that out.
"""

from hhtool.show.locate import Located, ShowError, locate
from hhtool.show.steps import HandView, Step, view_of

__all__ = ["HandView", "Located", "ShowError", "Step", "locate", "view_of"]
