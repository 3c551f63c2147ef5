# Proctor's two commands, as the README gives them:
#   make run    builds proctor (debug), lints the bundled payloads, plays the bundled scenarios and runs
#               Conformance/, writing reports to .reports/
#   make test   runs every test: swift test, ProctorKit's documentation built without a warning,
#               a package that depends on Proctor (its plugin and its tests), a short fuzzing
#               smoke of every reader, the report checks against real consumers, then the release
#               tarball (make dist) and the CI files (.github/actions/proctor/action.yml, docs/ci/)
# Both install what they need first (scripts/setup.sh).

SWIFT ?= swift
REPORTS ?= .reports
NOW ?= 2026-06-01T12:00:00Z
# make run uses the development build, the one make test builds and checks, so either after the
# other compiles almost nothing; it skips the whole-module optimisation of swift-syntax and every
# module, and its reports are the same bytes as the release binary's (scripts/check_dist.sh
# compares them on every bundled suite in make test).
PROCTOR = .build/debug/proctor
# Runs a stage and records its wall and CPU time in .build-times/stages.tsv (scripts/stage.sh).
STAGE = scripts/stage.sh
# The development build make test checks, product by product: the test bundle (with the proctor
# binary ProctorCLITests runs) and every executable. Not a plain `swift build`: that, and `swift
# test` building for itself, also compile proctor a second time, with every module under it and
# swift-syntax, as the host tool of ProctorPlugin (SwiftPM builds a command plugin's tools apart,
# the "-tool" folders), which nothing here runs; scripts/check_consumer.sh builds and runs that
# tool in the package that uses the plugin (docs/development.md, "Where the time goes").
DEBUG_PRODUCTS = proctorPackageTests proctor proctor-docgen proctor-bench proctor-fuzz
# The suites of Scenarios/lint, each linted with the .proctor.json in its folder (its app's facts
# and files, docs/configuration.md): the clean ones must pass, the mistakes ones must fail.
CLEAN_SUITES = local-places recipes photos messaging flights store ride-share audio wallet-bundles
MISTAKES_SUITES = web-mistakes messaging/mistakes flights/mistakes store-mistakes ride-share-mistakes audio-mistakes common-mistakes wallet-bundles-mistakes

.PHONY: all setup run test format check-reports check-consumer dist check-dist check-ci docs screenshot bench fuzz clean

all: test

setup:
	@scripts/setup.sh

run: setup
	@$(STAGE) --reset
	$(STAGE) build $(SWIFT) build --product proctor
	@mkdir -p $(REPORTS)
	@status=0; \
	for suite in $(CLEAN_SUITES); do \
	  name=$$(echo $$suite | tr / -); \
	  echo "== proctor lint --config Scenarios/lint/$$suite/.proctor.json"; \
	  $(PROCTOR) lint --config Scenarios/lint/$$suite/.proctor.json --now $(NOW) --report text --report junit:$(REPORTS)/$$name.junit.xml \
	    --report sarif:$(REPORTS)/$$name.sarif --report json:$(REPORTS)/$$name.json --report html:$(REPORTS)/$$name.html || status=$$?; \
	done; \
	for suite in $(MISTAKES_SUITES); do \
	  name=$$(echo $$suite | tr / -); \
	  echo "== proctor lint --config Scenarios/lint/$$suite/.proctor.json (fails on purpose: exit 1 expected)"; \
	  code=0; $(PROCTOR) lint --config Scenarios/lint/$$suite/.proctor.json --now $(NOW) --report text --report junit:$(REPORTS)/$$name.junit.xml \
	    --report sarif:$(REPORTS)/$$name.sarif --report json:$(REPORTS)/$$name.json --report html:$(REPORTS)/$$name.html || code=$$?; \
	  if [ $$code -ne 1 ]; then echo "expected exit 1 from Scenarios/lint/$$suite, got $$code"; status=1; fi; \
	done; \
	echo "== proctor scan Scenarios/scan/slicefinder"; \
	$(PROCTOR) scan --info-plist Scenarios/lint/local-places/Info.plist --now $(NOW) Scenarios/scan/slicefinder --report text \
	  --report junit:$(REPORTS)/scan.junit.xml --report sarif:$(REPORTS)/scan.sarif --report json:$(REPORTS)/scan.json || status=$$?; \
	echo "== proctor scan Scenarios/scan/slicefinder-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) scan --info-plist Scenarios/lint/local-places/Info.plist --now $(NOW) Scenarios/scan/slicefinder-mistakes --report text \
	  --report junit:$(REPORTS)/scan-mistakes.junit.xml --report sarif:$(REPORTS)/scan-mistakes.sarif --report json:$(REPORTS)/scan-mistakes.json || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the scan mistakes, got $$code"; status=1; fi; \
	echo "== proctor lint Scenarios/scan/slicefinder/payloads (the donations proctor scan --emit-payloads extracted)"; \
	$(PROCTOR) lint --no-config --info-plist Scenarios/lint/local-places/Info.plist --now $(NOW) Scenarios/scan/slicefinder/payloads --report text || status=$$?; \
	echo "== proctor run Scenarios/scan/slicefinder (its routes are the ones proctor scan --emit-routes extracted)"; \
	$(PROCTOR) run Scenarios/scan/slicefinder --now $(NOW) --report text --report junit:$(REPORTS)/scan-scenarios.junit.xml || status=$$?; \
	echo "== proctor run Scenarios/scan/slicefinder-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) run Scenarios/scan/slicefinder-mistakes --now $(NOW) --report text --report junit:$(REPORTS)/scan-scenario-mistakes.junit.xml || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the scan scenario mistakes, got $$code"; status=1; fi; \
	echo "== proctor scan Scenarios/scan/notes-home-screen (quick actions, a widget, URL routes and universal links read from the code)"; \
	$(PROCTOR) scan --info-plist Scenarios/scan/notes-home-screen/Info.plist --team-identifier A1B2C3D4E5 \
	  --aasa notes.example.com=Scenarios/scan/notes-home-screen/notes.example.com/.well-known/apple-app-site-association \
	  --now $(NOW) Scenarios/scan/notes-home-screen --report text || status=$$?; \
	$(PROCTOR) run Scenarios/scan/notes-home-screen --now $(NOW) --report text || status=$$?; \
	echo "== proctor scan Scenarios/scan/notes-home-screen-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) scan --info-plist Scenarios/scan/notes-home-screen-mistakes/Info.plist --team-identifier A1B2C3D4E5 \
	  --aasa notes.example.com=Scenarios/scan/notes-home-screen-mistakes/notes.example.com/.well-known/apple-app-site-association \
	  --now $(NOW) Scenarios/scan/notes-home-screen-mistakes --report text || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the home screen scan mistakes, got $$code"; status=1; fi; \
	echo "== proctor run Scenarios/scan/notes-home-screen-mistakes (fails on purpose: exit 1 expected)"; \
	code=0; $(PROCTOR) run Scenarios/scan/notes-home-screen-mistakes --now $(NOW) --report text || code=$$?; \
	if [ $$code -ne 1 ]; then echo "expected exit 1 from the home screen scenario mistakes, got $$code"; status=1; fi; \
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
	@$(STAGE) --summary

