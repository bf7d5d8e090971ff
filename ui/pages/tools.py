"""Placeholder replaced in this change."""

import streamlit as st

st.title("Tools")
