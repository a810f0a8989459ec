"""Alembic environment: the connection comes from `ekimae.server.store.migrate`."""

from __future__ import annotations

from alembic import context

from ekimae.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
