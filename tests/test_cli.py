"""The `paias` command: the stable JSON interface, stdin batches, exit codes, and start-up errors."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from agent_core.cli import main
from agent_core.settings import PROJECT_ROOT
from tests.helpers import PAIAS


def test_ask_json_answers_tokyo_from_the_time_tool(cli_env, capsys) -> None:
    assert main(["ask", "What time is it in Tokyo?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "answer" and data["error"] is None and data["gap"] is None and data["pending"] == []
    call = data["response"]["tool_calls"][0]
    assert call["tool_name"] == "get_current_time" and call["parameters"] == {"timezone": "Asia/Tokyo"}
    assert call["status"] == "success" and call["duration_ms"] > 0
    assert call["result"]["timestamp"][11:16] in data["response"]["answer"]


def test_ask_human_output_shows_answer_confidence_and_tool_call_and_the_offline_notice(cli_env, capsys) -> None:
    assert main(["ask", "What time is it in UTC?"]) == 0
    out, err = capsys.readouterr()
    assert "In UTC it is" in out and "Tool call: get_current_time" in out
    assert re.search(r"^Confidence: [01]\.\d\d$", out, re.MULTILINE)
    assert "Offline planner active" in err and "MODEL=azure" in err
    conversation = re.search(r"^Conversation: (\S+) \(follow up with --conversation \1\)$", out, re.MULTILINE)
    assert conversation, out
    assert main(["ask", "and in Tokyo?", "--conversation", conversation[1]]) == 0
    out, _ = capsys.readouterr()
    assert 'Tool call: get_current_time {"timezone": "Asia/Tokyo"}' in out


def test_ask_stdin_gives_one_json_object_per_line(cli_env, capsys, monkeypatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("What time is it in Tokyo?\nWhat is the capital of France?\n"))
    assert main(["ask", "-", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    objects = [json.loads(line) for line in lines]
    assert [o["kind"] for o in objects] == ["answer", "tool_gap"]
    assert objects[0]["conversation_id"] != objects[1]["conversation_id"]
    gap = objects[1]  # no web search tool is connected and memory holds nothing: an honest gap, no made-up answer
    assert gap["response"] is None and gap["pending"] == [] and gap["error"] is None
    assert (
        gap["gap"]["missing_tools"] == ["web_search"]
        and gap["gap"]["attempted_task"] == "What is the capital of France?"
    )
    assert "get_current_time" in gap["gap"]["existing_tools_checked"] and "Paris" not in lines[1]


def test_an_empty_prompt_is_an_error_with_exit_code_1(cli_env, capsys) -> None:
    assert main(["ask", "   ", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "error" and "empty" in data["error"]


def test_azure_without_endpoint_exits_1_naming_the_variable(cli_env, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MODEL", "azure:deepseek-v3")
    assert main(["ask", "hi", "--json"]) == 1
    out, err = capsys.readouterr()
    assert "AZURE_AI_FOUNDRY_ENDPOINT" in err
    assert json.loads(out)["kind"] == "error"


def test_tools_json_lists_each_tool_with_server_and_risk(cli_env, capsys) -> None:
    assert main(["tools", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(t["name"], t["server"], t["risk_level"]) for t in rows} == {
        ("get_current_time", "time", "reversible"),
        ("convert_time", "time", "reversible"),
        ("save_fact", "legacy", "reversible_with_delay"),
        ("log_note", "legacy", "reversible_with_delay"),
        ("search_memory", "memory", "reversible"),
        ("store_memory", "memory", "reversible_with_delay"),
    }
    [tool] = [t for t in rows if t["name"] == "get_current_time"]
    assert tool["annotations"]["readOnlyHint"] is True and "timezone" in tool["input_schema"]["properties"]


def test_tools_and_servers_human_output(cli_env, capsys) -> None:
    assert main(["tools"]) == 0
    assert "get_current_time" in capsys.readouterr().out
    assert main(["servers", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["state"] == "ready"
    assert main(["servers"]) == 0
    assert "ready" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [[], ["ask"], ["frobnicate"]])
def test_usage_errors_exit_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2


def test_console_script_runs_as_a_real_process(cli_env) -> None:
    done = subprocess.run(
        [str(PAIAS), "ask", "What time is it in Sydney?", "--json"],
        env=cli_env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=PROJECT_ROOT,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["response"]["tool_calls"][0]["parameters"] == {"timezone": "Australia/Sydney"}


def test_console_script_usage_error_is_exit_2(cli_env) -> None:
    done = subprocess.run([str(PAIAS), "ask"], env=cli_env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "usage" in done.stderr


def test_memory_commands_add_search_list_and_delete(cli_env, capsys) -> None:
    assert main(["memory", "add", "Project X uses Python 3.11 and FastAPI", "--meta", "project=X", "--json"]) == 0
    memory_id = json.loads(capsys.readouterr().out)["id"]
    assert main(["memory", "add", "The deadline is March 15"]) == 0
    assert capsys.readouterr().out.startswith("Stored memory ")

    assert main(["memory", "search", "What tech stack does Project X use?", "--top-k", "1", "--json"]) == 0
    [hit] = json.loads(capsys.readouterr().out)
    assert hit["id"] == memory_id and hit["metadata"] == {"project": "X"} and hit["score"] > 0.4

    assert main(["memory", "search", "tech stack of project x"]) == 0
    out = capsys.readouterr().out
    assert memory_id in out and "score" in out and '{"project": "X"}' in out

    assert main(["memory", "list", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 2
    assert main(["memory", "delete", memory_id, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"id": memory_id, "deleted": True}
    assert main(["memory", "delete", memory_id]) == 1
    assert "There is no memory" in capsys.readouterr().err
    assert main(["memory", "list"]) == 0
    assert "The deadline is March 15" in capsys.readouterr().out


def test_memory_add_with_bad_meta_is_an_error_and_stores_nothing(cli_env, capsys) -> None:
    assert main(["memory", "add", "something", "--meta", "novalue"]) == 1
    assert "is not key=value, e.g. project=X" in capsys.readouterr().err
    assert main(["memory", "list"]) == 0
    assert "No memories." in capsys.readouterr().out


def test_ask_with_memory_end_to_end(cli_env, capsys) -> None:
    assert main(["memory", "add", "Project X uses Python 3.11 and FastAPI"]) == 0
    capsys.readouterr()
    assert main(["ask", "What tech stack does Project X use?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "answer" and "FastAPI" in data["response"]["answer"]
    assert [c["tool_name"] for c in data["response"]["tool_calls"]] == ["search_memory"]
    assert "stored on" in data["response"]["answer"] and "score" not in data["response"]["answer"]
