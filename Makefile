# Proctor's two commands, as the README gives them:
#   make run    builds proctor, lints the bundled payloads, plays the bundled scenarios and runs
#               Conformance/, writing reports to .reports/
#   make test   runs every test: swift test, a short fuzzing smoke of every reader, then the report
#               checks against real consumers
# Both install what they need first (scripts/setup.sh).

SWIFT ?= swift
REPORTS ?= .reports
NOW ?= 2026-06-01T12:00:00Z
PROCTOR = .build/release/proctor
# What the messaging suite's app states besides its Info.plist (Scenarios/lint/messaging/README.md);
# its donations are linted with Scenarios/lint/messaging/.proctor.json, which says the same.
MESSAGING = --deployment-target 15.0 --service-name Matrix --service-name XMPP
# Slice Finder's facts (Scenarios/lint/local-places/.proctor.json), for its website's mistakes.
SLICEFINDER = --info-plist Scenarios/lint/local-places/Info.plist --team-identifier A1B2C3D4E5

.PHONY: all setup run test check-reports docs screenshot bench fuzz clean

all: test

setup:
	@scripts/setup.sh

run: setup
	$(SWIFT) build -c release --product proctor
	@mkdir -p $(REPORTS)
	@status=0; \
	for app in local-places recipes photos; do \
	  echo "== proctor lint --config Scenarios/lint/$$app/.proctor.json"; \
	  $(PROCTOR) lint --config Scenarios/lint/$$app/.proctor.json --now $(NOW) \
	    --report text --report junit:$(REPORTS)/$$app.junit.xml --report sarif:$(REPORTS)/$$app.sarif \
	    --report json:$(REPORTS)/$$app.json || status=$$?; \
	done; \
	echo "== proctor lint Scenarios/lint/web-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) lint $(SLICEFINDER) --now $(NOW) Scenarios/lint/web-mistakes --report text \
	  --report junit:$(REPORTS)/web-mistakes.junit.xml --report sarif:$(REPORTS)/web-mistakes.sarif \
	  --report json:$(REPORTS)/web-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the web mistakes, got $$code"; status=1; fi; \
	echo "== proctor lint --config Scenarios/lint/messaging/.proctor.json"; \
	$(PROCTOR) lint --config Scenarios/lint/messaging/.proctor.json --now $(NOW) \
	  --report text --report junit:$(REPORTS)/messaging.junit.xml --report sarif:$(REPORTS)/messaging.sarif \
	  --report json:$(REPORTS)/messaging.json || status=$$?; \
	echo "== proctor lint Scenarios/lint/messaging/mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) lint --info-plist Scenarios/lint/messaging/mistakes/Info.plist $(MESSAGING) --now $(NOW) \
	  Scenarios/lint/messaging/mistakes --report text --report junit:$(REPORTS)/messaging-mistakes.junit.xml \
	  --report sarif:$(REPORTS)/messaging-mistakes.sarif --report json:$(REPORTS)/messaging-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the messaging mistakes, got $$code"; status=1; fi; \
	echo "== proctor lint Scenarios/lint/flights/bookings"; \
	$(PROCTOR) lint --info-plist Scenarios/lint/flights/Info.plist --now $(NOW) Scenarios/lint/flights/bookings \
	  --report text --report junit:$(REPORTS)/flights.junit.xml --report sarif:$(REPORTS)/flights.sarif \
	  --report json:$(REPORTS)/flights.json || status=$$?; \
	echo "== proctor lint Scenarios/lint/flights/mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) lint --info-plist Scenarios/lint/flights/Info.plist --now $(NOW) Scenarios/lint/flights/mistakes \
	  --report text --report junit:$(REPORTS)/flights-mistakes.junit.xml --report sarif:$(REPORTS)/flights-mistakes.sarif \
	  --report json:$(REPORTS)/flights-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the flights mistakes, got $$code"; status=1; fi; \
	echo "== proctor lint Scenarios/lint/store"; \
	$(PROCTOR) lint --strict --bundle-identifier com.example.pippin --now $(NOW) Scenarios/lint/store --report text --report junit:$(REPORTS)/store.junit.xml \
	  --report sarif:$(REPORTS)/store.sarif --report json:$(REPORTS)/store.json || status=$$?; \
	echo "== proctor lint Scenarios/lint/store-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) lint --bundle-identifier com.example.pippin --now $(NOW) Scenarios/lint/store-mistakes --report text --report junit:$(REPORTS)/store-mistakes.junit.xml \
	  --report sarif:$(REPORTS)/store-mistakes.sarif --report json:$(REPORTS)/store-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the store mistakes, got $$code"; status=1; fi; \
	echo "== proctor lint Scenarios/lint/ride-share"; \
	$(PROCTOR) lint --strict --info-plist Scenarios/lint/ride-share/Info.plist --now $(NOW) Scenarios/lint/ride-share --report text \
	  --report junit:$(REPORTS)/ride-share.junit.xml --report sarif:$(REPORTS)/ride-share.sarif --report json:$(REPORTS)/ride-share.json || status=$$?; \
	echo "== proctor lint Scenarios/lint/ride-share-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) lint --info-plist Scenarios/lint/ride-share-mistakes/Info.plist --now $(NOW) Scenarios/lint/ride-share-mistakes --report text \
	  --report junit:$(REPORTS)/ride-share-mistakes.junit.xml --report sarif:$(REPORTS)/ride-share-mistakes.sarif \
	  --report json:$(REPORTS)/ride-share-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the ride-share mistakes, got $$code"; status=1; fi; \
	echo "== proctor lint Scenarios/lint/audio"; \
	$(PROCTOR) lint --strict --info-plist Scenarios/lint/audio/Info.plist --now $(NOW) Scenarios/lint/audio --report text --report junit:$(REPORTS)/audio.junit.xml \
	  --report sarif:$(REPORTS)/audio.sarif --report json:$(REPORTS)/audio.json || status=$$?; \
	echo "== proctor lint Scenarios/lint/audio-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) lint --info-plist Scenarios/lint/audio-mistakes/Info.plist --now $(NOW) Scenarios/lint/audio-mistakes --report text --report junit:$(REPORTS)/audio-mistakes.junit.xml \
	  --report sarif:$(REPORTS)/audio-mistakes.sarif --report json:$(REPORTS)/audio-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the audio mistakes, got $$code"; status=1; fi; \
	echo "== proctor run Scenarios/run"; \
	$(PROCTOR) run Scenarios/run --now $(NOW) --report text --report junit:$(REPORTS)/scenarios.junit.xml \
	  --report sarif:$(REPORTS)/scenarios.sarif --report json:$(REPORTS)/scenarios.json --report html:$(REPORTS)/scenarios.html || status=$$?; \
	echo "== proctor run Scenarios/run-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) run Scenarios/run-mistakes --now $(NOW) --report text --report junit:$(REPORTS)/scenario-mistakes.junit.xml \
	  --report sarif:$(REPORTS)/scenario-mistakes.sarif --report json:$(REPORTS)/scenario-mistakes.json \
	  --report html:$(REPORTS)/scenario-mistakes.html || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the scenario mistakes, got $$code"; status=1; fi; \
	echo "== proctor conformance Conformance"; \
	$(PROCTOR) conformance Conformance --report text --report junit:$(REPORTS)/conformance.junit.xml \
	  --report json:$(REPORTS)/conformance.json || status=$$?; \
	echo "reports written to $(REPORTS)/"; \
	exit $$status

