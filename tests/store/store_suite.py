#!/usr/bin/env python3
"""The results store's test suite (docs/store.md), one database at a time, through real processes:

    store_suite.py --database sqlite|postgresql --benchbox DRIVER --fake-libexec DIR --source SRC --work DIR

DRIVER is benchbox_test_driver (the driver with the fake module, tests/fake), so that a measured
run needs no real module. PostgreSQL: the server's URL in BENCHBOX_TEST_POSTGRESQL, an empty
database its role may create others beside (tests/store/postgresql_server.sh starts one).

Checks: 4 writers storing 50 runs each at once (none lost, none twice); a writer killed while it
writes (no partial run, the store still takes runs); imports repeated (one run per run, every
results file of the repository's docs and tests); a store of a newer schema; stores that cannot be
used (one line, exit status 2, and a measured run's --json file still written). Exit status 0 when
all hold, 1 with the first that does not.
"""

import argparse
import copy
import glob
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.parse

WRITERS = 4
RUNS_PER_WRITER = 50
KILLS = 4
KILLED_ROWS = 2000  # a transaction of a few hundred milliseconds: long enough to be killed inside


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def excerpt(text, lines=6):
    """A command's output in a failure's message: its first lines."""
    kept = text.splitlines()
    return "\n".join(kept[:lines] + ([f"... ({len(kept) - lines} more lines)"] if len(kept) > lines else []))


# ---- Databases: a store's location, SQL on it, and whether a writer holds its write lock.


