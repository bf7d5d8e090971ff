"""ToolGapDetector (FR-009..FR-014, SC-003): required capabilities vs the live tool list, offline and with an LLM."""

from __future__ import annotations

import logging
import re
import sys
import time
from collections.abc import Iterable
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client, types
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agent_core.gaps import HOW_TO, ToolGapDetector, gap_guidance, offline_detector, required_capabilities
from agent_core.orchestrator import ToolInfo
from agent_core.schemas import RiskLevel, ToolGapReport
from agent_core.settings import PROJECT_ROOT
from eval.gap_cases import FULL_TOOLS, GAP_CASES, NO_GAP_CASES

pytestmark = pytest.mark.anyio

SEED_TASK = "Retrieve my stock portfolio performance for Q3 2024"


def mcp_tool(name: str, description: str, read_only: bool = True) -> types.Tool:
    return types.Tool(
        name=name,
        description=description,
        input_schema={"type": "object"},
        annotations=types.ToolAnnotations(read_only_hint=read_only),
    )


class ListedTools:
    """A live tool source whose list can change between calls, as servers come and go."""

    def __init__(self, tools: Iterable[Any]) -> None:
        self.tools = list(tools)
        self.calls = 0

    async def list_tools(self) -> list[Any]:
        self.calls += 1
        return list(self.tools)


def full_source(*, without: Iterable[str] = ()) -> ListedTools:
    skip = set(without)
    return ListedTools(mcp_tool(*tool) for tool in FULL_TOOLS if tool[0] not in skip)


FULL_NAMES = [name for name, _, _ in FULL_TOOLS]


def short(text: str) -> str:
    return text[:60]


# The labelled requests are a dev regression set: routing is by meaning, so the bar is over the whole list (set a
# little below what the router measured when these bars were written: precision 0.944, recall 0.859, every
# detected gap naming exactly its labelled capability), not on every single case.
MIN_PRECISION = 0.92
MIN_RECALL = 0.82
MIN_EXACT = 0.95


async def test_labelled_requests_keep_precision_and_recall_above_the_bar() -> None:
    detector = ToolGapDetector(full_source())
    found = {text: await detector.detect_missing_tools(text) for text in [t for t, _ in GAP_CASES] + NO_GAP_CASES}
    tp = sum(found[text] is not None for text, _ in GAP_CASES)
    fn = len(GAP_CASES) - tp
    fp = sum(found[text] is not None for text in NO_GAP_CASES)
    exact = sum(found[text] is not None and found[text].missing_tools == missing for text, missing in GAP_CASES)
    precision, recall, exactness = tp / max(1, tp + fp), tp / max(1, tp + fn), exact / max(1, tp)
    misses = [short(text) for text, _ in GAP_CASES if found[text] is None]
    false_alarms = [(short(text), found[text].missing_tools) for text in NO_GAP_CASES if found[text] is not None]
    figures = (
        f"{len(GAP_CASES)} gap / {len(NO_GAP_CASES)} no-gap requests: precision {precision:.3f} (bar {MIN_PRECISION}), "
        f"recall {recall:.3f} (bar {MIN_RECALL}), exact capability {exactness:.3f} (bar {MIN_EXACT}); "
        f"missed {misses}; false alarms {false_alarms}"
    )
    print(f"\ntool gaps: {figures}")
    assert precision >= MIN_PRECISION and recall >= MIN_RECALL and exactness >= MIN_EXACT, figures


async def test_the_report_holds_the_task_and_every_live_tool_name() -> None:
    task = "Send an email to Bob with the summary of today's findings"
    report = await ToolGapDetector(full_source()).detect_missing_tools(task)
    assert report == ToolGapReport(
        missing_tools=["email_sending"], attempted_task=task, existing_tools_checked=FULL_NAMES
    )


