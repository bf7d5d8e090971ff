"""Servers shaped like widely used public MCP servers the planner has no code for: a mailbox (Gmail-shaped), a
variant annotator (Ensembl-shaped), a research-data repository (Zenodo-shaped), a model hub (Hugging Face-shaped)
and a maps server's place details. Their values are found by what the schemas say: an example's shape (an HGVS
notation, a region with thousands marked, an rsID), a list of e-mail addresses, a field said under its own name,
the server's own default, an ID found by the server's own search.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from tests.planner_support import ask, conversation, planner_agent, tool

pytestmark = pytest.mark.anyio

SPECIES = "Species name/alias, e.g. homo_sapiens or human, mus_musculus, danio_rerio"


def vep_hgvs(
    hgvs_notation: Annotated[
        str,
        Field(description="HGVS notation, e.g. ENST00000366667:c.803C>T, 9:g.22125504G>C"),
    ],
    species: Annotated[str, Field(description=SPECIES)] = "human",
) -> dict[str, Any]:
    """Fetch variant consequences based on a HGVS notation (Ensembl Variant Effect Predictor)."""
    return {"most_severe_consequence": "missense_variant"}


def variant_by_id(
    variant_id: Annotated[str, Field(description="Variant identifier, e.g. rs699")],
    species: Annotated[str, Field(description=SPECIES)] = "human",
) -> dict[str, Any]:
    """Uses a variant identifier (e.g. rsID) to return the variation features: alleles, minor allele frequency."""
    return {"name": variant_id, "MAF": 0.29}


def overlap_region(
    species: Annotated[str, Field(description=SPECIES)],
    region: Annotated[str, Field(description="Query region, chromosome:start-end, e.g. 7:140424943-140624564")],
    feature: Annotated[Literal["gene", "transcript", "variation", "regulatory"], Field(description="Feature type")],
) -> dict[str, Any]:
    """Retrieves features (e.g. genes, transcripts, variants and more) that overlap a region."""
    return {"features": []}


VARIANTS = tuple(tool(f, readOnlyHint=True) for f in (vep_hgvs, variant_by_id, overlap_region))


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("run VEP on KRAS:c.35G>A pls", ("vep_hgvs", {"hgvs_notation": "KRAS:c.35G>A"})),
        ("consequence of 9:g.22125504G>C?", ("vep_hgvs", {"hgvs_notation": "9:g.22125504G>C"})),
        ("whats the MAF of rs1801133", ("variant_by_id", {"variant_id": "rs1801133"})),
        (  # thousands marked; the species its sibling tools default to, not asked for
            "regulatory features in chr19:44,900,000-44,910,000",
            (
                "overlap_region",
                {"feature": "regulatory", "region": "chr19:44900000-44910000", "species": "human"},
            ),
        ),
        (
            "which genes overlap 11:69400000-69500000 in mouse?",
            ("overlap_region", {"feature": "gene", "region": "11:69400000-69500000", "species": "mouse"}),
        ),
    ],
)
async def test_a_value_shaped_like_the_parameters_unquoted_example_is_that_value(
    text: str, call: tuple[str, dict[str, Any]]
) -> None:
    turn = await ask(planner_agent(VARIANTS), text)
    assert turn.calls == [call]


async def test_no_value_of_the_examples_shape_means_a_question_not_the_requests_words() -> None:
    turn = await ask(planner_agent(VARIANTS), "annotate this variant for me")
    assert turn.calls == [] and turn.kinds[-1] == "clarify"


def send_email(
    to: Annotated[list[str], Field(description="List of recipient email addresses")],
    subject: Annotated[str, Field(description="Email subject")],
    body: Annotated[str, Field(description="Email body content")],
    cc: Annotated[list[str] | None, Field(description="List of CC recipients")] = None,
) -> dict[str, Any]:
    """Sends a new email"""
    return {"id": "18c32f0cb7181eaa", "to": to, "subject": subject}


def read_email(messageId: Annotated[str, Field(description="ID of the email message to retrieve")]) -> dict[str, Any]:
    """Retrieves the content of a specific email"""
    return {"id": messageId, "subject": "Sequencing run"}


def search_emails(
    query: Annotated[
        str,
        Field(
            description="Gmail search query (e.g., 'from:example@gmail.com', 'subject:invoice newer_than:7d', "
            "'has:attachment is:unread')"
        ),
    ],
    maxResults: Annotated[int, Field(description="Maximum number of results to return")] = 10,
) -> dict[str, Any]:
    """Searches for emails using Gmail search syntax"""
    return {"messages": [{"id": "18c1", "subject": "Re: Figure 3"}, {"id": "18c2", "subject": "Run complete"}]}


MAIL = (
    tool(send_email, readOnlyHint=False, destructiveHint=False),
    tool(read_email, readOnlyHint=True),
    tool(search_emails, readOnlyHint=True),
)


async def test_an_email_goes_to_the_addresses_said_with_what_follows_that_as_its_body() -> None:
    turn = await ask(planner_agent(MAIL), "email hannah.lee@uni.org that the source data for figure 3D is on the drive")
    body = "the source data for figure 3D is on the drive"
    subject = "The source data for figure 3D"  # no subject said: the body's opening, as a person heads a note
    assert turn.calls == [("send_email", {"to": ["hannah.lee@uni.org"], "body": body, "subject": subject})]


async def test_fields_said_under_their_names_and_a_cc_keep_to_their_parameters() -> None:
    turn = await ask(
        planner_agent(MAIL), "send an email to ana@uni.org, subject: KRAS maps, body: thanks, got them - will check"
    )
    assert turn.calls == [
        ("send_email", {"to": ["ana@uni.org"], "subject": "KRAS maps", "body": "thanks, got them - will check"})
    ]
    turn = await ask(planner_agent(MAIL), "email jonas@uni.org and cc hannah@uni.org that the release is tagged")
    [(name, args)] = turn.calls
    assert (name, args["to"], args["cc"]) == ("send_email", ["jonas@uni.org"], ["hannah@uni.org"])


async def test_a_message_id_is_no_email_address() -> None:
    turn = await ask(planner_agent(MAIL), "read email 18c2a1f6e2c7d958")
    assert turn.calls == [("read_email", {"messageId": "18c2a1f6e2c7d958"})]


async def test_an_ordinal_after_a_search_of_numbered_items_reads_that_item_with_the_same_things_tool() -> None:
    _, second = await conversation(planner_agent(MAIL), "search my mail for emails from lee", "read the second one")
    assert second.calls == [("read_email", {"messageId": "18c2"})]  # not a file, though "read" reads files too


def get_record(
    recid_or_doi: Annotated[
        str, Field(description="Record id (e.g. '7654321') or Zenodo DOI (e.g. '10.5281/zenodo.7654321')")
    ],
) -> dict[str, Any]:
    """Get a published Zenodo record: title, creators, DOI, licence, files and links."""
    return {"id": recid_or_doi, "license": "cc-by-4.0"}


async def test_a_parameter_taking_a_number_or_a_doi_takes_the_number() -> None:
    turn = await ask(planner_agent([tool(get_record, readOnlyHint=True)]), "whats the licence on zenodo record 9876543")
    assert turn.calls == [("get_record", {"recid_or_doi": "9876543"})]


def model_search(
    query: Annotated[str | None, Field(description="Search term")] = None,
    author: Annotated[
        str | None, Field(description="Organization or user who created the repo (e.g. 'google', 'facebook')")
    ] = None,
    task: Annotated[str | None, Field(description="Model task type, e.g. 'text-classification'")] = None,
    limit: Annotated[int, Field(description="Maximum number of results to return")] = 20,
) -> dict[str, Any]:
    """Find Machine Learning models hosted on Hugging Face."""
    return {"models": []}


async def test_where_the_search_runs_is_not_what_it_searches_for_nor_an_author() -> None:
    turn = await ask(planner_agent([tool(model_search, readOnlyHint=True)]), "any protein language models on the hub?")
    assert turn.calls == [("model_search", {"query": "protein language"})]


def maps_search_places(query: Annotated[str, Field(description="Search query")]) -> dict[str, Any]:
    """Search for places using Google Places API"""
    found = [
        {"name": "Café Botanik", "place_id": "ChIJ-botanik"},
        {"name": "Botanik Bar", "place_id": "ChIJ-bar"},
    ]
    return {"places": [p for p in found if set(query.lower().split()) & set(p["name"].lower().split())]}


def maps_place_details(
    place_id: Annotated[str, Field(description="The place ID to get details for")],
) -> dict[str, Any]:
    """Get detailed information about a specific place"""
    return {"name": "Café Botanik", "opening_hours": ["Monday: 8:00 AM – 6:00 PM"]}


PLACES = (tool(maps_search_places, readOnlyHint=True), tool(maps_place_details, readOnlyHint=True))


async def test_a_place_named_for_its_details_is_found_with_the_servers_search_first() -> None:
    turn = await ask(planner_agent(PLACES), "what are the opening hours of Café Botanik?")
    assert turn.calls == [
        ("maps_search_places", {"query": "Café Botanik"}),
        ("maps_place_details", {"place_id": "ChIJ-botanik"}),
    ]
    assert "8:00" in turn.output.answer


async def test_a_name_the_search_finds_several_places_for_is_asked_about() -> None:
    turn = await ask(planner_agent(PLACES), "phone number of Botanik")
    assert turn.calls == [("maps_search_places", {"query": "Botanik"})]  # no details of a place picked blindly
    assert turn.kinds[-1] == "clarify" and "Café Botanik or Botanik Bar" in turn.answer


async def test_looking_up_codes_a_connected_tool_takes_asks_that_tool_not_the_web() -> None:
    turn = await ask(planner_agent(VARIANTS), "look up rs429358 and rs7412")
    assert turn.calls == [("variant_by_id", {"variant_id": "rs429358"}), ("variant_by_id", {"variant_id": "rs7412"})]
    turn = await ask(planner_agent(VARIANTS), "look up rs334")
    assert turn.calls == [("variant_by_id", {"variant_id": "rs334"})]


def hub_repo_details(
    repo_ids: Annotated[
        list[str], Field(description="Repo IDs in author/name format, e.g. ['facebook/esm2_t33_650M_UR50D']")
    ],
) -> dict[str, Any]:
    """Get details for one or more Hugging Face repos (model, dataset, or space)."""
    return {"repos": [{"id": r, "downloads": 10} for r in repo_ids]}


def list_commits(
    owner: Annotated[str, Field(description="Repository owner")],
    repo: Annotated[str, Field(description="Repository name")],
) -> dict[str, Any]:
    """Get list of commits of a branch in a GitHub repository"""
    return {"commits": []}


async def test_an_author_name_id_with_digits_is_the_repo_a_details_tool_takes_but_a_doi_is_not() -> None:
    forge = tool(list_commits, readOnlyHint=True)  # an owner/name of a forge's repository fits its two parameters
    agent = planner_agent([tool(hub_repo_details, readOnlyHint=True), forge, *MAIL])
    turn = await ask(agent, "details for facebook/esm2_t33_650M_UR50D")
    assert turn.calls == [("hub_repo_details", {"repo_ids": ["facebook/esm2_t33_650M_UR50D"]})]
    turn = await ask(agent, "email maria@uni.org the link to the dataset: https://doi.org/10.5281/zenodo.13877421")
    assert [name for name, _ in turn.calls] == ["send_email"]


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("any emails from the genomics core?", 'from:"genomics core"'),
        ("find emails with attachments from Ana", "from:ana has:attachment"),
        ("emails from the past week with ERC in the subject", "subject:ERC newer_than:7d"),
        ("show me unread mail from the last 3 days", "is:unread newer_than:3d"),
        ("emails from Ana about the grant renewal", "from:ana grant renewal"),
        ("search my inbox for subject:TRIzol", "subject:TRIzol"),
    ],
)
async def test_a_search_query_is_written_in_the_operators_its_description_documents(text: str, query: str) -> None:
    turn = await ask(planner_agent(MAIL), text)
    assert turn.calls == [("search_emails", {"query": query})]
