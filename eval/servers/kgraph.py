"""Test-only knowledge-graph memory server (dev set ``dev14_tools.jsonl``), shaped like the reference "memory" MCP
server (``@modelcontextprotocol/server-memory``): the same nine tools (``create_entities``, ``create_relations``,
``add_observations``, ``delete_entities``, ``delete_observations``, ``delete_relations``, ``read_graph``,
``search_nodes``, ``open_nodes``), the same camelCase item fields (``entityType``, ``relationType``,
``entityName``, ``entityNames``), the same descriptions, and, as in the real server, no description on the
top-level arrays of four of the tools (only their items' fields say what they are).

Run with: ``python -m eval.servers.kgraph`` (stdio). A small graph of a lab seeded at every start: five people,
three projects, an instrument, a cell line and a partner institute, with observations and active-voice relations
(``supervises``, ``works_on``, ``leads``, ``uses``, ``collaborates_with``). Changes stay in memory and are gone at
the next start. No network, no real clock.

Behaviour follows the real server: creating an entity whose name exists, or a relation that exists, is skipped (the
result lists only what was new); relations are not checked against the entities; adding observations to an unknown
entity is an error; deleting what does not exist is silently ignored; ``search_nodes`` matches its query as one
substring (case-insensitive) of an entity's name, type or any observation, and returns the matching entities with
the relations between them; ``open_nodes`` returns the named entities with the relations between them. Entity names
are matched without regard to case. Malformed arguments (a string where a list belongs, a missing field) are tool
errors that say what to send.
"""

from __future__ import annotations

import threading
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field, WithJsonSchema

from agent_core.servers._serve import main

# name -> (entityType, observations)
ENTITIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Astrid Lindqvist": ("person", ("Group leader of the lab", "On sabbatical from March 2027")),
    "Dana Kowalski": (
        "person",
        ("Postdoc", "Runs the western blots for the p53 project", "Prefers email over Slack"),
    ),
    "Ravi Shah": ("person", ("PhD student", "Thesis committee meeting on 12 January 2027")),
    "Mei Lin": ("person", ("Postdoc", "Expert in confocal imaging", "Allergic to latex")),
    "Lena Fischer": ("person", ("Lab manager", "Handles all orders and deliveries")),
    "p53 Project": ("project", ("Studies p53 activation after DNA damage", "Funded by the ERC grant until 2028")),
    "CRISPR Screen": ("project", ("Genome-wide knockout screen in HCT116 cells", "Uses the Brunello library")),
    "Organoid Atlas": ("project", ("Single-cell atlas of colon organoids", "First data freeze in February 2027")),
    "Confocal Microscope": ("equipment", ("Zeiss LSM 980 in room B-214", "561 nm laser weak since October")),
    "HCT116": ("cell line", ("Colorectal carcinoma cell line", "Mycoplasma-negative on 2026-11-01")),
    "Hubrecht Institute": ("organization", ("Research institute in Utrecht", "Partner of the Organoid Atlas")),
}
RELATIONS: tuple[tuple[str, str, str], ...] = (
    ("Astrid Lindqvist", "Dana Kowalski", "supervises"),
    ("Astrid Lindqvist", "Ravi Shah", "supervises"),
    ("Astrid Lindqvist", "Mei Lin", "supervises"),
    ("Astrid Lindqvist", "p53 Project", "leads"),
    ("Dana Kowalski", "p53 Project", "works_on"),
    ("Ravi Shah", "CRISPR Screen", "works_on"),
    ("Mei Lin", "Organoid Atlas", "works_on"),
    ("Mei Lin", "Confocal Microscope", "uses"),
    ("p53 Project", "HCT116", "uses"),
    ("CRISPR Screen", "HCT116", "uses"),
    ("Organoid Atlas", "Hubrecht Institute", "collaborates_with"),
)


class Entity(BaseModel):
    """An entity of the graph."""

    name: str = Field(description="The name of the entity")
    entityType: str = Field(description="The type of the entity")
    observations: list[str] = Field(description="An array of observation contents associated with the entity")


class Relation(BaseModel):
    """A directed relation."""

    from_: str = Field(alias="from", description="The name of the entity where the relation starts")
    to: str = Field(description="The name of the entity where the relation ends")
    relationType: str = Field(description="The type of the relation")

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


class Graph(BaseModel):
    """Entities and relations."""

    entities: list[Entity] = Field(description="Entities")
    relations: list[Relation] = Field(description="Relations between them")


class CreatedEntities(BaseModel):
    """The entities that were new."""

    entities: list[Entity] = Field(description="Entities created (those whose name existed are left out)")


class CreatedRelations(BaseModel):
    """The relations that were new."""

    relations: list[Relation] = Field(description="Relations created (existing ones are left out)")


