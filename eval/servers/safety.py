"""Test-only chemical safety server (dev set ``dev6_tools.jsonl``): safety data sheets by CAS number, GHS hazard
classes by name, and whether two chemicals may share a storage cabinet.

Run with: ``python -m eval.servers.safety`` (stdio). A fixed library of ~30 common lab chemicals (summaries of their
GHS classification, not a substitute for the supplier's sheet) with their usual names and abbreviations; storage
advice follows a simple segregation scheme (flammables, oxidizers, acids, oxidizing acids, bases, hypochlorite,
azides, water-reactive metals, toxics, general) plus a few named dangerous pairs.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

CAS_PATTERN = r"^\d{2,7}-\d{2}-\d$"
_CAS = re.compile(CAS_PATTERN)
PICTOGRAMS = {
    "GHS01": "exploding bomb",
    "GHS02": "flame",
    "GHS03": "flame over circle",
    "GHS04": "gas cylinder",
    "GHS05": "corrosion",
    "GHS06": "skull and crossbones",
    "GHS07": "exclamation mark",
    "GHS08": "health hazard",
    "GHS09": "environment",
}
STORAGE = {
    "flammable": "flammables cabinet, away from oxidizers and heat",
    "oxidizer": "oxidizers shelf, away from flammables and organics",
    "acid": "acids cabinet (corrosion-resistant), away from bases, hypochlorite and azides",
    "oxidizing_acid": "acids cabinet, in its own tray, away from organic acids, flammables and bases",
    "base": "bases cabinet, away from acids",
    "hypochlorite": "cool, dark shelf on its own, away from acids, ammonia and organics",
    "azide": "locked poisons cabinet, away from acids and metals",
    "water_reactive": "under mineral oil in a dry cabinet, away from water and all aqueous solutions",
    "toxic": "ventilated poisons cabinet",
    "general": "general chemical shelf",
}
# CAS -> (name, usual other names, storage group, signal word, pictograms, GHS classes, H statements)
LIBRARY: dict[str, tuple[str, tuple[str, ...], str, str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "64-17-5": (
        "Ethanol",
        ("etoh", "ethyl alcohol", "alcohol", "absolute ethanol", "70% ethanol"),
        "flammable",
        "Danger",
        ("GHS02", "GHS07"),
        ("Flammable liquid, category 2", "Eye irritation, category 2"),
        ("H225", "H319"),
    ),
    "67-56-1": (
        "Methanol",
        ("meoh", "methyl alcohol", "wood alcohol"),
        "flammable",
        "Danger",
        ("GHS02", "GHS06", "GHS08"),
        ("Flammable liquid, category 2", "Acute toxicity (oral, dermal, inhalation), category 3", "STOT SE 1"),
        ("H225", "H301", "H311", "H331", "H370"),
    ),
    "67-63-0": (
        "Isopropanol",
        ("ipa", "isopropyl alcohol", "2-propanol", "propan-2-ol", "rubbing alcohol"),
        "flammable",
        "Danger",
        ("GHS02", "GHS07"),
        ("Flammable liquid, category 2", "Eye irritation, category 2", "STOT SE 3 (drowsiness)"),
        ("H225", "H319", "H336"),
    ),
    "67-64-1": (
        "Acetone",
        ("propanone", "dimethyl ketone"),
        "flammable",
        "Danger",
        ("GHS02", "GHS07"),
        ("Flammable liquid, category 2", "Eye irritation, category 2", "STOT SE 3 (drowsiness)"),
        ("H225", "H319", "H336"),
    ),
    "75-05-8": (
        "Acetonitrile",
        ("mecn", "acn", "methyl cyanide"),
        "flammable",
        "Danger",
        ("GHS02", "GHS07"),
        ("Flammable liquid, category 2", "Acute toxicity (oral, dermal, inhalation), category 4"),
        ("H225", "H302", "H312", "H332", "H319"),
    ),
    "60-29-7": (
        "Diethyl ether",
        ("ether", "ethyl ether", "et2o"),
        "flammable",
        "Danger",
        ("GHS02", "GHS07"),
        ("Flammable liquid, category 1", "Acute toxicity (oral), category 4", "STOT SE 3 (drowsiness)"),
        ("H224", "H302", "H336"),
    ),
    "110-54-3": (
        "n-Hexane",
        ("hexane", "hexanes"),
        "flammable",
        "Danger",
        ("GHS02", "GHS07", "GHS08", "GHS09"),
        ("Flammable liquid, category 2", "Reproductive toxicity, category 2", "STOT RE 2", "Aspiration hazard, 1"),
        ("H225", "H361f", "H373", "H304", "H315", "H336", "H411"),
    ),
    "67-66-3": (
        "Chloroform",
        ("trichloromethane", "chcl3"),
        "toxic",
        "Danger",
        ("GHS06", "GHS08"),
        ("Acute toxicity (inhalation), category 3", "Carcinogenicity, category 2", "Reproductive toxicity, 2"),
        ("H302", "H315", "H319", "H331", "H351", "H361d", "H372"),
    ),
    "75-09-2": (
        "Dichloromethane",
        ("dcm", "methylene chloride", "methylene dichloride"),
        "toxic",
        "Warning",
        ("GHS08",),
        ("Carcinogenicity, category 2",),
        ("H351",),
    ),
    "108-95-2": (
        "Phenol",
        ("carbolic acid", "hydroxybenzene"),
        "toxic",
        "Danger",
        ("GHS05", "GHS06", "GHS08"),
        ("Acute toxicity (oral, dermal, inhalation), category 3", "Skin corrosion, 1B", "Germ cell mutagenicity, 2"),
        ("H301", "H311", "H331", "H314", "H341", "H373"),
    ),
    "50-00-0": (
        "Formaldehyde",
        ("formalin", "methanal"),
        "toxic",
        "Danger",
        ("GHS05", "GHS06", "GHS08"),
        ("Acute toxicity, category 3", "Skin corrosion, 1B", "Skin sensitisation, 1", "Carcinogenicity, 1B"),
        ("H301", "H311", "H331", "H314", "H317", "H341", "H350"),
    ),
    "7681-52-9": (
        "Sodium hypochlorite solution",
        ("bleach", "hypochlorite", "naocl", "sodium hypochlorite", "chlorine bleach"),
        "hypochlorite",
        "Danger",
        ("GHS05", "GHS09"),
        ("Skin corrosion, 1B", "Hazardous to the aquatic environment, acute 1", "Contact with acids: toxic gas"),
        ("H314", "H400", "EUH031"),
    ),
    "7664-41-7": (
        "Ammonia solution",
        ("ammonia", "ammonium hydroxide", "nh3", "aqueous ammonia", "household ammonia"),
        "base",
        "Danger",
        ("GHS05", "GHS07", "GHS09"),
        ("Skin corrosion, 1B", "STOT SE 3 (respiratory irritation)", "Hazardous to the aquatic environment, acute 1"),
        ("H314", "H335", "H400"),
    ),
    "7647-01-0": (
        "Hydrochloric acid",
        ("hcl", "muriatic acid", "hydrogen chloride"),
        "acid",
        "Danger",
        ("GHS05", "GHS07"),
        ("Skin corrosion, 1B", "STOT SE 3 (respiratory irritation)", "Corrosive to metals, 1"),
        ("H290", "H314", "H335"),
    ),
    "7664-93-9": (
        "Sulfuric acid",
        ("h2so4", "sulphuric acid", "oil of vitriol"),
        "acid",
        "Danger",
        ("GHS05",),
        ("Skin corrosion, 1A", "Corrosive to metals, 1"),
        ("H290", "H314"),
    ),
    "7697-37-2": (
        "Nitric acid",
        ("hno3",),
        "oxidizing_acid",
        "Danger",
        ("GHS03", "GHS05", "GHS06"),
        ("Oxidising liquid, category 3", "Skin corrosion, 1A", "Acute toxicity (inhalation), category 3"),
        ("H272", "H290", "H314", "H331", "EUH071"),
    ),
    "64-19-7": (
        "Acetic acid",
        ("glacial acetic acid", "acoh", "ethanoic acid", "vinegar"),
        "acid",
        "Danger",
        ("GHS02", "GHS05"),
        ("Flammable liquid, category 3", "Skin corrosion, 1A"),
        ("H226", "H314"),
    ),
    "76-05-1": (
        "Trifluoroacetic acid",
        ("tfa",),
        "acid",
        "Danger",
        ("GHS05", "GHS07"),
        ("Skin corrosion, 1A", "Acute toxicity (inhalation), category 4", "Aquatic chronic 3"),
        ("H314", "H332", "H412"),
    ),
    "1310-73-2": (
        "Sodium hydroxide",
        ("naoh", "caustic soda", "lye"),
        "base",
        "Danger",
        ("GHS05",),
        ("Skin corrosion, 1A", "Corrosive to metals, 1"),
        ("H290", "H314"),
    ),
    "1310-58-3": (
        "Potassium hydroxide",
        ("koh", "caustic potash"),
        "base",
        "Danger",
        ("GHS05", "GHS07"),
        ("Skin corrosion, 1A", "Acute toxicity (oral), category 4", "Corrosive to metals, 1"),
        ("H290", "H302", "H314"),
    ),
    "7722-84-1": (
        "Hydrogen peroxide 30%",
        ("hydrogen peroxide", "h2o2", "peroxide", "perhydrol"),
        "oxidizer",
        "Danger",
        ("GHS03", "GHS05", "GHS07"),
        ("Oxidising liquid, category 1", "Skin corrosion, 1A", "Acute toxicity (oral), category 4"),
        ("H271", "H302", "H314", "H332", "H335", "H412"),
    ),
    "7722-64-7": (
        "Potassium permanganate",
        ("kmno4", "permanganate"),
        "oxidizer",
        "Danger",
        ("GHS03", "GHS07", "GHS08", "GHS09"),
        ("Oxidising solid, category 2", "Reproductive toxicity, category 2", "Aquatic acute 1, chronic 1"),
        ("H272", "H302", "H361d", "H410"),
    ),
    "26628-22-8": (
        "Sodium azide",
        ("nan3", "azide"),
        "azide",
        "Danger",
        ("GHS06", "GHS08", "GHS09"),
        ("Acute toxicity (oral, dermal), category 2", "STOT RE 2", "Contact with acids: very toxic gas"),
        ("H300", "H310", "H373", "H410", "EUH032"),
    ),
    "79-06-1": (
        "Acrylamide",
        ("acrylamide monomer", "prop-2-enamide"),
        "toxic",
        "Danger",
        ("GHS06", "GHS08"),
        ("Acute toxicity (oral), category 3", "Carcinogenicity, 1B", "Germ cell mutagenicity, 1B", "STOT RE 1"),
        ("H301", "H312", "H332", "H315", "H317", "H319", "H340", "H350", "H361f", "H372"),
    ),
    "60-24-2": (
        "2-Mercaptoethanol",
        ("beta-mercaptoethanol", "β-mercaptoethanol", "bme", "b-me", "2-me", "mercaptoethanol"),
        "toxic",
        "Danger",
        ("GHS05", "GHS06", "GHS08", "GHS09"),
        ("Acute toxicity (dermal), category 2", "Acute toxicity (oral, inhalation), 3", "Serious eye damage, 1"),
        ("H301", "H310", "H330", "H315", "H317", "H318", "H361d", "H373", "H410"),
    ),
    "1239-45-8": (
        "Ethidium bromide",
        ("etbr", "homidium bromide"),
        "toxic",
        "Danger",
        ("GHS06", "GHS08"),
        ("Acute toxicity (inhalation), category 2", "Germ cell mutagenicity, category 2"),
        ("H302", "H330", "H341"),
    ),
    "111-30-8": (
        "Glutaraldehyde",
        ("glutaral", "pentanedial"),
        "toxic",
        "Danger",
        ("GHS05", "GHS06", "GHS08", "GHS09"),
        ("Acute toxicity (oral, inhalation), category 3", "Skin corrosion, 1B", "Respiratory sensitisation, 1"),
        ("H301", "H314", "H317", "H331", "H334", "H335", "H400"),
    ),
    "7439-97-6": (
        "Mercury",
        ("hg", "quicksilver"),
        "toxic",
        "Danger",
        ("GHS06", "GHS08", "GHS09"),
        ("Acute toxicity (inhalation), category 2", "Reproductive toxicity, 1B", "STOT RE 1"),
        ("H330", "H360D", "H372", "H410"),
    ),
    "7440-23-5": (
        "Sodium (metal)",
        ("sodium metal", "metallic sodium", "na"),
        "water_reactive",
        "Danger",
        ("GHS02", "GHS05"),
        ("Substance which in contact with water emits flammable gas, 1", "Skin corrosion, 1B"),
        ("H260", "H314", "EUH014"),
    ),
    "67-68-5": (
        "Dimethyl sulfoxide",
        ("dmso", "methyl sulfoxide"),
        "general",
        "None",
        (),
        ("Not classified as hazardous (combustible liquid; carries dissolved substances through skin)",),
        (),
    ),
    "7647-14-5": (
        "Sodium chloride",
        ("nacl", "salt", "table salt"),
        "general",
        "None",
        (),
        ("Not classified as hazardous",),
        (),
    ),
    "77-86-1": (
        "Tris base",
        ("tris", "trometamol", "tris(hydroxymethyl)aminomethane", "tham"),
        "general",
        "Warning",
        ("GHS07",),
        ("Skin irritation, 2", "Eye irritation, 2", "STOT SE 3 (respiratory irritation)"),
        ("H315", "H319", "H335"),
    ),
}
# group pairs that must be kept apart: frozenset of groups -> (verdict, hazard)
GROUP_RULES: dict[frozenset[str], tuple[str, str]] = {
    frozenset({"flammable", "oxidizer"}): ("segregate", "an oxidizer makes a fire in the flammables far worse"),
    frozenset({"flammable", "oxidizing_acid"}): ("never", "violent oxidation, fire"),
    frozenset({"flammable", "hypochlorite"}): ("segregate", "hypochlorite with alcohols or ketones forms chloroform"),
    frozenset({"flammable", "water_reactive"}): ("segregate", "a metal fire ignites the solvents"),
    frozenset({"acid", "base"}): ("segregate", "violent neutralisation, heat and spattering"),
    frozenset({"oxidizing_acid", "base"}): ("segregate", "violent neutralisation, heat and spattering"),
    frozenset({"acid", "hypochlorite"}): ("never", "releases toxic chlorine gas"),
    frozenset({"oxidizing_acid", "hypochlorite"}): ("never", "releases toxic chlorine gas"),
    frozenset({"acid", "azide"}): ("never", "forms hydrazoic acid, very toxic and explosive"),
    frozenset({"oxidizing_acid", "azide"}): ("never", "forms hydrazoic acid, very toxic and explosive"),
    frozenset({"acid", "oxidizing_acid"}): ("segregate", "nitric acid oxidises organic acids; keep in its own tray"),
    frozenset({"oxidizing_acid", "toxic"}): ("never", "nitric acid reacts violently with organic compounds"),
    frozenset({"oxidizer", "toxic"}): ("segregate", "oxidizers react with organic compounds"),
    frozenset({"hypochlorite", "toxic"}): ("segregate", "hypochlorite reacts with many organic compounds"),
    frozenset({"oxidizer", "hypochlorite"}): ("segregate", "two oxidizers; peroxide decomposes hypochlorite"),
    frozenset({"acid", "water_reactive"}): ("never", "violent reaction, flammable hydrogen"),
    frozenset({"oxidizing_acid", "water_reactive"}): ("never", "violent reaction, flammable hydrogen"),
    frozenset({"base", "water_reactive"}): ("never", "aqueous solutions react violently with the metal"),
    frozenset({"hypochlorite", "water_reactive"}): ("never", "aqueous solutions react violently with the metal"),
    frozenset({"oxidizer", "water_reactive"}): ("never", "violent reaction, fire"),
    frozenset({"azide", "water_reactive"}): ("segregate", "keep reactive metals apart from azides"),
    frozenset({"oxidizer", "base"}): ("compatible", ""),
}
# named pairs worse than their groups (CAS, CAS) -> (verdict, hazard)
PAIR_RULES: dict[frozenset[str], tuple[str, str]] = {
    frozenset({"7681-52-9", "7664-41-7"}): ("never", "releases toxic chloramine gases"),
    frozenset({"7722-84-1", "67-64-1"}): ("never", "can form explosive acetone peroxides"),
    frozenset({"7697-37-2", "64-19-7"}): ("never", "nitric acid with acetic acid can react explosively"),
    frozenset({"7697-37-2", "67-64-1"}): ("never", "nitric acid with acetone can react explosively"),
    frozenset({"7681-52-9", "67-64-1"}): ("never", "forms chloroform and chlorinated ketones"),
    frozenset({"26628-22-8", "7439-97-6"}): ("never", "forms shock-sensitive mercury azide"),
    frozenset({"7722-64-7", "7664-93-9"}): ("never", "forms explosive manganese heptoxide"),
}
Verdict = Literal["compatible", "segregate", "never"]
_ADVICE = {
    "compatible": "May share a cabinet.",
    "segregate": "Store in separate cabinets, or at least separate secondary containment trays.",
    "never": "Never store or use together; keep in separate cabinets.",
}


class SafetyDataSheet(BaseModel):
    """A summary of one chemical's safety data sheet."""

    cas_number: str = Field(description="CAS Registry Number")
    product_name: str = Field(description="The chemical")
    signal_word: str = Field(description="'Danger', 'Warning' or 'None'")
    pictograms: list[str] = Field(description="GHS pictograms, e.g. 'GHS02 flame'")
    hazard_statements: list[str] = Field(description="H statements, e.g. 'H225'")
    storage: str = Field(description="Where to store it")
    ppe: str = Field(description="Personal protective equipment to wear")
    first_aid: str = Field(description="First aid in one line")


