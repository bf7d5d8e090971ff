"""Tasks: the person's to-do list, read through the tasks MCP server (the same path the agent uses).

Read-only on purpose: tasks change through the chat, where a delete waits for approval.
"""

from __future__ import annotations

import streamlit as st
from pydantic_ai.exceptions import ToolFailed

from agent_core.orchestrator import UnknownToolError
from ui.identity import current_runtime
from ui.runtime import get_runtime

handle = get_runtime()
runtime = current_runtime(handle)  # the tasks server scopes its tasks by this person (MCP _meta)

st.title("Tasks")
st.caption(
    "Read-only here: add, complete, rename or delete tasks in the chat (e.g. “add a task to order pipettes”, "
    "“mark task 3 done”); deletes wait for your approval there."
)
status = st.radio("Show", ["all", "pending", "completed"], key="tasks-filter", horizontal=True)

try:
    listed = handle.call(runtime.call_tool("list_tasks", {"status": status}))
except UnknownToolError:
    server = next(
        (s for s in runtime.server_states() if "list_tasks" in s.tools or s.name == "tasks"),
        None,
    )
    if server is None:
        st.error(
            "No tasks server is configured. Add the `tasks` entry of the shipped `config/mcp-servers.json` to "
            "your MCP config (MCP_CONFIG) and restart the app."
        )
    else:
        reason = f": {server.error}" if server.error else "."
        st.error(
            f"The tasks server **{server.name}** is not ready — it is {server.state}{reason}\n\n"
            "Start it again on the Tools page (or with the restart button in the sidebar); its log is under "
            "PAIAS_HOME/logs."
        )
    st.stop()
except ToolFailed as exc:
    st.error(f"The tasks could not be listed: {exc.message}\n\nTry again in a moment; the Tools page shows the server.")
    st.stop()

tasks = listed["tasks"]
if not tasks:
    empty = "You have no tasks yet." if status == "all" else f"No {status} tasks."
    st.info(f"{empty} Add one in the chat, e.g. “add a task to book the microscope”.")
else:
    st.dataframe(
        [
            {
                "#": task["id"],
                "title": task["title"],
                "status": task["status"],
                "added": task["created_at"][:16].replace("T", " "),
                "completed": (task["completed_at"] or "")[:16].replace("T", " "),
                "description": task["description"],
            }
            for task in tasks
        ],
        hide_index=True,
        width="stretch",
    )
    st.caption(f"{listed['count']} task{'s' if listed['count'] != 1 else ''}, oldest first · times in UTC")
