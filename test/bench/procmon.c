/*
 * procmon.c - memory and page faults of the benchmark's queries, for
 * test/bench/run.
 *
 *     procmon POSTMASTER_PID DIR [POLL_US [LIMIT_KB]]
 *
 * Every POLL_US microseconds (default 1000) it reads the postmaster's children
 * (/proc/PID/task/PID/children) and samples the benchmark's backend and every
 * parallel worker: RssAnon (resident minus shared pages of /proc/PID/statm:
 * private anonymous memory, so shared buffers do not count) and minflt
 * (field 10 of /proc/PID/stat).
 *
 * A mark ends an interval: the run script writes DIR/label ("BACKEND_PID
 * LABEL WORDS", BACKEND_PID the backend to follow from now on) and sends
 * SIGUSR1.  For the interval since the previous mark, one tab-separated line
 * goes to DIR/report: the label words, the backend, its RssAnon at the start,
 * peak and end (kB), its minflt delta, the parallel workers seen, their
 * minflt (exact: the postmaster's cminflt delta, since the postmaster reaps
 * them; and the sum sampled from first to last sight, a cross-check), each
 * worker's peak RssAnon (kB, largest first), the system-wide pgfault delta
 * of /proc/vmstat, and notes.  A label of "-" only resets.  Removing
 * DIR/label acknowledges the mark, so the script knows the line is written.
 *
 * A worker's peak is a sample (each POLL_US), not the kernel's own high-water
 * mark, which would count the shared buffers the worker touched.
 *
 * With LIMIT_KB, a query whose private memory passes it (what the backend
 * added since the interval began, plus the RssAnon of the workers alive) is
 * cancelled (SIGINT to the backend: PostgreSQL's cancel), so that a runaway
 * aggregate cannot exhaust a shared machine; the note says so.
 *
 * It exits on SIGTERM, SIGINT or SIGHUP, when its parent exits, or when the
 * postmaster is gone.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define MAX_CHILDREN 1024
#define WORKER_PREFIX "postgres: parallel worker for PID "

enum role
{
	ROLE_UNKNOWN,				/* just forked: its title is not set yet */
	ROLE_WORKER,				/* a parallel worker */
	ROLE_OTHER					/* anything else: other backends, auxiliary processes */
};

typedef struct child
{
	pid_t		pid;
	enum role	role;
	pid_t		leader;			/* of a parallel worker */
	char		title[64];		/* of another process, for the notes */
	int			present;		/* in the last listing of the postmaster's children */
	int			in_interval;	/* sampled during the current interval */
	long		rss_kb;			/* at the last sample */
	long		rss_peak_kb;
	long		minflt_first;
	long		minflt_last;
} child;

static volatile sig_atomic_t marked;
static volatile sig_atomic_t terminated;

static pid_t postmaster;
static const char *dir;
static long page_kb;
static long limit_kb;

static child children[MAX_CHILDREN];
static int nchildren;

/* the interval */
static pid_t backend;
static long backend_rss_start, backend_rss_peak, backend_minflt_start;
static long postmaster_cminflt_start, pgfault_start;
static long workers_minflt_sampled_gone;	/* of workers gone during the interval */
static int	cancelled;
static char notes[512];

static void
on_mark(int signo)
{
	(void) signo;
	marked = 1;
}

static void
on_term(int signo)
{
	(void) signo;
	terminated = 1;
}

/* The contents of a /proc file, NUL-terminated; the length, or -1. */
static ssize_t
read_file(const char *path, char *buffer, size_t size)
{
	int			fd = open(path, O_RDONLY);
	ssize_t		length = 0;
	ssize_t		got;

	if (fd < 0)
		return -1;
	while (length < (ssize_t) size - 1 &&
		   (got = read(fd, buffer + length, size - 1 - length)) > 0)
		length += got;
	close(fd);
	buffer[length] = '\0';
	return length;
}

/* RssAnon of a process in kB, from /proc/PID/statm (resident minus shared), or -1. */
static long
rss_anon_kb(pid_t pid)
{
	char		path[64];
	char		buffer[256];
	long		size, resident, shared;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int) pid);
	if (read_file(path, buffer, sizeof(buffer)) <= 0 ||
		sscanf(buffer, "%ld %ld %ld", &size, &resident, &shared) != 3)
		return -1;
	return (resident - shared) * page_kb;
}

/* minflt (field 10) and cminflt (field 11) of /proc/PID/stat; 0, or -1. */
static int
faults(pid_t pid, long *minflt, long *cminflt)
{
	char		path[64];
	char		buffer[1024];
	char	   *after_name;
	long		min, cmin;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int) pid);
	if (read_file(path, buffer, sizeof(buffer)) <= 0 || (after_name = strrchr(buffer, ')')) == NULL)
		return -1;
	/* after "pid (comm)": state ppid pgrp session tty_nr tpgid flags minflt cminflt */
	if (sscanf(after_name + 1, " %*c %*d %*d %*d %*d %*d %*u %ld %ld", &min, &cmin) != 2)
		return -1;
	if (minflt)
		*minflt = min;
	if (cminflt)
		*cminflt = cmin;
	return 0;
}

