"""What a person says in passing is read as they mean it (the misses of the blind `dev20` set): a remark on a task
changes nothing, a story before "can you …" is no request of its own, "can you tick it off?" asks for it to be
done, "convert it" points back at the time said before, a typo nearer another word is left as typed, "don't
forget to X" is a to-do, a count said on its own counts, "the readme" is a file to find, and how far apart two
clocks are is answered with both clocks, never with a made-up time of day."""

from __future__ import annotations

from typing import Any

import pytest

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools, tool
from tests.test_planner_plain_words import FILES, _world

pytestmark = pytest.mark.anyio


def _tasks() -> TaskStore:
    return TaskStore.with_titles("Buy milk", "Order pipettes", "Book the microscope", "Clean the garage")


@pytest.mark.parametrize("text", ["task 3 is urgent", "task 3 is wrong", "task 3 is outdated"])
async def test_a_remark_on_a_numbered_task_changes_nothing(text: str) -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), text)
    assert [name for name, _ in turn.calls if name != "list_tasks"] == [], (text, turn.calls)
    assert store.tasks[3] == {"id": 3, "title": "Book the microscope", "description": "", "status": "pending"}
    assert "statement" in turn.answer  # it says how it read the message


async def test_a_numbered_task_said_to_be_done_is_still_completed() -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), "task 4 is finished")
    assert turn.calls == [("complete_task", {"task_id": 4})]


async def test_a_story_before_can_you_is_no_request_of_its_own() -> None:
    store = _tasks()
    turn = await ask(
        planner_agent([*store.tools(), *time_tools()]),
        "I'm flying to Seoul tomorrow morning, can you add a task to pack the poster tube tonight?",
    )
    assert turn.calls == [("add_task", {"title": "Pack the poster tube tonight"})]  # not Seoul's clock


@pytest.mark.parametrize(
    ("text", "task_id"),
    [("I bought the milk, can you tick it off?", 1), ("the garage is finally clean, can you mark it done?", 4)],
)
async def test_can_you_after_a_report_asks_for_it_to_be_done(text: str, task_id: int) -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), text)
    assert turn.calls[-1] == ("complete_task", {"task_id": task_id}), turn.calls


@pytest.mark.parametrize(
    "text",
    [
        "the webinar is at 3pm Denver time, convert it to Rome time",
        "the webinar is at 3pm Denver time, can you convert it to Rome time?",
    ],
)
async def test_convert_it_points_back_at_the_time_said_before(text: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == [
        ("convert_time", {"source_timezone": "America/Denver", "time": "15:00", "target_timezone": "Europe/Rome"})
    ]  # it had answered Rome's time now


async def test_how_far_apart_two_clocks_are_is_both_clocks_now() -> None:
    turn = await ask(planner_agent(time_tools()), "how many hours ahead of London is Tokyo?")
    assert turn.calls == [
        ("get_current_time", {"timezone": "Europe/London"}),
        ("get_current_time", {"timezone": "Asia/Tokyo"}),
    ]  # no time of day is made up for a conversion
    still_asked = await ask(planner_agent(time_tools()), "convert London to Tokyo")
    assert still_asked.calls == [] and "need the time" in still_asked.answer


async def test_a_typo_nearer_another_word_is_left_as_typed() -> None:
    store = _tasks()
    thanks = await ask(planner_agent(_world(store)), "thanks, thats realy helpful")  # "really", not "reply"
    assert thanks.calls == [] and thanks.kinds[-1] == "chat"
    deleted = await ask(planner_agent(store.tools()), "delte task 3")  # "delete" (a dropped letter), not "delta"
    assert deleted.calls == [("delete_task", {"task_id": 3})]


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("don't forget to buy milk", ("add_task", {"title": "Buy milk"})),
        ("don't forget that Anna prefers LaTeX", ("store_memory", {"content": "Anna prefers LaTeX"})),
    ],
)
async def test_dont_forget_to_is_a_to_do_and_dont_forget_that_a_memory(text: str, call: tuple) -> None:
    turn = await ask(planner_agent(_world(TaskStore())), text)
    assert turn.calls[-1] == call


