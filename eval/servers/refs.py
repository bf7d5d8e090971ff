"""Test-only reference manager server (dev set ``dev11_tools.jsonl``): search the researcher's reference library by
title, creator and year (or everything) with an item-type filter, one item's metadata by its key, add an item by
DOI (optionally into a collection), and list the collections.

Run with: ``python -m eval.servers.refs`` (stdio). Twenty fixed items (real papers, books and a thesis, with
made-up keys) in seven collections, and a small DOI registry of papers not yet in the library (a stable fake
record for any other well-formed DOI); items added are kept in memory (none at every start) and get keys derived
from their DOI. No network, no real clock. The tool shapes follow widely used public Zotero MCP servers
(``zotero_`` tool names, snake_case parameters next to Zotero's own camelCase ``itemType``, a ``qmode`` enum,
8-character item and collection keys such as ``ABCD2345`` that people never say).
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_LIMIT = 100
KEY_CHARS = "23456789ABCDEFGHIJKLMNPQRSTUVWXYZ"  # Zotero's key alphabet (no 0, 1, O)
_KEY = re.compile(r"^[A-Z0-9]{8}$")
_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
QMode = Literal["titleCreatorYear", "everything"]
ItemType = Literal[
    "journalArticle", "book", "bookSection", "conferencePaper", "thesis", "preprint", "report", "webpage"
]
ITEM_TYPES = ("journalArticle", "book", "bookSection", "conferencePaper", "thesis", "preprint", "report", "webpage")
# collection key -> (name, parent key or "")
COLLECTIONS: dict[str, tuple[str, str]] = {
    "7XK2M9QA": ("Thesis", ""),
    "BQ4N8HTW": ("Chapter 2 - CRISPR screens", "7XK2M9QA"),
    "R3VD6PJC": ("Methods", ""),
    "H8WZ5NLE": ("Journal club", ""),
    "KM2Y7TGS": ("Grant 2027", ""),
    "P6FJ3XRB": ("Imaging", ""),
    "U9CE4DHV": ("To read", ""),
}
# item key -> (itemType, title, creators "Last, First; …", date, publication, DOI, collections, tags, abstract)
Row = tuple[str, str, str, str, str, str, tuple[str, ...], tuple[str, ...], str]
ITEMS: dict[str, Row] = {
    "ABCD2345": (
        "journalArticle",
        "A Programmable Dual-RNA-Guided DNA Endonuclease in Adaptive Bacterial Immunity",
        "Jinek, Martin; Chylinski, Krzysztof; Fonfara, Ines; Hauer, Michael; Doudna, Jennifer A.; Charpentier, "
        "Emmanuelle",
        "2012-08-17",
        "Science",
        "10.1126/science.1225829",
        ("7XK2M9QA", "BQ4N8HTW"),
        ("crispr", "cas9"),
        "Cas9 is a dual-RNA-guided DNA endonuclease that can be programmed with a single chimeric RNA.",
    ),
    "Q7MZ4K2N": (
        "journalArticle",
        "Multiplex Genome Engineering Using CRISPR/Cas Systems",
        "Cong, Le; Ran, F. Ann; Cox, David; Lin, Shuailiang; Zhang, Feng",
        "2013-02-15",
        "Science",
        "10.1126/science.1231143",
        ("7XK2M9QA", "BQ4N8HTW"),
        ("crispr", "genome editing"),
        "Type II CRISPR/Cas systems engineered to edit mammalian genomes at multiple loci.",
    ),
    "Y2FC8DZT": (
        "journalArticle",
        "RNA-Guided Human Genome Engineering via Cas9",
        "Mali, Prashant; Yang, Luhan; Esvelt, Kevin M.; Church, George M.",
        "2013-02-15",
        "Science",
        "10.1126/science.1232033",
        ("BQ4N8HTW",),
        ("crispr",),
        "Guide RNAs direct Cas9 to edit targets in human cells.",
    ),
    "T3HV8WQP": (
        "journalArticle",
        "Genome-Scale CRISPR-Cas9 Knockout Screening in Human Cells",
        "Shalem, Ophir; Sanjana, Neville E.; Hartenian, Ella; Zhang, Feng",
        "2014-01-03",
        "Science",
        "10.1126/science.1247005",
        ("7XK2M9QA", "BQ4N8HTW"),
        ("crispr", "screen"),
        "A genome-scale lentiviral library (GeCKO) for negative and positive selection screens.",
    ),
    "L9BS4VJH": (
        "journalArticle",
        "Genome engineering using the CRISPR-Cas9 system",
        "Ran, F. Ann; Hsu, Patrick D.; Wright, Jason; Agarwala, Vineeta; Scott, David A.; Zhang, Feng",
        "2013-11-01",
        "Nature Protocols",
        "10.1038/nprot.2013.143",
        ("R3VD6PJC",),
        ("crispr", "protocol"),
        "A protocol for Cas9-mediated genome editing in mammalian cells, from guide design to clonal lines.",
    ),
    "9FRX2CLD": (
        "journalArticle",
        "Cleavage of Structural Proteins during the Assembly of the Head of Bacteriophage T4",
        "Laemmli, U. K.",
        "1970-08-15",
        "Nature",
        "10.1038/227680a0",
        ("R3VD6PJC",),
        ("sds-page", "western"),
        "The discontinuous SDS-polyacrylamide gel system.",
    ),
    "M5GK7YBE": (
        "journalArticle",
        "A rapid and sensitive method for the quantitation of microgram quantities of protein utilizing the "
        "principle of protein-dye binding",
        "Bradford, Marion M.",
        "1976-05-07",
        "Analytical Biochemistry",
        "10.1016/0003-2697(76)90527-3",
        ("R3VD6PJC",),
        ("protein assay",),
        "Coomassie Brilliant Blue G-250 binding shifts its absorbance maximum to 595 nm.",
    ),
    "W2NP6TJA": (
        "journalArticle",
        "Analysis of Relative Gene Expression Data Using Real-Time Quantitative PCR and the 2-ΔΔCT Method",
        "Livak, Kenneth J.; Schmittgen, Thomas D.",
        "2001-12-01",
        "Methods",
        "10.1006/meth.2001.1262",
        ("R3VD6PJC",),
        ("qpcr",),
        "The 2-ΔΔCT method for relative quantification of real-time PCR data.",
    ),
    "K8DQ3VHS": (
        "journalArticle",
        "Moderated estimation of fold change and dispersion for RNA-seq data with DESeq2",
        "Love, Michael I.; Huber, Wolfgang; Anders, Simon",
        "2014-12-05",
        "Genome Biology",
        "10.1186/s13059-014-0550-8",
        ("7XK2M9QA", "KM2Y7TGS"),
        ("rna-seq", "statistics"),
        "Shrinkage estimation of dispersions and fold changes for differential expression analysis.",
    ),
    "E4TB9MXZ": (
        "journalArticle",
        "STAR: ultrafast universal RNA-seq aligner",
        "Dobin, Alexander; Davis, Carrie A.; Schlesinger, Felix; Gingeras, Thomas R.",
        "2013-01-01",
        "Bioinformatics",
        "10.1093/bioinformatics/bts635",
        ("7XK2M9QA",),
        ("rna-seq", "alignment"),
        "Spliced Transcripts Alignment to a Reference, using sequential maximum mappable seed search.",
    ),
    "Z6HC2RWU": (
        "journalArticle",
        "Fiji: an open-source platform for biological-image analysis",
        "Schindelin, Johannes; Arganda-Carreras, Ignacio; Frise, Erwin; Cardona, Albert",
        "2012-06-28",
        "Nature Methods",
        "10.1038/nmeth.2019",
        ("P6FJ3XRB",),
        ("imaging", "software"),
        "Fiji is a distribution of ImageJ with plugins for biological image analysis.",
    ),
    "J9PL5FKG": (
        "journalArticle",
        "Highly accurate protein structure prediction with AlphaFold",
        "Jumper, John; Evans, Richard; Pritzel, Alexander; Hassabis, Demis",
        "2021-08-26",
        "Nature",
        "10.1038/s41586-021-03819-2",
        ("H8WZ5NLE",),
        ("structure prediction", "deep learning"),
        "A neural network that predicts protein structures with atomic accuracy.",
    ),
    "N3XW7EAT": (
        "journalArticle",
        "Induction of Pluripotent Stem Cells from Mouse Embryonic and Adult Fibroblast Cultures by Defined Factors",
        "Takahashi, Kazutoshi; Yamanaka, Shinya",
        "2006-08-25",
        "Cell",
        "10.1016/j.cell.2006.07.024",
        ("U9CE4DHV",),
        ("stem cells", "ipsc"),
        "Oct3/4, Sox2, c-Myc and Klf4 reprogram fibroblasts to pluripotency.",
    ),
    "V5RM8QDY": (
        "conferencePaper",
        "Attention Is All You Need",
        "Vaswani, Ashish; Shazeer, Noam; Parmar, Niki; Uszkoreit, Jakob; Jones, Llion; Gomez, Aidan N.; Kaiser, "
        "Lukasz; Polosukhin, Illia",
        "2017-12-04",
        "Advances in Neural Information Processing Systems 30",
        "10.48550/arXiv.1706.03762",
        ("H8WZ5NLE", "KM2Y7TGS"),
        ("deep learning", "transformer"),
        "The Transformer, based solely on attention mechanisms.",
    ),
    "C2KJ6UNF": (
        "book",
        "Molecular Biology of the Cell",
        "Alberts, Bruce; Heald, Rebecca; Johnson, Alexander; Morgan, David; Raff, Martin; Roberts, Keith; Walter, "
        "Peter",
        "2022",
        "W. W. Norton & Company",
        "",
        ("U9CE4DHV",),
        ("textbook",),
        "",
    ),
    "G7YT3BPW": (
        "book",
        "Molecular Cloning: A Laboratory Manual",
        "Green, Michael R.; Sambrook, Joseph",
        "2012",
        "Cold Spring Harbor Laboratory Press",
        "",
        ("R3VD6PJC",),
        ("cloning", "protocol"),
        "",
    ),
    "F3WN7GXQ": (
        "bookSection",
        "An Introduction to Performing Immunofluorescence Staining",
        "Im, Kelly; Mareninov, Sergey; Diaz, M. Fernando Palma; Yong, William H.",
        "2019",
        "Biobanking: Methods and Protocols (Methods in Molecular Biology 1897)",
        "10.1007/978-1-4939-8935-5_26",
        ("R3VD6PJC", "P6FJ3XRB"),
        ("immunofluorescence", "protocol"),
        "Direct and indirect immunofluorescence on cells and tissue sections.",
    ),
    "X4EH9LMC": (
        "thesis",
        "Regulation of p53 by ubiquitin ligases in colorectal cancer",
        "Kowalski, Dana",
        "2019",
        "University of Amsterdam",
        "",
        ("7XK2M9QA",),
        ("p53", "ubiquitin"),
        "PhD thesis. MDM2 and two HECT ligases control p53 turnover in colorectal cancer cell lines.",
    ),
    "D8UA5SKR": (
        "preprint",
        "Spatial transcriptomics of the ageing mouse hippocampus",
        "Lin, Mei; Ortega, Tomás; Lindqvist, Astrid",
        "2025-03-14",
        "bioRxiv",
        "10.1101/2025.03.14.643210",
        ("KM2Y7TGS",),
        ("spatial transcriptomics", "ageing"),
        "Visium profiling of hippocampal subfields at 3, 12 and 24 months.",
    ),
    "P4QG6WHM": (
        "report",
        "Laboratory biosafety manual, fourth edition",
        "World Health Organization",
        "2020",
        "World Health Organization",
        "",
        ("R3VD6PJC",),
        ("biosafety",),
        "Risk-based approach to laboratory biosafety.",
    ),
}
# DOIs not in the library that the registry knows: doi -> (itemType, title, creators, date, publication)
REGISTRY: dict[str, tuple[str, str, str, str, str]] = {
    "10.1038/s41586-020-2649-2": (
        "journalArticle",
        "Array programming with NumPy",
        "Harris, Charles R.; Millman, K. Jarrod; van der Walt, Stéfan J.; Oliphant, Travis E.",
        "2020-09-16",
        "Nature",
    ),
    "10.1038/nbt.3519": (
        "journalArticle",
        "Near-optimal probabilistic RNA-seq quantification",
        "Bray, Nicolas L.; Pimentel, Harold; Melsted, Páll; Pachter, Lior",
        "2016-04-04",
        "Nature Biotechnology",
    ),
    "10.1093/bioinformatics/btp352": (
        "journalArticle",
        "The Sequence Alignment/Map format and SAMtools",
        "Li, Heng; Handsaker, Bob; Wysoker, Alec; Durbin, Richard",
        "2009-08-15",
        "Bioinformatics",
    ),
    "10.1038/nmeth.1923": (
        "journalArticle",
        "Fast gapped-read alignment with Bowtie 2",
        "Langmead, Ben; Salzberg, Steven L.",
        "2012-03-04",
        "Nature Methods",
    ),
    "10.1186/s13059-017-1382-0": (
        "journalArticle",
        "SCANPY: large-scale single-cell gene expression data analysis",
        "Wolf, F. Alexander; Angerer, Philipp; Theis, Fabian J.",
        "2018-02-06",
        "Genome Biology",
    ),
    "10.1038/s41592-019-0686-2": (
        "journalArticle",
        "SciPy 1.0: fundamental algorithms for scientific computing in Python",
        "Virtanen, Pauli; Gommers, Ralf; Oliphant, Travis E.",
        "2020-02-03",
        "Nature Methods",
    ),
    "10.1126/science.aaa1934": (
        "journalArticle",
        "Cell biology. Spatially resolved, highly multiplexed RNA profiling in single cells",
        "Chen, Kok Hao; Boettiger, Alistair N.; Moffitt, Jeffrey R.; Wang, Siyuan; Zhuang, Xiaowei",
        "2015-04-24",
        "Science",
    ),
}


class Creator(BaseModel):
    """An author or editor."""

    creatorType: str = Field(description="'author' (or 'editor')")
    lastName: str = Field(description="Last name")
    firstName: str = Field(description="First name or initials (empty for an organisation)")


class ItemSummary(BaseModel):
    """One search result."""

    key: str = Field(description="Item key, e.g. 'ABCD2345'")
    itemType: str = Field(description="Zotero item type")
    title: str = Field(description="Title")
    creators: str = Field(description="Creators, 'Last F' separated by commas")
    date: str = Field(description="Publication date as entered")
    DOI: str | None = Field(description="DOI, if any")


class SearchResults(BaseModel):
    """Search results."""

    query: str = Field(description="Query as sent")
    qmode: str = Field(description="Query mode used")
    itemType: str | None = Field(description="Item type filter (null: any)")
    total_results: int = Field(description="Matches before the limit")
    items: list[ItemSummary] = Field(description="Matching items, newest first")


class ItemMetadata(BaseModel):
    """An item's metadata."""

    key: str = Field(description="Item key")
    itemType: str = Field(description="Zotero item type")
    title: str = Field(description="Title")
    creators: list[Creator] = Field(description="Creators in order")
    date: str = Field(description="Publication date as entered")
    publicationTitle: str = Field(description="Journal, proceedings, book series, publisher or university")
    DOI: str | None = Field(description="DOI, if any")
    abstractNote: str = Field(description="Abstract (may be empty)")
    tags: list[str] = Field(description="Tags")
    collections: list[str] = Field(description="Keys of the collections holding it")
    collection_names: list[str] = Field(description="Names of those collections")


