"""Tasks through the whole stack: offline planner → approval gate → real tasks MCP server → PostgreSQL."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path

import pytest

from agent_core.people.identity import Person
from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT
from tests.helpers import TASKS
from tests.planner_support import TaskStore, ask, conversation, planner_agent
from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures

pytestmark = pytest.mark.anyio
runtime = module_runtime({"tasks": TASKS})


def tools(turn) -> list[tuple[str, dict]]:
    return [(c.tool_name, c.parameters) for c in turn.response.tool_calls]


def added_titles(turn) -> list[str]:
    """The titles of the tasks a turn added, in lower case (the planner may capitalise a title's first word)."""
    return [c.parameters["title"].lower() for c in turn.response.tool_calls if c.tool_name == "add_task"]


async def test_add_list_complete_update_through_natural_phrasing(rt: AgentRuntime) -> None:
    added = await rt.ask("Remind me to buy milk")
    grant = await rt.ask("add a task to renew the grant")
    reagents = await rt.ask("add a task to order reagents")
    first_id = added.response.tool_calls[0].result["id"]
    done = await rt.ask(f"mark task {first_id} done")
    renamed = await rt.ask(f"change task {first_id + 2} to order 200 reagents")
    left = await rt.ask("what's left to do?")
    assert added_titles(added) == ["buy milk"] and len(tools(added)) == 1
    assert added_titles(grant) == ["renew the grant"]
    assert added_titles(reagents) == ["order reagents"]
    assert tools(done) == [("complete_task", {"task_id": first_id})]
    assert done.response.tool_calls[0].result["status"] == "completed"
    assert str(first_id) in done.response.answer and "buy milk" in done.response.answer.lower()
    assert renamed.response.tool_calls[0].result["title"].lower() == "order 200 reagents"
    assert tools(left) == [("list_tasks", {"status": "pending"})]
    assert "buy milk" not in left.response.answer.lower() and "order 200 reagents" in left.response.answer.lower()
    assert left.response.answer.startswith("You have 2 open tasks")


async def test_it_and_ordinals_refer_to_what_the_conversation_showed_last(rt: AgentRuntime) -> None:
    added = await rt.ask("add a task to water the plants")
    cid = added.conversation_id
    done = await rt.ask("mark it done", cid)
    await rt.ask("add a task to call the supplier", cid)
    await rt.ask("add a task to book the cold room", cid)
    listed = await rt.ask("show my open tasks", cid)
    second = await rt.ask("complete the second one", cid)
    plants = added.response.tool_calls[0].result["id"]
    assert tools(done) == [("complete_task", {"task_id": plants})]
    open_ids = [task["id"] for task in listed.response.tool_calls[0].result["tasks"]]
    assert plants not in open_ids and len(open_ids) == 2
    assert tools(second) == [("complete_task", {"task_id": open_ids[1]})]


async def test_it_names_the_task_before_a_note_of_any_length(rt: AgentRuntime) -> None:
    added = await rt.ask("add a task to paint the shed")
    cid = added.conversation_id
    noted = await rt.ask("add a note to it: use the blue can from the cellar, not the green one", cid)
    said = await rt.ask("add a note to it saying two coats", cid)
    shed = added.response.tool_calls[0].result["id"]
    assert tools(noted) == [
        ("update_task", {"task_id": shed, "description": "use the blue can from the cellar, not the green one"})
    ]
    assert tools(said) == [("update_task", {"task_id": shed, "description": "two coats"})]


async def test_a_note_starting_with_a_connector_like_word_keeps_that_word_whole(rt: AgentRuntime) -> None:
    added = await rt.ask("add a task to book the confocal")
    noted = await rt.ask("add a note to it: ask for the confocal, not the widefield", added.conversation_id)
    booked = added.response.tool_calls[0].result["id"]
    assert tools(noted) == [
        ("update_task", {"task_id": booked, "description": "ask for the confocal, not the widefield"})
    ]


async def test_a_task_named_by_its_words_is_looked_up_then_acted_on(rt: AgentRuntime) -> None:
    await rt.ask("add a task to clean the garage")
    await rt.ask("add a task to order reagents")
    turn = await rt.ask("I finished cleaning the garage")
    assert [name for name, _ in tools(turn)] == ["list_tasks", "complete_task"]
    assert turn.response.tool_calls[1].result["title"].lower() == "clean the garage"


async def test_a_change_said_twice_in_one_message_is_made_once(rt: AgentRuntime) -> None:
    await rt.ask("add a task to sweep the yard")
    turn = await rt.ask("I finished sweeping the yard, so mark it as done")
    assert [name for name, _ in tools(turn)] == ["list_tasks", "complete_task"]


async def test_delete_waits_for_approval_and_the_task_survives(rt: AgentRuntime) -> None:
    added = await rt.ask("add a task to renew the grant")
    task_id = added.response.tool_calls[0].result["id"]
    turn = await rt.ask(f"delete task {task_id}")
    listed = await rt.ask("show my tasks")
    assert turn.kind == "approval_required"
    [pending] = turn.pending
    assert (pending.tool_name, pending.parameters, pending.risk_level.value) == (
        "delete_task",
        {"task_id": task_id},
        "irreversible",
    )
    assert "renew the grant" in listed.response.answer.lower()


async def test_ambiguous_references_get_a_question_not_a_guess(rt: AgentRuntime) -> None:
    await rt.ask("add a task to buy milk")
    turn = await rt.ask("mark it done")  # a new conversation: nothing says what "it" is
    assert [name for name, _ in tools(turn)] in ([], ["list_tasks"])  # at most a read-only look
    assert "Which task do you mean" in turn.response.answer
    assert turn.response.confidence <= 0.5


async def test_an_unknown_task_number_is_a_friendly_failure(rt: AgentRuntime) -> None:
    turn = await rt.ask("complete task 987654")
    assert turn.response.tool_calls[0].status.value == "failed"
    assert "There is no task 987654 — say 'show my tasks'" in turn.response.answer
    assert turn.response.confidence == 0.0


async def test_tasks_belong_to_the_person_asking(runtime: AgentRuntime) -> None:
    owner, other = (runtime.for_person(Person(id=f"owner-{uuid.uuid4().hex[:8]}", name=n)) for n in ("a", "b"))
    await owner.ask("add a task to water the plants")
    listed = await other.ask("show my tasks")
    assert "water the plants" not in listed.response.answer.lower()
    assert "water the plants" in (await owner.ask("show my tasks")).response.answer.lower()


async def test_memory_then_the_real_websearch_server(make_settings, tmp_path: Path) -> None:
    fixture = tmp_path / "results.json"
    fixture.write_text(
        json.dumps(
            {
                "france": [
                    {"title": "Paris", "url": "https://example.org/paris", "snippet": "Paris is the capital of France."}
                ]
            }
        )
    )
    websearch = {
        "command": sys.executable,
        "args": ["-m", "agent_core.servers.websearch"],
        "cwd": str(PROJECT_ROOT),
        "env": {"PAIAS_WEBSEARCH_BACKEND": f"fixture:{fixture}"},
        "timeout": 20,
    }
    async with AgentRuntime(make_settings({"websearch": websearch})) as rt:
        turn = await rt.ask("What is the capital of France?")
    assert [c.tool_name for c in turn.response.tool_calls] == ["search_memory", "web_search"]
    assert "Paris is the capital of France." in turn.response.answer and "example.org" in turn.response.answer


# ---- phrasing → calls, against the same five tools over an in-memory list (fast; no server, no database) ----

BUG = "planner regression reported to the lead"
SHELF = ("Buy milk", "Clean the garage", "Order pipettes", "Order reagents")


def calls_for(text: str, *titles: str):
    store = TaskStore.with_titles(*(titles or SHELF))
    return ask(planner_agent(store.tools()), text)


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        ("add a task to buy bread", ["buy bread"]),
        ("Remind me to email Maria", ["email maria"]),
        ("add a task to buy bread and eggs", ["buy bread and eggs"]),
        ("add a task to water the plants", ["water the plants"]),
        ("don't let me forget to water the plants", ["water the plants"]),
        ("add 'renew library books' to my list", ["renew library books"]),
        ("todo: renew the grant", ["renew the grant"]),
        ("add three tasks: a, b and c", ["a", "b", "c"]),
        ("add two tasks: book the microscope and order pipettes", ["book the microscope", "order pipettes"]),
        ("put 'order pipettes' on my to-do list", ["order pipettes"]),  # a task of that title exists already
        ("Remind me to book the microscope", ["book the microscope"]),
        ("add a task to order pipettes", ["order pipettes"]),
        ("add a task to call the vet, and another to feed the cat", ["call the vet", "feed the cat"]),
        ("todo: wax the skis, and one more: sharpen the edges", ["wax the skis", "sharpen the edges"]),
        ("pls ad a tsk - fix the bike lights", ["fix the bike lights"]),  # typos in the command words
        ("remnd me to call mum", ["call mum"]),
        ("could u add a task to oil the hinges", ["oil the hinges"]),
        ("I gotta renew the parking permit", ["renew the parking permit"]),
        ("add buy batteries and add call the bank", ["buy batteries", "call the bank"]),  # the verb said again
        ("add 2 tasks - renew parking permit, return library books", ["renew parking permit", "return library books"]),
        (
            "add pick up the kids, pay the gas bill, and call grandma",
            ["pick up the kids", "pay the gas bill", "call grandma"],
        ),
        ("add buy bread, eggs and milk", ["buy bread, eggs and milk"]),  # one title: a list of single words
        # the framing around the title goes, whatever it is wrapped in
        ("can you note down that I need to re-order the PCR strips", ["re-order the pcr strips"]),
        ("put in a reminder that I need to collect the gel images", ["collect the gel images"]),
        (
            "Would you be so kind as to add a to-do for me: review the manuscript. Many thanks!",
            ["review the manuscript"],
        ),
        ("add 2 my list: get the bike fixed", ["get the bike fixed"]),  # texting shorthand
        ("task: autoclave waste Tue+Thu", ["autoclave waste tue+thu"]),
        # two errands after one "add" are two tasks; one errand's steps and a series stay as they are
        ("add buy stamps and call the bank", ["buy stamps", "call the bank"]),
        ("add pay rent n call landlord", ["pay rent", "call landlord"]),
        ("add pick up the kids at 4, and also buy birthday candles", ["pick up the kids at 4", "buy birthday candles"]),
        ("remind me to call the bank and ask about the loan", ["call the bank and ask about the loan"]),
        ("put down restock ethanol, then restock isopropanol", ["restock ethanol", "restock isopropanol"]),
        (
            "create a task 'Lunch with Tom and Jerry' and then one called 'Call Mum'",
            ["lunch with tom and jerry", "call mum"],
        ),
        ("my to-do: calibrate the pH meter before Tuesday", ["calibrate the ph meter before tuesday"]),
        ("could you pop 'renew the Mendeley subscription' on my list", ["renew the mendeley subscription"]),
        ("make a note for me to ask Kwame for the plasmid maps", ["ask kwame for the plasmid maps"]),
        ("add book hotel in Graz as well as book train to Graz", ["book hotel in graz", "book train to graz"]),
        ("add a single task: label the tubes then freeze them", ["label the tubes then freeze them"]),  # said to be one
        ("add thaw the cells then spin them down as one task", ["thaw the cells then spin them down"]),
        ("to-do pls — get quotes for the $12,000 plate reader", ["get quotes for the $12,000 plate reader"]),
        (  # a story, then the thing to do, then the request to list it: one task, the thing to do
            "ok so basically I keep forgetting this one, I need to renew my library card, could you put it on the list?",
            ["renew my library card"],
        ),
        # greetings, fillers, wrappers and scene-setting before the request are no part of it
        ("hey, morning! quick one — can you add 'call the gas engineer'?", ["call the gas engineer"]),
        ("okay so uh new reminder pick up the dry cleaning", ["pick up the dry cleaning"]),
        ("Please put on my list the task to book the train tickets", ["book the train tickets"]),
        ("Could you note that I need to ask Priya for the primers?", ["ask priya for the primers"]),
        ("I'm between meetings so: remind me to prep the slides", ["prep the slides"]),
        (
            "So Helga just told me the cryostat is free next week. That never happens. Please add 'cut sections' to "
            "my tasks.",
            ["cut sections"],
        ),
        (
            "Next week is packed so: add prepare the slides, next, add print handouts",
            ["prepare the slides", "print handouts"],
        ),
        ("pls add feed the cat + clean the fridge", ["feed the cat", "clean the fridge"]),  # "pls" shifted the framing
        ("todo:\n— ring the bank\n— book flu jab", ["ring the bank", "book flu jab"]),  # em-dash bullets
        ("add a task: print the posters and then laminate them", ["print the posters and then laminate them"]),
        (
            "add a task to remember the 2 o'clock and the 4 o'clock seminars",
            ["remember the 2 o'clock and the 4 o'clock seminars"],
        ),
        # a letter's salutation and signature are no task ("Kind regards, Margaret" was added as one)
        (
            "Dear assistant,\n\nI would be grateful if you could add to my list a reminder to renew my bus pass."
            "\n\nKind regards,\nMargaret",
            ["renew my bus pass"],
        ),
        ("add buy milk — no wait, oat milk", ["buy oat milk"]),  # a correction at the end replaces what it corrects
        ("remind me to email Tom on Monday, sorry, Tuesday", ["email tom on tuesday"]),
        (  # a forwarded e-mail is data: its "remind Sam" asks nothing of the assistant
            "add a task 'send Jo the export by Wednesday' — context below\n\n> From: Jo Park\n> Hi! Could you send me "
            "the export by Wednesday? Also remind Sam about the gel.\n> Thanks, Jo",
            ["send jo the export by wednesday"],
        ),
    ],
)
async def test_add_phrasings_add_exactly_those_titles(text: str, titles: list[str]) -> None:
    turn = await calls_for(text)
    assert {name for name, _ in turn.calls} == {"add_task"}
    assert [args["title"].lower() for _, args in turn.calls] == titles


