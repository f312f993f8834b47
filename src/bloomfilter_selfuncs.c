/*
 * bloomfilter_selfuncs.c - what the planner is told about `filter @> value`,
 * and what ANALYZE keeps of a column of filters.
 *
 * estimating a probe
 *   A probe passes a row when the row's value was added, or when it is a
 *   false positive:
 *       selectivity = member_share + (1 - member_share) * fpp
 *   where member_share is the share of the probed column's rows whose value
 *   is in the set.  Where the filter comes from decides what is known:
 *   - a constant (a literal, or a parameter of a custom plan): the column's
 *     most common values are probed one by one, so their share is exact; the
 *     histogram bounds, a sample of the remaining values, are probed to
 *     estimate the members' share among the rest.  That share cannot exceed
 *     (elements left) / (distinct values left), and the filter's fill gives
 *     its present false-positive rate.
 *   - an initplan `(SELECT f FROM t ...)`: the statistics ANALYZE kept of t.f
 *     (elements and false-positive rate, averaged over its filters).
 *   - an initplan `(SELECT bloom_agg(x) FROM t ...)`: the subquery's row
 *     estimate is the number of elements, at the aggregate's rate p.
 *   Without a sample of the column, the filter's elements are taken to be
 *   values of the probed column (a filter built from the keys of one side of
 *   a join, probed with the other's): member_share = elements / distinct.
 *   Nothing known: BLOOM_DEFAULT_SELECTIVITY.
 *
 * the filter's type
 *   A superuser may attach these estimators (and the typanalyze) to operators
 *   and types of his own: no Datum is read as a filter unless its type is
 *   bloomfilter (or a domain over it), the type found beside the estimator,
 *   in the extension's schema.  A filter's rate is bf_blocked_fpp_at_load,
 *   whose cost is bounded for any header a table may hold.
 */
#include "bloomfilter.h"

#include <math.h>

#include "access/detoast.h"
#include "access/htup_details.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type.h"
#include "commands/vacuum.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"
#include "utils/syscache.h"

/*
 * The statistics slot kind ANALYZE stores for a bloomfilter column; numbers:
 * [0] mean elements added, [1] mean false-positive rate at that load.  Kinds
 * below 100 are PostgreSQL's and 100-199 PostGIS's; this one is ours.
 */
#define BLOOM_STATISTIC_KIND	8383

/*
 * Nothing known of the filter: a prefilter typically keeps the members of a
 * small set plus false positives at the default rate, so twice that rate.
 */
#define BLOOM_DEFAULT_SELECTIVITY	(2 * BLOOM_DEFAULT_P)

/* Filters larger than this (16 MiB) are not scanned at plan time for their fill. */
#define BLOOM_PLAN_SCAN_BLOCKS	UINT64_C(262144)

/* At least this many histogram bounds make a sample worth using. */
#define BLOOM_MIN_SAMPLE	10

typedef struct BloomFilterFacts
{
	double		elements;		/* distinct elements added (estimated) */
	double		fpp;			/* false-positive rate at that load */
	const uint8_t *filter;		/* the filter itself, when it is a constant */
	bf_header	header;
} BloomFilterFacts;

/* The rate at which a filter of nblocks blocks and k hashes holding n elements errs. */
static double
bloom_fpp_at(uint64 nblocks, int k, double elements)
{
	if (elements < 1.0)
		return 0.0;
	return bf_blocked_fpp_at_load(elements / (double) nblocks, k);
}

/*
 * The bloomfilter type: the one in the schema of the function called (the
 * estimator or the typanalyze, created with it), or InvalidOid.
 */
static Oid
bloom_filter_type(FunctionCallInfo fcinfo)
{
	Oid			namespace;

	if (fcinfo->flinfo == NULL || !OidIsValid(fcinfo->flinfo->fn_oid))
		return InvalidOid;
	namespace = get_func_namespace(fcinfo->flinfo->fn_oid);
	if (!OidIsValid(namespace))
		return InvalidOid;
	return GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum("bloomfilter"),
						   ObjectIdGetDatum(namespace));
}

/* Is a value of this type (or a domain over it) a filter? */
static bool
bloom_is_filter_type(Oid type, Oid filter_type)
{
	return OidIsValid(type) && OidIsValid(filter_type) && getBaseType(type) == filter_type;
}