class Added(BaseModel):
    """The result of adding by DOI."""

    success: bool = Field(description="true")
    key: str = Field(description="Key of the item (the existing one for a duplicate)")
    duplicate: bool = Field(description="The DOI was already in the library: nothing new was created")
    itemType: str = Field(description="Zotero item type")
    title: str = Field(description="Title as fetched from the DOI registry")
    DOI: str = Field(description="DOI")
    collections: list[str] = Field(description="Collections the item is in now")


class Collection(BaseModel):
    """A collection."""

    key: str = Field(description="Collection key, e.g. '7XK2M9QA'")
    name: str = Field(description="Name")
    parentCollection: str | None = Field(description="Key of the parent collection, null at the top level")
    numItems: int = Field(description="Items in it")


class CollectionList(BaseModel):
    """Every collection."""

    collections: list[Collection] = Field(description="Collections, top-level ones with their sub-collections")


def _creators(text: str) -> list[Creator]:
    people = []
    for part in text.split(";"):
        last, _, first = part.strip().partition(",")
        people.append(Creator(creatorType="author", lastName=last.strip(), firstName=first.strip()))
    return people


def _short_creators(text: str) -> str:
    names = []
    for c in _creators(text):
        initials = "".join(w[0] for w in re.split(r"[\s.\-]+", c.firstName) if w)
        names.append(f"{c.lastName} {initials}".strip())
    return ", ".join(names)


