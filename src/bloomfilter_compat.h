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

#endif							/* BLOOMFILTER_COMPAT_H */
