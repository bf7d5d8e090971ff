"""Test-only research-data repository server (dev set ``dev15_tools.jsonl``): create a deposition (a draft upload
with its metadata), list one's depositions, publish a draft (irreversible), and get a published record by its
record id or DOI.

Run with: ``python -m eval.servers.zenodo`` (stdio). A fixed account of a postdoc in Prof. Hannah Lee's lab: three
drafts (``14203311`` organoid time-lapse data, ``14203518`` a pipeline release, ``14188420`` a poster) and three
published depositions, plus six other public records (``get_record``). Depositions created are kept in memory
(none at every start); a new deposition's id is derived from its title, so a conversation replayed later gets the
same id, and creating one with the title of a deposition created earlier in the session replaces it. Publishing
moves a draft to ``published`` for the rest of the session. "Today" is the evaluation's date, 2026-11-22. No
network, no real clock. The tool shapes follow Zenodo's REST deposition API as MCP servers for it publish it:
snake_case names, Zenodo's metadata vocabulary (``upload_type``, ``access_right``, ``embargo_date``, creators as
"Family, Given", SPDX-like licence ids such as ``cc-by-4.0`` and ``cc0-1.0``), integer deposition ids and DOIs of the
form ``10.5281/zenodo.<recid>``.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = date(2026, 11, 22)
UploadType = Literal["dataset", "software", "publication", "poster", "presentation", "image", "video", "other"]
AccessRight = Literal["open", "embargoed", "restricted", "closed"]
Status = Literal["draft", "published"]
LICENSES = {
    "cc-by-4.0": "Creative Commons Attribution 4.0 International",
    "cc-by-sa-4.0": "Creative Commons Attribution Share Alike 4.0 International",
    "cc-by-nc-4.0": "Creative Commons Attribution Non Commercial 4.0 International",
    "cc-by-nd-4.0": "Creative Commons Attribution No Derivatives 4.0 International",
    "cc0-1.0": "Creative Commons Zero v1.0 Universal",
    "mit": "MIT License",
    "apache-2.0": "Apache License 2.0",
    "gpl-3.0-or-later": "GNU General Public License v3.0 or later",
    "bsd-3-clause": "BSD 3-Clause New or Revised License",
}
MAX_SIZE = 100
_DOI = re.compile(r"10\.5281/zenodo\.(\d+)", re.IGNORECASE)
_RECORD_URL = re.compile(r"zenodo\.org/(?:records?|deposit|uploads)/(\d+)", re.IGNORECASE)


class Deposition(BaseModel):
    """One deposition (a draft or a published upload) or a public record."""

    id: int = Field(description="Deposition id (= record id once published)")
    state: Literal["unsubmitted", "done"] = Field(description="unsubmitted (a draft) or done (published)")
    submitted: bool = Field(description="Whether it is published")
    title: str = Field(description="Title")
    upload_type: UploadType = Field(description="Kind of upload")
    description: str = Field(description="Description")
    creators: list[str] = Field(description="Creators, 'Family, Given'")
    license: str = Field(description="Licence id")
    access_right: AccessRight = Field(description="open, embargoed, restricted or closed")
    embargo_date: str | None = Field(default=None, description="When an embargoed upload opens, YYYY-MM-DD")
    created: str = Field(description="Creation date")
    publication_date: str | None = Field(default=None, description="Publication date (published only)")
    doi: str = Field(description="DOI (reserved for a draft, registered once published)")
    files: list[str] = Field(default_factory=list, description="File names")
    html: str = Field(description="Link to the deposition or record page")


class DepositionList(BaseModel):
    """One's depositions, newest first."""

    total: int = Field(description="How many depositions match")
    depositions: list[Deposition] = Field(description="The depositions (at most size)")


def _dep(
    rid: int,
    title: str,
    kind: str,
    creators: tuple[str, ...],
    created: str,
    description: str,
    *,
    published: str | None = None,
    license_id: str = "cc-by-4.0",
    access: str = "open",
    embargo: str | None = None,
    files: tuple[str, ...] = (),
) -> Deposition:
    return Deposition(
        id=rid,
        state="done" if published else "unsubmitted",
        submitted=bool(published),
        title=title,
        upload_type=kind,  # type: ignore[arg-type]
        description=description,
        creators=list(creators),
        license=license_id,
        access_right=access,  # type: ignore[arg-type]
        embargo_date=embargo,
        created=created,
        publication_date=published,
        doi=f"10.5281/zenodo.{rid}",
        files=list(files),
        html=f"https://zenodo.org/{'records' if published else 'deposit'}/{rid}",
    )


