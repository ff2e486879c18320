#!/usr/bin/env python3
"""The fleet run end to end (docs/fleet.md; ctest -L fleet), run under postgresql_server.sh.

Two hosts with host names of their own, fleet-a and fleet-b: systemd-nspawn containers, each an
overlay of its own on one cached Debian 12 root (host_image.sh), each running its own SSH server
(the containers share this machine's network: each server listens on a port of its own of
127.0.0.1, where the test's PostgreSQL listens too, and apt reaches the Debian mirror). Then
deploy/ansible/fleet.yml against them, four times:

  1. both hosts, all at once: benchbox packaged on the controller, installed on each, a short
     coroutine run each into the store, the results files fetched;
  2. again, one host at a time (the inventory's benchbox_serial): each host adds a run, and
     nothing is installed again;
  3. fleet-a stopped (unreachable), one at a time, fleet-a first: fleet-b still runs, the
     playbook fails and names fleet-a;
  4. fleet-a back, fleet-b given a run that fails: fleet-a's run and fleet-b's good one stored.

After each, the store's runs per machine, `benchbox merge --latest` with both machines' columns,
the fetched files; then `benchbox site` from the store names both machines; at the end no file on
the controller or the hosts holds the store's password.
Exit status 0, 1 on a failed check, 77 (skipped, with the reason) without root or a tool.
"""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

HOSTS = ("fleet-a", "fleet-b")
RUN = "coroutine -n switch 2 --lib floor,ucontext --budget 1"
FAILING_RUN = "coroutine -n no-such-case"


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(77)


def fail(why):
    print(f"FAIL: {why}")
    sys.exit(1)


