"""The eval harness: runs every item of eval/*.jsonl through the real agent path with the offline planner.

Run with::

    python -m eval.run [--set NAME|all] [--failures] [--json out.json]

(or ``make eval``). Per item: the world is reset, each ``context`` message runs as its own turn, then the item's
text; every turn first goes through the tool-gap check, as in the app. The item's own turn is scored by
``eval.scoring`` against its ``expect``. ``--failures`` lists failed items of the dev material only (every set but
``heldout`` and ``unseen``; the ``*_tools`` sets are the dev requests for tools of newly connected servers): the
held-out and unseen sets are never inspected item by item while tuning. ``--file PATH`` runs one other file (e.g. a scratch set).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eval import report
from eval.toolsets import REPO

if TYPE_CHECKING:
    from eval.harness import ItemResult

# "all" runs them in this order, one column each
SETS = ("dev", "dev2", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev_tools", "dev2_tools", "dev3_tools", "dev4_tools", "dev5_tools", "dev6_tools", "dev7_tools", "dev8_tools", "dev9_tools", "dev10_tools", "dev11_tools", "dev12_tools", "dev13_tools", "dev14_tools", "dev15_tools", "dev16_tools", "dev17_tools", "heldout", "unseen")  # fmt: skip
PROTECTED = frozenset({"heldout", "unseen"})  # never listed item by item
DEV_SETS = frozenset(SETS) - PROTECTED  # dev material: may be tuned on, failures listed


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m eval.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=(*SETS, "all"), default="all", help="which data file(s) to run")
    parser.add_argument("--file", type=Path, help="run this jsonl file instead of --set")
    parser.add_argument(
        "--failures",
        action="store_true",
        help=f"list failed items (dev material only: {', '.join(s for s in SETS if s in DEV_SETS)})",
    )
    parser.add_argument("--json", type=Path, help="write all results to this file")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    logger = logging.getLogger("agent_core")
    level = logger.level
    logger.setLevel(logging.ERROR)  # warnings about items would drown the tables; restored for callers (tests)
    try:
        return _main(argv)
    finally:
        logger.setLevel(level)


def _main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.file:
        files = {args.file.stem: args.file}
    else:
        files = {name: REPO / "eval" / f"{name}.jsonl" for name in (SETS if args.set == "all" else (args.set,))}
    if args.failures and (
        any(p.stem in PROTECTED for p in files.values()) or (not args.file and args.set not in DEV_SETS)
    ):
        print(
            "--failures lists dev items only: the heldout and unseen sets are never inspected item by item while "
            "tuning. Run `python -m eval.run --set dev --failures` (or another dev set: "
            f"{', '.join(s for s in SETS if s in DEV_SETS)}).",
            file=sys.stderr,
        )
        return 2
    from eval.harness import detector_factory, run_file  # the planner loads only once something runs

    factory = detector_factory()
    status = 0
    runs: dict[str, tuple[dict[str, Any], list[ItemResult]]] = {}
    for name, path in files.items():
        if not path.exists():
            print(f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}: not found, skipped")
            continue
        try:
            runs[name] = asyncio.run(run_file(path, factory))
        except RuntimeError as exc:  # a test-only server did not start: the set cannot be measured
            print(f"{name}: not run: {exc}", file=sys.stderr)
            status = 1
    if not runs:
        print("nothing to run")
        return 1
    print(report.render(runs, show_failures=args.failures))
    if args.json:
        payload = {name: {"meta": meta, "results": [r.as_json() for r in rs]} for name, (meta, rs) in runs.items()}
        args.json.write_text(json.dumps(payload, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
        print(f"results written to {args.json}")
    return status


if __name__ == "__main__":
    sys.exit(main())
