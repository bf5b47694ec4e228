"""The addresses a host may share its game on: its local network's (the table's Wi-Fi), and this computer only.

The phones at the table reach the laptop on its LAN address, which the host chooses on the Phones screen
(a laptop may have several: Wi-Fi and a cable, a VPN). They are found without sending anything: a UDP
socket "connected" to a documentation address (RFC 5737, never routed) only asks the system which of its
addresses it would use, and `getaddrinfo` of this computer's name lists the others. Only IPv4: a phone's
camera reads a short link best, and every table's Wi-Fi has it.

The LAN addresses come first, the likeliest Wi-Fi first: a private one (192.168.x.x, 10.x.x.x, 172.16-31.x.x,
what a home or café router hands out) before any other (a VPN's 100.64.x.x, a public address), a link-local
169.254.x.x last of them; among equals, the one the system routes through first. Loopback, which nothing
outside this computer reaches, is offered last: Enter on the Phones screen, and `host --bind 0.0.0.0`'s
links, reach the table.
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


def _rank(address: str) -> int:
    """0 a private address (a router's LAN), 1 any other, 2 a link-local one (no router answered)."""
    parsed = ipaddress.ip_address(address)
    if parsed.is_link_local:
        return 2
    return 0 if parsed.is_private else 1


def lan_addresses() -> list[str]:
    """This computer's LAN addresses, each once, the likeliest Wi-Fi first (none offline)."""
    found: list[str] = []
    for address in (*_routed(), *_named()):
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            continue
        if address not in found and not parsed.is_loopback and not parsed.is_unspecified:
            found.append(address)
    return sorted(found, key=_rank)  # stable: the routed one first among equals


def listen_addresses() -> list[str]:
    """Each LAN address once (the likeliest Wi-Fi first), then loopback (this computer only)."""
    return [*lan_addresses(), LOOPBACK]
