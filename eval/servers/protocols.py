"""Test-only bench protocols server (dev set ``dev7_tools.jsonl``): one numbered step of the lab's standard operating
procedures, and centrifuge speed conversions between rpm and relative centrifugal force (× g) for a rotor radius.

Run with: ``python -m eval.servers.protocols`` (stdio). A fixed library of 8 SOPs (summaries of common bench
methods) found by id, title or usual name; conversions use RCF = 1.118e-5 × r(cm) × rpm². Every number is in the
unit its parameter name gives; values out of range are refused with the conversion to send instead.
"""

from __future__ import annotations

import math
import re
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

RCF_CONSTANT = 1.118e-5
RPM_RANGE = (100.0, 150000.0)
RCF_RANGE = (1.0, 1000000.0)
RADIUS_RANGE = (1.0, 50.0)
_SOP = re.compile(r"^SOP[-\s]?(\d{1,3})$", re.IGNORECASE)
# step: (instruction, minutes or None, temperature °C or None, centrifugation × g or None)
Step = tuple[str, float | None, float | None, int | None]
# SOP id -> (title, usual names, steps)
SOPS: dict[str, tuple[str, tuple[str, ...], tuple[Step, ...]]] = {
    "SOP-003": (
        "Plasmid miniprep (alkaline lysis, spin column)",
        (
            "miniprep",
            "mini prep",
            "mini-prep",
            "plasmid miniprep",
            "plasmid prep",
            "alkaline lysis",
            "plasmid isolation",
        ),
        (
            ("Pellet 1.5-5 mL of overnight culture.", 3, None, 6800),
            ("Resuspend the pellet in 250 µL buffer P1 (with RNase A); no clumps should remain.", None, None, None),
            ("Add 250 µL lysis buffer P2 and invert 4-6 times. Do not vortex; do not exceed 5 minutes.", 5, None, None),
            ("Add 350 µL neutralisation buffer N3 and invert immediately 4-6 times.", None, None, None),
            ("Centrifuge to pellet debris.", 10, None, 17900),
            ("Apply the supernatant to the spin column and centrifuge; discard the flow-through.", 1, None, 17900),
            ("Wash with 750 µL buffer PE and centrifuge; discard the flow-through.", 1, None, 17900),
            ("Centrifuge the empty column to remove residual ethanol.", 1, None, 17900),
            (
                "Place the column in a clean tube, add 50 µL buffer EB, stand 1 minute, centrifuge to elute.",
                1,
                None,
                17900,
            ),
        ),
    ),
    "SOP-011": (
        "Total RNA extraction with TRIzol",
        ("trizol", "rna extraction", "rna isolation", "rna prep", "trizol extraction", "trizol rna extraction"),
        (
            (
                "Homogenise 50-100 mg tissue (or 5-10 million cells) in 1 mL TRIzol; stand at room temperature.",
                5,
                20,
                None,
            ),
            ("Add 0.2 mL chloroform, shake vigorously 15 s, stand 2-3 minutes.", 3, 20, None),
            ("Centrifuge; the RNA stays in the upper aqueous phase.", 15, 4, 12000),
            ("Transfer the aqueous phase, add 0.5 mL isopropanol, mix and stand 10 minutes.", 10, 20, None),
            ("Centrifuge to pellet the RNA.", 10, 4, 12000),
            ("Wash the pellet with 1 mL 75% ethanol, vortex briefly, centrifuge.", 5, 4, 7500),
            ("Air-dry 5-10 minutes, dissolve in 20-50 µL RNase-free water at 55-60 °C.", 15, 58, None),
        ),
    ),
    "SOP-020": (
        "Western blot (wet transfer, chemiluminescence)",
        ("western", "western blot", "western blotting", "wb", "immunoblot", "immunoblotting"),
        (
            ("Mix 20-30 µg protein per lane with Laemmli buffer and heat.", 5, 95, None),
            ("Run SDS-PAGE at 120 V until the dye front reaches the bottom.", 90, None, None),
            ("Transfer to PVDF (methanol-activated) at 100 V in cold transfer buffer.", 60, 4, None),
            ("Block in 5% non-fat milk in TBST.", 60, 20, None),
            ("Incubate with primary antibody in blocking buffer overnight.", 960, 4, None),
            ("Wash 3 × 5 minutes in TBST.", 15, 20, None),
            ("Incubate with HRP-conjugated secondary antibody.", 60, 20, None),
            ("Wash 3 × 5 minutes in TBST.", 15, 20, None),
            ("Develop with ECL substrate and image.", 5, None, None),
        ),
    ),
    "SOP-024": (
        "Bradford protein assay (microplate)",
        ("bradford", "bradford assay", "protein assay", "protein quantification", "protein quant"),
        (
            ("Prepare BSA standards from 0 to 2 mg/mL in the sample buffer.", None, None, None),
            ("Pipette 5 µL of each standard and sample, in duplicate, into a 96-well plate.", None, None, None),
            ("Add 250 µL Bradford reagent per well and mix.", None, None, None),
            ("Incubate at room temperature.", 10, 20, None),
            ("Read absorbance at 595 nm.", None, None, None),
            ("Fit the standard curve and read off the sample concentrations.", None, None, None),
        ),
    ),
    "SOP-031": (
        "Heat-shock transformation of chemically competent E. coli",
        ("transformation", "heat shock", "heat-shock", "heat shock transformation", "bacterial transformation"),
        (
            ("Thaw competent cells on ice.", 10, 0, None),
            ("Add 1-5 µL plasmid (10 pg-100 ng), flick to mix, leave on ice.", 30, 0, None),
            ("Heat shock in a water bath for 45 seconds.", 0.75, 42, None),
            ("Return to ice.", 2, 0, None),
            ("Add 950 µL SOC and shake at 250 rpm.", 60, 37, None),
            ("Spread 100 µL on a selective plate and incubate overnight.", 960, 37, None),
        ),
    ),
    "SOP-038": (
        "Genomic DNA from mouse tail clips (HotSHOT)",
        (
            "hotshot",
            "tail dna",
            "tail clip",
            "tail lysis",
            "genotyping dna",
            "gdna extraction",
            "genomic dna extraction",
        ),
        (
            ("Place a 2 mm tail clip in 75 µL alkaline lysis reagent (25 mM NaOH, 0.2 mM EDTA).", None, None, None),
            ("Heat.", 30, 95, None),
            ("Cool on ice and add 75 µL neutralising reagent (40 mM Tris-HCl, pH 5).", 2, 0, None),
            ("Centrifuge to pellet hair and debris.", 3, None, 4000),
            ("Use 1-2 µL of the supernatant per PCR; store at 4 °C.", None, 4, None),
        ),
    ),
    "SOP-042": (
        "Immunofluorescence staining of cultured cells",
        ("if", "immunofluorescence", "icc", "immunocytochemistry", "if staining", "immunostaining"),
        (
            ("Fix in 4% paraformaldehyde in PBS.", 15, 20, None),
            ("Wash 3 × 5 minutes in PBS.", 15, 20, None),
            ("Permeabilise with 0.1% Triton X-100 in PBS.", 10, 20, None),
            ("Block in 5% BSA (or 10% normal serum) in PBS.", 60, 20, None),
            ("Incubate with primary antibody, 1 hour at room temperature or overnight at 4 °C.", 60, 20, None),
            ("Wash 3 × 5 minutes in PBS.", 15, 20, None),
            ("Incubate with fluorescent secondary antibody, protected from light.", 60, 20, None),
            ("Counterstain nuclei with DAPI (1 µg/mL).", 5, 20, None),
            ("Mount in antifade medium and seal.", None, None, None),
        ),
    ),
    "SOP-047": (
        "Passaging adherent mammalian cells",
        ("passaging", "passage", "splitting cells", "cell splitting", "subculture", "trypsinisation", "trypsinization"),
        (
            ("Aspirate the medium and rinse once with PBS (no calcium or magnesium).", None, None, None),
            ("Add 1-2 mL trypsin-EDTA per T75 and incubate until the cells detach.", 4, 37, None),
            ("Neutralise with 4 volumes of complete medium.", None, None, None),
            ("Centrifuge the cells.", 5, None, 300),
            ("Resuspend in fresh medium and count.", None, None, None),
            ("Seed new flasks at 1:5 to 1:10.", None, 37, None),
        ),
    ),
}


