# screenrec — build, demo and test. Each target installs what it needs (scripts/install-deps.sh).
SWIFT ?= swift
BIN := .build/release/screenrec

.PHONY: deps build demo serve test lint docs test-swift test-readme test-ray test-training test-benchmark-scripts clean

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product screenrec

# Analyse the bundled Clock screenshot (Examples/clock.png) with the shipped models — the element
# detector (Models/detector), Tesseract OCR, the icon classifier, picture describer and icon
# clickability model (Models/icons, pictures, clickability) — and print what VoiceOver would say.
demo: build
	$(BIN) analyze Examples/clock.png --format transcript

# The HTTP server and web explorer on http://127.0.0.1:8080/ (README "Server").
serve: build
	$(BIN) serve

# Everything: the style check, the Swift package's tests, every module's DocC documentation, the
# README's library example built as a dependent package, the Ray Data job on a two-node local
# cluster, then training/'s pytest (Debian's CPU torch).
test: lint test-swift docs test-readme test-ray test-training test-benchmark-scripts

# The code style of .swift-format (swift-format ships with the Swift toolchain): its defaults with
# 4-space indents and 160-column lines; off are AlwaysUseLowerCamelCase (tensor sizes W and H, as
# the models' inputs name them), OneCasePerLine, OnlyOneTrailingClosureArgument,
# AmbiguousTrailingClosureOverload and ReplaceForEachWithForLoop (one use each, clearer as
# written). `swift format -i -r -p Sources Tests Package.swift Fuzz/Sources
# Benchmarks/ocr-checkset/runner` applies it.
lint:
	$(SWIFT) format lint --strict -r -p Sources Tests Package.swift Fuzz/Sources Benchmarks/ocr-checkset/runner

# Every library module's DocC archive in .build/docs/; fails on a broken symbol link.
docs: deps
	SWIFT=$(SWIFT) ./scripts/build-docs.sh

# The benchmark scorers' own checks (the OCR check set's word scoring, OCR output and analyses
# alike) and the listening set's draw, diff and bare counts.
test-benchmark-scripts:
	python3 Benchmarks/ocr-checkset/score.py --self-test > /dev/null
	python3 Benchmarks/listening/listen.py --self-test > /dev/null

# Two runs: the servers' tests (in-process and live sockets, and `screenrec serve`) alone after the
# rest. Their liveness bounds are wall-clock (a request must reach the detector within 300 s, a
# served model within 60 s), and the rest of the suite, sharing the run, holds the 2-core machine's
# cooperative threads with blocking CLI and model runs: CI at 67114a1 (2026-11-29) failed when a
# queued client's task first ran after 300 s. Alone, the 41 server tests pass in ~28 s.
SERVER_TESTS = ScreenRecognitionServerTests|ServeCommandTests
test-swift: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip '$(SERVER_TESTS)'
	$(SWIFT) test --skip-build --filter '$(SERVER_TESTS)'

# README "Using the library": its Package.swift and main.swift built verbatim (URL -> this checkout)
# under .build/readme-example/, output compared with `screenrec analyze --format transcript`.
test-readme: deps
	$(SWIFT) build --product screenrec
	SWIFT=$(SWIFT) ./scripts/test-readme-example.sh .build/debug/screenrec

# integrations/ray: its venv (ray[data] from PyPI, pinned), then pytest with a two-node Ray cluster.
test-ray: deps
	$(SWIFT) build --product screenrec
	./integrations/ray/scripts/setup.sh
	cd integrations/ray && SCREENREC_BIN=$(CURDIR)/.build/debug/screenrec .venv/bin/python -m pytest -q tests

test-training:
	@./training/scripts/setup-test.sh
	cd training && /usr/bin/python3 -m pytest -q tests

clean:
	rm -rf .build
