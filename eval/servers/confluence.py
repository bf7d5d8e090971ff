"""Test-only Confluence server (blind dev set ``dev17_tools.jsonl``): search a lab's wiki by text or CQL, read a page
(by id, or by title and space key), its child pages, comments and labels, create and update pages, add a comment or
a label.

Run with: ``python -m eval.servers.confluence`` (stdio). A fixed Confluence Cloud site of Prof. Elena Marchetti's
cardiac regeneration lab, seen by the postdoc Jonas Brandt: the lab's space ``LAB`` (home, Protocols with five SOPs,
Meeting notes with two lab meetings, Projects, Equipment, Onboarding), the zebrafish facility's space ``FISH`` and
the imaging core's space ``CORE``; numeric page ids, versions, labels and comments. Pages, comments and labels
created and pages updated are kept in memory (none at every start); a new page's id is derived from its space and
title, so a conversation replayed later gets the same id. "Now" is the evaluation's clock, 2026-11-22 12:00 UTC. No
network, no real clock.

The tool shapes follow the Confluence tools of the Atlassian MCP server (sooperset/mcp-atlassian, mid-2025): the
tool names (``confluence_search``, ``confluence_get_page``, ``confluence_get_page_children``,
``confluence_get_comments``, ``confluence_get_labels``, ``confluence_add_label``, ``confluence_create_page``,
``confluence_update_page``, ``confluence_add_comment``), their descriptions (the FastMCP docstrings with their
``Args:`` and ``Returns:`` blocks), snake_case parameters with their descriptions and defaults (``limit`` 1-50,
``include_metadata``, ``convert_to_markdown``, ``content_format`` ``markdown``/``wiki``/``storage``), annotations
(writes carry ``destructiveHint: true``), and the server's simplified page dictionaries (``id``, ``title``, ``type``,
``created``, ``updated``, ``url``, ``space`` {key, name}, ``author``, ``version``, ``attachments``, ``content``
{value, format}); a plain-text query is run as ``siteSearch ~ "…"``.

Unsure of, or chosen for the evaluation: ``confluence_add_comment``'s text parameter is ``content`` (the mid-2025
release; later releases renamed it ``body``); ``confluence_update_page`` needs the title and the whole new content,
as on the real server; the CQL here is a subset (``type``, ``space``, ``title``, ``text``, ``siteSearch``,
``label``, ``created``, ``lastModified`` with dates or ``now("-7d")``/``startOfWeek()``/``startOfMonth()``,
``creator``/``contributor = currentUser()``, ``ancestor``/``parent``, ``AND``/``OR``, ``ORDER BY``), and refuses
anything else with examples; a plain-text search ranks pages holding every word first, then pages holding some; a
space key is accepted in lower case; list results are ``{"result": [...]}`` structured content where the real
server returns a JSON string; the newer tools (move, delete, attachments, user search, page history) are left out.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, BeforeValidator, Field

from agent_core.servers._serve import main

NOW = "2026-11-22T12:00:00.000Z"
TODAY = "2026-11-22"
BASE = "https://marchettilab.atlassian.net/wiki"
ME = "Jonas Brandt"
SPACES = {"LAB": "Marchetti Lab", "FISH": "Zebrafish Facility", "CORE": "Imaging Core"}
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "for",
        "to",
        "and",
        "or",
        "with",
        "about",
        "page",
        "pages",
        "confluence",
        "wiki",
        "our",
        "my",
    ]
)


class Page(BaseModel):
    """A page as the server's simplified dictionary."""

    id: str = Field(description="Page id (numeric)")
    title: str = Field(description="Page title")
    type: str = Field(description="page")
    created: str = Field(description="Created (YYYY-MM-DD HH:MM:SS)")
    updated: str = Field(description="Last updated (YYYY-MM-DD HH:MM:SS)")
    url: str = Field(description="Page URL")
    space: dict[str, str] = Field(description="Space key and name")
    author: str = Field(description="Who created the page")
    version: int = Field(description="Version number")
    attachments: list[dict[str, Any]] = Field(description="Attachments")
    content: dict[str, str] | None = Field(default=None, description="Content value and format")
    ancestors: list[dict[str, str]] | None = Field(default=None, description="Ancestor pages (id, title)")


class PageResult(BaseModel):
    """confluence_get_page: the page with its metadata, or only its content."""

    metadata: Page | None = Field(default=None, description="The page (include_metadata true)")
    content: dict[str, str] | None = Field(default=None, description="The content only (include_metadata false)")


class Children(BaseModel):
    """Child pages of a page."""

    parent_id: str = Field(description="The parent page")
    count: int = Field(description="Number of children returned")
    limit_requested: int = Field(description="limit")
    start_requested: int = Field(description="start")
    results: list[Page] = Field(description="Child pages")


class Comment(BaseModel):
    """A page comment."""

    id: str = Field(description="Comment id")
    body: str = Field(description="Comment text (Markdown)")
    created: str = Field(description="Created")
    updated: str = Field(description="Updated")
    author: str = Field(description="Author")


class LabelInfo(BaseModel):
    """A label."""

    id: str = Field(description="Label id")
    name: str = Field(description="Label name")
    prefix: str = Field(description="Label prefix (global)")
    label: str = Field(description="Label name")


class PageWritten(BaseModel):
    """A created or updated page."""

    message: str = Field(description="What happened")
    page: Page = Field(description="The page")


class CommentAdded(BaseModel):
    """The result of adding a comment."""

    success: bool = Field(description="Whether the comment was added")
    message: str = Field(description="What happened")
    comment: Comment | None = Field(default=None, description="The new comment")