async def test_a_quoted_description_with_its_label_goes_to_the_description_and_stays_with_its_task() -> None:
    turn = await calls_for(
        "add 'buy a card for Femi' with the description 'he likes jazz', then also add 'book the restaurant'"
    )
    assert [(n, {k: v.lower() for k, v in a.items()}) for n, a in turn.calls] == [
        ("add_task", {"title": "buy a card for femi", "description": "he likes jazz"}),
        ("add_task", {"title": "book the restaurant"}),
    ]


async def test_details_given_under_their_own_label_are_the_description_not_part_of_the_title() -> None:
    turn = await calls_for("add a task to order antibodies, details: anti-GFP, rabbit, Abcam")
    assert [(n, {k: v.lower() for k, v in a.items()}) for n, a in turn.calls] == [
        ("add_task", {"title": "order antibodies", "description": "anti-gfp, rabbit, abcam"})
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tick off 1 plus 3", [("complete_task", {"task_id": 1}), ("complete_task", {"task_id": 3})]),
        ("task 3 should be called order buffers", [("update_task", {"task_id": 3, "title": "Order buffers"})]),
        (
            "complete task 1 and once that's done add a task to start recruiting",
            [("complete_task", {"task_id": 1}), ("add_task", {"title": "Start recruiting"})],
        ),
        (
            "add a task to water the plants, mark task 3 done, and delete task 2",
            [
                ("add_task", {"title": "Water the plants"}),
                ("complete_task", {"task_id": 3}),
                ("delete_task", {"task_id": 2}),
            ],
        ),
        (
            "new task — prep the agenda, and also delete task 4",
            [("add_task", {"title": "Prep the agenda"}), ("delete_task", {"task_id": 4})],
        ),
        (  # dictated without a pause: it deleted both
            "okay so complete task one delete task four",
            [("complete_task", {"task_id": 1}), ("delete_task", {"task_id": 4})],
        ),
        (
            "rename task 3 to Book the confocal and mark task 4 complete",
            [("update_task", {"task_id": 3, "title": "Book the confocal"}), ("complete_task", {"task_id": 4})],
        ),
        (
            "add 'update the inventory' but first mark task 2 as done",
            [("complete_task", {"task_id": 2}), ("add_task", {"title": "Update the inventory"})],
        ),
        (
            "1st: add 'invite Ana'; 2nd: tick off task 1",
            [("add_task", {"title": "Invite Ana"}), ("complete_task", {"task_id": 1})],
        ),
        (  # a report before the request is no scene-setting: it asks for the tick
            "I bought the milk. Also, add a task to buy coffee beans.",
            [("list_tasks", {}), ("complete_task", {"task_id": 1}), ("add_task", {"title": "Buy coffee beans"})],
        ),
        ("task 2 should say Order P200 pipettes", [("update_task", {"task_id": 2, "title": "Order P200 pipettes"})]),
        (  # each side of "and" has its own verb: two commands, not one command for two items
            "task 3 is to be marked done and task 4 is to be deleted",
            [("complete_task", {"task_id": 3}), ("delete_task", {"task_id": 4})],
        ),
        ("task 2 is to be renamed.", []),  # to what is not said: it was renamed "Is to be renamed"
        ("delete task 4 — no, sorry, task 2", [("delete_task", {"task_id": 2})]),  # it deleted both
        (
            "complete task 2 and 4 — wait, not 4, I meant 1",
            [("complete_task", {"task_id": 2}), ("complete_task", {"task_id": 1})],
        ),
        (
            "delete task 3 — no wait, not that one",
            [("list_tasks", {})],
        ),  # taken back: which one is asked, nothing deleted
        (
            "- add: order dry ice\n- 2 done\n- del 4",
            [
                ("add_task", {"title": "Order dry ice"}),
                ("complete_task", {"task_id": 2}),
                ("delete_task", {"task_id": 4}),
            ],
        ),
        (
            "Dear assistant, I should be obliged if you would change the title of task 3 to 'Book the microscope'. "
            "Kind regards, Harold",  # it added two tasks, one called 'Kind regards, Harold'
            [("update_task", {"task_id": 3, "title": "Book the microscope"})],
        ),
        (
            "put this in the description of the pipettes task:\n> Quote Q-2291: 2x P1000, total €1,140",
            [
                ("list_tasks", {}),
                ("update_task", {"task_id": 3, "description": "Quote Q-2291: 2x P1000, total €1,140"}),
            ],
        ),
        ("would you mind deleting the garage one?", [("list_tasks", {}), ("delete_task", {"task_id": 2})]),
        ("is there any way you could mark 4 as done?", [("complete_task", {"task_id": 4})]),
        (
            "um for task number three put in the description bring the USB stick",
            [("update_task", {"task_id": 3, "description": "bring the USB stick"})],
        ),
        (
            "Add 'order CO2 cylinders' — for the description put: two cylinders, account 44-120",
            [("add_task", {"title": "Order CO2 cylinders", "description": "two cylinders, account 44-120"})],
        ),
    ],
)
async def test_joined_requests_are_each_their_own_call_and_never_the_wrong_write(text: str, expected: list) -> None:
    turn = await calls_for(text)
    assert turn.calls == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "add a task to email the PI; next, delete task 2",
            [("add_task", {"title": "Email the PI"}), ("delete_task", {"task_id": 2})],
        ),
        (
            "show finished stuff, then also wipe task 2",
            [("list_tasks", {"status": "completed"}), ("delete_task", {"task_id": 2})],
        ),
        (
            "add a task: pick up the poster, and after that delete task 3",
            [("add_task", {"title": "Pick up the poster"}), ("delete_task", {"task_id": 3})],
        ),
        (
            "complete the milk task followed by deleting the garage task",  # a command in its -ing form
            [
                ("list_tasks", {}),
                ("complete_task", {"task_id": 1}),
                ("list_tasks", {}),
                ("delete_task", {"task_id": 2}),
            ],
        ),
        (
            "add a task to email the PI as well as one to update the wiki",
            [("add_task", {"title": "Email the PI"}), ("add_task", {"title": "Update the wiki"})],
        ),
        (
            "add 'Plan Ana & Rui's farewell drinks' and show me the full list",
            [("add_task", {"title": "Plan Ana & Rui's farewell drinks"}), ("list_tasks", {"status": "all"})],
        ),
    ],
)
async def test_more_ways_of_joining_two_requests(text: str, expected: list) -> None:
    assert (await calls_for(text)).calls == expected


