# The question bank: build, test and run the package.
#
# Targets:
#   help         list these targets
#   build        build everything in debug mode, warnings as errors
#   test         scripts/test: build (a progress line every 30 s), build the docs with
#                warnings as errors and compile every listing of the docs (scripts/check-docs),
#                `swiftc -parse` the Apple-only templates, check that `make run` writes only the
#                program's output to stdout (scripts/check-run-output), and run the whole test
#                suites, the store's package's (Packages/LocalStore) and this one's; one line
#                per stage, the full output in .build/test-logs/. Needs the
#                Swift toolchain, make and bash only
#   check        scripts/test check: everything slower, after `make test` (as .ci/run does):
#                the durability checks in full (DURABILITY_CHECKS=full: every record of each
#                workload's journal damaged in turn, every crash state of each workload, a
#                failed sync in every role; their tables in .build/test-logs/), the
#                availability check, the tutorial's steps and its check's mutations, a generated
#                project's own make test (test-templates), a package with its own targets
#                named Models, Persistence, ViewModels and App that depends on the store's
#                package by path (scripts/test-client-package),
#                the workflows' generator commands (scripts/check-workflows), the practice
#                exercises, the articles' claims about the code (check-claims), each article of
#                the learner track under the length Docs/README.md allows
#                (scripts/learner-track-words --check), and the store's
#                slow checks, run with STORE_CHECKS=1 (the lock file removed, renamed and
#                replaced every 2 ms under 2 and 4 writers, one killed per round:
#                LockTamperingCheckTests; rounds per row: LOCK_CHECK_ROUNDS, 8 by default), and
#                the sync tests against a real Kinto, in memory then on PostgreSQL
#                (LocalStoreSyncTests with SYNC_SERVER_TESTS=memory, the kill loop's 200 kills
#                with SYNC_KILLS=full, then =postgresql), and `questions sync` end to end
#                (SyncEndToEndTests).
#                Needs python3 too (the availability, tutorial, claims and length checks; the sync
#                tests, with venv, pip and PyPI the first time) and PostgreSQL's initdb and pg_ctl
#   test-tsan    run both test suites under the thread sanitizer (builds in .build-tsan)
#   stress       the store's crash tests with 2,000 kill -9 iterations instead of 200
#   bench        build and run the benchmark package (Benchmarks/) in release mode: saves, opens
#                and memory against the original pattern, SQLite and write+fsync; needs SQLite's
#                headers, and says which package to install if they are missing
#   bench-compare  rows of the benchmark for an older commit and this checkout by turns, in
#                one run, with the ratio of their medians: REV=<commit> [ROWS=durable]
#                [TURNS=5]; see scripts/bench-compare
#   bench-quick  the same benchmark at small sizes, in under a minute; for either,
#                ARGS="--only durable,lossy" runs some rows (ARGS="--help" lists them)
#   docs         build the DocC site (Models, Persistence, ViewModels, TerminalUI, the articles
#                and the tutorial) into .build/docs/site with the toolchain's docc
#   docs-preview build the docs, then serve them at http://127.0.0.1:8000/documentation/
#                (needs python3: python3 -m http.server; PORT=... to change the port)
#   run          build and run `questions` on the default data directory (ARGS="..." to pass arguments)
#   new-project  write a new standalone package from Templates/: NAME=Recipes [MODEL=Item]
#                [DIR=../NAME] [STORE=journal|sqlite] [FIELDS='name:String serves:Int? tags:[String]']
#                [PLURAL=recipes]; see scripts/new-project and Templates/NewProject/scripts/fields
#   test-store   the store's package's own tests alone (Packages/LocalStore)
#   test-templates  the generator's refusals, a generated project's own `make test` and
#                `make test-sync` (its sync through a real Kinto; python3), and
#                `swiftc -parse` of Templates/SwiftData and Templates/SwiftUI
#   check-availability  (needs python3) fail if Sources, Tests, the benchmark or the Apple
#                templates use an API
#                newer than the platforms their Package.swift declares, outside an availability
#                guard (scripts/check-availability), after proving on the fixtures in
#                scripts/availability-fixtures that the check catches each case
#                (scripts/test-check-availability)
#   check-apple-templates  run the availability check on a generated project, then on macOS
#                type-check Templates/SwiftData and Templates/SwiftUI against the SDKs for
#                macOS 14 and the iOS 17 simulator; on Linux only parse them, and say so
#   format       format every Swift file in place with the toolchain's `swift format`
#   lint         check formatting (benchmark included) and build the root package in release
#                mode, warnings as errors
#   practice     the exercises' watch mode (Docs/Practice): re-runs the current exercise on
#                every save; ARGS="list", "hint N", "reset N" or "run N" work without a terminal
#   check-practice  the practice package's own tests, then `practice verify`: every exercise must
#                fail as shipped for its stated reason, pass with its solution, and fail for its
#                stated reason with each of its wrong fixes (files are put back after); then the
#                mutation check: each exercise's tests must kill 90 % of the mutants of its
#                solution that compile, every survivor explained in Solutions/NN-name.mutants.md
#                (Docs/Practice/README.md; outcomes cached in Docs/Practice/.build/mutants)
#   check-claims  compare what the articles say about the code (Repository's requirements, the
#                nonisolated members, the calls that block, the locks, the executor's order, the
#                save path's types, the tests named) with the code, after proving on mutated
#                copies that the comparison catches each (scripts/test-check-claims)
#   check-tutorial  build the tutorial's package after each of its steps, run its checkpoints,
#                then prove that a broken listing is caught (scripts/check-tutorial-mutations)
#   sync-server  (needs python3 with venv) install the pinned Kinto into .build/kinto-venv and run
#                it on a free loopback port with a development account, printing its URL, user
#                and password, until Ctrl-C (which stops it and removes its data);
#                BACKEND=postgresql runs it on a PostgreSQL cluster of its own (needs initdb and
#                pg_ctl); scripts/sync-server start / stop run it in the background
#   clean        remove build products, the benchmark's and the tutorial app's included

SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
FORMAT_PATHS = Package.swift Sources Tests Packages/LocalStore/Package.swift \
  Packages/LocalStore/Sources Packages/LocalStore/Tests Benchmarks/Package.swift Benchmarks/Sources \
  Docs/Practice/Package.swift Docs/Practice/Sources Docs/Practice/Tests Docs/Practice/Shipped \
  Docs/Practice/Solutions Docs/Practice/WrongFixes
# The benchmark is a package of its own, so that only it depends on GRDB.
BENCH = $(SWIFT) run --package-path Benchmarks -c release $(SWIFT_FLAGS) Benchmarks
ARGS ?=
MODEL ?= Item
DIR ?= ../$(NAME)
PORT ?= 8000
# The exercises are a package of their own that depends on this one by path.
PRACTICE = Docs/Practice
# The store's package: the store, its SQLite sibling, the terminal and command-line kits.
STORE_PACKAGE = Packages/LocalStore
PRACTICE_BIN = $$($(SWIFT) build --package-path $(PRACTICE) --show-bin-path)
# No "Entering directory" lines on stdout when make runs make (as scripts/check-run-output does).
MAKEFLAGS += --no-print-directory

.PHONY: help build test check test-tsan stress bench bench-quick docs docs-preview run \
  bench-compare new-project test-store test-templates check-availability check-apple-templates \
  format lint clean practice check-practice check-claims check-tutorial sync-server

help:
	@awk '/^#/ { sub(/^# ?/, ""); print; next } { exit }' Makefile

build:
	@scripts/need sqlite3.h "make build"
	$(SWIFT) build $(SWIFT_FLAGS)

# scripts/test runs the stages (one line each in the STAGES_test and STAGES_check lists of
# scripts/test-stages), prints one line per stage and a progress line every 30 s, and keeps the
# full output in .build/test-logs/. A generated project gets the same driver, with its own list.
test:
	@scripts/need sqlite3.h "make test"
	@SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/test

check:
	@scripts/need sqlite3.h "make check"
	@SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/test check

# The store's package first (its own tests), then this one.
test-tsan:
	@scripts/need sqlite3.h "make test-tsan"
	$(SWIFT) build --build-tests --sanitize=thread --package-path $(STORE_PACKAGE) --scratch-path $(STORE_PACKAGE)/.build-tsan
	TEST_SANITIZER=thread TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/Tests/ThreadSanitizer.supp" \
	  $(SWIFT) test --skip-build --sanitize=thread --package-path $(STORE_PACKAGE) --scratch-path $(STORE_PACKAGE)/.build-tsan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TEST_SANITIZER=thread TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/Tests/ThreadSanitizer.supp" \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