test: setup
	@scripts/setup.sh --with-validators
	$(SWIFT) build
	$(SWIFT) test
	scripts/fuzz.sh --smoke
	python3 scripts/check_reports.py .build/debug/proctor

# Fuzzes every reader of untrusted bytes for FUZZ_SECONDS each (docs/development.md, "Fuzzing").
FUZZ_SECONDS ?= 60
fuzz: setup
	@scripts/setup.sh --with-validators
	scripts/fuzz.sh --seconds $(FUZZ_SECONDS)

check-reports: setup
	@scripts/setup.sh --with-validators
	$(SWIFT) build --product proctor
	python3 scripts/check_reports.py .build/debug/proctor

# Regenerates docs/rules/ and Conformance/rules/ from the rule descriptions, the scenario schema,
# and docs/seed-coverage.md from docs/seed-coverage.json.
docs: setup
	$(SWIFT) build --product proctor-docgen
	.build/debug/proctor-docgen .

# Redraws docs/images/html-report.png: the HTML report of a scenario mistake, in headless Chromium.
screenshot: setup
	@scripts/setup.sh --with-validators
	$(SWIFT) build --product proctor
	python3 scripts/html_report_screenshot.py .build/debug/proctor

bench: setup
	$(SWIFT) build -c release --product proctor
	$(SWIFT) build -c release --product proctor-bench
	.build/release/proctor-bench $(BENCH_ARGS)

clean:
	rm -rf .build $(REPORTS) .bench