@pytest.mark.parametrize(
    "text", ["make me a new to-do", "we don't need the garage on the list anymore, we moved flats"]
)
async def test_a_request_that_names_nothing_to_add_adds_nothing(text: str) -> None:
    turn = await calls_for(text)
    assert "add_task" not in [name for name, _ in turn.calls]


async def test_a_question_never_falls_back_to_writing_a_task() -> None:
    turn = await calls_for("does my draft have an abstract yet?")
    assert "add_task" not in [name for name, _ in turn.calls]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("show my tasks", "all"),
        ("list my todos", "all"),
        ("what's left to do?", "pending"),
        ("which tasks are open", "pending"),
        ("What are my completed tasks?", "completed"),
    ],
)
async def test_list_phrasings_pick_the_status_asked_for(text: str, status: str) -> None:
    turn = await calls_for(text)
    assert [name for name, _ in turn.calls] == ["list_tasks"]
    assert turn.calls[0][1].get("status", "all") == status


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mark task 2 done", [("complete_task", {"task_id": 2})]),
        ("task 4 is finished", [("complete_task", {"task_id": 4})]),
        ("tick off task #3", [("complete_task", {"task_id": 3})]),
        ("mark tasks 1 and 2 done", [("complete_task", {"task_id": 1}), ("complete_task", {"task_id": 2})]),
        ("change task 3 to call the ethics board", [("update_task", {"task_id": 3, "title": "call the ethics board"})]),
        ("delete task 1", [("delete_task", {"task_id": 1})]),
        ("compelte task 3", [("complete_task", {"task_id": 3})]),
        ("delte task 2", [("delete_task", {"task_id": 2})]),
    ],
)
async def test_numbered_task_phrasings_call_the_right_tool_with_the_number(text: str, expected: list) -> None:
    turn = await calls_for(text)
    assert [
        (name, {k: v.lower() if isinstance(v, str) else v for k, v in args.items()}) for name, args in turn.calls
    ] == [(name, {k: v.lower() if isinstance(v, str) else v for k, v in args.items()}) for name, args in expected]