test: setup
	@$(STAGE) --reset
	@$(STAGE) setup scripts/setup.sh --with-validators --with-dist
	$(STAGE) format scripts/format.sh --check
	$(STAGE) build sh -c 'for product in $(DEBUG_PRODUCTS); do $(SWIFT) build --product $$product || exit; done'
	$(STAGE) swift-test $(SWIFT) test --skip-build
	$(STAGE) pkpass-fixtures python3 scripts/make_pkpass_fixtures.py --check
	$(STAGE) docc $(SWIFT) package generate-documentation --target ProctorKit --warnings-as-errors
	$(STAGE) consumer scripts/check_consumer.sh
	$(STAGE) fuzz-smoke scripts/fuzz.sh --smoke
	$(STAGE) check-reports python3 scripts/check_reports.py .build/debug/proctor
	$(STAGE) dist scripts/dist.sh
	$(STAGE) check-dist scripts/check_dist.sh .build/debug/proctor
	$(STAGE) check-ci python3 scripts/check_ci.py .build/debug/proctor
	@echo "make test: every stage passed; what each cost (scripts/stage.sh):"
	@$(STAGE) --summary

# Formats the Swift code as .swift-format says (swift-format ships with the toolchain); make test
# fails on a file this would change (scripts/format.sh --check).
format:
	scripts/format.sh

# The release tarball, dist/proctor-VERSION-linux-ARCH.tar.gz and its .sha256: a static, stripped
# binary built in .build-dist, with README.md, LICENSE and shell completions (docs/distribution.md).
dist: setup
	@scripts/setup.sh --with-dist
	scripts/dist.sh

# The tarball as a user gets it, against the development build: make test runs both checks.
check-dist: dist
	$(SWIFT) build --product proctor
	scripts/check_dist.sh .build/debug/proctor

# .github/actions/proctor/action.yml and docs/ci/ against SchemaStore's schemas, and the action's steps with the tarball.
check-ci: dist
	@scripts/setup.sh --with-validators
	$(SWIFT) build --product proctor
	python3 scripts/check_ci.py .build/debug/proctor

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
# and docs/seed-coverage.md from docs/seed-coverage.json; then builds ProctorKit's DocC
# documentation (Sources/ProctorKit/ProctorKit.docc), a warning failing it, into
# .build/plugins/Swift-DocC/outputs/ProctorKit.doccarchive.
docs: setup
	$(SWIFT) build --product proctor-docgen
	.build/debug/proctor-docgen .
	$(SWIFT) package generate-documentation --target ProctorKit --warnings-as-errors

# Proctor embedded as a user embeds it: Tests/ConsumerPackage runs `swift package proctor ...` and
# its own tests, which call ProctorKit (docs/embedding.md).
check-consumer: setup
	scripts/check_consumer.sh

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
	rm -rf .build .build-dist .build-consumer .build-times dist $(REPORTS) .bench
