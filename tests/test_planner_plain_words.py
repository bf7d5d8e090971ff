"""The offline planner reads plain, everyday requests about files, notes, memory and tasks as a newcomer types them
(the misses of the blind `dev18` set): a count said without its end is the first lines, "now the tail" and "make it
20 lines" change the read just made, "now papers" lists that folder; the field a request names ("task 2's
description") is the one changed; a day label, a comma or a "saying" is no part of a note; a count of results is
how many, not what is searched; "it" is the file just read; an ability is answered, not acted on; and a request to
write into a file is never answered with a read of it."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import Field

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools, tool

pytestmark = pytest.mark.anyio

TREE = {"notes": ["ideas.txt", "meeting-2026-01-05.md"], "papers": ["draft.tex", "refs.bib"], "data": ["results.csv"]}


def directory_tree(path: str) -> list[dict[str, Any]]:
    """Get a recursive tree view of files and directories as a JSON structure."""
    folders = [
        {"name": name, "type": "directory", "children": [{"name": f, "type": "file"} for f in files]}
        for name, files in TREE.items()
    ]
    return [*folders, {"name": "README.md", "type": "file"}]


def list_directory(path: str) -> str:
    """Get a detailed listing of all files and directories in a specified path."""
    return "\n".join(f"[FILE] {f}" for f in TREE.get(path.rstrip("/").rpartition("/")[2], []))


def read_text_file(
    path: str,
    tail: Annotated[int | None, Field(description="If provided, returns only the last N lines of the file")] = None,
    head: Annotated[int | None, Field(description="If provided, returns only the first N lines of the file")] = None,
) -> str:
    """Read the complete contents of a file from the file system as text."""
    return f"(contents of {path})"


def get_file_info(path: str) -> dict[str, Any]:
    """Retrieve detailed metadata about a file or directory: size, creation time, last modified time."""
    return {"size": 77, "modified": "2026-01-05T12:00:00Z"}


def search_files(path: str, pattern: str) -> list[str]:
    """Recursively search for files and directories matching a pattern. The patterns should be glob-style patterns
    that match paths relative to the working directory."""
    return []


def log_note(text: Annotated[str, Field(description="The note to add to today's daily note")]) -> dict[str, Any]:
    """Append a timestamped line to today's daily note."""
    return {"note": text}


def search_memory(query: str, top_k: int = 5) -> list[dict[str, object]]:
    """Search the user's stored research memory by meaning. Use this first for any question."""
    return []


def store_memory(content: str) -> dict[str, object]:
    """Store a piece of information in the user's research memory."""
    return {"id": 1, "content": content}


def web_search(query: str, max_results: int = 5) -> dict[str, object]:
    """Search the web and return matching pages, best first, each with title, url and snippet."""
    return {"results": [{"title": query, "url": "https://example.org", "snippet": query}]}


FILES = [
    tool(directory_tree, readOnlyHint=True),
    tool(list_directory, readOnlyHint=True),
    tool(read_text_file, readOnlyHint=True),
    tool(get_file_info, readOnlyHint=True),
    tool(search_files, readOnlyHint=True),
]


def _world(store: TaskStore | None = None) -> list[Any]:
    tasks = store or TaskStore.with_titles("Buy milk", "Order pipettes", "Write the quarterly report")
    return [
        *FILES,
        *tasks.tools(),
        tool(log_note, readOnlyHint=False),
        tool(search_memory, readOnlyHint=True),
        tool(store_memory, readOnlyHint=False),
        tool(web_search, readOnlyHint=True, openWorldHint=True),
    ]


@pytest.mark.parametrize(
    ("first", "then", "lines"),
    [
        ("show me the first 5 lines of notes/ideas.txt", "now the tail", {"tail": 5}),
        ("first 10 lines of papers/refs.bib please", "now 20 lines", {"head": 20}),  # it had become the last 20
        ("first 10 lines of papers/refs.bib please", "make it 20 lines", {"head": 20}),
        ("read notes/ideas.txt", "now just the last line", {"tail": 1}),
    ],
)
async def test_a_follow_up_changes_which_lines_of_the_file_just_read(first: str, then: str, lines: dict) -> None:
    turns = await conversation(planner_agent(FILES), first, then)
    name, args = turns[-1].calls[-1]
    assert name == "read_text_file" and {k: v for k, v in args.items() if k != "path"} == lines, then
    assert args["path"] == turns[0].calls[-1][1]["path"]


async def test_a_count_said_without_its_end_is_the_first_lines() -> None:
    turn = await ask(planner_agent(FILES), "show 20 lines of papers/refs.bib")
    assert turn.calls[-1][1].get("head") == 20 and "tail" not in turn.calls[-1][1]


