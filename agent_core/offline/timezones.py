"""Map what people write ("Tokyo", "New York", "Japan", "PST", "Europe/Paris") to IANA time zones.

The index is built from tzdata's own tables (zone.tab for cities, iso3166.tab for countries), plus a short list
of well-known cities and abbreviations that are not zone names themselves.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from zoneinfo import available_timezones

from agent_core.offline.cities import country_names, label, normalize, readings, tz_table, world_city
from agent_core.offline.text import dictionary, one_edit


@dataclass(frozen=True)
class Place:
    """A resolved place: the words matched, its zone, and a note when the choice was a simplification."""

    label: str
    zone: str
    note: str | None = None
    point: tuple[float, float] | None = None  # (latitude, longitude), when the place is one city of the world table


# Countries spanning several zones: the zone most people mean, and a note saying so.
_MULTI_ZONE_COUNTRIES = {
    "US": "America/New_York", "CA": "America/Toronto", "AU": "Australia/Sydney", "RU": "Europe/Moscow",
    "BR": "America/Sao_Paulo", "MX": "America/Mexico_City", "ID": "Asia/Jakarta", "KZ": "Asia/Almaty",
    "AR": "America/Argentina/Buenos_Aires", "CL": "America/Santiago", "ES": "Europe/Madrid", "PT": "Europe/Lisbon",
    "CN": "Asia/Shanghai", "DE": "Europe/Berlin", "NZ": "Pacific/Auckland", "EC": "America/Guayaquil",
    "MN": "Asia/Ulaanbaatar", "CD": "Africa/Kinshasa", "UA": "Europe/Kyiv",
}  # fmt: skip

_EXTRA = {
    # abbreviations and generic names
    "utc": "UTC", "gmt": "UTC", "zulu time": "UTC", "coordinated universal time": "UTC", "unix time": "UTC",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "pacific time": "America/Los_Angeles",
    "pacific": "America/Los_Angeles",  # "9am Pacific"; "Pacific/Auckland" is matched whole first
    "est": "America/New_York", "edt": "America/New_York", "eastern time": "America/New_York", "cst": "America/Chicago",
    "cdt": "America/Chicago", "central time": "America/Chicago", "mst": "America/Denver", "mdt": "America/Denver",
    "mountain time": "America/Denver", "cet": "Europe/Paris", "cest": "Europe/Paris",
    "central european time": "Europe/Paris", "bst": "Europe/London", "ist": "Asia/Kolkata", "jst": "Asia/Tokyo",
    "kst": "Asia/Seoul", "aest": "Australia/Sydney", "hkt": "Asia/Hong_Kong", "sgt": "Asia/Singapore",
    "aedt": "Australia/Sydney", "acst": "Australia/Adelaide", "acdt": "Australia/Adelaide", "awst": "Australia/Perth",
    "nzst": "Pacific/Auckland", "nzdt": "Pacific/Auckland", "hst": "Pacific/Honolulu", "akst": "America/Anchorage",
    "akdt": "America/Anchorage", "eet": "Europe/Athens", "eest": "Europe/Athens", "msk": "Europe/Moscow",
    "aoe": "Etc/GMT+12", "anywhere on earth": "Etc/GMT+12",  # conference deadlines: UTC-12
    "eastern": "America/New_York", "eastern europe": "Europe/Bucharest",  # "noon Eastern" is US Eastern time
    # cities that are not zone names
    "san francisco": "America/Los_Angeles", "silicon valley": "America/Los_Angeles", "seattle": "America/Los_Angeles",
    "san diego": "America/Los_Angeles", "portland": "America/Los_Angeles", "las vegas": "America/Los_Angeles",
    "boston": "America/New_York", "washington": "America/New_York", "washington dc": "America/New_York",
    "miami": "America/New_York", "atlanta": "America/New_York", "philadelphia": "America/New_York",
    # nicknames people use for a city
    "big apple": "America/New_York", "windy city": "America/Chicago", "city of light": "Europe/Paris",
    "eternal city": "Europe/Rome",
    # cities by their own names
    "wien": "Europe/Vienna", "munchen": "Europe/Berlin", "koln": "Europe/Berlin", "praha": "Europe/Prague",
    "warszawa": "Europe/Warsaw", "lisboa": "Europe/Lisbon", "roma": "Europe/Rome", "milano": "Europe/Rome",
    "bruxelles": "Europe/Brussels", "genf": "Europe/Zurich", "geneve": "Europe/Zurich", "moskva": "Europe/Moscow",
    "kobenhavn": "Europe/Copenhagen", "den haag": "Europe/Amsterdam", "sevilla": "Europe/Madrid",
    "nyc": "America/New_York", "la": "America/Los_Angeles", "l a": "America/Los_Angeles", "sf": "America/Los_Angeles",
    "dc": "America/New_York", "dallas": "America/Chicago", "houston": "America/Chicago", "austin": "America/Chicago",
    "new jersey": "America/New_York", "california": "America/Los_Angeles", "texas": "America/Chicago",
    "florida": "America/New_York", "hawaii": "Pacific/Honolulu", "alaska": "America/Anchorage",
    # states and provinces that keep one zone
    "arizona": "America/Phoenix", "colorado": "America/Denver", "utah": "America/Denver",
    "washington state": "America/Los_Angeles", "oregon": "America/Los_Angeles", "nevada": "America/Los_Angeles",
    "illinois": "America/Chicago", "minnesota": "America/Chicago", "wisconsin": "America/Chicago",
    "louisiana": "America/Chicago", "massachusetts": "America/New_York", "new york state": "America/New_York",
    "pennsylvania": "America/New_York", "ohio": "America/New_York", "north carolina": "America/New_York",
    "virginia": "America/New_York", "ontario": "America/Toronto", "quebec": "America/Toronto",
    "british columbia": "America/Vancouver", "alberta": "America/Edmonton", "manitoba": "America/Winnipeg",
    "nova scotia": "America/Halifax", "newfoundland": "America/St_Johns", "saskatchewan": "America/Regina",
    "new brunswick": "America/Moncton", "queensland": "Australia/Brisbane", "new south wales": "Australia/Sydney",
    "tasmania": "Australia/Hobart", "south australia": "Australia/Adelaide", "western australia": "Australia/Perth",
    "northern territory": "Australia/Darwin", "bavaria": "Europe/Berlin", "catalonia": "Europe/Madrid",
    "sicily": "Europe/Rome", "montreal": "America/Toronto", "ottawa": "America/Toronto", "calgary": "America/Edmonton",
    "beijing": "Asia/Shanghai", "shenzhen": "Asia/Shanghai", "guangzhou": "Asia/Shanghai", "mumbai": "Asia/Kolkata",
    "bombay": "Asia/Kolkata", "delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "bengaluru": "Asia/Kolkata", "chennai": "Asia/Kolkata", "calcutta": "Asia/Kolkata", "hyderabad": "Asia/Kolkata",
    "osaka": "Asia/Tokyo", "kyoto": "Asia/Tokyo", "busan": "Asia/Seoul", "munich": "Europe/Berlin",
    "frankfurt": "Europe/Berlin", "hamburg": "Europe/Berlin", "cologne": "Europe/Berlin", "milan": "Europe/Rome",
    "florence": "Europe/Rome", "venice": "Europe/Rome", "barcelona": "Europe/Madrid", "geneva": "Europe/Zurich",
    "basel": "Europe/Zurich", "manchester": "Europe/London", "edinburgh": "Europe/London", "oxford": "Europe/London",
    "cambridge uk": "Europe/London", "st petersburg": "Europe/Moscow", "saint petersburg": "Europe/Moscow",
    "kiev": "Europe/Kyiv", "rotterdam": "Europe/Amsterdam", "the hague": "Europe/Amsterdam",
    "tel aviv": "Asia/Jerusalem", "abu dhabi": "Asia/Dubai", "hanoi": "Asia/Bangkok", "saigon": "Asia/Ho_Chi_Minh",
    "wellington": "Pacific/Auckland", "canberra": "Australia/Sydney", "rio": "America/Sao_Paulo",
    "rio de janeiro": "America/Sao_Paulo", "cape town": "Africa/Johannesburg", "mecca": "Asia/Riyadh",
    "zurich": "Europe/Zurich",
    # country names people use that iso3166.tab spells differently
    "usa": "America/New_York", "us": "America/New_York", "america": "America/New_York",
    "the united states": "America/New_York", "uk": "Europe/London", "united kingdom": "Europe/London",
    "britain": "Europe/London", "great britain": "Europe/London", "england": "Europe/London",
    "scotland": "Europe/London", "wales": "Europe/London", "south korea": "Asia/Seoul", "korea": "Asia/Seoul",
    "north korea": "Asia/Pyongyang", "holland": "Europe/Amsterdam", "czechia": "Europe/Prague", "uae": "Asia/Dubai",
    "ivory coast": "Africa/Abidjan",
    # regions people name a zone by
    "east coast": "America/New_York", "us east coast": "America/New_York", "west coast": "America/Los_Angeles",
    "us west coast": "America/Los_Angeles", "the midwest": "America/Chicago",
    # cities that are not zone names (and name one place only)
    "quito": "America/Guayaquil", "brasilia": "America/Sao_Paulo", "medellin": "America/Bogota",
    "abuja": "Africa/Lagos", "islamabad": "Asia/Karachi", "lahore": "Asia/Karachi", "pune": "Asia/Kolkata",
    "hangzhou": "Asia/Shanghai", "wuhan": "Asia/Shanghai", "chengdu": "Asia/Shanghai", "nanjing": "Asia/Shanghai",
    "yokohama": "Asia/Tokyo", "nagoya": "Asia/Tokyo", "sapporo": "Asia/Tokyo", "christchurch": "Pacific/Auckland",
    "krakow": "Europe/Warsaw", "gdansk": "Europe/Warsaw", "porto": "Europe/Lisbon", "seville": "Europe/Madrid",
    "lyon": "Europe/Paris", "marseille": "Europe/Paris", "toulouse": "Europe/Paris", "glasgow": "Europe/London",
    "leeds": "Europe/London", "liverpool": "Europe/London", "bristol": "Europe/London", "cardiff": "Europe/London",
    "belfast": "Europe/London", "cork": "Europe/Dublin", "galway": "Europe/Dublin", "salzburg": "Europe/Vienna",
    "gothenburg": "Europe/Stockholm", "antwerp": "Europe/Brussels", "utrecht": "Europe/Amsterdam",
    "heidelberg": "Europe/Berlin", "stuttgart": "Europe/Berlin", "dresden": "Europe/Berlin", "leipzig": "Europe/Berlin",
    "dusseldorf": "Europe/Berlin", "turin": "Europe/Rome", "naples": "Europe/Rome", "bologna": "Europe/Rome",
    "ankara": "Europe/Istanbul", "haifa": "Asia/Jerusalem", "jeddah": "Asia/Riyadh", "minneapolis": "America/Chicago",
    "new orleans": "America/Chicago", "nashville": "America/Chicago", "pittsburgh": "America/New_York",
    "baltimore": "America/New_York", "orlando": "America/New_York", "salt lake city": "America/Denver",
    "sacramento": "America/Los_Angeles", "palo alto": "America/Los_Angeles", "berkeley": "America/Los_Angeles",
}  # fmt: skip

# airports by their IATA code ("what time is it at LHR?"): only written in capitals or after "in"/"at"/"for"
_AIRPORTS = {
    "lhr": "Europe/London", "lgw": "Europe/London", "man": "Europe/London", "cdg": "Europe/Paris",
    "ory": "Europe/Paris", "fra": "Europe/Berlin", "muc": "Europe/Berlin", "ber": "Europe/Berlin",
    "ams": "Europe/Amsterdam", "mad": "Europe/Madrid", "bcn": "Europe/Madrid", "fco": "Europe/Rome",
    "mxp": "Europe/Rome", "zrh": "Europe/Zurich", "gva": "Europe/Zurich", "vie": "Europe/Vienna",
    "cph": "Europe/Copenhagen", "arn": "Europe/Stockholm", "osl": "Europe/Oslo", "hel": "Europe/Helsinki",
    "dub": "Europe/Dublin", "lis": "Europe/Lisbon", "ist": "Europe/Istanbul", "svo": "Europe/Moscow",
    "jfk": "America/New_York", "ewr": "America/New_York", "lga": "America/New_York", "bos": "America/New_York",
    "iad": "America/New_York", "dca": "America/New_York", "atl": "America/New_York", "mia": "America/New_York",
    "ord": "America/Chicago", "dfw": "America/Chicago", "iah": "America/Chicago", "msp": "America/Chicago",
    "den": "America/Denver", "phx": "America/Phoenix", "lax": "America/Los_Angeles", "sfo": "America/Los_Angeles",
    "sea": "America/Los_Angeles", "yyz": "America/Toronto", "yul": "America/Toronto", "yvr": "America/Vancouver",
    "mex": "America/Mexico_City", "gru": "America/Sao_Paulo", "gig": "America/Sao_Paulo",
    "eze": "America/Argentina/Buenos_Aires", "scl": "America/Santiago", "bog": "America/Bogota",
    "lim": "America/Lima", "dxb": "Asia/Dubai", "auh": "Asia/Dubai", "doh": "Asia/Qatar", "del": "Asia/Kolkata",
    "bom": "Asia/Kolkata", "blr": "Asia/Kolkata", "sin": "Asia/Singapore", "kul": "Asia/Kuala_Lumpur",
    "bkk": "Asia/Bangkok", "hkg": "Asia/Hong_Kong", "pek": "Asia/Shanghai", "pvg": "Asia/Shanghai",
    "icn": "Asia/Seoul", "hnd": "Asia/Tokyo", "nrt": "Asia/Tokyo", "kix": "Asia/Tokyo", "tpe": "Asia/Taipei",
    "mnl": "Asia/Manila", "cgk": "Asia/Jakarta", "syd": "Australia/Sydney", "mel": "Australia/Melbourne",
    "bne": "Australia/Brisbane", "per": "Australia/Perth", "akl": "Pacific/Auckland", "jnb": "Africa/Johannesburg",
    "cpt": "Africa/Johannesburg", "cai": "Africa/Cairo", "nbo": "Africa/Nairobi", "los": "Africa/Lagos",
    "hnl": "Pacific/Honolulu",
}  # fmt: skip

# "8 pm Irish time": the zone named by a country's adjective (only with "time" after it)
_ADJECTIVES = {
    "irish": "Europe/Dublin", "british": "Europe/London", "english": "Europe/London", "scottish": "Europe/London",
    "french": "Europe/Paris", "german": "Europe/Berlin", "spanish": "Europe/Madrid", "italian": "Europe/Rome",
    "dutch": "Europe/Amsterdam", "belgian": "Europe/Brussels", "swiss": "Europe/Zurich", "austrian": "Europe/Vienna",
    "swedish": "Europe/Stockholm", "norwegian": "Europe/Oslo", "danish": "Europe/Copenhagen",
    "finnish": "Europe/Helsinki", "polish": "Europe/Warsaw", "czech": "Europe/Prague", "greek": "Europe/Athens",
    "portuguese": "Europe/Lisbon", "turkish": "Europe/Istanbul", "ukrainian": "Europe/Kyiv",
    "israeli": "Asia/Jerusalem", "egyptian": "Africa/Cairo", "nigerian": "Africa/Lagos", "kenyan": "Africa/Nairobi",
    "ghanaian": "Africa/Accra", "south african": "Africa/Johannesburg", "indian": "Asia/Kolkata",
    "pakistani": "Asia/Karachi", "chinese": "Asia/Shanghai", "japanese": "Asia/Tokyo", "korean": "Asia/Seoul",
    "singapore": "Asia/Singapore", "thai": "Asia/Bangkok", "vietnamese": "Asia/Ho_Chi_Minh",
    "filipino": "Asia/Manila", "philippine": "Asia/Manila", "argentinian": "America/Argentina/Buenos_Aires",
    "chilean": "America/Santiago", "colombian": "America/Bogota", "peruvian": "America/Lima",
    "new zealand": "Pacific/Auckland", "hawaiian": "Pacific/Honolulu",
}  # fmt: skip

_MULTI_ZONE_ALIASES = {"usa", "us", "america", "the united states"}

# Zone cities that are also ordinary words; they only count after "in"/"at"/"for".
_AMBIGUOUS = {
    "ist", "est",  # German and French "is" ("wie spät ist es"); IST and EST in capitals are time zones
    "la", "sf", "dc", "christmas", "easter", "wake", "midway", "troll", "casey", "davis", "palmer", "vostok", "mawson",
    "rothera", "macquarie", "nome", "regina", "stanley", "jersey", "guernsey", "marengo", "center", "knox", "us",
    "america", "victoria", "chatham", "eucla", "santarem", "belem", "bahia", "merida", "rio", "phoenix",
}  # fmt: skip


# Names of places in more than one time zone: each reading's label, zone, and the words next to the name that pick
# it ("Portland, Maine", "Atlanta, Georgia"). Said alone, such a name is asked about, never guessed.
_SAME_NAME: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]] = {
    "portland": (("Portland, Oregon", "America/Los_Angeles", ("oregon", "or")),
                 ("Portland, Maine", "America/New_York", ("maine", "me"))),
    "georgia": (("Georgia, the country", "Asia/Tbilisi", ("country", "tbilisi", "caucasus")),
                ("Georgia, the US state", "America/New_York", ("state", "us", "usa", "atlanta", "savannah"))),
    "cordoba": (("Córdoba, Argentina", "America/Argentina/Cordoba", ("argentina",)),
                ("Córdoba, Spain", "Europe/Madrid", ("spain", "andalusia"))),
    "halifax": (("Halifax, Nova Scotia", "America/Halifax", ("nova scotia", "ns", "canada")),
                ("Halifax, England", "Europe/London", ("england", "uk", "yorkshire"))),
}  # fmt: skip


# Countries whose time zones are hours apart, where no one zone is what most people mean: asked about, with their
# main cities, as a name of several places is ("what time is it in Australia?": Sydney, Brisbane, Adelaide or Perth).
_US = (("New York", "America/New_York", ("york", "east", "eastern", "est", "edt", "boston", "washington", "miami")),
       ("Chicago", "America/Chicago", ("chicago", "central", "cst", "cdt", "texas", "houston", "dallas")),
       ("Denver", "America/Denver", ("denver", "mountain", "mst", "mdt", "colorado")),
       ("Los Angeles", "America/Los_Angeles", ("angeles", "west", "western", "pacific", "pst", "pdt", "california",
                                                 "seattle", "francisco")))  # fmt: skip
_SPANNING: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]] = {
    "australia": (("Sydney", "Australia/Sydney", ("sydney", "melbourne", "canberra", "hobart", "east", "eastern",
                                                  "nsw", "victoria", "tasmania", "aest", "aedt")),
                  ("Brisbane", "Australia/Brisbane", ("brisbane", "queensland", "qld")),
                  ("Adelaide", "Australia/Adelaide", ("adelaide", "darwin", "central", "south")),
                  ("Perth", "Australia/Perth", ("perth", "west", "western", "wa"))),
    "canada": (("Toronto", "America/Toronto", ("toronto", "ottawa", "montreal", "quebec", "ontario", "east", "eastern")),
               ("Winnipeg", "America/Winnipeg", ("winnipeg", "manitoba", "central")),
               ("Calgary", "America/Edmonton", ("calgary", "edmonton", "alberta", "mountain")),
               ("Vancouver", "America/Vancouver", ("vancouver", "bc", "british", "pacific", "west", "western")),
               ("Halifax", "America/Halifax", ("halifax", "nova", "atlantic", "maritimes"))),
    "russia": (("Moscow", "Europe/Moscow", ("moscow", "petersburg", "european", "west", "western")),
               ("Yekaterinburg", "Asia/Yekaterinburg", ("yekaterinburg", "urals", "ural")),
               ("Novosibirsk", "Asia/Novosibirsk", ("novosibirsk", "siberia", "siberian")),
               ("Vladivostok", "Asia/Vladivostok", ("vladivostok", "far"))),
    "brazil": (("São Paulo", "America/Sao_Paulo", ("sao", "são", "paulo", "rio", "brasilia", "brasília", "east")),
               ("Manaus", "America/Manaus", ("manaus", "amazon", "amazonas", "west"))),
    "united states": _US, "the united states": _US, "us": _US, "usa": _US, "america": _US,
}  # fmt: skip
_SAME_NAME.update(_SPANNING)


def country_name(name: str) -> str:
    """A spanning country as a sentence names it: "The United States" for "US", "Australia" for "australia"."""
    return "The United States" if _SPANNING.get(normalize(name)) is _US else normalize(name).title()


def spans_zones(name: str) -> bool:
    """Whether a name said for a place is a country whose zones are hours apart (asked about, never guessed)."""
    return normalize(name) in _SPANNING


Reading = tuple[str, str, tuple[str, ...]]  # a name of several places read one way: label, zone, the words that pick it


def _picked(words_said: str, name: str) -> Reading | None:
    """The reading of a name of several places that words said with it pick ("maine" for Portland), if any."""
    return next((r for r in _SAME_NAME[normalize(name)] if any(re.search(rf"\b{q}\b", words_said) for q in r[2])), None)


def _near(text: str, offset: int, label: str) -> str:
    """The two words before a place named at ``offset`` and the three after it ("Atlanta, Georgia", "Portland, Maine")."""
    return " ".join(normalize(text[:offset]).split()[-2:] + normalize(text[offset + len(label) :]).split()[:3])


def _in_a_city(text: str, offset: int, located: tuple[tuple[int, Place], ...]) -> bool:
    """Whether a country follows a place named just before it ("Hobart, Australia"): the city says the zone."""
    return any(
        at < offset and re.fullmatch(r"[^\W\d][\w .'’-]{0,30}?,\s*", text[at:offset]) is not None for at, _ in located
    )


def _several(label: str) -> bool:
    return normalize(label) in _SAME_NAME


def unsure_places(text: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """The names of several places said without a word that picks one: offset, the name, the readings' labels."""
    located = _located(text)
    found = [
        (offset, place.label, tuple(r[0] for r in _SAME_NAME[normalize(place.label)]))
        for offset, place in located
        if _several(place.label)
        and _picked(_near(text, offset, place.label), place.label) is None
        and not (spans_zones(place.label) and _in_a_city(text, offset, located))
    ]
    return found + [
        (offset, name, readings(name, rest)) for offset, name, rest in _city_names(text) if readings(name, rest)
    ]