/* A constant filter: its header, and, for one small enough, its fill. */
static void
bloom_facts_of_constant(Const *constant, BloomFilterFacts *facts)
{
	bytea	   *filter = (bytea *) PG_DETOAST_DATUM(constant->constvalue);

	bloom_check_status(bf_check_header(BLOOM_BYTES(filter), BLOOM_LENGTH(filter), &facts->header),
					   BLOOM_FROM_STORAGE);
	facts->filter = BLOOM_BYTES(filter);
	facts->elements = (double) facts->header.n_added;
	facts->fpp = bloom_fpp_at(facts->header.nblocks, facts->header.k, facts->elements);
	if (facts->header.n_added > 0 && facts->header.nblocks <= BLOOM_PLAN_SCAN_BLOCKS)
	{
		bf_stats	stats = {0, 0.0, 0.0};

		/* duplicates added count in n but not in the bits */
		bf_stats_blocks(facts->filter + BF_HEADER_BYTES, facts->header.k, 0, facts->header.nblocks, &stats);
		facts->elements = Min(facts->elements, stats.cardinality);
		facts->fpp = stats.fpp_sum / (double) facts->header.nblocks;
	}
}

/* What ANALYZE kept of a column of filters, if it did. */
static bool
bloom_facts_of_column(VariableStatData *vardata, BloomFilterFacts *facts)
{
	AttStatsSlot slot;

	if (!HeapTupleIsValid(vardata->statsTuple) ||
		!get_attstatsslot(&slot, vardata->statsTuple, BLOOM_STATISTIC_KIND, InvalidOid, ATTSTATSSLOT_NUMBERS))
		return false;
	if (slot.nnumbers < 2)
	{
		free_attstatsslot(&slot);
		return false;
	}
	facts->elements = slot.numbers[0];
	facts->fpp = slot.numbers[1];
	free_attstatsslot(&slot);
	return true;
}

/* Rows a subquery feeds its aggregate: the estimate of its whole join. */
static bool
bloom_subquery_input_rows(PlannerInfo *subroot, double *rows)
{
	int			relid;
	RelOptInfo *rel;

	if (bms_is_empty(subroot->all_baserels))
		return false;
	if (bms_get_singleton_member(subroot->all_baserels, &relid))
		rel = find_base_rel(subroot, relid);
	else
		rel = find_join_rel(subroot, subroot->all_baserels);
	if (rel == NULL)
		return false;
	*rows = Max(rel->rows, 1.0);
	return true;
}

/* bloom_agg(x [, p | n, p | shape]): elements from the subquery's rows, rate from p. */
static bool
bloom_facts_of_aggregate(PlannerInfo *subroot, Aggref *aggref, Oid filter_type, BloomFilterFacts *facts)
{
	char	   *name = get_func_name(aggref->aggfnoid);
	bool		is_bloom_agg = name != NULL && strcmp(name, "bloom_agg") == 0 &&
		aggref->aggtype == filter_type && list_length(aggref->args) >= 1;
	double		p = BLOOM_DEFAULT_P;
	TargetEntry *last = NULL;
	ListCell   *cell;

	if (!is_bloom_agg || !bloom_subquery_input_rows(subroot, &facts->elements))
		return false;
	/* p is the last argument; ORDER BY keys follow the arguments, marked resjunk */
	foreach(cell, aggref->args)
	{
		if (!lfirst_node(TargetEntry, cell)->resjunk)
			last = lfirst_node(TargetEntry, cell);
	}
	if (list_length(aggref->aggargtypes) >= 2 && last != NULL && exprType((Node *) last->expr) == FLOAT8OID &&
		IsA(last->expr, Const) && !((Const *) last->expr)->constisnull)
		p = DatumGetFloat8(((Const *) last->expr)->constvalue);
	facts->fpp = (p > 0.0 && p < 1.0) ? p : BLOOM_DEFAULT_P;
	return true;
}

/*
 * A filter that is the output of an initplan: `(SELECT f FROM t)` or
 * `(SELECT bloom_agg(x) FROM t)`, found through the plan of the subquery.
 */