@pytest.mark.parametrize(
    "task",
    [
        "Show my tasks",
        "What time is it in Nairobi?",
        "Remember that the deadline for the ERC proposal is March 15",
        "remnd me to ring mum on sunday",  # a misspelt framing still frames a title
        "add pay the electricity bill and call grandma",  # "add" before a title that opens with a verb
        "delete task 2 and also add call the microscope vendor",  # a later clause framed as a task's title
        # a story before "anyway" is context, not a request
        "so the seminar got moved and nobody told me, anyway could you add something to my tasks: book a room",
        # a title carried by one clause is content even when the whole message reads like something else
        "tokyo time please and uh add a task to ping kenji on slack when he's up",
        # scene-setting sentences before a request are context
        "The seminar ran over again. I missed my bus. Could you add a task to email Dr. Mensah about rescheduling?",
        "I'm between meetings so: what time is it in Chicago",
    ],
)
async def test_requests_the_default_tools_serve_are_not_gaps(task: str) -> None:
    assert await ToolGapDetector(full_source()).detect_missing_tools(task) is None


def test_a_how_does_question_about_the_persons_own_things_is_not_read_as_asking_for_knowledge() -> None:
    assert not HOW_TO.search("how does my calendar handle this week")
    assert HOW_TO.search("how does the calendar API handle time zones")


def test_offline_requirements_name_the_catalogue_capability_and_why() -> None:
    tools = full_source().tools
    [need] = required_capabilities("Book a flight from Vienna to Boston", tools)
    assert need.name == "travel_booking" and not need.public and "flight" in need.reason
    assert required_capabilities("Show my tasks", tools) == []
    assert required_capabilities("   ", tools) == []
    [table] = required_capabilities("book a table for two", tools)  # a restaurant's table, not a database's
    assert table.name == "travel_booking"
    # a time's colon is no heading ("X: Y" is judged on X alone): the clause that asks is a conversion
    assert required_capabilities("our group meeting is 09:15 EST, what is that for me in Rome?", tools) == []
    assert required_capabilities("the seminar got moved to Friday, note that down please", tools) == []  # to keep
    # texting shorthand is read as the planner reads it: "txt" is "text" (a message), not an unknown word
    assert [n.name for n in required_capabilities("txt jess im running 10 min late", tools)] == ["messaging"]
    # a call asked for by voice needs phone calls; a call that happened is only told
    assert [n.name for n in required_capabilities("um call my mom on speaker", tools)] == ["phone_call"]
    assert required_capabilities("I called my mom", tools) == []
    # a question about when to call asks the time there
    assert required_capabilities("is it too late to ring my sister in Melbourne now?", tools) == []
    # what was said at a meeting is in the notes, not a calendar; a meeting to schedule still needs one
    assert required_capabilities("what did we decide at the meeting on the 20th?", tools) == []
    assert required_capabilities("pull up the minutes from the last lab meeting", tools) == []
    assert [n.name for n in required_capabilities("schedule a meeting with Anna on Tuesday", tools)] == [
        "calendar_management"
    ]


@pytest.mark.parametrize(
    "question",
    [
        "How do I send an email with Python's smtplib?",
        "How can I book a flight with loyalty points?",
        "What's the best way to take a screenshot on a Mac?",
        "Explain how Slack webhooks work",
        "Any tips for finding cheap flights to conferences?",
        "How does the Google Calendar API handle recurring events?",
        "whats the difference between email and slack",
        "can u explain how calendar invites work",
        "where can i buy cheap flights",
    ],
)
def test_knowledge_questions_about_an_action_need_no_capability(question: str) -> None:
    assert HOW_TO.search(question)
    assert required_capabilities(question, full_source().tools) == []


async def test_the_offline_detector_decides_without_a_model() -> None:
    detector = offline_detector(full_source())
    assert detector.model is None
    report = await detector.detect_missing_tools("Turn on the lights in the lab")
    assert report is not None and report.missing_tools == ["smart_home_control"]


async def test_seed_portfolio_request_names_financial_data_api_within_three_seconds() -> None:
    started = time.perf_counter()
    report = await ToolGapDetector(full_source()).detect_missing_tools(SEED_TASK)
    elapsed = time.perf_counter() - started
    assert report is not None and report.missing_tools == ["financial_data_api"]
    assert report.attempted_task == SEED_TASK and report.existing_tools_checked == FULL_NAMES
    assert elapsed < 3.0