ALEX, HANNAH, ANA = "Moreno, Alex", "Lee, Hannah", "Souza, Ana"
MINE: tuple[Deposition, ...] = (
    _dep(
        14203518,
        "scrna-pipeline v1.2.0",
        "software",
        (ALEX, "Berg, Jonas"),
        "2026-11-20",
        "Snakemake workflow for 10x single-cell RNA-seq: STARsolo, QC, doublet removal, clustering.",
        license_id="mit",
        files=("scrna-pipeline-1.2.0.zip",),
    ),
    _dep(
        14203311,
        "Brightfield time-lapse of intestinal organoids, batch 4",
        "dataset",
        (ALEX, HANNAH),
        "2026-11-12",
        "Raw brightfield stacks (CZI), 48 h at 10 min intervals, 24 wells.",
        files=("batch4_stacks.zip", "README.txt"),
    ),
    _dep(
        14188420,
        "Poster: Mechanical confinement rewires crypt fission (EMBO Organoids 2026)",
        "poster",
        (ALEX, ANA, HANNAH),
        "2026-10-02",
        "Poster presented at the EMBO Workshop on Organoids, Heidelberg, October 2026.",
        files=("poster_EMBO2026.pdf",),
    ),
    _dep(
        12544090,
        "organoid-seg v0.9",
        "software",
        (ALEX, "Wagner, Lena"),
        "2026-10-27",
        "Cellpose-based segmentation and tracking of intestinal organoids.",
        published="2026-10-28",
        license_id="bsd-3-clause",
        files=("organoid-seg-0.9.tar.gz",),
    ),
    _dep(
        13877421,
        "Visium spatial transcriptomics of the ageing mouse intestine",
        "dataset",
        ("Brandt, Jonas", ALEX, HANNAH),
        "2025-09-01",
        "Space Ranger outputs and H&E images of 12 Visium sections, young and aged mice.",
        published="2025-09-14",
        files=("visium_outputs.tar", "he_images.zip"),
    ),
    _dep(
        11902376,
        "Supplementary tables for 'A spatial atlas of the ageing mouse intestine'",
        "dataset",
        ("Brandt, Jonas", ALEX, HANNAH),
        "2025-03-30",
        "Supplementary tables S1-S9 (xlsx).",
        published="2025-04-02",
        files=("tables_S1-S9.xlsx",),
    ),
)
OTHERS: tuple[Deposition, ...] = (
    _dep(
        7654321,
        "Tabula Muris Senis: droplet and FACS h5ad files",
        "dataset",
        ("Tabula Muris Consortium",),
        "2023-02-10",
        "AnnData files of the Tabula Muris Senis atlas.",
        published="2023-02-14",
        files=("tms_droplet.h5ad", "tms_facs.h5ad"),
    ),
    _dep(
        8347521,
        "Genome-wide CRISPR knockout screen counts, Brunello library, HCT116",
        "dataset",
        ("Okafor, Amaka", "Rossi, Marco"),
        "2023-09-05",
        "MAGeCK count tables of a Brunello screen in HCT116 cells, three replicates.",
        published="2023-09-06",
        license_id="cc0-1.0",
        files=("counts.txt", "library.csv"),
    ),
    _dep(
        4291263,
        "Cellpose: training and test images (cyto2)",
        "dataset",
        ("Stringer, Carsen", "Pachitariu, Marius"),
        "2020-12-01",
        "Training and test images of the Cellpose cyto2 model.",
        published="2020-12-02",
        license_id="cc-by-nc-4.0",
        files=("train.zip", "test.zip"),
    ),
    _dep(
        10012345,
        "Protocol slides: organoid passaging and cryopreservation",
        "presentation",
        (ANA,),
        "2024-01-15",
        "Slides of the lab's organoid passaging course.",
        published="2024-01-16",
        files=("passaging.pdf",),
    ),
    _dep(
        9876543,
        "Single-nucleus RNA-seq of human colon crypts (embargoed)",
        "dataset",
        ("Rossi, Marco",),
        "2024-06-01",
        "snRNA-seq of 40 donors; files open after the embargo.",
        published="2024-06-03",
        access="embargoed",
        embargo="2027-06-01",
    ),
    _dep(
        5550123,
        "Confocal images of crypt buds, figure 2",
        "image",
        ("Souza, Ana",),
        "2021-08-11",
        "Maximum projections behind figure 2 of Souza et al. 2021.",
        published="2021-08-12",
        files=("fig2_projections.tif",),
    ),
)


