"""A model file made at install from an installed one: the lookup of an int8 table moved
before its scaling (the same outputs, the table kept int8). The install that makes and
checks such a file: ``test_modelstore.py``."""

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import TensorProto, helper, numpy_helper

from voice_assistant import model_derive
from voice_assistant.errors import ModelError

ROWS, DIMS = 50, 8


def table_model(path, per_row=True, lookup=True):
    """A toy of MiniLM's embeddings: an int8 table, cast, scaled, then looked up by ids,
    and the result used further (plus 1)."""
    rng = np.random.default_rng(0)
    table = rng.integers(-128, 128, (ROWS, DIMS), dtype=np.int8)
    scale = rng.random((ROWS, 1) if per_row else (), dtype=np.float32) / 50
    nodes = [
        helper.make_node("Cast", ["table_q"], ["table_f"], to=TensorProto.FLOAT),
        helper.make_node("Mul", ["table_f", "scale"], ["table"]),
    ]
    if lookup:
        nodes.append(helper.make_node("Gather", ["table", "ids"], ["rows"], axis=0))
    else:
        nodes.append(helper.make_node("Identity", ["table"], ["rows"]))
    nodes.append(helper.make_node("Add", ["rows", "one"], ["out"]))
    graph = helper.make_graph(
        nodes,
        "toy",
        [helper.make_tensor_value_info("ids", TensorProto.INT64, ["batch", "tokens"])],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, ["batch", "tokens", DIMS])],
        [
            numpy_helper.from_array(table, "table_q"),
            numpy_helper.from_array(np.asarray(scale, np.float32), "scale"),
            numpy_helper.from_array(np.ones(1, np.float32), "one"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, str(path))
    return path


def run(path, ids):
    session = onnxruntime.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return session.run(None, {"ids": ids})[0]


@pytest.mark.parametrize("per_row", [True, False])
def test_the_table_is_looked_up_as_int8_with_the_same_outputs(tmp_path, per_row):
    source = table_model(tmp_path / "model.onnx", per_row)
    target = tmp_path / "model.rows.onnx"
    model_derive.gather_int8_rows(source, target)
    ids = np.array([[3, 0, 49, 3], [7, 7, 1, 12]], np.int64)
    assert np.array_equal(run(source, ids), run(target, ids))
    graph = onnx.load(str(target)).graph
    lookups = [n for n in graph.node if n.op_type == "Gather" and n.input[1] == "ids"]
    assert lookups[0].input[0] == "table_q"  # the int8 initialiser itself
    assert not [n for n in graph.node if "table_q" in n.input and n.op_type == "Cast"]


def test_a_graph_with_no_such_lookup_is_refused(tmp_path):
    source = table_model(tmp_path / "model.onnx", lookup=False)
    with pytest.raises(ModelError) as caught:
        model_derive.gather_int8_rows(source, tmp_path / "model.rows.onnx")
    assert caught.value.code == "derive-failed"
    assert not (tmp_path / "model.rows.onnx").exists()
