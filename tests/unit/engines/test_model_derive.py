"""Model files made at install from an installed one: the lookup of an int8 table moved
before its scaling (same outputs, the table kept int8), and the install that makes and
checks such a file."""

import hashlib

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import TensorProto, helper, numpy_helper

from voice_assistant import model_derive, modelstore
from voice_assistant.errors import ModelError
from voice_assistant.modelstore import ModelSpec

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


@pytest.fixture
def derived(tmp_path, monkeypatch):
    """A model of two files: one assembled (already in place), one derived from it by a
    stand-in derivation (its bytes upper-cased)."""
    root = tmp_path / "models"
    (root / "toy").mkdir(parents=True)
    base = b"int8 table " * 10
    (root / "toy" / "base.bin").write_bytes(base)
    made = base.upper()
    spec = ModelSpec.model_validate(
        {
            "name": "toy",
            "role": "embed",
            "default": True,
            "description": "test",
            "license": "MIT",
            "path": "toy",
            "file": [
                {
                    "name": "base.bin",
                    "size": len(base),
                    "sha256": hashlib.sha256(base).hexdigest(),
                    "sources": [{"package": "toy", "version": "1.0", "member": "base.bin"}],
                },
                {
                    "name": "made.bin",
                    "size": len(made),
                    "sha256": hashlib.sha256(made).hexdigest(),
                    "derive": {"source": "base.bin", "how": "upper"},
                },
            ],
        }
    )
    calls = []

    def upper(source, target):
        calls.append(source.name)
        target.write_bytes(source.read_bytes().upper())

    monkeypatch.setitem(model_derive.DERIVATIONS, "upper", upper)
    monkeypatch.setattr(modelstore, "_download", lambda *_: pytest.fail("nothing to fetch"))
    return spec, root, made, calls


def test_install_derives_the_file_from_the_installed_one_and_checks_it(derived):
    spec, root, made, calls = derived
    said = []
    modelstore.install([spec], root, said.append)
    assert (root / "toy" / "made.bin").read_bytes() == made
    assert calls == ["base.bin"]
    assert any("deriving made.bin (upper)" in line for line in said)
    assert modelstore.check_model(root, spec, modelstore.Stamps(root)) == "ok"
    modelstore.install([spec], root, said.append)  # nothing left to do
    assert calls == ["base.bin"]


def test_a_derived_file_with_the_wrong_checksum_is_refused_and_leaves_no_file(derived):
    spec, root, _, _ = derived
    spec.file[1].sha256 = "0" * 64
    with pytest.raises(ModelError) as caught:
        modelstore.install([spec], root, lambda _: None)
    assert caught.value.code == "checksum-mismatch"
    assert sorted(p.name for p in (root / "toy").iterdir()) == ["base.bin"]
