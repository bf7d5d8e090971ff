"""The real page in a real browser: ``streamlit run`` driven by Playwright in Debian's Chromium."""
