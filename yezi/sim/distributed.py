"""Deals over a Ray cluster (`--ray [--address ADDR]`): the same numbers as a local run.

Every batch job in yezi draws deal `i` and its bots' random streams from (seed, i) alone, so a
deal's result does not depend on which process or machine plays it. This module only ships
chunks of deal indices to Ray tasks: each task builds the game and bots once per process (the
`init` function, cached by its arguments) and plays its indices with `work`. Results come back
keyed by index, so the caller orders them exactly as a local run does.

Ray is optional (`pip install 'yezi[ray]'`) and imported only here, only when asked for.
Without an address a local cluster is started (`num_cpus` = `jobs`); with one, the driver joins
that cluster (`ray://host:10001` or `auto`), whose nodes must have the same yezi installed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

_CACHE: dict[str, Any] = {}


def _run_chunk(init: Callable[..., None], init_args: tuple, work: Callable[[int], Any], indices: list[int]) -> list:
    """In a Ray worker: set the process up once per `init_args`, then play the indices."""
    key = repr((init.__module__, init.__qualname__, init_args))
    if _CACHE.get("key") != key:
        init(*init_args)
        _CACHE["key"] = key
    return [work(i) for i in indices]


def start_ray(address: str | None = None, jobs: int | None = None) -> Any:
    """Connect to `address`, or start a local Ray with `jobs` CPUs. Returns the `ray` module."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'yezi[ray]'") from None
    if ray.is_initialized():
        return ray
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        kwargs["address"] = address
    else:
        # a local cluster: its workers import this very copy of yezi (a checkout run with `python -m`)
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        kwargs.update(num_cpus=jobs or os.cpu_count() or 1, runtime_env={"env_vars": {"PYTHONPATH": path}})
    ray.init(**kwargs)
    return ray


def ray_map(init: Callable[..., None], init_args: tuple, work: Callable[[int], Any], indices: Sequence[int], *,
            address: str | None = None, jobs: int | None = None, chunk: int | None = None) -> Iterator[Any]:
    """Yield `work(i)` for every index, in completion order, computed by Ray tasks.

    `init` and `work` must be module-level functions (Ray pickles them by reference); `init`
    stores what `work` needs in its module, as a multiprocessing pool initialiser does."""
    ray = start_ray(address, jobs)
    indices = list(indices)
    if not indices:
        return
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = chunk or max(1, min(256, len(indices) // (4 * cpus) or 1))
    remote = ray.remote(num_cpus=1)(_run_chunk)
    pending = [remote.remote(init, init_args, work, indices[i:i + size]) for i in range(0, len(indices), size)]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


__all__ = ["ray_map", "start_ray"]
