# screenrec — build, demo and test. Each target installs what it needs (scripts/install-deps.sh).
SWIFT ?= swift
BIN := .build/release/screenrec

.PHONY: deps build demo serve test test-swift test-training clean

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product screenrec

# Analyse the bundled Clock screenshot (Examples/clock.png) and print what VoiceOver would say.
# The detections file stands in for the detector and OCR until those models ship.
demo: build
	$(BIN) analyze Examples/clock.png --detections Examples/clock.detections.json --format transcript

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
