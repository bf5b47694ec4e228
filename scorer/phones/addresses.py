"""The addresses a host may share its game on: this computer only (loopback), and its local network's.

The phones at the table reach the laptop on its LAN address, which the host chooses on the Phones screen
(a laptop may have several: Wi-Fi and a cable, a VPN). They are found without sending anything: a UDP
socket "connected" to a documentation address (RFC 5737, never routed) only asks the system which of its
addresses it would use, and `getaddrinfo` of this computer's name lists the others. Only IPv4: a phone's
camera reads a short link best, and every table's Wi-Fi has it.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
_PROBE = ("192.0.2.1", 9)  # TEST-NET-1: routing to it sends no packet from a UDP socket's connect


def _routed() -> list[str]:
    """The address the system would send from towards another network (none offline)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
        except OSError:
            return []
        return [probe.getsockname()[0]]


def _named() -> list[str]:
    """Every IPv4 address this computer's own name resolves to (the hosts file, or the local resolver)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(info[4][0]) for info in found]


def listen_addresses() -> list[str]:
    """Loopback first (nothing outside this computer reaches it), then each LAN address once."""
    shown = [LOOPBACK]
    for address in (*_routed(), *_named()):
        parsed = ipaddress.ip_address(address)
        if address not in shown and not parsed.is_loopback and not parsed.is_unspecified:
            shown.append(address)
    return shown
