"""The fault and attack suite: every case marked ``fault`` in the tests, plus the 20-process load test, counted.

    .venv/bin/python bench/faults.py [--processes 20] [--skip-load]

Prints cases tried, passed and data lost (acknowledged items — tasks, memories, approvals, answers — a case lost or
changed without approval; each case reports its own count through the ``data_lost`` fixture). Not part of
`make test`: the load test alone starts 20 full app processes.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pytest_cases() -> tuple[int, int, int, list[str]]:
    """Run the fault-marked tests; returns (tried, passed, data lost, names of failed cases)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "faults.xml"
        subprocess.run(
            [sys.executable, "-m", "pytest", "-m", "fault", "-q", "-p", "no:cacheprovider", f"--junitxml={report}",
             f"--basetemp={tmp}/bt", "-o", "junit_family=xunit1"],
            cwd=ROOT,
            check=False,
        )  # fmt: skip
        cases = ET.parse(report).getroot().iter("testcase")
        tried = passed = lost = 0
        failed: list[str] = []
        for case in cases:
            if case.find("skipped") is not None:
                continue
            tried += 1
            if case.find("failure") is None and case.find("error") is None:
                passed += 1
            else:
                failed.append(case.get("name", "?"))
            for prop in case.iter("property"):
                if prop.get("name") == "data_lost":
                    lost += int(prop.get("value") or 0)
    return tried, passed, lost, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=20)
    parser.add_argument("--skip-load", action="store_true", help="only the pytest fault cases")
    args = parser.parse_args()
    tried, passed, lost, failed = pytest_cases()
    rows = [("fault and attack cases (pytest -m fault)", tried, passed, lost)]
    if not args.skip_load:
        sys.path.insert(0, str(ROOT))
        from bench.concurrent_ask import render, run_concurrent_asks  # the load test's core, shared with its CLI

        load = run_concurrent_asks(args.processes)
        ok = load.answers == args.processes and not load.hung and load.pg_stopped and not load.handles_left
        rows.append((f"{args.processes} concurrent `paias ask` on one PAIAS_HOME", 1, int(ok), load.lost))
        print(render(load))
    print(f"\n{'suite':<52} {'tried':>6} {'passed':>7} {'data lost':>10}")
    for name, t, p, d in rows:
        print(f"{name:<52} {t:>6} {p:>7} {d:>10}")
    total = [sum(r[i] for r in rows) for i in (1, 2, 3)]
    print(f"{'total':<52} {total[0]:>6} {total[1]:>7} {total[2]:>10}")
    for name in failed:
        print(f"failed: {name}")
    return 0 if total[0] == total[1] and total[2] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
