"""Answers read well: line breaks as written, tables for lists of records, numbered web sources with links, errors
a person understands, and wrapping quoted text (ui/answers.py, agent_core/offline/compose.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from streamlit.testing.v1 import AppTest

from agent_core.errors import plain_tool_error as tool_error
from agent_core.offline.compose import render, render_items, web_answer
from agent_core.offline.planner import PlannerConfig
from ui.answers import hard_breaks, segments
from ui.chat import arguments_text, result_text
from ui.conversation_list import date_group


def test_single_newlines_become_line_breaks_but_lists_and_tables_keep_their_shape() -> None:
    text = "Added task 1: a.\nAdded task 2: b.\n\nYou have 2 tasks:\n| # | Title |\n|---|---|\n| 1 | a |\n- x\n- y"
    lines = hard_breaks(text).split("\n")
    assert lines[0] == "Added task 1: a.  " and lines[1] == "Added task 2: b."  # no break into the blank line
    assert lines[3:5] == ["You have 2 tasks:", ""]  # a table never continues a paragraph
    assert lines[5:8] == ["| # | Title |", "|---|---|", "| 1 | a |"] and lines[-2:] == ["- x", "- y"]


def test_fenced_blocks_are_split_out_to_be_drawn_as_wrapping_code() -> None:
    text = "**notes/x.md**\n\n```python\nprint(1)\n\nprint(2)\n```\n\n(truncated)"
    assert segments(text) == [
        ("prose", "**notes/x.md**", ""),
        ("code", "print(1)\n\nprint(2)", "python"),
        ("prose", "(truncated)", ""),
    ]
    assert segments("no fences here") == [("prose", "no fences here", "")]


def test_records_with_titles_render_as_a_table_with_numbers_and_status() -> None:
    table = render_items(
        [
            {"id": 1, "title": "book | microscope", "description": "", "status": "pending", "created_at": "x"},
            {"id": 2, "title": "order pipettes", "description": "blue ones", "status": "completed"},
        ]
    ).split("\n")
    assert table[0] == "| # | Title | Description | Status |"
    assert table[2] == "| 1 | book \\| microscope |  | pending |"  # a pipe in a title cannot break the table
    assert table[3] == "| 2 | order pipettes | blue ones | ✓ done |"
    assert render_items([{"id": 1, "title": "only one"}]) == "- 1. only one"  # one item reads better as a line
    assert render_items(["a", "b"]) == "- a\n- b"
    listing = render({"entries": [{"name": "a.md", "type": "file", "size": 3}, {"name": "b", "type": "directory"}]})
    assert listing.split("\n")[0] == "| Name | Type | Size |"


def test_web_answers_cite_numbered_sources_with_title_link_and_domain() -> None:
    answer, hits = web_answer(
        {
            "results": [
                {"title": "Base [editing] *review*", "url": "https://www.nature.com/a", "snippet": "It works."},
                {"title": "Second", "url": "javascript:alert(1)", "snippet": ""},
                {"title": "Third", "url": "https://arxiv.org/abs/1"},
            ]
        }
    )
    assert answer.startswith("It works. [1]\n- Second [2]\n- Third [3]")
    sources = answer.split("**Sources** (web results, unverified):\n\n")[1].split("\n")
    assert sources[0] == "1. [Base \\[editing\\] \\*review\\*](https://www.nature.com/a) · nature.com"
    assert sources[1] == "2. Second · javascript:alert(1)"  # not a link: only http(s) URLs are
    assert sources[2] == "3. [Third](https://arxiv.org/abs/1) · arxiv.org" and len(hits) == 3


def test_system_error_codes_read_as_plain_words() -> None:
    raw = "Error executing tool read_file: ENOENT: no such file or directory, open '/data/notes/a.md'"
    assert tool_error(raw) == "there is no file or folder /data/notes/a.md"
    assert tool_error("Invalid timezone 'X'. Fix the errors and try again.") == "Invalid timezone 'X'."


def test_a_relative_path_that_names_its_root_is_not_doubled(tmp_path) -> None:
    root = tmp_path / "notes"
    root.mkdir()
    config = PlannerConfig(file_roots=(root,))
    assert config.resolve_path("notes/missing.md") == str(root / "missing.md")
    assert config.resolve_path("missing.md") == str(root / "missing.md")


def test_tool_table_cells_read_as_words_not_json() -> None:
    assert arguments_text({"task_id": 3, "status": "pending"}) == "task_id=3, status=pending"
    assert arguments_text({}) == "—"
    added = {"id": 1, "title": "Buy milk", "created_at": "2026-11-23", "undo": {"tool": "delete_task"}}
    assert result_text(added) == "id: 1; title: Buy milk"
    assert result_text({"tasks": [1, 2], "count": 2}) == "2 items" and result_text([1]) == "1 item"
    assert result_text("x" * 200).endswith("…") and len(result_text("x" * 200)) == 80


def test_conversations_are_grouped_by_how_recently_they_were_active() -> None:
    now = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    assert [date_group(datetime(2026, 11, d, 8, tzinfo=UTC), now) for d in (23, 22, 18, 1)] == [
        "Today",
        "Yesterday",
        "Previous 7 days",
        "Previous 30 days",
    ]
    assert date_group(datetime(2026, 9, 2, tzinfo=UTC), now) == "September 2026"


def _render_long_answer() -> None:
    from ui.answers import render_markdown

    render_markdown("Here it is:\n```\n" + "word " * 400 + "\n```\nAdded task 1.\nAdded task 2.")


def test_quoted_text_is_drawn_as_wrapping_code_and_prose_keeps_its_lines() -> None:
    at = AppTest.from_function(_render_long_answer, default_timeout=60).run()  # a deadline, not a 3 s budget
    assert not at.exception, at.exception
    [code] = at.code
    assert code.proto.wrap_lines and code.value.startswith("word word")
    assert [m.value for m in at.markdown] == ["Here it is:", "Added task 1.  \nAdded task 2."]


def test_a_text_of_key_value_lines_reads_as_a_record_with_plain_dates() -> None:
    info = (
        "size: 164\ncreated: Fri Nov 20 2026 12:00:00 GMT+0000 (Coordinated Universal Time)\n"
        "modified: Sat Nov 21 2026 09:30:00 GMT+0100 (Central European Standard Time)\nisFile: true"
    )
    assert render(info) == (
        "- **size**: 164\n- **created**: 20 Nov 2026, 12:00 UTC\n- **modified**: 21 Nov 2026, 09:30 UTC+01:00\n"
        "- **is file**: true"
    )
    assert render("line one\nline two").startswith("```")  # ordinary text is still quoted as written
