"""Test-only lab antibody inventory server (dev set ``dev11_tools.jsonl``): find antibodies by target with an
optional host species and application, one antibody's full record by its id, and request an aliquot of one with a
volume in microlitres and an optional working dilution.

Run with: ``python -m eval.servers.antibodies`` (stdio). A fixed inventory of 30 primary antibodies (targets with
their usual other names, host, clonality, validated applications and dilutions, stock volume, location); aliquot
requests are kept in memory (none at every start) and get ids from AQ-1181. "Today" is the evaluation's simulated
date, 2026-11-22, so results never depend on the real clock. A plain server as a researcher writes one (snake_case,
short docstrings, enums of abbreviations people spell out ("western", "for flow"), an antibody-id pattern).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = date(2026, 11, 22)
ID_PATTERN = r"^AB-\d{4}$"
_ID = re.compile(ID_PATTERN)
DILUTION_PATTERN = r"^1:\d+$"
_DILUTION = re.compile(DILUTION_PATTERN)
FIRST_NEW = 1181
MAX_ALIQUOT_UL = 100
Host = Literal["rabbit", "mouse", "goat", "rat", "chicken"]
HOSTS = ("rabbit", "mouse", "goat", "rat", "chicken")
Application = Literal["WB", "IF", "IHC", "FC", "IP"]
APPLICATIONS = ("WB", "IF", "IHC", "FC", "IP")
# id -> (target, other names, host, clone ("" polyclonal), reactivity, conjugate, supplier, catalog,
#        {application: validated dilution}, stock µL, location, expires)
Row = tuple[str, tuple[str, ...], str, str, str, str, str, str, dict[str, str], int, str, str]
ANTIBODIES: dict[str, Row] = {
    "AB-0201": (
        "GAPDH",
        (),
        "mouse",
        "6C5",
        "human, mouse, rat",
        "",
        "Millipore",
        "MAB374",
        {"WB": "1:5000", "IF": "1:500"},
        180,
        "Fridge 3, box A",
        "2027-08-31",
    ),
    "AB-0204": (
        "beta-actin",
        ("β-actin", "b-actin", "actin", "actb"),
        "mouse",
        "AC-15",
        "human, mouse, rat",
        "",
        "Sigma",
        "A5441",
        {"WB": "1:5000", "IF": "1:200"},
        95,
        "Fridge 3, box A",
        "2027-03-31",
    ),
    "AB-0207": (
        "alpha-tubulin",
        ("α-tubulin", "a-tubulin", "tubulin", "tuba1a"),
        "mouse",
        "DM1A",
        "human, mouse, rat",
        "",
        "Sigma",
        "T9026",
        {"WB": "1:2000", "IF": "1:500"},
        140,
        "Fridge 3, box A",
        "2027-05-31",
    ),
    "AB-0212": (
        "p53",
        ("tp53", "trp53"),
        "mouse",
        "DO-1",
        "human",
        "",
        "Santa Cruz",
        "sc-126",
        {"WB": "1:1000", "IP": "1:100", "IHC": "1:200"},
        60,
        "Fridge 3, box B",
        "2027-01-31",
    ),
    "AB-0213": (
        "p53",
        ("tp53", "trp53"),
        "rabbit",
        "7F5",
        "human, mouse",
        "",
        "Cell Signaling",
        "2527",
        {"WB": "1:1000", "IF": "1:200", "IP": "1:50"},
        85,
        "Fridge 3, box B",
        "2027-06-30",
    ),
    "AB-0218": (
        "GFP",
        ("egfp", "green fluorescent protein", "yfp"),
        "chicken",
        "",
        "tag",
        "",
        "Abcam",
        "ab13970",
        {"IF": "1:1000", "IHC": "1:1000"},
        250,
        "Fridge 3, box C",
        "2027-11-30",
    ),
    "AB-0219": (
        "GFP",
        ("egfp", "green fluorescent protein", "yfp"),
        "rabbit",
        "",
        "tag",
        "",
        "Invitrogen",
        "A-11122",
        {"WB": "1:2000", "IP": "1:200", "IF": "1:500"},
        120,
        "Fridge 3, box C",
        "2027-04-30",
    ),
    "AB-0220": (
        "GFP",
        ("egfp", "green fluorescent protein", "yfp"),
        "goat",
        "",
        "tag",
        "",
        "Abcam",
        "ab6673",
        {"WB": "1:1000", "IF": "1:500"},
        70,
        "Fridge 3, box C",
        "2026-12-31",
    ),
    "AB-0223": (
        "Ki-67",
        ("ki67", "mki67", "ki 67"),
        "rabbit",
        "SP6",
        "human, mouse",
        "",
        "Abcam",
        "ab16667",
        {"IHC": "1:200", "IF": "1:200"},
        45,
        "Fridge 3, box B",
        "2027-02-28",
    ),
    "AB-0226": (
        "CD3",
        ("cd3e", "cd3 epsilon"),
        "mouse",
        "UCHT1",
        "human",
        "FITC",
        "BioLegend",
        "300406",
        {"FC": "1:100"},
        200,
        "Fridge 4, flow box",
        "2027-07-31",
    ),
    "AB-0227": (
        "CD45",
        ("ptprc", "lca"),
        "rat",
        "30-F11",
        "mouse",
        "APC",
        "BioLegend",
        "103112",
        {"FC": "1:200", "IHC": "1:100"},
        150,
        "Fridge 4, flow box",
        "2027-09-30",
    ),
    "AB-0229": (
        "CD4",
        (),
        "rat",
        "GK1.5",
        "mouse",
        "PE",
        "BioLegend",
        "100408",
        {"FC": "1:200"},
        110,
        "Fridge 4, flow box",
        "2027-03-31",
    ),
    "AB-0230": (
        "CD8a",
        ("cd8", "cd8 alpha"),
        "rat",
        "53-6.7",
        "mouse",
        "PerCP-Cy5.5",
        "BioLegend",
        "100734",
        {"FC": "1:200"},
        90,
        "Fridge 4, flow box",
        "2027-03-31",
    ),
    "AB-0231": (
        "NeuN",
        ("rbfox3", "neun"),
        "mouse",
        "A60",
        "human, mouse, rat",
        "",
        "Millipore",
        "MAB377",
        {"IHC": "1:500", "IF": "1:500"},
        130,
        "Fridge 3, box D",
        "2027-10-31",
    ),
    "AB-0233": (
        "GFAP",
        (),
        "chicken",
        "",
        "human, mouse, rat",
        "",
        "Abcam",
        "ab4674",
        {"IF": "1:1000", "IHC": "1:2000"},
        160,
        "Fridge 3, box D",
        "2027-12-31",
    ),
    "AB-0234": (
        "GFAP",
        (),
        "rabbit",
        "",
        "human, mouse, rat",
        "",
        "Dako",
        "Z0334",
        {"WB": "1:5000", "IF": "1:1000", "IHC": "1:1000"},
        210,
        "Fridge 3, box D",
        "2027-06-30",
    ),
    "AB-0236": (
        "Iba1",
        ("aif1", "iba-1"),
        "goat",
        "",
        "mouse, rat",
        "",
        "Abcam",
        "ab5076",
        {"IF": "1:500", "IHC": "1:500"},
        75,
        "Fridge 3, box D",
        "2027-01-31",
    ),
    "AB-0237": (
        "Iba1",
        ("aif1", "iba-1"),
        "rabbit",
        "",
        "human, mouse, rat",
        "",
        "Wako",
        "019-19741",
        {"IF": "1:500", "IHC": "1:1000"},
        55,
        "Fridge 3, box D",
        "2027-02-28",
    ),
    "AB-0240": (
        "HA tag",
        ("ha", "ha-tag", "hemagglutinin tag"),
        "rabbit",
        "C29F4",
        "tag",
        "",
        "Cell Signaling",
        "3724",
        {"WB": "1:1000", "IP": "1:50", "IF": "1:400"},
        100,
        "Fridge 3, box C",
        "2027-08-31",
    ),
    "AB-0241": (
        "FLAG tag",
        ("flag", "dykddddk", "flag-tag"),
        "mouse",
        "M2",
        "tag",
        "",
        "Sigma",
        "F1804",
        {"WB": "1:1000", "IP": "1:200", "IF": "1:500"},
        180,
        "Fridge 3, box C",
        "2027-05-31",
    ),
    "AB-0244": (
        "phospho-ERK1/2 (Thr202/Tyr204)",
        ("p-erk", "perk", "phospho-erk", "phospho erk", "phospho-erk1/2", "p-erk1/2", "p-p44/42 mapk"),
        "rabbit",
        "D13.14.4E",
        "human, mouse, rat",
        "",
        "Cell Signaling",
        "4370",
        {"WB": "1:2000", "IF": "1:200"},
        40,
        "Freezer -20, antibody box 1",
        "2027-04-30",
    ),
    "AB-0245": (
        "ERK1/2",
        ("erk", "total erk", "p44/42 mapk", "mapk3", "mapk1"),
        "rabbit",
        "137F5",
        "human, mouse, rat",
        "",
        "Cell Signaling",
        "4695",
        {"WB": "1:1000"},
        90,
        "Freezer -20, antibody box 1",
        "2027-04-30",
    ),
    "AB-0248": (
        "cleaved caspase-3 (Asp175)",
        ("cleaved caspase 3", "cc3", "active caspase-3", "caspase-3", "caspase 3"),
        "rabbit",
        "",
        "human, mouse, rat",
        "",
        "Cell Signaling",
        "9661",
        {"WB": "1:1000", "IHC": "1:300", "IF": "1:400"},
        65,
        "Freezer -20, antibody box 1",
        "2027-02-28",
    ),
    "AB-0250": (
        "E-cadherin",
        ("e cadherin", "ecad", "cdh1"),
        "mouse",
        "36",
        "human, mouse",
        "",
        "BD",
        "610181",
        {"WB": "1:2500", "IF": "1:200"},
        50,
        "Fridge 3, box B",
        "2027-03-31",
    ),
    "AB-0252": (
        "histone H3",
        ("h3", "histone 3", "total h3"),
        "rabbit",
        "",
        "human, mouse, yeast",
        "",
        "Abcam",
        "ab1791",
        {"WB": "1:5000", "IP": "1:100"},
        115,
        "Freezer -20, antibody box 2",
        "2027-10-31",
    ),
    "AB-0255": (
        "MAP2",
        ("map-2", "microtubule-associated protein 2"),
        "chicken",
        "",
        "human, mouse, rat",
        "",
        "Abcam",
        "ab5392",
        {"IF": "1:2000", "IHC": "1:1000"},
        140,
        "Fridge 3, box D",
        "2027-12-31",
    ),
    "AB-0257": (
        "RFP",
        ("mcherry", "dsred", "tdtomato", "red fluorescent protein"),
        "rabbit",
        "",
        "tag",
        "",
        "Rockland",
        "600-401-379",
        {"WB": "1:2000", "IF": "1:500", "IHC": "1:500"},
        80,
        "Fridge 3, box C",
        "2027-06-30",
    ),
    "AB-0260": (
        "vimentin",
        ("vim",),
        "rabbit",
        "D21H3",
        "human, mouse",
        "",
        "Cell Signaling",
        "5741",
        {"WB": "1:1000", "IF": "1:100"},
        0,
        "Fridge 3, box B",
        "2026-10-31",
    ),
    "AB-0264": (
        "tyrosine hydroxylase",
        ("th",),
        "chicken",
        "",
        "human, mouse, rat",
        "",
        "Abcam",
        "ab76442",
        {"IF": "1:1000", "IHC": "1:1000"},
        60,
        "Fridge 3, box D",
        "2027-09-30",
    ),
    "AB-0266": (
        "CD31",
        ("pecam-1", "pecam1", "pecam"),
        "rat",
        "MEC13.3",
        "mouse",
        "",
        "BD",
        "550274",
        {"IHC": "1:50", "IF": "1:100", "FC": "1:200"},
        85,
        "Fridge 4, flow box",
        "2027-07-31",
    ),
}


class Antibody(BaseModel):
    """An antibody in a search result."""

    antibody_id: str = Field(description="e.g. 'AB-0231'")
    target: str = Field(description="Target antigen")
    host: str = Field(description="Host species")
    clonality: str = Field(description="monoclonal or polyclonal")
    clone: str | None = Field(description="Clone name (monoclonals)")
    applications: list[str] = Field(description="Validated applications: WB, IF, IHC, FC, IP")
    conjugate: str | None = Field(description="Fluorophore or enzyme, null if unconjugated")
    reactivity: str = Field(description="Species it reacts with")
    stock_ul: int = Field(description="Volume left, µL (0: used up)")
    location: str = Field(description="Where it is stored")


class Found(BaseModel):
    """Antibodies matching a search."""

    target: str = Field(description="Target searched for")
    host: str | None = Field(description="Host filter (null: any)")
    application: str | None = Field(description="Application filter (null: any)")
    antibodies: list[Antibody] = Field(description="Matches, most stock first")


class Details(Antibody):
    """An antibody's full record."""

    supplier: str = Field(description="Supplier")
    catalog_number: str = Field(description="Supplier's catalogue number")
    rrid: str = Field(description="Research Resource Identifier")
    dilutions: dict[str, str] = Field(description="Validated dilution per application, e.g. {'WB': '1:1000'}")
    expires: str = Field(description="YYYY-MM-DD")
    expired: bool = Field(description="Past its expiry date")