# id -> (space, parent id or None, title, author, created, updated, version, labels, content)
PAGES: list[tuple[str, str, str | None, str, str, str, str, int, tuple[str, ...], str]] = [
    ("1384775681", "LAB", None, "Marchetti Lab Home", "Elena Marchetti", "2024-02-05", "2026-09-14", 12, (),
     "# Marchetti Lab\n\nWe study how the zebrafish heart regenerates and why the human heart does not. "
     "Models: adult zebrafish cryoinjury, iPSC-derived cardiomyocytes.\n\n- [Protocols](Protocols)\n"
     "- [Meeting notes](Meeting notes)\n- [Projects](Projects)\n- [Equipment](Equipment)\n"
     "- [Onboarding for new lab members](Onboarding for new lab members)"),
    ("1384906753", "LAB", "1384775681", "Protocols", "Elena Marchetti", "2024-02-05", "2026-10-02", 5, (),
     "All lab SOPs. Ask Rui before changing a protocol that the fish facility relies on."),
    ("1385037825", "LAB", "1384906753", "Cryoinjury of the adult zebrafish heart", "Rui Costa", "2024-03-11",
     "2026-11-18", 9, ("protocol", "zebrafish", "surgery"),
     "## Materials\n- Tricaine (MS-222) 0.016% in fish water\n- Liquid-nitrogen-cooled copper probe (0.8 mm)\n"
     "- Sponge holder, forceps, micro scissors\n\n## Procedure\n1. Anaesthetise the fish in tricaine until "
     "opercular movement slows (about 2 min).\n2. Place the fish ventral side up in the sponge.\n3. Open the "
     "pericardial sac with a 2 mm incision.\n4. Apply the pre-cooled probe to the ventricle apex for 23 s.\n"
     "5. Return the fish to fresh system water; stimulate the gills with a pipette until it swims.\n\n"
     "## Aftercare\nMonitor twice on day 1, then daily. Expected survival > 90%. Record every fish in the "
     "surgery log (animal licence G-24-117)."),
    ("1385168897", "LAB", "1384906753", "AFOG staining of heart cryosections", "Aiko Tanaka", "2024-06-20",
     "2026-10-29", 6, ("protocol", "histology"),
     "Acid Fuchsin Orange G: fibrin red, collagen blue, muscle orange.\n\n1. Fix sections in Bouin's solution "
     "for 2 h at 60 °C.\n2. Rinse in running tap water until the yellow is gone.\n3. 1% phosphomolybdic acid, "
     "5 min.\n4. AFOG solution, 5 min.\n5. Rinse, dehydrate, mount.\n\nScar area: Fiji macro v3 on the lab "
     "drive (blind the file names first)."),
    ("1385299969", "LAB", "1384906753", "EdU labelling of regenerating cardiomyocytes", "Jonas Brandt",
     "2025-01-14", "2026-11-05", 4, ("protocol",),
     "Inject 10 µl of 10 mM EdU intraperitoneally 24 h before harvest. Click-iT Plus EdU Alexa 647 on "
     "cryosections; co-stain Mef2c for cardiomyocyte nuclei. Count EdU+/Mef2c+ nuclei in the wound border "
     "zone, 3 sections per heart."),
    ("1385431041", "LAB", "1384906753", "iPSC-CM differentiation (GiWi protocol)", "Fatima Haddad", "2025-03-02",
     "2026-11-10", 7, ("protocol", "ipsc"),
     "Day 0: CHIR99021 6 µM in RPMI/B27 minus insulin. Day 2: IWP2 5 µM. Day 7: RPMI/B27 with insulin. Beating "
     "from day 8-10. Lactate selection days 12-16. Expect > 85% cTnT+ by flow."),
    ("1385562113", "LAB", "1384906753", "Fluo-4 calcium imaging of iPSC-CMs", "Fatima Haddad", "2025-09-22",
     "2026-11-20", 3, ("protocol", "imaging"),
     "Load Fluo-4 AM 2 µM with 0.02% Pluronic F-127 for 20 min at 37 °C, de-esterify 20 min. Image at 100 fps "
     "on the spinning disk with 1 Hz field pacing. Analyse transients with the lab's CalTrack script."),
    ("1385693185", "LAB", "1384775681", "Meeting notes", "Elena Marchetti", "2024-02-05", "2026-11-19", 30, (),
     "Notes of the weekly lab meeting (Thursdays 10:00, room 3.014)."),
    ("1385824257", "LAB", "1385693185", "Lab meeting 2026-11-12", "Aiko Tanaka", "2026-11-12", "2026-11-12", 2,
     ("meeting-notes",),
     "Present: Elena, Jonas, Aiko, Fatima, Rui.\n\n## Updates\n- Aiko: dnFGFR pilot blocks regeneration, as "
     "expected.\n- Fatima: batch 22 of iPSC-CMs beating well.\n\n## Action items\n- [ ] Jonas: order Fluo-4 AM\n"
     "- [ ] Rui: genotype batch 7\n- [x] Elena: send DFG report"),
    ("1385955329", "LAB", "1385693185", "Lab meeting 2026-11-19", "Jonas Brandt", "2026-11-19", "2026-11-19", 3,
     ("meeting-notes",),
     "Present: Elena, Jonas, Aiko, Rui. Fatima at the ISSCR workshop.\n\n## Updates\n- Jonas: cohort 3 fixed, "
     "AFOG next week. Confocal 488 laser weak; Zeiss ticket open.\n- Aiko: nrg1 morpholino arrived.\n- Rui: "
     "tricaine almost out.\n\n## Decisions\n- Cohort 4 cryoinjuries on 30 November.\n- Use scDblFinder for the "
     "scRNA-seq doublets.\n\n## Action items\n- [ ] Rui: order tricaine\n- [ ] Aiko: start morpholino "
     "injections\n- [ ] Jonas: re-count EdU for Figure 4\n- [ ] Elena: budget section of the ERC application"),
    ("1386086401", "LAB", "1384775681", "Onboarding for new lab members", "Elena Marchetti", "2024-04-08",
     "2026-08-30", 8, ("onboarding",),
     "1. Safety induction with the building manager (book via the intranet).\n2. Animal licence module "
     "(FELASA B) before any fish work.\n3. Accounts: Confluence, Trello, Linear, the lab drive, the cluster.\n"
     "4. Fish room induction with Rui.\n5. Confocal training with the Imaging Core."),
    ("1386217473", "LAB", "1384775681", "Projects", "Elena Marchetti", "2024-02-05", "2026-06-11", 4, (),
     "Active projects of the lab."),
    ("1386348545", "LAB", "1386217473", "nrg1 signalling in heart regeneration", "Jonas Brandt", "2025-02-01",
     "2026-11-16", 15, ("project", "zebrafish"),
     "## Aim\nTest whether nrg1 from the epicardium drives cardiomyocyte dedifferentiation after cryoinjury.\n\n"
     "## Status\n- nrg1 mutants: genotyping batch 7.\n- Morpholino knockdown: planned.\n- Time course "
     "7/14/30 dpi: cohort 3 fixed.\n\n## Next steps\n- Cohort 4 cryoinjuries (30 Nov).\n- scRNA-seq of 7 dpi "
     "ventricles: clustering."),
    ("1386479617", "LAB", "1386217473", "Calcium handling in iPSC cardiomyocytes", "Fatima Haddad", "2025-06-03",
     "2026-11-20", 9, ("project", "ipsc"),
     "## Aim\nCompare calcium transients of iPSC-CMs with and without nrg1 stimulation.\n\n## Status\nBatch 22 "
     "imaged (14 fields); batch 23 beats irregularly.\n\n## Next steps\nSeahorse mito stress test on batch 23."),
    ("1386610689", "LAB", "1384775681", "Equipment", "Rui Costa", "2024-02-06", "2026-10-12", 3, (),
     "Instruments the lab owns or uses, with their rules."),
    ("1386741761", "LAB", "1386610689", "Confocal (Zeiss LSM 980) booking rules", "Jonas Brandt", "2024-05-15",
     "2026-10-12", 6, ("equipment", "imaging"),
     "- Book in the facility calendar, at most 4 h per day per person.\n- Evening slots (18:00-08:00) need no "
     "approval.\n- Clean the 63x oil objective after use.\n- Report laser problems to the Imaging Core and on "
     "the Equipment & Orders Trello board."),
    ("1386872833", "LAB", "1386610689", "Cryostat (Leica CM1950) troubleshooting", "Aiko Tanaka", "2024-09-03",
     "2026-11-20", 5, ("equipment", "histology"),
     "- Sections curl: lower the chamber temperature to -22 °C.\n- Chatter: tighten the blade holder; a "
     "cracked holder needs the service engineer.\n- Defrost every Friday."),
    ("2214723585", "FISH", None, "Zebrafish Facility Home", "Rui Costa", "2023-11-02", "2026-07-01", 6, (),
     "The zebrafish facility of the institute (rooms B0.12-B0.15)."),
    ("2214854657", "FISH", "2214723585", "Fish room rules", "Rui Costa", "2023-11-02", "2026-09-20", 11,
     ("rules",),
     "- Lab coat and gloves; no food or drink.\n- Log every tank you move.\n- Never return fish from the "
     "surgery room to the main system."),
    ("2214985729", "FISH", "2214723585", "Feeding schedule", "Rui Costa", "2023-11-02", "2026-11-02", 20,
     ("husbandry",),
     "Adults: dry food 09:00 and 15:00, Artemia 12:00. Larvae from 5 dpf: paramecia twice daily. Weekends: "
     "one feed, rota on the door."),
    ("2215116801", "FISH", "2214723585", "Line inventory", "Rui Costa", "2023-11-02", "2026-11-17", 42,
     ("husbandry", "lines"),
     "| Line | Tanks | Owner |\n|---|---|---|\n| Tg(myl7:GFP) | 6 | Jonas |\n| nrg1 sa1234 | 4 | Aiko |\n"
     "| hsp70:dnfgfr1-EGFP | 2 | Aiko |\n| AB wild type | 10 | facility |"),
    ("2215247873", "FISH", "2214723585", "Anaesthesia and euthanasia (tricaine)", "Rui Costa", "2024-01-15",
     "2026-10-01", 4, ("protocol", "zebrafish"),
     "Anaesthesia: tricaine 0.016% buffered to pH 7. Euthanasia: tricaine 0.03% for 10 min after opercular "
     "movement stops, then ice water."),
    ("3097624577", "CORE", None, "Imaging Core Home", "Imaging Core", "2022-05-10", "2026-09-01", 9, (),
     "Microscopes of the imaging core, training and data policy."),
    ("3097755649", "CORE", "3097624577", "Light-sheet (Zeiss Lightsheet 7) user guide", "Imaging Core",
     "2023-03-01", "2026-08-12", 7, ("imaging", "guide"),
     "Clear samples with CUBIC for adult hearts. Mount in 1% low-melt agarose in a capillary. Dual-side "
     "illumination, 5x/0.16 detection for whole hearts."),
    ("3097886721", "CORE", "3097624577", "Data storage and transfer policy", "Imaging Core", "2022-05-10",
     "2026-06-30", 5, ("policy",),
     "Raw data stay on the core's server for 30 days. Move them to your group share; the core deletes older "
     "data without notice."),
]  # fmt: skip
LABEL_IDS: dict[str, str] = {}
# page id -> (author, created, body)
COMMENTS: dict[str, list[tuple[str, str, str]]] = {
    "1385037825": [
        ("Aiko Tanaka", "2026-11-18T15:02:00.000Z", "Step 4: 23 s worked better than 25 s for the older fish."),
        ("Rui Costa", "2026-11-18T16:40:00.000Z", "Updated. Please also log the probe temperature."),
    ],
    "1385955329": [
        ("Elena Marchetti", "2026-11-20T08:12:00.000Z", "Fatima, please add your batch 22 numbers here."),
    ],
    "1386741761": [
        ("Fatima Haddad", "2026-10-14T11:30:00.000Z", "Is the 4 h limit per day or per booking?"),
        ("Jonas Brandt", "2026-10-14T12:05:00.000Z", "Per day and person."),
    ],
    "1386086401": [("Rui Costa", "2026-08-31T09:00:00.000Z", "Fish room induction is on Mondays at 14:00.")],
}


