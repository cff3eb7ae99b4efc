"""Model files made at install from a verified one (``models/manifest.toml``: a file with
``derive``), then checked against their own pinned size and sha256 like any other.

all-MiniLM-L6-v2's int8 ONNX keeps its weights as int8 with a ``Cast`` and a ``Mul`` by
their scale in the graph. onnxruntime folds both into f32 constants when it loads the
model, so the 30,522-row word-embedding table is held as 47 MB of f32, though a sentence
looks up a few dozen rows. ``gather-int8-rows`` moves the lookup before the scaling: the
table stays int8 (12 MB) and only the rows looked up are cast and scaled. The embeddings
are identical to the last bit, and the daemon holds 33 MiB less (BENCHMARKS.md).

The ``onnx`` package does the rewrite; only ``voice-assistant models install`` imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from voice_assistant.errors import ModelError


def gather_int8_rows(source: Path, target: Path) -> None:
    """``source`` rewritten so that each ``Gather`` from a table made by ``Cast`` (int8 to
    float) and ``Mul`` (by a scale, one per row or one for all) gathers the int8 rows
    first, then casts and scales only those; written to ``target``."""
    import onnx

    model = onnx.load(str(source))
    graph = model.graph
    made_by = {out: node for node in graph.node for out in node.output}
    shapes = {init.name: list(init.dims) for init in graph.initializer}
    rewritten = 0
    for gather in [n for n in graph.node if n.op_type == "Gather"]:
        chain = _scaled_table(gather, made_by, shapes)
        if chain is None or _used_elsewhere(graph, chain, gather):
            continue
        cast, mul, scale = chain
        _replace(graph, gather, cast, mul, scale, per_row=len(shapes[scale]) == 2)
        rewritten += 1
    if not rewritten:
        raise ModelError(
            "derive-failed", f"{source.name}: no int8 table lookup to rewrite in its graph"
        )
    onnx.checker.check_model(model)
    onnx.save(model, str(target))


def _scaled_table(gather: Any, made_by: dict[str, Any], shapes: dict[str, list[int]]) -> Any:
    """(cast, mul, scale) when the gathered table is ``Cast(int8 initialiser) * scale``
    along rows (axis 0), with the scale an initialiser of one value or one per row."""
    if any(a.name == "axis" and a.i != 0 for a in gather.attribute):
        return None
    mul = made_by.get(gather.input[0])
    if mul is None or mul.op_type != "Mul":
        return None
    cast = made_by.get(mul.input[0])
    scale = mul.input[1]
    if cast is None or cast.op_type != "Cast" or cast.input[0] not in shapes:
        return None
    table, scale_shape = shapes[cast.input[0]], shapes.get(scale)
    if scale_shape is None or len(table) != 2:
        return None
    if scale_shape not in ([], [1], [table[0], 1]):
        return None
    return cast, mul, scale


def _used_elsewhere(graph: Any, chain: tuple[Any, Any, str], gather: Any) -> bool:
    """The f32 table (or its cast) feeds another node too: it must stay."""
    cast, mul, _ = chain
    outputs = {cast.output[0], mul.output[0]}
    graph_outputs = {o.name for o in graph.output}
    users = [n for n in graph.node if outputs & set(n.input) and n not in (mul, gather)]
    return bool(users) or bool(outputs & graph_outputs)


def _replace(graph: Any, gather: Any, cast: Any, mul: Any, scale: str, per_row: bool) -> None:
    from onnx import helper

    table_q, ids, out = cast.input[0], gather.input[1], gather.output[0]
    rows_q, rows_f = f"{out}/rows_int8", f"{out}/rows_float"
    nodes = [
        helper.make_node("Gather", [table_q, ids], [rows_q], axis=0, name=f"{out}/gather_int8"),
        helper.make_node("Cast", [rows_q], [rows_f], name=f"{out}/cast", to=_cast_to(cast)),
    ]
    if per_row:
        rows_scale = f"{out}/rows_scale"
        nodes.append(
            helper.make_node("Gather", [scale, ids], [rows_scale], axis=0, name=f"{out}/scale")
        )
        scale = rows_scale
    nodes.append(helper.make_node("Mul", [rows_f, scale], [out], name=f"{out}/scaled"))
    at = list(graph.node).index(gather)
    for node in (gather, mul, cast):
        graph.node.remove(node)
    at -= 2  # the cast and the mul came before the lookup
    for offset, node in enumerate(nodes):
        graph.node.insert(at + offset, node)


def _cast_to(cast: Any) -> int:
    """The element type the table was cast to (float)."""
    return int(next(a.i for a in cast.attribute if a.name == "to"))


DERIVATIONS: dict[str, Callable[[Path, Path], None]] = {"gather-int8-rows": gather_int8_rows}
"""The derivations a manifest file may name (``derive.how``)."""
