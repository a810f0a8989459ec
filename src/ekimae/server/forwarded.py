"""Who a request comes from, for the per-client limits (games created from one address).

The address is the connection's peer, unless the peer is a proxy the operator named
(`ekimae serve --trusted-proxy`, an address or a network such as 10.0.0.0/8; default:
none). Only then is `X-Forwarded-For` read, from its right end: each trusted proxy there
is skipped, and the first address that is not one is the client. Whatever a client puts
in the header itself is to the left of that, so it cannot choose its own address.

Issue 26: uvicorn trusted `X-Forwarded-For` from 127.0.0.1 by default, so behind the
documented nginx (on the same machine) every client could name any address and create
games without limit, or, without the header, all clients shared the proxy's one limit.
`serve` now turns uvicorn's own reading off (`server.cli.uvicorn_config`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_proxies(values: Iterable[str]) -> tuple[Network, ...]:
    """Trusted proxies from addresses or networks; ValueError naming a bad one."""
    out = []
    for value in values:
        try:
            out.append(ipaddress.ip_network(value.strip(), strict=False))
        except ValueError:
            raise ValueError(
                f"{value[:60]!r} is not an address or network (e.g. 127.0.0.1, 10.0.0.0/8)"
            ) from None
    return tuple(out)


def _address(text: str) -> Address | None:
    """An address from a header's hop: `1.2.3.4`, `1.2.3.4:5678`, `[::1]:80`, `::1`."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None


class ClientAddress:
    """The client's address of a request, trusting forwarded headers from `proxies` only."""

    def __init__(self, proxies: Sequence[str] = ()) -> None:
        self.proxies = parse_proxies(proxies)

    def _trusted(self, address: Address | None) -> bool:
        if address is None:
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in network for network in self.proxies)

    def of(self, peer: str | None, forwarded_for: Sequence[str]) -> str:
        """The client behind `peer` given the request's `X-Forwarded-For` header values
        (all of them, in order)."""
        if peer is None:
            return "-"
        if not self.proxies or not self._trusted(_address(peer)):
            return peer
        hops = [hop for value in forwarded_for for hop in value.split(",") if hop.strip()]
        for hop in reversed(hops):
            address = _address(hop)
            if address is None:
                return "-"  # a proxy passed on something unreadable: no one's address
            if not self._trusted(address):
                return str(address)
        return peer if not hops else str(_address(hops[0]))
