#!/usr/bin/env bash
# Builds README.md's "Using the library" example verbatim as a dependent package and checks that
# it prints what `screenrec analyze IMAGE --format transcript` prints, and that building it
# compiled no Hummingbird or SwiftNIO module.
#
# The files are the code blocks after the `<!-- readme-example: PATH -->` markers; the only change
# is the dependency's `.package(url: …, …)`, which becomes `.package(path: …)` naming this
# checkout through a link called like the URL's last component (so the `package:` name still
# matches). The package is built under .build/readme-example/ and kept there, so a second run is
# incremental. Usage: scripts/test-readme-example.sh [SCREENREC_BINARY] [IMAGE...]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
SWIFT=${SWIFT:-swift}
bin=${1:-.build/debug/screenrec}
shift || true
images=("$@")
[ ${#images[@]} -gt 0 ] || images=(Examples/clock.png Benchmarks/ocr-checkset/screen-01.png)
[ -x "$bin" ] || { echo "test-readme-example: $bin not found: build screenrec first (swift build --product screenrec)" >&2; exit 1; }

work=.build/readme-example
mkdir -p "$work"
app="$work/app"
python3 - "$root" "$work" <<'EOF'
import pathlib, re, sys
root, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
readme = (root / "README.md").read_text()
blocks = re.findall(r"<!-- readme-example: (\S+) -->\n```swift\n(.*?)```\n", readme, re.S)
names = [n for n, _ in blocks]
if sorted(names) != ["Package.swift", "Sources/Announce/main.swift"]:
    sys.exit(f"test-readme-example: README.md's example blocks are {names}, expected Package.swift and Sources/Announce/main.swift")
app = work / "app"
for name, code in blocks:
    if name == "Package.swift":
        deps = re.findall(r'\.package\(url: "([^"]+)", [^)]*\)', code)
        if len(deps) != 1:
            sys.exit(f"test-readme-example: expected one .package(url: ...) in the README's Package.swift, found {len(deps)}")
        ident = re.sub(r"\.git$", "", deps[0].rstrip("/").rsplit("/", 1)[-1])
        link = work / ident
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(root)
        code = re.sub(r'\.package\(url: "[^"]+", [^)]*\)', f'.package(path: "{root / work / ident}")', code)
    path = app / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != code:
        path.write_text(code)
EOF

# The example's build reaches the library through a symlinked path dependency, and an incremental
# build after the library's stored properties changed once left a dependent module stale: the
# example crashed in `ScreenAnalyzer.init` (signal 11) until its build folder was removed
# (2026-11-29). So the example is built afresh whenever a library source is newer than its last build.
stamp="$work/sources.stamp"
if [ ! -e "$stamp" ] || [ -n "$(find Sources Package.swift Package.resolved -newer "$stamp" -print -quit 2>/dev/null)" ]; then
    rm -rf "$app/.build"
fi
touch "$stamp.new"  # the build's start: a source saved during the build is newer than it

echo "test-readme-example: building the README's example package in $app" >&2
(cd "$app" && "$SWIFT" build --product Announce 2>&1 | tail -n 3) >&2
built=$(cd "$app" && "$SWIFT" build --product Announce --show-bin-path)
mv "$stamp.new" "$stamp"

# No server module may be compiled for a dependent that only analyses. (SwiftPM plans every
# target of the graph and makes an empty NAME.build folder for each; compiled ones hold objects.)
find "$built/Modules" -maxdepth 1 -name '*.swiftmodule' -exec basename {} .swiftmodule \; | sort > "$work/modules.txt"
server=$(grep -E '^(Hummingbird|NIO|_NIO|CNIO)' "$work/modules.txt" || true)
server+=$(find "$built" -name '*.o' | grep -E '/(Hummingbird|NIO|_NIO|CNIO)[^/]*\.build/' | head -n 5 || true)
if [ -n "$server" ]; then
    echo "test-readme-example: FAIL: the example compiled server modules:" >&2
    echo "$server" >&2
    exit 1
fi
echo "test-readme-example: ok: compiled modules: $(tr '\n' ' ' < "$work/modules.txt")(no Hummingbird or NIO)" >&2

status=0
for image in "${images[@]}"; do
    want=$("$bin" analyze "$image" --format transcript)
    got=$("$built/Announce" "$image")
    if [ "$want" != "$got" ]; then
        echo "test-readme-example: FAIL: $image: the example's output differs from screenrec's transcript" >&2
        diff <(echo "$want") <(echo "$got") >&2 || true
        status=1
    else
        echo "test-readme-example: ok: $image ($(echo "$want" | wc -l) announcements, same as screenrec analyze --format transcript)" >&2
    fi
done
# A bad path is a clear error and a non-zero exit.
if "$built/Announce" "$root/Examples/no-such-file.png" 2>/dev/null; then
    echo "test-readme-example: FAIL: the example exited 0 on a missing file" >&2
    status=1
fi
exit $status