async def test_a_task_named_by_words_is_resolved_against_the_listing() -> None:
    turn = await calls_for("delete the milk task")
    assert turn.calls == [("list_tasks", {}), ("delete_task", {"task_id": 1})]
    assert turn.kinds == ["calls", "calls", "answer"]


async def test_words_that_match_several_tasks_get_a_question_naming_them() -> None:
    turn = await calls_for("delete the order task")
    assert [name for name, _ in turn.calls] == ["list_tasks"]  # nothing written
    assert turn.kinds[-1] == "clarify" and turn.confidence <= 0.5
    assert "Order pipettes" in turn.answer and "Order reagents" in turn.answer


async def test_it_with_nothing_before_it_is_a_question_not_a_guess() -> None:
    turn = await calls_for("mark it done")
    assert {name for name, _ in turn.calls} <= {"list_tasks"}
    assert turn.kinds[-1] == "clarify" and "Which task do you mean" in turn.answer


async def test_it_refers_to_the_task_just_added_and_ordinals_to_the_list_just_shown() -> None:
    store = TaskStore.with_titles(*SHELF)
    added, done, _, second = await conversation(
        planner_agent(store.tools()),
        "add a task to buy bread",
        "mark it done",
        "show my open tasks",
        "delete the second one",
    )
    new_id = len(SHELF) + 1
    assert added.calls == [("add_task", {"title": added.calls[0][1]["title"]})]
    assert done.calls == [("complete_task", {"task_id": new_id})]
    assert second.calls == [("delete_task", {"task_id": 2})]
    assert store.tasks[new_id]["status"] == "completed" and 2 not in store.tasks


