"""Ladders and statistics: ratings, per-player records and charts, as plain functions over plain
data. Nothing here touches the database; the pages and API build on these functions.

    ladders.ratings   OpenSkill (Plackett-Luce) ratings for partnerships and free-for-all tables
    ladders.stats     Five Hundred and Pitch records for one player, from hand records
    ladders.charts    server-side SVG charts (rating history, bars)

On top of them: `selectors` (reads, the ladder rules included) and the `services` package
(writes: recording, applying, rebuilding, jobs, club settings, game statistics; it may read
through selectors, never the other way round), then tasks, pages and the API.

May import `tournaments`, `games`, `clubs`, `accounts` and the shared core; never `home`.
"""
