#!/usr/bin/perl
# test/readme/check.pl - runs README.md's ```sql blocks in order and checks
# them (test/readme/run starts the cluster and calls it).
#
# Usage: check.pl README.md setup.sql   (psql from $PG_BIN, connection from PG*)
#
# Every block is split into statements here (a lexer that knows quotes,
# "identifiers", $tag$ bodies, comments and parentheses), so that each
# statement's result can be told apart.  One psql session then runs all of
# them in README order, as a reader would: tables, settings and prepared
# statements carry from one block to the next.  After each statement psql
# echoes its SQLSTATE (00000 on success) and, on failure, the message; the
# output in between is the statement's result (psql -At).  setup.sql runs in
# the same session right after the block that creates the extension.
#
# Markers in the README (the comment after a statement's semicolon, on the
# same line, is its result comment):
#   -- ERROR 22000 ...       the statement must fail with exactly this SQLSTATE
#   -- true / false / NULL / 10 / 0.00100001... / 'text' ...
#                            a comment that begins with a value: the statement
#                            must print one row, and that value (true/false
#                            print as t/f; a trailing ... matches any
#                            continuation); several columns: values separated
#                            by commas (-- true, false); the rest of the
#                            comment is ignored
#   -- anything else         prose, not checked
#   -- readme-test: skip (reason)
#                            as a block's first line: the block is not run
#                            (counted and printed as skipped)
# Every other statement must succeed, and no statement may print a whole
# filter (its base64): examples show bloom_info(...) instead.
# Counts are per block: a block passes when all its statements do.

use strict;
use warnings;