def _fold(text: str) -> str:
    text = (text or "").lower().replace("δ", "d").replace("–", "-").replace("−", "-")
    return re.sub(r"[^\w\s]", " ", text)


def _words(text: str) -> list[str]:
    return [w.rstrip("s") if len(w) > 3 else w for w in _fold(text).split()]


def item_key(text: str) -> str:
    """An 8-character item or collection key ('abcd2345' is accepted).

    Raises:
        ValueError: for anything that is not a key.
    """
    raw = (text or "").strip().upper()
    if not _KEY.match(raw):
        raise ValueError(f"'{text}' is not a Zotero key: keys are 8 characters, e.g. 'ABCD2345'.")
    return raw


def bare_doi(text: str) -> str:
    """The DOI of ``text`` (a doi: or doi.org prefix is accepted).

    Raises:
        ValueError: for anything that is not a DOI.
    """
    raw = (text or "").strip()
    raw = re.sub(r"^(https?://)?(dx\.)?doi\.org/", "", raw, flags=re.IGNORECASE)
    raw = re.sub(r"^doi:\s*", "", raw, flags=re.IGNORECASE)
    if not _DOI.match(raw):
        raise ValueError(
            f"'{text}' is not a DOI: send it as '10.' + registrant + '/' + suffix, e.g. '10.1038/nbt.3519'."
        )
    return raw


