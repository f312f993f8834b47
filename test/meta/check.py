#!/usr/bin/env python3
"""test/meta/check.py (run by test/meta/run) - META.json against the PGXN Meta Spec 1.0.0, and the
distribution `make dist` builds.

PGXN's own validator is not reachable from here, so this checks what the
spec (https://pgxn.org/spec/, and its JSON schemas) requires, with the
standard library only: the required keys and their types, no unknown keys
(x_ keys aside), semantic versions, terms, tags, licenses, prereqs as version
ranges, resources as URIs; then that META.json agrees with the tree (the
version is the control file's default_version as x.y.0, provides names the
extension and its files exist, debian/changelog has the same version); and
that `make dist` writes <name>-<version>.zip whose every entry lies under
<name>-<version>/ and holds META.json, the control file, the Makefile and
every SQL script.  Ends with "N passed, N failed".  About 1 s.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# the regular expressions of the spec's JSON schemas (schema/v1/*.schema.json)
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
                    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
                    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$")
TERM = re.compile(r"^[^/\\\s\x00-\x1f\x7f]{2,}$")
TAG = re.compile(r"^[^/\\\x00-\x1f\x7f]{2,255}$")
URI = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$")
LICENSES = {"agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd", "freebsd", "gfdl_1_2",
            "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1", "lgpl_3_0", "mit", "mozilla_1_0", "mozilla_1_1",
            "openssl", "perl_5", "postgresql", "qpl_1_0", "ssleay", "sun", "zlib", "open_source", "restricted",
            "unrestricted", "unknown"}
TOP_KEYS = {"name", "version", "abstract", "maintainer", "license", "provides", "meta-spec", "description",
            "generated_by", "tags", "no_index", "prereqs", "release_status", "resources"}
REQUIRED = ["name", "version", "abstract", "maintainer", "license", "provides", "meta-spec"]
PHASES = {"configure", "build", "test", "runtime", "develop"}
RELATIONSHIPS = {"requires", "recommends", "suggests", "conflicts"}

passed = 0
failed = 0


def check(name, problems):
    """problems: a list of strings, empty when the check holds."""
    global passed, failed
    if problems:
        failed += 1
        print("FAILED: " + name)
        for problem in problems:
            print("  " + problem)
    else:
        passed += 1
        print("ok:     " + name)


def custom(key):
    return re.match(r"^[xX]_.", key) is not None


def nonempty_string(value):
    return isinstance(value, str) and len(value) >= 1


def version_range(value):
    if value == 0:
        return True
    if not isinstance(value, str):
        return False
    if value == "0":
        return True
    for part in value.split(","):
        part = re.sub(r"^\s*(==|!=|<=|>=|<|>)?\s*", "", part)
        if not SEMVER.match(part.strip()):
            return False
    return True


def unknown_keys(where, value, allowed):
    return ["%s: unknown key %r" % (where, key) for key in value if key not in allowed and not custom(key)]


def reject_duplicates(pairs):
    keys = [key for key, _ in pairs]
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise ValueError("duplicate keys: " + ", ".join(duplicates))
    return dict(pairs)


# ---- parse
meta_path = os.path.join(ROOT, "META.json")
try:
    with open(meta_path, encoding="utf-8") as f:
        meta = json.load(f, object_pairs_hook=reject_duplicates)
    parse_problems = [] if isinstance(meta, dict) else ["the top level is not an object"]
except (OSError, ValueError) as error:
    meta, parse_problems = {}, [str(error)]
check("META.json parses as one JSON object without duplicate keys", parse_problems)
if parse_problems:
    print("\nPGXN META.json: %d passed, %d failed" % (passed, failed))
    sys.exit(1)

# ---- the spec
check("required keys: " + ", ".join(REQUIRED), ["missing: " + key for key in REQUIRED if key not in meta])
check("no unknown top-level key", unknown_keys("META.json", meta, TOP_KEYS))

problems = []
if not (isinstance(meta.get("name"), str) and TERM.match(meta["name"])):
    problems.append("name is not a term (2+ characters, no slash, backslash, space or control): %r" % meta.get("name"))
if not (isinstance(meta.get("version"), str) and SEMVER.match(meta["version"])):
    problems.append("version is not a semantic version: %r" % meta.get("version"))
for key in ("abstract", "description", "generated_by"):
    if key in meta and not nonempty_string(meta[key]):
        problems.append("%s is not a non-empty string" % key)
check("name is a term, version a semantic version, abstract a string", problems)

problems = []
maintainer = meta.get("maintainer")
maintainers = maintainer if isinstance(maintainer, list) else [maintainer]
if not maintainers or not all(nonempty_string(m) for m in maintainers):
    problems.append("maintainer is not a string or a non-empty list of strings")
problems += ["maintainer %r is not of the form 'name <email>'" % m for m in maintainers
             if isinstance(m, str) and not re.match(r"^[^<>]+ <[^<>@\s]+@[^<>@\s]+>$", m)]
check("maintainer: 'name <email>', or a list of them", problems)

problems = []
license_ = meta.get("license")
if isinstance(license_, str):
    if license_ not in LICENSES:
        problems.append("unknown license %r" % license_)
elif isinstance(license_, list):
    if not license_ or any(item not in LICENSES for item in license_):
        problems.append("license list empty or with unknown licenses: %r" % license_)
elif isinstance(license_, dict):
    if not license_ or not all(isinstance(v, str) and URI.match(v) for v in license_.values()):
        problems.append("license object empty or not mapping names to URIs")
else:
    problems.append("license is not a string, list or object")
if license_ != "postgresql":
    problems.append("the extension is licensed like PostgreSQL: license should be \"postgresql\", not %r" % license_)
check("license: the PostgreSQL licence", problems)

problems = []
spec = meta.get("meta-spec")
if not isinstance(spec, dict):
    problems.append("meta-spec is not an object")
else:
    problems += unknown_keys("meta-spec", spec, {"version", "url"})
    if not (isinstance(spec.get("version"), str) and re.match(r"^1[.]0[.][0-9]+$", spec["version"])):
        problems.append("meta-spec version is not 1.0.x: %r" % spec.get("version"))
    if "url" in spec and spec["url"] not in ("https://pgxn.org/meta/spec.txt", "http://pgxn.org/meta/spec.txt"):
        problems.append("meta-spec url is not the spec's: %r" % spec["url"])
check("meta-spec: version 1.0.x, the spec's url", problems)

problems = []
provides = meta.get("provides")
if not isinstance(provides, dict) or not provides:
    problems.append("provides is not a non-empty object")
    provides = {}
for extension, entry in provides.items():
    where = "provides.%s" % extension
    if not TERM.match(extension):
        problems.append("%s: not a term" % where)
    if not isinstance(entry, dict):
        problems.append("%s is not an object" % where)
        continue
    problems += unknown_keys(where, entry, {"file", "version", "abstract", "docfile", "docpath"})
    for key in ("file", "version"):
        if key not in entry:
            problems.append("%s: missing %s" % (where, key))
    if "version" in entry and not (isinstance(entry["version"], str) and SEMVER.match(entry["version"])):
        problems.append("%s.version is not a semantic version" % where)
    if "abstract" in entry and not nonempty_string(entry["abstract"]):
        problems.append("%s.abstract is not a non-empty string" % where)
    for key in ("file", "docfile"):
        if key in entry:
            path = entry[key]
            if not nonempty_string(path) or path.startswith("/") or "\\" in path:
                problems.append("%s.%s is not a relative unix path" % (where, key))
            elif not os.path.isfile(os.path.join(ROOT, path)):
                problems.append("%s.%s: no file %s" % (where, key, path))
check("provides: each extension with file and version; the files exist", problems)

problems = []
if "prereqs" in meta:
    prereqs = meta["prereqs"]
    if not isinstance(prereqs, dict) or not prereqs:
        problems.append("prereqs is not a non-empty object")
    else:
        problems += unknown_keys("prereqs", prereqs, PHASES)
        for phase, relationships in prereqs.items():
            if custom(phase):
                continue
            if not isinstance(relationships, dict) or not relationships:
                problems.append("prereqs.%s is not a non-empty object" % phase)
                continue
            problems += unknown_keys("prereqs." + phase, relationships, RELATIONSHIPS)
            for relationship, ranges in relationships.items():
                if custom(relationship):
                    continue
                if not isinstance(ranges, dict):
                    problems.append("prereqs.%s.%s is not an object" % (phase, relationship))
                    continue
                problems += ["prereqs.%s.%s.%s: %r is not a version range" % (phase, relationship, name, r)
                             for name, r in ranges.items() if not version_range(r)]
runtime = meta.get("prereqs", {}).get("runtime", {}).get("requires", {}) if isinstance(meta.get("prereqs"), dict) else {}
if runtime.get("PostgreSQL") != "15.0.0":
    problems.append("prereqs.runtime.requires.PostgreSQL should be \"15.0.0\" (15 or later), not %r"
                    % runtime.get("PostgreSQL"))
check("prereqs: phases, relationships, version ranges; PostgreSQL 15 or later at run time", problems)

problems = []
tags = meta.get("tags")
if tags is not None:
    if not isinstance(tags, list) or not tags:
        problems.append("tags is not a non-empty list")
    else:
        problems += ["tag %r: 2 to 255 characters, no slash, backslash or control" % t for t in tags
                     if not (isinstance(t, str) and TAG.match(t))]
if meta.get("release_status", "stable") not in ("stable", "testing", "unstable"):
    problems.append("release_status is not stable, testing or unstable: %r" % meta.get("release_status"))
no_index = meta.get("no_index")
if no_index is not None:
    if not isinstance(no_index, dict) or not no_index:
        problems.append("no_index is not a non-empty object")
    else:
        problems += unknown_keys("no_index", no_index, {"file", "directory"})
        for key, paths in no_index.items():
            if not custom(key) and not (isinstance(paths, list) and paths and all(nonempty_string(p) for p in paths)):
                problems.append("no_index.%s is not a non-empty list of paths" % key)
resources = meta.get("resources")
if resources is not None:
    if not isinstance(resources, dict) or not resources:
        problems.append("resources is not a non-empty object")
    else:
        problems += unknown_keys("resources", resources, {"homepage", "bugtracker", "repository"})
        if "homepage" in resources and not (isinstance(resources["homepage"], str) and URI.match(resources["homepage"])):
            problems.append("resources.homepage is not a URI")
        for key, fields in (("bugtracker", {"web", "mailto"}), ("repository", {"url", "web", "type"})):
            if key in resources:
                value = resources[key]
                if not isinstance(value, dict) or not value:
                    problems.append("resources.%s is not a non-empty object" % key)
                    continue
                problems += unknown_keys("resources." + key, value, fields)
                problems += ["resources.%s.%s is not a URI" % (key, k) for k in ("web", "url")
                             if k in value and not (isinstance(value[k], str) and URI.match(value[k]))]
check("tags, release_status, no_index, resources (where present) as the spec has them", problems)

# ---- agreement with the tree
problems = []
name = meta.get("name")
control_path = os.path.join(ROOT, "%s.control" % name)
default_version = None
if not os.path.isfile(control_path):
    problems.append("no control file %s.control for the distribution's name" % name)
else:
    with open(control_path) as f:
        found = re.search(r"^default_version\s*=\s*'([^']*)'", f.read(), re.M)
    default_version = found.group(1) if found else None
    if default_version is None:
        problems.append("%s.control has no default_version" % name)
if default_version is not None:
    expected = default_version + ".0" if re.match(r"^\d+\.\d+$", default_version) else default_version
    if meta.get("version") != expected:
        problems.append("version %r is not the control file's default_version %r as %r"
                        % (meta.get("version"), default_version, expected))
    entry = provides.get(name)
    if not isinstance(entry, dict):
        problems.append("provides does not name the extension %r" % name)
    elif entry.get("version") != expected:
        problems.append("provides.%s.version %r is not %r" % (name, entry.get("version"), expected))
    script = os.path.join(ROOT, "%s--%s.sql" % (name, default_version))
    update_found = any(f.startswith(name + "--") and f.endswith("--%s.sql" % default_version) for f in os.listdir(ROOT))
    if not os.path.isfile(script) and not update_found:
        problems.append("no install or update script reaches %s" % default_version)
check("META.json agrees with %s.control (default_version %s)" % (name, default_version), problems)

problems = []
changelog = os.path.join(ROOT, "debian", "changelog")
if os.path.isfile(changelog):
    with open(changelog) as f:
        found = re.match(r"^\S+ \(([^)]+)\)", f.readline())
    debian_version = found.group(1) if found else None
    upstream = re.sub(r"-[^-]*$", "", debian_version or "")
    if upstream != meta.get("version"):
        problems.append("debian/changelog's version %r is not %r" % (debian_version, meta.get("version")))
check("debian/changelog has the same version", problems)

# ---- make dist
problems = []
prefix = "%s-%s/" % (name, meta.get("version"))
with tempfile.TemporaryDirectory() as tmp:
    zip_path = os.path.join(tmp, "%s-%s.zip" % (name, meta.get("version")))
    made = subprocess.run(["make", "-s", "-C", ROOT, "dist", "DISTFILE=" + zip_path],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if made.returncode != 0 or not os.path.isfile(zip_path):
        problems.append("make dist failed: " + made.stdout.strip())
    else:
        with zipfile.ZipFile(zip_path) as archive:
            names = archive.namelist()
            problems += ["entry outside %s: %s" % (prefix, n) for n in names if not n.startswith(prefix)]
            tracked = subprocess.run(["git", "-C", ROOT, "ls-tree", "-r", "--name-only", "HEAD"],
                                     stdout=subprocess.PIPE, universal_newlines=True).stdout.split()
            wanted = ["META.json", "%s.control" % name, "Makefile"] + \
                     [f for f in tracked if f.startswith(name + "--") and f.endswith(".sql")]
            problems += ["missing from the zip: " + prefix + f for f in wanted if prefix + f not in names]
            if prefix + "META.json" in names:
                inside = json.loads(archive.read(prefix + "META.json").decode("utf-8"))
                if inside.get("version") != meta.get("version"):
                    problems.append("the zip's META.json is version %r (commit META.json)" % inside.get("version"))
            print("  %s: %d files, %d bytes" % (os.path.basename(zip_path), len(names), os.path.getsize(zip_path)))
check("make dist: %s.zip, every file under %s, with META.json, the control file and the SQL scripts"
      % (prefix.rstrip("/"), prefix), problems)

print()
print("PGXN META.json: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
