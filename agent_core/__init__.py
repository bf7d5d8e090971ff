"""PAIAS research assistant: agent core (no UI code lives here)."""