class Added(BaseModel):
    """Observations added to one entity."""

    entityName: str = Field(description="The entity")
    addedObservations: list[str] = Field(description="Observations that were new (duplicates are left out)")


class AddedObservations(BaseModel):
    """Observations added."""

    results: list[Added] = Field(description="One per entity")


class Done(BaseModel):
    """A deletion's outcome."""

    text: str = Field(description="The server's text, e.g. 'Entities deleted successfully'")
    deleted: int = Field(description="How many entities, observations or relations were removed")


_ENTITY_ITEM = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "The name of the entity"},
        "entityType": {"type": "string", "description": "The type of the entity"},
        "observations": {
            "type": "array",
            "items": {"type": "string"},
            "description": "An array of observation contents associated with the entity",
        },
    },
    "required": ["name", "entityType", "observations"],
    "additionalProperties": False,
}
_RELATION_ITEM = {
    "type": "object",
    "properties": {
        "from": {"type": "string", "description": "The name of the entity where the relation starts"},
        "to": {"type": "string", "description": "The name of the entity where the relation ends"},
        "relationType": {"type": "string", "description": "The type of the relation"},
    },
    "required": ["from", "to", "relationType"],
    "additionalProperties": False,
}


def _items(value: Any, what: str, example: str) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        raise ValueError(f"{what} must be a non-empty array of objects, e.g. {example}.")
    return value


def _text(item: dict[str, Any], key: str, example: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"Each item needs '{key}' as a non-empty string, e.g. {example}.")
    return " ".join(value.split())


def _strings(item: dict[str, Any], key: str, example: str, allow_empty: bool = False) -> list[str]:
    value = item.get(key)
    if isinstance(value, str):
        raise ValueError(f"'{key}' is an array of strings, not one string: send [{value!r}].")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or (not value and not allow_empty):
        raise ValueError(f"Each item needs '{key}' as an array of strings, e.g. {example}.")
    return [" ".join(v.split()) for v in value if v.strip()]


_ENTITY_EXAMPLE = '[{"name": "Dana Kowalski", "entityType": "person", "observations": ["Postdoc"]}]'
_RELATION_EXAMPLE = '[{"from": "Dana Kowalski", "to": "p53 Project", "relationType": "works_on"}]'
_OBSERVATION_EXAMPLE = '[{"entityName": "Dana Kowalski", "contents": ["Moves to Berlin in 2027"]}]'
_DELETION_EXAMPLE = '[{"entityName": "Dana Kowalski", "observations": ["Prefers email over Slack"]}]'