def picked_place(asked: str, answer: str) -> str | None:
    """The request ``asked`` again with the place its short ``answer`` picks ("Maine", "the one in Oregon" after
    "time in Portland?" was asked about), or None when the answer picks none."""
    for offset, name, _ in unsure_places(asked):
        if _several(name) and (reading := _picked(normalize(answer), name)) is not None:
            return asked[:offset] + reading[0] + asked[offset + len(name) :]
        if not _several(name) and (city := world_city(name, answer, anywhere=True)) is not None:
            return asked[:offset] + label(city) + asked[offset + len(name) :]
    return None


@lru_cache(maxsize=1)
def place_index() -> dict[str, Place]:
    """Normalized place phrase -> Place, built once."""
    index: dict[str, Place] = {}
    zone_rows = tz_table("zone.tab")
    first_zone: dict[str, str] = {}
    for row in zone_rows:
        country, zone = row[0], row[2]
        first_zone.setdefault(country, zone)
        parts = zone.split("/")
        if len(parts) == 3 and parts[1] != "Argentina":
            continue  # America/Indiana/Knox and friends: too obscure to match bare words
        index.setdefault(normalize(parts[-1]), Place(parts[-1].replace("_", " "), zone))
    for row in tz_table("iso3166.tab"):
        code, name = row[0], row[1]
        zone = _MULTI_ZONE_COUNTRIES.get(code) or first_zone.get(code)
        if not zone:
            continue
        note = _multi_zone_note(name, zone) if code in _MULTI_ZONE_COUNTRIES else None
        clean = re.sub(r"\s*\(.*?\)", "", name)
        for phrase in {normalize(name), normalize(clean)}:
            index[phrase] = Place(clean, zone, note)
    for code, zone in _AIRPORTS.items():
        index.setdefault(code, Place(code.upper(), zone))
    for adjective, zone in _ADJECTIVES.items():
        index[f"{adjective} time"] = Place(f"{adjective.title()} time", zone)
    for phrase, zone in _EXTRA.items():
        note = _multi_zone_note("The United States", zone) if phrase in _MULTI_ZONE_ALIASES else None
        abbreviation = len(phrase) <= 3 or (len(phrase) == 4 and phrase[-2:] in {"st", "dt"})  # "CEST", not "WIEN"
        index[phrase] = Place(phrase.upper() if abbreviation else phrase.title(), zone, note)
    return index