class HazardClass(BaseModel):
    """The GHS classification of one chemical."""

    query: str = Field(description="The name as sent")
    name: str = Field(description="The chemical it resolved to")
    cas_number: str = Field(description="CAS Registry Number")
    signal_word: str = Field(description="'Danger', 'Warning' or 'None'")
    pictograms: list[str] = Field(description="GHS pictograms")
    classes: list[str] = Field(description="GHS hazard classes and categories")
    storage_group: str = Field(description="The segregation group it is stored with")


class Segregation(BaseModel):
    """Whether two chemicals may be stored together."""

    chemical_a: str = Field(description="The first chemical, resolved")
    chemical_b: str = Field(description="The second chemical, resolved")
    storage_groups: list[str] = Field(description="Their segregation groups, a then b")
    verdict: Verdict = Field(description="'compatible', 'segregate' or 'never'")
    compatible: bool = Field(description="True when they may share a cabinet")
    hazard: str = Field(description="What can happen if they meet ('' when compatible)")
    advice: str = Field(description="What to do")


def cas_check_digit(body: str) -> int:
    """The CAS check digit of the digits before it: the sum of each digit times its position from the right, mod 10."""
    return sum(i * int(d) for i, d in enumerate(reversed(body), start=1)) % 10


def check_cas(cas_number: str) -> str:
    """``cas_number`` checked: the pattern and the check digit.

    Raises:
        ValueError: for another form (saying which to send) or a wrong check digit.
    """
    text = (cas_number or "").strip()
    text = re.sub(r"^(cas\s*(no\.?|number|#)?\s*:?\s*)", "", text, flags=re.IGNORECASE)
    if not _CAS.match(text):
        digits = re.sub(r"\D", "", text)
        hint = f" ('{digits[:-3]}-{digits[-3:-1]}-{digits[-1]}'?)" if 5 <= len(digits) <= 10 else ""
        raise ValueError(
            f"'{cas_number}' is not a CAS number: send digits in three groups joined by hyphens, e.g. '64-17-5'{hint}."
        )
    body = text.replace("-", "")[:-1]
    if cas_check_digit(body) != int(text[-1]):
        raise ValueError(
            f"CAS {text} fails its check digit (it should end in {cas_check_digit(body)}); check the number."
        )
    return text