class ProtocolStep(BaseModel):
    """One step of an SOP."""

    protocol_id: str = Field(description="SOP id, e.g. 'SOP-020'")
    title: str = Field(description="The SOP's title")
    step: int = Field(description="Step number, 1-based")
    total_steps: int = Field(description="Number of steps in the SOP")
    instruction: str = Field(description="What to do")
    duration_min: float | None = Field(description="Time the step takes, minutes (null if not timed)")
    temperature_c: float | None = Field(description="Temperature, °C (null if not specified; 20 = room temperature)")
    centrifuge_xg: int | None = Field(description="Centrifugation, × g (null if the step has none)")
    next_step: str | None = Field(description="The following step's instruction (null after the last)")


class SpinConversion(BaseModel):
    """A centrifuge speed as rpm and as × g for one rotor radius."""

    speed_rpm: float = Field(description="Rotor speed, revolutions per minute")
    rcf_xg: float = Field(description="Relative centrifugal force, × g")
    radius_cm: float = Field(description="Rotor radius used, centimetres")
    formula: str = Field(description="The formula applied")


def _number(name: str, value: object, low: float, high: float, hint: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name} must be a number, not {value!r}; {hint}.")
    if not low <= value <= high:
        raise ValueError(f"{name}={value:g} is out of range ({low:g} to {high:g}); {hint}.")
    return float(value)


def _radius(radius_cm: object) -> float:
    return _number("radius_cm", radius_cm, *RADIUS_RANGE, "radius_cm is in centimetres: 95 mm is 9.5, 0.083 m is 8.3")