async def test_an_unknown_task_number_fails_with_zero_confidence_and_the_servers_words() -> None:
    turn = await calls_for("complete task 987")
    assert turn.calls == [("complete_task", {"task_id": 987})]
    assert turn.confidence == 0.0 and "There is no task 987" in turn.answer


async def test_details_after_a_colon_are_the_description_not_the_words_before_it() -> None:
    turn = await calls_for("for the milk task, add the details: two litres, semi-skimmed")
    assert turn.calls[-1] == ("update_task", {"task_id": 1, "description": "two litres, semi-skimmed"})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("for task 3, add the description 'ask for a quote'", {"task_id": 3, "description": "ask for a quote"}),
        (
            "for task 3 add the description 'confocal, room B12, 2h slot'",
            {"task_id": 3, "description": "confocal, room B12, 2h slot"},
        ),
        (
            "for the garage task, add a note saying the key is under the mat",
            {"task_id": 2, "description": "the key is under the mat"},
        ),
    ],
)
async def test_the_item_named_before_a_comma_gets_the_note_that_follows(text: str, expected: dict) -> None:
    turn = await calls_for(text)
    assert turn.calls[-1] == ("update_task", expected)


async def test_a_second_command_after_and_the_is_its_own_step() -> None:
    turn = await calls_for("delete the milk task, and the pipettes were ordered this morning so mark that as done")
    assert [c for c in turn.calls if c[0] != "list_tasks"] == [
        ("delete_task", {"task_id": 1}),
        ("complete_task", {"task_id": 3}),
    ]


