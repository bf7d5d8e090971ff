"""Fill a tool's arguments from a request, chosen by each parameter's JSON schema: type, name and description.

A parameter is classified once (``kind_of``) and read by the typed extractor for that kind: ids and counts,
numbers with units, time zones and places (the tzdata gazetteer), times of day, dates, paths, identifiers such as
DOIs, ISBNs, URLs and e-mail addresses, currency codes, enum values (with the catalogue's synonyms), and free
text — the rest of the sentence once the request's framing is taken off. No tool name appears here: a tool
of a server connected today is filled the same way as our own tools.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from difflib import SequenceMatcher
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from agent_core.offline.catalogue import catalogue
from agent_core.offline.text import STOPWORDS, dictionary, stem, words
from agent_core.offline.timezones import locate_places, unsure_places, world_places

# High-precision guards: things with a shape of their own.
QUOTED = re.compile(  # an apostrophe between letters is inside a quote ('Plan Rui's drinks')
    r"""(?:^|(?<=[\s:(,]))['"‘“]((?:[^'"‘’“”]|(?<=\w)['’](?=\w)){1,300}?)['"’”](?=$|[\s,.;:!?)])"""
)
_DOI = re.compile(r"\b10\.\d{4,9}/[^\s\"'<>,;]+[^\s\"'<>,;.)?!]")
_ISBN = re.compile(r"\b(?:97[89][- ]?)?\d{1,5}[- ]?\d{1,7}[- ]?\d{1,7}[- ]?[\dXx]\b")
_URL = re.compile(r"https?://[^\s<>\"']+[^\s<>\"'.,;)?!]")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]*\w")
_PATH = re.compile(
    r"(?<![\w@])(?:~|\.{1,2})?/?(?:[\w\-]+/)*[\w\-]+\.[A-Za-z0-9]{1,8}\b|(?<![\w@])(?:~|\.{1,2})?/?(?:[\w\-]+/)+[\w\-]*"
)
_NUMBER = re.compile(r"(?<![\w.:/-])-?\d+(?:[.,]\d+)?(?![\w:/]|\.\d)")
_TIME = re.compile(
    r"\b(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)(?!\w)|"
    r"\b(?P<h24>[01]?\d|2[0-3])(?::|h|\s?hrs?\s?|(?<=(?<![\w-])0\d)(?!\d\d[\s-]\d{4}))(?P<m24>[0-5]\d)\b|"  # "0930", not "BX-0117"
    r"\b(?P<hh>[01]?\d|2[0-3])h(?![\w:])|\b(?P<word>noon|midday|midnight)\b|"
    r"\b(?:at|from(?=\s+\d{1,2}\s+for\s+(?:\S+\s+){1,2}(?:hours?|hrs?|min(?:ute)?s?)\b))"  # "from 10 for 2 hours"
    r"\s+(?P<bare>[01]?\d|2[0-3])\b(?!\s*(?:%|degrees|[.,:]\d|[ap]\.?m\b))",
    re.IGNORECASE,
)
_HOURS_WRITTEN = re.compile(r"(?<![\w.:-])([01]\d|2[0-3])([0-5]\d)\s?(?:h|hrs|hours)\b", re.I)
_ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
    "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9, "tenth": 10,
    "10th": 10, "last": -1,
}  # fmt: skip
_UNITS_SPOKEN = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
                 "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}  # fmt: skip
_NUMBER_WORDS = {n: v for n, v in _UNITS_SPOKEN.items() if 1 <= v <= 10}
_TENS_SPOKEN = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                "ninety": 90}  # fmt: skip
SPOKEN_NUMBER = (
    rf"(?:(?:{'|'.join(_TENS_SPOKEN)})(?:[\s-](?:{'|'.join(n for n, v in _UNITS_SPOKEN.items() if 0 < v < 10)}))?"
    rf"|{'|'.join(sorted(_UNITS_SPOKEN, key=len, reverse=True))})"
)
_TIME_UNIT = r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?)"
_SPOKEN_LENGTHS = [  # the whole phrase, then what it says in digits
    (re.compile(r"\b(?:an?|one)\s+hour\s+and\s+a\s+half\b", re.I), "90 minutes"),
    (re.compile(r"\b(?:an?\s+)?quarter\s+of\s+an\s+hour\b", re.I), "15 minutes"),
    (re.compile(r"\bthree\s+quarters\s+of\s+an\s+hour\b", re.I), "45 minutes"),
    (re.compile(r"\bhalf\s+an\s+hour\b|\ba\s+half\s+hour\b", re.I), "30 minutes"),
]


_HOUR_WORDS = {n: v for n, v in _UNITS_SPOKEN.items() if 1 <= v <= 12}
_HOUR = rf"(?P<hour>{'|'.join(_HOUR_WORDS)}|1[0-2]|0?[1-9])"
_PART_OF_DAY = (
    r"(?:\s+(?P<part>(?:in|this)\s+the\s+morning|this\s+morning|(?:in\s+the|this)\s+(?:afternoon|evening)|at\s+night"
    r"|tonight|a\.?m\.?|p\.?m\.?)(?!\w))"
)
_SPOKEN_CLOCK = re.compile(
    rf"\b(?:(?P<min>quarter|half|twenty[\s-]five|twenty|ten|five|[1-5]?\d(?=\s+minutes))\s+(?:minutes\s+)?(?P<rel>past|after|to|before)\s+"
    rf"{_HOUR}(?:\s+o'?clock)?{_PART_OF_DAY}?|(?P<half>half)\s+{_HOUR.replace('hour', 'hour2')}{_PART_OF_DAY.replace('part', 'part2')}"
    rf"|{_HOUR.replace('hour', 'hour3')}(?::(?P<min3>[0-5]\d))?(?:\s+o'?clock(?:\s+(?:sharp|exactly|on\s+the\s+dot))?"
    rf"{_PART_OF_DAY.replace('part', 'part3')}?"
    rf"|{_PART_OF_DAY.replace('part', 'part4')}))\b",
    re.IGNORECASE,
)


_MINUTE_WORDS = {  # "seven forty-five pm", "nine oh five in the morning"
    **{f"oh {n}": v for n, v in _UNITS_SPOKEN.items() if 1 <= v <= 9},
    **{n: v for n, v in _UNITS_SPOKEN.items() if 10 <= v <= 19},
    **{t: v for t, v in _TENS_SPOKEN.items() if v <= 50},
    **{
        f"{t} {n}": tv + v
        for t, tv in _TENS_SPOKEN.items()
        if tv <= 50
        for n, v in _UNITS_SPOKEN.items()
        if 1 <= v <= 9
    },
}


def _alternatives(said: Mapping[str, int]) -> str:
    """The phrases as one regex alternation, longest first, a space matching a space or a hyphen."""
    return "|".join(sorted((re.escape(p).replace(r"\ ", r"[\s-]") for p in said), key=len, reverse=True))


def _said(phrase: str) -> str:
    return re.sub(r"[\s-]+", " ", phrase.lower())


_CLOCK_MINUTES = re.compile(  # "nine fifteen this morning"; "at eleven thirty" unless a unit follows ("… minutes")
    rf"\b(?P<at>at\s+)?{_HOUR}\s+(?P<minute>{_alternatives(_MINUTE_WORDS)})\b"
    rf"(?:(?P<part>(?={_PART_OF_DAY.replace('?P<part>', '?:')}))|(?!\s+(?:minutes?|mins?|hours?|hrs?|seconds?|days?)\b))",
    re.IGNORECASE,
)
_HOURS_24 = {**{n: v for n, v in _UNITS_SPOKEN.items() if v <= 19}, "twenty": 20, "twenty one": 21, "twenty two": 22,
             "twenty three": 23}  # fmt: skip
_MILITARY = re.compile(  # "eleven hundred hours", "seventeen hundred Singapore time": 11:00, 17:00
    rf"\b(?:oh\s+)?(?P<hour>{_alternatives(_HOURS_24)})"
    r"\s+hundred(?:\s+(?:hours|hrs)\b|(?=\s+(?:[A-Za-z]+\s+){0,2}time\b|\s+(?:utc|gmt|zulu)\b))",
    re.IGNORECASE,
)


def number_word(word: str) -> bool:
    """ "two", "fifty", "a hundred"'s "hundred": a number said in words."""
    return word.lower() in _UNITS_SPOKEN or word.lower() in _TENS_SPOKEN or word.lower() in {"hundred", "thousand"}


_SPOKEN_MINUTES = {"quarter": 15, "half": 30, "twenty five": 25, "twenty": 20, "ten": 10, "five": 5}
_NEAR_NOON = re.compile(  # "a quarter past midnight" 00:15, "ten to noon" 11:50
    rf"\b(?P<min>{_alternatives(_SPOKEN_MINUTES)}|[1-5]?\d(?=\s+minutes))\s+(?:minutes\s+)?(?P<rel>past|after|to|before)"
    r"\s+(?P<at>midnight|noon|midday)\b",
    re.IGNORECASE,
)


def _near_noon(match: re.Match[str]) -> str:
    said = _said(match["min"])
    minutes = (0 if match["at"].lower() == "midnight" else 720) + (
        int(said) if said.isdigit() else _SPOKEN_MINUTES[said]
    ) * (-1 if match["rel"].lower() in {"to", "before"} else 1)
    return f"{minutes % 1440 // 60:02d}:{minutes % 60:02d}"


def spoken_clock(text: str) -> str:
    """Times of day said in words, in digits ("quarter past nine in the morning" -> "9:15 am", "half three in the
    afternoon" -> "3:30 pm", "ten o'clock" -> "10:00"), so the time extractors read them."""

    def digits(match: re.Match[str]) -> str:
        said = next(match.group(g) for g in ("hour", "hour2", "hour3") if match.group(g))
        hour = _HOUR_WORDS.get(said.lower()) or int(said)
        part = next((match.group(g) for g in ("part", "part2", "part3", "part4") if match.group(g)), None)
        minute = 30 if match.group("half") else int(match.group("min3") or 0)
        if match.group("min"):
            said_minute = _said(match.group("min"))
            minute = int(said_minute) if said_minute.isdigit() else _SPOKEN_MINUTES[said_minute]
            if not 0 < minute < 60:
                return match.group(0)
            if match.group("rel").lower() in {"to", "before"}:
                hour, minute = (hour - 2) % 12 + 1, 60 - minute
        if not part:
            return f"{hour}:{minute:02d}"
        small_hours = "night" in part.lower() and (hour == 12 or hour < 5)  # "one at night" is after midnight
        later = not (re.search(r"morning|^a\.?m", part, re.IGNORECASE) or small_hours)
        return f"{hour}:{minute:02d} {'pm' if later else 'am'}"

    text = re.sub(r"\b(\d{1,2}(?::\d{2})?)-?ish\b", r"\1", text, flags=re.I)  # "5ish in the afternoon": about 5
    text = _NEAR_NOON.sub(_near_noon, _MILITARY.sub(lambda m: f"{_HOURS_24[_said(m['hour'])]:02d}:00", text))
    text = _CLOCK_MINUTES.sub(
        lambda m: (
            f"{m['at'] or ''}{m['hour'] if m['hour'].isdigit() else _HOUR_WORDS[m['hour'].lower()]}:"
            f"{_MINUTE_WORDS[_said(m['minute'])]:02d}"
            if m["part"] is not None or m["at"]
            else m[0]
        ),
        text,
    )
    return _SPOKEN_CLOCK.sub(digits, text)


def _spoken_value(words_: str) -> int:
    thousands, thousand, words_ = words_.lower().rpartition("thousand")  # "fifteen thousand"
    if thousand:
        return 1000 * (_spoken_value(thousands) or 1) + _spoken_value(words_)
    head, hundred, rest = words_.lower().rpartition("hundred")  # "three hundred and fifty"
    parts = re.split(r"[\s-]+", rest)
    return sum(_TENS_SPOKEN.get(p, 0) + _UNITS_SPOKEN.get(p, 0) for p in parts) + (
        100 * (_spoken_value(head) or 1) if hundred else 0
    )


# Units of measure by dimension, each with its size in the dimension's smallest unit listed (temperatures with an
# offset too: kelvin = size * value + offset). A unit "a/b" ("g/mol", "mg per kg") is of dimension "mass/amount";
# molar units are amount/volume and daltons mass/amount, in the same base sizes (1 M is 1 µmol/µl, 1 Da 1 µg/µmol).
# Molar units are told apart by case ("mM" is millimolar, "mm" no unit here, "5 pm" a time).
_MEASURES = {
    "volume": {"nl": 0.001, "ul": 1, "µl": 1, "μl": 1, "microlitre": 1, "microliter": 1, "ml": 1000, "millilitre": 1000,
               "milliliter": 1000, "l": 10**6, "litre": 10**6, "liter": 10**6},
    "mass": {"ng": 0.001, "ug": 1, "µg": 1, "μg": 1, "microgram": 1, "mg": 1000, "milligram": 1000, "g": 10**6,
             "gram": 10**6, "kg": 10**9, "kilo": 10**9, "kilogram": 10**9},
    "amount": {"nmol": 0.001, "umol": 1, "µmol": 1, "μmol": 1, "micromole": 1, "mmol": 1000, "millimole": 1000,
               "mol": 10**6, "mole": 10**6},
    "amount/volume": {"pM": 1e-12, "nM": 1e-9, "nanomolar": 1e-9, "uM": 1e-6, "µM": 1e-6, "μM": 1e-6,
                      "micromolar": 1e-6, "mM": 1e-3, "millimolar": 1e-3, "M": 1, "molar": 1},
    "mass/amount": {"da": 1, "dalton": 1, "kda": 1000, "kilodalton": 1000},
    "time": {"second": 1, "sec": 1, "minute": 60, "min": 60, "hour": 3600, "hr": 3600, "h": 3600, "day": 86400,
             "week": 604800, "fortnight": 1209600, "month": 2592000, "year": 31536000},
    "temperature": {"kelvin": 1, "k": 1, "celsius": 1, "°c": 1, "c": 1, "degree": 1, "fahrenheit": 5 / 9, "°f": 5 / 9,
                    "f": 5 / 9},
    "length": {"nm": 0.001, "nanometre": 0.001, "nanometer": 0.001, "um": 1, "µm": 1, "μm": 1, "micron": 1,
               "micrometre": 1, "micrometer": 1, "mm": 1000, "millimetre": 1000, "millimeter": 1000, "cm": 10**4,
               "centimetre": 10**4, "centimeter": 10**4, "m": 10**6, "metre": 10**6, "meter": 10**6, "km": 10**9,
               "kilometre": 10**9, "kilometer": 10**9, "ft": 304800, "foot": 304800, "feet": 304800,
               "mile": 1609344000},
    "rotation": {"rpm": 1, "krpm": 1000},
    "acceleration": {"xg": 1, "×g": 1, "x g": 1, "× g": 1},  # relative centrifugal force, "16,000 x g"
}  # fmt: skip
_OFFSETS = {"celsius": 273.15, "°c": 273.15, "c": 273.15, "degree": 273.15, "fahrenheit": 255.372, "°f": 255.372,
            "f": 255.372}  # fmt: skip
_UNIT_SIZES = {unit: (dimension, size) for dimension, units in _MEASURES.items() for unit, size in units.items()}
_CASED = {u.lower() for u in _UNIT_SIZES if u != u.lower()}  # "mM": only as written
_UNIT = "|".join(sorted(map(re.escape, _UNIT_SIZES), key=len, reverse=True))
_MEASURED = re.compile(
    r"(?:\b(?:(?:in|over|for|during)\s+)?(?:the\s+)?(?:last|past|previous|next)\s+|(?<![\w.-]))(?P<sign>-|minus\s+)?"
    rf"(?P<n>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:[.,]\d+)?k?|(?:an?|{SPOKEN_NUMBER})\s+thousand|(?:(?:an?|{SPOKEN_NUMBER})\s+hundred(?:\s+(?:and\s+)?{SPOKEN_NUMBER})?|{SPOKEN_NUMBER}|half\s+an?|an?)"
    rf"|(?<=(?:la|pa)st\s))[\s-]*(?P<u>{_UNIT})(?:e?s)?(?:\s*(?:/|\bper\s+)(?P<d>{_UNIT})(?:e?s)?)?(?!\w)",
    re.I,
)  # "1.5 mL", "three hundred and fifty microlitres", "in the next six months", "-78 °C", "58.44 g/mol", "5 mg per kg"
# Words that say which end of a change a value is: what one starts from, or what one wants.
_SOURCE = frozenset({"stock", "source", "from", "start", "starting", "initial", "original", "have", "c1", "v1"})
_TARGET = frozenset({"target", "to", "final", "end", "want", "wanted", "need", "desired", "make", "c2", "v2"})


def _unit(said: str) -> tuple[str, float] | None:
    lowered = said.lower()
    if said in _UNIT_SIZES or lowered in _CASED:
        return _UNIT_SIZES.get(said)
    return _UNIT_SIZES.get(lowered) or _UNIT_SIZES.get(lowered.removesuffix("s"))


def _unit_of(tokens: list[str]) -> tuple[str, float, float] | None:
    """The last unit among a name's words, as (dimension, size, offset): "mw_g_per_mol" is g/mol, "stock_mM" mM; a
    one-letter unit only where it can mean nothing else ("mass_g", not the k of "top_k")."""
    for i in reversed(range(len(tokens))):
        unit = _unit(tokens[i]) if len(tokens[i]) > 1 or tokens[i] in {"g", "l", "L", "M"} else None
        if unit is None:
            continue
        if i >= 2 and tokens[i - 1].lower() == "per" and (numerator := _unit(tokens[i - 2])):
            return f"{numerator[0]}/{unit[0]}", numerator[1] / unit[1], 0
        return *unit, _OFFSETS.get(tokens[i].lower(), 0)
    return None


def unit_of(name: str, prop: dict[str, Any]) -> tuple[str, float, float] | None:
    """The unit a numeric parameter is in: a word of its name, else the one its description gives it in."""
    described = re.findall(r"\bin\s+(°?[^\W\d]+(?:\s*(?:/|per\s)\s*[^\W\d]+)?)", prop.get("description", "") or "")
    for tokens in (re.split(r"[\W_]+", name), words(name), *(p.replace("/", " per ").split() for p in described)):
        found = _unit_of(tokens)
        if found:
            return found
    return None


@lru_cache(maxsize=512)  # every rival tool is filled from the same text
def _mentions(text: str) -> tuple[tuple[str, float, int, int], ...]:
    """Every quantity with a unit in the text, once: (dimension, value in the dimension's base unit, start, end)."""
    found = []
    for match in _MEASURED.finditer(text):
        unit, per = _unit(match["u"]), _unit(match["d"]) if match["d"] else ("", 1)
        if unit is None or per is None or (not match["n"] and unit[0] != "time"):
            continue
        dimension, size = (f"{unit[0]}/{per[0]}", unit[1] / per[1]) if per[0] else unit
        if (match["n"] or "").lower() in {"a", "an"} and "/" in dimension:  # "a M", "a Da": no amount said
            continue
        number = -_measure_number(match) if match["sign"] else _measure_number(match)
        offset = 0 if per[0] else _OFFSETS.get(match["u"].lower(), 0)
        found.append((dimension, number * size + offset, match.start(), match.end()))
    return tuple(found)


def _own_words(prop: dict[str, Any]) -> set[str]:
    """The words a parameter's description calls its quantity by, and the initials of each run of them between
    stopwords ("Molecular weight": "mw", "Formula weight of the compound": "fw")."""
    said = (prop.get("description") or "").split("e.g.")[0]
    said = " ".join(w if w.lower() not in STOPWORDS and not _unit(w) else "," for w in re.findall(r"[^\W\d]+|\S", said))
    phrases = [[w for w in words(p) if w.isalpha()] for p in re.split(r"[^\w\s]|\d+", said)]
    return {stem(w) for p in phrases for w in p} | {"".join(w[0] for w in p) for p in phrases if len(p) > 1}


def _role(said: list[str], after: str = "") -> str | None:
    for word in said:
        if word in _SOURCE | _TARGET:
            return "source" if word in _SOURCE else "target"
    return _role([after]) if after in {"stock", "source", "target", "final", "working"} else None