static bool
bloom_facts_of_initplan(PlannerInfo *root, Param *param, BloomFilterFacts *facts)
{
	for (PlannerInfo *level = root; level != NULL; level = level->parent_root)
	{
		ListCell   *cell;

		foreach(cell, level->init_plans)
		{
			SubPlan    *subplan = (SubPlan *) lfirst(cell);
			PlannerInfo *subroot;
			TargetEntry *output = NULL;
			ListCell   *entry;

			if (!IsA(subplan, SubPlan) || !list_member_int(subplan->setParam, param->paramid))
				continue;
			subroot = (PlannerInfo *) list_nth(root->glob->subroots, subplan->plan_id - 1);
			if (subroot == NULL || subroot->parse == NULL)
				return false;
			foreach(entry, subroot->parse->targetList)
			{
				if (!((TargetEntry *) lfirst(entry))->resjunk)
				{
					output = (TargetEntry *) lfirst(entry);
					break;
				}
			}
			if (output == NULL)
				return false;
			if (IsA(output->expr, Var))
			{
				VariableStatData vardata;
				bool		found;

				examine_variable(subroot, (Node *) output->expr, 0, &vardata);
				found = bloom_facts_of_column(&vardata, facts);
				ReleaseVariableStats(vardata);
				return found;
			}
			if (IsA(output->expr, Aggref))
				return bloom_facts_of_aggregate(subroot, (Aggref *) output->expr, param->paramtype, facts);
			return false;
		}
	}
	return false;
}

static bool
bloom_facts_of_expression(PlannerInfo *root, Node *filter, BloomFilterFacts *facts)
{
	memset(facts, 0, sizeof(*facts));
	/* a domain over bloomfilter, seen as one */
	while (IsA(filter, RelabelType))
		filter = (Node *) ((RelabelType *) filter)->arg;
	if (IsA(filter, Const))
	{
		if (((Const *) filter)->constisnull)
			return false;
		bloom_facts_of_constant((Const *) filter, facts);
		return true;
	}
	if (IsA(filter, Param) && ((Param *) filter)->paramkind == PARAM_EXEC)
		return bloom_facts_of_initplan(root, (Param *) filter, facts);
	return false;
}

/* Of `values`, the share the filter (a constant) answers yes for, and how many. */
static int
bloom_probe_sample(const BloomFilterFacts *facts, Oid type, const Datum *values, int count,
				   const float4 *frequencies, double *member_frequency)
{
	BloomValueHasher *hasher = bloom_type_hasher(type, InvalidOid, CurrentMemoryContext);
	bf_view		view = bf_view_of((uint8_t *) facts->filter);
	int			members = 0;

	*member_frequency = 0.0;
	for (int i = 0; i < count; i++)
	{
		uint32		kind;
		uint64		hashes[BLOOM_PROBE_MAX_HASHES];
		int			hash_count = bloom_probe_hashes(hasher, values[i], hashes, &kind);
		bool		member = false;

		for (int h = 0; h < hash_count && !member; h++)
			member = bf_contains_hash(view, hashes[h]);
		/* another kind fails at run time with an error; count it as no */
		if (facts->header.n_added == 0 || kind != facts->header.value_kind || !member)
			continue;
		members++;
		if (frequencies != NULL)
			*member_frequency += frequencies[i];
	}
	return members;
}

