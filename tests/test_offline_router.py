"""The router scores a request by meaning against the catalogue and the live tools, and embeds tools only when
the tool list changes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from agent_core.memory.embedder import shared_local_model
from agent_core.offline.router import Router


@dataclass(frozen=True)
class ToolDef:
    """What the router reads of a tool: the same attributes a Pydantic AI ``ToolDefinition`` has."""

    name: str
    description: str = ""
    parameters_json_schema: dict[str, Any] = field(default_factory=dict)


AIR_QUALITY = ToolDef(
    "get_air_quality",
    "Current air quality index and main pollutant for a city.",
    {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}}, "required": ["city"]},
)
CLOCK = ToolDef(
    "get_current_time",
    "Get the current date and time in an IANA time zone.",
    {"type": "object", "properties": {"timezone": {"type": "string", "description": "IANA time zone name"}}},
)
TOOLS = [CLOCK, AIR_QUALITY]


class CountingEncoder:
    """Wraps the local MiniLM model and records every batch it is asked to embed."""

    def __init__(self) -> None:
        self.inner = shared_local_model()
        self.batches: list[list[str]] = []

    def embed_sync(self, texts: list[str]) -> np.ndarray:
        self.batches.append(list(texts))
        return self.inner.embed_sync(texts)

    @property
    def cache_key(self) -> str:
        """The model's own key, so the catalogue's example vectors come from the disk cache like everywhere else;
        tool texts are never cached, so the counts these tests read are unchanged."""
        return self.inner.cache_key


@pytest.fixture(scope="module")
def encoder() -> CountingEncoder:
    return CountingEncoder()


@pytest.fixture(scope="module")
def router(encoder: CountingEncoder) -> Router:
    return Router(encoder=encoder)


def test_a_greeting_routes_to_the_greeting_capability(router: Router) -> None:
    best = router.route("hello", TOOLS).best
    assert best is not None and best.key == "greeting"
    assert best.capability is not None and best.capability.kind == "conversation"


def test_an_email_request_routes_to_email_sending_which_no_live_tool_serves(router: Router) -> None:
    routing = router.route("send an email to Bob", TOOLS)
    assert routing.best is not None and routing.best.key == "email_sending"
    assert not routing.best.served
    assert routing.margin() > 0.1


def test_an_unseen_tool_is_a_route_of_its_own_found_by_its_description(router: Router) -> None:
    routing = router.route("what's the air quality in Delhi?", TOOLS)
    best = routing.best
    assert best is not None and best.key == "tool:get_air_quality"
    assert best.served and [t.name for t in best.tools] == ["get_air_quality"]
    assert best.capability is None
    assert routing.margin() > 0.1


def test_a_live_tool_serves_the_catalogue_capability_it_provides(router: Router) -> None:
    best = router.route("What time is it in Tokyo?", TOOLS).best
    assert best is not None and best.key == "current_time"
    assert [t.name for t in best.tools] == ["get_current_time"]


def test_routes_come_best_first_with_the_request_embedding(router: Router) -> None:
    routing = router.route("what's the air quality in Delhi?", TOOLS)
    scores = [route.score for route in routing.routes]
    assert scores == sorted(scores, reverse=True)
    assert routing.vector.shape == (384,)
    assert np.isclose(np.linalg.norm(routing.vector), 1.0, atol=1e-3)


def tool_texts(batches: list[list[str]], marker: str) -> int:
    """How many embedded texts carry ``marker`` (a phrase only a tool's description has)."""
    return sum(marker in text for batch in batches for text in batch)


def test_tools_are_embedded_once_per_tool_list_not_once_per_request(router: Router, encoder: CountingEncoder) -> None:
    tools = [CLOCK, AIR_QUALITY, ToolDef("count_words", "Count the words in a text.")]
    before = len(encoder.batches)
    router.route("hello", tools)
    assert tool_texts(encoder.batches[before:], "Count the words") >= 1  # a new list is embedded
    after_first = len(encoder.batches)
    router.route("what's the air quality in Delhi?", list(tools))  # same tools, a new list object
    router.route("and in Paris?", tools)
    later = encoder.batches[after_first:]
    assert later  # the requests themselves are embedded ...
    assert tool_texts(later, "Count the words") == tool_texts(later, "air quality index") == 0  # ... the tools not


def test_a_changed_tool_list_is_embedded_again(router: Router, encoder: CountingEncoder) -> None:
    router.route("hello", TOOLS)
    before = len(encoder.batches)
    changed = [CLOCK, ToolDef("get_air_quality", "Air quality index and pollutants for a city, hourly.")]
    router.route("hello", changed)
    assert tool_texts(encoder.batches[before:], "hourly") >= 1
    again = len(encoder.batches)
    router.route("hello", changed)
    assert tool_texts(encoder.batches[again:], "hourly") == 0


class ShapeOnlyEncoder(CountingEncoder):
    """Counts batches like CountingEncoder, but answers with fixed unit vectors: what is embedded is the point here,
    not what the vectors say (the real model took ~18 s of CPU for the catalogue on a loaded 2-core machine)."""

    def __init__(self) -> None:
        self.batches = []

    def embed_sync(self, texts: list[str]) -> np.ndarray:
        self.batches.append(list(texts))
        return np.full((len(texts), 384), 384**-0.5, dtype=np.float32)


def test_the_catalogue_examples_are_embedded_once_per_router() -> None:
    counting = ShapeOnlyEncoder()
    fresh = Router(encoder=counting)
    fresh.route("hello", TOOLS)
    examples = len(counting.batches)
    assert max(len(batch) for batch in counting.batches) > 50  # every catalogue example sentence, in one batch
    fresh.route("send an email to Bob", [CLOCK])
    assert all(len(batch) <= 2 * len(TOOLS) for batch in counting.batches[examples:])  # no catalogue batch again


def test_asking_whether_it_is_still_daytime_somewhere_asks_the_clock(router: Router) -> None:
    best = router.route("is it still daytime in Honolulu?", TOOLS).best
    assert best is not None and best.key == "current_time" and best.served


def test_a_file_name_does_not_pull_a_request_to_the_example_that_named_the_same_file(router: Router) -> None:
    # the catalogue's file_info examples name papers/refs.bib and data/results.csv; what is asked decides
    def top(text: str) -> str:
        scores = router.route(text, TOOLS).capability_scores
        return max(scores, key=scores.__getitem__)

    assert top("whats in papers/refs.bib") == "file_read"
    assert top("what's in data/results.csv?") == "file_read"
    assert top("how large is papers/refs.bib?") == "file_info"


def test_a_one_word_framing_before_a_title_of_its_own_frames_it_firmly() -> None:
    from agent_core.offline.router import framed_by

    assert framed_by("add book grooming") == {"task_add": 2}  # the title opens with a verb, not another action
    assert framed_by("add pick up the kids at 5") == {"task_add": 2}
    assert framed_by("add two hundred ul of plasma to box 7") == {"task_add": 1}  # a quantity, not a title
    assert framed_by("put a meeting with sam in my calendar") == {"task_add": 1}  # an article and a destination
    assert framed_by("add to today's daily note that the seminar moved") == {"note_log": 6}


def test_a_request_that_says_little_goes_to_the_tool_made_for_its_capability(router: Router) -> None:
    import json
    from pathlib import Path

    listed = json.loads((Path(__file__).resolve().parent.parent / "eval" / "tools.json").read_text())
    readers = [ToolDef(t["name"], t["description"], t["parameters"]) for t in listed if t["name"].startswith("read_")]

    def ranked(text: str) -> list[str]:
        route = next(r for r in router.route(text, readers).routes if r.key == "file_read")
        return [t.name for t in route.tools]

    vague = ranked("open the ideas one")  # after a listing: nothing says "image", so not the media reader
    assert vague.index("read_text_file") < vague.index("read_media_file")
    assert ranked("display figure1.png")[0] == "read_media_file"  # the request's own words still count


def test_a_routing_read_again_names_the_tool_objects_of_the_request_that_asked(router: Router) -> None:
    # every model request lists its tools afresh: equal definitions, new objects. A routing remembered from an earlier
    # request must not hand back that request's objects, or "is this the same tool?" checks fail at random (they did
    # when the cache had been emptied between two requests of one turn)
    first = [ToolDef(t.name, t.description, dict(t.parameters_json_schema)) for t in TOOLS]
    again = [ToolDef(t.name, t.description, dict(t.parameters_json_schema)) for t in TOOLS]
    text = "what's the air quality in Paris"
    assert router.route(text, first).best.tools[0] is first[1]
    best = router.route(text, again).best
    assert best.tools[0] is again[1] and best.tools[0] is not first[1]