class Sqlite:
    name = "sqlite"

    def __init__(self, work):
        self.work = work

    def new_store(self, name):
        path = os.path.join(self.work, name + ".sqlite")
        for leftover in (path, path + "-wal", path + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
        return path

    def sql(self, store, query):
        db = sqlite3.connect(store, timeout=60, isolation_level=None)  # each statement its own transaction
        try:
            return [tuple(str(v) for v in row) for row in db.execute(query).fetchall()]
        finally:
            db.close()

    def writer_holds_lock(self, store):
        """True while another connection is in a write transaction (BEGIN IMMEDIATE is refused)."""
        db = sqlite3.connect(store, timeout=0, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("ROLLBACK")
            return False
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                return True
            raise
        finally:
            db.close()


class Postgresql:
    name = "postgresql"

    def __init__(self, url):
        self.url = url
        self.server = urllib.parse.urlsplit(url)

    def url_of(self, database, user=None, password=None):
        netloc = self.server.netloc.split("@", 1)[1]
        user = user or self.server.username
        credentials = user + (":" + password if password else "")
        return urllib.parse.urlunsplit((self.server.scheme, credentials + "@" + netloc, "/" + database, "", ""))

    def psql(self, url, query):
        done = subprocess.run(["psql", url, "-AtqX", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", query],
                              capture_output=True, text=True, timeout=60)
        check(done.returncode == 0, f"psql {query!r}: {done.stderr.strip()}")
        return [tuple(line.split("\t")) for line in done.stdout.splitlines()]

    def new_store(self, name):
        """An empty database of its own on the server, so that each check starts from nothing."""
        self.psql(self.url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self.psql(self.url, f"CREATE DATABASE {name}")
        return self.url_of(name)

    def sql(self, store, query):
        return self.psql(store, query)

    def writer_holds_lock(self, store):
        """True while a writer holds the store's advisory lock (src/store/postgresql.cpp)."""
        database = urllib.parse.urlsplit(store).path.lstrip("/")
        rows = self.psql(self.url, "SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database"
                                   f" WHERE l.locktype = 'advisory' AND l.granted AND d.datname = '{database}'")
        return int(rows[0][0]) > 0


# ---- benchbox


class Benchbox:
    def __init__(self, args):
        self.driver = args.benchbox
        self.env = dict(os.environ, BENCHBOX_LIBEXEC=args.fake_libexec,
                        BENCHBOX_LOCK_FILE=os.path.join(args.work, "run.lock"))

    def command(self, *args):
        return [self.driver, *args]

    def run(self, *args, user=None, env=None, timeout=120):
        command = self.command(*args)
        if user:  # as another user: runuser keeps the environment given here
            command = ["runuser", "-u", user, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, env=env or self.env, timeout=timeout)

    def start(self, *args):
        return subprocess.Popen(self.command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)

    def ok(self, *args):
        done = self.run(*args)
        check(done.returncode == 0, f"benchbox {' '.join(args)}: exit status {done.returncode}\n{excerpt(done.stdout + done.stderr)}")
        return done.stdout


IMPORTED = re.compile(r"^(.+): run (\d+)( \(stored before\))?$")


def imported(output):
    """{file: [(run id, stored before), ...]} from `store import`'s lines (a file given twice: twice)."""
    runs = {}
    for line in output.splitlines():
        if m := IMPORTED.match(line):
            runs.setdefault(m.group(1), []).append((int(m.group(2)), m.group(3) is not None))
    return runs


def history_count(benchbox, store):
    out = benchbox.ok("history", "--store", store)
    m = re.match(r"(\d+) run\(s\) in ", out)
    check(m, f"history: no count in its first line:\n{excerpt(out)}")
    listed = [line for line in out.splitlines()[2:] if line.strip()]
    check(len(listed) == int(m.group(1)), f"history says {m.group(1)} runs and lists {len(listed)}")
    return int(m.group(1))


def check_whole_runs(db, store):
    """Every stored run has exactly the rows it says it has; returns (started, rows) of every run."""
    runs = db.sql(store, "SELECT r.id, r.started, r.row_count, (SELECT count(*) FROM benchbox_rows w WHERE w.run_id = r.id)"
                         " FROM benchbox_runs r")
    partial = [run for run in runs if int(run[2]) != int(run[3])]
    check(not partial, "runs whose rows are not all stored (id, started, row_count, rows): " + repr(partial[:5]))
    return sorted((run[1], int(run[2])) for run in runs)


# ---- Results files


def load(path):
    with open(path) as f:
        return json.load(f)


def write(path, document):
    with open(path, "w") as f:
        json.dump(document, f)


def as_run(base, index, rows=None):
    """The base run as another run of its own: its start and its order's seed changed."""
    run = copy.deepcopy(base)
    seconds = index * 61
    run["context"]["date"] = "2027-01-%02dT%02d:%02d:%02dZ" % (1 + seconds // 86400, seconds // 3600 % 24, seconds // 60 % 60, seconds % 60)
    run["context"].setdefault("settings", {})["seed"] = index
    if rows is not None:
        run["results"] = rows
    return run


def many_rows(base, count):
    """`count` rows: the base's rows again and again, each copy at a point of its own."""
    rows = []
    while len(rows) < count:
        for row in base["results"]:
            row = copy.deepcopy(row)
            row["param"] = 1_000_000 + len(rows)
            row["param_label"] = f"{row['param']} copies"
            rows.append(row)
    return rows[:count]


# ---- Checks


def concurrent_writers(ctx):
    """4 processes import 50 runs each at once into a new store: 200 runs, none lost, none twice."""
    store = ctx.db.new_store("concurrent")
    folder = os.path.join(ctx.work, "concurrent")
    os.makedirs(folder)
    files = [[os.path.join(folder, f"w{w}-{i}.json") for i in range(RUNS_PER_WRITER)] for w in range(WRITERS)]
    expected = []  # (started, rows) of every run written, each started once
    for w in range(WRITERS):
        for i, path in enumerate(files[w]):
            run = as_run(ctx.base, w * RUNS_PER_WRITER + i, ctx.one_case)
            write(path, run)
            expected.append((run["context"]["date"], len(run["results"])))
    writers = [ctx.benchbox.start("store", "import", *files[w], "--store", store) for w in range(WRITERS)]
    for w, writer in enumerate(writers):
        out, err = writer.communicate(timeout=120)
        check(writer.returncode == 0, f"writer {w}: exit status {writer.returncode}\n{excerpt(err)}")
        runs = imported(out)
        check(sorted(runs) == sorted(files[w]), f"writer {w} stored {len(runs)} of its {RUNS_PER_WRITER} files:\n{excerpt(out)}")
        check(all(len(ids) == 1 and not ids[0][1] for ids in runs.values()),
              f"writer {w}: a new run taken as stored before:\n{excerpt(out)}")
        ctx.first_ids.update({path: ids[0][0] for path, ids in runs.items()})
    stored = check_whole_runs(ctx.db, store)
    lost = [run for run in expected if run not in stored]
    twice = [run for run in set(stored) if stored.count(run) > 1]
    check(stored == sorted(expected), f"{len(stored)} runs stored, {len(expected)} written; lost: {lost[:5]}, twice: {twice[:5]},"
                                      f" never written: {[run for run in stored if run not in expected][:5]}")
    count = history_count(ctx.benchbox, store)
    check(count == len(expected), f"history lists {count} runs, {len(expected)} stored")
    ctx.concurrent = (store, files)
    return f"{WRITERS} writers x {RUNS_PER_WRITER} runs: {count} runs, each with its {len(ctx.one_case)} rows"


def imported_twice(ctx):
    """The same files imported again (and a file twice in one command): the runs they were, nothing added."""
    store, files = ctx.concurrent
    before = history_count(ctx.benchbox, store)
    again = files[0] + [files[1][0], files[1][0]]
    runs = imported(ctx.benchbox.ok("store", "import", *again, "--store", store))
    for path in again:
        check(path in runs, f"{path}: not in import's output")
        check(all(stored_before and run == ctx.first_ids[path] for run, stored_before in runs[path]),
              f"{path}: imported again as {runs[path]}, first stored as run {ctx.first_ids[path]}")
    check_whole_runs(ctx.db, store)
    after = history_count(ctx.benchbox, store)
    check(after == before, f"importing stored files again: {before} runs before, {after} after")
    return f"{len(again)} files imported again: their {len(set(again))} runs, {after} runs in all"


def repository_files(ctx):
    """Every results file of the repository's docs and tests, twice: one run each, every schema version among them."""
    files = []
    for path in sorted(glob.glob(os.path.join(ctx.source, "docs", "**", "*.json"), recursive=True) +
                       glob.glob(os.path.join(ctx.source, "tests", "**", "*.json"), recursive=True)):
        try:
            document = load(path)
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(document, dict) and document.get("schema") == "benchbox-results":
            files.append((path, document))
    versions = {document["schema_version"] for _, document in files}
    newest = int(re.search(r"kResultsSchemaVersion = (\d+)", open(os.path.join(ctx.source, "src", "results", "results.hpp")).read()).group(1))
    check(versions == set(range(1, newest + 1)), f"results files of schema versions {sorted(versions)}; "
                                                 f"benchbox has written 1 to {newest}: a file of each belongs in tests/store")
    store = ctx.db.new_store("repository")
    paths = [path for path, _ in files]
    first = imported(ctx.benchbox.ok("store", "import", *paths, "--store", store))
    second = imported(ctx.benchbox.ok("store", "import", *paths, "--store", store))
    for path in paths:
        check(len(first.get(path, [])) == 1 and not first[path][0][1], f"{path}: first import {first.get(path)}")
        check(second.get(path) == [(first[path][0][0], True)], f"{path}: second import {second.get(path)}, first {first[path]}")
    stored = check_whole_runs(ctx.db, store)
    check(len(stored) == len(paths), f"{len(paths)} files, {len(stored)} runs stored")
    rows = sorted(len(document["results"]) for _, document in files)
    check(sorted(r for _, r in stored) == rows, f"rows per run {sorted(r for _, r in stored)}, rows per file {rows}")
    return f"{len(paths)} files of schema versions {sorted(versions)}, imported twice: {len(stored)} runs"


def killed_writers(ctx):
    """Writers killed (SIGKILL) while they store a run of thousands of rows: each run whole or absent, the store usable."""
    store = ctx.db.new_store("killed")
    folder = os.path.join(ctx.work, "killed")
    os.makedirs(folder)
    rows = many_rows(ctx.base, KILLED_ROWS)
    complete = os.path.join(folder, "complete.json")
    write(complete, as_run(ctx.base, 0, rows))
    began = time.monotonic()
    ctx.benchbox.ok("store", "import", complete, "--store", store)
    whole = time.monotonic() - began
    rng = random.Random(ctx.seed)
    killed_inside = 0
    for attempt in range(1, KILLS + 1):
        path = os.path.join(folder, f"killed-{attempt}.json")
        write(path, as_run(ctx.base, attempt, rows))
        writer = ctx.benchbox.start("store", "import", path, "--store", store)
        # Killed once it holds the store's write lock, a random while later: inside its transaction.
        deadline = time.monotonic() + 60
        while writer.poll() is None and not ctx.db.writer_holds_lock(store) and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.05))
        finished = writer.poll() is not None
        writer.send_signal(signal.SIGKILL)
        out, err = writer.communicate(timeout=60)
        check(writer.returncode == (0 if finished else -signal.SIGKILL), f"writer {attempt}: exit status {writer.returncode}\n{excerpt(err)}")
        stored = check_whole_runs(ctx.db, store)
        if not finished and as_run(ctx.base, attempt)["context"]["date"] not in [started for started, _ in stored]:
            killed_inside += 1
    check(killed_inside > 0, f"no writer of {KILLS} was killed before it committed (an import takes {whole:.2f} s here)")
    count = history_count(ctx.benchbox, store)
    after = os.path.join(folder, "after.json")
    write(after, as_run(ctx.base, KILLS + 1))
    runs = imported(ctx.benchbox.ok("store", "import", after, "--store", store))
    check(runs.get(after, [(0, True)])[0][1] is False, f"the store took no new run after the kills: {runs}")
    check_whole_runs(ctx.db, store)
    check(history_count(ctx.benchbox, store) == count + 1, "history does not list the run stored after the kills")
    return (f"{KILLS} writers of {len(rows)} rows killed (seed {ctx.seed}), {killed_inside} inside their transaction:"
            f" no partial run, a new run stored after (a whole import: {whole:.2f} s)")


def one_line_refusal(ctx, args, message, user=None, env=None):
    """benchbox ARGS fails with exit status 2 and one line on standard error matching `message`."""
    done = ctx.benchbox.run(*args, user=user, env=env)
    lines = done.stderr.splitlines()
    # One line to read: no tab or other control character from a library's message inside it.
    check(done.returncode == 2 and len(lines) == 1 and lines[0].startswith("benchbox: error: ") and re.search(message, lines[0])
          and not re.search(r"[\x00-\x1f]", lines[0]),
          f"benchbox {' '.join(args)}: expected exit status 2 and one line matching {message!r}, got {done.returncode}:\n"
          f"{excerpt(done.stderr)}")
    return lines[0]


def measured_run_keeps_results(ctx, store, name, message, user=None, env=None, folder=None):
    """A measured run with a store it cannot use: exit status 2, its --json file written, and one error
    line saying where its results are."""
    results = os.path.join(folder or ctx.bad, name + ".json")
    args = ["fake", "-n", "pass", "0", "--lib", "steady", "--reps", "1", "--ops", "1000", "--store", store, "--json", results]
    done = ctx.benchbox.run(*args, user=user, env=env)
    errors = [line for line in done.stderr.splitlines() if line.startswith("benchbox: error: ")]
    check(done.returncode == 2 and len(errors) == 1 and re.search(message, errors[0]) and not re.search(r"[\x00-\x1f]", errors[0])
          and errors[0].endswith("the results are in " + results),
          f"benchbox {' '.join(args)}: expected exit status 2 and one error line matching {message!r} ending"
          f" 'the results are in {results}', got {done.returncode}:\n{excerpt(done.stderr)}")
    check(os.path.isfile(results), f"benchbox {' '.join(args)}: no --json file {results}")
    document = load(results)
    check(len(document["results"]) == 1 and document["results"][0]["status"] == "ok", f"{results}: not the run's row: {document}")


def refused_everywhere(ctx, store, name, message, user=None, env=None, folder=None, history=None):
    """store import and a measured run, each refused in one line matching `message`; history too,
    with a line matching `history` when given, or it reads the store when `history` is "reads"
    (history only reads). Returns import's line."""
    if history == "reads":
        done = ctx.benchbox.run("history", "--store", store, user=user, env=env)
        check(done.returncode == 0 and done.stdout.startswith("1 run(s) in "),
              f"history of {store}, which it may read: exit status {done.returncode}\n{excerpt(done.stdout + done.stderr)}")
    else:
        one_line_refusal(ctx, ["history", "--store", store], history or message, user, env)
    line = one_line_refusal(ctx, ["store", "import", ctx.small_other, "--store", store], message, user, env)
    measured_run_keeps_results(ctx, store, name, message, user, env, folder)
    return line


def newer_schema(ctx):
    """A store of a schema version newer than this benchbox's: refused, in one line, and left as it was."""
    store = ctx.db.new_store("newer")
    ctx.benchbox.ok("store", "import", ctx.small, "--store", store)
    version = int(ctx.db.sql(store, "SELECT value FROM benchbox_meta WHERE name = 'schema_version'")[0][0])
    ctx.db.sql(store, f"UPDATE benchbox_meta SET value = '{version + 1}' WHERE name = 'schema_version'")
    line = refused_everywhere(ctx, store, "newer", f"schema version {version + 1}\\b.*\\b{version}\\b.*use a newer benchbox")
    runs = ctx.db.sql(store, "SELECT count(*) FROM benchbox_runs")[0][0]
    check(runs == "1", f"the newer store holds {runs} runs, 1 before")
    return line


def sqlite_bad_stores(ctx):
    """A folder, a file that is not a database, a database damaged inside, read-only files, a missing file."""
    lines = []
    folder = os.path.join(ctx.bad, "folder.sqlite")
    os.makedirs(folder)
    lines.append(refused_everywhere(ctx, folder, "folder", "is a directory"))

    text = os.path.join(ctx.bad, "text.sqlite")
    with open(text, "w") as f:
        f.write("not a database, but a note someone saved here\n" * 100)
    lines.append(refused_everywhere(ctx, text, "text", "file is not a database"))

    # A store whose pages after the first are overwritten: its header still says SQLite.
    damaged = os.path.join(ctx.bad, "damaged.sqlite")
    ctx.benchbox.ok("store", "import", ctx.small, "--store", damaged)
    with open(damaged, "r+b") as f:
        f.seek(4096)
        f.write(b"\xa5" * (os.path.getsize(damaged) - 4096))
    lines.append(refused_everywhere(ctx, damaged, "damaged", "malformed"))

    # Read-only: root writes whatever the permissions say, so as root the commands run as `nobody`.
    user = "nobody" if os.geteuid() == 0 else None
    if user:
        reach = subprocess.run(["runuser", "-u", user, "--", "test", "-x", ctx.bad, "-a", "-x", ctx.benchbox.driver])
        check(reach.returncode == 0, f"{user} cannot enter {ctx.bad} or run {ctx.benchbox.driver}: build in a folder other users may enter")
    mine = os.path.join(ctx.bad, "mine")  # the user's own folder: a run's --json file and its lock
    os.makedirs(mine)
    if user:
        shutil.chown(mine, user)
    env = dict(ctx.benchbox.env, BENCHBOX_LOCK_FILE=os.path.join(mine, "run.lock"))
    # A file the user may not write, in a folder it may not write (another user's store: SQLite
    # cannot make its shared-memory file there), and in its own folder.
    for name, folder in ("readonly_folder", os.path.join(ctx.bad, "locked")), ("readonly_file", mine):
        os.makedirs(folder, exist_ok=True)
        readonly = os.path.join(folder, name + ".sqlite")
        ctx.benchbox.ok("store", "import", ctx.small, "--store", readonly)
        os.chmod(readonly, 0o444)
        if folder != mine:
            os.chmod(folder, 0o555)
        lines.append(refused_everywhere(ctx, readonly, name, "is read-only", user, env, mine, history="reads"))
        check(ctx.db.sql(readonly, "SELECT count(*) FROM benchbox_runs")[0][0] == "1", f"the read-only store {readonly} was written")

    # history of a store that is not there: said, and nothing created (a run creates it).
    missing = os.path.join(ctx.bad, "missing", "results.sqlite")
    lines.append(one_line_refusal(ctx, ["history", "--store", missing], "no store at"))
    check(not os.path.exists(os.path.dirname(missing)), f"history created {os.path.dirname(missing)}")
    return "\n    ".join(lines)


def postgresql_bad_stores(ctx):
    """A server that does not answer, a database that does not exist, a role that may only read."""
    lines = []
    closed = ctx.db.url_of("benchbox").replace(f":{ctx.db.server.port}/", f":{free_port()}/")
    lines.append(refused_everywhere(ctx, closed, "closed", "cannot connect to the store .*Connection refused"))
    lines.append(refused_everywhere(ctx, ctx.db.url_of("nosuchdatabase"), "nosuchdatabase", "nosuchdatabase\" does not exist"))

    # A role that may not create tables (it does not own the database: docs/store.md): the
    # server's sentence, without the statement it refused.
    ctx.db.sql(ctx.db.url, "DROP ROLE IF EXISTS benchbox_guest")
    ctx.db.sql(ctx.db.url, "CREATE ROLE benchbox_guest LOGIN PASSWORD 'guest'")
    ctx.db.new_store("notowned")
    lines.append(refused_everywhere(ctx, ctx.db.url_of("notowned", "benchbox_guest", "guest"), "notowned",
                                    "notowned: permission denied for schema public(;|$)", history="holds no benchbox store"))

    # A store the role may read and not write: opened, then refused when the run is added. Its
    # password in the URL, which no message may repeat.
    store = ctx.db.new_store("readonly")
    ctx.benchbox.ok("store", "import", ctx.small, "--store", store)
    password = "reader-%08x" % random.Random(ctx.seed).getrandbits(32)
    ctx.db.sql(store, "DROP ROLE IF EXISTS benchbox_reader")
    ctx.db.sql(store, f"CREATE ROLE benchbox_reader LOGIN PASSWORD '{password}'")
    ctx.db.sql(store, "GRANT SELECT ON ALL TABLES IN SCHEMA public TO benchbox_reader")
    reader = ctx.db.url_of("readonly", "benchbox_reader", password)
    check(ctx.benchbox.ok("history", "--store", reader).startswith("1 run(s) in "), "the reader cannot read the store")
    refusal = one_line_refusal(ctx, ["store", "import", ctx.small_other, "--store", reader], "permission denied")
    check(password not in refusal, f"the message shows the password: {refusal}")
    lines.append(refusal)
    measured_run_keeps_results(ctx, reader, "readonly", "permission denied")
    check(ctx.db.sql(store, "SELECT count(*) FROM benchbox_runs")[0][0] == "1", "the read-only store was written")
    return "\n    ".join(lines)


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- Main


class Context:
    pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], required=True)
    parser.add_argument("--benchbox", required=True, help="benchbox_test_driver")
    parser.add_argument("--fake-libexec", required=True, help="the fake module's libexec folder")
    parser.add_argument("--source", required=True, help="benchbox's source folder")
    parser.add_argument("--work", required=True, help="a folder of the suite's own, emptied first")
    parser.add_argument("--seed", type=int, default=None, help="of the kills' delays (default: from the clock)")
    parser.add_argument("--only", default="", help="run only the checks whose names contain this")
    args = parser.parse_args()

    ctx = Context()
    ctx.work = os.path.realpath(args.work)
    shutil.rmtree(ctx.work, ignore_errors=True)
    os.makedirs(ctx.work)
    os.chmod(ctx.work, 0o755)  # `nobody` runs some commands in it
    ctx.source = args.source
    ctx.seed = args.seed if args.seed is not None else int(time.time())
    print(f"seed {ctx.seed} (--seed repeats the kills' delays)")
    ctx.benchbox = Benchbox(args)
    ctx.first_ids = {}
    if args.database == "sqlite":
        ctx.db = Sqlite(ctx.work)
    else:
        url = os.environ.get("BENCHBOX_TEST_POSTGRESQL")
        if not url:
            print("error: BENCHBOX_TEST_POSTGRESQL is not set (tests/store/postgresql_server.sh sets it)", file=sys.stderr)
            return 1
        ctx.db = Postgresql(url)
    # The runs the checks write: a full coroutine run of benchbox 0.1 (schema 1); the concurrent
    # writers store the rows of its first case (`benchbox coroutine -n switch`), small ones a few.
    ctx.base = load(os.path.join(args.source, "docs", "img", "example-results.json"))
    ctx.one_case = [row for row in ctx.base["results"] if row["case"] == ctx.base["results"][0]["case"]]
    ctx.bad = os.path.join(ctx.work, "bad")
    os.makedirs(ctx.bad)
    os.chmod(ctx.bad, 0o755)
    ctx.small = os.path.join(ctx.work, "small.json")
    ctx.small_other = os.path.join(ctx.work, "small-other.json")
    write(ctx.small, as_run(ctx.base, 9000, ctx.base["results"][:3]))
    write(ctx.small_other, as_run(ctx.base, 9001, ctx.base["results"][:3]))

    checks = [concurrent_writers, imported_twice, repository_files, killed_writers, newer_schema,
              sqlite_bad_stores if args.database == "sqlite" else postgresql_bad_stores]
    started = time.monotonic()
    for check_function in checks:
        if args.only and args.only not in check_function.__name__:
            continue
        if check_function is imported_twice and not hasattr(ctx, "concurrent"):
            continue
        begun = time.monotonic()
        try:
            said = check_function(ctx)
        except (Failure, subprocess.TimeoutExpired) as e:
            print(f"FAILED {args.database}: {check_function.__name__}: {check_function.__doc__.splitlines()[0]}\n  {e}",
                  file=sys.stderr)
            return 1
        print(f"ok {args.database}: {check_function.__name__} ({time.monotonic() - begun:.1f} s): {said}", flush=True)
    print(f"all checks passed against {args.database} in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