my ($readme, $setup) = @ARGV;
die "usage: $0 README.md setup.sql\n" unless defined $setup;
my $psql = ($ENV{PG_BIN} // '/usr/lib/postgresql/15/bin') . '/psql';
my $MARK = '@@readme-test@@';
# base64 of a filter's first bytes, the magic "BLOM" (FORMAT.md)
my $FILTER_BASE64 = qr/QkxPT[A-Za-z0-9+\/]{16,}/;

# ---- the blocks -------------------------------------------------------------

my @blocks;
{
    open my $fh, '<', $readme or die "$readme: $!\n";
    my $current;
    my $line_no = 0;
    while (my $line = <$fh>) {
        $line_no++;
        if (!$current && $line =~ /^\s*```sql\s*$/) {
            $current = { line => $line_no, text => '', first => $line_no + 1 };
        } elsif ($current && $line =~ /^\s*```\s*$/) {
            push @blocks, $current;
            undef $current;
        } elsif ($current) {
            $current->{text} .= $line;
        }
    }
    die "$readme: the sql block at line $current->{line} is not closed\n" if $current;
}

# Splits a block into statements: { line, sql, comment, comment_line }.
# The statement's text runs from its first token to its semicolon; the
# comment is the one after the semicolon on the same line, if any.
sub split_statements {
    my ($block) = @_;
    my $text = $block->{text};
    my $line = $block->{first};
    my @statements;
    my ($start, $start_line, $depth) = (undef, undef, 0);
    my $ended;    # the statement that ended on this line, until a newline or a token
    my $len = length $text;
    my $i = 0;
    my $skip_to = sub {    # advances $i to $_[0], counting newlines
        my ($to) = @_;
        $line += () = substr($text, $i, $to - $i) =~ /\n/g;
        $i = $to;
    };
    while ($i < $len) {
        my $c = substr($text, $i, 1);
        my $rest = substr($text, $i, 2);
        if ($c eq "\n") {
            undef $ended;
            $line++;
            $i++;
            next;
        }
        if ($c =~ /\s/) { $i++; next; }
        if ($rest eq '--') {
            my $end = index($text, "\n", $i);
            $end = $len if $end < 0;
            if ($ended) {
                ($ended->{comment} = substr($text, $i + 2, $end - $i - 2)) =~ s/^\s+|\s+$//g;
                $ended->{comment_line} = $line;
            }
            $i = $end;
            next;
        }
        if ($rest eq '/*') {
            my $nest = 0;
            my $j = $i;
            while ($j < $len) {
                if (substr($text, $j, 2) eq '/*') { $nest++; $j += 2; }
                elsif (substr($text, $j, 2) eq '*/') { $nest--; $j += 2; last if $nest == 0; }
                else { $j++; }
            }
            return (undef, "line $line: unterminated /* comment") if $nest;
            $skip_to->($j);
            next;
        }
        # a token
        undef $ended;
        if (!defined $start) {
            ($start, $start_line, $depth) = ($i, $line, 0);
        }
        if ($c eq "'") {
            # E'...' takes backslash escapes; otherwise standard_conforming_strings
            my $escapes = $i > 0 && substr($text, $i - 1, 1) =~ /[eE]/
              && ($i == 1 || substr($text, $i - 2, 1) !~ /[\w\$]/);
            my $j = $i + 1;
            while (1) {
                return (undef, "line $line: unterminated string") if $j >= $len;
                my $d = substr($text, $j, 1);
                if ($escapes && $d eq '\\') { $j += 2; next; }
                if ($d eq "'") {
                    if (substr($text, $j + 1, 1) eq "'") { $j += 2; next; }
                    last;
                }
                $j++;
            }
            $skip_to->($j + 1);
        } elsif ($c eq '"') {
            my $j = $i + 1;
            while (1) {
                return (undef, "line $line: unterminated quoted identifier") if $j >= $len;
                if (substr($text, $j, 1) eq '"') {
                    if (substr($text, $j + 1, 1) eq '"') { $j += 2; next; }
                    last;
                }
                $j++;
            }
            $skip_to->($j + 1);
        } elsif ($c eq '$' && ($i == 0 || substr($text, $i - 1, 1) !~ /[\w\$]/)
                 && substr($text, $i) =~ /^(\$(?:[A-Za-z_\x80-\xff][\w\x80-\xff]*)?\$)/) {
            my $tag = $1;
            my $end = index($text, $tag, $i + length $tag);
            return (undef, "line $line: unterminated $tag body") if $end < 0;
            $skip_to->($end + length $tag);
        } elsif ($c eq '\\') {
            return (undef, "line $line: psql meta-commands are not supported here");
        } elsif ($c eq '(') {
            $depth++; $i++;
        } elsif ($c eq ')') {
            $depth-- if $depth > 0; $i++;
        } elsif ($c eq ';' && $depth == 0) {
            my $statement = { line => $start_line, sql => substr($text, $start, $i + 1 - $start) };
            push @statements, $statement;
            $ended = $statement;
            undef $start;
            $i++;
        } else {
            $i++;
        }
    }
    return (undef, "line $start_line: statement without a terminating semicolon") if defined $start;
    return (\@statements, undef);
}

# What a result comment asks for: undef (prose), { error => SQLSTATE },
# { values => [{ value, prefix, shown }, ...] } (one per column), or
# { problem => text }.
sub expectation {
    my ($comment) = @_;
    return undef unless defined $comment;
    if ($comment =~ /^ERROR\b/) {
        return { error => $1 } if $comment =~ /^ERROR\s+([0-9A-Z]{5})\b/;
        return { problem => "\"-- $comment\": ERROR must be followed by a SQLSTATE" };
    }
    my %words = (true => 't', false => 'f', NULL => 'NULL');
    my $end = qr/(?=[\s,:;)]|$)/;
    my @values;
    my $rest = $comment;
    while (1) {
        my ($value, $shown, $prefix);
        if ($rest =~ s/^'((?:[^']|'')*)'(\.\.\.)?//) {
            ($shown, $prefix) = ("'$1'", defined $2);
            ($value = $1) =~ s/''/'/g;
        } elsif ($rest =~ s/^(true|false|NULL)$end//) {
            ($shown, $value, $prefix) = ($1, $words{$1}, 0);
        } elsif ($rest =~ s/^(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(\.\.\.)?$end//) {
            ($shown, $value, $prefix) = ($1, $1, defined $2);
        } else {
            last;
        }
        push @values, { value => $value, prefix => $prefix, shown => $shown . ($prefix ? '...' : '') };
        last unless $rest =~ s/^\s*,\s*//;
    }
    return @values ? { values => \@values } : undef;
}

