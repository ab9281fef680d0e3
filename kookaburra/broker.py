"""The embedded broker (`make run` with no CELERY_BROKER_URL): kombu's filesystem transport, with
each message written whole before a worker can see it.

kombu's own `_put` creates the message file under its final name and only then locks and writes
it, so a worker polling the folder can take the file while it is still empty and die on the
JSON it can't read (which took `make run`'s worker, and the site with it, down under bot play).
Here the message is written under a name the worker ignores and renamed into place, which is
atomic on one file system.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = final + ".part"  # not "<queue>.msg": the worker passes it by
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
