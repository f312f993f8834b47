/*
 * fpr.h - the statistical tests of countingbloom (fpr_counting.c),
 * cuckoofilter (fpr_cuckoo.c), bloomwindow (fpr_window.c) and scalablebloom
 * (fpr_scalable.c), run by test_fpr.c's main after bloomfilter's.
 * Each prints its own table and adds one to *passed or *failed per check.
 */
#ifndef BLOOMFILTER_FPR_H
#define BLOOMFILTER_FPR_H

#include <stdint.h>

void		fpr_counting(uint64_t base_seed, int *passed, int *failed);
void		fpr_cuckoo(uint64_t base_seed, int *passed, int *failed);
void		fpr_window(uint64_t base_seed, int *passed, int *failed);
void		fpr_scalable(uint64_t base_seed, int *passed, int *failed);

#endif