def _stamp(day: str) -> str:
    return f"{day} 09:00:00" if len(day) == 10 else day.replace("T", " ")[:19]


def _label_id(name: str) -> str:
    return str(int(hashlib.sha1(f"label:{name}".encode()).hexdigest()[:8], 16) % 90_000_000 + 10_000_000)


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[\w\-]+", (text or "").lower()) if w not in _STOP]


class Site:
    """The fixed site plus this session's changes."""

    def __init__(self) -> None:
        self.pages: dict[str, dict[str, Any]] = {}
        for pid, space, parent, title, author, created, updated, version, labels, content in PAGES:
            self.pages[pid] = {
                "id": pid,
                "space": space,
                "parent": parent,
                "title": title,
                "author": author,
                "created": created,
                "updated": updated,
                "version": version,
                "labels": list(labels),
                "content": content,
                "contributors": {author},
            }
        self.comments: dict[str, list[Comment]] = {
            pid: [
                Comment(
                    id=str(int(hashlib.sha1(f"{pid}{i}".encode()).hexdigest()[:6], 16) + 1_400_000_000),
                    body=body,
                    created=_stamp(when),
                    updated=_stamp(when),
                    author=who,
                )
                for i, (who, when, body) in enumerate(items)
            ]
            for pid, items in COMMENTS.items()
        }

    # ------------------------------------------------------------------ shapes
    def _ancestors(self, pid: str) -> list[dict[str, str]]:
        out, parent = [], self.pages[pid]["parent"]
        while parent:
            out.insert(0, {"id": parent, "title": self.pages[parent]["title"]})
            parent = self.pages[parent]["parent"]
        return out

    def simplified(self, pid: str, content: str | None = None, fmt: str = "markdown") -> Page:
        p = self.pages[pid]
        url = f"{BASE}/spaces/{p['space']}/pages/{pid}/{re.sub(r'[^A-Za-z0-9]+', '+', p['title']).strip('+')}"
        return Page(
            id=pid,
            title=p["title"],
            type="page",
            created=_stamp(p["created"]),
            updated=_stamp(p["updated"]),
            url=url,
            space={"key": p["space"], "name": SPACES[p["space"]]},
            author=p["author"],
            version=p["version"],
            attachments=[],
            content={"value": content, "format": fmt} if content else None,
            ancestors=self._ancestors(pid) or None,
        )

    # ------------------------------------------------------------------ lookups
    def page_id(self, page_id: Any, what: str = "page_id") -> str:
        key = str(page_id if page_id is not None else "").strip()
        m = re.search(r"/pages/(\d+)", key) or re.search(r"pageId=(\d+)", key)
        if m:
            key = m.group(1)
        if key in self.pages:
            return key
        if key.isdigit():
            raise ValueError(f"No content found with id: {key}. confluence_search finds pages by title or text.")
        named = [p for p in self.pages.values() if p["title"].lower() == key.lower()]
        if named:
            p = named[0]
            raise ValueError(
                f"{what} takes the numeric page id, not the title: send '{p['id']}' for '{p['title']}' "
                f"(space {p['space']})."
            )
        raise ValueError(
            f"'{page_id}' is not a page id: page ids are numeric (e.g. '1385037825'); confluence_search finds "
            "a page by its title or text."
        )

    def space(self, key: str) -> str:
        k = (key or "").strip().lstrip("~")
        for s in SPACES:
            if s.lower() == k.lower():
                return s
        for s, name in SPACES.items():
            if name.lower() == k.lower():
                raise ValueError(f"space_key takes the space's key, not its name: send '{s}' for '{name}'.")
        listing = ", ".join(f"{s} ({n})" for s, n in SPACES.items())
        raise ValueError(f"No space with key : {key}. Spaces: {listing}.")

    # ------------------------------------------------------------------ search
    def search(self, query: str, limit: int = 10, spaces_filter: str | None = None) -> list[Page]:
        if not 1 <= int(limit) <= 50:
            raise ValueError("limit takes 1 to 50 results.")
        text = (query or "").strip()
        if not text:
            raise ValueError("query is empty: send words to look for, or CQL such as 'type=page AND space=LAB'.")
        allowed = {self.space(s) for s in spaces_filter.split(",") if s.strip()} if spaces_filter else None
        cql = any(x in text for x in ("=", "~", ">", "<", " AND ", " OR ", "currentUser()"))
        ids = self._cql(text) if cql else self._site_search(text)
        if allowed:
            ids = [i for i in ids if self.pages[i]["space"] in allowed]
        return [self.simplified(i, self._excerpt(i), "view") for i in ids[: int(limit)]]

    def _excerpt(self, pid: str) -> str:
        text = " ".join(re.sub(r"[#*\-\[\]|]", " ", self.pages[pid]["content"]).split())
        return text[:200] + ("…" if len(text) > 200 else "")

    def _haystack(self, pid: str) -> str:
        p = self.pages[pid]
        return " ".join([p["title"], p["content"], " ".join(p["labels"])]).lower()

    def _site_search(self, text: str) -> list[str]:
        words = _words(text.strip("\"'"))
        if not words:
            return []
        scored = []
        for pid, p in self.pages.items():
            hay = self._haystack(pid)
            title = p["title"].lower()
            hits = sum(1 for w in words if w in hay)
            if hits:
                scored.append((hits == len(words), hits, sum(1 for w in words if w in title), p["updated"], pid))
        scored.sort(reverse=True)
        return [s[-1] for s in scored]

    def _cql(self, text: str) -> list[str]:
        order = None
        m = re.search(r"\s+ORDER\s+BY\s+(\w+)(?:\s+(ASC|DESC))?\s*$", text, re.IGNORECASE)
        if m:
            order = (m.group(1).lower(), (m.group(2) or "ASC").upper())
            text = text[: m.start()]
        tokens = _cql_tokens(text)
        pred, rest = self._or(tokens)
        if rest:
            raise ValueError(_CQL_HELP.format(clause=" ".join(rest)))
        ids = [pid for pid in self.pages if pred(pid)]
        key = {"lastmodified": "updated", "created": "created", "title": "title"}.get((order or ("", ""))[0])
        if order and not key:
            raise ValueError(f"Unsupported ORDER BY field '{order[0]}': use lastModified, created or title.")
        ids.sort(key=lambda i: self.pages[i][key or "updated"], reverse=(not order or order[1] == "DESC"))
        return ids

    def _or(self, tokens: list[str]) -> tuple[Any, list[str]]:
        left, rest = self._and(tokens)
        while rest and rest[0].upper() == "OR":
            right, rest = self._and(rest[1:])
            left = (lambda a, b: lambda pid: a(pid) or b(pid))(left, right)
        return left, rest

    def _and(self, tokens: list[str]) -> tuple[Any, list[str]]:
        left, rest = self._not(tokens)
        while rest and rest[0].upper() == "AND":
            right, rest = self._not(rest[1:])
            left = (lambda a, b: lambda pid: a(pid) and b(pid))(left, right)
        return left, rest

    def _not(self, tokens: list[str]) -> tuple[Any, list[str]]:
        if not tokens:
            raise ValueError(_CQL_HELP.format(clause="(end of query)"))
        head, rest = tokens[0], tokens[1:]
        if head.upper() == "NOT":
            inner, rest = self._not(rest)
            return (lambda a: lambda pid: not a(pid))(inner), rest
        if head == "(":
            inner, rest = self._or(rest)
            if not rest or rest[0] != ")":
                raise ValueError(_CQL_HELP.format(clause=" ".join(tokens)))
            return inner, rest[1:]
        return self._clause(head), rest

    def _date(self, value: str) -> str:
        v = value.strip().strip("\"'")
        m = re.fullmatch(r"now\(\s*[\"']?(-?\d+)([dwmy])[\"']?\s*\)", v, re.IGNORECASE)
        if m:
            n = int(m.group(1))
            days = {"d": 1, "w": 7, "m": 30, "y": 365}[m.group(2).lower()] * n
            return _shift(TODAY, days)
        low = v.lower().replace(" ", "")
        if low in ("now()", "today()"):
            return TODAY
        if low.startswith("startofweek("):
            return "2026-11-22"  # Confluence weeks start on Sunday
        if low.startswith("startofmonth("):
            arg = re.search(r"-?\d+", low)
            return "2026-10-01" if arg and arg.group(0) == "-1" else "2026-11-01"
        if low.startswith("startofyear("):
            return "2026-01-01"
        if re.fullmatch(r"\d{4}[-/]\d{2}[-/]\d{2}", v):
            return v.replace("/", "-")
        raise ValueError(
            f'Could not parse the date \'{value}\' in the CQL: use "2026-11-01", now("-7d"), startOfWeek() '
            "or startOfMonth()."
        )

    def _clause(self, clause: str) -> Any:
        m = re.fullmatch(r"(\w+)\s*(!=|>=|<=|=|~|>|<|\s+in\s+|\s+IN\s+)\s*(.+)", clause, re.IGNORECASE)
        if not m:
            raise ValueError(_CQL_HELP.format(clause=clause))
        field, op, raw = m.group(1).lower(), m.group(2).strip().lower(), m.group(3).strip()
        items = raw.strip("()").split(",") if op == "in" else [raw]
        values = [v.strip().strip("\"'") for v in items]
        pages = self.pages
        if field == "type":
            return lambda pid: values[0].lower() == "page"
        if field == "space":
            keys = {self.space(v) for v in values}
            return lambda pid: (pages[pid]["space"] in keys) != (op == "!=")
        if field == "title":
            want = values[0].lower().strip("*")
            if op == "~":
                words = _words(want)
                return lambda pid: all(w in pages[pid]["title"].lower() for w in words)
            return lambda pid: (pages[pid]["title"].lower() == want) != (op == "!=")
        if field in ("text", "sitesearch"):
            words = _words(values[0])
            return lambda pid: all(w in self._haystack(pid) for w in words)
        if field == "label":
            wanted = {v.lower() for v in values}
            return lambda pid: bool(wanted & {lab.lower() for lab in pages[pid]["labels"]}) != (op == "!=")
        if field in ("created", "lastmodified"):
            key = "created" if field == "created" else "updated"
            day = self._date(raw)
            cmp = {">": str.__gt__, ">=": str.__ge__, "<": str.__lt__, "<=": str.__le__, "=": str.__eq__}.get(op)
            if cmp is None:
                raise ValueError(_CQL_HELP.format(clause=clause))
            return lambda pid: cmp(pages[pid][key][:10], day)
        if field in ("creator", "contributor"):
            who = ME if "currentuser" in raw.lower() else values[0]
            if field == "creator":
                return lambda pid: pages[pid]["author"].lower() == who.lower()
            return lambda pid: who.lower() in {c.lower() for c in pages[pid]["contributors"]}
        if field in ("ancestor", "parent"):
            target = self.page_id(values[0])
            if field == "parent":
                return lambda pid: pages[pid]["parent"] == target
            return lambda pid: target in [a["id"] for a in self._ancestors(pid)]
        if field == "id":
            return lambda pid: pid in values
        raise ValueError(_CQL_HELP.format(clause=clause))

    # ------------------------------------------------------------------ pages
    def get(
        self,
        page_id: str | None = None,
        title: str | None = None,
        space_key: str | None = None,
        include_metadata: bool = True,
        convert_to_markdown: bool = True,
    ) -> PageResult:
        if page_id:
            pid = self.page_id(page_id)
        elif title and space_key:
            key = self.space(space_key)
            found = [p for p in self.pages.values() if p["space"] == key and p["title"].lower() == title.lower()]
            if not found:
                raise ValueError(f"Page with title '{title}' not found in space '{key}'.")
            pid = found[0]["id"]
        else:
            raise ValueError("Either 'page_id' OR both 'title' and 'space_key' must be provided.")
        body = self.pages[pid]["content"]
        if not convert_to_markdown:
            body = "".join(f"<p>{line}</p>" for line in body.split("\n") if line)
        fmt = "markdown" if convert_to_markdown else "html"
        if include_metadata:
            return PageResult(metadata=self.simplified(pid, body, fmt))
        return PageResult(content={"value": body})

    def children(self, parent_id: str, limit: int = 25, start: int = 0, include_content: bool = False) -> Children:
        pid = self.page_id(parent_id, "parent_id")
        if not 1 <= int(limit) <= 50:
            raise ValueError("limit takes 1 to 50 child pages.")
        kids = [p["id"] for p in self.pages.values() if p["parent"] == pid]
        page = kids[int(start) : int(start) + int(limit)]
        results = [self.simplified(k, self.pages[k]["content"] if include_content else None) for k in page]
        return Children(
            parent_id=pid, count=len(results), limit_requested=int(limit), start_requested=int(start), results=results
        )

    def get_comments(self, page_id: str) -> list[Comment]:
        return list(self.comments.get(self.page_id(page_id), []))

    def labels(self, page_id: str) -> list[LabelInfo]:
        pid = self.page_id(page_id)
        return [LabelInfo(id=_label_id(n), name=n, prefix="global", label=n) for n in self.pages[pid]["labels"]]

    def add_label(self, page_id: str, name: str) -> list[LabelInfo]:
        pid = self.page_id(page_id)
        label = (name or "").strip().lower()
        if not label or " " in label:
            raise ValueError(f"Label names are lower case without spaces: send e.g. '{label.replace(' ', '-')}'.")
        if label not in self.pages[pid]["labels"]:
            self.pages[pid]["labels"].append(label)
        return self.labels(pid)

    def create(
        self, space_key: str, title: str, content: str, parent_id: str | None = None, content_format: str = "markdown"
    ) -> PageWritten:
        key = self.space(space_key)
        _format(content_format)
        name = " ".join((title or "").split())
        if not name:
            raise ValueError("title is required.")
        if any(p["space"] == key and p["title"].lower() == name.lower() for p in self.pages.values()):
            raise ValueError(f"A page with this title already exists: '{name}' in space {key}.")
        parent = self.page_id(parent_id, "parent_id") if parent_id else None
        if parent and self.pages[parent]["space"] != key:
            other = self.pages[parent]["space"]
            raise ValueError(f"The parent page {parent} is in space {other}, not {key}: send space_key='{other}'.")
        if parent is None:
            parent = next(p["id"] for p in self.pages.values() if p["space"] == key and p["parent"] is None)
        digest = int(hashlib.sha1(f"{key}/{name.lower()}".encode()).hexdigest()[:6], 16)
        pid = str(1_390_000_000 + digest * 128)
        self.pages[pid] = {
            "id": pid,
            "space": key,
            "parent": parent,
            "title": name,
            "author": ME,
            "created": NOW,
            "updated": NOW,
            "version": 1,
            "labels": [],
            "content": content or "",
            "contributors": {ME},
        }
        return PageWritten(message="Page created successfully", page=self.simplified(pid, content or None))

    def update(
        self,
        page_id: str,
        title: str,
        content: str,
        is_minor_edit: bool = False,
        version_comment: str | None = None,
        parent_id: str | None = None,
        content_format: str = "markdown",
    ) -> PageWritten:
        pid = self.page_id(page_id)
        _format(content_format)
        name = " ".join((title or "").split())
        if not name:
            raise ValueError("title is required: send the page's title (its current one to keep it).")
        p = self.pages[pid]
        clash = [q for q in self.pages.values() if q["id"] != pid and q["space"] == p["space"] and q["title"].lower() == name.lower()]  # fmt: skip
        if clash:
            raise ValueError(f"A page with this title already exists: '{name}' in space {p['space']}.")
        if parent_id:
            p["parent"] = self.page_id(parent_id, "parent_id")
        p.update(title=name, content=content or "", updated=NOW, version=p["version"] + 1)
        p["contributors"].add(ME)
        return PageWritten(message="Page updated successfully", page=self.simplified(pid, content or None))

    def comment(self, page_id: str, content: str) -> CommentAdded:
        pid = self.page_id(page_id)
        if not (content or "").strip():
            raise ValueError("content is empty: send the comment's text.")
        new = Comment(
            id=str(int(hashlib.sha1(f"{pid}/{content}".encode()).hexdigest()[:6], 16) + 1_500_000_000),
            body=content,
            created=_stamp(NOW),
            updated=_stamp(NOW),
            author=ME,
        )
        self.comments.setdefault(pid, []).append(new)
        return CommentAdded(success=True, message="Comment added successfully", comment=new)


