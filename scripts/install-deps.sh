#!/usr/bin/env bash
# Installs what building and testing screenrec needs on Debian/Ubuntu: the PNG and JPEG
# libraries behind the image decoder, Tesseract (one OCR candidate), pkg-config to find them, Chromium for the web explorer's test; then
# scripts/setup-models.sh fetches ONNX Runtime and the OCR models from PyPI. Swift must be on PATH.
set -euo pipefail

need=()
pkg-config --exists libpng 2>/dev/null || need+=(libpng-dev)
pkg-config --exists libturbojpeg 2>/dev/null || need+=(libturbojpeg0-dev)
pkg-config --exists tesseract 2>/dev/null || need+=(libtesseract-dev)
[ -d /usr/share/tesseract-ocr/5/tessdata ] && ls /usr/share/tesseract-ocr/5/tessdata/eng.traineddata >/dev/null 2>&1 || need+=(tesseract-ocr-eng)
# Korean: Tesseract's second reader for element crops English leaves unread (StandardAnalyzerOptions.cropLanguages).
ls /usr/share/tesseract-ocr/5/tessdata/kor.traineddata >/dev/null 2>&1 || need+=(tesseract-ocr-kor)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
# The explorer's browser test (Tests/ScreenRecognitionServerTests/ExplorerBrowserTests.swift).
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Swift's FoundationXML (the audit's uiautomator parser) loads libxml2 at run time.
/sbin/ldconfig -p 2>/dev/null | grep -q 'libxml2\.so\.2' || need+=(libxml2)

if ((${#need[@]})); then
    echo "install-deps: installing ${need[*]}" >&2
    SUDO=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "install-deps: need root or sudo to apt-get install ${need[*]}" >&2; exit 1; }
        SUDO=sudo
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$d/swift" ] && { echo "install-deps: swift found at $d; add it to PATH" >&2; exit 1; }
    done
    echo "install-deps: Swift 6 toolchain not found on PATH (see https://www.swift.org/install/linux/)" >&2
    exit 1
fi

"$(dirname "$0")/setup-models.sh"