class KnowledgeGraph:
    """The graph of one server run."""

    def __init__(self) -> None:
        self.entities: list[Entity] = [
            Entity(name=n, entityType=t, observations=list(o)) for n, (t, o) in ENTITIES.items()
        ]
        self.relations: list[Relation] = [Relation(from_=a, to=b, relationType=r) for a, b, r in RELATIONS]
        self.lock = threading.Lock()

    def _find(self, name: str) -> Entity | None:
        key = " ".join(name.split()).lower()
        return next((e for e in self.entities if e.name.lower() == key), None)

    def _canonical(self, name: str) -> str:
        found = self._find(name)
        return found.name if found else " ".join(name.split())

    @staticmethod
    def _same(a: Relation, b: Relation) -> bool:
        return (a.from_.lower(), a.to.lower(), a.relationType.lower()) == (
            b.from_.lower(),
            b.to.lower(),
            b.relationType.lower(),
        )

    def create_entities(self, entities: Any) -> CreatedEntities:
        """New entities (existing names are skipped).

        Raises:
            ValueError: for malformed items, with an example to send.
        """
        items = _items(entities, "entities", _ENTITY_EXAMPLE)
        new = [
            Entity(
                name=_text(i, "name", _ENTITY_EXAMPLE),
                entityType=_text(i, "entityType", _ENTITY_EXAMPLE),
                observations=_strings(i, "observations", _ENTITY_EXAMPLE, allow_empty=True),
            )
            for i in items
        ]
        created = []
        with self.lock:
            for entity in new:
                if self._find(entity.name) is None:
                    self.entities.append(entity)
                    created.append(entity)
        return CreatedEntities(entities=created)

    def create_relations(self, relations: Any) -> CreatedRelations:
        """New relations (existing ones are skipped; the entities are not checked, as in the real server).

        Raises:
            ValueError: for malformed items, with an example to send.
        """
        items = _items(relations, "relations", _RELATION_EXAMPLE)
        new = [
            Relation(
                from_=self._canonical(_text(i, "from", _RELATION_EXAMPLE)),
                to=self._canonical(_text(i, "to", _RELATION_EXAMPLE)),
                relationType=_text(i, "relationType", _RELATION_EXAMPLE),
            )
            for i in items
        ]
        created = []
        with self.lock:
            for relation in new:
                if not any(self._same(relation, r) for r in self.relations):
                    self.relations.append(relation)
                    created.append(relation)
        return CreatedRelations(relations=created)

    def add_observations(self, observations: Any) -> AddedObservations:
        """Observations added to existing entities (duplicates skipped).

        Raises:
            ValueError: for an unknown entity (with the names known) or malformed items.
        """
        items = _items(observations, "observations", _OBSERVATION_EXAMPLE)
        requests = [
            (_text(i, "entityName", _OBSERVATION_EXAMPLE), _strings(i, "contents", _OBSERVATION_EXAMPLE)) for i in items
        ]
        with self.lock:
            for name, _ in requests:
                if self._find(name) is None:
                    known = ", ".join(e.name for e in self.entities)
                    raise ValueError(
                        f"Entity with name {name} not found. Entities: {known}. Create it first with create_entities."
                    )
            results = []
            for name, contents in requests:
                entity = self._find(name)
                assert entity is not None
                added = [c for c in contents if c not in entity.observations]
                entity.observations.extend(added)
                results.append(Added(entityName=entity.name, addedObservations=added))
        return AddedObservations(results=results)

    def delete_entities(self, entity_names: Any) -> Done:
        """Remove entities and every relation that touches them (unknown names are ignored).

        Raises:
            ValueError: when entityNames is not an array of strings.
        """
        if isinstance(entity_names, str):
            raise ValueError(f"entityNames is an array of strings: send [{entity_names!r}].")
        if not isinstance(entity_names, list) or not all(isinstance(n, str) for n in entity_names):
            raise ValueError('entityNames must be an array of entity names, e.g. ["Hubrecht Institute"].')
        keys = {" ".join(n.split()).lower() for n in entity_names}
        with self.lock:
            before = len(self.entities)
            self.entities = [e for e in self.entities if e.name.lower() not in keys]
            self.relations = [r for r in self.relations if r.from_.lower() not in keys and r.to.lower() not in keys]
            removed = before - len(self.entities)
        return Done(text="Entities deleted successfully", deleted=removed)

    def delete_observations(self, deletions: Any) -> Done:
        """Remove observations from entities (unknown entities and observations are ignored).

        Raises:
            ValueError: for malformed items, with an example to send.
        """
        items = _items(deletions, "deletions", _DELETION_EXAMPLE)
        requests = [
            (_text(i, "entityName", _DELETION_EXAMPLE), _strings(i, "observations", _DELETION_EXAMPLE)) for i in items
        ]
        removed = 0
        with self.lock:
            for name, observations in requests:
                entity = self._find(name)
                if entity is None:
                    continue
                drop = {o.lower() for o in observations}
                kept = [o for o in entity.observations if o.lower() not in drop]
                removed += len(entity.observations) - len(kept)
                entity.observations = kept
        return Done(text="Observations deleted successfully", deleted=removed)

    def delete_relations(self, relations: Any) -> Done:
        """Remove relations (ones that do not exist are ignored).

        Raises:
            ValueError: for malformed items, with an example to send.
        """
        items = _items(relations, "relations", _RELATION_EXAMPLE)
        doomed = [
            Relation(
                from_=_text(i, "from", _RELATION_EXAMPLE),
                to=_text(i, "to", _RELATION_EXAMPLE),
                relationType=_text(i, "relationType", _RELATION_EXAMPLE),
            )
            for i in items
        ]
        with self.lock:
            before = len(self.relations)
            self.relations = [r for r in self.relations if not any(self._same(r, d) for d in doomed)]
            removed = before - len(self.relations)
        return Done(text="Relations deleted successfully", deleted=removed)

    def _subgraph(self, entities: list[Entity]) -> Graph:
        names = {e.name for e in entities}
        return Graph(
            entities=[e.model_copy(deep=True) for e in entities],
            relations=[r for r in self.relations if r.from_ in names and r.to in names],
        )

    def read(self) -> Graph:
        with self.lock:
            return Graph(
                entities=[e.model_copy(deep=True) for e in self.entities],
                relations=[r.model_copy() for r in self.relations],
            )

    def search(self, query: str) -> Graph:
        """Entities whose name, type or an observation contains ``query`` (case-insensitive).

        Raises:
            ValueError: for an empty query.
        """
        needle = " ".join((query or "").split()).lower()
        if not needle:
            raise ValueError("query is required: a word or phrase to find in entity names, types or observations.")
        with self.lock:
            hits = [
                e
                for e in self.entities
                if needle in e.name.lower()
                or needle in e.entityType.lower()
                or any(needle in o.lower() for o in e.observations)
            ]
            return self._subgraph(hits)

    def open(self, names: Any) -> Graph:
        """The named entities (unknown names are ignored) and the relations between them.

        Raises:
            ValueError: when names is not an array of strings.
        """
        if isinstance(names, str):
            raise ValueError(f"names is an array of strings: send [{names!r}].")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError('names must be an array of entity names, e.g. ["Dana Kowalski", "p53 Project"].')
        with self.lock:
            found = [e for n in names if (e := self._find(n)) is not None]
            unique = list({e.name: e for e in found}.values())
            return self._subgraph(unique)