def _cql_tokens(text: str) -> list[str]:
    """CQL split into clauses, AND, OR, NOT and grouping parentheses (a function's or an IN list's stay in its clause)."""
    tokens: list[str] = []
    current = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "\"'":
            end = text.find(ch, i + 1)
            end = len(text) - 1 if end < 0 else end
            current += text[i : end + 1]
            i = end + 1
            continue
        if ch == "(" and (re.search(r"\w\s*$", current) and not re.search(r"\b(AND|OR|NOT)\s*$", current, re.I)):
            depth, j = 0, i
            while j < len(text):
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                if depth == 0:
                    break
                j += 1
            current += text[i : j + 1]
            i = j + 1
            continue
        if ch in "()":
            if current.strip():
                tokens.append(current.strip())
            tokens.append(ch)
            current = ""
            i += 1
            continue
        m = re.match(r"(AND|OR|NOT)\b", text[i:], re.IGNORECASE)
        if m and (not current or current[-1].isspace()):
            if current.strip():
                tokens.append(current.strip())
            tokens.append(m.group(1).upper())
            current = ""
            i += len(m.group(1))
            continue
        current += ch
        i += 1
    if current.strip():
        tokens.append(current.strip())
    return tokens


def _shift(day: str, days: int) -> str:
    from datetime import date, timedelta

    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _format(content_format: str) -> None:
    if content_format not in ("markdown", "wiki", "storage"):
        raise ValueError(f"Invalid content_format: {content_format}. Must be 'markdown', 'wiki', or 'storage'")