@lru_cache(maxsize=1)
def _zone_positions() -> dict[str, tuple[float, float]]:
    """Each zone's principal city as (latitude, longitude), from zone.tab's ISO 6709 "+5955+01045"."""
    found = {}
    for row in tz_table("zone.tab"):
        match = re.fullmatch(r"([+-]\d{2})(\d{2})(\d{2})?([+-]\d{3})(\d{2})(\d{2})?", row[1])
        if match:
            a, b, c, d, e, f = (int(g or 0) for g in match.groups())
            sign_a, sign_d = (-1 if match.group(i).startswith("-") else 1 for i in (1, 4))
            found[row[2]] = (a + sign_a * (b / 60 + c / 3600), d + sign_d * (e / 60 + f / 3600))
    return found


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """Country and territory names (iso3166.tab), normalized: a zone named after one names no city."""
    return frozenset(map(normalize, country_names().values()))


def position(place: Place) -> tuple[float, float] | None:
    """Where a city is (latitude, longitude): a city of the world table ("Boulder"), or one its time zone is named
    after ("Oslo"), or one of the gazetteer's other cities the world table knows in the same zone ("Seattle")."""
    if place.point is not None:
        return place.point
    if normalize(place.label) in _countries():
        return None  # a country: its zone's city is somewhere in it, not where it is
    if normalize(place.label) == normalize(place.zone.split("/")[-1]):
        point = _zone_positions().get(place.zone)
        return (round(point[0], 2), round(point[1], 2)) if point else None
    city = world_city(place.label)
    return (round(city.latitude, 2), round(city.longitude, 2)) if city and city.zone == place.zone else None