def quantities(properties: dict[str, Any], text: str) -> dict[str, Span]:
    """Each numeric parameter with a unit ("mass_g", "stock_mM", "dose_mg_per_kg") its quantity from the text, in its
    own unit: by dimension, a quantity never twice; among parameters of one dimension by a label of the parameter's
    own words right before the number ("MW 342.3" is a bare number then), else by the role the words around it say
    ("2 M stock", "to 50 mM"), else in the order said. A value outside the schema's range is no reading of it. A
    bare number for a kelvin parameter is in degrees Celsius (nobody reads kelvin off a display without saying so)."""
    units = {n: u for n, p in properties.items() if kind_of(n, p) in {"count", "amount"} and (u := unit_of(n, p))}
    mentions = list(_mentions(text))
    bare = [n for n in numbers(text) if not any(m[2] <= n.start < m[3] for m in mentions)]
    edges = sorted([(m[2], m[3]) for m in mentions] + [(n.start, n.end) for n in bare])
    own = {n: _own_words(properties[n]) for n in units}
    pairs = []
    for order, (name, (dimension, size, offset)) in enumerate(units.items()):
        prop = properties[name]
        label = own[name] - set().union(*(w for n, w in own.items() if n != name))
        role = _role(words(name)) or _role(words(prop.get("description", "")))
        shared = sum(u[0] == dimension for u in units.values()) > 1
        found = [m for m in mentions if m[0] == dimension]
        if dimension == "temperature" and offset == 0 and not found:  # "-18", "reads 4.5": not a name's number
            found = [
                (dimension, (-1 if m["sign"] else 1) * float(m["n"]) + 273.15, m.start(), m.end())
                for m in re.finditer(r"(?<![\w.-])(?P<sign>-|minus\s+)?(?<![A-Za-z]\s)(?P<n>\d+(?:\.\d+)?)(?![\w.-])", text)
            ]  # fmt: skip
        labels = [(dimension, n.value * size + offset, n.start, n.end) for n in bare if dimension != "temperature"]
        for _, base, start, end in found + labels:
            head = re.search(r"([A-Za-z][A-Za-z.]*)[\s:=]*(?:(?:of|is)\s+)?$", text[:start])
            labelled = bool(head and stem(head[1].replace(".", "").lower()) in label)
            if not labelled and (start, end) not in {(m[2], m[3]) for m in found}:
                continue  # a bare number is this parameter's only after its own words
            value = (base - offset) / size
            value = round(value, 2) if dimension == "temperature" else float(f"{value:.10g}")
            inside = prop.get("exclusiveMinimum", value - 1) < value < prop.get("exclusiveMaximum", value + 1)
            if not inside or not prop.get("minimum", value) <= value <= prop.get("maximum", value):
                continue
            said = words(text[max([e for _, e in edges if e <= start], default=0) : start])[-3:][::-1]
            near = _role(said, (words(text[end:])[:1] or [""])[0])
            if shared and role and near and near != role:
                continue  # "from a 2 M stock" is no target
            score = 2 * labelled + (role is not None and near == role)
            pairs.append((-score, start, order, name, Span(int(value) if value == int(value) else value, start, end)))
    chosen: dict[str, Span] = {}
    for *_, name, span in sorted(pairs, key=lambda p: p[:3]):
        if name not in chosen and all(s.start != span.start for s in chosen.values()):
            chosen[name] = span
    return chosen


def measured(name: str, prop: dict[str, Any], text: str) -> Span | None:
    """A quantity said in another unit of the parameter's own ("1.5 mL" for ``volume_ul`` -> 1500, "3 months" for
    ``within_days`` -> 90, "-80 °C" for ``temp_kelvin`` -> 193.15): ``quantities`` for one parameter."""
    return quantities({name: prop}, spoken_lengths(text)).get(name)


def _measure_number(match: re.Match[str]) -> float:
    said = (match["n"] or "1").lower()
    if said.startswith("half"):  # "half a kilo"
        return 0.5
    if said[0].isdigit():  # "14k"
        return written_number(said.removesuffix("k")) * (1000 if said.endswith("k") else 1)
    return 1 if said in {"a", "an"} else _spoken_value(said)


def written_number(said: str) -> float:
    """A number written in digits: "13,000" (a thousands separator), "27,5" (a decimal comma), "8.3"."""
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", said):
        return float(said.replace(",", ""))
    return float(said.replace(",", "."))


def in_whole_units(options: list[Any], count: dict[str, Any], text: str) -> tuple[Span, Any] | None:
    """A measured amount ("2.5 L", "half a kilo") as a whole number of one of a unit enum's ``options``, for an integer
    ``count`` parameter: the unit said when the number is whole in it, else the largest option of the same dimension
    in which it is (2.5 L -> 2500 mL, half a kilo -> 500 g)."""
    units = {o: _UNIT_SIZES[str(o).lower()] for o in options if str(o).lower() in _UNIT_SIZES}
    if len(units) < 2:
        return None
    for match in _MEASURED.finditer(text):
        said = match["u"].lower()
        if said not in _UNIT_SIZES or match["d"] or match["sign"] or not match["n"]:
            continue
        dimension, size = _UNIT_SIZES[said]
        if dimension == "temperature":
            continue
        amount = _measure_number(match) * size
        fits = sorted(((s, o) for o, (d, s) in units.items() if d == dimension), key=lambda f: -f[0])
        fits.sort(key=lambda f: str(f[1]).lower() != said)  # the unit said first
        for unit_size, option in fits:
            value = amount / unit_size
            if abs(value - round(value)) < 1e-9 and count.get("minimum", 1) <= value <= count.get("maximum", value):
                return Span(round(value), match.start(), match.end()), option
    return None


_DIGIT_SPOKEN = "|".join(["oh", *(n for n, v in _UNITS_SPOKEN.items() if v < 10)])
_COMPOUND_SPOKEN = rf"(?:{SPOKEN_NUMBER}|hundred|thousand)(?:[\s-]+(?:and\s+)?(?:{SPOKEN_NUMBER}|hundred|thousand)\b)*"


_SPELT = re.compile(rf"(?<![\w'-])(?:[A-HJ-Z]|{_DIGIT_SPOKEN}|dash|hyphen)(?![\w'-])", re.IGNORECASE)


def spoken_codes(text: str) -> str:
    """Codes spelt out letter by letter and digit by digit, in writing ("cage C G zero four one two" -> "cage
    CG0412", "tray D one dash zero six" -> "tray D1-06"): three or more such words with two or more digits and a
    capital letter or a "zero" among them. A digit said before "hundred" or "point" starts a number instead."""
    runs: list[list[re.Match[str]]] = []
    for match in _SPELT.finditer(text):
        if len(match[0]) == 1 and not match[0].isupper():
            runs.append([])  # "a", "s": small letters are words
            continue
        if runs and runs[-1] and not text[runs[-1][-1].end() : match.start()].strip():
            runs[-1].append(match)
        else:
            runs.append([match])
    for run in reversed(runs):
        if run and re.match(r"\s+(?:hundred|thousand|point)\b", text[run[-1].end() :], re.IGNORECASE):
            run = run[:-1]  # "zero six eight hundred millilitres": 06, then 800
        while run and run[-1][0].lower() in {"dash", "hyphen"}:
            run = run[:-1]
        said = [m[0].lower() for m in run]
        digits = [w for w in said if w in _UNITS_SPOKEN or w == "oh"]
        lettered = any(len(m[0]) == 1 for m in run)
        if len(run) < 3 or len(digits) < 2 or not (lettered or {"zero", "oh"} & set(digits)):
            continue
        code = "".join(
            m[0] if len(m[0]) == 1 else "-" if w in {"dash", "hyphen"} else str(_UNITS_SPOKEN.get(w, 0))
            for m, w in zip(run, said, strict=True)
        )
        text = text[: run[0].start()] + code + text[run[-1].end() :]
    return text


def spoken_lengths(text: str) -> str:
    """Lengths of time said in words, in digits ("a forty-five minute countdown" → "a 45 minute countdown", "an
    hour and a half" → "90 minutes"), so the number extractors read them. Only a number word right before a unit of
    time changes: other number words may be part of a title."""
    for pattern, digits in _SPOKEN_LENGTHS:
        text = pattern.sub(digits, text)
    text = re.sub(  # "one and a half litres", "2 and a half hours": a half more, before the unit it measures
        rf"\b({SPOKEN_NUMBER}|\d+)\s+and\s+a\s+half\s+(?=[^\W\d_])",
        lambda m: f"{(int(m.group(1)) if m.group(1).isdigit() else _spoken_value(m.group(1))) + 0.5:g} ",
        text,
        flags=re.I,
    )
    text = re.sub(  # "minus seventy-nine point five": -79.5, "one hundred fifty seven point eight six": 157.86,
        # said the one way a number is never part of a title
        rf"\b(minus\s+|negative\s+)?({_COMPOUND_SPOKEN})\s+point((?:\s+(?:{_DIGIT_SPOKEN}))+)\b",
        lambda m: (
            f"{'-' if m.group(1) else ''}{_spoken_value(m.group(2))}."
            + "".join(str(_UNITS_SPOKEN.get(d, 0)) for d in m.group(3).lower().split())
        ),
        text,
        flags=re.I,
    )

    def hundreds(match: re.Match[str]) -> str:
        said = match.group(1)
        if not re.search(r"hundred|thousand", said, re.I) or _MILITARY.match(match.string, match.start(1)):
            return match.group(0)  # "seventeen hundred hours" is a time of day, read as one
        return str(_spoken_value(said))

    # "two thousand characters", "three hundred and fifty": a hundred or a thousand is a number
    text = re.sub(
        rf"\b(?:an?\s+)?(?=[\w\s-]*?\b(?:hundred|thousand)\b)({_COMPOUND_SPOKEN})\b", hundreds, text, flags=re.I
    )
    return re.sub(
        rf"\b({SPOKEN_NUMBER})(?=[\s-]+{_TIME_UNIT}\b)",
        lambda m: str(_spoken_value(m.group(1))),
        text,
        flags=re.I,
    )


_PERIODS = [
    (r"\b(?:next|coming|this)\s+week\b|\bweek\s+ahead\b|\bweekly\b|\bweek\b|\bweekend\b", 7),
    (r"\bday\s+after\s+tomorrow\b", 3),
    (r"\b(?:tomorrow|tmrw|tmrow|tmr|2morrow|2moro)\b", 2),
    (r"\btoday\b|\btonight\b", 1),
]
_RELATIVE_DAYS = (
    ("day after tomorrow", 2), ("day before yesterday", -2), ("(?:tomorrow|tmrw|tmrow|tmr|2morrow|2moro)", 1),
    ("yesterday", -1), ("today", 0),
    ("tonight", 0), ("right now", 0), ("this morning", 0), ("this evening", 0), ("this afternoon", 0),
)  # fmt: skip
# Days people name instead of a date (northern-hemisphere solstices and equinoxes, as usually meant).
_NAMED_DAYS = (
    (r"\bchristmas\s+eve\b", (12, 24)), (r"\bchristmas(?:\s+day)?\b(?!\s+eve)", (12, 25)),
    (r"\bnew\s+year'?s\s+eve\b", (12, 31)), (r"\bnew\s+year(?:'?s)?(?:\s+day)?\b(?!'?s?\s+eve)", (1, 1)),
    (r"\bwinter\s+solstice\b", (12, 21)), (r"\bsummer\s+solstice\b|\bmidsummer\b", (6, 21)),
    (r"\b(?:spring|vernal|march)\s+equinox\b", (3, 20)), (r"\b(?:autumn(?:al)?|fall|september)\s+equinox\b", (9, 22)),
)  # fmt: skip
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
POLITE = re.compile(
    r"^\s*(?:(?:hey|hi|ok(?:ay)?|so|well|um+|uh+|erm|oh|actually|wait(?=\s*[,:!.–—-])|oops|and|also|now|then|please|pls|plz|kindly|(?:can|could|would|will)\s+(?:you|u)|"
    r"would you mind|while you(?:'re|\s+are)\s+at\s+it|i want you to|i'd like you to|i would like you to|i(?:'d|’d|\s+would)\s+like(?=\s+(?:a|an|another)\s+new\s)|go ahead and|quickly|just|be\s+so\s+kind\s+as\s+to|"
    r"be\s+kind\s+enough\s+to)\b(?!-)[\s,]*)+",
    re.IGNORECASE,
)
_TRAILING = re.compile(  # "…, please make a task for this": pointing back at what came before
    r"(?:(?:^|[\s,.!]+)(?:please|pls|plz|(?:many\s+)?thanks(?:\s+a\s+lot)?|thank you|cheers|for me|right now|now|instead|"
    r"as\s+(?:\w+\s+)?(?:separate\s+|individual\s+|different\s+)?(?:tasks|items|todos|to-dos|entries)|"  # "as 3 tasks"
    r"as\s+(?:one|a\s+single)\s+(?:task|item|to-?do)|"  # "… as one task"
    r"(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:make|add|create|put)\s+"
    r"(?:an?\s+)?(?:task|todo|to-do|reminder|note)\s+(?:for|of|out\s+of|about|from)\s+(?:this|it|that)))*[\s.!?]*$",
    re.IGNORECASE,
)


@dataclass
class Span:
    """A value found in the text, where it was found, and whether it was read (not defaulted)."""

    value: Any
    start: int = -1
    end: int = -1


_KINDS: dict[tuple[str, int], tuple[dict[str, Any], str]] = {}


def kind_of(name: str, prop: dict[str, Any]) -> str:
    """The extractor a parameter needs, judged from its type, name and description (kept per schema object)."""
    known = _KINDS.get((name, id(prop)))
    if known is not None and known[0] is prop:
        return known[1]
    kind = _kind_of(name, prop)
    if len(_KINDS) > 4096:
        _KINDS.clear()
    _KINDS[(name, id(prop))] = (prop, kind)  # the entry keeps the schema alive, so its id is not reused
    return kind


FREE_TEXT = "x-paias-free-text"  # set by a reader that knows the value is free text (a new issue's title)


def _kind_of(name: str, prop: dict[str, Any]) -> str:
    if prop.get(FREE_TEXT):
        return "text"
    kind = prop.get("type")
    if kind is None:
        types = [option.get("type") for option in prop.get("anyOf", []) if isinstance(option, dict)]
        kind = next((t for t in types if t and t != "null"), "string")
    lowered = f"{' '.join(words(name))} {prop.get('description', '')}".lower()
    said = set(words(name))
    if "enum" in prop or any("enum" in o for o in prop.get("anyOf", []) if isinstance(o, dict)):
        return "enum"
    if kind == "string" and described_options(prop):
        return "enum"  # "One of: travel, lodging, meals", "'NovaSeq 6000', 'NextSeq 2000' or 'MiSeq'"
    if kind == "object" and point_axes(prop):
        return "point"  # {"latitude": …, "longitude": …}: a place's coordinates
    if kind == "array" and point_axes(prop.get("items") or {}):
        return "points"
    if kind == "array":
        items = prop.get("items") or {}
        if items.get("type") in {"number", "integer"}:
            return "numbers"
        if said & {"path", "paths", "file", "files", "filename", "filenames"}:  # "files": a list of paths
            return "paths"
        if items.get("type", "string") == "string" and re.search(r"\be-?mail\s+address|\brecipients?\b", lowered):
            return "emails"  # "List of recipient email addresses"
        return "choices" if items.get("type", "string") == "string" else "skip"
    if kind == "number" and said & _WHOLE_NUMBER_NAMES:
        kind = "integer"  # "page", "perPage", "issue_number" published as JSON numbers (as the GitHub server does)
    if kind == "integer" and ("year" in said or re.search(r"\byear\b.*\b(?:19|20)\d\d\b", lowered)):
        return "year"  # a calendar year: named so, or described with one as its example
    if kind == "string" and "year" in said and re.search(r"\b(?:19|20)\d\d-(?:(?:19|20)\d\d)?\b", lowered):
        return "years"  # "Publication year or range, e.g. '2019', '2019-2023', '2020-'": a range written so
    if kind == "integer" and "page" in said:
        return "count"  # "page", "perPage": a position or a size of pagination, never an item's number
    if kind == "integer" and "index" in said and date_end(name) and not said & {"id", "number", "no"}:
        return "count"  # "start_index": a position to read from (a character, a row), not an item's number
    if kind == "integer" and (
        said & {"id", "number", "no", "index"}
        or (re.search(r"(?<!whole )\bnumber\b(?!\s+of\b)", lowered) and not re.search(r"how (?:many|much)", lowered))
    ):
        return "id"
    if kind in _BY_TYPE:
        return _BY_TYPE[kind]
    if prop.get("format") == "date-time" or ("yyyy-mm-dd" in lowered and "hh:mm" in lowered):
        return "datetime"  # "local time YYYY-MM-DDTHH:MM": a day and a time of day, read together
    for marker, found in (
        ("doi", "doi"), ("isbn", "isbn"), ("url", "url"), ("link", "url"), ("e-mail", "email"), ("email", "email"),
        ("iso 4217", "currency"), ("currency", "currency"), ("time zone", "timezone"), ("timezone", "timezone"),
        ("hh:mm", "time_of_day"), ("yyyy-mm-dd", "date"), ("unit", "unit"),
    ):  # fmt: skip
        if marker in lowered and (found != "unit" or said & {"unit", "units"}):  # not "matched against units"
            if found in {"email", "url"} and said & {"id", "ids"} and not said & {"email", "mail", "url", "link"}:
                continue  # "messageId: ID of the email message": the message's identifier, not an address
            if found == "email" and not (said & _ADDRESSES or re.search(r"\be-?mail\s+address", lowered)):
                continue  # "subject: Email subject", "body: Email body content": parts of an e-mail, no address
            return found
    if "language" in lowered and ("iso 639" in lowered or "code" in lowered or "e.g." in lowered):
        return "language"
    if said & {"state", "province"} and re.search(r"\b(?:code|two-letter|2-letter)\b", lowered):
        return "region"  # "Two-letter US state code (e.g. CA, NY)"
    if said & {"tz", "zone"}:
        return "timezone"
    if said & {"path", "file", "directory", "dir", "folder", "filename"} and not (said & {"id", "ids"} - {"path"}):
        return "path"  # (a "fileId" names a file by an identifier of a store's own: a code, below)
    if said & {"city", "location", "place", "country", "town", "region"}:
        return "entity" if code_like(example_of(prop)) else "place"  # "region, e.g. 7:140424943-140624564"
    if said & {"date", "day", "timestamp"} or re.search(
        r"e\.g\.,?\s*['\"‘“]\d{4}-\d{2}-\d{2}|\biso[ -]?8601\b", lowered
    ):
        return "date"  # "start_timestamp", "Accepts ISO 8601 (e.g., '2024-01-15T14:30:25')": a day to read
    if said == {"time"}:
        return "time_of_day"
    if prop.get("pattern"):
        return "pattern"
    if kind == "string" and "id" in said and len(said) >= 2 and not example_of(prop):
        return "code"  # "channel_id", "page_id": an identifier of no published shape ("C024BE91L", "#general")
    if said & {"glob", "pattern", "patterns"} and kind == "string":
        return "glob"
    sample = example_of(prop)
    if said & _ENTITY_NAMES or (sample is not None and len(sample.split()) <= 3 and not said & _FREE_TEXT_NAMES):
        return "entity"
    return "text"