async def test_public_information_becomes_a_gap_only_when_no_web_search_tool_is_connected() -> None:
    without_search = ToolGapDetector(full_source(without=["web_search"]))
    weather = await without_search.detect_missing_tools("weather in London tomorrow")
    fact = await without_search.detect_missing_tools("What's the population of Lagos?")
    both = await without_search.detect_missing_tools("Search the web for tomorrow's weather in Oslo")
    assert weather is not None and weather.missing_tools == ["weather_api"]
    assert both is not None and both.missing_tools == ["weather_api"]  # the specific need, not two for one
    assert "web_search" not in weather.existing_tools_checked
    assert fact is not None and fact.missing_tools == ["web_search"]
    assert await ToolGapDetector(full_source()).detect_missing_tools("weather in London tomorrow") is None


async def test_a_dedicated_weather_tool_answers_the_weather_without_web_search() -> None:
    source = ListedTools([mcp_tool("get_forecast", "Weather forecast for a city, up to 7 days ahead.")])
    assert await ToolGapDetector(source).detect_missing_tools("Is it going to rain in Berlin this weekend?") is None


async def test_google_in_a_products_name_asks_no_web_search() -> None:
    without_search = ToolGapDetector(full_source(without=["web_search"]))
    for task in ("search google drive for the confocal settings", "google docs keeps logging me out"):
        report = await without_search.detect_missing_tools(task)
        assert report is None or "web_search" not in report.missing_tools, task  # it named web search as missing
    report = await without_search.detect_missing_tools("google the boiling point of ethanol")
    assert report is not None and report.missing_tools == ["web_search"]


async def test_time_question_is_a_gap_without_a_time_tool_and_served_with_one() -> None:
    report = await ToolGapDetector(full_source(without=["get_current_time"])).detect_missing_tools(
        "what time is it in London"
    )
    assert report is not None and report.missing_tools == ["current_time"]
    assert await ToolGapDetector(full_source()).detect_missing_tools("what time is it in London") is None


async def test_coverage_follows_the_live_list_a_send_email_tool_serves_email_requests() -> None:
    only_email = ToolGapDetector(ListedTools([mcp_tool("send_email", "Send an email to one or more people.", False)]))
    assert await only_email.detect_missing_tools("email Bob the summary") is None
    full = await ToolGapDetector(full_source()).detect_missing_tools("email Bob the summary")
    assert full is not None and full.missing_tools == ["email_sending"]


async def test_read_only_file_tools_do_not_cover_writing_but_a_write_tool_does() -> None:
    task = "Save this to a file report.md"
    read_only_writer = mcp_tool("write_file", "Create a new file or overwrite an existing file.", read_only=True)
    writer = mcp_tool("write_file", "Create a new file or overwrite an existing file.", read_only=False)
    assert await ToolGapDetector(ListedTools([*full_source().tools, read_only_writer])).detect_missing_tools(task)
    assert await ToolGapDetector(ListedTools([*full_source().tools, writer])).detect_missing_tools(task) is None


@pytest.mark.parametrize(
    ("task", "missing"),
    [
        ("Text Sam that the samples are ready for pickup", "messaging"),  # not the "text" of read_text_file
        ("Add a line to notes/ideas.txt saying try a lower seeding density", "file_write"),  # not a read of it
    ],
)
async def test_a_command_no_live_tool_takes_is_a_gap_whatever_tool_shares_its_word(task: str, missing: str) -> None:
    report = await ToolGapDetector(full_source()).detect_missing_tools(task)
    assert report is not None and report.missing_tools == [missing], task


async def test_a_tool_list_that_changes_between_calls_is_read_again() -> None:
    source = full_source()
    detector = ToolGapDetector(source)
    before = await detector.detect_missing_tools("Send an email to Bob with the summary")
    source.tools.append(mcp_tool("send_email", "Send an email message.", read_only=False))
    after = await detector.detect_missing_tools("Send an email to Bob with the summary")
    source.tools = [t for t in source.tools if t.name != "web_search"]
    weather = await detector.detect_missing_tools("weather in London tomorrow")
    assert before is not None and before.missing_tools == ["email_sending"]
    assert after is None
    assert weather is not None and weather.existing_tools_checked == [*FULL_NAMES[:1], *FULL_NAMES[2:], "send_email"]
    assert source.calls == 3