def find_sop(protocol: str) -> str:
    """The SOP id for ``protocol`` (an id such as 'SOP-20' or 'sop 020', a title, or a usual name).

    Raises:
        ValueError: for an unknown protocol, listing the library.
    """
    text = " ".join((protocol or "").strip().split())
    listed = "; ".join(f"{k} {v[0]}" for k, v in SOPS.items())
    if not text:
        raise ValueError(f"Send the protocol's id or name. Protocols: {listed}.")
    match = _SOP.match(text)
    if match:
        key = f"SOP-{int(match[1]):03d}"
        if key in SOPS:
            return key
        raise ValueError(f"No {key}. Protocols: {listed}.")
    low = text.lower().removesuffix(" protocol").removesuffix(" sop").removeprefix("the ").strip()
    for key, (title, aliases, _) in SOPS.items():
        if low == title.lower() or low in aliases:
            return key
    hits = [k for k, (title, aliases, _) in SOPS.items() if low in title.lower() or any(low in a for a in aliases)]
    if len(hits) == 1:
        return hits[0]
    words = re.findall(r"[a-z0-9]+", low)  # every word in the title or a usual name ('cell passaging')
    hits = [
        k
        for k, (title, aliases, _) in SOPS.items()
        if words and all(any(w in name for name in (title.lower(), *aliases)) for w in words)
    ]
    if len(hits) == 1:
        return hits[0]
    raise ValueError(f"No protocol '{protocol}'. Protocols: {listed}.")


def step_of(protocol: str, step: int) -> ProtocolStep:
    """Step ``step`` of ``protocol``.

    Raises:
        ValueError: for an unknown protocol or a step number outside the SOP.
    """
    key = find_sop(protocol)
    title, _, steps = SOPS[key]
    if isinstance(step, bool) or int(step) != step:
        raise ValueError(f"step must be a whole number, not {step!r}.")
    if not 1 <= step <= len(steps):
        raise ValueError(f"{key} has {len(steps)} steps; send a step from 1 to {len(steps)}.")
    instruction, minutes, celsius, xg = steps[int(step) - 1]
    return ProtocolStep(
        protocol_id=key,
        title=title,
        step=int(step),
        total_steps=len(steps),
        instruction=instruction,
        duration_min=minutes,
        temperature_c=celsius,
        centrifuge_xg=xg,
        next_step=steps[int(step)][0] if step < len(steps) else None,
    )


def to_rcf(speed_rpm: float, radius_cm: float) -> SpinConversion:
    """× g at ``speed_rpm`` for a ``radius_cm`` rotor."""
    rpm = _number("speed_rpm", speed_rpm, *RPM_RANGE, "speed_rpm is revolutions per minute: 14k is 14000")
    radius = _radius(radius_cm)
    rcf = RCF_CONSTANT * radius * rpm**2
    return SpinConversion(speed_rpm=rpm, rcf_xg=round(rcf), radius_cm=radius, formula="RCF = 1.118e-5 × r(cm) × rpm²")


def to_rpm(rcf_xg: float, radius_cm: float) -> SpinConversion:
    """rpm giving ``rcf_xg`` × g for a ``radius_cm`` rotor."""
    rcf = _number("rcf_xg", rcf_xg, *RCF_RANGE, "rcf_xg is the force in multiples of g: 16,000 x g is 16000")
    radius = _radius(radius_cm)
    rpm = math.sqrt(rcf / (RCF_CONSTANT * radius))
    return SpinConversion(
        speed_rpm=round(rpm), rcf_xg=rcf, radius_cm=radius, formula="rpm = sqrt(RCF / (1.118e-5 × r(cm)))"
    )


server = MCPServer("eval-protocols", instructions="Lab SOP library and centrifuge helpers. Test-only.")

_RADIUS = Field(description="Rotor radius in cm (centre to tube bottom, r_max)", gt=0)


@server.tool(annotations=ToolAnnotations(title="Get protocol step", readOnlyHint=True, openWorldHint=False))
def get_protocol_step(
    protocol: Annotated[
        str,
        Field(
            description="SOP identifier ('SOP-020') or the protocol's name, e.g. 'western blot', 'TRIzol', "
            "'miniprep', 'HotSHOT'"
        ),
    ],
    step: Annotated[int, Field(description="Step number (1-based)", ge=1)],
) -> ProtocolStep:
    """Look up a single numbered step of one of the lab's SOPs: the instruction, its timing, temperature and any
    centrifugation (× g), plus a preview of the next step."""
    try:
        return step_of(protocol, step)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="rpm → RCF", readOnlyHint=True, openWorldHint=False))
def rpm_to_rcf(
    speed_rpm: Annotated[float, Field(description="Rotor speed in rpm", gt=0)],
    radius_cm: Annotated[float, _RADIUS],
) -> SpinConversion:
    """RCF (× g) for a given rotor speed and radius."""
    try:
        return to_rcf(speed_rpm, radius_cm)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="RCF → rpm", readOnlyHint=True, openWorldHint=False))
def rcf_to_rpm(
    rcf_xg: Annotated[float, Field(description="Relative centrifugal force, × g", gt=0)],
    radius_cm: Annotated[float, _RADIUS],
) -> SpinConversion:
    """Rotor speed (rpm) needed to reach a given RCF (× g) at a given radius."""
    try:
        return to_rpm(rcf_xg, radius_cm)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