_ADDRESSES = frozenset({"email", "mail", "address", "to", "from", "cc", "bcc", "recipient", "recipients", "sender"})
_WHOLE_NUMBER_NAMES = frozenset({"page", "count", "limit", "number", "num", "no", "id", "index", "top"})
# A number, a yes/no or an object needs its type's extractor, whatever its name says.
_BY_TYPE = {"integer": "count", "number": "amount", "boolean": "flag", "object": "skip"}
_ENTITY_NAMES = frozenset(
    ["name", "title", "symbol", "ticker", "city", "address", "term", "word", "topic", "compound", "repo",
     "repository", "article", "subject", "place", "location", "country", "station", "airport", "company",
     "package", "library", "species", "gene", "protein", "drug", "element"]
)  # fmt: skip
_FREE_TEXT_NAMES = frozenset(
    ["query", "text", "content", "body", "message", "description", "note", "notes", "prompt", "question", "q", "fact"]
)
_EXAMPLE = re.compile(
    r"""e\.g\.,?\s*\[?['"‘“]([^'"’”]+)['"’”]|such as\s+\[?['"‘“]([^'"’”]+)['"’”]"""
    # unquoted, a code of digits and marks ("e.g. ENST00000366667:c.803C>T, 9:g.…", "e.g. 7:140424943-140624564")
    r"""|e\.g\.,?\s*((?=[^\s,;()]*\d)[^\s,;()'"]*?\w[^\w\s,;()'"]+\w[^\s,;()'"]*?)(?=[,;)]|\.?\s|\.?$)"""
    r"|e\.g\.,?\s*([A-Za-z]{1,6}\d{2,})(?=[,;)]|\.?\s|\.?$)"  # "e.g. rs699", "e.g. GSE12345": letters, then digits
)
_PREFIXED = re.compile(r"([A-Za-z]{1,6})\d{2,}")  # the shape of such a code: its letters, then digits
_ACRONYMS = frozenset({"I", "OK", "AM", "PM", "USA", "UK", "EU", "ID", "PDF", "CSV", "API", "GPS", "UTC", "DNA", "RNA"})


def example_of(prop: dict[str, Any]) -> str | None:
    """The example value a parameter's description gives ("Ticker symbol, e.g. 'AAPL'" -> "AAPL")."""
    match = _EXAMPLE.search(prop.get("description", "") or "")
    if match and match.group(3) and _CLOCK_OR_DAY.fullmatch(match.group(3)):
        return None  # "e.g. 2024-01-05", "e.g. 10:30": a day or a time, read as one, not as a code
    return (match.group(1) or match.group(2) or match.group(3) or match.group(4)) if match else None


_CLOCK_OR_DAY = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?Z?)?|\d{1,2}:\d{2}(?::\d{2})?")


def coded(sample: str | None) -> bool:
    """Whether an example is a code a value is found by alone: letters then digits ("rs699", "GSE12345"), or
    ``code_like``."""
    return bool(sample and _PREFIXED.fullmatch(sample)) or code_like(sample)


def code_like(sample: str | None) -> bool:
    """Whether an example is a code of letters or digits joined by marks ("ENST00000366667:c.803C>T",
    "7:140424943-140624564"): a value of its shape is found by its shape alone."""
    return bool(sample) and bool(re.fullmatch(r"[^\s]*\d[^\s]*", sample)) and bool(re.search(r"\w[^\w\s]+\w", sample))


_PROPER = r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)*"
_MONTH_NAMES = frozenset(["january", "february", "march", "april", "may", "june", "july", "august", "september",
                          "october", "november", "december"])  # fmt: skip


def strict_shape(sample: str | None, described: str = "") -> bool:
    """Whether a parameter's example is a tag ("FRZ-01") or a person's name ("Okafor", described as a name): a value
    of that shape is read as written or not at all, never guessed from the request's other words."""
    if sample and (re.fullmatch(r"[A-Z][A-Z0-9]*[-_]\d+", sample) or _named(sample, described)):
        return True
    if not coded(sample) or _CLOCK_OR_DAY.fullmatch(sample or ""):
        return False
    # "7:140424943-140624564", "rs699" — not a strain "e.g. 'C57BL/6J', 'B6', 'BALB/c', 'nude'", also said in words
    return all(coded(other) for other in re.findall(r"['‘\"“]([^'’\"”]{1,40})['’\"”]", described))


def _named(sample: str | None, described: str) -> bool:
    return bool(sample and re.fullmatch(_PROPER, sample) and re.search(r"\b(?:sur)?name\b", described, re.I))


def _abbreviates(prefix: str, word: str) -> bool:
    """ "RM" for "room", "CG" for "cage": the prefix's letters, in order, from the word's first letter."""
    letters = prefix.lower()
    if not letters.isalpha() or len(letters) < 2 or not word.startswith(letters[0]):
        return False
    rest = iter(word[1:])
    return all(c in rest for c in letters[1:])


def shaped(sample: str | None, text: str, described: str = "") -> list[Span]:
    """Values shaped like the description's example: "owner/name" paths, ticker-like capitals ("AAPL"), tags
    ("FRZ-01": as written, or loosely, "frz 3", when its letters are the example's or ones ``described`` lists)."""
    if not sample:
        return []
    if _named(sample, described):  # a person's name ("Okafor"): capitalised words past the sentence's start
        return [
            Span(m.group(0), m.start(), m.end())
            for m in re.finditer(rf"(?:(?:Dr|Prof|Mr|Ms|Mrs)\.?\s+)?{_PROPER}", text)
            if m.start() and not re.search(r"[.!?]\s*$", text[: m.start()])
            and not {w.lower() for w in m.group(0).split()} & (STOPWORDS | _LEAD_WORDS | set(_WEEKDAYS) | _MONTH_NAMES)
        ]  # fmt: skip
    tag = re.fullmatch(r"([A-Z][A-Z0-9]*)([-_])(\d+)", sample)
    if tag:
        known = {tag[1], *re.findall(r"\b[A-Z][A-Z0-9]{1,5}\b", described)}
        # "room 214" for "The room, e.g. 'RM-214'": a word the description says, that the prefix abbreviates
        nouns = {w for w in words(described) if len(w) >= 3 and _abbreviates(tag[1], w)}
        return [
            Span(
                f"{tag[1] if m[1].lower() in nouns else m[1].upper()}{tag[2]}{m[3].zfill(len(tag[3]))}",
                m.start(),
                m.end(),
            )
            for m in re.finditer(rf"(?<![\w-])([A-Za-z][A-Za-z0-9]*?)([\s_-]?)(\d{{1,{len(tag[3])}}})(?![\w-])", text)
            if m[1].upper() in known
            or (m[1].isupper() and m[2] == tag[2] and len(m[3]) == len(tag[3]))
            or (m[1].lower() in nouns and m[2] == " ")
        ]
    if re.fullmatch(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}", sample) and re.search(r"[A-Za-z]", sample):
        return [  # a name of hyphen-joined parts ("RNAseq-liver-B3"): one such token, never a plain word or a date
            Span(m.group(0), m.start(), m.end())
            for m in re.finditer(r"(?<![\w-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![\w-])", text)
            if re.search(r"[A-Za-z]", m.group(0)) and (m.group(0).count("-") >= 2 or re.search(r"[A-Z\d]", m.group(0)))
        ]
    if re.fullmatch(r"[\w.-]+/[\w.-]+", sample):  # "owner/name", also after a host ("github.com/owner/name/…")
        return [
            Span(m.group(1), m.start(1), m.end(1))
            for m in re.finditer(
                r"(?<![\w/])(?:(?:https?://)?(?:[\w-]+\.)+[a-z]{2,}/(?=[\w.-]+/[\w.-]*\w))?([\w.-]+/[\w.-]*\w)(?![\w])",
                text,
            )
            if (m.start(1) > m.start() or not text[m.end() :].startswith("/"))
            and not re.match(r"10\.\d{4,9}/", m.group(1))  # "10.5281/zenodo.13877421" is a DOI, not an owner/name
        ]
    if re.fullmatch(r"[#@]\w[\w.-]*", sample):  # "#general", "@ana": a channel or a handle, as written
        mark = re.escape(sample[0])
        return [Span(m.group(0), m.start(), m.end()) for m in re.finditer(rf"(?<![\w#@]){mark}\w(?:[\w.-]*\w)?", text)]
    if re.fullmatch(r"\d{4,}", sample):  # "digits, e.g. '23287718'": "PMID:23287718", ".../23287718/"
        low, high = max(4, len(sample) - 3), len(sample) + 3
        return [
            Span(m.group(0), m.start(), m.end())
            for m in re.finditer(rf"(?<![\w.-])\d{{{low},{high}}}(?![\d:]|-\d|\.\d)", text)
            if not re.fullmatch(r"(?:19|20)\d\d", m.group(0))
        ]
    if re.fullmatch(r"[A-Z][A-Za-z]*\d+[A-Za-z0-9-]*", sample):  # a symbol with digits ("TP53", "BRCA1")
        return [
            Span(m.group(0), m.start(), m.end())
            for m in re.finditer(r"(?<![\w-])[A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9-]*(?![\w-])", text)
            if m.group(0) not in _ACRONYMS and (any(c.isdigit() for c in m.group(0)) or m.group(0).isupper())
        ]
    if re.fullmatch(r"[A-Z]{1,6}(?:\.[A-Z]{1,3})?", sample):
        common = set() if re.search(r"abbreviation|initialism", described, re.I) else _ACRONYMS
        found = [
            Span(m.group(1), m.start(1), m.end(1))
            for m in re.finditer(r"(?<![\w$-])\$?([A-Z]{2}[A-Z0-9]{0,4}(?:\.[A-Z]{1,3})?)(?!\w|-\d)", text)
            if m.group(1) not in common
        ]
        if not found and text == text.lower():  # "stcok price for nflx": a short last name written in lower case
            tail = re.search(r"\b(?:for|of|on|about)\s+([a-z]{2,5})\s*[?.!]*$", text)
            if tail and tail.group(1) not in STOPWORDS | {"today", "now", "price", "stock", "share", "quote"}:
                found = [Span(tail.group(1).upper(), tail.start(1), tail.end(1))]
        return found
    prefixed = _PREFIXED.fullmatch(sample)
    if prefixed:  # "rs699", "GSE12345": the same letters, then digits ("rs429358", "RS7412")
        return [
            Span(m[1].lower() + m[2] if sample[0].islower() else m[1].upper() + m[2], m.start(), m.end())
            for m in re.finditer(rf"(?<![\w-])({re.escape(prefixed[1])})(\d+)(?![\w-])", text, re.I)
        ]
    if code_like(sample):  # letters and digits in runs, joined by the example's marks, in the same order
        shape = "".join(_RUN if part[0].isalnum() else re.escape(part) for part in _RUNS.findall(sample))
        return [
            Span(re.sub(r"(?<=\d),(?=\d{3})", "", m.group(0)), m.start(), m.end())  # "44,900,000": 44900000
            for m in re.finditer(rf"""(?<![^\s(\['"‘“]){shape}(?=[\s)\]'"’”,;!?]|[.:]?(?:\s|$)|$)""", text)
        ]
    return []


_RUNS = re.compile(r"[A-Za-z0-9]+|[^A-Za-z0-9\s]+")
_RUN = r"(?:[A-Za-z]*\d{1,3}(?:,\d{3})+|[A-Za-z0-9]+)"  # a run of letters or digits, thousands marked or not


_LEAD_WORDS = frozenset(
    ["what", "whats", "what's", "who", "how", "which", "tell", "give", "show", "find", "get", "pull", "check",
     "look", "lookup", "need", "want", "i", "i'd", "please", "me", "the", "a", "an", "is", "are", "do", "does",
     "can", "could", "would", "you", "some", "quick", "short", "and", "now", "also", "then", "oh", "same",
     "exactly", "where", "do", "wheres", "where's", "did", "list"]
)  # fmt: skip


_AND_MORE = re.compile(
    r"\s*(?:,\s*|\s+)(?:and|then)\s+(?:tell|show|give|let|list|what|which|how|where|when|who|also|then|say|do|does|did|is|"
    r"are|can|could|have|has)\b|\s*[?!;]\s+",
    re.IGNORECASE,
)
_QUESTION_TAIL = re.compile(
    r"\s+[-–—]\s+(?:what|which|where|when|who|how|is|are|do|does)\b.*$"
    r"|(?<=\w)\s+(?:says?|said|reads?)\s*\??\s*$",  # "what does step 2 of the passaging SOP say": the asking verb
    re.I,
)
# Words around an entity that are about the asking, not the thing asked about.
_FILLER = frozenset(
    ["please", "pls", "plz", "thanks", "today", "now", "currently", "lately", "recently", "right", "doing", "info", "information",
     "details", "data", "quickly", "asap", "latest", "current", "real", "time", "much", "many", "have", "has",
     "got", "still", "left", "remaining", "enough", "belong", "belongs"]
)  # fmt: skip


def _known(word: str, vocabulary: frozenset[str]) -> bool:
    """A word of the tool's own vocabulary, or the head of a compound it uses ("stock" of "stockroom")."""
    root = stem(word)
    return root in vocabulary or (len(root) >= 4 and any(v.startswith(root) for v in vocabulary))


def _filler(token: str, vocabulary: frozenset[str]) -> bool:
    word = token.lower().strip(" ,.;:!?'\"")
    return word in _FILLER or word in STOPWORDS or _known(word, vocabulary)


RELATIVE_CLAUSE = re.compile(r"(?<=\w)\s+(?:that|which|who)\s+(?=\w)", re.I)


def entity(text: str, vocabulary: frozenset[str]) -> list[Span]:
    """The thing a lookup is about: quoted text; what follows a colon; the phrase after the last "of / for / on /
    about / in" that says more than the tool's own words; else the request without its leading words."""
    quoted = [Span(m.group(1).strip(), m.start(1), m.end(1)) for m in QUOTED.finditer(text)]
    if quoted:
        return quoted
    text = _QUESTION_TAIL.sub("", _AND_MORE.split(text, maxsplit=1)[0])  # "geocode Gouda and tell me which …"
    relative = RELATIVE_CLAUSE.search(text)
    if relative and (before := entity(text[: relative.start()], vocabulary)):
        return before  # "a p53 antibody that works in zebrafish": the antibody's target, not where it works

    def clean(value: str) -> str:
        value = re.sub(r"^(?:the|a|an|my|our)\s+", "", value.strip(" ,.;:!?'\""), flags=re.IGNORECASE)
        value = re.sub(
            r"(?:^|\s+)(?:please|pls|repo|repository|page|article|entry|today|now|in|on|of|for|at|to|with|against)$",
            "",
            value,
            flags=re.IGNORECASE,
        )
        tokens = value.split()
        while len(tokens) > 1 and _filler(tokens[-1], vocabulary):  # "paracetamol molecular formula pls"
            tokens.pop()
        while len(tokens) > 1 and _filler(tokens[0], vocabulary):
            tokens.pop(0)
        value = re.sub(r"^(?:\d+\s*)?[x×]\s+(?:\d+(?:[.,]\d+)?\s*[a-zµ]{1,2}\s+)?", "", " ".join(tokens))
        return value.strip(" ,.;:!?")  # "2 x 500ml FBS": FBS

    def meaningful(value: str) -> bool:  # "same again for Friday, but at 15:00" names nothing
        return any(
            w not in STOPWORDS | {"but"} and w not in _FILLER and not _known(w, vocabulary) for w in words(value)
        )

    if ":" in text:
        after = clean(text.split(":", 1)[1])
        if after and meaningful(after):
            if not re.search(r"\b(?:of|for|about|called|named)\s", after):
                return [Span(after, text.index(":") + 1, len(text))]
            text = " " * (text.index(":") + 1) + text.split(":", 1)[1]  # "quick q: latin name for the X"
    ends = [m.end() for m in re.finditer(r"\b(?:of|for|on|about|regarding|in|at|against|called|named)\s+", text, re.I)]
    ends = ends or [m.end() for m in re.finditer(r"\bfrom\s+", text, re.IGNORECASE)]  # "collect from the cold room"
    for begin in reversed(ends):
        tail = re.split(r"[?!;]|\.(?!\d)|,\s+(?=[a-z])", text[begin:], maxsplit=1)[0]  # "Room 2.105, they'll …"
        value = clean(tail)
        if value and meaningful(value):
            return [Span(value, begin, begin + len(tail))]
    tokens = text.split()
    if tokens and tokens[0].lower() in catalogue().asking_words:  # "buy 100 mL Tween 20": the verb of the asking
        tokens.pop(0)
    while tokens and (
        tokens[0].lower().strip(",:?") in _LEAD_WORDS or stem(tokens[0].lower().strip(",:?")) in vocabulary
    ):
        tokens.pop(0)
    value = clean(" ".join(tokens))
    return [Span(value)] if value and meaningful(value) else []


_PAIR_MARKS = frozenset(
    {"a", "b", "c", "1", "2", "3", "first", "second", "third", "one", "two", "left", "right", "x", "y"}
)
_PAIR_JOIN = re.compile(
    r"\s+(?:and|with|vs\.?|versus|against|next\s+to|alongside|beside|together\s+with|near|plus|&|\+)\s+|\s*,\s*", re.I
)


