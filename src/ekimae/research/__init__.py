"""Research interfaces: the games as PettingZoo, Gymnasium and OpenSpiel environments.

Everything here is built on the public game API (`ekimae.core.game`): observations come
from a seat's view only (`State.view`), legal actions from `State.legal_actions`. A title
joins by adding `ekimae.research.<title>` with a `catalog` (its stable action numbering,
`space.Catalog`) and an `Encoder` (its view as numbers); nothing else changes.
"""
