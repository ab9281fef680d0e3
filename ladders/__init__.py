"""Ladders and statistics: ratings, per-player records and charts, as plain functions over plain
data. Nothing here touches the database; the pages and API build on these functions.

    ladders.ratings   OpenSkill (Plackett-Luce) ratings for partnerships and free-for-all tables
    ladders.stats     Five Hundred and Pitch records for one player, from hand records
    ladders.charts    server-side SVG charts (rating history, bars)
"""
