"""The websockets' close codes (docs/protocol.md, "Close codes"), in one place.

The consumers close with them, and the pages that open a socket read them from here:
``CODES`` is rendered into those pages (``close_codes``, given by
``games.context_processors.close_codes``) with ``json_script``, and
``static/js/socket.mjs`` reads it. 4000–4999 are the application's.
"""

from __future__ import annotations

# The session is not logged in: the page says so and stays closed.
NOT_LOGGED_IN = 4401
# The account was suspended or banned (accounts.sanctions): the page says so and stays closed.
SANCTIONED = 4403
# No such table, or a private one the user may not see.
NO_SUCH_TABLE = 4404
# The socket's presence was swept (its heartbeat stopped too long): the page reconnects.
PRESENCE_LOST = 4408

# By the name the pages know them by.
CODES = {
    "not_logged_in": NOT_LOGGED_IN,
    "sanctioned": SANCTIONED,
    "no_such_table": NO_SUCH_TABLE,
    "presence_lost": PRESENCE_LOST,
}
