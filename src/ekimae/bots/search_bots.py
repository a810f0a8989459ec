"""Compatibility only: TOKYO METRO's search bots moved to `ekimae.bots.tokyo_metro.search_bots`.

TOKYO METRO until tests/server/test_staying_up.py imports the new path (it imports
`SearchBot` and patches `hint` here); delete this module then. Nothing else may use it.
"""

from ekimae.bots.tokyo_metro.search_bots import SearchBot, hint

__all__ = ["SearchBot", "hint"]
