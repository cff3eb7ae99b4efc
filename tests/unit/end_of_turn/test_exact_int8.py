"""A quantized model's int8 kernels are left unfused on an x86-64 CPU without VNNI, whose
sums clip (``onnx_options.exact_int8``); elsewhere the fused kernels stay."""

from __future__ import annotations

import platform

import pytest

from voice_assistant.onnx_options import int8_sums_saturate

ZEN3 = "flags\t\t: fpu sse sse2 avx avx2 fma bmi2\n"
SAPPHIRE_RAPIDS = "flags\t\t: fpu sse sse2 avx avx2 avx512f avx512_vnni amx_tile\n"
ALDER_LAKE = "flags\t\t: fpu sse sse2 avx avx2 avx_vnni\n"


@pytest.fixture(autouse=True)
def on_x86(monkeypatch):
    monkeypatch.setattr(platform, "machine", lambda: "x86_64")
    int8_sums_saturate.cache_clear()
    yield
    int8_sums_saturate.cache_clear()


@pytest.mark.parametrize(
    ("flags", "saturate"), [(ZEN3, True), (SAPPHIRE_RAPIDS, False), (ALDER_LAKE, False)]
)
def test_only_a_cpu_without_vnni_clips_its_int8_sums(tmp_path, flags, saturate):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\n" + flags, encoding="utf-8")
    assert int8_sums_saturate(cpuinfo) is saturate


def test_an_unreadable_cpuinfo_takes_the_exact_path(tmp_path):
    assert int8_sums_saturate(tmp_path / "missing") is True


def test_other_machines_keep_the_fused_kernels(monkeypatch, tmp_path):
    monkeypatch.setattr(platform, "machine", lambda: "aarch64")
    assert int8_sums_saturate(tmp_path / "missing") is False