my $setup_after;    # index of the block that creates the extension
my @problems;       # [block index, text]: a block the runner cannot run as written
for my $b (0 .. $#blocks) {
    my $block = $blocks[$b];
    if ($block->{text} =~ /\A\s*--\s*readme-test:\s*(.*?)\s*$/m) {
        my $directive = $1;
        if ($directive =~ /^skip\s*\(\s*(\S.*?)\s*\)$/) {
            $block->{skip} = $1;
            next;
        }
        push @problems, [$b, "unknown or reasonless directive \"-- readme-test: $directive\" (use: -- readme-test: skip (reason))"];
        next;
    }
    my ($statements, $problem) = split_statements($block);
    if ($problem) { push @problems, [$b, $problem]; next; }
    $block->{statements} = $statements;
    for my $s (@$statements) {
        $s->{expect} = expectation($s->{comment});
        $setup_after //= $b if $s->{sql} =~ /^\s*CREATE\s+EXTENSION\s+(IF\s+NOT\s+EXISTS\s+)?"?bloomfilter\b/i;
    }
}
die "$readme: no sql block creates the extension (CREATE EXTENSION bloomfilter), so setup.sql has no place to run\n"
  unless defined $setup_after;
$blocks[$_->[0]]{problem} = $_->[1] for @problems;

# ---- one psql session -------------------------------------------------------

my $script = join "\n",
  '\set QUIET on', '\pset null NULL', '\pset fieldsep_zero', '\set ON_ERROR_STOP 0', '';
for my $b (0 .. $#blocks) {
    my $block = $blocks[$b];
    next if $block->{skip} || $block->{problem};
    my $s = 0;
    for my $statement (@{ $block->{statements} }) {
        my $id = "$b.$s";
        $script .= "\\echo '$MARK begin $id'\n$statement->{sql}\n"
          . "\\echo '$MARK end $id' :SQLSTATE\n"
          . "\\if :ERROR\n\\echo '$MARK message $id' :LAST_ERROR_MESSAGE\n\\endif\n";
        $s++;
    }
    if ($b == $setup_after) {
        $script .= "\\echo '$MARK setup'\n\\set ON_ERROR_STOP 1\n\\i '$setup'\n"
          . "\\set ON_ERROR_STOP 0\n\\echo '$MARK setup done'\n";
    }
}

