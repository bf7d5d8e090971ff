"""Numbers with units: each numeric parameter takes the quantity of its own dimension, converted into the unit its
name or description gives (compound units such as mg/kg or g/mol, molar units by case), one value never twice, and
parameters of one dimension told apart by the role the request gives each value ("from", "stock", "want", "final")."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import Field

from agent_core.offline import slots
from tests.planner_support import ask, planner_agent, tool

pytestmark = pytest.mark.anyio


def dose_for_weight(
    weight_kg: Annotated[float, Field(description="Body weight of the animal, kg", gt=0)],
    dose_mg_per_kg: Annotated[float, Field(description="Dose rate, mg per kg of body weight", gt=0)],
) -> dict[str, Any]:
    """Work out an injection dose for an animal from its body weight and a dose rate."""
    return {"dose_mg": weight_kg * dose_mg_per_kg}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("injection dose for a 450 g rat at 12 mg/kg", {"weight_kg": 0.45, "dose_mg_per_kg": 12}),
        ("dose at 0.5 mg per kg for a mouse of 28 g?", {"weight_kg": 0.028, "dose_mg_per_kg": 0.5}),
    ],
)
async def test_a_compound_unit_is_one_quantity_not_a_mass(text: str, args: dict[str, Any]) -> None:
    turn = await ask(planner_agent([tool(dose_for_weight, readOnlyHint=True)]), text)
    assert turn.calls == [("dose_for_weight", args)]


def dilution(
    start_conc_uM: Annotated[float, Field(description="Concentration to start from, µM", gt=0)],
    end_conc_uM: Annotated[float, Field(description="Concentration to end at, µM", gt=0)],
    end_volume_ul: Annotated[float, Field(description="Volume to end with, in microlitres", gt=0)],
) -> dict[str, Any]:
    """Plan one dilution step: how much of the starting solution to take, and how much buffer to add."""
    return {"take_ul": start_conc_uM and end_conc_uM * end_volume_ul / start_conc_uM}


@pytest.mark.parametrize(
    ("text", "args"),
    [  # the role each value is said in, whatever the order; without one, the order of the parameters
        ("plan a dilution down to 40 nM from 2 mM, 1.5 ml at the end", (2000, 0.04, 1500)),
        ("I have a 5 mM stock and want 250 µl at 50 µM: plan the dilution", (5000, 50, 250)),
        ("dilution step: 500 nM, 20 nM, 200 µl", (0.5, 0.02, 200)),
        ("how do I get 250 µl of 50 µM out of a 5 mM stock?", (5000, 50, 250)),  # every value given: no how-to
    ],
)
async def test_two_concentrations_go_to_the_start_and_the_end_by_the_words_around_them(
    text: str, args: tuple[float, float, float]
) -> None:
    turn = await ask(planner_agent([tool(dilution, readOnlyHint=True)]), text)
    assert turn.calls == [("dilution", dict(zip(["start_conc_uM", "end_conc_uM", "end_volume_ul"], args, strict=True)))]


async def test_a_follow_up_quantity_replaces_the_one_of_its_dimension_and_role() -> None:
    agent = planner_agent([tool(dilution, readOnlyHint=True)])
    first = await ask(agent, "plan a dilution from 1 mM to 10 µM, 2 ml final")
    assert first.calls == [("dilution", {"start_conc_uM": 1000, "end_conc_uM": 10, "end_volume_ul": 2000})]
    again = await ask(agent, "and for 500 µl?", first.messages)
    assert again.calls == [("dilution", {"start_conc_uM": 1000, "end_conc_uM": 10, "end_volume_ul": 500})]


def thermal_ramp(
    start_kelvin: Annotated[float, Field(description="Block temperature to start from", ge=200, le=400)],
    end_kelvin: Annotated[float, Field(description="Block temperature to end at", ge=200, le=400)],
    ramp_minutes: Annotated[int, Field(description="How long the ramp takes", ge=1)],
) -> dict[str, Any]:
    """Program a thermal block to ramp from one temperature to another."""
    return {"programmed": True}


async def test_two_temperatures_each_take_their_own_value_in_kelvin() -> None:
    turn = await ask(
        planner_agent([tool(thermal_ramp, readOnlyHint=False)]), "program the block: ramp 20 °C to 95 °C over 1 hour"
    )
    assert turn.calls == [("thermal_ramp", {"start_kelvin": 293.15, "end_kelvin": 368.15, "ramp_minutes": 60})]


def moles_in_sample(
    sample_mg: Annotated[float, Field(description="What the sample weighs, mg", gt=0)],
    molar_mass_g_per_mol: Annotated[float, Field(description="Formula weight of the compound, in g/mol", gt=0)],
) -> dict[str, Any]:
    """How many moles a weighed sample of a compound holds."""
    return {"mol": sample_mg / 1000 / molar_mass_g_per_mol}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("how many moles in 25 mg of glucose, FW 180.2", {"sample_mg": 25, "molar_mass_g_per_mol": 180.2}),
        ("moles in 0.2 g of a 66.4 kDa protein?", {"sample_mg": 200, "molar_mass_g_per_mol": 66400}),
        ("moles in 1.1 g of urea (60.06 g/mol)?", {"sample_mg": 1100, "molar_mass_g_per_mol": 60.06}),
    ],
)
async def test_a_molar_mass_is_read_by_its_unit_or_its_description_label_never_as_a_mass(
    text: str, args: dict[str, Any]
) -> None:
    turn = await ask(planner_agent([tool(moles_in_sample, readOnlyHint=True)]), text)
    assert turn.calls == [("moles_in_sample", args)]


def test_molar_units_are_told_apart_by_case_and_values_outside_the_range_are_no_reading() -> None:
    conc = {"conc_nM": {"type": "number", "exclusiveMinimum": 0}}
    assert slots.quantities(conc, "at 2 uM please")["conc_nM"].value == 2000
    assert slots.quantities(conc, "meet at 5 pm") == {}  # a time, not picomolar
    assert slots.quantities(conc, "a 10 mm gap") == {}  # millimetres, not millimolar
    assert slots.quantities(conc, "-3 nM") == {}  # not above the exclusive minimum


def spin_speed(
    rcf_xg: Annotated[float, Field(description="Relative centrifugal force, × g", gt=0)],
    radius_cm: Annotated[float, Field(description="Rotor radius in cm", gt=0)],
) -> dict[str, Any]:
    """Rotor speed (rpm) needed to reach a given RCF at a given radius."""
    return {"rpm": (rcf_xg / (1.118e-5 * radius_cm)) ** 0.5}


def spin_force(
    speed_rpm: Annotated[float, Field(description="Rotor speed in rpm", gt=0)],
    radius_cm: Annotated[float, Field(description="Rotor radius in cm", gt=0)],
) -> dict[str, Any]:
    """RCF (× g) for a given rotor speed and radius."""
    return {"rcf": 1.118e-5 * radius_cm * speed_rpm**2}


@pytest.mark.parametrize(
    ("text", "call"),
    [  # lengths in any unit, speeds and forces, numbers written with thousands, "k" and in words
        ("what g-force is 13,000 rpm on a rotor with 8.3 cm radius?", ("spin_force", 13000, 8.3)),
        ("14k rpm in a microfuge with a 7.5 cm rotor, how many g is that", ("spin_force", 14000, 7.5)),
        ("RCF for 3,500 rpm on a rotor with 95 mm radius?", ("spin_force", 3500, 9.5)),
        ("spin at fifteen thousand rpm on an 8.4 cm rotor: what force?", ("spin_force", 15000, 8.4)),
        ("what rpm gives 16,000 x g with a 8.5 cm rotor", ("spin_speed", 16000, 8.5)),
        ("convert 500 x g to rpm for a rotor of 0.1 m radius", ("spin_speed", 500, 10)),
    ],
)
async def test_speeds_forces_and_lengths_are_read_in_the_parameters_units(text: str, call: tuple) -> None:
    tools = [tool(spin_speed, readOnlyHint=True), tool(spin_force, readOnlyHint=True)]
    turn = await ask(planner_agent(tools), text)
    name, first, radius = call
    assert [(n, sorted(a.values())) for n, a in turn.calls] == [(name, sorted([first, radius]))]


@pytest.mark.parametrize(
    ("said", "grams"),
    [("log 27,5 g", 27.5), ("log 1,250 g", 1250), ("log 2.5k g", 2500), ("log nineteen thousand mg", 19)],
)
def test_a_number_with_a_decimal_comma_a_thousands_separator_or_a_k_is_one_number(said: str, grams: float) -> None:
    found = slots.quantities({"weight_g": {"type": "number", "description": "Body weight in grams"}}, said)
    assert found["weight_g"].value == grams
