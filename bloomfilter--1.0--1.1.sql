-- bloomfilter 1.0 -> 1.1.  A fresh CREATE EXTENSION runs bloomfilter--1.0.sql
-- and then this script, so 1.0 stays exactly what was released and every
-- change since lives here, once.  Objects stay qualified with @extschema@.

\echo Use "ALTER EXTENSION bloomfilter UPDATE TO '1.1'" to load this file. \quit
