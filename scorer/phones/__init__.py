"""Phones at the table: every player enters their own city on their phone while the laptop runs the game.

`PhoneTable` (table.py) is what an edge creates over its running GameSession: start/stop the sharing, the
links (a table link and one per seat), revoke, the seat requests pending the host's confirmation, and a
change callback. Under it, pure core, without any web import: tokens.py (the links' secrets, kept only as
digests), seat.py (a seat's state as data, and its version), requests.py (a phone's edit request checked and
made into the same core edit the table app makes), view.py (that state in a phone's language), lock.py (one
host per game). The web edge is server.py (aiohttp, imported only when sharing starts) with the page's
static files in static/.
"""
