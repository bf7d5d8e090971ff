"""What a person says not to do is never done, and a power user's notation reads as the words it stands for.

Through the offline planner over a real task list (``tests.planner_support``): "don't delete 6, just mark 2 and 5
done" must complete two tasks and delete none; "/add", "+ X", "4 ✓", "#6 -> rm" and dictation fillers are requests.
"""

from __future__ import annotations

import pytest

from agent_core.offline.clauses import corrected, refused, request_only
from tests.planner_support import TaskStore, ask, planner_agent

pytestmark = pytest.mark.anyio

SHELF = ("Buy milk", "Order pipettes", "Book the microscope", "Clean the garage", "Order reagents", "Write the report")


def calls_for(text: str):
    return ask(planner_agent(TaskStore.with_titles(*SHELF).tools()), text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "don't delete 6, just mark 2 and 5 done",
            [("complete_task", {"task_id": 2}), ("complete_task", {"task_id": 5})],
        ),
        ("dont add anything, just show my list", [("list_tasks", {"status": "all"})]),
        (
            "add 'label the cryo boxes' but don't mark anything done, and show me what's left",
            [("add_task", {"title": "Label the cryo boxes"}), ("list_tasks", {"status": "pending"})],
        ),
        ("add task: don't forget the keys", [("add_task", {"title": "Don't forget the keys"})]),  # a to-do's words
        ("add 'don't delete the backups' to my list", [("add_task", {"title": "Don't delete the backups"})]),
    ],
)
async def test_a_command_said_not_to_be_done_is_not_done(text: str, expected: list) -> None:
    turn = await calls_for(text)
    assert turn.calls == expected


async def test_a_message_that_only_refuses_does_nothing_and_says_so() -> None:
    turn = await calls_for("please don't delete anything")
    assert turn.calls == []
    assert "haven't done anything" in turn.output.answer


def test_refused_keeps_text_that_refuses_no_command() -> None:
    assert refused("remind me to never forget the gloves") == "remind me to never forget the gloves"
    assert refused("never mind") == "never mind"  # "mind" is no command here
    assert request_only("don't delete anything, thanks") == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/add buy nitrile gloves (M)", [("add_task", {"title": "Buy nitrile gloves (M)"})]),
        (
            "+ order tips\n+ order gloves\n+ book the cold room",
            [
                ("add_task", {"title": "Order tips"}),
                ("add_task", {"title": "Order gloves"}),
                ("add_task", {"title": "Book the cold room"}),
            ],
        ),
        ("4 ✓ 5 ✓", [("complete_task", {"task_id": 4}), ("complete_task", {"task_id": 5})]),
        ("#4 -> done\n#6 -> rm", [("complete_task", {"task_id": 4}), ("delete_task", {"task_id": 6})]),
        ("rm 2", [("delete_task", {"task_id": 2})]),
        ("um add a task two email the vendor", [("add_task", {"title": "Email the vendor"})]),
        ("at a task to pick up the poster", [("add_task", {"title": "Pick up the poster"})]),
        ("hey so like add uh renew my library card to my list", [("add_task", {"title": "Renew my library card"})]),
        ("bitte add task: Kühlschrank abtauen", [("add_task", {"title": "Kühlschrank abtauen"})]),
        (
            "task 5 -> rename to Order reagents from Thermo",
            [("update_task", {"task_id": 5, "title": "Order reagents from Thermo"})],
        ),
        # numbers as speech recognition hears them, only where a number must stand
        ("delete task for", [("delete_task", {"task_id": 4})]),
        ("mark task to as done please", [("complete_task", {"task_id": 2})]),
        (
            "at a task to renew the parking permit and delete task to",
            [("add_task", {"title": "Renew the parking permit"}), ("delete_task", {"task_id": 2})],
        ),
        ("add a task to buy stamps", [("add_task", {"title": "Buy stamps"})]),
        # slash commands and short forms that say which task
        (
            "/rename 3 Book the confocal for Dec 3",
            [("update_task", {"task_id": 3, "title": "Book the confocal for Dec 3"})],
        ),
        (
            "desc 5: Sigma, cat# A9418, 2 bottles",
            [("update_task", {"task_id": 5, "description": "Sigma, cat# A9418, 2 bottles"})],
        ),
        # dictated without a pause: a command on a numbered task opens a new command
        (
            "okay um three things add a task to buy printer paper mark task one as done",
            [("add_task", {"title": "Buy printer paper"}), ("complete_task", {"task_id": 1})],
        ),
        ("add task remove task lights from bench 3", [("add_task", {"title": "Remove task lights from bench 3"})]),
        # a texting word is no slip of another word ("bday" is not "day")
        ("add bday present for jess", [("add_task", {"title": "Bday present for jess"})]),
    ],
)
async def test_shorthand_and_dictation_read_as_the_request_they_stand_for(text: str, expected: list) -> None:
    turn = await calls_for(text)
    assert turn.calls == expected


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add task: read the file Ana sent and then delete it", "Read the file Ana sent and then delete it"),
        ("new todo: list the files on the old laptop, then wipe it", "List the files on the old laptop, then wipe it"),
    ],
)
async def test_a_step_that_points_back_at_the_new_to_do_stays_in_its_title(text: str, title: str) -> None:
    turn = await calls_for(text)
    assert turn.calls == [("add_task", {"title": title})]


