"""Test-only HPC cluster server (dev set ``dev9_tools.jsonl``): submit a batch job with cores, memory in GB,
walltime in hours and a partition, list your jobs, one job's status by numeric id, and cancel a job.

Run with: ``python -m eval.servers.cluster`` (stdio). Eight fixed jobs (five of yours); submissions and
cancellations are kept in memory (none at every start). "Now" is the evaluation's simulated clock,
2026-11-22 12:00 UTC, so results never depend on the real clock. The tool shapes follow widely used public MCP
servers (snake_case names, a required enum, numeric ids, a destructive cancel, a one-line description).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = datetime(2026, 11, 22, 12, 0)
FIRST_NEW = 4817230
Partition = Literal["cpu", "gpu", "highmem", "debug"]
State = Literal["pending", "running", "completed", "failed", "cancelled"]
# partition -> (max cores, max memory GB, max walltime hours, description)
PARTITIONS: dict[str, tuple[int, float, float, str]] = {
    "cpu": (64, 256, 72, "general CPU nodes"),
    "gpu": (32, 512, 48, "nodes with 4 A100 GPUs"),
    "highmem": (64, 2048, 168, "2 TB nodes for large-memory jobs"),
    "debug": (8, 32, 0.5, "short test jobs, at most 30 minutes, start at once"),
}
# job id -> (name, owner, partition, state, cores, memory GB, walltime h, submitted, started, elapsed h, exit code)
JOBS: dict[int, tuple[str, str, str, str, int, float, float, str, str | None, float, int | None]] = {
    4817190: ("star_align_batch1", "you", "cpu", "completed", 16, 64, 12, "2026-11-20T09:12", "2026-11-20T09:14", 5.6, 0),
    4817195: ("deseq2_report", "you", "cpu", "failed", 4, 16, 2, "2026-11-21T16:40", "2026-11-21T16:41", 0.3, 137),
    4817203: ("alphafold_kras", "you", "gpu", "running", 8, 120, 24, "2026-11-22T06:05", "2026-11-22T07:30", 4.5, None),
    4817207: ("cellranger_pbmc", "you", "highmem", "pending", 32, 512, 36, "2026-11-22T10:48", None, 0, None),
    4817211: ("bwa_wgs_tumour", "you", "cpu", "running", 32, 128, 48, "2026-11-22T11:02", "2026-11-22T11:05", 0.9, None),
    4817199: ("md_sim_lipids", "m.lin", "gpu", "running", 16, 64, 48, "2026-11-21T22:00", "2026-11-21T22:10", 13.8, None),
    4817205: ("gatk_joint_calls", "r.shah", "highmem", "running", 48, 1500, 120, "2026-11-22T08:00", "2026-11-22T08:20", 3.7, None),
    4817209: ("test_env", "r.shah", "debug", "completed", 1, 2, 0.25, "2026-11-22T11:30", "2026-11-22T11:30", 0.1, 0),
}  # fmt: skip


class Job(BaseModel):
    """One batch job."""

    job_id: int = Field(description="Numeric job id")
    name: str = Field(description="Job name")
    owner: str = Field(description="User who submitted it ('you' for the caller)")
    partition: str = Field(description="Partition")
    state: str = Field(description="pending, running, completed, failed or cancelled")
    cores: int = Field(description="CPU cores requested")
    memory_gb: float = Field(description="Memory requested, GB")
    walltime_hours: float = Field(description="Time limit, hours")
    submitted: str = Field(description="YYYY-MM-DDTHH:MM (UTC)")
    started: str | None = Field(description="Start time, null while pending")
    elapsed_hours: float = Field(description="Run time so far, hours")
    time_left_hours: float | None = Field(description="Hours until the time limit (running jobs)")
    exit_code: int | None = Field(description="Exit code of a finished job (137: killed, out of memory)")
    queue_position: int | None = Field(description="Position in the partition's queue (pending jobs)")


class JobList(BaseModel):
    """Jobs matching the filters, newest first."""

    state: str | None = Field(description="State filter (null: any)")
    partition: str | None = Field(description="Partition filter (null: any)")
    total: int = Field(description="Jobs matching before the limit")
    jobs: list[Job] = Field(description="At most limit jobs")


class Submitted(BaseModel):
    """A job accepted by the scheduler."""

    job_id: int = Field(description="New numeric job id")
    name: str = Field(description="Job name")
    script: str = Field(description="Batch script submitted")
    partition: str = Field(description="Partition")
    cores: int = Field(description="CPU cores")
    memory_gb: float = Field(description="Memory, GB")
    walltime_hours: float = Field(description="Time limit, hours")
    walltime: str = Field(description="The same as HH:MM:SS")
    email_on_end: bool = Field(description="Mail when the job ends")
    state: str = Field(description="'pending'")
    estimated_start: str = Field(description="YYYY-MM-DDTHH:MM (UTC)")


class Cancelled(BaseModel):
    """A cancelled job."""

    job_id: int = Field(description="Job id")
    name: str = Field(description="Job name")
    previous_state: str = Field(description="State before cancelling")
    state: str = Field(description="'cancelled'")
    elapsed_hours: float = Field(description="Run time used, hours")


def _job_id(value: object) -> int:
    if isinstance(value, bool):
        raise ValueError("job_id is the numeric job id, e.g. 4817203.")
    if isinstance(value, str):
        text = value.strip().lower().removeprefix("job").strip().lstrip("#")
        if not text.isdigit():
            raise ValueError(f"job_id is the numeric job id, e.g. 4817203, not {value!r}.")
        value = int(text)
    if not isinstance(value, int):
        raise ValueError(f"job_id is the numeric job id, e.g. 4817203, not {value!r}.")
    return value


def _partition(value: str) -> str:
    key = (value or "").strip().lower()
    if key not in PARTITIONS:
        raise ValueError(f"Unknown partition {value!r}. Use one of: {', '.join(PARTITIONS)}.")
    return key


def _hms(hours: float) -> str:
    seconds = round(hours * 3600)
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


class Scheduler:
    """The fixed jobs plus those submitted or cancelled since the server started."""

    def __init__(self) -> None:
        self.jobs: dict[int, Job] = {}
        for job_id, (name, owner, part, state, cores, mem, wall, sub, start, elapsed, code) in JOBS.items():
            self.jobs[job_id] = Job(
                job_id=job_id,
                name=name,
                owner=owner,
                partition=part,
                state=state,
                cores=cores,
                memory_gb=mem,
                walltime_hours=wall,
                submitted=sub,
                started=start,
                elapsed_hours=elapsed,
                time_left_hours=round(wall - elapsed, 2) if state == "running" else None,
                exit_code=code,
                queue_position=None,
            )
        self._renumber()

    def _renumber(self) -> None:
        for part in PARTITIONS:
            waiting = sorted((j for j in self.jobs.values() if j.partition == part and j.state == "pending"),
                             key=lambda j: (j.submitted, j.job_id))  # fmt: skip
            for position, job in enumerate(waiting, 1):
                job.queue_position = position

    def status(self, job_id: object) -> Job:
        key = _job_id(job_id)
        if key not in self.jobs:
            raise ValueError(f"No job {key}. Your jobs: {', '.join(str(j) for j in self._mine())}.")
        return self.jobs[key]

    def _mine(self) -> list[int]:
        return sorted((j.job_id for j in self.jobs.values() if j.owner == "you"), reverse=True)

    def listing(
        self, state: str | None = None, partition: str | None = None, all_users: bool = False, limit: int = 20
    ) -> JobList:
        if state is not None and state not in State.__args__:
            raise ValueError(f"Unknown state {state!r}. Use one of: {', '.join(State.__args__)}.")
        part = _partition(partition) if partition else None
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 100:
            raise ValueError("limit must be a whole number from 1 to 100.")
        found = [
            j
            for j in sorted(self.jobs.values(), key=lambda j: j.job_id, reverse=True)
            if (all_users or j.owner == "you")
            and (state is None or j.state == state)
            and (part is None or j.partition == part)
        ]
        return JobList(state=state, partition=part, total=len(found), jobs=found[:limit])

    def submit(
        self,
        script: str,
        partition: str,
        cores: int = 1,
        memory_gb: float = 4,
        walltime_hours: float = 1,
        job_name: str | None = None,
        email_on_end: bool = False,
    ) -> Submitted:
        """A new pending job.

        Raises:
            ValueError: for an unknown partition or a request over its limits, with the units to send.
        """
        if not (script or "").strip():
            raise ValueError("script must name the batch script to run, e.g. 'align.sh'.")
        part = _partition(partition)
        max_cores, max_mem, max_wall, _ = PARTITIONS[part]
        if isinstance(cores, bool) or not isinstance(cores, int) or not 1 <= cores <= max_cores:
            raise ValueError(f"cores must be a whole number from 1 to {max_cores} on {part}.")
        if isinstance(memory_gb, bool) or not isinstance(memory_gb, int | float) or memory_gb <= 0:
            raise ValueError("memory_gb must be a positive number of gigabytes.")
        if memory_gb > max_mem:
            hint = " memory_gb is in GB: 16000 MB is 16." if memory_gb >= 1000 and part != "highmem" else ""
            raise ValueError(f"memory_gb={memory_gb:g} is over the {max_mem:g} GB of a {part} node.{hint}")
        if isinstance(walltime_hours, bool) or not isinstance(walltime_hours, int | float) or walltime_hours <= 0:
            raise ValueError("walltime_hours must be a positive number of hours: 90 minutes is 1.5.")
        if walltime_hours > max_wall:
            raise ValueError(
                f"walltime_hours={walltime_hours:g} is over the {max_wall:g} h limit of {part}. walltime_hours is in"
                " hours: 90 minutes is 1.5, 2h30 is 2.5."
            )
        job_id = max(max(self.jobs) + 1, FIRST_NEW)
        name = (job_name or "").strip() or script.strip().rsplit("/", 1)[-1].removesuffix(".sh")
        waiting = sum(1 for j in self.jobs.values() if j.partition == part and j.state == "pending")
        start = NOW + timedelta(minutes=1 if part == "debug" else 20 + 45 * waiting)
        self.jobs[job_id] = Job(
            job_id=job_id,
            name=name,
            owner="you",
            partition=part,
            state="pending",
            cores=cores,
            memory_gb=float(memory_gb),
            walltime_hours=float(walltime_hours),
            submitted=NOW.strftime("%Y-%m-%dT%H:%M"),
            started=None,
            elapsed_hours=0,
            time_left_hours=None,
            exit_code=None,
            queue_position=None,
        )
        self._renumber()
        return Submitted(
            job_id=job_id,
            name=name,
            script=script.strip(),
            partition=part,
            cores=cores,
            memory_gb=float(memory_gb),
            walltime_hours=float(walltime_hours),
            walltime=_hms(walltime_hours),
            email_on_end=bool(email_on_end),
            state="pending",
            estimated_start=start.strftime("%Y-%m-%dT%H:%M"),
        )

    def cancel(self, job_id: object) -> Cancelled:
        """Cancel one of your pending or running jobs.

        Raises:
            ValueError: for an unknown job, someone else's job or a finished one.
        """
        job = self.status(job_id)
        if job.owner != "you":
            raise ValueError(f"Job {job.job_id} belongs to {job.owner}; you can only cancel your own jobs.")
        if job.state not in ("pending", "running"):
            raise ValueError(f"Job {job.job_id} is already {job.state}; nothing to cancel.")
        previous = job.state
        job.state = "cancelled"
        job.time_left_hours = None
        job.queue_position = None
        self._renumber()
        return Cancelled(
            job_id=job.job_id,
            name=job.name,
            previous_state=previous,
            state="cancelled",
            elapsed_hours=job.elapsed_hours,
        )


scheduler = Scheduler()
server = MCPServer(
    "eval-cluster", instructions="HPC cluster batch scheduler: submit, list, inspect, cancel. Test-only."
)


@server.tool(
    annotations=ToolAnnotations(
        title="Submit batch job", readOnlyHint=False, destructiveHint=False, openWorldHint=False
    )
)
def submit_batch_job(
    script: Annotated[str, Field(description="Path of the batch script to run, e.g. 'align.sh'")],
    partition: Annotated[
        Partition,
        Field(
            description="cpu: general nodes (64 cores, 256 GB, 72 h); gpu: A100 GPU nodes; highmem: 2 TB nodes; "
            "debug: short tests, at most 30 minutes"
        ),
    ],
    cores: Annotated[int, Field(description="CPU cores", ge=1, le=64)] = 1,
    memory_gb: Annotated[float, Field(description="Memory for the job in GB", gt=0)] = 4,
    walltime_hours: Annotated[float, Field(description="Time limit in hours", gt=0)] = 1,
    job_name: Annotated[str | None, Field(description="Job name; defaults to the script's name")] = None,
    email_on_end: Annotated[bool, Field(description="Send an email when the job finishes")] = False,
) -> Submitted:
    """Submit a batch job to the HPC cluster's scheduler on a partition, with the cores, memory and time limit it
    needs. Returns the numeric job id."""
    try:
        return scheduler.submit(script, partition, cores, memory_gb, walltime_hours, job_name, email_on_end)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List jobs", readOnlyHint=True, openWorldHint=False))
def list_batch_jobs(
    state: Annotated[State | None, Field(description="Only jobs in this state")] = None,
    partition: Annotated[Partition | None, Field(description="Only jobs on this partition")] = None,
    all_users: Annotated[bool, Field(description="Include other users' jobs")] = False,
    limit: Annotated[int, Field(description="Maximum number of jobs to return (1-100)", ge=1, le=100)] = 20,
) -> JobList:
    """List batch jobs on the HPC cluster, newest first: by default your own jobs in any state. Every filter is
    optional."""
    try:
        return scheduler.listing(state, partition, all_users, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Job status", readOnlyHint=True, openWorldHint=False))
def job_status(job_id: Annotated[int, Field(description="Numeric job id")]) -> Job:
    """Get job status."""
    try:
        return scheduler.status(job_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Cancel job", readOnlyHint=False, destructiveHint=True, openWorldHint=False)
)
def cancel_job(job_id: Annotated[int, Field(description="Numeric id of the job to cancel")]) -> Cancelled:
    """Cancel (kill) one of your pending or running batch jobs on the HPC cluster. This cannot be undone: the job
    must be submitted again."""
    try:
        return scheduler.cancel(job_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
