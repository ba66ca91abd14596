"""JSON Schema export of the public models, so editors and integrators can validate."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .context import Context
from .document import Document
from .project import Manifest
from .quantity import Quantity
from .sweep import SweepReport
from .verdict import Claim, Finding, Verdict

__all__ = ["PUBLIC_MODELS", "json_schemas"]

PUBLIC_MODELS: dict[str, type[BaseModel]] = {
    "manifest": Manifest,
    "document": Document,
    "context": Context,
    "claim": Claim,
    "quantity": Quantity,
    "verdict": Verdict,
    "finding": Finding,
    "sweep": SweepReport,
}


def json_schemas() -> dict[str, dict[str, Any]]:
    """Each public model's JSON Schema, keyed by a short name."""
    return {name: model.model_json_schema() for name, model in PUBLIC_MODELS.items()}