def new_key(doi: str) -> str:
    """A stable key for the item added with ``doi``."""
    digest = hashlib.sha256(doi.lower().encode()).digest()
    return "".join(KEY_CHARS[b % len(KEY_CHARS)] for b in digest[:8])


class Library:
    """The library, with items added since the server started."""

    def __init__(self) -> None:
        self.items: dict[str, list] = {k: list(v) for k, v in ITEMS.items()}

    def _collection(self, text: str) -> str:
        key = (text or "").strip()
        wanted = key.upper()
        if wanted in COLLECTIONS:
            return wanted
        for ckey, (name, _) in COLLECTIONS.items():
            if key.lower() == name.lower():
                raise ValueError(f"collection_key is the collection's key, not its name: send '{ckey}' for {name}.")
        raise ValueError(f"No collection '{text}'. Use zotero_get_collections for the keys.")

    def search(
        self, query: str, qmode: str = "titleCreatorYear", item_type: str | None = None, limit: int = 10
    ) -> SearchResults:
        """Items whose title, creators and year (or any field) hold every word of ``query``.

        Raises:
            ValueError: for an empty query, an unknown mode or item type, or a limit out of range.
        """
        words = _words(query)
        if not words:
            raise ValueError("query must not be empty.")
        if qmode not in ("titleCreatorYear", "everything"):
            raise ValueError(f"qmode must be 'titleCreatorYear' or 'everything', not '{qmode}'.")
        if item_type is not None and item_type not in ITEM_TYPES:
            raise ValueError(f"itemType must be one of: {', '.join(ITEM_TYPES)}, not '{item_type}'.")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise ValueError(f"limit must be a whole number from 1 to {MAX_LIMIT}.")
        found = []
        for key, row in self.items.items():
            kind, title, creators, when, publication, doi, _, tags, abstract = row
            fields = [title, creators, when[:4]]
            if qmode == "everything":
                fields += [publication, doi, " ".join(tags), abstract]
            haystack = set(_words(" ".join(fields)))
            if all(w in haystack for w in words) and (item_type is None or kind == item_type):
                found.append(key)
        found.sort(key=lambda k: (self.items[k][3], k), reverse=True)
        return SearchResults(
            query=query,
            qmode=qmode,
            itemType=item_type,
            total_results=len(found),
            items=[
                ItemSummary(
                    key=k,
                    itemType=self.items[k][0],
                    title=self.items[k][1],
                    creators=_short_creators(self.items[k][2]),
                    date=self.items[k][3],
                    DOI=self.items[k][5] or None,
                )
                for k in found[:limit]
            ],
        )

    def metadata(self, key: str) -> ItemMetadata:
        """The metadata of item ``key``.

        Raises:
            ValueError: for a bad or unknown key.
        """
        wanted = item_key(key)
        if wanted in COLLECTIONS:
            raise ValueError(f"{wanted} is a collection ({COLLECTIONS[wanted][0]}), not an item.")
        if wanted not in self.items:
            raise ValueError(f"No item {wanted} in the library. Use zotero_search_items to find item keys.")
        kind, title, creators, when, publication, doi, collections, tags, abstract = self.items[wanted]
        return ItemMetadata(
            key=wanted,
            itemType=kind,
            title=title,
            creators=_creators(creators),
            date=when,
            publicationTitle=publication,
            DOI=doi or None,
            abstractNote=abstract,
            tags=list(tags),
            collections=list(collections),
            collection_names=[COLLECTIONS[c][0] for c in collections],
        )

    def add(self, doi: str, collection_key: str | None = None) -> Added:
        """The item of ``doi``, added (or found) and put in ``collection_key``.

        Raises:
            ValueError: for a bad DOI or an unknown collection.
        """
        bare = bare_doi(doi)
        target = self._collection(collection_key) if collection_key else None
        existing = next((k for k, row in self.items.items() if row[5].lower() == bare.lower()), None)
        if existing is None:
            if bare.lower() in REGISTRY:
                kind, title, creators, when, publication = REGISTRY[bare.lower()]
            else:
                kind, title, creators, when, publication = (
                    "journalArticle",
                    f"Untitled record {new_key(bare)[:4]}",
                    "Anonymous",
                    "2026",
                    "Unknown journal",
                )
            key = new_key(bare)
            self.items[key] = [kind, title, creators, when, publication, bare, (), (), ""]
        else:
            key = existing
        row = self.items[key]
        if target and target not in row[6]:
            row[6] = (*row[6], target)
        return Added(
            success=True,
            key=key,
            duplicate=existing is not None,
            itemType=row[0],
            title=row[1],
            DOI=row[5],
            collections=list(row[6]),
        )

    def collections(self) -> CollectionList:
        """Every collection with its item count."""
        return CollectionList(
            collections=[
                Collection(
                    key=k,
                    name=name,
                    parentCollection=parent or None,
                    numItems=sum(1 for row in self.items.values() if k in row[6]),
                )
                for k, (name, parent) in COLLECTIONS.items()
            ]
        )


