"""Seated play: tables, seats, the action log, and the pages and API around them.

Layers inside the app: `engines/` and `bots/` (pure Python) → `selectors.py` (what a seat may
see) and `policies.py` (who may do what) → `services.py` (every change) → `presenters/` (what
the pages show, from a seat's view) → `views/` and `api.py` (parse, call, render). May import
`clubs`, `accounts` and `core`; never `tournaments`, `ladders` or `home`.
`games.engines` and `games.bots` import no Django and no app's Django module.
"""