async def test_orchestrator_tool_infos_are_accepted_with_their_read_only_annotation() -> None:
    def info(name: str, description: str, read_only: bool) -> ToolInfo:
        return ToolInfo(name, "fs", description, {}, {"readOnlyHint": read_only}, RiskLevel.REVERSIBLE, "test")

    task = "Create a new file notes/ideas.md with these three bullet points"
    read_only = await ToolGapDetector(ListedTools([info("write_file", "Write a file.", True)])).detect_missing_tools(
        task
    )
    writable = await ToolGapDetector(ListedTools([info("write_file", "Write a file.", False)])).detect_missing_tools(
        task
    )
    assert read_only is not None and read_only.missing_tools == ["file_write"]
    assert read_only.existing_tools_checked == ["write_file"]
    assert writable is None


async def test_every_page_of_an_mcp_tool_listing_is_read() -> None:
    class PagedSession:
        async def list_tools(self, *, params: types.PaginatedRequestParams | None = None) -> types.ListToolsResult:
            page = int(params.cursor) if params and params.cursor else 0
            tools = (
                [mcp_tool("web_search", "Search the web.")]
                if page == 0
                else [mcp_tool("send_email", "Send email.", read_only=False)]
            )
            return types.ListToolsResult(tools=tools, next_cursor="1" if page == 0 else None)

    detector = ToolGapDetector(PagedSession())
    assert await detector.detect_missing_tools("email Bob the summary") is None
    report = await detector.detect_missing_tools(SEED_TASK)
    assert report is not None and report.existing_tools_checked == ["web_search", "send_email"]


async def test_a_client_session_over_the_real_time_server_lists_only_its_tools() -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "agent_core.servers.time"], cwd=str(PROJECT_ROOT)
    )
    # Entered and left in this one task: MCP contexts must not cross tasks (STACK_NOTES, cancel scopes).
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        detector = ToolGapDetector(session)
        served = [tool.name for tool in (await session.list_tools()).tools]
        report = await detector.detect_missing_tools("Send an email to Bob with the summary")
        time_question = await detector.detect_missing_tools("What time is it in Tokyo?")
    assert "get_current_time" in served
    assert report is not None and report.existing_tools_checked == served
    assert report.missing_tools == ["email_sending"]
    assert time_question is None


