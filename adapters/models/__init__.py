"""Model backends (embedding, NLI, reranking) behind the engine's ports, loaded offline.

Importing this package imports no torch: ``load_backends`` imports a backend only when the
manifest asks for it, so a project without the ml extra still runs its mechanical checks.
"""

from .backends import Backends, load_backends, open_project

__all__ = ["Backends", "load_backends", "open_project"]