def test_only_misspelt_command_words_are_corrected() -> None:
    from agent_core.offline.clauses import corrected

    assert corrected("pls ad a tsk - oil the hinges") == "pls add a task - oil the hinges"
    assert corrected("stick 'email Bo' on my list") == "stick 'email Bo' on my list"  # a real word stays
    assert corrected("shwo the ledger") == "show the ledger"


async def test_a_statement_that_a_task_is_done_in_its_own_words_completes_it() -> None:
    turn = await calls_for("the garage is cleaned")
    assert turn.calls == [("list_tasks", {}), ("complete_task", {"task_id": 2})]


async def test_another_one_in_the_next_message_repeats_the_previous_requests_framing() -> None:
    store = TaskStore.with_titles(*SHELF)
    first, second = await conversation(
        planner_agent(store.tools()), "add a task to call Bob", "and another one to call Alice"
    )
    assert first.calls == [("add_task", {"title": "Call Bob"})]
    assert [(name, args["title"].lower()) for name, args in second.calls] == [("add_task", "call alice")]


async def test_a_bare_verb_asks_for_the_act_and_only_its_past_form_reports_a_task_done() -> None:
    for text in ("order pipettes", "clean the garage"):
        turn = await calls_for(text)
        assert "complete_task" not in {name for name, _ in turn.calls}, text
    done = await calls_for("the pipettes are ordered")
    assert done.calls[-1] == ("complete_task", {"task_id": 3})