def paired(properties: dict[str, Any]) -> list[list[str]]:
    """Parameters that differ only by a mark ("chemical_a" / "chemical_b", "first_gene" / "second_gene"): one kind
    of value, several times, in the order the request says them."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for name, prop in properties.items():
        said = words(name)
        if prop.get("type", "string") != "string" or "enum" in prop or prop.get("pattern") or len(said) < 2:
            continue
        if said[-1] in _PAIR_MARKS:
            groups.setdefault(tuple(said[:-1]), []).append(name)
        elif said[0] in _PAIR_MARKS:
            groups.setdefault(tuple(said[1:]), []).append(name)
    return [names for names in groups.values() if len(names) >= 2]


def pair_values(text: str, count: int, vocabulary: frozenset[str]) -> list[Span]:
    """``count`` names joined in the request ("store bleach with ammonia", "sodium hydroxide and hydrochloric
    acid", "A vs B"): the words that name things on each side of the joins, nearest first."""

    def naming(token: str) -> bool:
        word = token.lower().strip(" ,.;:!?'\"()")
        return bool(word) and not (
            _filler(word, vocabulary)
            or word in _LEAD_WORDS
            or word in catalogue().asking_words
            or word in {"whether", "if", "that", "ok", "okay", "safe", "fine"}
            or (len(word) > 4 and word.endswith(("ed", "ing")) and word in dictionary())  # "stored", "mixing"
        )

    def run(tokens: list[str], backwards: bool) -> list[str]:
        found: list[str] = []
        for token in reversed(tokens) if backwards else tokens:
            if not naming(token) or (found and re.search(r"[,.;:!?]$", token if backwards else found[-1])):
                break
            found.append(token)
        return list(reversed(found)) if backwards else found

    joins = list(_PAIR_JOIN.finditer(text))
    for first in range(len(joins) - count + 2):
        chosen = joins[first : first + count - 1]
        pieces = [text[: chosen[0].start()]]
        pieces += [text[a.end() : b.start()] for a, b in pairwise(chosen)]
        pieces.append(text[chosen[-1].end() :])
        before = pieces[0].split()
        names = [run(before, backwards=True)]
        subject = before[-len(names[0]) - 1].lower() if 0 < len(names[0]) < len(before) else ""
        if len(names[0]) > 1 and subject in {"i", "we", "you", "they", "to", "can", "could", "should", "may"}:
            names[0] = names[0][1:]  # "can I take ibuprofen with …": the word after a subject is its verb
        names += [run(p.split(), backwards=False) for p in pieces[1:]]
        if not names[0]:  # "peroxide can be stored with acetone": the thing said first in the clause
            head = [t for t in pieces[0].split() if naming(t)]
            names[0] = head[:1]
        values = [" ".join(n).strip(" ,.;:!?'\"()") for n in names]
        if all(values) and len({v.lower() for v in values}) == count:
            return [Span(v, text.find(v), text.find(v) + len(v)) for v in values]
    return []


def regions(text: str) -> list[Span]:
    """State codes: said as a code ("CA") or by the state's name ("California", "new york")."""
    known = catalogue().regions
    found = [Span(m.group(0), m.start(), m.end()) for m in re.finditer(r"\b[A-Z]{2}\b", text) if m.group(0) in known]
    return sorted(found + named_codes(known, text), key=lambda s: s.start)


def named_codes(table: Mapping[str, tuple[str, ...]], text: str) -> list[Span]:
    """The codes of a catalogue table (currencies, languages, regions) whose names the text uses, in order: a name
    of words as whole words, a symbol anywhere ("€"); of overlapping names the longest ("canadian dollars")."""
    lowered = text.lower()
    matches = []
    for code, names in table.items():
        for name in names:
            pattern = rf"\b{re.escape(name)}\b" if name.replace(" ", "").isalpha() else re.escape(name)
            matches += [Span(code, m.start(), m.end()) for m in re.finditer(pattern, lowered)]
    found: list[Span] = []
    for span in sorted(matches, key=lambda s: s.end - s.start, reverse=True):
        if not any(s.start < span.end and span.start < s.end for s in found):
            found.append(span)
    return sorted(found, key=lambda s: s.start)


def language(text: str) -> list[Span]:
    """Languages named in the request, as ISO 639-1 codes ("into German" -> "de")."""
    return named_codes(catalogue().languages, text)


def role_of(name: str) -> str | None:
    """Which end of a pair a parameter is: "source" (source_timezone, from_unit) or "target" (to_currency)."""
    said = words(name)
    if said and said[0] in {"source", "from", "src", "origin", "origins", "input"}:
        return "source"
    if said and said[0] in {"target", "to", "dest", "destination", "destinations", "output"}:
        return "target"
    return None


# "from A to B, C and D", "between A and B": the two ends of a trip (read before a mode or the sentence's end)
_TRIP = re.compile(
    r"(?:\bfrom\s+(?P<a>.+?)\s+to\s+(?P<b>.+?)|\bbetween\s+(?P<c>.+?)\s+and\s+(?P<d>.+?)|"
    r"\bto\s+(?P<f>.+?)\s+from\s+(?P<e>.+?))"
    r"(?=\s*(?:,?\s*\b(?:by|via|using|on\s+foot|walking|driving|cycling|biking|with|please|pls|today|tomorrow|now)\b|"
    r"[?!]|\.(?:\s|$)|$))",
    re.IGNORECASE,
)


_WHEN = re.compile(
    rf"\d|(?:today|tonight|tomorrow|yesterday|noon|midnight|next|this|{'|'.join(_WEEKDAYS)}|{'|'.join(_MONTH_NAMES)})\b",
    re.IGNORECASE,
)


def trip_ends(text: str) -> dict[str, Span]:
    """The start and the end of a trip a request names ("directions from Denver airport to CU Anschutz")."""
    said = _TRIP.search(text)
    if said is None:
        return {}
    start, end = ("a", "b") if said["a"] else ("c", "d") if said["c"] else ("e", "f")  # "to B from A" too
    if any(_WHEN.match(said[group]) for group in (start, end)):
        return {}  # "from 3 to 7 December", "from Monday to Friday": two days, not two places
    return {
        "source": Span(said[start].strip(" ,"), said.start(start), said.end(start)),
        "target": Span(said[end].strip(" ,"), said.start(end), said.end(end)),
    }


_DOTTED = re.compile(r"(?<![\w.,])(?P<h>[01]?\d|2[0-3])\.(?P<m>[0-5]\d)(?![\w.,]*\d)(?!\s*(?:[%°]|[ap]\.?m))")
_AT = re.compile(r"\b(?:at|from|until|till|by|before|after)\s+$", re.I)


def _dotted(text: str) -> list[Span]:
    """ "17.30" is a clock time only when said like one: after "at" / "from", or before a place ("17.30 Berlin
    time", "9.15 in Tokyo"); "room 3.14" and "2.50 euros" are numbers."""
    found = []
    for match in _DOTTED.finditer(text):
        placed = any(re.fullmatch(r"\s+(?:in\s+)?", text[match.end() : offset]) for offset, _ in locate_places(text))
        if placed or _AT.search(text[: match.start()]):
            found.append(Span(f"{int(match.group('h')):02d}:{match.group('m')}", match.start(), match.end()))
    return found


def time_of_day(text: str) -> list[Span]:
    """Times of day as 24-hour HH:MM ("3pm" -> "15:00", "9:30 am" -> "09:30", "noon" -> "12:00", "at 17.30")."""
    found = _dotted(text)
    for match in _TIME.finditer(text):
        if match.group("word"):
            value = "00:00" if match.group("word").lower() == "midnight" else "12:00"
        elif match.group("hh"):  # "15h" is a time of day; "for 12h", "in 2h" are lengths
            if re.search(r"\b(?:for|in|every|after|within|over|last|past|next)\s*$", text[: match.start()], re.I):
                continue
            value = f"{int(match.group('hh')):02d}:00"
        elif match.group("bare"):
            hour = int(match.group("bare"))
            value = f"{hour + (12 if 1 <= hour <= 6 else 0):02d}:00"  # "at 3", "from 3 for an hour": the afternoon
        elif match.group("ampm"):
            hour, minute = int(match.group("h")), int(match.group("m") or 0)
            if not 1 <= hour <= 12 or minute > 59:
                continue
            hour = hour % 12 + (12 if match.group("ampm").lower().startswith("p") else 0)
            value = f"{hour:02d}:{minute:02d}"
        else:
            value = f"{int(match.group('h24')):02d}:{match.group('m24')}"
        found.append(Span(value, match.start(), match.end()))
    for match in _HOURS_WRITTEN.finditer(text):  # "0930h", "1430 hrs": military style
        if not any(s.start <= match.start() < s.end or match.start() <= s.start < match.end() for s in found):
            found.append(Span(f"{match[1]}:{match[2]}", match.start(), match.end()))
    return sorted(found, key=lambda span: span.start)


_RANGE = re.compile(
    r"\b(?:from\s+)?(?P<a>\d{1,2}(?:[:.]\d{2})?)\s*(?P<ap>[ap]\.?m\.?)?\s*(?:to|until|till|-|–|—)\s*"
    r"(?P<b>\d{1,2}(?:[:.]\d{2})?)(?![:.]?\d)\s*(?P<bp>[ap]\.?m\.?)?(?!\s*(?:%|degrees|°))",
    re.IGNORECASE,
)


def time_range(text: str) -> tuple[Span, int] | None:
    """A span of the day ("from 1 to 3pm", "9:30–11:00"): its start as HH:MM and its length in minutes."""
    for match in _RANGE.finditer(text):
        a, b = match.group("a"), match.group("b")
        if not (match["ap"] or match["bp"] or re.search(r"[:.]", a + b) or match[0].lower().startswith("from")):
            continue  # "3-5" alone could be anything
        if (
            not match.group("bp")
            and ":" not in b
            and re.match(r"\s*(?!(?:for|to|at|on|in|with|and|or|pm|am)\b)[a-z]{2,}", text[match.end() :], re.I)
        ):
            continue  # "2 to 3 weeks", "3-5 days": a count of something else

        def minutes(value: str, half: str | None) -> int:
            hour, _, minute = value.replace(".", ":").partition(":")
            h = int(hour) % 12 + (12 if half and half.lower().startswith("p") else 0) if half else int(hour)
            return h * 60 + int(minute or 0)

        end = minutes(b, match.group("bp"))
        hours = [int(re.split(r"[:.]", v)[0]) for v in (a, b)]
        start = minutes(a, match.group("ap") or (match.group("bp") if hours[0] <= hours[1] else None))
        if not match.group("ap") and not match.group("bp") and start < 7 * 60 and ":" not in a:
            start += 12 * 60  # "from 1 to 3" in a working day is the afternoon
        if end < start and not match.group("bp") and end < 12 * 60:
            end += 12 * 60  # "from 1 to 3", "from 10 to 2": the end in the afternoon too
        length = end - start
        if 0 < length <= 16 * 60 and start < 24 * 60:
            return Span(f"{start // 60:02d}:{start % 60:02d}", match.start(), match.end()), length
    return None


_LOOKING_BACK = re.compile(
    r"\b(?:was|were|did|had|got|gave|paid|spent|bought|went|came|took|since|ago|yesterday|happened)\b"
    r"|\b(?:i|we|he|she|they)\s+(?:\w+ly\s+)?\w{3,}ed\b",
    re.I,
)


def looks_back(text: str, prop: dict[str, Any] | None = None) -> bool:
    """Whether a day said without a year or a week ("on Friday", "15 November") is one already past: the request
    tells of something done ("I watered it on Friday", "since 1 November"), or the parameter cannot be in the future."""
    described = str((prop or {}).get("description") or "")
    return bool(
        _LOOKING_BACK.search(text)
        or re.search(r"\b(?:cannot|can't|not|never)\s+(?:be\s+)?in\s+the\s+future", described, re.I)
        or re.search(r"\b(?:was|were)\s+(?:taken|collected|measured|made|done)\b", described, re.I)  # "When it was
        # taken": a sample logged "on Friday" was taken last Friday; a receipt's date is one already spent
        or re.search(r"\b(?:receipts?|expenses?|purchased?|incurred|occurred|happened)\b", described, re.I)
    )


_START_WORDS = frozenset(
    {"start", "from", "since", "after", "begin", "min", "earliest", "first", "newer", "depart", "departure", "arrival"}
)
_END_WORDS = frozenset({"end", "to", "until", "before", "max", "latest", "last", "older", "till", "return", "back"})
RANGE_WORDS = _START_WORDS | _END_WORDS
_NIGHTS = re.compile(rf"\bfor\s+(?P<n>\d{{1,2}}|{SPOKEN_NUMBER}|a)\s+(?P<u>nights?|weeks?)\b", re.I)
_PERIOD = re.compile(r"\b(last|this|past|previous)\s+(week|month|year)\b", re.I)


_SPAN_BACK = re.compile(
    rf"\b(?:the\s+)?(?:last|past|previous)\s+(?P<n>{SPOKEN_NUMBER}|\d{{1,3}})?\s*(?P<u>days?|weeks?|months?|years?)\b",
    re.IGNORECASE,
)
_IN_MONTH = re.compile(
    r"\b(?P<w>during|in|for|throughout|since)\s+(?P<m>january|february|march|april|may|june|july|august|september"
    r"|october|november|december)\b",
    re.IGNORECASE,
)
# "in 2025", "from 2026", "since 2024": a calendar year as the range (never "2026-11-02" nor "2024 to 2026")
_IN_YEAR = re.compile(
    r"\b(?P<w>in|during|throughout|from|since)\s+(?P<y>(?:19|20)\d\d)\b(?![-/.:]\d)(?!\s*(?:to|until|till|-|–)\s*\d)",
    re.IGNORECASE,
)


def takes_time(name: str, prop: dict[str, Any]) -> bool:
    """Whether a date parameter is a moment: its example has a time ("e.g. '2026-01-08T15:00'"), or it is named or
    described as a time, a date-time or a timestamp and written in ISO 8601."""
    described = str(prop.get("description") or "")
    if re.search(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}", described):
        return True
    said = set(words(f"{name} {described}"))
    return bool(said & {"time", "datetime", "timestamp"}) and bool(re.search(r"iso|yyyy", described, re.I))


def clock_for(name: str, text: str) -> tuple[str, list[Span]] | None:
    """The time of day a moment parameter takes, and the words that say it: the start of the span the request gives,
    or its end for an end ("from 10 to 11:30", "at 3pm for an hour" -> 16:00); nothing when an end is asked for and
    none is said."""
    span = time_range(text)
    clocks = [span[0]] if span else time_of_day(text)[:1]
    if not clocks:
        return None
    start = str(clocks[0].value)
    length = measured("minutes", {"type": "integer"}, text) if span is None else Span(span[1])
    said = clocks + ([length] if length is not None and length.start >= 0 else [])
    if date_end(name) != "end":
        return start, said
    if length is None:
        return None  # an end with no span and no length said: asked for, never guessed
    minutes = int(start[:2]) * 60 + int(start[3:5]) + int(length.value)
    return (f"{minutes // 60:02d}:{minutes % 60:02d}", said) if minutes < 24 * 60 else None


def date_end(name: str) -> str | None:
    """Which end of a range a date parameter is ("startDate", "date_from" -> "start"; "endDate", "until" -> "end")."""
    said = set(words(name))
    return "start" if said & _START_WORDS else "end" if said & _END_WORDS else None


def date_ends(text: str, today: date, *, back: bool = False) -> dict[str, Span]:
    """The ends of the range of days a request names: "last month" (both), "since 1 November" (the start), "before
    Friday" (the end), "between X and Y" / "from X to Y" (both); one day with neither word is both ends."""
    period = _PERIOD.search(text)
    if period:
        which, unit = period[1].lower(), period[2].lower()
        if unit == "week":
            first = today - timedelta(days=today.weekday()) - timedelta(days=7 if which != "this" else 0)
            last = first + timedelta(days=6)
        elif unit == "month":
            first = (
                today.replace(day=1) if which == "this" else (today.replace(day=1) - timedelta(days=1)).replace(day=1)
            )
            last = (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
        else:
            first = date(today.year - (which != "this"), 1, 1)
            last = date(first.year, 12, 31)
        last = min(last, today) if which == "this" else last
        return {"start": Span(first.isoformat(), period.start(), period.end()),
                "end": Span(last.isoformat(), period.start(), period.end())}  # fmt: skip
    span = _SPAN_BACK.search(text)  # "the last two weeks", "past 3 days": from that long ago until now
    if span:
        count = 1 if span["n"] is None else count_value(span["n"].lower())
        unit = span["u"].lower()
        days = count * {"d": 1, "w": 7, "m": 30, "y": 365}[unit[0]]
        return {"start": Span((today - timedelta(days=days)).isoformat(), span.start(), span.end())}
    month = _IN_MONTH.search(text)
    if month and not re.search(r"\d", text[month.end() : month.end() + 4]):  # "during October": its first to last day
        number = _MONTHS.index(month["m"].lower()[:3]) + 1
        since = month["w"].lower() == "since"  # "since March": the last one begun, until now
        years = [
            y
            for y in (today.year - 1, today.year, today.year + 1)
            if not (back or since) or date(y, number, 1) <= today
        ]
        first = min((date(y, number, 1) for y in years), key=lambda d: abs((d - today).days))  # the nearest one
        last = (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
        start = Span(first.isoformat(), month.start(), month.end())
        return (
            {"start": start} if since else {"start": start, "end": Span(last.isoformat(), month.start(), month.end())}
        )
    year = _IN_YEAR.search(text)
    if year:
        first, last = (
            date(int(year["y"]), 1, 1),
            min(date(int(year["y"]), 12, 31), max(today, date(int(year["y"]), 1, 1))),
        )
        start = Span(first.isoformat(), year.start(), year.end())
        if year["w"].lower() in {"from", "since"}:
            return {"start": start}
        return {"start": start, "end": Span(last.isoformat(), year.start(), year.end())}
    said = dates(text, today, back=back, nearest=True)
    if len(said) >= 2:
        return {"start": said[0], "end": said[1]}
    if not said:
        return {}
    stay = _NIGHTS.search(text, said[0].end)  # "on 9 December for 2 nights": the day after the last night
    if stay:
        count = 1 if stay["n"].lower() == "a" else count_value(stay["n"])
        last = date.fromisoformat(said[0].value) + timedelta(days=count * (7 if stay["u"].lower()[0] == "w" else 1))
        return {"start": said[0], "end": Span(last.isoformat(), stay.start(), stay.end())}
    before = words(text[: said[0].start])[-2:]
    if set(before) & {"since", "from", "after", "starting"}:
        return {"start": said[0]}
    if set(before) & {"until", "till", "before", "by"}:
        return {"end": said[0]}
    return {"start": said[0], "end": said[0]}


_DAY_ORDINAL_VALUES = {
    word: index + 1
    for index, word in enumerate(
        [
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
            "thirteenth",
            "fourteenth",
            "fifteenth",
            "sixteenth",
            "seventeenth",
            "eighteenth",
            "nineteenth",
            "twentieth",
        ]
    )
}
_DAY_ORDINAL_VALUES |= {f"twenty{dash}{word}": 20 + value for word, value in list(_DAY_ORDINAL_VALUES.items())[:9]
                        for dash in ("-", " ")} | {"thirtieth": 30, "thirty-first": 31, "thirty first": 31}  # fmt: skip
_DAY_ORDINALS = "|".join(sorted(_DAY_ORDINAL_VALUES, key=len, reverse=True))


def dates(text: str, today: date, *, back: bool = False, nearest: bool = False) -> list[Span]:
    """Dates as YYYY-MM-DD: today, tomorrow, weekdays ("on Friday", "next Tuesday"), "3 December", ISO dates; with
    ``back``, a weekday or a day of a month without a year is the last one, not the next; with ``nearest``, a day of a
    month without a year is the one nearest today (a range searched: "between 3 and 10 November")."""
    found: list[Span] = []
    lowered = text.lower()
    for match in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", lowered):
        found.append(Span(match.group(0), match.start(), match.end()))
    for word, delta in _RELATIVE_DAYS:
        for match in re.finditer(rf"\b{word}\b", lowered):
            if not any(s.start <= match.start() < s.end for s in found):
                found.append(Span((today + timedelta(days=delta)).isoformat(), match.start(), match.end()))
    for match in re.finditer(
        rf"\b(?:in\s+)?({_COUNT_WORDS}|\d{{1,3}}|a|an)\s+(day|week)s?(\s+from\s+(?:now|today)|\s+ago)?\b", lowered
    ):
        if not (match.group(0).startswith("in ") or match.group(3)):
            continue  # "2 days" is a length; "in 2 days", "2 days from now" and "2 days ago" are dates
        count = 1 if match.group(1) in {"a", "an"} else count_value(match.group(1))
        days = count * (7 if match.group(2) == "week" else 1) * (-1 if (match.group(3) or "").endswith("ago") else 1)
        found.append(Span((today + timedelta(days=days)).isoformat(), match.start(), match.end()))
    for pattern, (month_, day_) in _NAMED_DAYS:
        for match in re.finditer(pattern, lowered):
            value = date(today.year, month_, day_)
            found.append(Span((value if value >= today else value.replace(year=today.year + 1)).isoformat(),
                              match.start(), match.end()))  # fmt: skip
    for match in re.finditer(r"\b(next\s+|this\s+|on\s+)?(" + "|".join(_WEEKDAYS) + r")\b", lowered):
        target = _WEEKDAYS.index(match.group(2))
        if back and (match.group(1) or "").strip() != "next":  # "I watered it on Friday": the Friday just gone
            found.append(Span((today - timedelta(days=(today.weekday() - target) % 7 or 7)).isoformat(),
                              match.start(), match.end()))  # fmt: skip
            continue
        ahead = (target - today.weekday()) % 7 or 7
        if (match.group(1) or "").strip() == "next" and ahead < 7 and today.weekday() != 6:
            ahead += 7 if ahead <= (6 - today.weekday()) else 0
        found.append(Span((today + timedelta(days=ahead)).isoformat(), match.start(), match.end()))
    for match in re.finditer(
        r"\b(?:from|on|since|after|until|till|by|before)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b"
        r"(?!\s+(?!on\b|onwards?\b)[a-z])",
        lowered,
    ):  # "from the 3rd on": next such day
        ahead = date(today.year + today.month // 12, today.month % 12 + 1, 1)
        try:
            value = today.replace(day=int(match.group(1)))
            found.append(Span((value if value >= today else ahead.replace(day=value.day)).isoformat(),
                              match.start(), match.end()))  # fmt: skip
        except ValueError:
            continue
    month = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
    day_ = rf"(\d{{1,2}}(?:st|nd|rd|th)?|{_DAY_ORDINALS})"  # "15th", "the fifteenth"
    for match in re.finditer(rf"\b(?:the\s+)?{day_}\s+(?:of\s+)?{month}\b|\b{month}\.?\s+(?:the\s+)?{day_}\b", lowered):
        said_day = match.group(1) or match.group(4)
        day = _DAY_ORDINAL_VALUES[said_day] if said_day in _DAY_ORDINAL_VALUES else int(said_day.rstrip("stndrh"))
        name = (match.group(2) or match.group(3))[:3]
        year = re.match(r",?\s*((?:19|20)\d\d)\b(?![-/.:]\d)", lowered[match.end() :])  # "1 March 2026": that one
        try:
            value = date(int(year[1]) if year else today.year, _MONTHS.index(name) + 1, day)
        except ValueError:
            continue
        if year is None and nearest and not back:
            value = min((value.replace(year=value.year + k) for k in (-1, 0, 1)), key=lambda v: abs((v - today).days))
        elif year is None and value < today and not back:
            value = value.replace(year=today.year + 1)
        elif year is None and value > today and back:
            value = value.replace(year=today.year - 1)
        found.append(Span(value.isoformat(), match.start(), match.end() + (year.end() if year else 0)))
        first = re.search(
            r"(?<![\w.:/-])(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|–|to|until|till)\s*$", lowered[: match.start()]
        )
        if match.group(1) and first and int(first.group(1)) < day:  # "3 to 7 December", "11-16 January": both days
            found.append(Span(value.replace(day=int(first.group(1))).isoformat(), first.start(), first.end()))
    for match in re.finditer(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b", lowered):  # "14 December, back the 16th"
        said = [s for s in found if s.end <= match.start() and re.fullmatch(r"\d{4}-\d\d-\d\d", s.value)]
        if said and not any(s.start <= match.start() < s.end for s in found):
            earlier = date.fromisoformat(max(said, key=lambda s: s.end).value)
            try:
                value = earlier.replace(day=int(match.group(1)))
            except ValueError:
                continue
            if value < earlier:
                value = (value.replace(day=1) + timedelta(days=32)).replace(day=value.day)
            found.append(Span(value.isoformat(), match.start(), match.end()))
    return sorted(found, key=lambda s: s.start)


def numbers(text: str) -> list[Span]:
    """Numbers as written (digits, or number words up to ninety-nine), with their positions."""
    found = [
        Span(written_number(m[0]) if re.search(r"[.,]", m[0]) else int(m[0]), m.start(), m.end())
        for m in _NUMBER.finditer(text)
    ]
    for match in re.finditer(rf"\b(?!zero\b){SPOKEN_NUMBER}\b", text.lower()):  # "twenty bucks", "thirty-two"
        if match.group(0) == "one" and re.search(
            r"\b(?:another|the|this|that|which|each|any)\s+$", text[: match.start()], re.I
        ):
            continue  # "another one for 25 minutes": a pronoun, not a number
        found.append(Span(_spoken_value(match.group(0)), match.start(), match.end()))
    return sorted(found, key=lambda s: s.start)


_DEGREES = r"(?P<deg>\d{1,3}(?:\.\d+)?)\s*°?\s*(?:(?P<min>\d{1,2}(?:\.\d+)?)\s*[′']\s*(?:(?P<sec>\d{1,2}(?:\.\d+)?)\s*[″\"]\s*)?)?"
_HEMISPHERE = re.compile(_DEGREES + r"(?P<hemi>[NSEWnsew])\b")
_LABELLED = re.compile(
    r"\b(?P<axis>lat(?:itude)?|lon(?:gitude)?|lng|long)\b[\s:=]*(?P<value>-?\d{1,3}(?:\.\d+)?)", re.I
)
_PLAIN_PAIR = re.compile(
    r"(?<![\w.-])(?<!\d\s)(?<!\d,)(?<!\d,\s)(?P<a>-?\d{1,2}(?:\.\d+)?)\s*(?:,\s*|\s+|/\s*)(?P<b>-?\d{1,3}(?:\.\d+)?)(?![\w.]|\s*°|,?\s*-?\d+(?:\.\d+)?(?![\d.:/-]))"
)


def coordinates(text: str) -> tuple[Span, Span] | None:
    """A latitude and longitude as written: "52.52°N 13.40°E", "33.87 S, 151.21 E", "47°22′N 8°33′E",
    "lat 64.15 lon -21.94" or a plain decimal pair "59.91, 10.75", "42.89/-78.88" (south and west are negative)."""
    marked = list(_HEMISPHERE.finditer(text))
    lat = next((m for m in marked if m.group("hemi").upper() in "NS"), None)
    lon = next((m for m in marked if m.group("hemi").upper() in "EW"), None)
    if lat and lon:
        return _degrees(lat), _degrees(lon)
    labelled = {m.group("axis").lower()[:3]: m for m in _LABELLED.finditer(text)}
    if "lat" in labelled and ({"lon", "lng"} & labelled.keys()):
        a, b = labelled["lat"], labelled.get("lon") or labelled["lng"]
        return Span(float(a["value"]), a.start(), a.end()), Span(float(b["value"]), b.start(), b.end())
    for match in _PLAIN_PAIR.finditer(text):
        first, second = float(match.group("a")), float(match.group("b"))
        decimal = "." in match.group("a") or "." in match.group("b")
        if decimal and abs(first) <= 90 and abs(second) <= 180:
            return Span(first, match.start("a"), match.end("a")), Span(second, match.start("b"), match.end("b"))
    return None


def coordinate_pairs(text: str) -> list[tuple[Span, Span]]:
    """Every latitude and longitude pair a request writes, in order ("39.7392,-104.9903 and 39.8561,-104.6737")."""
    found = []
    while (pair := coordinates(text)) is not None and len(found) < 50:
        found.append(pair)
        start, end = min(pair[0].start, pair[1].start), max(pair[0].end, pair[1].end)
        text = text[:start] + " " * (end - start) + text[end:]  # masked, so the next pair is found
    return sorted(found, key=lambda p: p[0].start)


def axis_of(name: str) -> int | None:
    """0 for a latitude parameter, 1 for a longitude one."""
    said = set(words(name))
    if said & {"lat", "latitude"}:
        return 0
    if said & {"lon", "lng", "long", "longitude"}:
        return 1
    return None


def point_axes(schema: dict[str, Any]) -> tuple[str, str] | None:
    """The latitude and longitude property names of an object schema, when it is a point."""
    names = list((schema.get("properties") or {}) if schema.get("type", "object") == "object" else {})
    lat = next((n for n in names if axis_of(n) == 0), None)
    lon = next((n for n in names if axis_of(n) == 1), None)
    return (lat, lon) if lat and lon else None


def _degrees(match: re.Match[str]) -> Span:
    sign = -1 if match.group("hemi").upper() in "SW" else 1
    value = float(match.group("deg")) + float(match.group("min") or 0) / 60 + float(match.group("sec") or 0) / 3600
    return Span(sign * round(value, 4), match.start(), match.end())


def number_lists(text: str) -> list[Span]:
    """Runs of two or more numbers written as a list ("1 2 3", "12.1, 11.8, 12.6", "five, seven and nine"), in
    order; "vs", "and" between runs, a label ("control: …") or a "/" separates them."""
    spans = [s for s in numbers(text) if not _inside_time(s, text)]
    runs: list[list[Span]] = []
    for span in spans:
        gap = text[runs[-1][-1].end : span.start] if runs else ""
        joined = runs and re.fullmatch(r"[\s,;%]*(?:and\s+)?", gap) is not None
        if joined and gap.strip(" ,;%") == "and" and not _list_ends(text, span):
            joined = False  # "4.1, 4.3, 3.9 and 5.0, 5.2, 4.8": two lists; "five, seven and nine": one
        if joined:
            runs[-1].append(span)
        else:
            runs.append([span])
    return [Span([s.value for s in run], run[0].start, run[-1].end) for run in runs if len(run) >= 2]


def _list_ends(text: str, span: Span) -> bool:
    """Whether the number after an "and" closes its list (no further number follows it as part of the list)."""
    return re.match(r"[\s%]*(?:[,;]\s*-?\d|\s+-?\d)", text[span.end :]) is None


def _inside_time(span: Span, text: str) -> bool:
    return any(t.start <= span.start < t.end for t in time_of_day(text)) or bool(
        re.match(r"\d{4}-\d{2}-\d{2}", text[span.start :])
    )


def ordinals(text: str) -> list[Span]:
    """Ordinal references ("the second one", "the last task") as positions in a list (1-based; -1 = last, -2 the
    one before it); "the last two" / "the first 3" are that many positions."""
    lowered = text.lower()
    counted = re.search(
        rf"\b(first|last)\s+({_COUNT_WORDS}|\d{{1,2}})\b(?!\s*(?:days?|weeks?|months?|years?|hours?|minutes?|mins?))",
        lowered,
    )
    n = count_value(counted.group(2)) if counted else 0
    if counted and n >= 2:  # "the last one" is one position
        places = range(1, n + 1) if counted.group(1) == "first" else range(-n, 0)
        return [Span(place, counted.start(), counted.end()) for place in places]
    before_last = re.search(
        r"\b(?:(second|third)[\s-]+(?:to[\s-]+|from[\s-]+(?:the[\s-]+)?)?last|penultimate)\b", lowered
    )
    if before_last:  # "the second to last one", "the penultimate task"
        place = -3 if before_last.group(1) == "third" else -2
        return [Span(place, before_last.start(), before_last.end())]
    return [
        Span(_ORDINALS[m.group(1)], m.start(), m.end())
        for m in re.finditer(r"\b(" + "|".join(_ORDINALS) + r")\b", lowered)
    ]


_COUNT_WORDS = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))


# What may follow an item's bare number ("complete 3", "mark 3 done", "delete 4 and 5"); any other word counts.
_QUANTITY = re.compile(
    r"\s*(?!(?:and|or|to|as|is|was|done|completed?|finished|off|please|pls|too|then|now|from|for|also|nor|plus)\b)[a-z]",
    re.I,
)


def ids(text: str, tags: tuple[str, ...] = ()) -> list[Span]:
    """Explicit item numbers: "task 3", "#4", "tasks 1 and 2", "items 2, 3 and 5", "number 6"; ``tags``: more words
    that say what is numbered (a parameter's own name: "step seven" for ``step``)."""
    found = []
    number = rf"(\d+|{_COUNT_WORDS})"  # "task 7", "task seven"
    more = "".join(f"|{re.escape(t)}s?" for t in tags)
    listed = re.compile(rf"\s*(?:,|and|&|\+|plus|or)\s*(?:(?:task|item|number|#)\s*)?#?{number}\b", re.I)
    for match in re.finditer(  # "issue forty-seven", ".../issues/14" for a parameter named so
        rf"(?:#\s?|\b(?:no\.?|number|nr\.?|item|items|task|tasks|todo|todos|id|ids{more})\s*[#/]?\s*)"
        rf"(\d+|{SPOKEN_NUMBER if tags else _COUNT_WORDS})\b",
        text,
        re.IGNORECASE,
    ):
        said: re.Match[str] | None = match
        while said:  # "tasks 1, 2 and 5": each number listed after the first too
            found.append(Span(count_value(said.group(1)), said.start(1), said.end(1)))
            said = listed.match(text, said.end())
    if not found:  # a bare number in a short command ("complete 3", "delete 4 and 5")
        bare = [
            n
            for n in numbers(text)
            if isinstance(n.value, int)
            and 0 < n.value < 100000
            and text[n.start].isdigit()
            and not _QUANTITY.match(text[n.end :])  # "5 kg of dry ice", "add 3 tasks: …": a quantity, not an item
        ]
        if bare and not time_of_day(text) and not dates(text, date(2000, 1, 1)):
            found = bare
    unique: dict[int, Span] = {}
    for span in sorted(found, key=lambda s: s.start):
        unique.setdefault(span.value, span)
    return list(unique.values())


def _classes(value: str) -> frozenset[str]:
    """The kinds of characters a code has, digits and letters (its marks, "-" or ".", may be written otherwise)."""
    return frozenset("digit" if c.isdigit() else "letter" for c in value if c.isdigit() or c.isalpha())


_CODE = re.compile(r"(?<![\w/.@:-])(#[A-Za-z][\w-]*|(?=[\w-]*\d)[A-Za-z][\w-]*|\d[\w-]*[A-Za-z][\w-]*)(?![\w/@-])")


def codes(text: str) -> list[Span]:
    """Identifiers written as such: a "#name", or a token of letters with digits ("C024BE91L", "U12"), never a
    time, a date or a quantity."""
    found = [
        Span(m.group(1), m.start(1), m.end(1))
        for m in _CODE.finditer(text)
        if not re.fullmatch(r"\d+(?:st|nd|rd|th|am|pm|[a-zµ]{1,3})", m.group(1), re.I)
    ]
    return _clear_of_times(found, text)


def _clear_of_times(found: list[Span], text: str) -> list[Span]:
    """The spans that are no part of a time of day or a date ("at 14:00", "on 2026-11-30")."""
    values = time_of_day(text) + dates(text, date(2000, 1, 1))
    return [s for s in found if not any(v.start < s.end and s.start < v.end for v in values)]


def patterned(prop: dict[str, Any], text: str) -> list[Span]:
    """Words of the request that fully match the parameter's JSON-schema ``pattern`` ("4hhb" for a PDB id
    "^[0-9][A-Za-z0-9]{3}$"), with the kinds of characters its example has (no year for a code of digits and
    letters, no word for a code with digits); times and dates are never codes."""
    try:
        whole = re.compile(prop["pattern"])
        body = re.compile(rf"(?<![\w-])(?<!\d\.)(?:{prop['pattern'].lstrip('^').rstrip('$')})")
    except (re.error, TypeError):
        return []
    sample = example_of(prop)
    classes = _classes(sample) if sample else None
    unbounded = re.search(r"[+*]|\{\d+,\}", prop["pattern"])  # "GC" of "GC content" is no sequence of bases
    found = []
    for match in body.finditer(text):
        value = match.group(0).rstrip(".,;:!?)'\"")
        if not value or not whole.fullmatch(value) or re.match(r"[\w-]", text[match.start() + len(value) :] or " "):
            continue
        if classes is not None and not _classes(value) >= classes:  # "135X" for "1825"
            continue
        if classes is None and (value.isdigit() or (value.isalpha() and value.islower())):
            continue
        found.append(Span(value, match.start(), match.start() + len(value)))
    if not found:  # written loosely: "cp103558214us", "LZ 300918475 CH" for "^[A-Z]{2}\\d{9}[A-Z]{2}$"
        tokens = list(re.finditer(r"[A-Za-z0-9]+", text))
        for i, first in enumerate(tokens):
            for last in tokens[i : i + 6]:
                pieces = re.split(r" ", text[first.start() : last.end()])
                if len(pieces) > 1 and not all(p.isdigit() or p.isupper() for p in pieces):
                    break
                value = "".join(pieces).upper()
                if sample and len(re.sub(r"\W", "", sample)) == len(value) and not whole.fullmatch(value):
                    rest = iter(value)  # "0000 0002 9876 5436": grouped like the example, "0000-0002-9876-5436"
                    value = "".join(c if not c.isalnum() else next(rest) for c in sample)
                if whole.fullmatch(value) and (classes is None or _classes(value) >= classes):
                    found.append(Span(value, first.start(), last.end()))
    if not found:
        found = _prefixed(prop["pattern"], whole, text)
    return [s for s in _clear_of_times(found, text) if not (unbounded and len(s.value) <= 2)]


def _listings(prop: dict[str, Any], description: str) -> list[tuple[str, str]] | None:
    """The codes of the parameter's ``pattern`` a description lists, each with the text up to the next one
    ("RM-108 video-conference room (12), "); None when the parameter has no usable pattern."""
    try:
        body = re.compile(rf"(?<![\w-])(?:{prop['pattern'].lstrip('^').rstrip('$')})(?![\w-])")
    except (re.error, TypeError, KeyError):
        return None
    listed = list(body.finditer(description or ""))
    ends = [m.start() for m in listed[1:]] + [len(description or "")] * bool(listed)
    return [(m.group(0), description[m.end() : end]) for m, end in zip(listed, ends, strict=True)]


def described_code(prop: dict[str, Any], description: str, text: str, *, glossary: bool = False) -> Span | None:
    """A code the tool's description lists with a name ("Sites: LK-07 Jetty (Nieuwe Meer lake); …"), said by that
    name's words and its number ("the jetty site", "site 2 on the river"): the one listing that shares the most.
    With ``glossary`` (a parameter's own description), only a list of three codes or more, each with a name."""
    listings = _listings(prop, description)
    if listings is None:
        return None
    names = [(code, re.split(r"[;.]", after)[0]) for code, after in listings]
    named = [n for _, n in names if any(w not in STOPWORDS and not w.isdigit() for w in words(n))]
    if glossary and len(named) < 3:  # "ACGT or ACGU only" gives examples, not codes with names
        return None
    said = {stem(w) for w in words(text) if w not in STOPWORDS and not w.isdigit()}
    numbers = {int(n) for n in re.findall(r"(?<![\d.:,])\b\d{1,4}\b(?![\d.:,])", text)}
    scored: dict[str, int] = {}
    shared: dict[str, set[str]] = {}
    for code, name in names if len(names) > 1 else []:
        digits = re.findall(r"\d+", code)
        shared[code] = said & {stem(w) for w in words(name) if w not in STOPWORDS}
        score = len(shared[code])
        scored[code] = score + bool(score or len(digits) == 1) * bool(digits and int(digits[-1]) in numbers)
    best = max(scored.values(), default=0)
    top = [code for code, score in scored.items() if score == best]
    if not best or len(top) != 1:
        return None
    # where the request says it ("the video conference room"): its words of that name, so no other value takes them
    spots = [m for m in re.finditer(r"[^\W_]+", text) if stem(m.group(0).lower()) in shared[top[0]]]
    return Span(top[0], spots[0].start(), spots[-1].end()) if spots else Span(top[0])


def listed_name(prop: dict[str, Any], description: str, code: str, text: str) -> Span | None:
    """Where the request says the name a description lists ``code`` with ("book the teaching lab (RM-322)" for
    "RM-322 teaching lab (24)"): the longest run of that name's words, so that no other value takes them."""
    after = next((a for c, a in _listings(prop, description) or [] if c == code), None)
    if after is None:
        return None
    name = {stem(w) for w in words(re.split(r"[;.,(/]", after)[0])} - STOPWORDS
    best: Span | None = None
    run: list[re.Match[str]] = []
    for token in [*re.finditer(r"[^\W_]+", text), None]:  # consecutive words of the name ("video conference room")
        if token is not None and stem(token.group(0).lower()) in name and (not run or _next_to(text, run[-1], token)):
            run.append(token)
            continue
        if run and (best is None or run[-1].end() - run[0].start() > best.end - best.start):
            best = Span(code, run[0].start(), run[-1].end())
        run = [token] if token is not None and stem(token.group(0).lower()) in name else []
    return best


def _next_to(text: str, before: re.Match[str], after: re.Match[str]) -> bool:
    return not text[before.end() : after.start()].strip(" -")


_RATIO = re.compile(
    rf"\b(?:1|one)\s*(?::|\s+in\s+|\s+to\s+)\s*(?:an?\s+)?(?P<n>\d[\d,]*|(?:(?:{SPOKEN_NUMBER})\s+)?(?:hundred|thousand)"
    rf"(?:\s+(?:and\s+)?{SPOKEN_NUMBER})?|{SPOKEN_NUMBER})\b",
    re.I,
)


def ratio(text: str) -> Span | None:
    """A ratio said as "1:500", "1 in 2000" or "one to a thousand", written "1:N"."""
    match = _RATIO.search(text)
    if match is None:
        return None
    said = match["n"].replace(",", "")
    return Span(f"1:{said if said.isdigit() else _spoken_value(said)}", match.start(), match.end())


def _prefixed(pattern: str, whole: re.Pattern[str], text: str) -> list[Span]:
    """A code said by its number after the word its prefix abbreviates: "room 214" for "^RM-\\d{3}$", "cage 412"
    for "^CG-\\d{4}$" (the prefix's letters in order in that word, from its first letter; zeros padded); a number of
    five or more digits, exactly as many as the pattern's, said alone or after any word ("ticket 10480", "#10488" for
    "^SR-\\d{5}$")."""
    prefix = re.match(r"\^?((?:[A-Za-z]|\\?-)+)", pattern)
    letters = re.sub(r"[^A-Za-z]", "", prefix.group(1)) if prefix else ""
    if not letters:
        return []
    fixed = re.search(r"\\d\{(\d+)\}\$?$", pattern)
    digits = int(fixed.group(1)) if fixed and int(fixed.group(1)) >= 5 else 0
    found = []
    for match in re.finditer(
        r"(?:\b([A-Za-z]+)\s+(?:no\.?\s*|number\s+|#\s*|\()?|(?<![\w.,/:-])#?)(\d+)\b(?![.,]\d)", text
    ):
        word, number = (match.group(1) or "").lower(), match.group(2)
        if len(number) != digits and (
            not word
            or word[0] != letters[0].lower()
            or not re.search(".*?".join(map(re.escape, letters.lower())), word)
        ):
            continue
        for width in range(len(number), len(number) + 5):
            value = prefix.group(1).replace("\\", "") + number.zfill(width)
            if whole.fullmatch(value):
                found.append(Span(value, match.start(2), match.end(2)))
                break
    return found


_EXTENSION_WORDS = {"markdown": "md", "md": "md", "latex": "tex", "bibtex": "bib", "bib": "bib", "python": "py"}


@cache
def _known_extensions() -> frozenset[str]:
    """File extensions Python knows (its built-in table only, not the machine's, so every machine reads alike)."""
    import mimetypes

    return frozenset(mimetypes.MimeTypes().types_map[True])


_FILE_NAME = re.compile(r"(?<![\w@/.])(?:[\w\-]+/)*[\w\-]+(\.[A-Za-z0-9]{1,8})\b")


def files_as_word(text: str) -> str:
    """File names read as the word "file" ("what's in data/results.csv?" -> "what's in file?"), so a request is
    compared with examples by what it asks of a file, not by which file an example happened to name."""
    known = _known_extensions() | {f".{e}" for e in _EXTENSION_WORDS.values()}
    return _FILE_NAME.sub(
        lambda m: "file" if m.group(1).lower() in known or ("/" in m.group(0) and m.group(1)[1:].isalpha()) else m[0],
        text,
    )


# A repository as "owner/name", bare or on a code forge ("github.com/owner/name", ".../issues/14", "owner/name#52")
REPOSITORY = re.compile(
    r"(?:(?:https?://)?(?:www\.)?(?:github|gitlab|bitbucket|codeberg)\.(?:com|org)/|(?<![\w./:~@#-]))"
    r"([A-Za-z0-9][\w.-]*)/([A-Za-z0-9](?:[\w.-]*\w)?)(?:/(?:issues|pull|pulls)/(\d+)|#(\d+))?(?![\w/-])",
    re.IGNORECASE,
)
_SPEAKS_OF_REPOSITORIES = re.compile(
    r"\b(?:repos?|repositor(?:y|ies)|github|gitlab|forks?|pull\s+requests?|PRs?)\b", re.I
)


def repositories(text: str, *, loose: bool = False) -> list[re.Match[str]]:
    """The "owner/name" repositories a request names: a slug-shaped pair ("hoffmann-lab/scrna-pipeline"), any pair
    on a forge or in a request that speaks of repositories ("torvalds/linux repo"), never a file ("notes/a.txt");
    a pair of plain words ("lat/long of the airport") only when ``loose`` (a tool taking an owner and a name)."""
    found = []
    for match in REPOSITORY.finditer(text):
        owner, name = match[1], match[2]
        if "." in name[-5:-1]:
            continue  # "notes/ideas.txt", "config/config.yaml": a path
        on_forge = "/" in text[match.start() : match.start(1)]
        slug = any(re.search(r"[\d_.-]", part) for part in (owner, name))
        if loose or on_forge or slug or _SPEAKS_OF_REPOSITORIES.search(text):
            found.append(match)
    return found


def owner_and_name_params(properties: dict[str, Any]) -> tuple[str, str] | None:
    """A tool's parameters for a repository's owner and name, when it takes them apart (``owner``, ``repo``)."""
    plain = [n for n, p in properties.items() if p.get("type", "string") == "string" and not p.get("pattern")]
    owner = next((n for n in plain if "owner" in words(n)), None)
    name = next((n for n in plain if set(words(n)) & {"repo", "repository", "project"} and n != owner), None)
    return (owner, name) if owner and name else None


def repositories_as_word(text: str) -> str:
    """Repositories read as the word "repository" (and "owner/name#52" as "repository issue 52"), so a request is
    compared with tool descriptions by what it asks of a repository, not by the repository's name."""
    for match in reversed(repositories(text)):
        number = match[3] or match[4]
        text = f"{text[: match.start()]}repository{f' issue {number}' if number else ''}{text[match.end() :]}"
    return text


_CHANNEL = re.compile(r"(?<![\w#&/])#[A-Za-z](?:[\w.-]*\w)?(?P<named>\s+(?:channel|chat)\b)?")


def channels_as_word(text: str) -> str:
    """Chat channels ("#journal-club") read as "a channel", so a request is compared with tool descriptions by what it
    asks of a channel, not by the channel's name ("journal" is no notebook)."""
    return _CHANNEL.sub(lambda m: "channel" if m["named"] else "a channel", text)


def globs(text: str) -> list[Span]:
    """A file-name pattern: one as written ("*.csv"), a file type ("every .tex file", "csv files" -> "*.tex",
    "*.csv") or a name ("files called draft" -> "*draft*")."""
    written = re.search(r"(?<!\S)(\S*\*\S*|\S*\?[^\s?]\S*)", text)  # "data?" ends a question; "file?.txt" is one
    if written:
        return [Span(written.group(1).strip("'\"`,"), written.start(1), written.end(1))]
    for match in re.finditer(
        r"(?<![\w/])\.?([A-Za-z0-9]{1,8})\s+(?:files?|documents?)\b|(?<![\w/])\.([A-Za-z0-9]{1,8})\b", text
    ):
        said = (match.group(1) or match.group(2)).lower()
        if match.group(1) and said in STOPWORDS:
            continue  # "a file with 'meeting' in its name": no ".a" file
        extension = _EXTENSION_WORDS.get(said, said)
        if extension in _EXTENSION_WORDS.values() or f".{extension}" in _known_extensions():
            return [Span(f"*.{extension}", match.start(), match.end())]
    named = re.search(r"\b(?:named|called|containing|with)\s+['\"]?([\w.-]+)", text, re.IGNORECASE)
    return [Span(f"*{named.group(1)}*", named.start(1), named.end(1))] if named else []


_HOST = re.compile(  # "marqueslab.org/people", "www.ismb.org": an address written without its scheme
    r"(?<![\w@/.:-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,12}))(/[^\s<>\"']*[^\s<>\"'.,;)?!])?(?![\w@-])",
    re.I,
)
_SPOKEN_URL = re.compile(  # "h t t p s colon slash slash marqueslab dot org slash seminars", as dictation writes it
    r"\b(?:(?:h\s?t\s?t\s?p\s?s?|https?)\s+colon\s+slash\s+slash\s+)?"
    r"([a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)+(?:\s+slash\s+[a-z0-9-]+)*)\b",
    re.I,
)


def web_addresses(text: str) -> list[Span]:
    """Web addresses as written: with their scheme; a bare host, with or without a path ("marqueslab.org/people"),
    completed with https:// as a browser completes it; or one said aloud ("marqueslab dot org slash seminars"). A
    name ending in a file extension ("README.md", "refs.bib") is a file, unless a path or "www." says otherwise."""
    found = [Span(m.group(0), m.start(), m.end()) for m in _URL.finditer(text)]

    def add(host: str, tld: str, path: str, start: int, end: int) -> None:
        if any(s.start <= start < s.end for s in found) or _EMAIL.search(text[max(0, start - 1) : end + 1]):
            return
        extensions = _known_extensions() | {f".{e}" for e in _EXTENSION_WORDS.values()}
        if f".{tld.lower()}" in extensions and not path and not host.lower().startswith("www."):
            return
        found.append(Span(f"https://{host}{path}", start, end))

    for m in _HOST.finditer(text):
        if not re.fullmatch(r"[\d.]+", m[1]):  # "v1.2", "3.5": numbers, not hosts
            add(m[1], m[2], m[3] or "", m.start(), m.end())
    for m in _SPOKEN_URL.finditer(text):
        said = re.sub(r"\s+slash\s+", "/", re.sub(r"\s+dot\s+", ".", m[1]))
        host, _, path = said.partition("/")
        add(host, host.rsplit(".", 1)[-1], f"/{path}" if path else "", m.start(), m.end())
    return sorted(found, key=lambda s: s.start)


def identifier(kind: str, text: str) -> list[Span]:
    """DOIs, ISBNs, URLs and e-mail addresses, as written (a URL also as a bare host or said aloud)."""
    if kind == "url":
        return web_addresses(text)
    pattern = {"doi": _DOI, "isbn": _ISBN, "url": _URL, "email": _EMAIL}[kind]
    found = [Span(m.group(0), m.start(), m.end()) for m in pattern.finditer(text)]
    if kind == "isbn":  # an ISBN has 10 or 13 digits; "1600 Pennsylvania Avenue" has a house number
        found = [s for s in found if len(re.sub(r"[^\dXx]", "", s.value)) in (10, 13)]
    if kind == "doi":  # a preprint server's link ends in its version ("…/10.1101/2026.09.14.576220v1"): no part of it
        found = [
            Span(re.sub(r"(?<=\d)v\d{1,2}(?:\.full(?:\.pdf)?)?$", "", s.value), s.start, s.end)
            if re.search(r"/content/|/abs/|/pdf/", text[max(0, s.start - 12) : s.start])
            else s
            for s in found
        ]
    return found


_FILE_NAMES = frozenset({"readme", "license", "licence", "makefile", "dockerfile", "changelog"})  # "in the readme"


def paths(text: str) -> list[Span]:
    """File and folder paths as written ("notes/ideas.txt"), or the folder named in "my notes folder"."""
    links = [(m.start(), m.end()) for m in _URL.finditer(text)]
    found = [
        Span(m.group(0).rstrip("/") or "/", m.start(), m.end())
        for m in _PATH.finditer(text)
        if not any(a <= m.start() < b for a, b in links)  # "/marqueslab.org" of "https://marqueslab.org/x"
        and not re.fullmatch(r"-?[\d.]+", m.group(0).rstrip("/"))  # "-68.2039" is a number (a longitude)
        and not _EMAIL.search(text[max(0, m.start() - 30) : m.end()])
        and m.group(0).lower().rstrip("/") not in _SLASHED_WORDS
    ]
    folder = _IN_FOLDER.match(text, found[0].end) if len(found) == 1 and "/" not in found[0].value else None
    name = next((g for g in folder.groups() if g), "") if folder else ""
    if name and name.lower() not in STOPWORDS:  # "the draft.tex in papers": papers/draft.tex
        found = [Span(f"{name}/{found[0].value}", found[0].start, folder.end())]
    if not found:
        tail = re.search(  # "… in notes", "ls notes", "files in data with their sizes"
            r"\b(?:in|inside|under|ls|dir)\s+(?:the\s+|my\s+)?([\w\-]+)(?:\s+(?:with|by|sorted|including)\b[^/]*)?\s*[?.!]*\s*$",
            text,
            re.IGNORECASE,
        )
        filey = bool(re.search(r"\b(?:files?|folders?|director(?:y|ies)|documents?|ls)\b", text, re.IGNORECASE))
        if (
            tail
            and (len(words(text)) <= 4 or filey)
            and tail.group(1).lower()
            not in STOPWORDS | {"folder", "directory", "files", "there", "general"} | _FILE_NAMES
        ):
            found.append(Span(tail.group(1), tail.start(1), tail.end(1)))
    if not found:
        for pattern in _FOLDER_NAMED:  # "the papers folder", "the folder papers"
            for match in pattern.finditer(text):
                name = match.group(1).rstrip(".")
                if name.lower() not in STOPWORDS | _NOT_A_FOLDER_NAME:
                    found.append(Span(name, match.start(), match.end()))
            if found:
                break
    return found


# two words written with a slash, never a path ("lat/long of the airport", "and/or")
_SLASHED_WORDS = frozenset(
    ["and/or", "either/or", "lat/long", "lat/lng", "lat/lon", "latitude/longitude", "he/she", "his/her", "s/he",
     "yes/no", "on/off", "w/o", "i/o", "input/output", "read/write", "true/false", "pros/cons", "km/h", "m/s"]
)  # fmt: skip
_NOT_A_FOLDER_NAME = frozenset(  # "the whole folder tree", "the folder structure": how much, not which folder
    ["root", "home", "main", "which", "what", "whole", "entire", "full", "complete", "structure", "tree", "layout",
     "contents", "content", "hierarchy", "overall", "top", "current", "same"]
)  # fmt: skip
_FOLDER_NAMED = (
    re.compile(r"\b(?:the|my|our)?\s*([\w\-]+)\s+(?:folder|directory|dir)\b", re.I),
    re.compile(r"\b(?:folder|directory|dir)\s+(?:called\s+|named\s+)?['\"]?([\w\-./]+)", re.I),
)
_IN_FOLDER = re.compile(
    r"\s+(?:in|inside|under|from)\s+(?:(?:the\s+|my\s+)?(?:folder|directory)\s+([\w\-]+)|(?:the\s+|my\s+)?"
    r"([\w\-]+)\s+(?:folder|directory|dir)|([\w\-]+))(?:,?\s+(?:please|pls|thanks))?\s*[?.!]*\s*$",
    re.IGNORECASE,
)


def places(text: str) -> list[Span]:
    """Places as written (for a city parameter): the gazetteer's names, else a capitalised name after in/for/at."""
    found = [Span(place.label, offset, offset + len(place.label)) for offset, place in locate_places(text)]
    found = [  # a short code is a place only after "in the" ("in the US"): "IT", "OR" are words too
        s
        for s in found
        if len(s.value) > 3
        or s.value.isupper() is False
        or re.search(r"\b(?:in|across)\s+the\s+$", text[: s.start], re.I)
    ]
    if not found:
        for match in re.finditer(r"\b(?:in|for|at|of|near)\s+((?:[A-Z][\w\-']+)(?:\s+[A-Z][\w\-']+){0,2})", text):
            found.append(Span(match.group(1), match.start(1), match.end(1)))
    return found


def zones(text: str) -> list[Span]:
    """IANA time zones for the places named, in order; never a guess for a name of several places ("Portland")."""
    unsure = {offset for offset, _, _ in unsure_places(text)}
    found: list[Span] = []
    for offset, place in sorted(locate_places(text) + world_places(text), key=lambda found: found[0]):
        if offset not in unsure and all(span.value != place.zone for span in found):  # "Boulder, Colorado": one zone
            found.append(Span(place.zone, offset, offset + len(place.label)))
    return found


_QUANTIFIERS = frozenset({"every", "everything", "whole", "entire"})
_AS_WHICH = frozenset({"i", "ve", "we", "have", "has", "already", "been", "that", "which", "got", "so", "far"})


def aliases(prop: dict[str, Any], described: str = "") -> dict[str, list[str]]:
    """Other names the description (or ``described``: the tool's own) gives enum options ("fly = Drosophila, yeast =
    S. cerevisiae", "low = cosmetic or minor": each of "cosmetic" and "minor")."""
    options = {str(o).lower(): str(o) for o in prop.get("enum") or ()}
    found: dict[str, list[str]] = {}
    glossed = f"{prop.get('description', '') or ''}\n{described}"
    for option, alias in re.findall(r"([\w-]+)\s*=\s*([^,;()=\n]*[^\s,;()=.])", glossed):
        if option.lower() in options:
            names = found.setdefault(options[option.lower()], [])
            names.extend(a for a in re.split(r"\s+or\s+|\s*/\s*", alias) if a and a not in names)
    return found


def enum_values(options: list[Any], text: str, named_too: dict[str, list[str]] | None = None) -> list[Span]:
    """The enum options the request names, in order: directly, by a catalogue synonym ("open" -> "pending") or by a
    name the description gives it (``named_too``); else a one-word option by its stem or abbreviation ("30 secs"), or
    misspelt by a letter or two ("chicgo")."""
    named: list[Span] = []
    for option in options:
        said_as = [*catalogue().synonyms.get(str(option), ()), *(named_too or {}).get(str(option), ())]
        for word in [str(option), *said_as]:
            parts = re.findall(r"[^\W\d_]+|\d+", word.lower())
            said = r"(?:\W+(?:for|of|on|the|but)\b)?\W*".join(  # "mL"; "waiting for parts" for waiting_parts
                _said_part(w, i > 0 and parts[i - 1].isalpha()) for i, w in enumerate(parts)
            )
            match = re.search(rf"(?<![^\W_]){said}(?![^\W_])", text, re.IGNORECASE) if said else None
            match = match or (_swapped(word, text) if len(parts) == 1 and len(word) >= 4 else None)  # "by trian"
            if match:
                named.append(Span(option, match.start(), match.end()))
    if all(text[s.start : s.end].lower() in STOPWORDS | _QUANTIFIERS for s in named):
        # "ML" for machine_learning: an option of several words by its initials, in capitals; "any theses": "any"
        # is a determiner before an option said another way
        named += (
            [
                Span(o, m.start(), m.end())
                for o in options
                if len(words(str(o))) > 1
                for m in re.finditer(rf"\b{''.join(w[0] for w in words(str(o))).upper()}\b", text)
            ]
            or _enum_by_word(options, text)
            or [
                Span(o, m.start(), m.end())  # "PE150", "2x150": a number of two digits or more after a tag's letters
                for o in options
                if isinstance(o, int) and o >= 10
                for m in re.finditer(rf"(?<![^\W\d_])[A-Za-z]{{1,3}}{o}(?![\w-])", text)
            ]
        )
    named = [_unless_denied(s, options, text) for s in named]
    named.sort(key=lambda s: s.start)
    if (
        len(named) > 1
        and text[named[0].start : named[0].end].lower() in STOPWORDS | _QUANTIFIERS
        and all(w in STOPWORDS | _AS_WHICH for w in words(text[named[0].end : named[1].start]))
    ):  # "any NMR structures", "everything pending", "everything I've already finished": a determiner of another
        named.pop(0)
    opening = POLITE.match(text)
    verb = bool(named) and text[named[0].start : named[0].end].lower() not in STOPWORDS | _QUANTIFIERS
    if verb and named[0].start == (opening.end() if opening else 0) and _OBJECT.match(text[named[0].end :]):
        named.pop(0)  # "complete the 2nd one", "open the ideas one": the verb of a command, not a value
    return named


def _swapped(word: str, text: str) -> re.Match[str] | None:
    """A word of the request that is ``word`` with two neighbouring letters swapped ("trian" for "train")."""
    for match in re.finditer(rf"\b[a-z]{{{len(word)}}}\b", text, re.IGNORECASE):
        if swap_of(match.group(0).lower(), word.lower()):
            return match
    return None


def swap_of(said: str, meant: str) -> bool:
    """Whether ``said`` is ``meant`` with two neighbouring letters swapped ("nigths" for "nights")."""
    if len(said) != len(meant) or len(said) < 4:
        return False
    diff = [i for i, (a, b) in enumerate(zip(said, meant, strict=True)) if a != b]
    return (
        len(diff) == 2 and diff[1] == diff[0] + 1 and (said[diff[0]], said[diff[1]]) == (meant[diff[1]], meant[diff[0]])
    )


_DENIED = re.compile(
    r"(?:\bnot|n't|\b(?:have|has|had|did|do|does|is|are|was|were)nt|\bnever|\byet\s+to|\bno\s+longer)(?:\s+\w+){0,2}\s*$",
    re.I,
)


def _unless_denied(span: Span, options: list[Any], text: str) -> Span:
    """An option said with a "not" before it ("the tasks I haven't done yet") is the one other option that is not
    a quantifier ("all"): of two states, the one denied is not the one meant."""
    others = [o for o in options if o != span.value and str(o).lower() not in _QUANTIFIERS | {"all", "any", "both"}]
    if len(others) == 1 and _DENIED.search(text[max(0, span.start - 30) : span.start]):
        return Span(others[0], span.start, span.end)
    return span


_OBJECT = re.compile(r"\s+(?:the|my|a|an|this|that|it|task|item|todo|#?\d+)\b", re.I)


_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def _said_part(part: str, after_word: bool = False) -> str:
    """A word of an enum option as people say it: "minus" also as a sign, a number also in words ("twenty") and,
    after a word, as a roman numeral ("phase II" for PHASE2)."""
    if part == "minus":
        return r"(?:minus|-)"
    if part == "not":  # "active but no longer recruiting" for ACTIVE_NOT_RECRUITING
        return r"(?:not|no\s+longer|no\s+more)"
    spoken = [w for w, v in {**_UNITS_SPOKEN, **_TENS_SPOKEN}.items() if part.isdigit() and v == int(part)]
    tens, unit = divmod(int(part), 10) if part.isdigit() and 20 < int(part) < 100 else (0, 0)
    spoken += (
        [  # "seventy-five", "seventy five" for 75
            rf"{t}[\s-]{u}"
            for t, v in _TENS_SPOKEN.items()
            if v == 10 * tens
            for u, w in _UNITS_SPOKEN.items()
            if w == unit
        ]
        if unit
        else []
    )
    spoken += [_ROMAN[int(part) - 1]] if after_word and part.isdigit() and 1 <= int(part) <= len(_ROMAN) else []
    return f"(?:{'|'.join([re.escape(part), *spoken])})" if spoken else re.escape(part)


def ordinal_option(name: str, options: list[Any], text: str) -> Span | None:
    """A numbered option said as an ordinal beside the parameter's name ("the third reading frame" -> 3)."""
    nouns = "|".join(re.escape(w) for w in words(name) if w not in STOPWORDS)
    pattern = rf"\b({'|'.join(k for k, v in _ORDINALS.items() if v in options)})\b(?:\s+\w+)?\s+(?:{nouns})s?\b"
    match = re.search(pattern, text, re.I) if nouns and any(isinstance(o, int) for o in options) else None
    return Span(_ORDINALS[match.group(1).lower()], match.start(), match.end()) if match else None


def enum_value(options: list[Any], text: str, named_too: dict[str, list[str]] | None = None) -> Span | None:
    """The enum option the request names first (see ``enum_values``)."""
    named = enum_values(options, text, named_too)
    return named[0] if named else None


def enum_both(options: list[Any], text: str) -> list[Any]:
    """Different options the request joins with "and" ("my finished tasks and the ones still open"): each is asked
    for; one option, or options not joined by "and", ask for one."""
    named = enum_values(options, text)
    chosen = named[:1]
    for span in named[1:]:
        if span.value not in [c.value for c in chosen] and re.search(
            r"\b(?:and|as well as|plus)\b", text[chosen[-1].end : span.start], re.IGNORECASE
        ):
            chosen.append(span)
    return [c.value for c in chosen] if len(chosen) > 1 else []


_ONE_OF = re.compile(r"\b(?:one\s+of|either)[:\s]+(?P<list>[^.;()]+)", re.I)
_EXAMPLES = re.compile(r"\be\.?\s?g\.?|\bfor\s+example\b|\bsuch\s+as\b|\blike\b", re.I)


def described_options(prop: dict[str, Any]) -> list[str]:
    """The options a string parameter's description lists, when it lists them rather than giving examples: "One of:
    travel, lodging, meals", "'NovaSeq 6000', 'NextSeq 2000' or 'MiSeq'" (never "e.g. 'GC-1', 'GH-N'")."""
    description = str(prop.get("description") or "")
    listed = _ONE_OF.search(description)
    if listed:
        items = _list_items(listed["list"], " '\"‘’“”")
        if 2 <= len(items) <= 12 and all(len(words(i)) <= 3 for i in items):
            return items
    if _EXAMPLES.search(description):
        return []
    typed = re.search(
        r"\b(?:type|kind|one)\s*:\s*(?P<list>[^.;()]+)", description
    )  # "material type: book, … or thesis"
    items = _list_items(typed["list"], " '\"‘’“”") if typed else []
    if 3 <= len(items) <= 12 and all(len(words(i)) <= 2 for i in items) and re.search(r"\bor\b", typed["list"]):
        return items
    bracketed = _BRACKETED_OPTIONS.search(description)  # "Filter by state ('open', 'closed', 'all')"
    if bracketed:
        return _list_items(bracketed[1], " '\"‘’“”")
    quoted = [a or b for a, b in re.findall(r"'([^']{1,30})'|\"([^\"]{1,30})\"", description)]
    if len(quoted) >= 2 and re.search(r"['\"],?\s+or\s+['\"]", description):
        return quoted
    glossed = re.findall(r"\(\s*['\"]([^'\"]{1,30})['\"]\s*\)", description)  # "local branches ('local'), remote
    if len(glossed) >= 2 and re.search(r"\bor\b", description):  # branches ('remote') or all branches ('all')"
        return glossed
    return []


_OPTION = r"['\"‘“]?[A-Za-z][\w-]*['\"’”]?"
_BRACKETED_OPTIONS = re.compile(rf"\(\s*((?:{_OPTION}\s*,\s*)+(?:or\s+)?{_OPTION})\s*\)")


def _list_items(listed: str, marks: str) -> list[str]:
    """The items of a written list ("a, b or c", "a, b, and c"), each without the ``marks`` around it."""
    items = [i.strip(marks) for i in re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+", listed.strip())]
    return [i for i in items if i]


def options_for(name: str, description: str) -> list[str]:
    """The options a tool's description lists for its parameter ``name`` in the sentence that names it: "`phase` ...
    must be one of PHASE1, PHASE2 or NA", "status: open (default), new, closed or all" (asides in brackets left out)."""
    plain = re.sub(r"\([^()]*\)", "", description or "")
    for match in re.finditer(rf"(?<![\w-])[`'\"]?{re.escape(name)}[`'\"]?(?![\w-])", plain):
        sentence = re.split(r"(?<=[.;])\s", plain[match.end() :], maxsplit=1)[0]
        opens = not plain[: match.start()].strip() or plain[: match.start()].rstrip()[-1] in ".;:\n"
        listed = _ONE_OF.search(sentence) or (opens and re.match(r"\s*:\s*(?P<list>[^.;]+)", sentence))
        items = [i.rstrip(".") for i in _list_items(listed["list"], " '\"`")] if listed else []
        if 2 <= len(items) <= 12 and all(len(words(i)) <= 3 and len(i.split()) == 1 for i in items):
            return items
    return []


def _enum_by_word(options: list[Any], text: str) -> list[Span]:
    found = []
    firsts = [str(o).lower().split()[0] for o in options if len(str(o).split()) > 1]
    for option in options:  # "the nextseq" for 'NextSeq 2000': a word only that option opens with
        said = str(option).lower().split()
        if len(said) > 1 and len(said[0]) >= 4 and firsts.count(said[0]) == 1:
            match = re.search(rf"(?<![^\W_]){re.escape(said[0])}(?![^\W_])(?:\s+(\w+))?", text, re.I)
            if match:  # "computer sceince": the option's next word, misspelt, goes with it
                rest = match[1] and SequenceMatcher(None, match[1].lower(), said[1]).ratio() >= 0.7
                found.append(Span(option, match.start(), match.end() if rest else match.start() + len(said[0])))
    names = [str(o).lower() for o in options if str(o).isalpha() and len(str(o)) >= 4]
    for match in re.finditer(r"[a-z]+", text.lower()):
        token, short = match.group(0), match.group(0).removesuffix("s")
        for name in names:
            named = stem(token) == stem(name) or (  # "30 secs"; "table" is no "tableIdentifiersOnly"
                len(short) >= max(3, 0.4 * len(name)) and name.startswith(short) and token not in STOPWORDS
            )
            named = named or (token.endswith("es") and name.endswith("is") and token[:-2] == name[:-2])  # theses
            if named or (len(token) >= 5 and SequenceMatcher(None, token, name).ratio() >= 0.85):
                found.append(Span(next(o for o in options if str(o).lower() == name), match.start(), match.end()))
    return found


_FLAG_WORDS = frozenset(
    {"include", "includ", "with", "show", "return", "also", "use", "enable", "is", "has", "get", "add", "only"}
)


def flag(name: str, text: str) -> Span | None:
    """A yes/no option the request asks for by its words ("include_abstract" in "with its abstract") -> True;
    said with a "no/without/don't" just before -> False; not mentioned -> nothing (the server's default)."""
    topic = [w for w in words(name) if w not in _FLAG_WORDS and stem(w) not in _FLAG_WORDS]
    if not topic:
        return None
    lowered = " ".join(words(text))
    for word in topic:  # the word, or one the catalogue says means it ("asap" for urgent)
        said_as = [re.escape(stem(word)) + r"\w*", *(re.escape(w) for w in catalogue().synonyms.get(word, ()))]
        match = re.search(rf"\b(?:{'|'.join(said_as)})\b", lowered)
        if match is None:
            return None
    before = lowered[: match.start()].split()[-3:]
    negated = bool(set(before) & {"no", "without", "don't", "dont", "not", "skip", "exclude"})
    said = re.search(rf"\b(?:{'|'.join(said_as)})\b", text, re.IGNORECASE)  # where the request says it, if as written
    return Span(not negated, said.start(), said.end()) if said else Span(not negated)


def described_flag(prop: dict[str, Any], text: str, elsewhere: frozenset[str]) -> Span | None:
    """A yes/no option asked for by what its description says it is for ("Student's test" for an equal-variance
    option, "before and after" for a paired one): two words of its description that no other parameter uses, none
    of them said after "instead of"."""
    described, *otherwise = re.split(r"\bfalse\s+(?=(?:for|if|when)\b)", prop.get("description", "") or "", maxsplit=1)
    description = re.split(r"\b(?:instead of|rather than|not)\b", described)[0]
    own = {stem(w) for w in words(description) if w not in STOPWORDS} - elsewhere
    said = {stem(w) for w in words(text)}
    if ({stem(w) for w in words(" ".join(otherwise)) if w not in STOPWORDS} - own - elsewhere) & said:
        return Span(False)  # "true for paired-end reads, false for single-end": "single-end 50" says false
    listed = {stem(w) for group in re.findall(r"\(([^()]*,[^()]*,[^()]*)\)", description) for w in words(group)}
    if len(own & said) >= 2 or (listed - elsewhere) & said:  # "(kingdom, order, …)"
        return Span(True)
    for part, value in ((description, True), (" ".join(otherwise), False)):  # "PE150", "SE50": a compound's initials
        for first, second in re.findall(r"\b([A-Za-z])[a-z]+-([A-Za-z])[a-z]+\b", part):
            match = re.search(rf"(?<![A-Za-z]){(first + second).upper()}(?=\d|\b)", text)
            if match:
                return Span(value, match.start(), match.end())
    for example in re.findall(r"['\"‘“]([^'\"’”\s]{2,20})['\"’”]", description):  # "true for paired-end ('2x150')"
        shape = r"\s?".join(r"\d+" if part.isdigit() else re.escape(part) for part in re.findall(r"\d+|\D", example))
        if re.search(r"\d", example) and (match := re.search(rf"(?<![\w.]){shape}(?![\w.])", text, re.I)):
            return Span(True, match.start(), match.end())
    return None


def choices(prop: dict[str, Any], text: str) -> Span | None:
    """For a list-of-strings parameter whose description names its options ("any of title, authors, year"):
    the options the request mentions."""
    items = prop.get("items") or next((o["items"] for o in prop.get("anyOf", []) if "items" in o), {})
    if items.get("enum"):  # "just the length and mass" for a list of ["length", "mass", "sequence", …]
        named = enum_values(items["enum"], text)
        return Span(list(dict.fromkeys(s.value for s in named)), named[0].start, named[-1].end) if named else None
    description = prop.get("description", "")
    given = _EXAMPLES.search(description)  # 'e.g. ["Computer Science", "Biology"]': values people name as written
    examples = re.findall(r"['\"‘“]([^'\"’”]{2,40})['\"’”]", description[given.end() :]) if given else []
    vocabulary = len(examples) >= 3 and all(re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*", e) for e in examples)
    named = enum_values(examples, text) if vocabulary else []  # names of a kind ("Biology"), not of things
    if named:
        return Span(list(dict.fromkeys(s.value for s in named)), named[0].start, named[-1].end)
    listed = re.split(r"[,;/]|\bor\b|\band\b", description.split(":")[-1]) if ":" in description else []
    options = [o.strip(" .'\"()") for o in listed if o.strip(" .'\"()") and len(o.split()) <= 2]
    said = {stem(w) for w in words(text)}
    if example_of(prop) and example_of(prop) not in options:  # "names: scientific or common, e.g. 'Mus musculus'"
        return None
    chosen = [o for o in options if stem(words(o)[-1] if words(o) else o) in said]
    return Span(chosen) if chosen else None


_SERIES_ITEM = re.compile(r"\s*(?:(?P<sep>,\s*(?:and\s+)?|\s+and\s+|\s+)@?(?P<item>[\w][\w.-]*\w|\w))")


def named_series(name: str, text: str) -> Span | None:
    """The names a list parameter's own noun introduces ("samples L1, L2 and L3", "one sample called serumB1" for
    ``sampleNames``): single words, while they keep the first one's look (a code with digits, or a word) and words
    are joined by commas or "and" ("samples proband, mother, father, 2 x 150" stops before "2")."""
    for noun in (w for w in words(name) if w not in STOPWORDS | {"name", "names", "list", "ids"}):
        for said in re.finditer(  # "label it bug", "assign it to @jbrandt": the noun said as a verb, too
            rf"\b{re.escape(stem(noun))}\w*(?:\s+(?:called|named)|(?:\s+(?:it|them))?(?:\s+(?:as|with|to)(?=\s+@?\w))?)",
            text,
            re.IGNORECASE,
        ):
            items: list[str] = []
            end = said.end()
            while (item := _SERIES_ITEM.match(text, end)) is not None:
                value, coded = item["item"], bool(re.search(r"\d", item["item"]))
                if value.lower() in STOPWORDS or (items and coded != bool(re.search(r"\d", items[0]))):
                    break
                if re.match(r"\s+(?:it|them|me|the|a|an|my)\b", text[item.end() :], re.I):  # "… and assign it to X"
                    break
                if items and not coded and not item["sep"].strip():  # "proband mother": words need a comma
                    break
                items.append(value)
                end = item.end()
            if items:
                return Span(items, said.start(), end)
    return None


def amount(text: str) -> Span | None:
    """The first number in the request that is not part of a time, a date or an id ("10k" is 10000)."""
    thousands = re.search(r"(?<![\w.])(\d+(?:\.\d+)?)\s?k\b", text, re.IGNORECASE)
    if thousands:
        return Span(round(float(thousands.group(1)) * 1000), thousands.start(), thousands.end())
    spans = [n for n in numbers(text) if not any(t.start <= n.start < t.end for t in time_of_day(text))]
    return spans[0] if spans else None


_MONEY = re.compile(
    rf"(?<![\w.,])(?:(?P<d>\d{{1,3}}(?:[ ,]\d{{3}})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?P<k>\s?k\b)?"
    rf"|(?P<w>(?:{SPOKEN_NUMBER})(?:[\s-]+(?:and\s+)?(?:{SPOKEN_NUMBER}|hundred|thousand))*))(?![\w])",
    re.IGNORECASE,
)


def money(text: str, currencies: Mapping[str, tuple[str, ...]]) -> Span | None:
    """The number written with a currency, before or after it ("€3,200", "2500 USD", "1.8k eur", "1 200 euros",
    "two thousand Swiss francs"), whatever other numbers the request holds ("from 3 to 7 December")."""
    marks = named_codes(currencies, text)
    for match in _MONEY.finditer(text) if marks else ():
        if not any(
            (match.end() <= m.start and not text[match.end() : m.start].strip())
            or (m.end <= match.start() and not text[m.end : match.start()].strip())
            for m in marks
        ):
            continue
        if match["w"]:
            value: float = _spoken_value(match["w"])
        else:
            value = written_number(match["d"].replace(" ", "")) * (1000 if match["k"] else 1)
        return Span(int(value) if value == int(value) else value, match.start(), match.end())
    return None


_YEAR_SAID = rf"(?:19|20)\d\d|twenty\s+(?:{SPOKEN_NUMBER})"  # "2024", "twenty twenty-four"
_YEAR = re.compile(
    r"(?:\b(?P<range>between|from)\s+)?(?:\b(?P<word>since|after|from|before|until|till|through|by|in)\s+)?"
    rf"(?<![\w-])(?P<a>{_YEAR_SAID})(?:\s*(?:-|–|to|and|until|through)\s*(?P<b>{_YEAR_SAID}))?(?![\w-])"
    rf"|\b(?:last|past)\s+(?P<n>\d+|{SPOKEN_NUMBER})\s+years\b",
    re.I,
)


def year(name: str, prop: dict[str, Any], text: str, today: date) -> Span | None:
    """A calendar year for a year parameter ("2020", "twenty twenty-four"); for one end of a range of years (a
    name with from/to, or a description with "or later/earlier") that end: "since 2020", "before 2024", "between
    2020 and 2023", "in the last five years"; a year said alone ("in 2025") is both ends."""
    said, described = set(words(name)), (prop.get("description") or "").lower()
    lower = bool(said & {"from", "since", "after", "min", "earliest"}) or "or later" in described
    upper = not lower and (bool(said & {"to", "until", "before", "max", "latest"}) or "or earlier" in described)
    own = {stem(w) for w in words(described)}
    for match in _YEAR.finditer(text):
        start, verbs = match.start(), 1  # "that started in 2020": the description's word for the range goes with it
        while (said_before := re.search(r"(\w+)\W+$", text[:start])) and (
            said_before[1].lower() in STOPWORDS | {"that", "which"} or (stem(said_before[1].lower()) in own and verbs)
        ):
            start, verbs = said_before.start(1), verbs - (said_before[1].lower() not in STOPWORDS | {"that", "which"})
        if match["n"]:
            if lower:
                return Span(today.year - count_value(match["n"]), start, match.end())
            continue
        first, last = (
            int(y) if y.isdigit() else 2000 + _spoken_value(y.split(None, 1)[-1])
            for y in (match["a"], match["b"] or match["a"])
        )
        bound = (match["word"] or "").lower()
        if match["b"] or match["range"] or bound in {"", "in"}:
            return Span(last if upper else first, start, match.end())
        if bound in {"since", "after", "from"}:
            value = first + (bound == "after")
            return Span(value, start, match.end()) if lower or not upper else None
        return Span(first - (bound == "before"), start, match.end()) if upper or not lower else None
    return None


_YEARS = re.compile(
    rf"(?:\b(?:from|form|between)\s+)?\b(?P<a>(?:19|20)\d\d)\s*(?:-|–|to|and|until|through)\s*(?P<b>(?:19|20)\d\d)\b"
    rf"|(?:\bfrom\s+)?\b(?P<word>since|after|from|form|before|until|till|through|up\s+to|in)?\s*(?<![\w-])(?P<y>(?:19|20)\d\d)(?![\w-])"
    rf"|(?:\bfrom\s+)?(?:\bthe\s+)?\b(?:last|past)\s+(?P<n>\d+|{SPOKEN_NUMBER})\s+years\b",
    re.I,
)


def year_range(text: str, today: date) -> Span | None:
    """A year or a range of years written as "2019", "2019-2021", "2020-" (since) or "-2019" (up to): "from 2019 to
    2021", "since 2020", "before 2020", "from the last five years"."""
    match = _YEARS.search(text)
    if match is None:
        return None
    if match["a"]:
        value = f"{match['a']}-{match['b']}"
    elif match["n"]:
        value = f"{today.year - count_value(match['n'].lower())}-"
    else:
        year, word = int(match["y"]), (match["word"] or "").lower()
        value = {
            "since": f"{year}-",
            "from": f"{year}-",
            "form": f"{year}-",
            "after": f"{year + 1}-",
            "before": f"-{year - 1}",
        }.get(word) or (f"-{year}" if word in {"until", "till", "through"} or word.startswith("up") else str(year))
    return Span(value, match.start(), match.end())


ENDS = {"first", "last", "top", "bottom", "oldest", "newest", "latest", "earliest"}

_END_NUMBER = rf"(\d+(?:,\d{{3}})*|{SPOKEN_NUMBER})"
_NUMBER_RANGE = re.compile(  # "residues 94 to 292", "aa 244-368", "319 through 541", "between 10 and 20 kDa"
    rf"(?<![\w.:/-]){_END_NUMBER}\s*(?:-|–|—|\.\.|\s(?:to|through|thru|till|until|and)\s)\s*{_END_NUMBER}"
    rf"(?![\w.:/-]|\s*(?:{'|'.join(_MONTH_NAMES)}|{'|'.join(_MONTHS)}|am|pm|a\.m|p\.m|h|hrs?|hours?|min|%)\b)",
    re.I,
)
_FROM_NUMBER = re.compile(rf"\b(?:from|starting\s+(?:at|from)|after)\s+(?:[a-z]+\s+)?{_END_NUMBER}\b(?!\s*-)", re.I)
_FIRST_NUMBER = re.compile(rf"\b(?:the\s+)?first\s+{_END_NUMBER}\b", re.I)


_STARTING_AT = re.compile(
    rf"\bstart(?:ing)?\s+(?:at|from|with)\s+(?:the\s+)?(?:[a-z]+\s+)?{_END_NUMBER}\b(?!\s*-)", re.I
)


def starting_at(text: str) -> Span | None:
    """Where a read starts, for a parameter that pages ("starting at character 200", "start from row 50")."""
    match = _STARTING_AT.search(text)
    return Span(count_value(match[1]), match.start(), match.end()) if match else None


def count_value(said: str) -> int:
    """A whole number written in digits ("1,200") or in words ("fifty")."""
    return int(said.replace(",", "")) if said[0].isdigit() else _spoken_value(said)


def number_ends(text: str) -> dict[str, Span]:
    """The ends of a range of numbers a request names (for a ``start``/``end`` pair of integer parameters):
    "94 to 292" (both), "from residue 600 (to the end)" (the start), "the first fifty" (the end; the start is 1)."""
    pair = _NUMBER_RANGE.search(text)
    if pair and count_value(pair[1]) < count_value(pair[2]):
        return {"start": Span(count_value(pair[1]), pair.start(1), pair.end(1)),
                "end": Span(count_value(pair[2]), pair.start(2), pair.end(2))}  # fmt: skip
    first = _FIRST_NUMBER.search(text)
    if first:
        return {
            "start": Span(1, first.start(), first.start()),
            "end": Span(count_value(first[1]), first.start(), first.end()),
        }
    start = _FROM_NUMBER.search(text)
    return {"start": Span(count_value(start[1]), start.start(1), start.end(1))} if start else {}


_PAGED = (["per", "page"], ["a", "page"], ["each", "page"], ["at", "a", "time"], ["per", "go"])


_LIMIT_LEADS = frozenset({"last", "first", "top", "latest", "recent", "newest", "oldest", "previous", "maximum",
                          "max", "show", "list", "get", "give", "only", "just", "most"})  # fmt: skip


_STOP_ALTERNATION = "|".join(sorted(STOPWORDS, key=len, reverse=True))


def count_of_shown(name: str, prop: dict[str, Any], shown: str, text: str) -> Span | None:
    """A bare limit ("max count") read as a number right before a plural of what the tool shows ("last three
    commits", "maximum five commits" for "Shows the commit logs"); a year or a number before anything else is not."""
    vocabulary = {stem(w) for w in words(shown) if w not in STOPWORDS}
    # up to two words may qualify the plural: "the five most relevant papers"
    for match in re.finditer(
        rf"\b({SPOKEN_NUMBER}|\d{{1,4}})\s+(?:(?!(?:{_STOP_ALTERNATION})\b)[a-z-]+\s+){{0,2}}([a-z]+s)\b", text, re.I
    ):
        before = words(text[: match.start()])[-1:]
        if before and before[0] not in STOPWORDS | _LIMIT_LEADS:
            continue  # "phase 3 trials": the number belongs to the word before it
        if stem(match.group(2).lower()) in vocabulary:
            value = count_value(match.group(1).lower())
            between = words(text[match.end(1) : match.start(2)])  # "five most relevant": how they are ordered
            end = match.end() if set(between) <= _ORDER_WORDS else match.end(1)  # "5 bioinformatics …": a topic
            return Span(value, match.start(), end) if value else None
    return None


_ORDER_WORDS = frozenset(
    ["most", "recent", "latest", "newest", "new", "relevant", "cited", "popular", "best", "oldest", "earliest", "last"]
)


_STAY_NIGHTS = {"week": 7, "fortnight": 14, "weekend": 2}
_STAY = re.compile(r"\b(?:for|over)\s+(?:a|the|one)\s+(week|fortnight|weekend)\b", re.I)


def spoken_count(said: str) -> int:
    """A count as written or said ("3", "three", "twenty-one")."""
    return int(said) if said.isdigit() else _spoken_value(said)


def alternatives(properties: dict[str, Any], name: str) -> set[str]:
    """Optional parameters that are alternatives to ``name``: described in the same words but one ("the first N
    lines", "the last N lines"), so a follow-up that sets one drops the other."""
    mine = words(str(properties.get(name, {}).get("description") or ""))
    found = set()
    for other, prop in properties.items():
        theirs = words(str(prop.get("description") or ""))
        if (
            other != name
            and len(mine) >= 3
            and len(theirs) == len(mine)
            and sum(a != b for a, b in zip(mine, theirs, strict=True)) == 1
        ):
            found.add(other)
    return found


_LATER_ENDS = frozenset({"last", "bottom"})


def later_end(properties: dict[str, Any], name: str) -> bool:
    """Whether ``name`` is the "last N" one of two alternatives ("tail" beside "head"): a count said without its
    end ("show 20 lines of refs.bib") is the first N, as a person reads from the top."""
    mine = words(str(properties.get(name, {}).get("description") or ""))
    return any(
        set(mine) - set(theirs) <= _LATER_ENDS and set(mine) & _LATER_ENDS
        for other in alternatives(properties, name)
        for theirs in [words(str(properties[other].get("description") or ""))]
    )


_COUNT_BEFORE = re.compile(r"(?:\b(?:only|just|at\s+most|up\s+to|max(?:imum)?|no\s+more\s+than)\s+(?:the\s+)?)+$", re.I)
# Words after a count that only qualify it ("3 results max", "one result is enough")
COUNT_QUALIFIER = (
    r"(?:max(?:imum)?|at\s+most|tops|only|(?:is|are|will\s+be|would\s+be|should\s+be)\s+(?:enough|fine|plenty|"
    r"ok(?:ay)?|good))"
)
_COUNT_AFTER = re.compile(rf"^(?:\s+(?:{COUNT_QUALIFIER}|please)\b)+", re.I)


def count_for(name: str, prop: dict[str, Any], text: str, bare: bool = True) -> Span | None:
    """A count such as ``max_results`` or ``days``: a number next to a word of the parameter's name or description
    ("5 papers", "next 3 days", "top 10"). With ``bare`` False, only a number said with its end ("the last 5"). The
    span takes the words that only qualify the count with it ("3 results max", "one result is enough")."""
    found = _count_for(name, prop, text, bare)
    if found is None or found.end < 0:
        return found
    before, after = _COUNT_BEFORE.search(text[: found.start]), _COUNT_AFTER.match(text[found.end :])
    return Span(found.value, before.start() if before else found.start, found.end + (after.end() if after else 0))


def _count_for(name: str, prop: dict[str, Any], text: str, bare: bool) -> Span | None:
    vocabulary = {stem(w) for w in words(f"{name} {prop.get('description', '')}") if w not in STOPWORDS}
    vocabulary -= {stem(w) for w in ("how", "many", "return", "max", "number")}
    tokens = list(re.finditer(r"[\w']+", text.lower()))
    if stem("day") in vocabulary:  # a number of days given as a period ("tomorrow", "the coming week")
        explicit = re.search(r"\b(\d+)\s+days?\b", text)
        for pattern, days in _PERIODS:
            if not explicit and (match := re.search(pattern, text, re.IGNORECASE)):
                return Span(days, match.start(), match.end())
    if stem("night") in vocabulary and (stay := _STAY.search(text)):  # "for a week in Zürich": 7 nights
        return Span(_STAY_NIGHTS[stay.group(1).lower()], stay.start(), stay.end())
    inside = [(m.start(), m.end()) for m in re.finditer(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[:.]\d{2}\b", text)]
    for end, noun in pairwise(tokens):  # "just the last line": one, at the end the parameter reads
        said = {"top": "first", "bottom": "last"}.get(end.group(0), end.group(0))
        singular = not noun.group(0).endswith("s") and stem(noun.group(0)) in vocabulary
        if said in ENDS and singular and stem(said) in vocabulary:
            return Span(1, end.start(), noun.end())
    for index, token in enumerate(tokens):
        value = _NUMBER_WORDS.get(token.group(0)) or (int(token.group(0)) if token.group(0).isdigit() else None)
        if value is None or any(a <= token.start() < b for a, b in inside) or re.search(r"\w-$", text[: token.start()]):
            continue  # part of a date, a time of day or a tag ("LN2-02")
        following = [t.group(0) for t in tokens[index + 1 : index + 4]]
        if following and (following[0].isdigit() or following[0] in _NUMBER_WORDS):
            continue  # "single-end 50, 2 lanes": the number next to the noun counts it
        near = {stem(t.group(0)) for t in tokens[index + 1 : index + 3]}
        near |= {v for t in tokens[index + 1 : index + 2] for v in vocabulary if swap_of(stem(t.group(0)), v)}  # nigths
        before = tokens[index - 1].group(0) if index else ""
        paged = next((len(p) for p in _PAGED if following[: len(p)] == p), 0)  # "five per page", "5 at a time"
        if paged and vocabulary & {stem(w) for w in ("limit", "maximum", "size", "results", "return")}:
            return Span(value, token.start(), tokens[index + paged].end())  # how many to return
        end = {"top": "first", "bottom": "last"}.get(before, before)  # "the top 15 lines" are the first 15
        ends = {stem({"top": "first", "bottom": "last"}.get(w, w)) for w in ENDS if stem(w) in vocabulary}  # "top_k"
        if end in ENDS and stem(end) not in ends and ends:
            continue  # "the first 5 lines" is not for a "last N lines" parameter
        if not bare and end not in ENDS:
            continue
        skipping = before == "first" and re.search(r"\bskip\w*\s+(?:the\s+)?$", text[: tokens[index - 1].start()], re.I)
        if skipping and not vocabulary & {stem("skip"), stem("offset")}:
            continue  # "skip the first 10": how many to skip, not how many to return
        if near & vocabulary or before in {"top", "first", "list", "show"}:  # "list ten crystal structures"
            named = tokens[index + 1 : index + 2]
            after = named[0] if named and stem(named[0].group(0)) in vocabulary else token
            start = tokens[index - 1].start() if before in {"top", "first"} else token.start()  # "top 3" is one phrase
            return Span(value, start, after.end())
    return None


@dataclass
class Framing:
    """What to take off a request to leave the text a free-text parameter carries."""

    lead: tuple[str, ...] = ()
    vocabulary: frozenset[str] = field(default_factory=frozenset)  # words of the tool's own name and description


_HEAD_END = re.compile(r"\s*:\s*|\s+(?:that|on|about|for|-|–|—)\s+", re.IGNORECASE)


def _after_head(text: str, ends: re.Pattern[str], asks: Callable[[list[str]], bool]) -> str:
    """The text after the first head (at most 8 words, ending at a match of ``ends``) whose words only ask."""
    for match in ends.finditer(text):
        head = words(text[: match.start()])
        if len(head) > 8:
            break
        tail = text[match.end() :].strip()
        if head and tail and asks(head):
            return tail
    return text


# "jot down a quick note: X", "add something to my tasks: X": words a framing head may carry besides its own
_HEAD_SIZES = frozenset(["quick", "short", "brief", "little", "new", "something", "item", "thing", "entry", "one"])


@lru_cache(maxsize=64)
def _lead_vocabulary(lead: tuple[str, ...]) -> frozenset[str]:
    return frozenset(stem(w) for phrase in lead for w in words(phrase))


def _frame_head_cut(text: str, lead: tuple[str, ...]) -> str:
    """The text after a head made only of the capability's framing words, when no framing phrase matched as
    written: "save as a fact: X", "log in my daily note that X", "do a web search on X" -> "X"."""
    vocabulary = _lead_vocabulary(lead)
    return _after_head(
        text,
        _HEAD_END,
        lambda head: (
            all(stem(w) in vocabulary or w in STOPWORDS or w in _HEAD_SIZES for w in head)
            and any(stem(w) in vocabulary and w not in STOPWORDS for w in head)
        ),
    )


_TOPIC = re.compile(
    r"\s+(?:on|about|regarding|concerning|covering|for|called|named|titled|mentioning|related\s+to|[-–—])\s+",
    re.IGNORECASE,
)
# What people call the results of a lookup, whatever the tool calls them ("papers on X", "anything about X").
_RESULT_NOUNS = frozenset(
    ["paper", "papers", "article", "articles", "preprint", "preprints", "publication", "publications", "study",
     "studies", "research", "literature", "work", "works", "stuff", "thing", "things", "anything", "something",
     "everything", "result", "results", "entry", "entries", "record", "records", "material", "reading", "source",
     "sources", "reference", "references", "recent", "new", "newest", "good", "relevant", "up", "out", "around",
     "dig", "fetch", "grab", "bring", "hunt", "search", "searching", "looking", "browse", "list"]
)  # fmt: skip
_ASKING = STOPWORDS | _LEAD_WORDS | _FILLER | _RESULT_NOUNS


def _request_head_cut(text: str, vocabulary: frozenset[str]) -> str:
    """The topic after a head that only asks ("dig up entries on X", "find me recent papers about X" -> "X"): every
    word of the head is an asking, filler or result word, or one of the tool's own."""
    asking_words = catalogue().asking_words

    def asking(w: str) -> bool:
        return w in _ASKING or w in asking_words or _known(w, vocabulary)

    def asks(head: list[str]) -> bool:  # "find grants on X": the plural noun last names what is looked up
        return all(map(asking, head[:-1])) and (asking(head[-1]) or re.fullmatch(r"\w{3,}[^s]s", head[-1]) is not None)

    for _ in range(3):  # "look for papers about X": one head after another
        cut = _after_head(text, _TOPIC, asks)
        if cut == text:
            break
        text = cut
    return text


_COUNTED = re.compile(  # "add 2 tasks - a, b", "add these: a"
    r"^(?:(?:\d+|two|three|four|five|a\s+few|some)\s+(?:more\s+)?(?:tasks|items|things|todos|to-dos|reminders)"
    r"|(?:these|those|the\s+following)(?:\s+(?:tasks|items|things|todos|to-dos|reminders))?)"
    r"(?:\s+(?:to|on|for)\s+(?:my|the)\s+(?:list|to-?do\s+list|tasks))?\s*[:\-–—]\s*",  # "two things to my list:"
    re.I,
)


# Words a free text never opens with once the framing is off ("papers about X", "say: X").
_OPENING_WORDS = frozenset({"about", "on", "for", "regarding", "papers", "paper", "articles", "say", "express"})
_OPENING = STOPWORDS | _LEAD_WORDS | _FILLER | _OPENING_WORDS


def _all_known(tokens: list[str], framing: Framing) -> bool:
    return all(_known(w, framing.vocabulary) or w in STOPWORDS for w in words(" ".join(tokens)))


_WHEN_FIRST = re.compile(r"^(?P<when>(?:[\w:.']+\s+){0,3}?[\w:.']+),?\s+to\s+(?P<what>\w.*)$", re.I | re.S)


_WHEN_LINKS = frozenset(["on", "at", "in", "the", "by", "this", "next", "first", "thing"])
_WHEN_WORDS = frozenset(["later", "tonight", "soon", "morning", "afternoon", "evening", "weekend", "today"])


def _when_last(rest: str) -> str:
    """ "remind me tomorrow to water the plants": the day or time said between the framing and the "to" is part
    of the task, after what is to be done ("water the plants tomorrow")."""
    match = _WHEN_FIRST.match(rest)
    if match is None:
        return rest
    when = match.group("when")
    spans = dates(when, date.today()) + time_of_day(when)
    covered = {i for span in spans for i in range(span.start, span.end)}
    leftover = "".join(ch for i, ch in enumerate(when) if i not in covered)
    said = set(words(leftover))
    if not said <= _WHEN_LINKS | _WHEN_WORDS or not (spans or said & _WHEN_WORDS):
        return rest
    return f"{match.group('what')} {when}"


def _literal(token: str, text: str) -> bool:
    """A word written in capitals in a request that is not all capitals ("run SELECT * FROM t"): the person's
    literal text, never framing to strip."""
    return len(token) >= 3 and token.isupper() and token.isalpha() and not text.isupper()


def strip_framing(text: str, framing: Framing) -> str:
    """The request without politeness, without its framing phrases at either end, and without a leading run of
    words that only name the tool ("search arXiv papers on X" -> "X")."""
    rest = _TRAILING.sub("", POLITE.sub("", text).strip()).rstrip(" .!?")  # "… on my list please": both ends
    led = False  # a request framed at its start may repeat one framing word at its end ("look up X online")
    for _ in range(3):
        before = rest
        lowered = rest.lower()
        for phrase in framing.lead:
            if lowered.startswith(phrase) and (len(lowered) == len(phrase) or not lowered[len(phrase)].isalnum()):
                rest, led = rest[len(phrase) :].lstrip(" :,-–—"), True
                rest = re.sub(r"^that\s+(?=\w)", "", rest)  # "note down that X", "log a note that X"
                rest = re.sub(r"^(?:called|named|titled|entitled)\s+(?=\w)", "", rest, flags=re.I)  # "a task called X"
                if phrase.endswith(" this"):  # "store this finding: X": what "this" is called is no part of X
                    rest = re.sub(r"^[^\W\d]+\s*:\s+(?=\S)", "", rest)
                if not phrase.endswith(" to"):  # "add a todo to proofread X": the "to" of the task goes too
                    rest = re.sub(r"^to\s+(?!(?:the|my|our|your|a|an|this|that|his|her|their|it)\b)(?=\w)", "", rest)
                    rest = _when_last(rest)
                break
        lowered = rest.lower()
        for phrase in framing.lead:
            if (led or len(phrase.split()) >= 2) and lowered.endswith(" " + phrase):
                rest = rest[: -len(phrase)].rstrip(" ,:-")
                if not led:  # "add the PCR failed to today's notes": the verb that put it there goes too
                    rest = re.sub(r"^(?:add|put|jot\s+down|note\s+down)\s+(?=\S)", "", rest, flags=re.I)
                break
        rest = _COUNTED.sub("", POLITE.sub("", rest).strip())  # "add 2 tasks - a, b": the count is framing
        if rest == before:
            break
    headless = _frame_head_cut(rest, framing.lead)  # also what a phrase left: "jot down | a note: X"
    if headless != rest:  # "put in a reminder that | I need to X": a framing phrase may open what is left
        rest = re.sub(r"^that\s+(?=\w)", "", headless)
        lowered = rest.lower()
        phrase = next((p for p in framing.lead if len(p.split()) >= 2 and lowered.startswith(p + " ")), None)
        rest = rest[len(phrase) :].lstrip() if phrase else rest
    # "note for today: X", "log — this morning: X": the day is the note's, not its text
    rest = re.sub(
        r"^(?:for\s+)?(?:today|tonight|this\s+(?:morning|afternoon|evening))\s*:\s*(?=\S)", "", rest, flags=re.I
    )
    if framing.vocabulary:
        headless = _request_head_cut(rest, framing.vocabulary)
        tokens = _QUESTION_TAIL.sub("", headless).split()  # "the zebrafish RNA - which shelf is it on?"
        rest, cut = headless, headless != rest
        if tokens and not cut and tokens[0].lower() in catalogue().asking_words:  # "add 200 ul of X": its verb
            tokens.pop(0)
        asked = bool(tokens) and tokens[0].lower() in _LEAD_WORDS - {"the", "a", "an", "i", "me"}
        while tokens and not _literal(tokens[0], rest):
            word = tokens[0].lower().strip(",:;")
            if stem(word) not in framing.vocabulary and word not in _OPENING:
                break
            tokens.pop(0)
        if asked and len(tokens) > 2 and tokens[1].lower() in {"the", "our", "my", "a", "an", "their", "in"}:
            tokens = tokens[2:]  # "where did we put the liver samples": the verb of the question goes too
        for i in range(len(tokens) - 2, 0, -1):  # "the soil DNA in the specimen registry", "p53 in zotero": where
            if tokens[i].lower() in {"in", "into", "to", "on", "from", "at", "with"} and _all_known(
                tokens[i + 1 :], framing
            ):
                tokens = tokens[:i]
                break
        rest = " ".join(tokens).strip(" ,;-") if tokens else rest
        head, _, last = rest.rpartition(",")
        if head and _all_known([last], framing):
            rest = head.strip(" ,;-")  # "liver biopsy 14, box" once the box's id went to its own parameter
    rest = re.sub(r"^[—–-]+\s+", "", _TRAILING.sub("", rest).strip()).strip("'\"‘’“”").strip()  # "… — an interview"
    return rest