def _names() -> str:
    return ", ".join(v[0] for v in LIBRARY.values())


def resolve(name: str) -> str:
    """The CAS number of the chemical ``name`` names (its name, an usual other name, or its CAS number).

    Raises:
        ValueError: for an empty or unknown name, listing the library.
    """
    text = " ".join((name or "").split()).strip().lower()
    if not text:
        raise ValueError("Send a chemical's name, e.g. 'acetone'.")
    if _CAS.match(text):
        return check_cas(text) if check_cas(text) in LIBRARY else _unknown(name)
    key = re.sub(r"^(the|some|our|concentrated|conc\.?|dilute)\s+", "", text)
    for cas, (title, others, *_) in LIBRARY.items():
        if key == title.lower() or key in others:
            return cas
    for cas, (title, others, *_) in LIBRARY.items():  # "sodium hypochlorite 10%", "bleach solution"
        words = set(re.findall(r"[\w()-]+", key))
        if any(set(n.split()) <= words for n in (title.lower(), *others)):
            return cas
    return _unknown(name)


def _unknown(name: str) -> str:
    raise ValueError(f"'{name}' is not in the safety library. Known chemicals: {_names()}.")


def _ppe(group: str, pictograms: tuple[str, ...]) -> str:
    wear = (
        ["lab coat", "chemical splash goggles", "face shield for large volumes"]
        if "GHS05" in pictograms
        else [
            "lab coat",
            "safety glasses",
        ]
    )
    wear.append("butyl or laminate gloves" if group in ("toxic", "oxidizing_acid") else "nitrile gloves")
    hood = group in ("toxic", "flammable", "oxidizing_acid", "acid")
    return ", ".join(wear) + ("; work in a fume hood" if hood else "")


