"""The routes, one router per resource: pages, games, seats and invitations, chat /
notifications / ratings, the live socket. Each reaches the process's services through
`server.deps` and hands game changes to the hub; none holds state of its own."""
