"""The browser app: lobby, live games over WebSockets, bots on the server, replays.

Dependency direction: core <- games <- bots <- server. Nothing below imports this package.
"""