def sheet(cas_number: str) -> SafetyDataSheet:
    """The SDS summary of ``cas_number``.

    Raises:
        ValueError: for a malformed number, a wrong check digit, or a chemical with no sheet on file.
    """
    cas = check_cas(cas_number)
    if cas not in LIBRARY:
        raise ValueError(f"No SDS on file for CAS {cas}. Sheets on file: {_names()}.")
    name, _, group, signal, pictograms, _, statements = LIBRARY[cas]
    corrosive = "GHS05" in pictograms
    return SafetyDataSheet(
        cas_number=cas,
        product_name=name,
        signal_word=signal,
        pictograms=[f"{p} {PICTOGRAMS[p]}" for p in pictograms],
        hazard_statements=list(statements),
        storage=STORAGE[group],
        ppe=_ppe(group, pictograms),
        first_aid=(
            "Skin or eyes: rinse with water for at least 15 minutes, remove contaminated clothing, get medical help."
            if corrosive
            else "Move to fresh air; rinse skin or eyes with water; get medical help if symptoms persist."
        ),
    )


def classify(name: str) -> HazardClass:
    """The GHS classification of the chemical ``name`` names."""
    cas = resolve(name)
    title, _, group, signal, pictograms, classes, _ = LIBRARY[cas]
    return HazardClass(
        query=" ".join(name.split()),
        name=title,
        cas_number=cas,
        signal_word=signal,
        pictograms=[f"{p} {PICTOGRAMS[p]}" for p in pictograms],
        classes=list(classes),
        storage_group=group,
    )


