"""Streamlit pages. They render and collect input; everything else lives in agent_core."""
