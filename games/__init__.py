"""Tables, seats and the action log; the rules engines (`engines/`) and bots (`bots/`); who may
do what at a table (`policies.py`); services, selectors, presenters, pages and API.

May import: `clubs`, `accounts`, `core`. `games.engines` and `games.bots` are plain Python: they
import no Django and no app's Django module.
"""
