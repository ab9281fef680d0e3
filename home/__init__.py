"""The top of the site: the home page's dashboard and `manage.py load_demo`.

May import: every app (`ladders`, `tournaments`, `games`, `clubs`, `accounts`, `core`), through
their selectors, services and `demo.py` modules rather than their models. Nothing imports it
but `kookaburra.urls`.
"""