my $dir = $ENV{TMPDIR} // '/tmp';
my $script_file = "$dir/readme-test.$$.sql";
my $stderr_file = "$dir/readme-test.$$.err";
open my $sf, '>', $script_file or die "$script_file: $!\n";
print $sf $script;
close $sf;
my @psql = ($psql, '-X', '-At', '-f', $script_file,
            '-v', 'readme_host=' . ($ENV{PGHOST} // ''), '-v', 'readme_port=' . ($ENV{PGPORT} // 5432),
            '-v', 'readme_db=' . ($ENV{PGDATABASE} // ''));
open my $saved_stderr, '>&', \*STDERR or die "dup: $!\n";
open STDERR, '>', $stderr_file or die "$stderr_file: $!\n";
open my $from_psql, '-|', @psql or die "$psql: $!\n";
my $output = do { local $/; <$from_psql> } // '';
close $from_psql;
my $psql_status = $? >> 8;
open STDERR, '>&', $saved_stderr or die "dup: $!\n";
my $stderr = do { local $/; open my $ef, '<', $stderr_file; <$ef> } // '';
unlink $script_file, $stderr_file;

my (%result, $current, $setup_state);
for my $out_line (split /\n/, $output) {
    if ($out_line =~ /^\Q$MARK\E begin (\S+)$/) {
        $current = $1;
        $result{$current} = { output => [] };
    } elsif ($out_line =~ /^\Q$MARK\E end (\S+) (\S+)$/) {
        $result{$1}{sqlstate} = $2;
        undef $current;
    } elsif ($out_line =~ /^\Q$MARK\E message (\S+) ?(.*)$/) {
        $result{$1}{message} = $2;
    } elsif ($out_line =~ /^\Q$MARK\E setup( done)?$/) {
        $setup_state = $1 ? 'done' : 'started';
    } elsif (defined $current) {
        push @{ $result{$current}{output} }, $out_line;
    }
}

# ---- the report -------------------------------------------------------------

my ($passed, $failed, $skipped) = (0, 0, 0);
my $name = $readme =~ s{.*/}{}r;
sub first_line { my ($sql) = @_; my ($l) = $sql =~ /^\s*(.*)/; $l = substr($l, 0, 90) . ' ...' if length $l > 90 || $sql =~ /\n/; $l }

for my $b (0 .. $#blocks) {
    my $block = $blocks[$b];
    my $where = "$name:$block->{line}";
    if ($block->{skip}) {
        $skipped++;
        printf "skip    %-16s %s\n", $where, $block->{skip};
        next;
    }
    if ($block->{problem}) {
        $failed++;
        printf "FAILED  %-16s %s\n", $where, $block->{problem};
        next;
    }
    if (@{ $block->{statements} } && !grep { $result{"$b.$_"} } 0 .. $#{ $block->{statements} }) {
        $failed++;
        printf "FAILED  %-16s not run (psql ended early)\n", $where;
        next;
    }
    my (@lines, $block_failed);
    my $s = 0;
    for my $statement (@{ $block->{statements} }) {
        my $r = $result{"$b.$s"};
        $s++;
        my $at = "$name:" . ($statement->{comment_line} // $statement->{line});
        my $expect = $statement->{expect};
        my $fail = sub {
            my ($what, @details) = @_;
            $block_failed = 1;
            push @lines, sprintf("  FAILED  %-14s %s", $at, $what), map { (' ' x 25) . $_ } @details;
        };
        if (!$r || !defined $r->{sqlstate}) {
            $fail->("not run (psql ended early)", first_line($statement->{sql}));
            next;
        }
        my $got_error = $r->{sqlstate} ne '00000';
        if ($expect && $expect->{problem}) {
            $fail->($expect->{problem}, first_line($statement->{sql}));
            next;
        }
        if ($expect && $expect->{error}) {
            if ($got_error && $r->{sqlstate} eq $expect->{error}) {
                push @lines, sprintf("  ok      %-14s -- %s", $at, $statement->{comment});
            } else {
                $fail->("-- $statement->{comment}", first_line($statement->{sql}),
                        $got_error ? "failed with $r->{sqlstate}: " . ($r->{message} // '') : "succeeded");
            }
            next;
        }
        if ($got_error) {
            $fail->("ERROR $r->{sqlstate}: " . ($r->{message} // ''), first_line($statement->{sql}));
            next;
        }
        my $out = join "\n", @{ $r->{output} };
        if ($out =~ $FILTER_BASE64) {
            $fail->("prints a whole filter (" . length($out) . " characters): show bloom_info(...) instead",
                    first_line($statement->{sql}));
            next;
        }
        next unless $expect;
        my @got = @{ $r->{output} } == 1 ? split(/\0/, $r->{output}[0], -1) : ();
        my @want = @{ $expect->{values} };
        my $ok = @{ $r->{output} } == 1 && @got == @want;
        for my $c (0 .. $#want) {
            last unless $ok;
            $ok = $want[$c]{prefix} ? index($got[$c], $want[$c]{value}) == 0 : $got[$c] eq $want[$c]{value};
        }
        if ($ok) {
            push @lines, sprintf("  ok      %-14s -- %s", $at, $statement->{comment});
        } else {
            my $shown = @{ $r->{output} } == 1 ? join(', ', map { /^\s|\s$|,/ ? "'$_'" : $_ } @got)
              : @{ $r->{output} } . " rows: " . substr(join(' / ', @{ $r->{output} }), 0, 200) =~ s/\0/, /gr;
            $fail->("-- $statement->{comment}", first_line($statement->{sql}),
                    "expected " . join(', ', map { $_->{shown} } @want) . ", got $shown");
        }
    }
    my $count = @{ $block->{statements} };
    printf "%-7s %-16s %d statement%s\n", $block_failed ? 'FAILED' : 'ok', $where, $count, $count == 1 ? '' : 's';
    print "$_\n" for @lines;
    $block_failed ? $failed++ : $passed++;
}

# psql stops early only on a failure of its own or of setup.sql (which runs
# with ON_ERROR_STOP); that counts as one more failure.
if ($psql_status != 0 || ($setup_state // '') ne 'done') {
    my $during = ($setup_state // '') eq 'started' ? ', in setup.sql' : '';
    print "FAILED  psql ended with status $psql_status$during; its errors:\n$stderr";
    $failed++;
}
print "\nREADME blocks: $passed passed, $failed failed, $skipped skipped\n";
exit($failed ? 1 : 0);
