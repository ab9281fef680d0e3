"""Tournaments: entrants, rounds, tables, results and standings of a club's tournaments.

    formats/     pairings, brackets, movements and standings — pure Python, no Django
    policies.py  who may do what now (services enforce it; pages and the API ask it)
    services/    every change: setup, rounds, results, standings; `drawing` builds rounds
                 and brackets for the others and imports none of them
    selectors.py reads; help.py names the format and tiebreak help templates
    views/, api.py, forms.py, serializers.py  parse, call a service or selector, render

May import `games`, `clubs`, `accounts` and the shared core; never `ladders` or `home`.
"""