async def test_a_folder_named_in_a_follow_up_is_listed() -> None:
    turns = await conversation(planner_agent(FILES), "list the notes folder", "now papers")
    assert turns[-1].calls[-1][0] == "list_directory" and turns[-1].calls[-1][1]["path"].endswith("/papers")


async def test_the_field_a_request_names_is_the_one_changed() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes")
    turn = await ask(planner_agent(store.tools()), "Change task 2's description to 'ask for the bulk discount'")
    assert turn.calls == [("update_task", {"task_id": 2, "description": "ask for the bulk discount"})]
    assert store.tasks[2]["title"] == "Order pipettes"  # "change" frames a rename; the field said wins


async def test_an_obsolete_task_taken_off_the_list_is_deleted_never_added() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes", "Write the quarterly report")
    turn = await ask(
        planner_agent(store.tools()), "That quarterly report task is obsolete, get it off my list entirely"
    )
    assert ("delete_task", {"task_id": 3}) in turn.calls and all(name != "add_task" for name, _ in turn.calls)


async def test_a_quoted_word_in_a_file_name_is_the_pattern_searched() -> None:
    turn = await ask(planner_agent(FILES), "Is there a file with 'meeting' in its name somewhere?")
    assert turn.calls[-1][0] == "search_files" and turn.calls[-1][1]["pattern"] == "*meeting*"  # not "*.a"


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (
            "Note for today: ran the growth assay on plates 4-6, plate 5 was contaminated",
            "ran the growth assay on plates 4-6, plate 5 was contaminated",  # one note: what was said after a comma
        ),
        (
            "Put in today's notes that the microscope booking is confirmed for Wednesday",
            "the microscope booking is confirmed for Wednesday",
        ),
        ("log a note saying passaged batch 7 today", "passaged batch 7 today"),
    ],
)
async def test_a_note_is_what_follows_its_framing_whole(text: str, note: str) -> None:
    turn = await ask(planner_agent(_world()), text)
    assert turn.calls == [("log_note", {"text": note})], text


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "Add a task to review Sam's analysis script, with the description: check the outlier filter in step 3",
            {"title": "Review Sam's analysis script", "description": "check the outlier filter in step 3"},
        ),
        (
            "Add 'update the lab inventory spreadsheet' and put 'Dana has the latest numbers' as the description",
            {"title": "Update the lab inventory spreadsheet", "description": "Dana has the latest numbers"},
        ),
        ("add a task to wait for the committee's reply", {"title": "Wait for the committee's reply"}),
    ],
)
async def test_a_new_task_keeps_its_title_and_its_description_apart(text: str, args: dict) -> None:
    store = TaskStore()
    turn = await ask(planner_agent(store.tools()), text)
    assert turn.calls == [("add_task", args)], text


async def test_a_count_of_results_is_how_many_not_what_is_searched() -> None:
    web = await ask(
        planner_agent(_world()),
        "Search the web and give me just the top 3 results for LaTeX bibliography styles for Nature",
    )
    assert web.calls[-1] == ("web_search", {"query": "LaTeX bibliography styles for Nature", "max_results": 3})
    recalled = await ask(planner_agent(_world()), "Find the 3 most relevant memories about grant deadlines")
    assert recalled.calls == [("search_memory", {"query": "grant deadlines", "top_k": 3})]


async def test_bare_file_names_joined_by_and_are_each_found_or_asked_about() -> None:
    both = await ask(planner_agent(FILES), "How big are refs.bib and draft.tex?")
    assert [name for name, _ in both.calls] == ["directory_tree", "get_file_info", "get_file_info"]
    assert all(
        args["path"].endswith(f"papers/{f}")
        for (_, args), f in zip(both.calls[1:], ["refs.bib", "draft.tex"], strict=True)
    )
    one_missing = await ask(planner_agent(FILES), "read refs.bib and nothere.txt")
    assert [name for name, _ in one_missing.calls] == ["directory_tree"]  # never ideas.txt for nothere.txt
    assert "I found no file named nothere.txt" in one_missing.answer


async def test_it_is_the_file_the_step_before_reads() -> None:
    turn = await ask(
        planner_agent(FILES), "Show me the first 2 lines of results.csv and tell me when it was last modified"
    )
    assert [name for name, _ in turn.calls] == ["directory_tree", "read_text_file", "get_file_info"]
    assert turn.calls[1][1] == {"path": turn.calls[2][1]["path"], "head": 2}
    assert turn.calls[2][1]["path"].endswith("data/results.csv")


async def test_a_question_about_it_goes_to_no_public_search() -> None:
    turn = await ask(planner_agent(_world()), "read data/results.csv and tell me how big it is")
    assert all(name != "web_search" for name, _ in turn.calls), turn.calls