async def test_a_count_said_on_its_own_counts() -> None:
    recalled = await ask(planner_agent(_world()), "check my memory for anything about grant deadlines, only the top 3")
    assert recalled.calls == [("search_memory", {"query": "grant deadlines", "top_k": 3})]
    tail = await ask(planner_agent(FILES), "what's at the end of notes/ideas.txt? the last 3 lines are enough")
    assert tail.calls[-1][0] == "read_text_file" and tail.calls[-1][1]["tail"] == 3


async def test_the_readme_is_a_file_to_find_and_it_is_that_file_next_turn() -> None:
    turns = await conversation(planner_agent(FILES), "what's in the readme?", "when was it last changed?")
    assert [name for name, _ in turns[0].calls] == ["directory_tree", "read_text_file"]
    assert turns[0].calls[-1][1]["path"].endswith("/README.md")  # not a folder called "readme"
    assert turns[1].calls == [("get_file_info", {"path": turns[0].calls[-1][1]["path"]})]


def directory_tree(path: str, excludePatterns: list[str] | None = None) -> list[dict[str, Any]]:
    """Get a recursive tree view of files and directories as a JSON structure. Only works within allowed
    directories."""
    return [{"name": "README.md", "type": "file"}]


def search_files(path: str, pattern: str, excludePatterns: list[str] | None = None) -> list[str]:
    """Recursively search for files and directories matching a pattern. The patterns should be glob-style patterns
    that match paths relative to the working directory. Only searches within allowed directories."""
    return []


def list_directory(path: str) -> str:
    """Get a detailed listing of all files and directories in a specified path. Only works within allowed
    directories."""
    return "[FILE] README.md"


EXCLUDING = [tool(t, readOnlyHint=True) for t in (directory_tree, search_files, list_directory)]


async def test_what_a_listing_leaves_out_is_excluded_never_the_folder_listed() -> None:
    tree = await ask(planner_agent(EXCLUDING), "show me the folder tree but leave out the data foldr")
    assert tree.calls == [("directory_tree", {"path": ".", "excludePatterns": ["data"]})]
    found = await ask(planner_agent(EXCLUDING), "find all the markdown files except the ones in notes")
    assert found.calls == [("search_files", {"path": ".", "pattern": "*.md", "excludePatterns": ["notes"]})]


async def test_the_folder_tree_is_the_whole_tree_not_a_folder_to_ask_about() -> None:
    turn = await ask(planner_agent(EXCLUDING), "show me the folder tree")
    assert turn.calls == [("directory_tree", {"path": "."})] and turn.kinds[-1] != "clarify"


async def test_for_me_is_where_the_person_said_they_will_be() -> None:
    there = await ask(
        planner_agent(time_tools()),
        "The webinar starts at 7 in the evening Paris time. I'll be in Dubai then, so what time will that be for me?",
    )
    assert there.calls == [
        ("convert_time", {"source_timezone": "Europe/Paris", "time": "19:00", "target_timezone": "Asia/Dubai"})
    ]
    unsaid = await ask(
        planner_agent(time_tools()), "The webinar starts at 7pm Paris time. What time will that be for me?"
    )
    assert unsaid.calls == [] and "Where are you?" in unsaid.answer  # never a guess at where "me" is


@pytest.mark.parametrize(
    "text",
    [
        "honestly I can't remember if we ever finished writing the report, can you pull the protocol up?",
        "I'm not sure if I bought the milk",
    ],
)
async def test_an_uncertain_report_ticks_nothing_off(text: str) -> None:
    store = TaskStore.with_titles("Buy milk", "Write the quarterly report")
    turn = await ask(planner_agent(store.tools()), text)
    assert all(name != "complete_task" for name, _ in turn.calls), turn.calls
    assert {t["status"] for t in store.tasks.values()} == {"pending"}


async def test_a_memory_of_only_the_tools_own_words_is_asked_for_never_stored() -> None:
    empty = await ask(planner_agent(_world()), "store a memory")
    assert empty.calls == [] and empty.kinds[-1] == "clarify"  # it had stored "store a memory"
    labelled = await ask(planner_agent(_world()), "store memory: the freezer is at -80")
    assert labelled.calls == [("store_memory", {"content": "the freezer is at -80"})]