stress:
	@scripts/need sqlite3.h "make stress"
	$(SWIFT) build --build-tests --package-path $(STORE_PACKAGE) $(SWIFT_FLAGS)
	STRESS_ITERATIONS=2000 $(SWIFT) test --skip-build --package-path $(STORE_PACKAGE) --filter ProcessFault

bench:
	@scripts/need sqlite3.h "make bench"
	$(BENCH) $(ARGS)

bench-compare:
	@if [ -z "$(REV)" ]; then \
	  echo "make bench-compare: give the commit, e.g. make bench-compare REV=main~3" >&2; \
	  exit 64; \
	fi
	@scripts/bench-compare "$(REV)" "$(or $(ROWS),durable)" "$(or $(TURNS),5)"

bench-quick:
	@scripts/need sqlite3.h "make bench-quick"
	$(BENCH) --quick $(ARGS)

docs:
	@scripts/need sqlite3.h "make docs"
	scripts/build-docs

docs-preview: docs
	@scripts/need python3 "make docs-preview"
	@echo "Serving the docs at http://127.0.0.1:$(PORT)/documentation/ (Ctrl-C stops)"
	python3 -m http.server $(PORT) --bind 127.0.0.1 --directory .build/docs/site

# Silent, and the build's messages on stderr: `make run ARGS="--json list" > out.json` is JSON.
run:
	@scripts/need sqlite3.h "make run"
	@$(SWIFT) build $(SWIFT_FLAGS) --product questions >&2
	@$$($(SWIFT) build --show-bin-path)/questions $(ARGS)

practice:
	$(SWIFT) build --package-path $(PRACTICE) --product practice >&2
	$(PRACTICE_BIN)/practice $(ARGS)

check-practice:
	$(SWIFT) build --package-path $(PRACTICE) --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --package-path $(PRACTICE) --skip-build $(SWIFT_FLAGS) --filter PracticeKitTests
	PRACTICE_BUILD_FLAGS="$(SWIFT_FLAGS)" $(PRACTICE_BIN)/practice verify

check-claims:
	@scripts/test-check-claims
	@scripts/check-claims

check-tutorial:
	@scripts/need sqlite3.h "make check-tutorial"
	$(SWIFT) build $(SWIFT_FLAGS)
	scripts/check-tutorial
	scripts/check-tutorial-mutations

# A wrapper of scripts/new-project, which the README gives: make adds its own "Error" line and
# exits 2 when the script refuses, where the script alone prints one sentence and exits 1.
new-project:
	@if [ -z "$(NAME)" ]; then \
	  echo "make new-project: give a name, e.g. make new-project NAME=Recipes MODEL=Recipe" >&2; \
	  exit 64; \
	fi
	@STORE="$(STORE)" PLURAL="$(PLURAL)" \
	  $(if $(filter undefined,$(origin FIELDS)),,FIELDS='$(subst ','\'',$(FIELDS))') \
	  scripts/new-project "$(NAME)" "$(MODEL)" "$(DIR)"

test-store:
	@scripts/need sqlite3.h "make test-store"
	$(SWIFT) build --build-tests --package-path $(STORE_PACKAGE) $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --package-path $(STORE_PACKAGE)

test-templates:
	scripts/test-templates

check-availability:
	@scripts/need python3 "make check-availability"
	scripts/test-check-availability
	scripts/check-availability Sources Tests Packages/LocalStore/Sources Packages/LocalStore/Tests \
	  Templates/SwiftData Templates/SwiftUI
	scripts/check-availability --package Benchmarks/Package.swift Benchmarks/Sources

check-apple-templates:
	scripts/check-apple-templates

sync-server:
	@scripts/need python3 "make sync-server"
	@scripts/sync-server

format:
	$(SWIFT) format format --in-place --recursive $(FORMAT_PATHS)

lint:
	@scripts/need sqlite3.h "make lint"
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)
	$(SWIFT) build -c release $(SWIFT_FLAGS)

clean:
	$(SWIFT) package clean
	rm -rf .build .build-tsan .build-tutorial Benchmarks/.build $(PRACTICE)/.build $(STORE_PACKAGE)/.build \
	  $(STORE_PACKAGE)/.build-tsan