async def test_a_question_about_a_task_lists_and_never_writes() -> None:
    for text in ("have I done the quarterly report yet?", "has the milk been bought yet?"):
        turn = await calls_for(text, "Buy milk", "Clean the garage", "Write the quarterly report")
        assert [name for name, _ in turn.calls] == ["list_tasks"]


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("tick off milk + garage", [1, 2]),  # "+" joins two items like "and"
        ("cross off the pipettes one", [3]),
        ("garage is done, also the milk", [2, 1]),  # the verb not repeated: a bare item after it gets it too
    ],
)
async def test_a_second_item_without_its_own_verb_gets_the_same_action(text: str, ids: list[int]) -> None:
    turn = await calls_for(text)
    assert [args for name, args in turn.calls if name == "complete_task"] == [{"task_id": i} for i in ids]


async def test_it_before_a_long_new_title_is_the_task_just_added() -> None:
    store = TaskStore.with_titles(*SHELF)
    _, renamed = await conversation(
        planner_agent(store.tools()),
        "add a task to call the landlord",
        "actually rename it to call the landlord about the boiler",
    )
    assert [(name, args["task_id"], args["title"].lower()) for name, args in renamed.calls] == [
        ("update_task", len(SHELF) + 1, "call the landlord about the boiler")
    ]