def scripted_capabilities(capabilities: list[dict[str, Any]], seen: list[str] | None = None) -> FunctionModel:
    """A stand-in LLM that answers with the given capabilities as structured output, recording what it was sent."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if seen is not None:
            seen.append(info.instructions or "")
            seen.extend(
                str(part.content)
                for message in messages
                if isinstance(message, ModelRequest)
                for part in message.parts
                if isinstance(part, UserPromptPart)
            )
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, {"capabilities": capabilities})])

    return FunctionModel(respond)


async def test_llm_capabilities_count_only_when_the_catalogue_knows_them() -> None:
    seen: list[str] = []
    model = scripted_capabilities(
        [
            {"name": "financial_data_api", "why": "the user's own portfolio"},
            {"name": "Lab Freezer Monitoring", "why": "reads the freezer sensors"},
            {"name": "weather_api", "why": "forecast", "public_information": True},
        ],
        seen,
    )
    report = await ToolGapDetector(full_source(), model).detect_missing_tools(SEED_TASK)
    # A name the catalogue does not know is a disagreement, logged, not a gap; weather is public: web search finds it.
    assert report is not None and report.missing_tools == ["financial_data_api"]
    assert report.existing_tools_checked == FULL_NAMES
    instructions, prompt = seen
    assert "financial_data_api" in instructions and "calendar_management" in instructions
    assert SEED_TASK in prompt and "- web_search: Search the web" in prompt


async def test_llm_capability_is_covered_by_a_tool_with_its_words_and_a_free_form_one_never_counts() -> None:
    model = scripted_capabilities([{"name": "Messaging", "why": "text Maria"}])
    covered = ListedTools([mcp_tool("send_sms", "Send a text message to a phone number.", False)])
    assert await ToolGapDetector(covered, model).detect_missing_tools("Text Maria that I'm late") is None
    report = await ToolGapDetector(full_source(), model).detect_missing_tools("Text Maria that I'm late")
    assert report is not None and report.missing_tools == ["messaging"]
    invented = scripted_capabilities([{"name": "sms_sending", "why": "text Maria"}])
    assert await ToolGapDetector(full_source(), invented).detect_missing_tools("Text Maria that I'm late") is None


@pytest.mark.parametrize(
    ("task", "claim"),
    [("hello", "financial_data_api"), ("What time is it in Tokyo?", "code_execution"), ("show my tasks", "dirtree")],
)
async def test_llm_claims_that_a_live_tool_serves_by_meaning_are_not_gaps(
    task: str, claim: str, caplog: pytest.LogCaptureFixture
) -> None:
    model = scripted_capabilities([{"name": claim, "why": "invented"}])
    with caplog.at_level(logging.INFO, logger="agent_core.llm.grounding"):
        assert await ToolGapDetector(full_source(), model).detect_missing_tools(task) is None
    assert any(claim in r.getMessage() and "not counted" in r.getMessage() for r in caplog.records)


async def test_llm_claim_that_a_tool_provides_it_counts_only_when_that_tool_is_live() -> None:
    model = scripted_capabilities(
        [
            {"name": "lab_inventory", "why": "stock levels", "provided_by": "search_memory"},
            {"name": "payment_processing", "why": "pay", "provided_by": "make_payment"},
        ]
    )
    report = await ToolGapDetector(full_source(), model).detect_missing_tools("Pay for the reagents we're low on")
    assert report is not None and report.missing_tools == ["payment_processing"]


async def test_llm_that_needs_nothing_means_no_gap() -> None:
    model = scripted_capabilities([])
    assert await ToolGapDetector(full_source(), model).detect_missing_tools("Email Bob") is None


async def test_failing_llm_falls_back_to_the_offline_analyzer_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    def broken(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise RuntimeError("model endpoint unreachable")

    with caplog.at_level(logging.WARNING, logger="agent_core.gaps"):
        report = await ToolGapDetector(full_source(), FunctionModel(broken)).detect_missing_tools(SEED_TASK)
    assert report is not None and report.missing_tools == ["financial_data_api"]
    assert any("offline analyzer" in r.getMessage() and r.exc_info for r in caplog.records)


async def test_llm_that_does_not_answer_in_time_falls_back_to_the_offline_analyzer() -> None:
    async def silent(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        await anyio.Event().wait()  # never set: only the detector's deadline ends this
        raise AssertionError("unreachable")

    detector = ToolGapDetector(full_source(), FunctionModel(silent), llm_timeout=0.05)
    with anyio.fail_after(5):
        report = await detector.detect_missing_tools("Book a flight from Vienna to Boston")
    assert report is not None and report.missing_tools == ["travel_booking"]


async def test_empty_request_is_not_a_gap_and_lists_no_tools() -> None:
    source = full_source()
    assert await ToolGapDetector(source).detect_missing_tools("   ") is None
    assert source.calls == 0


async def test_with_no_tools_connected_the_report_says_so() -> None:
    report = await ToolGapDetector(ListedTools([])).detect_missing_tools("what time is it in London")
    assert report == ToolGapReport(
        missing_tools=["current_time"], attempted_task="what time is it in London", existing_tools_checked=[]
    )
    assert "none are connected" in gap_guidance(report)


async def test_guidance_names_what_is_missing_what_exists_and_how_to_add_a_server() -> None:
    report = await ToolGapDetector(full_source()).detect_missing_tools(SEED_TASK)
    assert report is not None
    text = gap_guidance(report)
    assert "financial_data_api" in text and "financial data" in text
    assert all(name in text for name in FULL_NAMES)
    assert "config/mcp-servers.json" in text and "MCP_CONFIG" in text and '"mcpServers"' in text
    assert '"command"' in text and "paias tools" in text and "restart" in text
    assert not re.search(r"[*`#]|^\s*[-*] ", text, re.MULTILINE)  # plain text, no Markdown


async def test_reports_and_guidance_hold_no_figures_that_are_not_in_the_task() -> None:
    detector = ToolGapDetector(full_source())
    reports = [(task, await detector.detect_missing_tools(task)) for task, _ in GAP_CASES]
    assert sum(report is not None for _, report in reports) >= MIN_RECALL * len(GAP_CASES)
    for task, report in reports:
        if report is None:
            continue  # recall is measured above; this checks what a report says
        invented = set(re.findall(r"\d+", report.model_dump_json() + gap_guidance(report))) - set(
            re.findall(r"\d+", task)
        )
        assert not invented, (task, invented)
        assert set(report.existing_tools_checked) == set(FULL_NAMES)


async def test_a_statement_a_later_question_points_back_to_is_its_context_not_a_request() -> None:
    detector = ToolGapDetector(full_source())
    assert await detector.detect_missing_tools("my meeting is at 2pm Chicago time, when is that in Mumbai?") is None
    gap = await detector.detect_missing_tools("schedule a meeting with Dana at 2pm, then tell me the time in Mumbai")
    assert gap is not None and gap.missing_tools == ["calendar_management"]


async def test_a_request_in_a_live_tools_own_words_is_not_a_gap() -> None:
    """ "free" points to a calendar, but a connected tool is named for it: the request asks for that tool. Asking
    about one's own time ("am I free?") is still a calendar the tool does not give."""
    windows = mcp_tool(
        "list_free_windows", "Unbooked windows per resource on a given day, optionally of a minimum length."
    )
    with_windows = ToolGapDetector(ListedTools([*full_source().tools, windows]))
    for task in ("is room 12 free on Friday?", "what's free on Tuesday?"):
        without = await ToolGapDetector(full_source()).detect_missing_tools(task)
        assert without is not None and without.missing_tools == ["calendar_management"]
        assert await with_windows.detect_missing_tools(task) is None, task
    mine = await with_windows.detect_missing_tools("am I free on Friday afternoon?")
    assert mine is not None and mine.missing_tools == ["calendar_management"]


