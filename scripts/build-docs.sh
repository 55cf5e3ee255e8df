#!/usr/bin/env bash
# Builds the documentation of every library module with DocC into .build/docs/MODULE.doccarchive
# (a module's catalogue, Sources/MODULE/MODULE.docc, when it has one) and fails when DocC warns: a
# ``symbol`` link that does not resolve, a catalogue page that names a missing symbol.
# Symbol graphs come from `swift package dump-symbol-graph` (it builds the package first).
# Usage: scripts/build-docs.sh [MODULE…]     (SWIFT=/path/to/swift to choose the toolchain)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-$(dirname "$(command -v "$SWIFT")")/docc}
[ -x "$DOCC" ] || DOCC=$(command -v docc) || { echo "build-docs: docc not found (it ships with the Swift toolchain)" >&2; exit 1; }
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(ScreenRecognition ScreenRecognitionMetrics ScreenRecognitionAudit ScreenRecognitionKit
    ScreenRecognitionImageIO ScreenRecognitionONNX ScreenRecognitionOCR ScreenRecognitionServer ScreenRecognitionHTTP
    ScreenRecognitionTesting ScreenRecognitionSnapshotTesting)
log=$(mktemp); trap 'rm -rf "$log"' EXIT
"$SWIFT" package dump-symbol-graph >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -1)
[ -d "$graphs" ] || { cat "$log" >&2; echo "build-docs: no symbol graphs written" >&2; exit 1; }
mkdir -p .build/docs
status=0
for module in "${modules[@]}"; do
    # The module's own graphs only (MODULE.symbols.json and its extensions of other modules).
    only=$(mktemp -d)
    cp "$graphs/$module.symbols.json" "$only"/
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$only"/ \;
    catalogue=$(find "Sources/$module" -maxdepth 1 -name '*.docc' | head -1)
    "$DOCC" convert ${catalogue:+"$catalogue"} --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.screenrecognition.$module" --additional-symbol-graph-dir "$only" \
        --output-path ".build/docs/$module.doccarchive" >"$log" 2>&1 || { cat "$log" >&2; status=1; }
    if grep -q "^warning:" "$log"; then cat "$log" >&2; echo "build-docs: $module: DocC warnings (above)" >&2; status=1; fi
    rm -rf "$only"
done
[ $status -ne 0 ] || echo "build-docs: ${#modules[@]} module(s) documented in .build/docs/"
exit $status