_CQL_HELP = (
    "Could not parse the CQL near '{clause}'. Examples: 'type=page AND space=LAB', 'title~\"Meeting Notes\"', "
    "'text ~ \"cryoinjury\"', 'label=protocol', 'lastModified > startOfMonth()', 'creator = currentUser()'; "
    "or send plain words without CQL."
)
site = Site()
server = MCPServer(
    "Confluence MCP Service", instructions="Provides tools for interacting with Atlassian Confluence. Test-only site."
)
_PAGE_ID = BeforeValidator(lambda x: str(x) if x is not None else None)


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


_SEARCH_QUERY = (
    "Search query - either simple text (e.g. 'project documentation') or a CQL query string. Simple text is searched "
    "with 'siteSearch', like the search box of the web UI (falling back to a 'text' search where siteSearch is not "
    "available). CQL examples:\n"
    "- Pages of a space: 'type=page AND space=DEV'\n"
    "- By title: 'title~\"Meeting Notes\"'\n"
    "- Site search: 'siteSearch ~ \"important concept\"'\n"
    "- Full text: 'text ~ \"important concept\"'\n"
    "- Created since a date: 'created >= \"2023-01-01\"'\n"
    "- With a label: 'label=documentation'\n"
    "- Modified recently: 'lastModified > startOfMonth(\"-1M\")'\n"
    "- Yours, this year: 'creator = currentUser() AND lastModified > startOfYear()'\n"
    "- You contributed this week: 'contributor = currentUser() AND lastModified > startOfWeek()'\n"
    'Quote personal space keys ("~username"), reserved words, numeric IDs and identifiers with special characters.'
)


