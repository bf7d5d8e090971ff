"""Test-only microscopy image repository server (dev set ``dev8_tools.jsonl``): one image's acquisition metadata and
an image search by channels, magnification, pixel size, date and owner.

Run with: ``python -m eval.servers.imaging`` (stdio). A fixed repository of 12 images from four microscopes of the
imaging facility (OMERO-like metadata). Pixel sizes are in micrometres. "Today" is the evaluation's simulated date,
2026-11-22, so results never depend on the real clock.
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
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
IMAGE_PATTERN = r"^IMG-\d{6}$"
_IMAGE = re.compile(IMAGE_PATTERN)
Magnification = Literal["10x", "20x", "40x", "63x", "100x"]
MAGNIFICATIONS = ("10x", "20x", "40x", "63x", "100x")
MIN_PIXEL_UM, MAX_PIXEL_UM = 0.01, 5.0
# usual names -> channel name as stored
CHANNELS = {
    "dapi": "DAPI",
    "hoechst": "DAPI",
    "gfp": "GFP",
    "egfp": "GFP",
    "mcherry": "mCherry",
    "rfp": "mCherry",
    "alexa488": "Alexa488",
    "alexa 488": "Alexa488",
    "af488": "Alexa488",
    "alexa fluor 488": "Alexa488",
    "alexa568": "Alexa568",
    "alexa 568": "Alexa568",
    "af568": "Alexa568",
    "alexa647": "Alexa647",
    "alexa 647": "Alexa647",
    "af647": "Alexa647",
    "cy5": "Alexa647",
    "brightfield": "brightfield",
    "bright field": "brightfield",
    "bf": "brightfield",
    "transmitted": "brightfield",
    "tdtomato": "tdTomato",
}
# image id -> (name, project, owner, acquired, microscope, magnification, NA, immersion, pixel µm, channels,
#              z slices, width, height)
IMAGES: dict[str, tuple[str, str, str, str, str, str, float, str, float, tuple[str, ...], int, int, int]] = {
    "IMG-004512": (
        "HeLa_H2B-GFP_mitosis_01",
        "Mitosis timing",
        "Okafor",
        "2026-11-02",
        "Zeiss LSM 980",
        "63x",
        1.4,
        "oil",
        0.066,
        ("DAPI", "GFP", "mCherry"),
        24,
        1024,
        1024,
    ),
    "IMG-004518": (
        "organoid_D14_KRT8",
        "Gut organoids",
        "Lindqvist",
        "2026-11-05",
        "Zeiss LSM 980",
        "40x",
        1.3,
        "oil",
        0.104,
        ("DAPI", "Alexa488"),
        41,
        1024,
        1024,
    ),
    "IMG-004523": (
        "liver_section_F4-80",
        "Liver knockout",
        "Okafor",
        "2026-11-06",
        "Nikon Ti2 widefield",
        "20x",
        0.75,
        "air",
        0.325,
        ("DAPI", "Alexa568", "brightfield"),
        1,
        2048,
        2048,
    ),
    "IMG-004530": (
        "zebrafish_fin_regen_3dpa",
        "Fin regeneration",
        "Tanaka",
        "2026-11-09",
        "Leica SP8",
        "20x",
        0.75,
        "air",
        0.568,
        ("GFP", "brightfield"),
        60,
        1024,
        1024,
    ),
    "IMG-004533": (
        "colony_scan_plate3",
        "Transformation QC",
        "Zhang",
        "2026-11-10",
        "Nikon Ti2 widefield",
        "10x",
        0.3,
        "air",
        0.65,
        ("brightfield",),
        1,
        2048,
        2048,
    ),
    "IMG-004541": (
        "U2OS_mito_SIM",
        "Mitochondrial dynamics",
        "Haddad",
        "2026-11-12",
        "Nikon N-SIM",
        "100x",
        1.49,
        "oil",
        0.032,
        ("GFP", "mCherry"),
        15,
        1024,
        1024,
    ),
    "IMG-004547": (
        "neurons_DIV14_synapses",
        "Synapse density",
        "Zhang",
        "2026-11-14",
        "Zeiss LSM 980",
        "63x",
        1.4,
        "oil",
        0.09,
        ("DAPI", "Alexa488", "Alexa647"),
        18,
        1024,
        1024,
    ),
    "IMG-004552": (
        "brain_slice_tdTomato_hippocampus",
        "Ai14 reporter",
        "Okafor",
        "2026-11-16",
        "Leica SP8",
        "40x",
        1.3,
        "oil",
        0.142,
        ("DAPI", "tdTomato"),
        30,
        1024,
        1024,
    ),
    "IMG-004558": (
        "HeLa_H2B-GFP_mitosis_02",
        "Mitosis timing",
        "Okafor",
        "2026-11-18",
        "Zeiss LSM 980",
        "63x",
        1.4,
        "oil",
        0.066,
        ("DAPI", "GFP", "mCherry"),
        24,
        1024,
        1024,
    ),
    "IMG-004560": (
        "arabidopsis_root_tip_GFP",
        "Root growth",
        "Hovland",
        "2026-11-19",
        "Leica SP8",
        "20x",
        0.75,
        "air",
        0.284,
        ("GFP", "brightfield"),
        12,
        1024,
        1024,
    ),
    "IMG-004563": (
        "organoid_D21_airyscan",
        "Gut organoids",
        "Lindqvist",
        "2026-11-20",
        "Zeiss LSM 980",
        "63x",
        1.4,
        "oil",
        0.035,
        ("DAPI", "Alexa488", "Alexa568"),
        52,
        2048,
        2048,
    ),
    "IMG-004566": (
        "tumour_section_HE",
        "Xenograft XG-7",
        "Lindqvist",
        "2026-11-21",
        "Nikon Ti2 widefield",
        "10x",
        0.3,
        "air",
        0.65,
        ("brightfield",),
        1,
        4096,
        4096,
    ),
}


class Image(BaseModel):
    """One image's acquisition metadata."""

    imageId: str = Field(description="e.g. 'IMG-004512'")
    name: str = Field(description="File name as acquired")
    project: str = Field(description="Project it belongs to")
    owner: str = Field(description="Who acquired it")
    acquired: str = Field(description="Acquisition date, YYYY-MM-DD")
    microscope: str = Field(description="Microscope")
    magnification: str = Field(description="Objective magnification, e.g. '63x'")
    numericalAperture: float = Field(description="Objective NA")
    immersion: str = Field(description="air, water or oil")
    pixelSizeUm: float = Field(description="Pixel size in the image plane, µm")
    pixelSizeNm: float = Field(description="The same in nanometres")
    channels: list[str] = Field(description="Channels, in acquisition order")
    zSlices: int = Field(description="Number of z planes")
    width: int = Field(description="Pixels")
    height: int = Field(description="Pixels")
    fieldOfViewUm: float = Field(description="Width of the field of view, µm")