def test_a_labelled_value_of_a_request_is_content_not_a_second_request() -> None:
    tools = [
        *full_source().tools,
        mcp_tool("hold_desk", "Hold a hot desk for a day: desk code, date and a reason.", read_only=False),
    ]
    assert required_capabilities("hold desk D-12 on Monday, reason: meeting with the dean", tools) == []
    needs = required_capabilities("hold desk D-12 on Monday, then email the agenda to the dean", tools)
    assert [r.name for r in needs] == ["email_sending"]


def test_a_request_that_opens_with_a_command_no_live_tool_takes_is_a_gap_even_beside_a_close_tool() -> None:
    card = mcp_tool("get_cage_card", "Show one cage card of the animal colony: strain, animals, ear tags, weights.")
    tools = [*full_source().tools, card]
    [need] = required_capabilities("email the cage card for CG-0412 to the vet", tools)
    assert need.name == "email_sending"
    assert required_capabilities("send me the cage card for CG-0412", tools) == []  # "send me" asks to see it
    assert required_capabilities("show the cage card for CG-0412", tools) == []


async def test_a_messaging_app_named_in_the_request_names_the_gap_whatever_its_verb() -> None:
    detector = ToolGapDetector(full_source())
    report = await detector.detect_missing_tools("send Sam a whatsapp saying I'll be 10 mins late")
    assert report is not None and report.missing_tools == ["messaging"]  # "send" alone reads as e-mail


async def test_a_value_said_as_my_x_is_y_is_the_requests_value_not_an_email_to_send() -> None:
    source = ListedTools(
        [mcp_tool("enrol_attendee", "Reserve a seat at one lecture of the programme for a named address.", False)]
    )
    detector = ToolGapDetector(source)
    assert await detector.detect_missing_tools("sign me up for talk T-204, my email is ana@lab.org") is None
    report = await detector.detect_missing_tools("sign me up for talk T-204 and email Bob the slides")
    assert report is not None and report.missing_tools == ["email_sending"]  # an order to e-mail still is one