static long
system_pgfault(void)
{
	char		buffer[16384];
	char	   *line;

	if (read_file("/proc/vmstat", buffer, sizeof(buffer)) <= 0 || (line = strstr(buffer, "\npgfault ")) == NULL)
		return -1;
	return atol(line + strlen("\npgfault "));
}

static void
note(const char *text)
{
	if (strstr(notes, text) != NULL || strlen(notes) + strlen(text) + 2 >= sizeof(notes))
		return;
	if (notes[0] != '\0')
		strcat(notes, ",");
	strcat(notes, text);
}

/* Its process title, once PostgreSQL has set it (argv is overwritten in place). */
static void
classify(child *c)
{
	char		path[64];
	char		title[256];
	ssize_t		length;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int) c->pid);
	if ((length = read_file(path, title, sizeof(title))) <= 0)
		return;
	for (ssize_t i = 0; i < length; i++)
		if (title[i] == '\0')
			title[i] = ' ';
	if (strncmp(title, WORKER_PREFIX, strlen(WORKER_PREFIX)) == 0)
	{
		c->role = ROLE_WORKER;
		c->leader = (pid_t) atol(title + strlen(WORKER_PREFIX));
	}
	else if (strncmp(title, "postgres: ", 10) == 0)
	{
		char	   *end;

		c->role = ROLE_OTHER;
		snprintf(c->title, sizeof(c->title), "%.63s", title + 10);
		/* "autovacuum worker", "checkpointer", "postgres postgres [local] idle": first two words */
		end = strchr(c->title, ' ');
		if (end != NULL && (end = strchr(end + 1, ' ')) != NULL)
			*end = '\0';
	}
}

static void
sample_worker(child *c)
{
	long		rss = rss_anon_kb(c->pid);
	long		minflt;

	if (rss < 0 || faults(c->pid, &minflt, NULL) < 0)
		return;					/* gone meanwhile */
	if (!c->in_interval)
	{
		c->in_interval = 1;
		c->rss_peak_kb = rss;
		c->minflt_first = minflt;
	}
	if (rss > c->rss_peak_kb)
		c->rss_peak_kb = rss;
	c->rss_kb = rss;
	c->minflt_last = minflt;
}

static void
sample(void)
{
	char		path[64];
	static char listing[65536];
	char	   *token;
	char	   *save;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int) postmaster, (int) postmaster);
	if (read_file(path, listing, sizeof(listing)) < 0)
		return;
	for (int i = 0; i < nchildren; i++)
		children[i].present = 0;
	for (token = strtok_r(listing, " \n", &save); token; token = strtok_r(NULL, " \n", &save))
	{
		pid_t		pid = (pid_t) atol(token);
		int			i;

		for (i = 0; i < nchildren && children[i].pid != pid; i++)
			;
		if (i == nchildren)
		{
			if (nchildren == MAX_CHILDREN)
				continue;
			memset(&children[i], 0, sizeof(child));
			children[i].pid = pid;
			nchildren++;
		}
		children[i].present = 1;
	}

	/* the ones gone: a worker's last sample stays; another process's exit is noted */
	for (int i = 0; i < nchildren;)
	{
		child	   *c = &children[i];

		if (c->pid < 0)
		{
			i++;				/* a finished worker, kept for the report */
			continue;
		}
		if (!c->present)
		{
			if (c->role == ROLE_WORKER && c->in_interval)
			{
				workers_minflt_sampled_gone += c->minflt_last - c->minflt_first;
				c->pid = -c->pid;
				i++;
				continue;
			}
			if (c->role == ROLE_OTHER && c->pid != backend)
			{
				char		text[96];

				snprintf(text, sizeof(text), "exited:%s", c->title);
				note(text);
			}
			children[i] = children[--nchildren];
			continue;
		}
		if (c->role == ROLE_UNKNOWN)
			classify(c);
		if (c->role == ROLE_WORKER)
			sample_worker(c);
		i++;
	}

	if (backend > 0)
	{
		long		rss = rss_anon_kb(backend);
		/* what the query added: the backend may keep memory from earlier ones */
		long		query_kb = rss - backend_rss_start;

		if (rss > backend_rss_peak)
			backend_rss_peak = rss;
		for (int i = 0; i < nchildren; i++)
			if (children[i].pid > 0 && children[i].role == ROLE_WORKER && children[i].in_interval)
				query_kb += children[i].rss_kb;
		if (limit_kb > 0 && query_kb > limit_kb && !cancelled)
		{
			kill(backend, SIGINT);
			cancelled = 1;
			note("memory-limit-cancel");
		}
	}
}

static int
by_peak_descending(const void *a, const void *b)
{
	long		x = *(const long *) a;
	long		y = *(const long *) b;

	return (x < y) - (x > y);
}

