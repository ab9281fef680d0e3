"""Ladders and statistics: ratings, per-player records and charts, their models, services,
selectors, tasks, pages and API.

    ladders.ratings   OpenSkill (Plackett-Luce) ratings for partnerships and free-for-all tables
                      (plain Python: no Django and no app's Django module)
    ladders.stats     Five Hundred and Pitch records for one player, from hand records
    ladders.charts    server-side SVG charts (rating history, bars)

May import: `tournaments`, `games`, `clubs`, `accounts`, `core`.
"""