class Aliquot(BaseModel):
    """An aliquot request."""

    request_id: str = Field(description="e.g. 'AQ-1181'")
    antibody_id: str = Field(description="Antibody")
    target: str = Field(description="Target antigen")
    volume_ul: float = Field(description="Volume requested, µL")
    dilution: str | None = Field(description="Working dilution you will use, e.g. '1:500'")
    stock_left_ul: float = Field(description="Stock after the aliquot, µL")
    pickup: str = Field(description="When and where to collect it")
    warnings: list[str] = Field(description="Dilution outside the validated range, expiry, low stock (empty: none)")


def antibody_key(text: str) -> str:
    """The antibody id of ``text`` ('ab-0231' is accepted).

    Raises:
        ValueError: for a bare number (with the id to send), anything else, or an unknown id.
    """
    raw = (text or "").strip().upper()
    if re.fullmatch(r"(AB)?\s*#?\d{1,4}", raw):
        digits = re.sub(r"\D", "", raw)
        raise ValueError(f"antibody_id is 'AB-' followed by four digits: send 'AB-{int(digits):04d}', not '{text}'.")
    if not _ID.match(raw):
        raise ValueError(f"antibody_id is 'AB-' followed by four digits, e.g. 'AB-0231', not '{text}'.")
    if raw not in ANTIBODIES:
        raise ValueError(f"No antibody {raw} in the inventory. Use find_antibody to look one up by its target.")
    return raw


