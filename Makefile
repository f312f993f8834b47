# bloomfilter: PGXS build.  `make && make install`, then `make installcheck`
# against a running server; test/run does all of it in a throwaway cluster.
EXTENSION = bloomfilter
MODULE_big = bloomfilter
DATA = bloomfilter--1.0.sql bloomfilter--1.0--1.1.sql
PGFILEDESC = "bloomfilter - Bloom filters for PostgreSQL"

CORE_OBJS = src/bf_sizing.o src/bf_filter.o src/bf_simd.o src/bf_format.o src/bf_aggstate.o \
	src/bf_counting.o src/bf_cuckoo.o src/bf_window.o src/bf_scalable.o
GLUE_OBJS = src/bloomfilter_glue.o src/bloomfilter_hash.o src/bloomfilter_io.o \
	src/bloomfilter_funcs.o src/bloomfilter_probe.o src/bloomfilter_agg.o src/bloomfilter_selfuncs.o \
	src/bloomfilter_counting.o src/bloomfilter_cuckoo.o src/bloomfilter_window.o src/bloomfilter_scalable.o \
	src/bloomfilter_ship.o
OBJS = $(CORE_OBJS) $(GLUE_OBJS)

REGRESS = sizing io membership hashing aggregate algebra errors mutations limits parallel stored estimates trusted union_rules stored_probes aggregate_plans aggregate_memory fixtures fixtures_1_1 catalog hashing_bugs typed_aggregates counting cuckoo window scalable
REGRESS_OPTS = --load-extension=bloomfilter
# Two sessions at once (pg_isolation_regress): test/isolation/specs.
ISOLATION = rebuild_swap
ISOLATION_OPTS = --inputdir=test/isolation --load-extension=bloomfilter

PG_CPPFLAGS = -I$(srcdir)/src
# -Werror only where we test (test/lib.sh, test/versions/run pass
# PG_CFLAGS_EXTRA=-Werror): a packager's newer compiler or headers must not
# fail the build over a new warning.
PG_CFLAGS = -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wno-sign-compare $(PG_CFLAGS_EXTRA)
SHLIB_LINK = -lm

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# ---- tests beyond pg_regress: the pure C core (no server needed) ----
CORE_SRCS = $(CORE_OBJS:.o=.c)
CORE_HDRS = src/bf_core.h src/bf_aggstate.h src/bf_counting.h src/bf_cuckoo.h src/bf_window.h src/bf_scalable.h
TEST_CFLAGS = -O2 -g -std=c11 -Wall -Wextra -Werror -Isrc

UNIT_SRCS = test/unit/test_core.c test/unit/harness.c test/unit/test_sizing.c test/unit/test_filter.c \
	test/unit/test_format.c test/unit/test_aggstate.c test/unit/test_counting.c test/unit/test_cuckoo.c \
	test/unit/test_window.c test/unit/test_scalable.c

test/unit/test_core: $(UNIT_SRCS) test/unit/harness.h $(CORE_SRCS) $(CORE_HDRS)
	$(CC) $(TEST_CFLAGS) -o $@ $(UNIT_SRCS) $(CORE_SRCS) -lm

FPR_SRCS = test/fpr/test_fpr.c test/fpr/fpr_counting.c test/fpr/fpr_cuckoo.c test/fpr/fpr_window.c \
	test/fpr/fpr_scalable.c

test/fpr/test_fpr: $(FPR_SRCS) test/fpr/fpr.h $(CORE_SRCS) $(CORE_HDRS)
	$(CC) $(TEST_CFLAGS) -o $@ $(FPR_SRCS) $(CORE_SRCS) -lm

# The bloom work of bloom_agg alone, timed by test/bench/run (its floor).
test/bench/buildfloor: test/bench/buildfloor.c test/bench/timing.h $(CORE_SRCS) $(CORE_HDRS)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(CORE_SRCS) -lm

# The probes of test/bench/run_filters alone (their floor).
test/bench/probefloor: test/bench/probefloor.c test/bench/timing.h $(CORE_SRCS) $(CORE_HDRS)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(CORE_SRCS) -lm

# The libFuzzer targets (test/fuzz/run builds them with `make fuzz` and runs
# them), linked with the same core sources as the extension.
FUZZ_TARGETS = test/fuzz/fuzz_decode test/fuzz/fuzz_state test/fuzz/fuzz_counting test/fuzz/fuzz_cuckoo \
	test/fuzz/fuzz_window test/fuzz/fuzz_scalable
FUZZ_CC ?= clang
FUZZ_CFLAGS = -g -O1 -Wall -Wextra -Werror -Isrc -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined

$(FUZZ_TARGETS): test/fuzz/%: test/fuzz/%.c test/fuzz/fuzz_common.h $(CORE_SRCS) $(CORE_HDRS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(CORE_SRCS) -lm

CORPUS_SRCS = test/fuzz/make_corpus.c test/fuzz/seeds_counting.c test/fuzz/seeds_cuckoo.c test/fuzz/seeds_window.c \
	test/fuzz/seeds_scalable.c

test/fuzz/make_corpus: $(CORPUS_SRCS) $(CORE_SRCS) $(CORE_HDRS)
	$(FUZZ_CC) -g -O1 -Wall -Wextra -Werror -Isrc -fsanitize=address,undefined -fno-sanitize-recover=undefined \
		-o $@ $(CORPUS_SRCS) $(CORE_SRCS) -lm

.PHONY: fuzz
fuzz: $(FUZZ_TARGETS) test/fuzz/make_corpus

.PHONY: unittest fprtest
unittest: test/unit/test_core
	test/unit/test_core

fprtest: test/fpr/test_fpr
	test/fpr/test_fpr

EXTRA_CLEAN = test/unit/test_core test/fpr/test_fpr $(FUZZ_TARGETS) test/fuzz/make_corpus results regression.diffs regression.out

# PGXS knows no header dependencies; without these a changed enum or struct
# leaves stale objects behind.
$(OBJS): $(CORE_HDRS) src/bloomfilter.h src/bloomfilter_compat.h

# The whole pg_regress suite with the server under valgrind memcheck (slow).
.PHONY: memcheck
memcheck:
	test/memcheck/run

# The PGXN distribution: bloomfilter-<version>.zip of the committed tree
# (HEAD), every file under bloomfilter-<version>/, the version from META.json.
# test/meta/run checks it against the control file's default_version.
DISTVERSION = $(shell python3 -c 'import json; print(json.load(open("$(srcdir)/META.json"))["version"])')
DISTFILE = $(EXTENSION)-$(DISTVERSION).zip
.PHONY: dist
dist:
	git -C $(srcdir) archive --format zip --prefix=$(EXTENSION)-$(DISTVERSION)/ -o $(abspath $(DISTFILE)) HEAD
