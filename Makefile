# screenrec — build, demo and test. Each target installs what it needs (scripts/install-deps.sh).
SWIFT ?= swift
BIN := .build/release/screenrec

.PHONY: deps build demo test clean

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product screenrec

# Analyse the bundled Clock screenshot (Examples/clock.png) and print what VoiceOver would say.
# The detections file stands in for the detector and OCR until those models ship.
demo: build
	$(BIN) analyze Examples/clock.png --detections Examples/clock.detections.json --format transcript

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