async def test_writing_into_a_file_is_a_missing_ability_not_a_read() -> None:
    turn = await ask(planner_agent(_world()), "Add a line to notes/ideas.txt saying try a lower seeding density")
    assert turn.calls == [] and "writing files" in turn.answer


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Are you able to read files on my computer?", "reading a file"),
        ("can you manage tasks?", "adding a task"),
    ],
)
async def test_a_question_about_an_ability_is_answered_not_acted_on(text: str, said: str) -> None:
    turn = await ask(planner_agent(_world()), text)
    assert turn.calls == [] and turn.kinds[-1] == "chat" and said in turn.answer, text


async def test_an_ability_question_that_names_an_item_is_a_request() -> None:
    turn = await ask(planner_agent(_world()), "can you read notes/ideas.txt?")
    assert turn.calls[-1][0] == "read_text_file"


async def test_tasks_asked_about_by_topic_are_shown_and_both_of_those_are_them() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes", "Clean the garage", "Order reagents")
    agent = planner_agent(store.tools())
    asked, deleted = await conversation(
        agent, "which of my tasks are about ordering something?", "delete both of those"
    )
    assert "2 of your 4 tasks match “ordering”" in asked.answer and "Buy milk" not in asked.answer
    assert deleted.calls == [("delete_task", {"task_id": 2}), ("delete_task", {"task_id": 4})]
    none = await ask(planner_agent(store.tools()), "which tasks are about flying?")
    assert "None of your" in none.answer and "flying" in none.answer


async def test_both_of_those_after_a_longer_list_is_asked_about() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes", "Clean the garage")
    _, asked = await conversation(planner_agent(store.tools()), "list my tasks", "delete both of those")
    assert all(name != "delete_task" for name, _ in asked.calls) and asked.kinds[-1] == "clarify"


async def test_a_deadline_anywhere_on_earth_is_converted_from_utc_minus_12() -> None:
    turn = await ask(planner_agent(time_tools()), "The submission deadline is 23:59 AoE. What's that in Berlin time?")
    assert turn.calls == [
        ("convert_time", {"source_timezone": "Etc/GMT+12", "time": "23:59", "target_timezone": "Europe/Berlin"})
    ]


@pytest.mark.parametrize(
    ("context", "text", "call"),
    [
        (
            [],
            "I have a 9am meeting in Denver tomorrow. What time will it be for my colleague in Rome?",
            ("America/Denver", "09:00", "Europe/Rome"),  # no calendar gap: the question asks a conversion
        ),
        (
            [],
            "Abstracts are due at 23:00 Brussels time. Can you tell me what that is in Tokyo?",
            ("Europe/Brussels", "23:00", "Asia/Tokyo"),
        ),
        (
            [],
            "I've got a call with a lab in Santiago, Chile at 11:00 their time tomorrow. What's that in Berlin?",
            ("America/Santiago", "11:00", "Europe/Berlin"),  # no phone-call gap either
        ),
        (
            [],
            "The webinar starts at noon Eastern. Waht time is that in Madrid?",
            ("America/New_York", "12:00", "Europe/Madrid"),
        ),
        (
            [],
            "we're thinking 5ish in the afternoon, Berlin time. what time would that be in new york?",
            ("Europe/Berlin", "17:00", "America/New_York"),
        ),
        (
            [],
            "I'm based in Lisbon. If a colleague in Nairobi proposes 10 in the morning, what's that in my time?",
            ("Africa/Nairobi", "10:00", "Europe/Lisbon"),
        ),
        (
            ["Hi, just so you know, I live in Vancouver."],
            "what's 8pm Tokyo time in my time?",
            ("Asia/Tokyo", "20:00", "America/Vancouver"),
        ),
        (
            ["Just landed in Istanbul for the conference!"],
            "My supervisor wants a call at 10am London time. What time is that here?",
            ("Europe/London", "10:00", "Europe/Istanbul"),
        ),
    ],
)
async def test_a_time_said_then_asked_about_is_converted(context: list[str], text: str, call: tuple) -> None:
    agent = planner_agent([*time_tools(), tool(search_memory, readOnlyHint=True)])
    turns = await conversation(agent, *context, text)
    source, time, target = call
    assert turns[-1].calls == [
        ("convert_time", {"source_timezone": source, "time": time, "target_timezone": target})
    ], text


