"""The world's cities of 15,000 people or more (GeoNames, CC BY 4.0): where a named city is, and its time zone.

The time-zone gazetteer (``timezones``) knows the cities zones are named after and a short list of others; this
table answers for the rest ("time in Bergen", "the forecast for Boulder"). A name several cities share is read as
the words said with it pick ("Cambridge, MA", "Bergen, Norway"), else as its most populous city when no other city
of that name, elsewhere, has a sixth of its people or 100,000; otherwise it is asked about ("Durham": North
Carolina or England; "Alexandria": Egypt or Virginia). The table is built by ``scripts/build_cities.py``.
"""

from __future__ import annotations

import gzip
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from zoneinfo import available_timezones

RIVAL_SHARE = 1 / 6  # another city of the name with this share of the best one's people makes the name unsure,
RIVAL_PEOPLE = 100_000  # and so does one this large: a city many people know ("Alexandria, Virginia")
SAME_PLACE_KM = 100.0  # cities of one name this close are one place to a person asking about it


@dataclass(frozen=True)
class City:
    name: str
    country: str  # ISO 3166 code
    region: str  # GeoNames admin1 code: the state's postal code in the US ("CO")
    population: int
    zone: str
    latitude: float
    longitude: float


def normalize(text: str) -> str:
    """Lower-case ASCII words separated by single spaces ("São Paulo!" -> "sao paulo"): how the table keys a name,
    and how the time-zone gazetteer reads one."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(re.findall(r"[a-z0-9]+", ascii_text.lower()))


@lru_cache(maxsize=1)
def _rows() -> dict[str, list[str]]:
    """Key -> the table's rows of cities of that name, most populous first. Rows are parsed when a name is asked."""
    raw = resources.files("agent_core.offline").joinpath("data", "cities.tsv.gz").read_bytes()
    found: dict[str, list[str]] = {}
    for line in gzip.decompress(raw).decode("utf-8").splitlines()[1:]:
        key, _, row = line.partition("\t")
        found.setdefault(key, []).append(row)
    return found


@lru_cache(maxsize=1024)
def _named(key: str) -> tuple[City, ...]:
    """The cities called ``key`` (a plain name), most populous first; those in a zone this tzdata lacks are left out."""
    zones = _zones()
    found = []
    for row in _rows().get(key, ()):
        name, country, region, population, zone, latitude, longitude = row.split("\t")
        if zone in zones:
            found.append(City(name, country, region, int(population), zone, float(latitude), float(longitude)))
    return tuple(found)


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def _km(a: City, b: City) -> float:
    """Great-circle distance."""
    la1, lo1, la2, lo2 = map(math.radians, (a.latitude, a.longitude, b.latitude, b.longitude))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 6371.0 * 2 * math.asin(min(1.0, math.sqrt(h)))


def tz_table(name: str) -> list[list[str]]:
    """The rows of one of tzdata's tables ("zone.tab", "iso3166.tab"), split at tabs, without comments."""
    try:
        text = resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):  # pragma: no cover - tzdata is a dependency
        return []
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


@lru_cache(maxsize=1)
def country_names() -> dict[str, str]:
    """ISO 3166 code -> the country's name (without its bracketed notes)."""
    return {row[0]: re.sub(r"\s*\(.*?\)", "", row[1]) for row in tz_table("iso3166.tab")}


@lru_cache(maxsize=1)
def _qualifiers() -> dict[str, tuple[str, str]]:
    """Words that pick a city of a shared name: country names and codes, US state names and postal codes, as
    normalized words -> (country, region or "")."""
    found = {normalize(name): (code, "") for code, name in country_names().items()}
    for alias, code in _COUNTRY_ALIASES.items():
        found[alias] = (code, "")
    for code, name in _US_STATES.items():
        found[normalize(name)] = ("US", code)
        found.setdefault(code.lower(), ("US", code))  # "Boulder, CO"
    return found


_COUNTRY_ALIASES = {
    "usa": "US", "us": "US", "america": "US", "the us": "US", "uk": "GB", "england": "GB", "scotland": "GB",
    "wales": "GB", "britain": "GB", "great britain": "GB", "south korea": "KR", "korea": "KR", "russia": "RU",
    "holland": "NL", "the netherlands": "NL", "czechia": "CZ", "czech republic": "CZ", "vietnam": "VN", "iran": "IR",
    "syria": "SY", "taiwan": "TW", "bolivia": "BO", "venezuela": "VE", "tanzania": "TZ", "laos": "LA",
}  # fmt: skip

_US_STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky",
    "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
    "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}  # fmt: skip


def _picked_by(cities: tuple[City, ...], said_with: str, anywhere: bool = False) -> tuple[City, ...]:
    """The cities a country or a US state said right after the name picks ("Cambridge, MA", "Bergen, Norway"), or
    said anywhere in ``said_with`` (a short answer: "the one in Massachusetts"); else all of them."""
    said = normalize(said_with).split()
    table = _qualifiers()
    for start in range(len(said) if anywhere else min(1, len(said))):
        for size in (3, 2, 1):
            words = " ".join(said[start : start + size])
            if start + size <= len(said) and words in table:
                country, region = table[words]
                picked = tuple(c for c in cities if c.country == country and (not region or c.region == region))
                if picked:
                    return picked
    return cities


def _rivals(cities: tuple[City, ...]) -> tuple[City, ...]:
    """The cities of one name a person could mean: the most populous, and those elsewhere with a sixth of its
    people or 100,000 or more (most populous first)."""
    best = cities[0]
    rivals = [best]
    for other in cities[1:]:
        if other.population < min(best.population * RIVAL_SHARE, RIVAL_PEOPLE):
            break  # most populous first: the rest are smaller still
        if all(_km(other, known) > SAME_PLACE_KM for known in rivals):
            rivals.append(other)
    return tuple(rivals)


def world_city(name: str, said_with: str = "", anywhere: bool = False) -> City | None:
    """The city ``name`` says, read with the words ``said_with`` after it (or with an answer's words, ``anywhere``);
    None for no city, or for a name of several cities that nothing picks one of."""
    cities = _named(normalize(name))
    if not cities:
        return None
    rivals = _rivals(_picked_by(cities, said_with, anywhere))
    return rivals[0] if len(rivals) == 1 else None


def readings(name: str, said_with: str = "") -> tuple[str, ...]:
    """How a name of several cities can be read when nothing said picks one ("Cambridge, England", "Cambridge,
    Ontario" …): at most four, most populous first; empty when the name says one city or none."""
    cities = _named(normalize(name))
    rivals = _rivals(_picked_by(cities, said_with)) if cities else ()
    return tuple(map(label, rivals[:4])) if len(rivals) > 1 else ()


def label(city: City) -> str:
    """A city with its state (in the US) or country, as people name it: "Cambridge, Massachusetts"."""
    if city.country == "US":
        return f"{city.name}, {_US_STATES.get(city.region, 'USA')}"
    return f"{city.name}, {_COUNTRY_NAMES.get(city.country) or country_names().get(city.country, city.country)}"


_COUNTRY_NAMES = {"GB": "England", "US": "USA", "KR": "South Korea", "RU": "Russia", "NL": "the Netherlands"}