async def test_a_new_question_after_a_waiting_approval_is_answered_not_the_waiting_call(rt: AgentRuntime) -> None:
    added = await rt.ask("add a task to label the racks")
    task = added.response.tool_calls[0].result["id"]
    waiting = await rt.ask(f"delete task {task}", added.conversation_id)
    assert waiting.kind == "approval_required"
    listed = await rt.ask("what's still open?", added.conversation_id)  # moving on: the delete is not run
    assert tools(listed) == [("list_tasks", {"status": "pending"})]
    assert "label the racks" in listed.response.answer.lower() and listed.response.confidence >= 0.8


async def test_a_story_before_anyway_and_a_sign_off_after_the_request_are_not_part_of_it() -> None:
    turn = await calls_for(
        "so we had the lab meeting this morning and the heater broke again, anyway could you add a task to "
        "call the technician about the heater, and yeah that's all I think"
    )
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [
        ("add_task", "call the technician about the heater")
    ]
    kept = await calls_for("add a task to buy gloves, anyway that's it, thanks")
    assert [(name, args["title"].lower()) for name, args in kept.calls] == [("add_task", "buy gloves")]


async def test_a_misspelt_command_word_opening_a_later_clause_is_put_right() -> None:
    turn = await calls_for("remind me to feed the fish and then remnd me to water the ferns")
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [
        ("add_task", "feed the fish"),
        ("add_task", "water the ferns"),
    ]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add “rinse, then dry the beakers” to tasks", "rinse, then dry the beakers"),  # one quoted title
        ("new task: order 'Cell' reprints for the seminar", "order 'cell' reprints for the seminar"),
        ("add 'label the racks' to my list", "label the racks"),  # the quote is the whole title
    ],
)
async def test_quoted_words_are_one_title_or_part_of_the_title_around_them(text: str, title: str) -> None:
    turn = await calls_for(text)
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [("add_task", title)]


async def test_first_as_a_sequencer_is_not_part_of_the_request() -> None:
    turn = await calls_for("first add a task to sweep the yard, then show my tasks")
    assert [name for name, _ in turn.calls] == ["add_task", "list_tasks"]
    assert turn.calls[0][1]["title"].lower() == "sweep the yard"


async def test_a_position_on_the_list_when_nothing_was_shown_reads_the_list_first() -> None:
    turn = await calls_for("finish the 3rd one on my list")
    assert turn.calls == [("list_tasks", {}), ("complete_task", {"task_id": 3})]
    turn = await calls_for("complete the last one on my list")
    assert turn.calls == [("list_tasks", {}), ("complete_task", {"task_id": len(SHELF)})]
    bare = await calls_for("finish the 3rd one")  # nothing was shown: which list?
    assert bare.kinds[-1] == "clarify" and "complete_task" not in {name for name, _ in bare.calls}


async def test_a_task_framed_at_either_end_keeps_only_its_title() -> None:
    turn = await calls_for("I must renew the lab badge before May, could you make a task for this")
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [
        ("add_task", "renew the lab badge before may")
    ]
    turn = await calls_for("need to return the borrowed stirrer to the 3rd floor lab")
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [
        ("add_task", "return the borrowed stirrer to the 3rd floor lab")
    ]


async def test_a_reminder_about_nothing_in_particular_is_asked_about_not_added() -> None:
    vague = await calls_for("could you remind me about something")
    assert vague.calls == [] and vague.kinds == ["clarify"]
    named = await calls_for("remind me about the seminar room booking")
    assert [(name, args["title"].lower()) for name, args in named.calls] == [("add_task", "the seminar room booking")]


async def test_thx_after_a_change_is_thanks() -> None:
    store = TaskStore.with_titles(*SHELF)
    _, thanks = await conversation(planner_agent(store.tools()), "mark task 2 as done", "thx!!")
    assert thanks.calls == [] and thanks.kinds == ["chat"]
