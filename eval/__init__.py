"""The evaluation of the offline planner: data sets, the simulated world and the harness (``python -m eval.run``)."""