class ImageSummary(BaseModel):
    """One image in a search result."""

    imageId: str = Field(description="e.g. 'IMG-004512'")
    name: str = Field(description="File name")
    owner: str = Field(description="Who acquired it")
    acquired: str = Field(description="YYYY-MM-DD")
    magnification: str = Field(description="e.g. '63x'")
    pixelSizeUm: float = Field(description="µm")
    channels: list[str] = Field(description="Channels")


class ImageSearch(BaseModel):
    """Images matching the filters."""

    channels: list[str] | None = Field(description="Channels every image has, as resolved (null: any)")
    magnification: str | None = Field(description="Magnification filter (null: any)")
    maxPixelSizeUm: float | None = Field(description="Largest pixel size allowed, µm (null: any)")
    startDate: str | None = Field(description="Acquired on or after (null: any)")
    owner: str | None = Field(description="Owner filter (null: any)")
    total: int = Field(description="Images matching")
    images: list[ImageSummary] = Field(description="Newest first, at most maxResults")


def image_id(text: str) -> str:
    """``text`` checked as an image id ('img-004512' is accepted).

    Raises:
        ValueError: for another form ('image 4512') or an unknown image.
    """
    key = (text or "").strip().upper()
    if not _IMAGE.match(key):
        digits = re.search(r"\d{1,6}", key)
        hint = f"'IMG-{int(digits[0]):06d}'" if digits else "'IMG-004512'"
        raise ValueError(f"imageId must be 'IMG-' and six digits, e.g. {hint}.")
    if key not in IMAGES:
        raise ValueError(f"No image {key}. Find images with find_images.")
    return key


def channel_name(text: str) -> str:
    """The stored channel name for ``text``.

    Raises:
        ValueError: for several channels in one item or an unknown channel.
    """
    raw = (text or "").strip()
    if "," in raw or " and " in raw or "+" in raw:
        raise ValueError(f"Put each channel in its own list item, not '{raw}'.")
    key = " ".join(raw.lower().replace("-", "").split())
    found = CHANNELS.get(key) or CHANNELS.get(key.replace(" ", ""))
    if found is None:
        raise ValueError(f"Unknown channel '{raw}'. Channels: {', '.join(sorted(set(CHANNELS.values())))}.")
    return found


