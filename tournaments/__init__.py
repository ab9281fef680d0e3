"""Tournaments: entrants, rounds, tables, results and their audit, standings; pairings, brackets
and movements as plain functions (`formats/`); services, selectors, policies, pages and API.

May import: `games`, `clubs`, `accounts`, `core`. `tournaments.formats` is plain Python: no
Django and no app's Django module.
"""
