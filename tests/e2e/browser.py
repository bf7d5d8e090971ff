"""Debian's Chromium under Playwright, and the chat page as a person uses it: type, press Enter, read, click."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, Playwright, expect

CHROMIUM = Path("/usr/bin/chromium")  # from apt (`make test` installs it); never `playwright install`
# No GPU, no sandbox (root in a container) and nothing that phones home: this machine has no network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 1000}
# How long one turn may take to show. The first question of a fresh app process loads what the runtime loads lazily
# (about 15 s on an idle machine, twice that on a busy one); a deadline, not a pause: a quick turn ends the wait.
TURN_MS = 90_000
# How long anything else the page should show may take (a rerun, a page switch, a decision's answer): Playwright's
# 5 s default was missed once in a clean-clone run (Bob's refused approval by id had not shown after 5 s). A deadline,
# not a pause: the wait ends as soon as the page shows it.
PAGE_MS = 30_000
expect.set_options(timeout=PAGE_MS)


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


class ChatPage:
    """One browser tab on the chat page. Every wait has a deadline; console errors are collected as they come."""

    def __init__(self, page: Page, screenshots: Path | None = None) -> None:
        self.page = page
        self.screenshots = screenshots
        self.console_errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.console_errors.append(f"pageerror: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"console.error: {message.text} ({message.location.get('url', '')})")

    @property
    def input(self) -> Locator:
        """The chat input that takes text. While the runtime starts, the page shows a disabled one; the rerun into
        the chat draws the real one next to it until that run ends, so a plain test id would match both."""
        return self.page.locator("[data-testid='stChatInputTextArea']:not([disabled])")

    def open(self, url: str, timeout_ms: float = 60_000) -> None:
        """Load the page and wait until the chat input takes text (the first load also starts the runtime)."""
        self.page.goto(url)
        expect(self.input).to_be_editable(timeout=timeout_ms)
        self.settle(timeout_ms)

    def settle(self, timeout_ms: float = TURN_MS) -> None:
        """Wait until the page is what it will stay: no script run, and no "Working…" block of a finished turn.

        The script state alone is not enough: a turn ends with ``st.rerun()``, and between that run and the next
        the page is briefly "notRunning" while it still shows the running block (its Stop button).
        """
        app = self.page.get_by_test_id("stApp")
        expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=timeout_ms)
        expect(self.page.get_by_text("Working…")).to_have_count(0, timeout=timeout_ms)
        # A finished turn shows its answer (status "Done: …") for a moment before the page reruns to draw it as
        # stored; only that rerun removes the live turn's Stop button. Text typed in between could be lost.
        expect(self.page.get_by_role("button", name="Stop", exact=True)).to_have_count(0, timeout=timeout_ms)
        expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=timeout_ms)

    def ask(self, text: str) -> None:
        """Type ``text`` and press Enter, once the previous turn is over (the input is disabled while one runs)."""
        self.settle()
        self.input.fill(text)
        self.input.press("Enter")

    def click_to_start(self, button: Locator, attempts: int = 3) -> None:
        """Click a button that starts a turn until the turn's Stop button shows. Streamlit drops a click whose script
        run another rerun interrupts (a clean-clone run lost a Regenerate click once), so a page that is idle with no
        turn running a while after the click is clicked again; a page whose script still runs is left to start it."""
        app = self.page.get_by_test_id("stApp")
        running = self.page.get_by_role("button", name="Stop", exact=True)
        for attempt in range(attempts):
            button.click()
            try:
                expect(running).to_be_visible(timeout=PAGE_MS / attempts)
                return
            except AssertionError:
                if attempt == attempts - 1 or app.get_attribute("data-test-script-state") != "notRunning":
                    expect(running).to_be_visible(timeout=TURN_MS)  # the click was taken: a deadline, not a retry
                    return

    def message(self, containing: str | re.Pattern[str], timeout_ms: float = TURN_MS) -> Locator:
        """The last chat message containing this text, once visible (texts include the avatar's icon name)."""
        found = self.page.get_by_test_id("stChatMessage").filter(has_text=containing).last
        expect(found).to_be_visible(timeout=timeout_ms)
        return found

    def screenshot(self, name: str, show: Locator | None = None, *, settled: bool = True) -> Path | None:
        """Save what a person sees now (after the run settles, unless not ``settled``: a turn in flight; ``show``
        scrolled into view) as ``<name>.png``."""
        if self.screenshots is None:
            return None
        if settled:
            self.settle()
        if show is not None:
            show.scroll_into_view_if_needed()
        path = self.screenshots / f"{name}.png"
        self.page.screenshot(path=path)
        return path
