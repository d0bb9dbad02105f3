# The question bank: build, test and run the package.
#
# Targets:
#   help         list these targets
#   build        build everything in debug mode, warnings as errors
#   test         run the whole test suite (Swift Testing) and type-check the docs' code
#   test-tsan    run the whole test suite under the thread sanitizer (build in .build-tsan)
#   stress       the crash tests with 2,000 kill -9 iterations instead of 200
#   bench        compare saves, opens and memory with the seed's pattern, SQLite and write+fsync
#   bench-quick  the same benchmark at small sizes, in under a minute
#   run          build and run `questions` on the default data directory (ARGS="..." to pass arguments)
#   format       format every Swift file in place with the toolchain's `swift format`
#   lint         check formatting and build in release mode, warnings as errors
#   clean        remove build products

SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
FORMAT_PATHS = Package.swift Sources Tests
ARGS ?=
# The benchmark target compares against SQLite and is built with everything else, so every
# build first makes sure its headers are there, installing them only if they are missing.
SQLITE_HEADERS = test -e /usr/include/sqlite3.h || { \
	  sudo=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$sudo apt-get update -qq && $$sudo apt-get install -y -qq libsqlite3-dev; }

.PHONY: help build test test-tsan stress bench bench-quick run format lint clean

help:
	@awk '/^#/ { sub(/^# ?/, ""); print; next } { exit }' Makefile

build:
	@$(SQLITE_HEADERS)
	$(SWIFT) build $(SWIFT_FLAGS)

test:
	@$(SQLITE_HEADERS)
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	scripts/check-doc-snippets
	$(SWIFT) test --skip-build

test-tsan:
	@$(SQLITE_HEADERS)
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	QUESTIONBANK_SANITIZER=thread TSAN_OPTIONS=halt_on_error=1 \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

stress:
	@$(SQLITE_HEADERS)
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	STRESS_ITERATIONS=2000 $(SWIFT) test --skip-build --filter ProcessFault

bench:
	@$(SQLITE_HEADERS)
	$(SWIFT) run -c release $(SWIFT_FLAGS) Benchmarks

bench-quick:
	@$(SQLITE_HEADERS)
	$(SWIFT) run -c release $(SWIFT_FLAGS) Benchmarks --quick

run:
	$(SWIFT) build $(SWIFT_FLAGS) --product questions
	$$($(SWIFT) build --show-bin-path)/questions $(ARGS)

format:
	$(SWIFT) format format --in-place --recursive $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)
	@$(SQLITE_HEADERS)
	$(SWIFT) build -c release $(SWIFT_FLAGS)

clean:
	$(SWIFT) package clean
	rm -rf .build .build-tsan
