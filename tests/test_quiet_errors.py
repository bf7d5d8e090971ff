"""Without -v nobody reads a traceback: the CLI says in one line what happened and what to do, a collector that is
down costs no lines and no wait, and the browser says why a message was refused instead of dropping it."""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Iterator

import pytest
from pydantic_ai import models
from streamlit.testing.v1 import AppTest

from agent_core.cli import main
from agent_core.errors import InputError
from agent_core.offline import OFFLINE_NOTICE
from agent_core.settings import PROJECT_ROOT, Settings
from agent_core.telemetry import ExportWatch, agent_run_span, setup_telemetry
from agent_core.telemetry.export import EXPORT_TIMEOUT_S
from agent_core.telemetry.logs import configure_logging
from agent_core.turns import validate_input
from tests.helpers import free_port
from tests.ui_support import ask, cached_runtime

pytestmark = pytest.mark.fault  # counted by bench/faults.py

APP = str(PROJECT_ROOT / "ui" / "app.py")


def paias(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run a ``paias`` command as the console script does, in this process (``entry`` calls ``main`` and then
    ``os._exit``, so nothing runs at interpreter exit that could add a line); its exit code, stdout and stderr as
    written to the file descriptors, threads' output included."""
    code = main(list(args))
    out, err = capfd.readouterr()
    return code, out, err


@pytest.fixture
def root_logging() -> Iterator[None]:
    """configure_logging replaces the root handlers: put pytest's back afterwards."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_an_unreachable_model_is_one_line_naming_it_with_exit_1_and_no_traceback(
    cli_env, capfd, monkeypatch, root_logging
) -> None:
    monkeypatch.setattr(models, "ALLOW_MODEL_REQUESTS", True)  # conftest forbids them; this one is refused locally
    for name, value in {
        "MODEL": "openai-chat:x",
        "OPENAI_BASE_URL": f"http://127.0.0.1:{free_port()}/v1",  # nothing listens: connection refused
        "OPENAI_API_KEY": "x",
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
    }.items():
        monkeypatch.setenv(name, value)
    code, out, err = paias(capfd, "ask", "What time is it in Tokyo?")

    assert code == 1, err
    assert "Traceback" not in err + out
    assert len(err) < 1000, err  # was two ~12 KB tracebacks
    assert all(len(line) < 300 for line in err.splitlines()), err
    [line] = out.strip().splitlines()  # one line: what happened and what to do
    assert line.startswith("Error: Could not reach") and "try again" in line


def test_a_closed_otlp_endpoint_adds_no_line_to_stderr(cli_env, capfd, monkeypatch, root_logging) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", f"http://127.0.0.1:{free_port()}")
    code, out, err = paias(capfd, "ask", "What time is it in Tokyo?")

    assert code == 0, err
    assert "Asia/Tokyo" in out
    assert err.splitlines() == [OFFLINE_NOTICE]  # no exporter retries, failures or shutdown notes


def test_an_unforeseen_failure_is_one_line_pointing_at_v(cli_env, capsys, monkeypatch, root_logging) -> None:
    from agent_core.cli import main

    monkeypatch.setenv("MAX_INPUT_CHARS", "many")  # Settings() fails with a multi-line pydantic error
    assert main(["tools"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("error: ValidationError: ") and "max_input_chars" in line
    assert line.endswith("Run again with -v to see the details.")
    with pytest.raises(ValueError):  # with -v the traceback is the point
        main(["-v", "tools"])


def _warn_with_exception(logger: logging.Logger) -> None:
    try:
        raise ConnectionError("Connection refused\nwhile connecting")
    except ConnectionError:
        logger.warning("LLM capability extraction failed; using the offline analyzer", exc_info=True)


def test_without_v_a_warning_with_an_exception_is_one_line_and_with_v_it_keeps_the_traceback(root_logging) -> None:
    quiet, verbose = io.StringIO(), io.StringIO()
    configure_logging(logging.WARNING, json_lines=False, tracebacks=False, stream=quiet)
    _warn_with_exception(logging.getLogger("agent_core.gaps"))
    configure_logging(logging.INFO, stream=verbose)
    _warn_with_exception(logging.getLogger("agent_core.gaps"))

    assert quiet.getvalue() == (
        "warning: LLM capability extraction failed; using the offline analyzer "
        "(ConnectionError: Connection refused while connecting)\n"
    )
    assert "Traceback (most recent call last)" in verbose.getvalue() and len(verbose.getvalue().splitlines()) == 1


def test_a_closed_collector_is_logged_once_at_debug_and_the_exit_does_not_wait_for_retries(
    caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    telemetry = setup_telemetry(Settings(_env_file=None, otel_exporter_otlp_endpoint=f"127.0.0.1:{free_port()}"))
    with agent_run_span(telemetry, task_description="x", correlation_id="collector-down") as run:
        run.finish("answer", 0.9, 0)
    telemetry.record_turn("answer", 1.0)
    deadline = time.monotonic() + 20
    while not telemetry.watch.unreachable and time.monotonic() < deadline:  # the batch export is retrying
        time.sleep(0.05)
    assert telemetry.watch.unreachable

    started = time.monotonic()
    telemetry.shutdown()
    took = time.monotonic() - started

    assert took < EXPORT_TIMEOUT_S / 2, took  # the exporters' retries would hold the exit for EXPORT_TIMEOUT_S
    told = [r for r in caplog.records if r.name == "agent_core.telemetry.health"]
    assert [r.levelno for r in told] == [logging.DEBUG] and "OTLP export to http://127.0.0.1:" in told[0].message
    noisy = [r for r in caplog.records if r.name.startswith("opentelemetry") and r.levelno >= logging.WARNING]
    assert noisy == [] and capfd.readouterr().err == ""


def test_each_outage_is_told_once_at_debug_and_an_exporter_that_raises_is_just_a_failure(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="agent_core.telemetry.health")
    watch = ExportWatch("http://collector:4317")

    def broken() -> str:
        raise ConnectionResetError("reset by peer")

    assert [watch.run(broken, "ok", "failed") for _ in range(3)] == ["failed"] * 3
    assert watch.unreachable
    assert watch.run(lambda: "ok", "ok", "failed") == "ok" and not watch.unreachable
    assert watch.run(lambda: "failed", "ok", "failed") == "failed"  # a new outage

    messages = [r.getMessage() for r in caplog.records if r.name == "agent_core.telemetry.health"]
    assert messages[0].endswith("(further failures are not logged): ConnectionResetError: reset by peer")
    assert messages[1] == "OTLP export to http://collector:4317 works again"
    assert len(messages) == 3 and messages[2].startswith("OTLP export to http://collector:4317 failed")
    assert all(r.levelno == logging.DEBUG for r in caplog.records if r.name == "agent_core.telemetry.health")


def test_the_chat_box_counts_to_the_limit_and_a_longer_text_is_refused_with_its_length(configure) -> None:
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    limit = Settings().max_input_chars
    # The browser shows a character counter that turns red at the limit (and cuts a longer paste there, visibly);
    # a longer text from anywhere else is refused by the runtime with its length, and nothing is stored.
    assert app.chat_input[0].proto.max_chars == limit
    pasted = "A long pasted paragraph. " * (limit // 20)
    with pytest.raises(InputError) as refused:
        validate_input(pasted, limit)
    handle = cached_runtime()
    turn = handle.ask(pasted)
    assert turn.kind == "error" and turn.error == str(refused.value)
    assert str(refused.value).startswith(f"Your message is {len(pasted.strip()):,} characters long; the limit is")
    assert handle.call(handle.runtime.conversations.list()) == []  # no turn, no conversation
    ask(app, "What time is it in Tokyo?")  # the next message goes through as usual
    assert not app.error and "Asia/Tokyo" in app.chat_message[1].markdown[0].value
