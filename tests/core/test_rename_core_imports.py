"""scripts/rename_core_imports.py rewrites the old `kookaburra.<module>` names to their new
places, leaves the configuration's own names alone, and changes nothing the second time.

rename_core_imports: leave this file alone
"""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "rename_core_imports.py"
spec = importlib.util.spec_from_file_location("rename_core_imports", SCRIPT)
rename = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rename)

BEFORE = """\
from kookaburra.errors import ServiceError
from kookaburra.views import healthz, home
from kookaburra.api import (
    ID_MAX,
    not_found,
)
from kookaburra import choices, celery_app
MIDDLEWARE = ["kookaburra.middleware.RefuseNulMiddleware"]
ROOT_URLCONF = "kookaburra.urls"
TASK = "kookaburra.tasks.ping"
handler404 = "kookaburra.api.not_found"
LOGO = "img/kookaburra.svg"
# see kookaburra/enqueue.py and kookaburra/management/commands/load_demo.py
from kookaburra.settings.base import env_bool
"""

AFTER = """\
from core.errors import ServiceError
from core.views import healthz
from home.views import home
from core.api import ID_MAX
from core.views import not_found
from core import choices
from kookaburra import celery_app
MIDDLEWARE = ["core.middleware.RefuseNulMiddleware"]
ROOT_URLCONF = "kookaburra.urls"
TASK = "core.tasks.ping"
handler404 = "core.views.not_found"
LOGO = "img/kookaburra.svg"
# see core/enqueue.py and home/management/commands/load_demo.py
from kookaburra.settings.base import env_bool
"""


def test_old_names_move_and_config_names_stay():
    assert rename.rewrite(BEFORE) == AFTER


def test_a_second_run_changes_nothing():
    assert rename.rewrite(AFTER) == AFTER


def test_the_tree_has_no_old_name_left():
    assert rename.main(["--check"]) == 0