async def test_a_statement_that_only_gives_a_value_is_no_gap() -> None:
    detector = ToolGapDetector(full_source())
    assert await detector.detect_missing_tools("my email is ana@lab.org") is None  # it says, it asks for nothing
    assert await detector.detect_missing_tools("our fax number is 030 1234") is None
    report = await detector.detect_missing_tools("my email is ana@lab.org, email Bob the slides")
    assert report is not None and report.missing_tools == ["email_sending"]  # a request after it still is one


async def test_where_a_request_puts_something_names_the_capability_it_needs() -> None:
    detector = ToolGapDetector(full_source())  # the tasks are connected; a calendar is not
    report = await detector.detect_missing_tools("put the journal club on 3 December at 4pm in my calendar")
    assert report is not None and report.missing_tools == ["calendar_management"]
    assert await detector.detect_missing_tools("add the journal club on 3 December to my to-do list") is None


async def test_a_typo_an_information_question_and_a_how_question_are_no_gap() -> None:
    detector = ToolGapDetector(full_source())
    assert await detector.detect_missing_tools("thanks, thats realy helpful") is None  # "really", never "reply"
    assert await detector.detect_missing_tools("how much does a train from Paris to Lyon usually cost?") is None
    assert await detector.detect_missing_tools("is there a way to schedule emails in gmail?") is None
    calendar = await detector.detect_missing_tools("put the lab retreat on my calender for the 4th of December")
    assert calendar is not None and calendar.missing_tools == ["calendar_management"]  # "calender" is a word too
    paying = await detector.detect_missing_tools("pay my gym membership for december")
    assert paying is not None and paying.missing_tools == ["payment_processing"]


async def test_a_command_of_a_missing_ability_is_a_gap_however_close_a_lookup_of_its_words_is() -> None:
    detector = ToolGapDetector(full_source())
    report = await detector.detect_missing_tools(
        "create a file called shopping.txt in the notes folder with eggs, bread and coffee"
    )
    assert report is not None and report.missing_tools == ["file_write"]  # "in the notes folder" reads like a listing
    assert await detector.detect_missing_tools("find the file I created yesterday in the notes folder") is None


async def test_telling_someone_and_rebooking_are_gaps_and_how_much_questions_are_not() -> None:
    detector = ToolGapDetector(full_source())
    told = await detector.detect_missing_tools("can you let Sam know I'll be 15 minutes late?")
    assert told is not None and told.missing_tools == ["messaging"]  # it had answered the time
    rebook = await detector.detect_missing_tools(
        "Our flight to Boston got cancelled. Can you rebook us on the next one?"
    )
    assert rebook is not None and rebook.missing_tools == ["travel_booking"]  # "the next one" is the flight
    assert await detector.detect_missing_tools("remind me to let Sam know about the meeting") is None
    for question in (
        "what's a good calendar app for a small lab?",
        "how much is a train ticket from Zurich to Milan usually?",
        "what's the python command to write a csv file?",
    ):
        assert await detector.detect_missing_tools(question) is None, question


async def test_a_new_file_and_a_reply_read_are_gaps_and_price_questions_are_not() -> None:
    detector = ToolGapDetector(full_source())
    expected = {
        "make a new file notes/todo.md with my open tasks in it": "file_write",  # it had read the missing file
        "did Sam ever reply to my email about the grant?": "email_reading",  # a reply read, not one to send
    }
    for request, missing in expected.items():
        report = await detector.detect_missing_tools(request)
        assert report is not None and report.missing_tools == [missing], request
    for question in ("how much are tickets for the symposium dinner?", "what does a ticket for the dinner cost?"):
        assert await detector.detect_missing_tools(question) is None, question


async def test_a_question_for_a_good_program_of_a_missing_kind_is_no_gap() -> None:
    detector = ToolGapDetector(full_source())
    assert await detector.detect_missing_tools("what's a good email client for linux?") is None
    assert await detector.detect_missing_tools("what's a good library for reading excel files in python?") is None


async def test_whether_a_product_is_free_is_a_question_and_whether_someone_is_free_is_not() -> None:
    detector = ToolGapDetector(full_source())
    assert await detector.detect_missing_tools("is Slack free for academic labs?") is None  # a price question
    for busy in ("is Dana free at 3pm?", "is the microscope free on Friday?"):
        assert await detector.detect_missing_tools(busy) is not None, busy  # a calendar's question
