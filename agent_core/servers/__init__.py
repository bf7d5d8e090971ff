"""The project's own MCP servers. Each runs with ``python -m agent_core.servers.<name>``."""
