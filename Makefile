# screenrec — build, demo and test. Each target installs what it needs (scripts/install-deps.sh).
SWIFT ?= swift
BIN := .build/release/screenrec

.PHONY: deps build demo serve test test-swift test-training clean

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

# Everything: the Swift package's tests, then training/'s pytest (Debian's CPU torch).
test: test-swift test-training

test-swift: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-training:
	@./training/scripts/setup-test.sh
	cd training && /usr/bin/python3 -m pytest -q tests

clean:
	rm -rf .build