def segregate(chemical_a: str, chemical_b: str) -> Segregation:
    """Whether ``chemical_a`` and ``chemical_b`` may be stored together.

    Raises:
        ValueError: for an unknown chemical, or the same chemical twice.
    """
    a, b = resolve(chemical_a), resolve(chemical_b)
    if a == b:
        raise ValueError(f"Both names are {LIBRARY[a][0]}: send two different chemicals.")
    group_a, group_b = LIBRARY[a][2], LIBRARY[b][2]
    verdict, hazard = PAIR_RULES.get(frozenset({a, b})) or (
        ("compatible", "") if group_a == group_b else GROUP_RULES.get(frozenset({group_a, group_b}), ("compatible", ""))
    )
    return Segregation(
        chemical_a=LIBRARY[a][0],
        chemical_b=LIBRARY[b][0],
        storage_groups=[group_a, group_b],
        verdict=verdict,  # type: ignore[arg-type]
        compatible=verdict == "compatible",
        hazard=hazard,
        advice=_ADVICE[verdict],
    )


server = MCPServer("eval-safety", instructions="Chemical safety library of the institute. Test-only.")


@server.tool(annotations=ToolAnnotations(title="SDS lookup", readOnlyHint=True, openWorldHint=False))
def sds_lookup(
    cas_number: Annotated[
        str,
        Field(
            description="CAS Registry Number, hyphenated, e.g. '64-17-5' (check digit verified)", pattern=CAS_PATTERN
        ),
    ],
) -> SafetyDataSheet:
    """Retrieve the SDS summary held in the safety library for a CAS RN: signal word, GHS pictograms, H statements,
    storage, PPE and first aid.
    """
    try:
        return sheet(cas_number)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="GHS hazard class", readOnlyHint=True, openWorldHint=False))
def ghs_hazard_class(
    name: Annotated[str, Field(description="Chemical name, common name or abbreviation, e.g. 'DCM', 'bleach'")],
) -> HazardClass:
    """GHS classification (hazard classes and categories, signal word, pictograms) of a substance in the library,
    plus its storage group.
    """
    try:
        return classify(name)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Segregation check", readOnlyHint=True, openWorldHint=False))
def segregation_check(
    chemical_a: Annotated[str, Field(description="First substance (name or abbreviation)")],
    chemical_b: Annotated[str, Field(description="Second substance (name or abbreviation)")],
) -> Segregation:
    """Storage segregation verdict for a pair of substances (compatible / segregate / never), with the reaction
    hazard if they meet.
    """
    try:
        return segregate(chemical_a, chemical_b)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