@server.tool(
    name="confluence_search", annotations=ToolAnnotations(title="Search Content", readOnlyHint=True, openWorldHint=True)
)
def search(
    query: Annotated[str, Field(description=_SEARCH_QUERY)],
    limit: Annotated[int, Field(description="Maximum number of results (1-50)", ge=1, le=50)] = 10,
    spaces_filter: Annotated[
        str | None,
        Field(
            description="(Optional) Comma-separated list of space keys to filter results by. Overrides the "
            "environment variable CONFLUENCE_SPACES_FILTER if provided."
        ),
    ] = None,
) -> list[Page]:
    """Search Confluence content using simple terms or CQL.

    Args:
        ctx: The FastMCP context.
        query: Search query - can be simple text or a CQL query string.
        limit: Maximum number of results (1-50).
        spaces_filter: Comma-separated list of space keys to filter by.

    Returns:
        JSON string representing a list of simplified Confluence page objects.
    """
    return _run(site.search, query, limit, spaces_filter)


@server.tool(
    name="confluence_get_page", annotations=ToolAnnotations(title="Get Page", readOnlyHint=True, openWorldHint=True)
)
def get_page(
    page_id: Annotated[
        str | None,
        Field(
            description="Confluence page ID (numeric ID, can be found in the page URL). For example, in the URL "
            "'https://example.atlassian.net/wiki/spaces/TEAM/pages/123456789/Page+Title', the page ID is "
            "'123456789'. Provide this OR both 'title' and 'space_key'. If page_id is provided, title and space_key "
            "will be ignored."
        ),
        _PAGE_ID,
    ] = None,
    title: Annotated[
        str | None,
        Field(
            description="The exact title of the Confluence page. Use this with 'space_key' if 'page_id' is not known."
        ),
    ] = None,
    space_key: Annotated[
        str | None,
        Field(
            description="The key of the Confluence space where the page resides (e.g., 'DEV', 'TEAM'). Required if "
            "using 'title'."
        ),
    ] = None,
    include_metadata: Annotated[
        bool,
        Field(description="Whether to include page metadata such as creation date, last update, version, and labels."),
    ] = True,
    convert_to_markdown: Annotated[
        bool,
        Field(
            description="Whether to convert page to markdown (true) or keep it in raw HTML format (false). Raw HTML "
            "can reveal macros (like dates) not visible in markdown, but CAUTION: using HTML significantly increases "
            "token usage in AI responses."
        ),
    ] = True,
) -> PageResult:
    """Get content of a specific Confluence page by its ID, or by its title and space key.

    Args:
        ctx: The FastMCP context.
        page_id: Confluence page ID. If provided, 'title' and 'space_key' are ignored.
        title: The exact title of the page. Must be used with 'space_key'.
        space_key: The key of the space. Must be used with 'title'.
        include_metadata: Whether to include page metadata.
        convert_to_markdown: Convert content to markdown (true) or keep raw HTML (false).

    Returns:
        JSON string representing the page content and/or metadata, or an error if not found or parameters are invalid.
    """
    return _run(site.get, page_id, title, space_key, include_metadata, convert_to_markdown)