def _fold(text: str) -> str:
    text = (text or "").lower().replace("β", "beta-").replace("α", "alpha-")
    text = re.sub(r"^(anti|α)[\s-]+", "", text.strip())
    text = re.sub(r"\s+(antibody|antibodies)$", "", text)
    return re.sub(r"[\s_\-]+", "", text)


def _summary(key: str, stock: float) -> Antibody:
    target, _, host, clone, reactivity, conjugate, _, _, dilutions, _, location, _ = ANTIBODIES[key]
    return Antibody(
        antibody_id=key,
        target=target,
        host=host,
        clonality="monoclonal" if clone else "polyclonal",
        clone=clone or None,
        applications=list(dilutions),
        conjugate=conjugate or None,
        reactivity=reactivity,
        stock_ul=int(stock),
        location=location,
    )


class Inventory:
    """The antibody fridge, with the aliquots requested since the server started."""

    def __init__(self) -> None:
        self.stock: dict[str, float] = {k: float(v[9]) for k, v in ANTIBODIES.items()}
        self.requests = 0

    def find(self, target: str, host: str | None = None, application: str | None = None) -> Found:
        """Antibodies against ``target`` (a name or usual other name) from ``host`` validated for ``application``.

        Raises:
            ValueError: for an empty target or an unknown host or application.
        """
        wanted = _fold(target)
        if not wanted:
            raise ValueError("target must not be empty: the antigen, e.g. 'GFAP'.")
        species = (host or "").strip().lower() or None
        if species is not None and species not in HOSTS:
            raise ValueError(f"host must be one of: {', '.join(HOSTS)}, not '{host}'.")
        use = (application or "").strip().upper() or None
        if use is not None and use not in APPLICATIONS:
            raise ValueError(
                f"application must be one of: {', '.join(APPLICATIONS)} (western is WB), not '{application}'."
            )
        found = []
        for key, row in ANTIBODIES.items():
            names = {_fold(row[0]), *(_fold(a) for a in row[1])}
            if wanted not in names:
                continue
            if species and row[2] != species:
                continue
            if use and use not in row[8]:
                continue
            found.append(key)
        found.sort(key=lambda k: (-self.stock[k], k))
        return Found(
            target=target,
            host=species,
            application=use,
            antibodies=[_summary(k, self.stock[k]) for k in found],
        )

    def details(self, antibody: str) -> Details:
        """The full record of ``antibody``.

        Raises:
            ValueError: for a bad or unknown id.
        """
        key = antibody_key(antibody)
        row = ANTIBODIES[key]
        return Details(
            **_summary(key, self.stock[key]).model_dump(),
            supplier=row[6],
            catalog_number=row[7],
            rrid=f"AB_{sum(map(ord, row[7])) * 7919 % 9_000_000 + 1_000_000}",
            dilutions=dict(row[8]),
            expires=row[11],
            expired=row[11] < TODAY.isoformat(),
        )

    def request(self, antibody: str, volume_ul: float, dilution: str | None = None) -> Aliquot:
        """An aliquot of ``volume_ul`` µL of ``antibody``.

        Raises:
            ValueError: for a bad id, a volume out of range or above the stock, or a bad dilution.
        """
        key = antibody_key(antibody)
        if isinstance(volume_ul, bool) or not isinstance(volume_ul, int | float) or volume_ul <= 0:
            raise ValueError("volume_ul must be a number of microlitres above 0 (0.05 ml is 50).")
        if volume_ul > MAX_ALIQUOT_UL:
            raise ValueError(f"Aliquots are at most {MAX_ALIQUOT_UL} µL (volume_ul is in µL: 0.05 ml is 50).")
        if volume_ul > self.stock[key]:
            raise ValueError(f"Only {self.stock[key]:g} µL of {key} left.")
        ratio = None
        if dilution is not None:
            ratio = re.sub(r"\s+", "", str(dilution))
            if not _DILUTION.match(ratio):
                raise ValueError(f"dilution is written '1:' and a number, e.g. '1:500', not '{dilution}'.")
        row = ANTIBODIES[key]
        warnings = []
        if ratio is not None:
            factor = int(ratio[2:])
            validated = [int(d[2:]) for d in row[8].values()]
            if not min(validated) / 2 <= factor <= max(validated) * 2:
                listed = ", ".join(f"{a} {d}" for a, d in row[8].items())
                warnings.append(f"{ratio} is outside the validated dilutions ({listed}).")
        if row[11] < TODAY.isoformat():
            warnings.append(f"Expired on {row[11]}.")
        self.stock[key] -= volume_ul
        if self.stock[key] < 20:
            warnings.append(f"Stock is low ({self.stock[key]:g} µL left): tell the lab manager to reorder.")
        self.requests += 1
        return Aliquot(
            request_id=f"AQ-{FIRST_NEW + self.requests - 1}",
            antibody_id=key,
            target=row[0],
            volume_ul=float(volume_ul),
            dilution=ratio,
            stock_left_ul=self.stock[key],
            pickup="2026-11-23 from 10:00, lab manager's office (cold box)",
            warnings=warnings,
        )