def check(condition, why):
    if not condition:
        fail(why)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """A container of its own root (an overlay on the image) and host name, running sshd."""

    def __init__(self, name, image, work, public_key):
        self.name, self.image, self.folder = name, image, work / name
        self.upper = self.folder / "upper"
        self.port = free_port()
        self.process = None
        shutil.rmtree(self.folder, ignore_errors=True)
        (self.upper / "root/.ssh").mkdir(parents=True, mode=0o700)
        (self.upper / "root/.ssh/authorized_keys").write_text(public_key)
        (self.upper / "etc").mkdir()
        (self.upper / "etc/hostname").write_text(name + "\n")

    def start(self):
        sshd = (f"ssh-keygen -A -q && mkdir -p /run/sshd && exec /usr/sbin/sshd -D -e -p {self.port}"
                " -o ListenAddress=127.0.0.1 -o PermitRootLogin=prohibit-password")
        log = open(self.folder / "container.log", "a")
        self.process = subprocess.Popen(
            ["systemd-nspawn", "--quiet", "--register=no", "--keep-unit", f"--machine={self.name}",
             f"--hostname={self.name}", "-D", str(self.image), f"--overlay={self.image}:{self.upper}:/",
             "--as-pid2", "/bin/sh", "-c", sshd], stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            check(self.process.poll() is None, f"{self.name}'s container ended: {(self.folder / 'container.log').read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)
        fail(f"{self.name}'s SSH server did not answer on port {self.port} within 60 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class Fleet:
    """The controller's side: the inventory, the playbook's runs, and what they left."""

    def __init__(self, args, url, password):
        self.work, self.source, self.build = args.work, args.source, args.build
        self.benchbox, self.url, self.password = args.benchbox, url, password
        self.key = self.work / "controller/id_ed25519"
        self.key.parent.mkdir(parents=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(self.key)], check=True)
        self.results = self.work / "controller/results"
        self.playbooks = 0

    def inventory(self, hosts, serial=0, runs=None):
        """An inventory of the hosts (in this order); `runs` gives a host runs of its own."""
        members = {h.name: {"ansible_host": "127.0.0.1", "ansible_port": h.port,
                            **({"benchbox_runs": runs[h.name]} if runs and h.name in runs else {})} for h in hosts}
        ssh = f"-o UserKnownHostsFile={self.work}/controller/known_hosts -o StrictHostKeyChecking=accept-new"
        inventory = {"all": {
            "vars": {"benchbox_build_dir": str(self.build), "benchbox_results_dir": str(self.results),
                     "benchbox_serial": serial},
            "children": {"benchbox": {"hosts": members, "vars": {
                "ansible_user": "root", "ansible_ssh_private_key_file": str(self.key), "ansible_ssh_common_args": ssh,
                "benchbox_store_url": self.url, "benchbox_runs": [RUN], "benchbox_connect_timeout": 10}}}}}
        path = self.work / "controller/inventory.yml"
        path.write_text(json.dumps(inventory, indent=2))  # JSON is YAML
        return path

    def playbook(self, inventory):
        """ansible-playbook fleet.yml, its JSON report kept; returns (exit status, report)."""
        self.playbooks += 1
        home = self.work / "controller/ansible"
        env = dict(os.environ, PGPASSWORD=self.password, ANSIBLE_CONFIG=str(self.source / "deploy/ansible/ansible.cfg"),
                   ANSIBLE_HOME=str(home), ANSIBLE_LOCAL_TEMP=str(home / "tmp"), ANSIBLE_STDOUT_CALLBACK="json",
                   ANSIBLE_ROLES_PATH=str(self.source / "deploy/ansible/roles"))
        env.pop("PGPASSFILE", None)
        start = time.monotonic()
        done = subprocess.run(["ansible-playbook", "-i", str(inventory), str(self.source / "deploy/ansible/fleet.yml")],
                              capture_output=True, text=True, env=env, timeout=1800)
        log = self.work / f"controller/playbook-{self.playbooks}"
        log.with_suffix(".json").write_text(done.stdout)
        log.with_suffix(".stderr").write_text(done.stderr)
        print(f"playbook run {self.playbooks}: exit status {done.returncode} in {time.monotonic() - start:.0f} s")
        try:
            return done.returncode, json.loads(done.stdout)
        except json.JSONDecodeError:
            fail(f"playbook run {self.playbooks} wrote no JSON report: {done.stdout[-2000:]}{done.stderr[-2000:]}")

    def psql(self, query):
        done = subprocess.run(["psql", self.url, "-AtqX", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", query],
                              capture_output=True, text=True, timeout=60)
        check(done.returncode == 0, f"psql {query!r}: {done.stderr.strip()}")
        return [tuple(line.split("\t")) for line in done.stdout.splitlines()]

    def stored(self):
        """The store's runs per machine name, and its complete runs (every row there) per name."""
        runs = dict(self.psql("SELECT machine_name, count(*) FROM benchbox_runs GROUP BY machine_name"))
        whole = dict(self.psql("SELECT r.machine_name, count(*) FROM benchbox_runs r WHERE r.row_count > 0 AND r.row_count = "
                               "(SELECT count(*) FROM benchbox_rows w WHERE w.run_id = r.id) GROUP BY r.machine_name"))
        return {k: int(v) for k, v in runs.items()}, {k: int(v) for k, v in whole.items()}

    def merge_latest(self):
        done = subprocess.run([str(self.benchbox), "merge", "--latest", "coroutine", "--store", self.url],
                              capture_output=True, text=True, timeout=120, cwd=self.work)
        check(done.returncode == 0, f"benchbox merge --latest coroutine: {done.stderr.strip()}")
        return done.stdout

    def fetched(self, host):
        """The results files fetched from a host: the machine name each holds."""
        return [json.loads(f.read_text())["context"]["machine"]["name"] for f in sorted((self.results / host).glob("*.json"))]


def task_results(report, task_name):
    """Each host's result of the task of this name, over every play and batch of the report."""
    found = {}
    for play in report["plays"]:
        for task in play["tasks"]:
            if task["task"]["name"] in (task_name, "benchbox : " + task_name):  # the role's tasks carry its name
                found.update(task["hosts"])
    return found


def failures_reported(report):
    """The summary play's lines (`HOST: why`), one per host that failed."""
    said = task_results(report, "Say what failed on which host").get("localhost", {})
    return [r["msg"] for r in said.get("results", []) if "msg" in r]


def check_store(fleet, expected, why):
    runs, whole = fleet.stored()
    check(runs == expected, f"{why}: the store holds runs per machine {runs}, expected {expected}")
    check(whole == expected, f"{why}: runs with every row stored per machine {whole}, expected {expected}")
    merged = fleet.merge_latest()
    headers = [line.split() for line in merged.splitlines() if line.startswith("library ")]
    check(headers and all(sorted(h[1:]) == list(HOSTS) for h in headers),
          f"{why}: merge --latest's tables have not a column for each machine:\n{merged}")


def check_installs(report, changed, why):
    installs = task_results(report, "Install the package and what it depends on")
    for host in HOSTS:
        check(host in installs, f"{why}: no install step ran on {host}")
        check(installs[host].get("changed") == changed,
              f"{why}: the package's install on {host} changed={installs[host].get('changed')}, expected {changed}")


def first_runs(fleet, hosts):
    rc, report = fleet.playbook(fleet.inventory(hosts))
    check(rc == 0, f"the first fleet run failed (exit status {rc}): {failures_reported(report)}")
    check_store(fleet, {"fleet-a": 1, "fleet-b": 1}, "after the first fleet run")
    check_installs(report, True, "the first fleet run")
    for host in hosts:
        check(fleet.fetched(host.name) == [host.name], f"{host.name}'s fetched results files: {fleet.fetched(host.name)}")
        check((host.upper / "usr/bin/benchbox").exists(), f"benchbox is not installed in {host.name}'s own root")
    check(not (hosts[0].image / "usr/bin/benchbox").exists(), "the package was installed into the shared image")

    rc, report = fleet.playbook(fleet.inventory(hosts, serial=1))
    check(rc == 0, f"the second fleet run failed (exit status {rc}): {failures_reported(report)}")
    check_store(fleet, {"fleet-a": 2, "fleet-b": 2}, "after the second fleet run")
    check_installs(report, False, "the second fleet run (same package)")
    batches = [p for p in report["plays"] if p["play"]["name"].startswith("Install benchbox and run")]
    check(len(batches) == 2, f"benchbox_serial: 1 ran the hosts in {len(batches)} batches, not one at a time")


def failing_runs(fleet, hosts):
    hosts[0].stop()
    rc, report = fleet.playbook(fleet.inventory(hosts, serial=1))
    check(rc != 0, "the fleet run with fleet-a stopped succeeded")
    check_store(fleet, {"fleet-a": 2, "fleet-b": 3}, "with fleet-a unreachable (the first of two one-at-a-time batches)")
    said = failures_reported(report)
    check(len(said) == 1 and said[0].startswith("fleet-a: "), f"the report of the failed hosts: {said}")
    check(len(fleet.fetched("fleet-b")) == 3, f"fleet-b's fetched files: {fleet.fetched('fleet-b')}")

    hosts[0].start()
    rc, report = fleet.playbook(fleet.inventory(hosts, runs={"fleet-b": [RUN, FAILING_RUN]}))
    check(rc != 0, "the fleet run with a failing run on fleet-b succeeded")
    check_store(fleet, {"fleet-a": 3, "fleet-b": 4}, "with a failing run on fleet-b")
    said = failures_reported(report)
    check(len(said) == 1 and said[0].startswith("fleet-b: ") and "1 of 2 runs failed" in said[0],
          f"the report of the failed hosts: {said}")
    check(len(fleet.fetched("fleet-a")) == 3, f"fleet-a's fetched files: {fleet.fetched('fleet-a')}")


def check_site(fleet):
    """`benchbox site` from the store: both machines on its index and on the case's page (the pages
    in Chromium are report.site_in_browser's)."""
    site = fleet.work / "controller/site"
    done = subprocess.run([str(fleet.benchbox), "site", "-o", str(site), "--store", fleet.url],
                          capture_output=True, text=True, timeout=120, cwd=fleet.work)
    check(done.returncode == 0, f"benchbox site: {done.stderr.strip()}")
    pages = [site / "index.html"] + sorted((site / "coroutine").glob("coroutine-switch-*.html"))
    check(len(pages) > 1, f"benchbox site made no page of coroutine switch: {sorted(site.rglob('*.html'))}")
    for page in pages:
        text = page.read_text()
        check(all(host in text for host in HOSTS), f"{page} does not name both machines")
    print(f"benchbox site: {len(pages)} pages checked name both machines")


def check_no_password(fleet, hosts):
    """Neither a file the fleet runs wrote (controller, hosts) nor the store holds the password."""
    secret = fleet.password.encode()
    places = [fleet.work / "controller"] + [h.upper for h in hosts]
    for place in places:
        for path in place.rglob("*"):
            if path.is_file() and not path.is_symlink() and secret in path.read_bytes():
                fail(f"the store's password is in {path}")
    for table in ("benchbox_runs", "benchbox_rows"):
        held = fleet.psql(f"SELECT count(*) FROM {table} t WHERE t::text LIKE '%{fleet.password}%'")
        check(held == [("0",)], f"the store's password is in {held[0][0]} rows of {table}")
    print(f"no file of {len(places)} places ({', '.join(str(p) for p in places)}) and no stored row holds the password")


def requirements(args):
    if os.geteuid() != 0:
        skip("the hosts are containers (systemd-nspawn) and debootstrap makes their root: both need root")
    for tool, package in (("ansible-playbook", "ansible"), ("systemd-nspawn", "systemd-container"),
                          ("debootstrap", "debootstrap"), ("ssh", "openssh-client"), ("psql", "postgresql-client"),
                          ("cpack", "cmake")):
        if not shutil.which(tool):
            skip(f"{tool} is not installed (apt-get install {package}, or scripts/setup.sh --tests)")
    if not (args.build / "libexec/benchbox/coroutine").is_dir():
        skip("the coroutine module, whose runs the hosts make, is not built here")
    if "BENCHBOX_TEST_POSTGRESQL" not in os.environ:
        fail("BENCHBOX_TEST_POSTGRESQL is not set: run this under tests/store/postgresql_server.sh")


def store_password():
    """The test server's password, from the passfile postgresql_server.sh wrote (HOST:PORT:DB:ROLE:PASSWORD)."""
    line = Path(os.environ["PGPASSFILE"]).read_text().splitlines()[0]
    return line.split(":", 4)[4]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--build", type=Path, required=True, help="the build folder fleet.yml packages")
    parser.add_argument("--benchbox", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--image-cache", type=Path, required=True)
    args = parser.parse_args()
    args.work, args.build, args.benchbox = args.work.resolve(), args.build.resolve(), args.benchbox.resolve()
    requirements(args)
    shutil.rmtree(args.work, ignore_errors=True)
    args.work.mkdir(parents=True)

    start = time.monotonic()
    made = subprocess.run([str(args.source / "tests/fleet/host_image.sh"), str(args.image_cache)], capture_output=True, text=True)
    check(made.returncode == 0, f"the hosts' Debian 12 image: {made.stderr.strip()}")
    image = Path(made.stdout.strip())
    print(f"image {image}: {time.monotonic() - start:.0f} s")

    fleet = Fleet(args, os.environ["BENCHBOX_TEST_POSTGRESQL"], store_password())
    hosts = [Host(name, image, args.work / "hosts", fleet.key.with_suffix(".pub").read_text()) for name in HOSTS]
    try:
        for host in hosts:
            host.start()
        first_runs(fleet, hosts)
        failing_runs(fleet, hosts)
        check_site(fleet)
    finally:
        for host in hosts:
            host.stop()
    check_no_password(fleet, hosts)
    for host in hosts:  # a host's own root holds the packages apt installed: hundreds of MB
        shutil.rmtree(host.folder)
    print(f"fleet: every check passed in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
