#!/usr/bin/env bash
# Fuzzes the parsers that read untrusted bytes under libFuzzer + AddressSanitizer (not part of
# `make test`): the image decoder, the server's request parsing, the audit's hierarchy parsers and
# the JSON inputs, and the server's /v1/audit body handling (Fuzz/README.md).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     # default: 600 s each, all five targets
#   scripts/fuzz.sh --seeds-only              # only assemble the seed corpora (no build, no fuzzing)
#
# First assembles each target's seeds in out/fuzz/seeds/TARGET from the files they are taken from
# (the image decoder's test fixtures, the example detections files, the audit tests' hierarchies,
# the hand-written seeds in Fuzz/Corpus/TARGET) plus the trees and /v1/audit bodies that
# Fuzz/make_seeds.py generates, so no seed is committed twice. Then builds Fuzz/ with
# `-sanitize=fuzzer,address` into Fuzz/.build and runs each target for SECONDS at low priority
# (nice -n 10), starting from those seeds and growing a working corpus in out/fuzz/corpus/TARGET.
# Crashing inputs land in out/fuzz/artifacts/; logs in out/fuzz/TARGET.log. Keep every crash as a
# regression test (Fuzz/README.md says where).
set -euo pipefail
cd "$(dirname "$0")/.."
seeds_only=false
if [ "${1:-}" = --seeds-only ]; then seeds_only=true; shift; fi
seconds=${1:-600}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(FuzzImageDecoder FuzzRequestParsing FuzzAuditRequest FuzzHierarchyParsers FuzzJSONInputs)

# Seeds: copies of the originals (rebuilt on every run, so they follow the fixtures), then the
# generated ones. make_seeds.py wraps every FuzzHierarchyParsers seed in a /v1/audit body, so the
# hierarchies are copied first.
seeds=out/fuzz/seeds
images=Tests/ScreenRecognitionImageIOTests/Fixtures
audit=Tests/ScreenRecognitionAuditTests/Fixtures
rm -rf "$seeds"
mkdir -p "$seeds"/{FuzzImageDecoder,FuzzRequestParsing,FuzzAuditRequest,FuzzHierarchyParsers,FuzzJSONInputs}
for f in Fuzz/Corpus/*/*; do
    if [ -f "$f" ]; then cp "$f" "$seeds/$(basename "$(dirname "$f")")/"; fi
done
cp "$images"/*.png "$images"/*.jpg "$seeds/FuzzImageDecoder/"
cp Examples/*.detections.json "$seeds/FuzzJSONInputs/"
cp "$audit"/*.xcuitest.txt "$audit"/*.uiautomator.xml Fuzz/Corpus/FuzzJSONInputs/columns.analysis.json \
    "$seeds/FuzzHierarchyParsers/"
python3 Fuzz/make_seeds.py "$seeds"
for t in "${targets[@]}"; do
    [ -d "$seeds/$t" ] || { echo "fuzz: unknown target $t" >&2; exit 64; }
    echo "fuzz: $t: $(find "$seeds/$t" -type f | wc -l) seeds in $seeds/$t" >&2
done
if $seeds_only; then exit 0; fi

nice -n 10 swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
bin=$(swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)

mkdir -p out/fuzz/artifacts
status=0
for t in "${targets[@]}"; do
    mkdir -p "out/fuzz/corpus/$t"
    extra=()
    # FoundationXML leaks 72 bytes on every XML parse error (a CFString in its error path, not our
    # code; Fuzz/RESULTS.md): leak detection would stop this target on its first malformed input.
    asan=""
    if [ "$t" = FuzzHierarchyParsers ] || [ "$t" = FuzzAuditRequest ]; then extra+=(-detect_leaks=0); asan=detect_leaks=0; fi
    echo "fuzz: $t for ${seconds}s (log: out/fuzz/$t.log)" >&2
    # -max_len 1 MiB — *design choice*: room for whole small images and multipart bodies;
    # -timeout 10 s flags a hang (one input taking that long on this 2-core machine).
    if ! ASAN_OPTIONS=$asan nice -n 10 "$bin/$t" "out/fuzz/corpus/$t" "$seeds/$t" -max_total_time="$seconds" \
        -max_len=1048576 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="out/fuzz/artifacts/$t-" "${extra[@]}" >"out/fuzz/$t.log" 2>&1; then
        echo "fuzz: $t found a problem: see out/fuzz/$t.log and out/fuzz/artifacts/" >&2
        status=1
    fi
    grep -E '^(stat::|#[0-9]+ *DONE)' "out/fuzz/$t.log" >&2 || true
done
exit $status
