/*
 * bloomfilter_compat.h - the one place for differences between the
 * PostgreSQL major versions the extension builds against (15 to 18).
 * Everything else is written against one API; each difference is a macro
 * or an inline function here.
 */
#ifndef BLOOMFILTER_COMPAT_H
#define BLOOMFILTER_COMPAT_H

#include "postgres.h"

/* PostgreSQL 16 moved the varlena macros out of postgres.h. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/* PostgreSQL 17 keeps an attribute's statistics target in VacAttrStats itself. */
#if PG_VERSION_NUM >= 170000
#define BLOOM_STATS_TARGET(stats)	((stats)->attstattarget)
#else
#define BLOOM_STATS_TARGET(stats)	((stats)->attr->attstattarget)
#endif

/* PostgreSQL 18's vacuum_delay_point says whether ANALYZE is the caller. */
#if PG_VERSION_NUM >= 180000
#define BLOOM_ANALYZE_DELAY_POINT()	vacuum_delay_point(true)
#else
#define BLOOM_ANALYZE_DELAY_POINT()	vacuum_delay_point()
#endif

#endif							/* BLOOMFILTER_COMPAT_H */