def _creator(text: str) -> str:
    name = " ".join((text or "").split())
    if name.count(",") != 1 or not all(part.strip() for part in name.split(",")):
        words = name.replace(",", " ").split()
        example = f"'{words[-1]}, {' '.join(words[:-1])}'" if len(words) >= 2 else "'Moreno, Alex'"
        raise ValueError(f"Creator '{text}' must be written 'Family, Given', e.g. {example}.")
    family, given = (part.strip() for part in name.split(","))
    return f"{family}, {given}"


def _license(text: str) -> str:
    key = (text or "").strip().lower()
    if key in LICENSES:
        return key
    close = [k for k in LICENSES if key and (key.replace(" ", "-") in k or k.startswith(key.split("-")[0]))]
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    raise ValueError(f"Unknown license '{text}'.{hint} Use one of: {', '.join(LICENSES)}.")


def record_id(text: str) -> int:
    """The record id in ``text``: a bare number, a Zenodo DOI (with or without doi.org) or a zenodo.org link.

    Raises:
        ValueError: for anything else, with the forms accepted.
    """
    raw = (text or "").strip()
    for pattern in (_DOI, _RECORD_URL):
        if match := pattern.search(raw):
            return int(match.group(1))
    digits = raw.removeprefix("zenodo.").removeprefix("#")
    if digits.isdigit():
        return int(digits)
    if raw.startswith("10."):
        raise ValueError(f"'{raw}' is not a Zenodo DOI; Zenodo DOIs look like 10.5281/zenodo.7654321.")
    raise ValueError(f"'{raw}' is not a record id or DOI. Send e.g. '7654321' or '10.5281/zenodo.7654321'.")


class Account:
    """The user's depositions and the public records, with what was created or published in this session."""

    def __init__(self) -> None:
        self.mine: dict[int, Deposition] = {d.id: d for d in MINE}

    def create(
        self,
        title: str,
        upload_type: str,
        description: str,
        creators: list[str],
        license_id: str = "cc-by-4.0",
        access_right: str = "open",
        embargo_date: date | None = None,
    ) -> Deposition:
        """A new draft.

        Raises:
            ValueError: for an empty title or description, no creators, a creator not written 'Family, Given', an
                unknown licence, or an embargo without a future date (or a date without an embargo).
        """
        if not (title or "").strip():
            raise ValueError("title is required.")
        if not (description or "").strip():
            raise ValueError("description is required (Zenodo needs a description for every upload).")
        if not creators:
            raise ValueError("creators needs at least one name, 'Family, Given', e.g. ['Moreno, Alex'].")
        names = [_creator(c) for c in creators]
        lic = _license(license_id)
        embargo = None
        if access_right == "embargoed":
            if embargo_date is None:
                raise ValueError("An embargoed upload needs embargo_date (YYYY-MM-DD), the day the files open.")
            if embargo_date <= TODAY:
                raise ValueError(f"embargo_date {embargo_date} is not in the future (today is {TODAY}).")
            embargo = embargo_date.isoformat()
        elif embargo_date is not None:
            raise ValueError(f"embargo_date only applies with access_right 'embargoed', not '{access_right}'.")
        key = " ".join(title.split()).lower()
        rid = 17600000 + int(hashlib.sha256(key.encode()).hexdigest(), 16) % 100000
        deposition = _dep(
            rid,
            " ".join(title.split()),
            upload_type,
            tuple(names),
            TODAY.isoformat(),
            description.strip(),
            license_id=lic,
            access=access_right,
            embargo=embargo,
        )
        self.mine[rid] = deposition
        return deposition

    def listing(self, status: str | None = None, size: int = 10) -> DepositionList:
        """One's depositions, newest first.

        Raises:
            ValueError: for a size out of range.
        """
        if not 1 <= size <= MAX_SIZE:
            raise ValueError(f"size must be between 1 and {MAX_SIZE}, not {size}.")
        found = [d for d in self.mine.values() if status is None or (status == "published") == d.submitted]
        found.sort(key=lambda d: (d.created, d.id), reverse=True)
        return DepositionList(total=len(found), depositions=found[:size])

    def publish(self, deposition_id: int) -> Deposition:
        """Publish a draft.

        Raises:
            ValueError: for an unknown deposition or one already published.
        """
        current = self.mine.get(int(deposition_id))
        if current is None:
            drafts = ", ".join(f"{d.id} ({d.title})" for d in self.mine.values() if not d.submitted)
            raise ValueError(f"Deposition {deposition_id} not found in your account. Your drafts: {drafts or 'none'}.")
        if current.submitted:
            raise ValueError(
                f"Deposition {deposition_id} is already published ({current.publication_date}, DOI {current.doi})."
            )
        published = current.model_copy(
            update={
                "state": "done",
                "submitted": True,
                "publication_date": TODAY.isoformat(),
                "html": f"https://zenodo.org/records/{current.id}",
            }
        )
        self.mine[current.id] = published
        return published

    def record(self, recid_or_doi: str) -> Deposition:
        """A published record.

        Raises:
            ValueError: for a malformed id, a draft (not public yet), or a record that does not exist.
        """
        rid = record_id(recid_or_doi)
        for deposition in (*self.mine.values(), *OTHERS):
            if deposition.id == rid:
                if not deposition.submitted:
                    raise ValueError(
                        f"{rid} is one of your drafts, not a public record yet; list_depositions shows it, "
                        "publish_deposition publishes it."
                    )
                return deposition
        raise ValueError(f"PID does not exist: no record {rid}.")