def _multi_zone_note(country: str, zone: str) -> str:
    return f"{country} spans several time zones; I used {zone}. Name a city for another zone."


@lru_cache(maxsize=1)
def _iana_names() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


_IANA = re.compile(r"\b([A-Za-z]+(?:/[A-Za-z0-9_+\-]+){1,2}|UTC|GMT)\b")
_PREPOSITION_PHRASE = re.compile(
    r"\b(?:in|at|for|(?:(?:what|how)\s+about|i\s+meant)(?=\s+(?-i:[A-Z])))\s+(?:the\s+)?([a-z0-9/_ \-']+?)"  # "what about Phoenix"
    r"(?=\s+(?:right now|now|today|currently|please|at the moment|"
    r"and|or|then|vs|versus)\b|[?!.,;:]|$)",
    re.IGNORECASE,
)
_ZONE_NAMED = re.compile(r"\btime\s*zone\s+(?:of\s+)?([a-z][a-z \-']*?)[?!.\s]*$", re.IGNORECASE)  # "tz Durham"
_WHERE_SOMEONE = re.compile(
    r"\bwhere\s+(?:i|we|my\s+\w+|[A-Z]\w+)\s+(?:am|are|is|lives?|works?|stays?|is\s+based|is\s+right\s+now)\b", re.I
)
_NAMED_TIME = re.compile(r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+time\b")  # "Alexandria time pls"
_NOT_PLACE_TIMES = {
    "local", "standard", "daylight", "summer", "winter", "universal", "server", "lunch", "dinner", "tea", "coffee",
    "bed", "party", "show", "real", "any", "what", "the", "my", "your", "same", "next", "last", "this", "that", "half",
    "quarter", "meeting", "office", "lab", "work", "free", "screen", "prime", "peak", "rush", "closing", "opening",
    "start", "end", "arrival", "departure", "pickup", "delivery", "run", "cycle", "processing", "response", "reaction",
    "incubation", "exposure", "wall", "current", "exact", "correct", "right", "new", "old", "good", "best", "which",
}  # fmt: skip
_TRAILING_NOISE = re.compile(r"\s+(?:right now|now|today|currently|please|time|timezone|time zone)$")


# "UTC+2", "GMT -5", "UTC+05:30": a fixed offset. IANA's Etc zones name whole hours with the sign inverted (UTC+2 is
# Etc/GMT-2); the few half-hour offsets in use map to the zone that keeps them all year.
_OFFSET = re.compile(r"\b(?:UTC|GMT)\s*([+\-−])\s*(\d{1,2})(?::?([0-5]\d))?\b", re.IGNORECASE)
_HALF_HOURS = {
    "+05:30": "Asia/Kolkata", "+05:45": "Asia/Kathmandu", "+03:30": "Asia/Tehran", "+04:30": "Asia/Kabul",
    "+06:30": "Asia/Yangon", "+09:30": "Australia/Darwin", "-03:30": "America/St_Johns",
}  # fmt: skip


def _offset_zone(match: re.Match[str]) -> Place | None:
    sign = "-" if match.group(1) in "-−" else "+"
    hours, minutes = int(match.group(2)), int(match.group(3) or 0)
    label = re.sub(r"\s+", "", match.group(0)).upper().replace("−", "-")  # as written: "UTC-5"
    if minutes:
        zone = _HALF_HOURS.get(f"{sign}{hours:02d}:{minutes:02d}")
        return Place(label, zone) if zone else None
    if hours == 0:
        return Place(label, "UTC")
    if hours > (12 if sign == "-" else 14):
        return None
    return Place(label, f"Etc/GMT{'-' if sign == '+' else '+'}{hours}")


def resolve_iana(name: str) -> str | None:
    """The canonical spelling of an IANA zone name, or None ("europe/paris" -> "Europe/Paris")."""
    return _iana_names().get(name.strip().lower())


def find_places(text: str) -> tuple[list[Place], list[str]]:
    """Every place named in ``text``, in order, and the phrases after in/at/for that matched no zone.

    Returns:
        (places, unresolved) — places are de-duplicated by zone.
    """
    places = [place for _, place in locate_places(text) + world_places(text)]
    named = places + [place for _, place in _located(text)]  # "Georgia" of "Atlanta, Georgia" is no unknown place
    unsure = [name for _, name, _ in unsure_places(text)]  # "Cambridge": asked about, not unknown
    unresolved = [
        phrase
        for phrase in _preposition_phrases(text)
        if not any(_mentions(phrase, p) for p in named) and not any(phrase.startswith(name) for name in unsure)
    ]
    return places, unresolved


def world_places(text: str) -> list[tuple[int, Place]]:
    """The cities of the world table named where a place is asked for ("time in Bergen", "forecast for Boulder,
    CO") that the gazetteer does not know, with their offsets. Only for a parameter that takes a place: "for Mary"
    is a person anywhere else."""
    found = []
    for offset, name, rest in _city_names(text):
        if (city := world_city(name, rest)) is not None:
            found.append(
                (offset, Place(city.name, city.zone, point=(round(city.latitude, 2), round(city.longitude, 2))))
            )
    return found


@lru_cache(maxsize=256)
def _city_names(text: str) -> tuple[tuple[int, str, str], ...]:
    """The names of the world table's cities said after in/at/for that the gazetteer does not know, with their
    offsets and the text after them; "in the van" names no city."""
    named = _located(text)
    found = []
    for phrase in [*_preposition_phrases(text), *(m[1] for m in _FROM_TO_NAME.finditer(text))]:
        offset = text.find(phrase)
        known = any(at == offset for at, _ in named)  # the gazetteer's own ("in Tokyo")
        inside = any(offset < at < offset + len(phrase) for at, _ in named)  # "9am in Ann Arbor in Berlin"
        if offset < 0 or known or re.search(r"\bthe\s+$", text[:offset], re.I):
            continue
        if inside and re.search(r"\bfor\s+$", text[:offset], re.I):
            continue  # "for Mary in Tokyo": someone where a place is, not a city
        said = phrase.split()
        for size in range(min(3, len(said)), 0, -1):
            name = " ".join(said[:size])
            if world_city(name) is not None or readings(name):
                found.append((offset, name, text[offset + len(name) :]))
                break
    return tuple(found)


# "convert 10:30 from Boulder to Bergen": a capitalised name after from/to/into (lower-case words there are no place)
_FROM_TO_NAME = re.compile(r"\b(?:from|to|into)\s+([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,2})")


def locate_places(text: str) -> list[tuple[int, Place]]:
    """Every place named in ``text`` with its character offset, in order, de-duplicated by zone; a name of several
    places takes the reading the words next to it pick ("Portland, Maine"; "Atlanta, Georgia" is one place)."""
    found = []
    every = _located(text)
    for offset, place in every:
        if spans_zones(place.label) and _in_a_city(text, offset, every):
            continue  # "Hobart, Australia": Hobart's zone, not a second place
        reading = _picked(_near(text, offset, place.label), place.label) if _several(place.label) else None
        found.append((offset, Place(reading[0], reading[1]) if reading else place))
    located: list[tuple[int, Place]] = []
    for offset, place in found:
        if all(p.zone != place.zone for _, p in located):
            located.append((offset, place))
    return located


@lru_cache(maxsize=256)
def _located(text: str) -> tuple[tuple[int, Place], ...]:
    """Every place named in ``text`` as the gazetteer reads it, with its character offset, in order (read once per
    text: the time zones, the names of several places and the unknown names all start from it)."""
    found: list[tuple[int, Place]] = []
    literal_spans: list[tuple[int, int]] = []
    for match in _IANA.finditer(text):
        zone = resolve_iana(match.group(1))
        if zone and "/" in zone:
            found.append((match.start(), Place(zone, zone)))
            literal_spans.append(match.span())
    for match in _OFFSET.finditer(text):
        literal_spans.append(match.span())  # an offset it cannot name is no "UTC" either
        if (offset := _offset_zone(match)) is not None:
            found.append((match.start(), offset))
    words = normalize(text).split()
    after_preposition: set[int] = set()
    for i, word in enumerate(words):
        if word in {"in", "at", "for"}:
            after_preposition.add(i + 2 if words[i + 1 : i + 2] == ["the"] else i + 1)
    index = place_index()
    i = 0
    positions = _word_offsets(text, words)
    while i < len(words):
        if any(start <= positions[i] < end for start, end in literal_spans):
            i += 1
            continue
        for size in (4, 3, 2, 1):
            phrase = " ".join(words[i : i + size])
            place = index.get(phrase) if i + size <= len(words) else None
            said = text[positions[i] : positions[i] + len(phrase)] if size == 1 else ""
            written_as_acronym = said.isupper() and len(said) <= 3  # "and to LA?": "LA", not the article "la"
            timed = words[i + size : i + size + 1] == ["time"]  # "6pm Rio time": a place, whatever else it is
            ambiguous = phrase in _AMBIGUOUS or (
                phrase in _AIRPORTS and index.get(phrase) == Place(phrase.upper(), _AIRPORTS[phrase])
            )
            if place and (not ambiguous or i in after_preposition or written_as_acronym or timed):
                found.append((positions[i], place))
                i += size
                break
        else:
            i += 1
    taken = {offset for offset, _ in found}
    for i, word in enumerate(words):  # "in Tokoy", "time zone Zuerich": a place name with one slip
        named = positions[i] not in taken and (i in after_preposition or words[i - 1 : i] == ["zone"])
        if named and (place := _misspelt_place(word)) is not None:
            found.append((positions[i], place))
    found.sort(key=lambda item: item[0])
    return tuple(found)


@lru_cache(maxsize=256)
def _misspelt_place(word: str) -> Place | None:
    """The one place whose one-word name ``word`` is a single slip away from ("tokoy" -> Tokyo), when ``word`` is
    no word of its own: five letters or more, and unknown to the local model's vocabulary."""
    if len(word) < 5 or not word.isalpha() or word in dictionary():
        return None
    index = place_index()
    near = {index[name] for name in index if " " not in name and len(name) >= 5 and one_edit(word, name)}
    near = {place for place in near if normalize(place.label) not in _AMBIGUOUS}
    return next(iter(near)) if len({place.zone for place in near}) == 1 else None


def _word_offsets(text: str, words: list[str]) -> list[int]:
    # Character offsets of normalized words in ``text``: each character is read as one ASCII letter or a space, so
    # a dash or an accent before a name ("noon in Sydney — … in London") never shifts the offsets after it.
    lowered = "".join(
        (unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()[:1] or " ") for ch in text
    ).lower()
    offsets, cursor = [], 0
    for word in words:
        found = lowered.find(word, cursor)
        offsets.append(found if found >= 0 else cursor)
        cursor = max(cursor, found + len(word)) if found >= 0 else cursor
    return offsets


def _preposition_phrases(text: str) -> list[str]:
    """The phrases after in/at/for, and the capitalised names listed after one ("in Tokyo and Narnia")."""
    phrases = [match.group(1) for match in _ZONE_NAMED.finditer(text)]
    phrases += [match.group(0) for match in _WHERE_SOMEONE.finditer(text)]  # "where Ana lives": a place not named
    phrases += [m.group(1) for m in _NAMED_TIME.finditer(text) if m.group(1).lower() not in _NOT_PLACE_TIMES]
    for match in _PREPOSITION_PHRASE.finditer(text):
        end = match.end(1)
        candidates = [match.group(1)]
        while listed := _LISTED_NAME.match(text, end):
            candidates.append(listed.group(1))
            end = listed.end(1)
        for candidate in candidates:
            phrase = _TRAILING_NOISE.sub("", candidate.strip())
            if phrase and normalize(phrase) not in _NOT_PLACES and not _CLOCK_ONLY.fullmatch(phrase):  # "at 11"
                phrases.append(phrase)
    return phrases


# A further name in a list of places: ", Narnia", " and Narnia", " or the Shire" (capitalised, so "in Tokyo and
# then add a task" lists nothing).
_LISTED_NAME = re.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)(?:the\s+)?([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*)(?=[\s?!.,;:]|$)"
)


_CLOCK_ONLY = re.compile(r"[\d:.h\s]+(?:[ap]\.?m\.?|o'?clock)?", re.I)
_NOT_PLACES = {"moment", "this moment", "world", "my timezone", "my time zone", "local", "home", "here", "my city"}


def _mentions(phrase: str, place: Place) -> bool:
    def bare(text: str) -> str:
        return normalize(text).removeprefix("the ")

    norm = bare(phrase)
    names = {bare(place.label), bare(place.zone.split("/")[-1]), bare(place.zone)}
    names |= {bare(alias) for alias, zone in _EXTRA.items() if zone == place.zone}
    return any(name and (name in norm or norm in name or one_edit(norm, name)) for name in names)
