"""What every app shares: service errors, the API's error bodies, pagination and schema, session
authentication, view decorators, form helpers, enqueueing on commit, safe CSV downloads,
middleware, the game choices, the health check and the JSON 404.

May import: Django and third-party packages only — no app, and not `kookaburra`.
"""
