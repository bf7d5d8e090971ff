"""Test-only sequencing core server (dev set ``dev8_tools.jsonl``): the run queue of the core's three sequencers,
one run's status, and submitting a library to the queue.

Run with: ``python -m eval.servers.sequencing`` (stdio). A fixed table of seven runs (queued, sequencing,
demultiplexing, complete, failed); libraries submitted are kept in memory (none at every start) and get new run
ids from RUN-0431. "Today" is the evaluation's simulated date, 2026-11-22, so results never depend on the real clock.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = date(2026, 11, 22)
RUN_PATTERN = r"^RUN-\d{4}$"
_RUN = re.compile(RUN_PATTERN)
_SAMPLE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,39}$")
ReadLength = Literal[50, 75, 100, 150, 250, 300]
READ_LENGTHS = (50, 75, 100, 150, 250, 300)
MAX_SAMPLES = 96
# instrument -> (usual names, lanes per flow cell, days a run takes)
INSTRUMENTS: dict[str, tuple[tuple[str, ...], int, int]] = {
    "NovaSeq 6000": (("novaseq", "nova seq", "novaseq 6000", "the novaseq"), 4, 2),
    "NextSeq 2000": (("nextseq", "next seq", "nextseq 2000", "the nextseq"), 1, 1),
    "MiSeq": (("miseq", "mi seq", "the miseq"), 1, 3),
}
ACTIVE = ("queued", "sequencing", "demultiplexing")
# run id -> (instrument, status, read length, paired end, lanes, libraries, submitted by, submitted, started,
#            cycles done, %>=Q30 (null before cycle 25), yield Gb, note)
RUNS: dict[
    str, tuple[str, str, int, bool, int, tuple[str, ...], str, str, str | None, int, float | None, float, str]
] = {
    "RUN-0418": (
        "NovaSeq 6000",
        "complete",
        150,
        True,
        4,
        ("RNAseq-liver-B2", "ATAC-HSC-3"),
        "Okafor",
        "2026-11-09",
        "2026-11-12",
        300,
        93.1,
        1720.0,
        "Data delivered to /seq/2026/RUN-0418",
    ),
    "RUN-0422": (
        "NextSeq 2000",
        "sequencing",
        100,
        True,
        1,
        ("scRNA-organoid-D14",),
        "Lindqvist",
        "2026-11-18",
        "2026-11-21",
        118,
        94.5,
        61.2,
        "",
    ),
    "RUN-0424": (
        "NovaSeq 6000",
        "demultiplexing",
        50,
        False,
        2,
        ("ChIP-H3K27ac-1", "ChIP-input-1"),
        "Menon",
        "2026-11-16",
        "2026-11-20",
        50,
        95.8,
        402.0,
        "FASTQ expected 2026-11-23",
    ),
    "RUN-0426": (
        "MiSeq",
        "failed",
        300,
        True,
        1,
        ("16S-soil-plate2",),
        "Haddad",
        "2026-11-14",
        "2026-11-17",
        212,
        61.0,
        9.8,
        "Over-clustered: re-quantify the library and resubmit",
    ),
    "RUN-0428": (
        "MiSeq",
        "queued",
        250,
        True,
        1,
        ("amplicon-KO-screen",),
        "Zhang",
        "2026-11-20",
        None,
        0,
        None,
        0.0,
        "",
    ),
    "RUN-0429": (
        "NovaSeq 6000",
        "queued",
        150,
        True,
        2,
        ("WGS-trio-17",),
        "Okafor",
        "2026-11-20",
        None,
        0,
        None,
        0.0,
        "",
    ),
    "RUN-0430": (
        "NextSeq 2000",
        "queued",
        75,
        False,
        1,
        ("smallRNA-serum-A",),
        "Menon",
        "2026-11-21",
        None,
        0,
        None,
        0.0,
        "",
    ),
}


class RunStatus(BaseModel):
    """One sequencing run."""

    runId: str = Field(description="e.g. 'RUN-0418'")
    instrument: str = Field(description="Sequencer")
    status: str = Field(description="queued, sequencing, demultiplexing, complete or failed")
    readLength: int = Field(description="Read length, cycles per read")
    pairedEnd: bool = Field(description="Paired-end (true) or single-end (false)")
    lanes: int = Field(description="Lanes used")
    libraries: list[str] = Field(description="Libraries on the run")
    submittedBy: str = Field(description="Who submitted it")
    submitted: str = Field(description="YYYY-MM-DD")
    started: str | None = Field(description="YYYY-MM-DD (null while queued)")
    cyclesDone: int = Field(description="Cycles completed")
    cyclesTotal: int = Field(description="Cycles of the run (read length, twice if paired)")
    percentQ30: float | None = Field(description="% of bases >= Q30 so far (null before cycle 25)")
    yieldGb: float = Field(description="Yield so far, Gb")
    queuePosition: int | None = Field(description="Place in its sequencer's queue (1 = next; null once started)")
    note: str = Field(description="Core staff note")


class QueueEntry(BaseModel):
    """A run in the queue listing."""

    runId: str = Field(description="e.g. 'RUN-0429'")
    instrument: str = Field(description="Sequencer")
    status: str = Field(description="Run status")
    libraries: list[str] = Field(description="Libraries")
    queuePosition: int | None = Field(description="1 = next on its sequencer (null once started)")


class RunQueue(BaseModel):
    """The runs of the core."""

    instrument: str | None = Field(description="Sequencer filter (null: all)")
    includeFinished: bool = Field(description="Whether complete and failed runs are listed")
    runs: list[QueueEntry] = Field(description="Runs, oldest submission first")


class Submission(BaseModel):
    """A library submitted to the queue."""

    runId: str = Field(description="The new run, e.g. 'RUN-0431'")
    libraryName: str = Field(description="Library name")
    sampleNames: list[str] = Field(description="Samples pooled in the library")
    instrument: str = Field(description="Sequencer assigned")
    readLength: int = Field(description="Read length")
    pairedEnd: bool = Field(description="Paired-end")
    lanes: int = Field(description="Lanes")
    cyclesTotal: int = Field(description="Cycles of the run")
    queuePosition: int = Field(description="Place in that sequencer's queue")
    estimatedStart: str = Field(description="YYYY-MM-DD")


def instrument_name(text: str) -> str:
    """The sequencer for ``text``.

    Raises:
        ValueError: for another instrument.
    """
    key = " ".join((text or "").lower().split())
    for name, (aliases, *_) in INSTRUMENTS.items():
        if key in {name.lower(), *aliases}:
            return name
    raise ValueError(f"No sequencer '{text}'. Sequencers: {', '.join(INSTRUMENTS)}.")


def run_id(text: str) -> str:
    """``text`` checked as a run id ('run-0418' is accepted).

    Raises:
        ValueError: for another form ('run 418', '0418') or an unknown run.
    """
    key = (text or "").strip().upper()
    if not _RUN.match(key):
        digits = re.search(r"\d{1,4}", key)
        hint = f"'RUN-{int(digits[0]):04d}'" if digits else "'RUN-0418'"
        raise ValueError(f"runId must be 'RUN-' and four digits, e.g. {hint}.")
    return key


class Core:
    """The runs of the core, with the libraries submitted since the server started."""

    def __init__(self) -> None:
        self.runs = dict(RUNS)

    def _position(self, key: str) -> int | None:
        instrument, status, *_ = self.runs[key]
        if status != "queued":
            return None
        queued = [k for k, v in self.runs.items() if v[0] == instrument and v[1] == "queued"]
        return queued.index(key) + 1

    def status(self, run: str) -> RunStatus:
        """The status of ``run``.

        Raises:
            ValueError: for a malformed or unknown run id.
        """
        key = run_id(run)
        if key not in self.runs:
            raise ValueError(f"No run {key}. Runs: {', '.join(self.runs)}.")
        instrument, status, length, paired, lanes, libs, who, submitted, started, done, q30, gb, note = self.runs[key]
        return RunStatus(
            runId=key,
            instrument=instrument,
            status=status,
            readLength=length,
            pairedEnd=paired,
            lanes=lanes,
            libraries=list(libs),
            submittedBy=who,
            submitted=submitted,
            started=started,
            cyclesDone=done,
            cyclesTotal=length * (2 if paired else 1),
            percentQ30=q30,
            yieldGb=gb,
            queuePosition=self._position(key),
            note=note,
        )

    def queue(self, instrument: str | None = None, include_finished: bool = False) -> RunQueue:
        """The runs on ``instrument`` (every sequencer by default), active ones only unless ``include_finished``.

        Raises:
            ValueError: for an unknown sequencer.
        """
        wanted = instrument_name(instrument) if instrument else None
        runs = [
            QueueEntry(runId=k, instrument=v[0], status=v[1], libraries=list(v[5]), queuePosition=self._position(k))
            for k, v in self.runs.items()
            if (wanted is None or v[0] == wanted) and (include_finished or v[1] in ACTIVE)
        ]
        return RunQueue(instrument=wanted, includeFinished=bool(include_finished), runs=runs)

    def submit(
        self, library_name: str, sample_names: list[str], read_length: int, paired_end: bool, lanes: int = 1
    ) -> Submission:
        """Queue ``library_name`` (pooling ``sample_names``) for a run of ``read_length`` cycles per read.

        Raises:
            ValueError: for an empty library name, bad sample names, a read length or lane count the core does not
                run, or a missing paired/single choice.
        """
        name = (library_name or "").strip()
        if not name:
            raise ValueError("Send a libraryName, e.g. 'RNAseq-liver-B3'.")
        samples = [str(s).strip() for s in sample_names or []]
        if not 1 <= len(samples) <= MAX_SAMPLES:
            raise ValueError(f"sampleNames must list 1 to {MAX_SAMPLES} samples.")
        for sample in samples:
            if "," in sample or " " in sample:
                raise ValueError(f"Put each sample in its own list item, not '{sample}'.")
            if not _SAMPLE.match(sample):
                raise ValueError(f"Sample name '{sample}': letters, digits, '_', '-' and '.' only.")
        if len({s.lower() for s in samples}) != len(samples):
            raise ValueError("sampleNames has a sample twice.")
        if read_length not in READ_LENGTHS or isinstance(read_length, bool):
            raise ValueError(
                f"readLength must be one of {', '.join(map(str, READ_LENGTHS))} (cycles per read; '2x150' is "
                "readLength 150 with pairedEnd true)."
            )
        if not isinstance(paired_end, bool):
            raise ValueError("pairedEnd must be true (paired-end, '2x') or false (single-end).")
        if isinstance(lanes, bool) or not isinstance(lanes, int) or not 1 <= lanes <= 4:
            raise ValueError("lanes must be a whole number from 1 to 4.")
        if read_length >= 250:
            instrument = "MiSeq"
            if lanes != 1:
                raise ValueError(f"{read_length}-cycle reads run on the MiSeq, which has one lane: send lanes 1.")
            if not paired_end:
                raise ValueError(f"{read_length}-cycle reads are paired-end only on the MiSeq: send pairedEnd true.")
        else:
            instrument = "NovaSeq 6000" if lanes > 1 else "NextSeq 2000"
        key = f"RUN-{431 + len(self.runs) - len(RUNS):04d}"
        self.runs[key] = (
            instrument,
            "queued",
            read_length,
            paired_end,
            lanes,
            (name,),
            "you",
            TODAY.isoformat(),
            None,
            0,
            None,
            0.0,
            "",
        )
        position = self._position(key) or 1
        start = TODAY + timedelta(days=1 + (position - 1) * INSTRUMENTS[instrument][2])
        return Submission(
            runId=key,
            libraryName=name,
            sampleNames=samples,
            instrument=instrument,
            readLength=read_length,
            pairedEnd=paired_end,
            lanes=lanes,
            cyclesTotal=read_length * (2 if paired_end else 1),
            queuePosition=position,
            estimatedStart=start.isoformat(),
        )


core = Core()
server = MCPServer("eval-sequencing", instructions="Sequencing core: run queue, run status, submissions. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Run status", readOnlyHint=True, openWorldHint=False))
def flowcell_status(
    runId: Annotated[
        str, Field(description="Run identifier, 'RUN-' + four digits, e.g. 'RUN-0418'", pattern=RUN_PATTERN)
    ],
) -> RunStatus:
    """Status of one sequencing run: instrument, stage (queued, sequencing, demultiplexing, complete, failed), cycles
    done, quality (% bases >= Q30), yield so far and the libraries on it."""
    try:
        return core.status(runId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Sequencer queue", readOnlyHint=True, openWorldHint=False))
def sequencer_queue(
    instrument: Annotated[
        str | None, Field(description="Only this sequencer: 'NovaSeq 6000', 'NextSeq 2000' or 'MiSeq'")
    ] = None,
    includeFinished: Annotated[bool, Field(description="Also list complete and failed runs")] = False,
) -> RunQueue:
    """Runs waiting for or on the core's sequencers, with each queued run's place in line."""
    try:
        return core.queue(instrument, includeFinished)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Queue a library", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def queue_library(
    libraryName: Annotated[str, Field(description="Name of the pooled library, e.g. 'RNAseq-liver-B3'")],
    sampleNames: Annotated[
        list[str], Field(description="Names of the samples pooled in the library, one per item (1-96)", min_length=1)
    ],
    readLength: Annotated[ReadLength, Field(description="Read length in cycles per read")],
    pairedEnd: Annotated[bool, Field(description="true for paired-end reads ('2x150'), false for single-end")],
    lanes: Annotated[int, Field(description="Number of flow-cell lanes (1-4)", ge=1, le=4)] = 1,
) -> Submission:
    """Submit a sequencing library to the core facility's run queue. The library is a pool of one or more
    barcoded samples that have already passed QC (Qubit and Bioanalyzer/TapeStation) and were dropped off at the
    core in a labelled tube. Choose the read length in cycles per read and whether reads are paired-end; a
    paired-end 2x150 run is readLength 150 with pairedEnd true. Reads of 250 or 300 cycles run on the MiSeq (one
    lane, paired-end only); shorter reads run on the NextSeq 2000 (one lane) or, for more than one lane, on the
    NovaSeq 6000 (up to four lanes). The core assigns a new run id and a place in that sequencer's queue and
    returns an estimated start date; the core staff may merge compatible submissions into one flow cell. Nothing
    is sequenced until the tube has arrived at the core.
    """
    try:
        return core.submit(libraryName, sampleNames, readLength, pairedEnd, lanes)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