@server.tool(
    name="confluence_get_page_children",
    annotations=ToolAnnotations(title="Get Page Children", readOnlyHint=True, openWorldHint=True),
)
def get_page_children(
    parent_id: Annotated[
        str, Field(description="The ID of the parent page whose children you want to retrieve"), _PAGE_ID
    ],
    expand: Annotated[
        str, Field(description="Fields to expand in the response (e.g., 'version', 'body.storage')")
    ] = "version",
    limit: Annotated[int, Field(description="Maximum number of child pages to return (1-50)", ge=1, le=50)] = 25,
    include_content: Annotated[bool, Field(description="Whether to include the page content in the response")] = False,
    convert_to_markdown: Annotated[
        bool,
        Field(
            description="Whether to convert page content to markdown (true) or keep it in raw HTML format (false). "
            "Only relevant if include_content is true."
        ),
    ] = True,
    start: Annotated[int, Field(description="Starting index for pagination (0-based)", ge=0)] = 0,
) -> Children:
    """Get child pages of a specific Confluence page.

    Args:
        ctx: The FastMCP context.
        parent_id: The ID of the parent page.
        expand: Fields to expand.
        limit: Maximum number of child pages.
        include_content: Whether to include page content.
        convert_to_markdown: Convert content to markdown if include_content is true.
        start: Starting index for pagination.

    Returns:
        JSON string representing a list of child page objects.
    """
    return _run(site.children, parent_id, limit, start, include_content)


@server.tool(
    name="confluence_get_comments",
    annotations=ToolAnnotations(title="Get Comments", readOnlyHint=True, openWorldHint=True),
)
def get_comments(
    page_id: Annotated[
        str,
        Field(
            description="Confluence page ID (numeric ID, can be parsed from URL, e.g. from "
            "'https://example.atlassian.net/wiki/spaces/TEAM/pages/123456789/Page+Title' -> '123456789')"
        ),
        _PAGE_ID,
    ],
) -> list[Comment]:
    """Get comments for a specific Confluence page.

    Args:
        ctx: The FastMCP context.
        page_id: Confluence page ID.

    Returns:
        JSON string representing a list of comment objects.
    """
    return _run(site.get_comments, page_id)