/* Selectivity of `filter @> column` for a column with statistics (or none). */
static double
bloom_column_selectivity(VariableStatData *vardata, const BloomFilterFacts *facts)
{
	double		null_share = 0.0;
	double		mcv_share = 0.0;
	double		mcv_member_share = 0.0;
	int			mcv_count = 0;
	int			mcv_members = 0;
	double		sample_share = -1.0;	/* members' share in the histogram sample; -1 none */
	bool		default_distinct;
	double		distinct = get_variable_numdistinct(vardata, &default_distinct);
	double		rest_share;
	double		member_share;
	double		selectivity;

	if (default_distinct && vardata->rel != NULL && vardata->rel->tuples > 0)
		distinct = vardata->rel->tuples;	/* no statistics: take the values to be unique */

	if (HeapTupleIsValid(vardata->statsTuple))
	{
		AttStatsSlot slot;
		/*
		 * Probing the column's common values through the filter shows them
		 * to it: only where the user may read those values (row security,
		 * column privileges), as eqsel does with its operators.
		 */
		bool		may_probe = facts->filter != NULL && vardata->acl_ok;

		null_share = ((Form_pg_statistic) GETSTRUCT(vardata->statsTuple))->stanullfrac;
		if (may_probe &&
			get_attstatsslot(&slot, vardata->statsTuple, STATISTIC_KIND_MCV, InvalidOid,
							 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
		{
			mcv_count = slot.nvalues;
			for (int i = 0; i < slot.nnumbers; i++)
				mcv_share += slot.numbers[i];
			mcv_members = bloom_probe_sample(facts, slot.valuetype, slot.values, slot.nvalues,
											 slot.numbers, &mcv_member_share);
			free_attstatsslot(&slot);
		}
		if (may_probe &&
			get_attstatsslot(&slot, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
							 ATTSTATSSLOT_VALUES))
		{
			if (slot.nvalues >= BLOOM_MIN_SAMPLE && facts->fpp < 1.0)
			{
				double		unused;
				double		count = slot.nvalues;
				double		yes = bloom_probe_sample(facts, slot.valuetype, slot.values, slot.nvalues,
													 NULL, &unused);
				double		false_yes = count * facts->fpp;

				/*
				 * yes = members + (count - members) fpp, solved for members.  A
				 * hundred bounds see a few false positives by chance, which at
				 * 1% shares would read as members: one standard deviation of
				 * the false positives is taken off first.
				 */
				yes -= sqrt(false_yes * (1.0 - facts->fpp));
				sample_share = (yes - false_yes) / (count * (1.0 - facts->fpp));
				sample_share = Max(0.0, Min(1.0, sample_share));
			}
			free_attstatsslot(&slot);
		}
	}

	/* the rows outside the most common values, and the members among them */
	rest_share = Max(0.0, 1.0 - null_share - mcv_share);
	member_share = Min(1.0, Max(0.0, facts->elements - mcv_members) / Max(1.0, distinct - mcv_count));
	if (sample_share >= 0.0)
		member_share = Min(member_share, sample_share);
	selectivity = mcv_member_share + rest_share * (member_share + (1.0 - member_share) * facts->fpp);
	CLAMP_PROBABILITY(selectivity);
	return selectivity;
}

/*
 * Which argument of the operator is the filter: its declared type says (@>
 * the left one, <@ the right one; the left one if both are filters).  False
 * if neither is: an operator of someone else's that borrowed the estimator.
 */
static bool
bloom_filter_side(Oid operator, Oid filter_type, bool *filter_is_left)
{
	Oid			left;
	Oid			right;

	op_input_types(operator, &left, &right);
	*filter_is_left = bloom_is_filter_type(left, filter_type);
	return *filter_is_left || bloom_is_filter_type(right, filter_type);
}

/* RESTRICT of @> and <@: `filter @> column` and `column <@ filter`. */
PG_FUNCTION_INFO_V1(bloom_probe_sel);
Datum
bloom_probe_sel(PG_FUNCTION_ARGS)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	Oid			operator = PG_GETARG_OID(1);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	Oid			filter_type = bloom_filter_type(fcinfo);
	VariableStatData vardata;
	Node	   *other;
	bool		variable_on_left;
	bool		filter_is_left;
	BloomFilterFacts facts;
	double		selectivity = BLOOM_DEFAULT_SELECTIVITY;

	if (!bloom_filter_side(operator, filter_type, &filter_is_left) ||
		!get_restriction_variable(root, args, varRelid, &vardata, &other, &variable_on_left))
		PG_RETURN_FLOAT8(selectivity);
	if (variable_on_left == filter_is_left)
	{
		/* a column of filters probed with one value: most filters say no, at their rate */
		if (bloom_is_filter_type(vardata.vartype, filter_type) && bloom_facts_of_column(&vardata, &facts))
			selectivity = Max(facts.fpp, 1.0 / Max(vardata.rel ? vardata.rel->tuples : 1.0, 1.0));
	}
	else if (bloom_is_filter_type(exprType(other), filter_type) &&
			 bloom_facts_of_expression(root, other, &facts))
		selectivity = bloom_column_selectivity(&vardata, &facts);
	ReleaseVariableStats(vardata);
	PG_RETURN_FLOAT8(selectivity);
}

/*
 * JOIN of @> and <@: `t.f @> u.x` with ANALYZE's facts of t.f, and the
 * elements taken to be values of u.x.
 */
PG_FUNCTION_INFO_V1(bloom_probe_joinsel);
Datum
bloom_probe_joinsel(PG_FUNCTION_ARGS)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	Oid			operator = PG_GETARG_OID(1);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	Oid			filter_type = bloom_filter_type(fcinfo);
	bool		filter_left;
	VariableStatData filter_data;
	VariableStatData value_data;
	BloomFilterFacts facts;
	double		selectivity = BLOOM_DEFAULT_SELECTIVITY;

	if (list_length(args) != 2 || !bloom_filter_side(operator, filter_type, &filter_left))
		PG_RETURN_FLOAT8(selectivity);
	examine_variable(root, filter_left ? linitial(args) : lsecond(args), 0, &filter_data);
	examine_variable(root, filter_left ? lsecond(args) : linitial(args), 0, &value_data);
	memset(&facts, 0, sizeof(facts));
	if (bloom_is_filter_type(filter_data.vartype, filter_type) && bloom_facts_of_column(&filter_data, &facts))
		selectivity = bloom_column_selectivity(&value_data, &facts);
	ReleaseVariableStats(filter_data);
	ReleaseVariableStats(value_data);
	PG_RETURN_FLOAT8(selectivity);
}

