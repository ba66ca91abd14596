"""The project manifest (``inforce.yaml``) as a typed value."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["Manifest", "RulePackRef"]


class RulePackRef(BaseModel):
    """One entry of the manifest's ``rules:`` list: a stock pack by name or a project file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stock: str | None = None
    path: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    line: int | None = None

    @model_validator(mode="after")
    def _one_of(self) -> RulePackRef:
        if (self.stock is None) == (self.path is None):
            raise ValueError("a rules entry names exactly one of `stock` or `path`")
        return self

    @property
    def name(self) -> str:
        return self.stock if self.stock is not None else str(self.path)


class Manifest(BaseModel):
    """``inforce.yaml``: the project's name, facets and rule packs (applied in order)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = 1
    project: str
    facets: tuple[str, ...] = ()
    rules: tuple[RulePackRef, ...] = ()
    registry: str | None = None
    #: the project's own unit spellings, each naming a unit pint knows (``KSF: ksf``, ``SY: yard ** 2``)
    units: dict[str, str] = {}