def metadata(image: str) -> Image:
    """The metadata of ``image``."""
    key = image_id(image)
    name, project, owner, acquired, scope, mag, na, immersion, pixel, channels, z, width, height = IMAGES[key]
    return Image(
        imageId=key,
        name=name,
        project=project,
        owner=owner,
        acquired=acquired,
        microscope=scope,
        magnification=mag,
        numericalAperture=na,
        immersion=immersion,
        pixelSizeUm=pixel,
        pixelSizeNm=round(pixel * 1000, 1),
        channels=list(channels),
        zSlices=z,
        width=width,
        height=height,
        fieldOfViewUm=round(pixel * width, 1),
    )


def search(
    channels: list[str] | None = None,
    magnification: str | None = None,
    max_pixel_size_um: float | None = None,
    start_date: str | None = None,
    owner: str | None = None,
    max_results: int = 10,
) -> ImageSearch:
    """Images with every one of ``channels``, at ``magnification``, pixels no larger than ``max_pixel_size_um``.

    Raises:
        ValueError: for an unknown channel or magnification, a pixel size that is not in µm, a bad date, or
            max_results out of range.
    """
    wanted = [channel_name(c) for c in channels] if channels else None
    mag = (magnification or "").strip().lower().replace("×", "x").replace(" ", "") or None
    if mag is not None and not mag.endswith("x"):
        mag += "x"
    if mag is not None and mag not in MAGNIFICATIONS:
        raise ValueError(f"magnification must be one of: {', '.join(MAGNIFICATIONS)}.")
    if max_pixel_size_um is not None and not MIN_PIXEL_UM <= max_pixel_size_um <= MAX_PIXEL_UM:
        raise ValueError(
            f"maxPixelSizeUm={max_pixel_size_um:g} is out of range ({MIN_PIXEL_UM:g}-{MAX_PIXEL_UM:g}). It is in "
            "micrometres: 100 nm is 0.1, 65 nm is 0.065."
        )
    start = iso_date(start_date, "2026-11-01") if start_date else None
    if isinstance(max_results, bool) or not isinstance(max_results, int) or not 1 <= max_results <= 50:
        raise ValueError("maxResults must be a whole number from 1 to 50.")
    who = (owner or "").strip().lower() or None
    found = [
        ImageSummary(
            imageId=key,
            name=v[0],
            owner=v[2],
            acquired=v[3],
            magnification=v[5],
            pixelSizeUm=v[8],
            channels=list(v[9]),
        )
        for key, v in IMAGES.items()
        if (wanted is None or all(c in v[9] for c in wanted))
        and (mag is None or v[5] == mag)
        and (max_pixel_size_um is None or v[8] <= max_pixel_size_um)
        and (start is None or date.fromisoformat(v[3]) >= start)
        and (who is None or who in v[2].lower())
    ]
    found.sort(key=lambda i: (i.acquired, i.imageId), reverse=True)
    return ImageSearch(
        channels=wanted,
        magnification=mag,
        maxPixelSizeUm=max_pixel_size_um,
        startDate=start.isoformat() if start else None,
        owner=owner or None,
        total=len(found),
        images=found[:max_results],
    )


server = MCPServer("eval-imaging", instructions="Imaging facility image repository: metadata and search. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Image metadata", readOnlyHint=True, openWorldHint=False))
def image_metadata(
    imageId: Annotated[str, Field(description="Image identifier, 'IMG-' + six digits", pattern=IMAGE_PATTERN)],
) -> Image:
    """Acquisition metadata of one microscope image: microscope, objective magnification and NA, pixel size, channels,
    z-stack depth, owner and project."""
    try:
        return metadata(imageId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Find images", readOnlyHint=True, openWorldHint=False))
def find_images(
    channels: Annotated[
        list[str] | None, Field(description="Channels the image must contain, one per item, e.g. ['DAPI', 'GFP']")
    ] = None,
    magnification: Annotated[Magnification | None, Field(description="Objective magnification")] = None,
    maxPixelSizeUm: Annotated[
        float | None, Field(description="Largest acceptable pixel size in micrometers (µm)", gt=0)
    ] = None,
    startDate: Annotated[str | None, Field(description="Acquired on or after this date, YYYY-MM-DD")] = None,
    owner: Annotated[str | None, Field(description="Surname of the person who acquired the image")] = None,
    maxResults: Annotated[int, Field(description="Maximum number of images (1-50)", ge=1, le=50)] = 10,
) -> ImageSearch:
    """Search the facility's image repository. All filters are optional and combined; newest images first."""
    try:
        return search(channels, magnification, maxPixelSizeUm, startDate, owner, maxResults)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