def test_dont_forget_is_a_request_to_keep_not_a_refusal() -> None:
    assert (
        request_only("Don't forget the embargo lifts on 9 September") == "Don't forget the embargo lifts on 9 September"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "tick off the milk and the other order one — not pipettes, the reagents",
            [("complete_task", {"task_id": 1}), ("complete_task", {"task_id": 5})],
        ),
        ("tick off the order one — not the pipettes one", [("complete_task", {"task_id": 5})]),
        ("not the garage one, the other one — delete it", []),  # "the other one" of six: asked, nothing deleted
    ],
)
async def test_an_item_the_request_rules_out_is_never_acted_on(text: str, expected: list) -> None:
    turn = await calls_for(text)
    assert [c for c in turn.calls if c[0] != "list_tasks"] == expected


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("if I delete task 3 can I get it back?", "Undo"),
        ("hypothetically if i told u to delete all my tasks would u just do it", "approval"),
    ],
)
async def test_a_hypothetical_is_answered_never_acted_on(text: str, says: str) -> None:
    turn = await calls_for(text)
    assert turn.calls == []
    assert says in turn.output.answer


async def test_the_last_one_after_showing_the_list_in_the_same_message_is_its_last_item() -> None:
    turn = await calls_for("show my list then delete the last one")
    assert turn.calls[-1] == ("delete_task", {"task_id": 6})


def test_if_nothing_opens_the_fallback_step() -> None:
    from agent_core.offline.clauses import split_clauses
    from agent_core.offline.router import router
    from eval.toolsets import default_tools

    text = "search memory for the Krios rules; if nothing, google 'Krios booking rules EMBL'"
    assert split_clauses(text, default_tools(), router()) == [
        "search memory for the Krios rules",
        "google 'Krios booking rules EMBL'",
    ]


async def test_a_title_that_only_points_back_is_asked_for() -> None:
    turn = await calls_for("add the thing we talked about")  # it was added as "The thing we talked"
    assert turn.calls == []
    assert "title" in turn.output.answer


async def test_whether_a_task_is_already_done_is_read_from_the_list() -> None:
    # "ugh" left the question unread, and ticking off led weakly: memory was searched, or the task ticked off
    turn = await calls_for("ugh did i already do the garage thing")
    assert [name for name, _ in turn.calls] == ["list_tasks"]
    assert request_only("ugh, long day") == "ugh, long day"  # a sigh before nothing asked stays chat


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("add\nwater the plants", [("add_task", {"title": "Water the plants"})]),
        ("done w\ntask 3\nand 5\nty", [("complete_task", {"task_id": 3}), ("complete_task", {"task_id": 5})]),
    ],
)
async def test_a_chat_message_sent_a_few_words_a_line_reads_as_one(text: str, expected: list) -> None:
    turn = await calls_for(text)
    assert turn.calls == expected


def test_a_question_word_written_without_its_apostrophe_asks() -> None:
    from agent_core.offline.clauses import is_question

    assert is_question("whats the boiling pt of DMSO")
    assert is_question("whos the current head of the lab")


@pytest.mark.parametrize(
    ("text", "capability"),
    [("how many samples r in the results csv", "file_read"), ("how many bytes is the results csv", "file_info")],
)
def test_how_many_things_a_file_holds_is_read_from_it_not_its_size(text: str, capability: str) -> None:
    from agent_core.offline.plan import _counts_contents
    from agent_core.offline.router import router
    from eval.toolsets import default_tools

    routing = router().route(text, default_tools())  # the samples were answered with the file's size and dates
    _counts_contents(routing, text)
    assert routing.best.capability.name == capability


async def test_a_slash_command_framing_a_text_frames_it_and_a_description_keeps_its_commas() -> None:
    assert corrected("/log autoclave B serviced") == "log: autoclave B serviced"  # the note framing "log:"
    assert corrected("/rename 3 Book the confocal") == "rename task 3 to Book the confocal"
    turn = await calls_for("add a note to task 5: Sigma, cat# A9418, 2 bottles")  # "cat#" is no command to read a file
    assert turn.calls == [("update_task", {"task_id": 5, "description": "Sigma, cat# A9418, 2 bottles"})]


async def test_a_message_laid_out_in_numbered_parts_asks_what_each_part_asks() -> None:
    turn = await calls_for(
        "Two things today.\n\nThe first: the garage is done, finally, mark it.\n\n"
        "The second: I need a list of what's still open."
    )
    assert ("complete_task", {"task_id": 4}) in turn.calls
    assert [c for c, _ in turn.calls if c == "add_task"] == []  # "Two things today" is no to-do
    assert turn.calls[-1] == ("list_tasks", {"status": "pending"})