/* Ends the interval: one line to DIR/report, then a new interval for the backend named. */
static void
mark(FILE *report)
{
	char		path[4096];
	char		label[1024];
	char	   *words;
	pid_t		next_backend;
	long		rss_end = -1, minflt_end = 0, cminflt_end = 0, pgfault_end;
	long		peaks[MAX_CHILDREN];
	int			nworkers = 0;
	long		workers_minflt_sampled = workers_minflt_sampled_gone;

	snprintf(path, sizeof(path), "%s/label", dir);
	if (read_file(path, label, sizeof(label)) <= 0)
		return;
	label[strcspn(label, "\n")] = '\0';
	next_backend = (pid_t) strtol(label, &words, 10);
	while (*words == ' ')
		words++;

	sample();
	if (backend > 0)
	{
		rss_end = rss_anon_kb(backend);
		faults(backend, &minflt_end, NULL);
		if (rss_end > backend_rss_peak)
			backend_rss_peak = rss_end;
	}
	faults(postmaster, NULL, &cminflt_end);
	pgfault_end = system_pgfault();

	for (int i = 0; i < nchildren; i++)
		if (children[i].role == ROLE_WORKER && children[i].in_interval)
		{
			peaks[nworkers++] = children[i].rss_peak_kb;
			if (children[i].pid > 0)
				workers_minflt_sampled += children[i].minflt_last - children[i].minflt_first;
		}
	qsort(peaks, nworkers, sizeof(long), by_peak_descending);

	if (strcmp(words, "-") != 0 && backend > 0)
	{
		for (char *p = words; *p; p++)
			if (*p == ' ')
				*p = '\t';
		fprintf(report, "%s\t%d\t%ld\t%ld\t%ld\t%ld\t%d\t%ld\t%ld\t{", words, (int) backend,
				backend_rss_start, backend_rss_peak, rss_end, minflt_end - backend_minflt_start,
				nworkers, cminflt_end - postmaster_cminflt_start, workers_minflt_sampled);
		for (int i = 0; i < nworkers; i++)
			fprintf(report, "%s%ld", i ? "," : "", peaks[i]);
		fprintf(report, "}\t%ld\t%s\n", pgfault_end - pgfault_start, notes[0] ? notes : "\\N");
		fflush(report);
	}

	/* a new interval: finished workers are dropped, living ones start afresh */
	for (int i = 0; i < nchildren;)
	{
		if (children[i].pid < 0)
		{
			children[i] = children[--nchildren];
			continue;
		}
		children[i].in_interval = 0;
		i++;
	}
	if (next_backend != backend)
	{
		backend = next_backend;
		rss_end = rss_anon_kb(backend);
		faults(backend, &minflt_end, NULL);
	}
	backend_rss_start = backend_rss_peak = rss_end;
	backend_minflt_start = minflt_end;
	postmaster_cminflt_start = cminflt_end;
	pgfault_start = pgfault_end;
	workers_minflt_sampled_gone = 0;
	cancelled = 0;
	notes[0] = '\0';
	unlink(path);				/* the acknowledgement */
}

int
main(int argc, char **argv)
{
	long		poll_us;
	pid_t		parent = getppid();
	char		path[4096];
	FILE	   *report;
	struct sigaction action;
	struct timespec pause;

	if (argc < 3)
	{
		fprintf(stderr, "usage: %s POSTMASTER_PID DIR [POLL_US [LIMIT_KB]]\n", argv[0]);
		return 2;
	}
	postmaster = (pid_t) atol(argv[1]);
	dir = argv[2];
	poll_us = argc > 3 ? atol(argv[3]) : 1000;
	limit_kb = argc > 4 ? atol(argv[4]) : 0;
	page_kb = sysconf(_SC_PAGESIZE) / 1024;
	if (poll_us < 100)
		poll_us = 100;

	/* never outlive the script */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return 0;

	memset(&action, 0, sizeof(action));
	sigemptyset(&action.sa_mask);
	action.sa_handler = on_mark;	/* no SA_RESTART: a mark cuts the pause short */
	sigaction(SIGUSR1, &action, NULL);
	action.sa_handler = on_term;
	sigaction(SIGTERM, &action, NULL);
	sigaction(SIGINT, &action, NULL);
	sigaction(SIGHUP, &action, NULL);

	snprintf(path, sizeof(path), "%s/report", dir);
	if ((report = fopen(path, "a")) == NULL)
	{
		perror(path);
		return 1;
	}
	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int) postmaster, (int) postmaster);
	if (access(path, R_OK) != 0)
	{
		perror(path);
		return 1;
	}
	faults(postmaster, NULL, &postmaster_cminflt_start);
	pgfault_start = system_pgfault();

	pause.tv_sec = poll_us / 1000000;
	pause.tv_nsec = (poll_us % 1000000) * 1000;
	while (!terminated && getppid() == parent && (kill(postmaster, 0) == 0 || errno != ESRCH))
	{
		sample();
		if (marked)
		{
			marked = 0;
			mark(report);
		}
		nanosleep(&pause, NULL);
	}
	fclose(report);
	return 0;
}
