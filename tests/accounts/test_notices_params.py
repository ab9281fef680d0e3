"""Notice parameters of a kind an app registers (accounts.notices.register_param): written out
in the reader's language when read; an unknown kind reads as the notice was stored."""

import pytest
from django.utils import translation

from accounts import notices
from accounts.notices import notice_send, register_param

pytestmark = pytest.mark.django_db


@pytest.fixture
def kinds(monkeypatch):
    """A message and a kind of parameter, registered for one test only."""
    monkeypatch.setattr(notices, "_MESSAGES", {"tests.hello": "Hello from %(thing)s."})
    monkeypatch.setattr(notices, "_KINDS", {})
    register_param("tests.shout", lambda value: value["word"].upper() + translation.get_language())


def test_a_registered_kind_is_written_out_when_read(kinds, make_user):
    notice = notice_send(
        make_user("kinds"), "tests.hello", {"thing": {"kind": "tests.shout", "word": "x"}}
    )
    assert notice.text == "Hello from Xen-au."
    with translation.override("ms"):
        assert notice.message == "Hello from Xms."


def test_an_unknown_kind_reads_as_stored(kinds, make_user):
    notice = notice_send(make_user("kinds2"), "tests.hello", {"thing": "plain"})
    notice.params = {"thing": {"kind": "tests.gone"}}
    assert notice.message == "Hello from plain."


def test_a_kind_cannot_be_registered_twice_with_another_writer(kinds):
    with pytest.raises(ValueError):
        register_param("tests.shout", lambda value: "other")
