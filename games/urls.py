"""The table pages (built in games/views.py)."""

app_name = "games"
urlpatterns: list = []