account = Account()
server = MCPServer("eval-zenodo", instructions="Zenodo research-data repository: depositions and records. Test-only.")


@server.tool(
    annotations=ToolAnnotations(
        title="Create deposition", readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=True
    )
)
def create_deposition(
    title: Annotated[str, Field(description="Title of the upload")],
    upload_type: Annotated[
        UploadType,
        Field(
            description="Type of the upload: dataset (data files), software (code, a release), publication "
            "(article, preprint, report, thesis), poster, presentation (slides), image (figures, photos), video, "
            "other"
        ),
    ],
    description: Annotated[str, Field(description="Abstract or description of the upload (HTML allowed)")],
    creators: Annotated[
        list[str],
        Field(description="Creators of the upload, each written 'Family, Given', e.g. ['Moreno, Alex']", min_length=1),
    ],
    license: Annotated[
        str,
        Field(
            description="License id: cc-by-4.0, cc-by-sa-4.0, cc-by-nc-4.0, cc-by-nd-4.0, cc0-1.0, mit, "
            "apache-2.0, gpl-3.0-or-later, bsd-3-clause"
        ),
    ] = "cc-by-4.0",
    access_right: Annotated[
        AccessRight,
        Field(description="open (default), embargoed (open after embargo_date), restricted (on request), closed"),
    ] = "open",
    embargo_date: Annotated[
        date | None, Field(description="When the files of an embargoed upload become open, YYYY-MM-DD")
    ] = None,
) -> Deposition:
    """Create a new deposition (an unpublished draft) on Zenodo with its metadata. A DOI is reserved at once; the
    draft stays private and editable until it is published with publish_deposition. Use upload_type to say what
    it is, license for the licence of the files, and access_right 'embargoed' with an embargo_date to keep files
    closed until a date."""
    try:
        return account.create(title, upload_type, description, creators, license, access_right, embargo_date)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List depositions", readOnlyHint=True, openWorldHint=True))
def list_depositions(
    status: Annotated[Status | None, Field(description="Filter by status: draft or published")] = None,
    size: Annotated[int, Field(description="Number of results to return (max 100)", ge=1, le=MAX_SIZE)] = 10,
) -> DepositionList:
    """List the depositions of the authenticated user, newest first."""
    try:
        return account.listing(status, size)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Publish deposition", readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=True
    )
)
def publish_deposition(
    deposition_id: Annotated[int, Field(description="The deposition id (an integer, e.g. 14203311)")],
) -> Deposition:
    """Publish a draft deposition. This cannot be undone: once published, the DOI is registered, the record is
    public (or embargoed) and its files can no longer be changed or deleted."""
    try:
        return account.publish(deposition_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get record", readOnlyHint=True, openWorldHint=True))
def get_record(
    recid_or_doi: Annotated[
        str, Field(description="Record id (e.g. '7654321') or Zenodo DOI (e.g. '10.5281/zenodo.7654321')")
    ],
) -> Deposition:
    """Get a published Zenodo record: title, creators, DOI, licence, access right, files and links."""
    try:
        return account.record(recid_or_doi)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