@pytest.mark.parametrize(
    "text",
    [
        "if the talk starts at 4pm in Paris what time is that here?",
        "Could you convert 2pm Jakarta time to my time?",
        "what's 3pm Narnia time in Tokyo?",
    ],
)
async def test_a_conversion_it_cannot_make_is_asked_about_never_answered_with_the_time_now(text: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == [] and turn.kinds[-1] == "clarify", text


async def test_something_not_done_is_never_ticked_off_and_can_become_a_task() -> None:
    store = TaskStore.with_titles("Buy milk", "Submit the ethics form")
    agent = planner_agent(store.tools())
    never = await ask(agent, "I never sent the ethics form")
    assert all(name != "complete_task" for name, _ in never.calls) and store.tasks[2]["status"] == "pending"
    added = await ask(
        agent,
        "Hey, I just realised I never sent the reimbursement form for the Boston trip. Can you add that as a task?",
    )
    assert added.calls == [("add_task", {"title": "Send the reimbursement form for the Boston trip"})]
    assert store.tasks[2]["status"] == "pending"
    ordered = await ask(agent, "mark task 1 done, I forgot to say")
    assert ordered.calls == [("complete_task", {"task_id": 1})]


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "Change task 2 to 'Order P200 tips' and set its description to 'two boxes, from Sigma'",
            {"task_id": 2, "title": "Order P200 tips", "description": "two boxes, from Sigma"},
        ),
        (
            "For the milk task, add the detail that we need the lactose-free one",
            {"task_id": 1, "description": "we need the lactose-free one"},
        ),
    ],
)
async def test_a_change_said_with_its_fields_is_one_update(text: str, args: dict) -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes")
    turn = await ask(planner_agent(store.tools()), text)
    assert turn.calls[-1] == ("update_task", args) and [n for n, _ in turn.calls].count("update_task") == 1, text


@pytest.mark.parametrize(
    ("text", "titles", "description"),
    [
        (
            "Add a task to proofread the methods section, then another one to book the seminar room for Thursday",
            ["Proofread the methods section", "Book the seminar room for Thursday"],
            None,
        ),
        ("add a new task to send the approval letter to Dana", ["Send the approval letter to Dana"], None),
        (
            "Add a task to prepare the poster, with the description: A0 size, landscape, print by 5 December",
            ["Prepare the poster"],
            "A0 size, landscape, print by 5 December",  # "print …" after a comma is part of it, not a new request
        ),
        (
            "Create a task called 'Replace the rotor seal'. Details: part number RS-220, ask facilities first.",
            ["Replace the rotor seal"],
            "part number RS-220, ask facilities first",
        ),
    ],
)
async def test_new_tasks_keep_their_own_words(text: str, titles: list[str], description: str | None) -> None:
    store = TaskStore()
    turn = await ask(planner_agent([*store.tools(), *FILES]), text)
    assert [args["title"] for name, args in turn.calls if name == "add_task"] == titles, text
    assert [n for n, _ in turn.calls] == ["add_task"] * len(titles), text
    if description is not None:
        assert turn.calls[0][1]["description"] == description


async def test_it_is_the_file_the_last_turn_read() -> None:
    turns = await conversation(planner_agent(FILES), "Show me notes/ideas.txt", "how big is it?")
    assert turns[-1].calls == [("get_file_info", {"path": turns[0].calls[-1][1]["path"]})]
    folder = await conversation(planner_agent(FILES), "list the notes folder", "how big is it?")
    assert all(name != "get_file_info" or not args["path"].endswith("notes") for name, args in folder[-1].calls)


async def test_both_of_those_after_changing_two_tasks_are_those_two() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes", "Clean the garage")
    agent = planner_agent(store.tools())
    _, deleted = await conversation(agent, "mark 1 and 3 as done", "actually, delete both of those")
    assert deleted.calls == [("delete_task", {"task_id": 1}), ("delete_task", {"task_id": 3})]


@pytest.mark.parametrize(
    ("said", "zone"), [("AEDT", "Australia/Sydney"), ("NZDT", "Pacific/Auckland"), ("MSK", "Europe/Moscow")]
)
async def test_more_zone_abbreviations_people_write(said: str, zone: str) -> None:
    turn = await ask(planner_agent(time_tools()), f"What's the current time in {said}?")
    assert turn.calls == [("get_current_time", {"timezone": zone})]


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("add the PCR failed to today's notes", [("log_note", {"text": "the PCR failed"})]),
        ("I want to add something to today's notes", []),  # what to add is not said: asked, nothing written
    ],
)
async def test_a_note_said_with_its_place_at_the_end(text: str, calls: list) -> None:
    turn = await ask(planner_agent(_world()), text)
    assert turn.calls == calls, text
    assert calls or turn.kinds[-1] == "clarify"


async def test_a_search_with_nothing_to_look_up_asks_for_the_topic() -> None:
    turn = await ask(planner_agent(_world()), "can you look something up online for me?")
    assert turn.calls == [] and turn.kinds[-1] == "clarify" and "search for" in turn.answer


async def test_a_question_about_the_difference_between_two_things_writes_nothing() -> None:
    turn = await ask(planner_agent(_world()), "What's the difference between saving a fact and storing a memory here?")
    assert all(name not in {"store_memory", "log_note", "add_task"} for name, _ in turn.calls), turn.calls
