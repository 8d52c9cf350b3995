"""The table's widgets: fed attributes by the table screen, they post messages up."""

from .controls import ControlBar, StatusLine
from .footer import TableFooter
from .hand import Hand
from .kept_static import KeptStatic
from .log import GameLog, LogStrip
from .ring import DrawPile, Ring
from .tags import OpponentTag

__all__ = ["ControlBar", "DrawPile", "GameLog", "Hand", "KeptStatic", "LogStrip", "OpponentTag",
           "Ring", "StatusLine", "TableFooter"]