library = Library()
server = MCPServer("eval-refs", instructions="The researcher's reference library (Zotero-style). Test-only.")


@server.tool(annotations=ToolAnnotations(title="Search items", readOnlyHint=True, openWorldHint=False))
def zotero_search_items(
    query: Annotated[str, Field(description="Search query")],
    qmode: Annotated[
        QMode,
        Field(description="Query mode: 'titleCreatorYear' (title, creators, year) or 'everything' (all fields)"),
    ] = "titleCreatorYear",
    itemType: Annotated[ItemType | None, Field(description="Only items of this type")] = None,
    limit: Annotated[int, Field(description="Maximum results to return", ge=1, le=MAX_LIMIT)] = 10,
) -> SearchResults:
    """Search for items in your Zotero library, given a query string."""
    try:
        return library.search(query, qmode, itemType, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Item metadata", readOnlyHint=True, openWorldHint=False))
def zotero_get_item_metadata(
    item_key: Annotated[str, Field(description="Zotero item key")],
) -> ItemMetadata:
    """Get detailed metadata for a Zotero item by its key."""
    try:
        return library.metadata(item_key)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Add by DOI", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def zotero_add_by_doi(
    doi: Annotated[str, Field(description="DOI of the item, e.g. '10.1038/nature12373'")],
    collection_key: Annotated[str | None, Field(description="Key of a collection to file it in")] = None,
) -> Added:
    """Add an item to your Zotero library by its DOI; metadata is fetched from the DOI registry."""
    try:
        return library.add(doi, collection_key)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Collections", readOnlyHint=True, openWorldHint=False))
def zotero_get_collections() -> CollectionList:
    """List all collections in your Zotero library."""
    return library.collections()


if __name__ == "__main__":
    main(server)