async def test_what_was_asked_earlier_is_this_conversations_own_words() -> None:
    turns = await conversation(
        planner_agent([*time_tools(), *_world()]),
        "what did I ask you earlier?",
        "what time is it in Tokyo?",
        "what have we talked about so far?",
    )
    assert turns[0].calls == [] and "start of our conversation" in turns[0].answer
    assert turns[2].calls == [] and turns[2].kinds[-1] == "chat"  # no memory search, no web search
    assert "1. “what did I ask you earlier?”" in turns[2].answer and "2. “what time is it in Tokyo?”" in turns[2].answer


@pytest.mark.parametrize(
    ("texts", "call"),
    [
        (("what time is it for me?", "Lisbon"), ("get_current_time", {"timezone": "Europe/Lisbon"})),
        (("I live in Oslo", "what time is it here?"), ("get_current_time", {"timezone": "Europe/Oslo"})),
        (
            ("what's 3pm Tokyo time in my time?", "in Lisbon"),
            ("convert_time", {"source_timezone": "Asia/Tokyo", "time": "15:00", "target_timezone": "Europe/Lisbon"}),
        ),
    ],
)
async def test_my_time_is_where_the_person_is_asked_once_then_used(texts: tuple[str, str], call: tuple) -> None:
    turns = await conversation(planner_agent([*time_tools(), *_world()]), *texts)
    assert turns[-1].calls == [call]
    if texts[0].startswith("what"):
        assert turns[0].calls == [] and turns[0].answer.startswith("Where are you?")  # never UTC for "me"


async def test_a_number_inside_a_quoted_title_is_no_task_number() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes")
    turn = await ask(planner_agent(store.tools()), "the pipettes task should say 'Order 200 µl pipette tips' instead")
    assert turn.calls[-1] == ("update_task", {"task_id": 2, "title": "Order 200 µl pipette tips"})  # not task 200


@pytest.mark.parametrize(
    "follow_up",
    ["actually clear that note again, I'll just get whatever they have", "remove the note from it"],
)
async def test_clearing_a_note_empties_the_description_never_deletes_or_adds(follow_up: str) -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes")
    turns = await conversation(planner_agent(store.tools()), "add a note to task 1: oat milk", follow_up)
    assert turns[-1].calls == [("update_task", {"task_id": 1, "description": ""})]  # it had deleted task 1
    assert len(store.tasks) == 2


async def test_a_description_for_the_task_just_added_never_adds_it_again() -> None:
    store = TaskStore()
    await conversation(
        planner_agent(store.tools()),
        "add a task to renew the parking permit",
        "and add 'ask HR about the form' as its description",
    )
    assert [t["title"] for t in store.tasks.values()] == ["Renew the parking permit"]  # no second copy


async def test_add_one_to_is_framing_and_one_to_my_list_names_nothing() -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), "delete the garage task and add one to clean the fume hood")
    assert turn.calls[-1] == ("add_task", {"title": "Clean the fume hood"})
    empty = await ask(planner_agent(store.tools()), "add one to my list")
    assert empty.calls == [] and empty.kinds[-1] == "clarify"


async def test_a_follow_up_time_without_am_or_pm_keeps_the_half_of_the_day() -> None:
    agent = planner_agent(time_tools())
    pm = await conversation(agent, "if it's 3pm in Chicago what time is it in Berlin?", "what about 5:30 then")
    assert pm[-1].calls[-1][1]["time"] == "17:30"
    am = await conversation(agent, "if it's 3pm in Chicago what time is it in Berlin?", "what about 9am then")
    assert am[-1].calls[-1][1]["time"] == "09:00"


async def test_a_how_question_with_a_topic_is_searched_not_declined() -> None:
    turn = await ask(planner_agent(_world()), "how do I use pandas groupby?")
    assert [name for name, _ in turn.calls] == ["search_memory", "web_search"]
    help_asked = await ask(planner_agent(_world()), "how do i use this thing? im new here")
    assert help_asked.calls == [] and help_asked.kinds[-1] == "chat"


async def test_memories_checked_for_a_topic_are_searched_with_the_count_said() -> None:
    turn = await ask(planner_agent(_world()), "check my saved memories for anything on grant deadlines, top 3 only")
    [(name, args)] = turn.calls  # it had declined
    assert name == "search_memory" and args["top_k"] == 3 and args["query"].endswith("grant deadlines")
    web = await ask(planner_agent(_world()), "serach the web for open-source ELN software, just give me 3 results")
    assert web.calls[-1] == ("web_search", {"query": "open-source ELN software", "max_results": 3})