inventory = Inventory()
server = MCPServer("eval-antibodies", instructions="The lab's antibody inventory and aliquot requests. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Find antibody", readOnlyHint=True, openWorldHint=False))
def find_antibody(
    target: Annotated[str, Field(description="Target antigen, e.g. 'GFAP' or 'beta-actin'")],
    host: Annotated[Host | None, Field(description="Host species the antibody was raised in")] = None,
    application: Annotated[
        Application | None,
        Field(description="Application it must be validated for: WB, IF, IHC, FC or IP"),
    ] = None,
) -> Found:
    """Find antibodies in the lab inventory by target, optionally by host and application."""
    try:
        return inventory.find(target, host, application)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Request an aliquot", readOnlyHint=False, destructiveHint=False, openWorldHint=False
    )
)
def request_aliquot(
    antibody_id: Annotated[str, Field(description="Antibody id, e.g. 'AB-0231'", pattern=ID_PATTERN)],
    volume_ul: Annotated[float, Field(description="Volume in µL")],
    dilution: Annotated[str | None, Field(description="Working dilution, e.g. '1:500'")] = None,
) -> Aliquot:
    """Request an aliquot of an antibody from the lab manager."""
    try:
        return inventory.request(antibody_id, volume_ul, dilution)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Antibody details", readOnlyHint=True, openWorldHint=False))
def antibody_details(
    antibody_id: Annotated[str, Field(description="Antibody id, e.g. 'AB-0231'", pattern=ID_PATTERN)],
) -> Details:
    """Full record of one antibody: supplier, catalogue number, validated dilutions, stock, location, expiry."""
    try:
        return inventory.details(antibody_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