/* ---- ANALYZE of a bloomfilter column ---- */

/*
 * The header of a sampled filter, from a slice of its first bytes however it
 * is stored: out of line, compressed (pglz and lz4 decompress only what the
 * slice needs), or in line.  The length it must agree with is the value's,
 * known without reading the value.
 */
static bool
bloom_sampled_header(Datum value, bf_header *header)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(value);
	struct varlena *slice;
	uint64		length;
	bool		valid;

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		struct varatt_external pointer;

		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		length = (uint64) ((int64) pointer.va_rawsize - VARHDRSZ);
	}
	else if (VARATT_IS_COMPRESSED(raw))
		length = VARDATA_COMPRESSED_GET_EXTSIZE(raw);
	else if (!VARATT_IS_EXTERNAL(raw))
		return bf_check_header((const uint8_t *) VARDATA_ANY(raw), VARSIZE_ANY_EXHDR(raw), header) == BF_OK;
	else
	{
		/* in memory elsewhere (not what a heap tuple holds): read whole */
		struct varlena *whole = detoast_attr(raw);

		valid = bf_check_header(BLOOM_BYTES(whole), BLOOM_LENGTH(whole), header) == BF_OK;
		pfree(whole);
		return valid;
	}
	slice = detoast_attr_slice(raw, 0, BF_HEADER_BYTES);
	/* a slice shorter than the header it should hold: a damaged value */
	valid = VARSIZE(slice) - VARHDRSZ >= Min(length, (uint64) BF_HEADER_BYTES) &&
		bf_check_header(BLOOM_BYTES(slice), length, header) == BF_OK;
	pfree(slice);
	return valid;
}

static void
bloom_compute_stats(VacAttrStatsP stats, AnalyzeAttrFetchFunc fetch, int sample_rows, double total_rows)
{
	int			nulls = 0;
	int			filters = 0;
	double		elements = 0.0;
	double		fpp = 0.0;
	double		width = 0.0;

	for (int row = 0; row < sample_rows; row++)
	{
		bool		is_null;
		Datum		value = fetch(stats, row, &is_null);
		bf_header	header;

		BLOOM_ANALYZE_DELAY_POINT();
		if (is_null)
		{
			nulls++;
			continue;
		}
		if (!bloom_sampled_header(value, &header))
			continue;
		filters++;
		elements += (double) header.n_added;
		fpp += bloom_fpp_at(header.nblocks, header.k, (double) header.n_added);
		width += (double) bf_filter_bytes(header.nblocks) + VARHDRSZ;
	}
	if (sample_rows == 0)
		return;
	stats->stats_valid = true;
	stats->stanullfrac = (float4) nulls / (float4) sample_rows;
	stats->stawidth = filters > 0 ? (int32) Min(width / filters, (double) PG_INT32_MAX) : 0;
	stats->stadistinct = 0.0;	/* unknown */
	if (filters > 0)
	{
		MemoryContext old = MemoryContextSwitchTo(stats->anl_context);

		stats->stakind[0] = BLOOM_STATISTIC_KIND;
		stats->staop[0] = InvalidOid;
		stats->stacoll[0] = InvalidOid;
		stats->stanumbers[0] = palloc(2 * sizeof(float4));
		stats->stanumbers[0][0] = (float4) (elements / filters);
		stats->stanumbers[0][1] = (float4) (fpp / filters);
		stats->numnumbers[0] = 2;
		MemoryContextSwitchTo(old);
	}
}

/* TYPANALYZE of bloomfilter: mean elements and false-positive rate, from headers only. */
PG_FUNCTION_INFO_V1(bloomfilter_typanalyze);
Datum
bloomfilter_typanalyze(PG_FUNCTION_ARGS)
{
	VacAttrStats *stats = (VacAttrStats *) PG_GETARG_POINTER(0);

	/* a type of someone else's that borrowed this function: its values are no filters */
	if (!bloom_is_filter_type(stats->attrtypid, bloom_filter_type(fcinfo)))
		PG_RETURN_BOOL(false);
	if (BLOOM_STATS_TARGET(stats) < 0)
		BLOOM_STATS_TARGET(stats) = default_statistics_target;
	stats->compute_stats = bloom_compute_stats;
	stats->minrows = 300 * BLOOM_STATS_TARGET(stats);
	PG_RETURN_BOOL(true);
}
