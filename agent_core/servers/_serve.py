"""Shared command line for the project's MCP servers: stdio by default, or streamable HTTP.

Every server module ends with ``main(server)`` so ``--transport http --port N`` works the same way for all.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


def main(server: Any, argv: Sequence[str] | None = None) -> None:
    """Run ``server`` over the transport chosen on the command line.

    Args:
        server: An ``mcp.server.mcpserver.MCPServer``.
        argv: Arguments (defaults to ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=f"Run the {server.name} MCP server.")
    parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    parser.add_argument("--host", default="127.0.0.1", help="bind address for --transport http")
    parser.add_argument("--port", type=int, default=8000, help="port for --transport http")
    args = parser.parse_args(argv)
    if args.transport == "stdio":
        server.run()
    else:
        server.run("streamable-http", host=args.host, port=args.port)