@server.tool(
    name="confluence_get_labels", annotations=ToolAnnotations(title="Get Labels", readOnlyHint=True, openWorldHint=True)
)
def get_labels(
    page_id: Annotated[
        str,
        Field(description="Confluence page ID (numeric ID, can be parsed from URL, e.g. '123456789')"),
        _PAGE_ID,
    ],
) -> list[LabelInfo]:
    """Get labels for a specific Confluence page.

    Args:
        ctx: The FastMCP context.
        page_id: Confluence page ID.

    Returns:
        JSON string representing a list of label objects.
    """
    return _run(site.labels, page_id)


@server.tool(
    name="confluence_add_label",
    annotations=ToolAnnotations(title="Add Label", readOnlyHint=False, destructiveHint=True, openWorldHint=True),
)
def add_label(
    page_id: Annotated[str, Field(description="The ID of the page to update"), _PAGE_ID],
    name: Annotated[str, Field(description="The name of the label")],
) -> list[LabelInfo]:
    """Add label to an existing Confluence page.

    Args:
        ctx: The FastMCP context.
        page_id: The ID of the page to update.
        name: The name of the label.

    Returns:
        JSON string representing the updated list of label objects for the page.

    Raises:
        ValueError: If in read-only mode or Confluence client is unavailable.
    """
    return _run(site.add_label, page_id, name)


_FORMAT = (
    "(Optional) The format of the content parameter. Options: 'markdown' (default), 'wiki', or 'storage'. Wiki "
    "format uses Confluence wiki markup syntax"
)


@server.tool(
    name="confluence_create_page",
    annotations=ToolAnnotations(title="Create Page", readOnlyHint=False, destructiveHint=True, openWorldHint=True),
)
def create_page(
    space_key: Annotated[
        str,
        Field(
            description="The key of the space to create the page in (usually a short uppercase code like 'DEV', "
            "'TEAM', or 'DOC')"
        ),
    ],
    title: Annotated[str, Field(description="The title of the page")],
    content: Annotated[
        str,
        Field(
            description="The content of the page. Format depends on content_format parameter. Can be Markdown "
            "(default), wiki markup, or storage format"
        ),
    ],
    parent_id: Annotated[
        str | None,
        Field(
            description="(Optional) parent page ID. If provided, this page will be created as a child of the "
            "specified page"
        ),
        _PAGE_ID,
    ] = None,
    content_format: Annotated[str, Field(description=_FORMAT)] = "markdown",
    enable_heading_anchors: Annotated[
        bool,
        Field(
            description="(Optional) Whether to enable automatic heading anchor generation. Only applies when "
            "content_format is 'markdown'"
        ),
    ] = False,
) -> PageWritten:
    """Create a new Confluence page.

    Args:
        ctx: The FastMCP context.
        space_key: The key of the space.
        title: The title of the page.
        content: The content of the page (format depends on content_format).
        parent_id: Optional parent page ID.
        content_format: The format of the content ('markdown', 'wiki', or 'storage').
        enable_heading_anchors: Whether to enable heading anchors (markdown only).

    Returns:
        JSON string representing the created page object.

    Raises:
        ValueError: If in read-only mode, Confluence client is unavailable, or invalid content_format.
    """
    return _run(site.create, space_key, title, content, parent_id, content_format)


@server.tool(
    name="confluence_update_page",
    annotations=ToolAnnotations(title="Update Page", readOnlyHint=False, destructiveHint=True, openWorldHint=True),
)
def update_page(
    page_id: Annotated[str, Field(description="The ID of the page to update"), _PAGE_ID],
    title: Annotated[str, Field(description="The new title of the page")],
    content: Annotated[
        str, Field(description="The new content of the page. Format depends on content_format parameter")
    ],
    is_minor_edit: Annotated[bool, Field(description="Whether this is a minor edit")] = False,
    version_comment: Annotated[str | None, Field(description="Optional comment for this version")] = None,
    parent_id: Annotated[str | None, Field(description="Optional the new parent page ID"), _PAGE_ID] = None,
    content_format: Annotated[str, Field(description=_FORMAT)] = "markdown",
    enable_heading_anchors: Annotated[
        bool,
        Field(
            description="(Optional) Whether to enable automatic heading anchor generation. Only applies when "
            "content_format is 'markdown'"
        ),
    ] = False,
) -> PageWritten:
    """Update an existing Confluence page.

    Args:
        ctx: The FastMCP context.
        page_id: The ID of the page to update.
        title: The new title of the page.
        content: The new content of the page (format depends on content_format).
        is_minor_edit: Whether this is a minor edit.
        version_comment: Optional comment for this version.
        parent_id: Optional new parent page ID.
        content_format: The format of the content ('markdown', 'wiki', or 'storage').
        enable_heading_anchors: Whether to enable heading anchors (markdown only).

    Returns:
        JSON string representing the updated page object.

    Raises:
        ValueError: If Confluence client is not configured, available, or invalid content_format.
    """
    return _run(site.update, page_id, title, content, is_minor_edit, version_comment, parent_id, content_format)


@server.tool(
    name="confluence_add_comment",
    annotations=ToolAnnotations(title="Add Comment", readOnlyHint=False, destructiveHint=True, openWorldHint=True),
)
def add_comment(
    page_id: Annotated[str, Field(description="The ID of the page to add a comment to"), _PAGE_ID],
    content: Annotated[str, Field(description="The comment content in Markdown format")],
) -> CommentAdded:
    """Add a comment to a Confluence page.

    Args:
        ctx: The FastMCP context.
        page_id: The ID of the page to add a comment to.
        content: The comment content in Markdown format.

    Returns:
        JSON string representing the created comment.

    Raises:
        ValueError: If in read-only mode or Confluence client is unavailable.
    """
    return _run(site.comment, page_id, content)


if __name__ == "__main__":
    main(server)