graph = KnowledgeGraph()
server = MCPServer("eval-kgraph", instructions="Knowledge graph memory of the lab: people, projects. Test-only.")
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    description="Create multiple new entities in the knowledge graph",
    annotations=ToolAnnotations(
        title="Create Entities", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    ),
)
def create_entities(
    entities: Annotated[Any, WithJsonSchema({"type": "array", "items": _ENTITY_ITEM})],
) -> CreatedEntities:
    return _run(graph.create_entities, entities)


@server.tool(
    description="Create multiple new relations between entities in the knowledge graph. Relations should be in "
    "active voice",
    annotations=ToolAnnotations(
        title="Create Relations", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    ),
)
def create_relations(
    relations: Annotated[Any, WithJsonSchema({"type": "array", "items": _RELATION_ITEM})],
) -> CreatedRelations:
    return _run(graph.create_relations, relations)


@server.tool(
    description="Add new observations to existing entities in the knowledge graph",
    annotations=ToolAnnotations(
        title="Add Observations", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    ),
)
def add_observations(
    observations: Annotated[
        Any,
        WithJsonSchema(
            {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "entityName": {
                            "type": "string",
                            "description": "The name of the entity to add the observations to",
                        },
                        "contents": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "An array of observation contents to add",
                        },
                    },
                    "required": ["entityName", "contents"],
                    "additionalProperties": False,
                },
            }
        ),
    ],
) -> AddedObservations:
    return _run(graph.add_observations, observations)


@server.tool(
    description="Delete multiple entities and their associated relations from the knowledge graph",
    annotations=ToolAnnotations(
        title="Delete Entities", readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False
    ),
)
def delete_entities(
    entityNames: Annotated[
        Any,
        WithJsonSchema(
            {"type": "array", "items": {"type": "string"}, "description": "An array of entity names to delete"}
        ),
    ],
) -> Done:
    return _run(graph.delete_entities, entityNames)


@server.tool(
    description="Delete specific observations from entities in the knowledge graph",
    annotations=ToolAnnotations(
        title="Delete Observations", readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False
    ),
)
def delete_observations(
    deletions: Annotated[
        Any,
        WithJsonSchema(
            {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "entityName": {
                            "type": "string",
                            "description": "The name of the entity containing the observations",
                        },
                        "observations": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "An array of observations to delete",
                        },
                    },
                    "required": ["entityName", "observations"],
                    "additionalProperties": False,
                },
            }
        ),
    ],
) -> Done:
    return _run(graph.delete_observations, deletions)


@server.tool(
    description="Delete multiple relations from the knowledge graph",
    annotations=ToolAnnotations(
        title="Delete Relations", readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False
    ),
)
def delete_relations(
    relations: Annotated[
        Any,
        WithJsonSchema({"type": "array", "items": _RELATION_ITEM, "description": "An array of relations to delete"}),
    ],
) -> Done:
    return _run(graph.delete_relations, relations)


@server.tool(
    description="Read the entire knowledge graph",
    annotations=ToolAnnotations(title="Read Graph", readOnlyHint=True, openWorldHint=False),
)
def read_graph() -> Graph:
    return graph.read()


@server.tool(
    description="Search for nodes in the knowledge graph based on a query",
    annotations=ToolAnnotations(title="Search Nodes", readOnlyHint=True, openWorldHint=False),
)
def search_nodes(
    query: Annotated[
        str, Field(description="The search query to match against entity names, types, and observation content")
    ],
) -> Graph:
    return _run(graph.search, query)


@server.tool(
    description="Open specific nodes in the knowledge graph by their names",
    annotations=ToolAnnotations(title="Open Nodes", readOnlyHint=True, openWorldHint=False),
)
def open_nodes(
    names: Annotated[
        Any,
        WithJsonSchema(
            {"type": "array", "items": {"type": "string"}, "description": "An array of entity names to retrieve"}
        ),
    ],
) -> Graph:
    return _run(graph.open, names)


if __name__ == "__main__":
    main(server)
