// golang: goroutines and channels, standard library only, one P (GOMAXPROCS=1) like every
// other row. Speaks the benchbox protocol (docs/protocol.md) itself: same cases, same counts and
// checksums as include/benchbox/adapter.hpp and modules/coroutine/common/coroutine_adapter.hpp;
// what describe says that is not code (style, notes, traits) is library.json's, embedded.
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

const protocol = 3

type trial struct {
	ops        uint64
	begin, end time.Time
	starts     int
	stops      int
	done, sum  uint64
	counts     map[string]uint64
	figures    map[string]float64
}

func (t *trial) start() { t.starts++; t.begin = time.Now() }
func (t *trial) stop()  { t.end = time.Now(); t.stops++ }

// switchTally: the first entry of each goroutine is a priming round (untimed, uncounted); the
// goroutine that completes it starts the clock; the entry that makes the last switch stops it.
// Unlike the C/C++ rows (SwitchTally in common/coroutine_adapter.hpp: a plain timed loop, the
// proof around it), Go's timed loop books every entry: its scheduler does not take turns strictly
// (with GOMAXPROCS=1 every 61st schedule takes the global queue first, so a Gosched can come back
// to the goroutine that called it, which is no switch, and gccgo's first rounds in a process are
// out of order), so only a count of real entries can say how many switches were made (traits
// round_robin: scheduler's own; self_returns: not counted). docs/method.md gives what it costs.
type switchTally struct {
	t        *trial
	entries  []uint64
	done     uint64
	primed   int
	last     int
	counting bool
}

func (s *switchTally) enter(i int) bool {
	if s.done == s.t.ops {
		return false
	}
	if !s.counting {
		s.primed++
		if s.primed == len(s.entries) {
			s.counting = true
			s.last = i
			s.t.start()
		}
		return true
	}
	if i == s.last { // a Gosched that came back to the same goroutine is no switch
		return true
	}
	s.last = i
	s.entries[i]++
	s.done++
	if s.done == s.t.ops {
		s.t.stop()
		return false
	}
	return true
}

func runSwitch(t *trial, n int) {
	s := &switchTally{t: t, entries: make([]uint64, n), last: -1}
	var wg sync.WaitGroup
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func(i int) {
			defer wg.Done()
			for s.enter(i) {
				runtime.Gosched()
			}
		}(i)
	}
	wg.Wait()
	var squares uint64
	for _, e := range s.entries {
		squares += e * e
	}
	t.done, t.sum = s.done, squares
}

func runChannel(t *trial, buffer int) {
	ch := make(chan uint64, buffer)
	finished := make(chan struct{})
	go func() { // consumer
		var k, sum uint64
		for k < t.ops {
			v := <-ch
			k++
			sum += k * v
		}
		t.stop()
		t.done, t.sum = k, sum
		close(finished)
	}()
	go func() { // producer
		t.start()
		for v := uint64(1); v <= t.ops; v++ {
			ch <- v
		}
	}()
	<-finished
}

// runCreate: k goroutines started at a time, each run to its end through the scheduler (the
// creator waits for them), ops/k times. Each goroutine counts its entry, adds its id (1..ops) to
// the checksum and counts its completion as its last action.
func runCreate(t *trial, k int) {
	batches := t.ops / uint64(k)
	var entries, completions, sum, id uint64
	var wg sync.WaitGroup
	t.start()
	for b := uint64(0); b < batches; b++ {
		wg.Add(k)
		for j := 0; j < k; j++ {
			id++
			go func(my uint64) {
				entries++
				sum += my
				completions++
				wg.Done()
			}(id)
		}
		wg.Wait()
	}
	t.stop()
	t.done, t.sum = completions, sum
	t.counts = map[string]uint64{"entries": entries}
}

// statm: the process's reserved (virtual) and resident bytes, from /proc/self/statm.
func statm() (reserved, resident uint64) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, 0
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, 0
	}
	size, _ := strconv.ParseUint(string(f[0]), 10, 64)
	rss, _ := strconv.ParseUint(string(f[1]), 10, 64)
	page := uint64(os.Getpagesize())
	return size * page, rss * page
}

// runMemory: n goroutines started; each records its entry and blocks on a channel receive until
// the process's memory has been read, then completes.
func runMemory(t *trial, n int) {
	var entries, completions, sum uint64
	release := make(chan struct{})
	var arrived, finished sync.WaitGroup
	arrived.Add(n)
	finished.Add(n)
	reservedBefore, residentBefore := statm()
	t.start()
	for i := 0; i < n; i++ {
		go func(i uint64) {
			entries++
			sum += i + 1
			arrived.Done()
			<-release
			completions++
			finished.Done()
		}(uint64(i))
	}
	arrived.Wait()
	t.stop()
	reservedAfter, residentAfter := statm()
	alive := entries
	close(release)
	finished.Wait()
	per := func(a, b uint64) float64 {
		if a <= b {
			return 0
		}
		return float64(a-b) / float64(n)
	}
	t.figures = map[string]float64{"bytes_per_coroutine": per(residentAfter, residentBefore),
		"reserved_bytes_per_coroutine": per(reservedAfter, reservedBefore)}
	t.counts = map[string]uint64{"completed": completions}
	t.done, t.sum = alive, sum
}

// peakResidentBytes is this process's VmHWM: the driver's rusage of a child also counts pages
// inherited from the driver before exec, so the adapter reports its own peak.
func peakResidentBytes() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		var kib uint64
		if n, _ := fmt.Sscanf(string(line), "VmHWM: %d kB", &kib); n == 1 {
			return kib * 1024
		}
	}
	return 0
}

func emit(v map[string]interface{}) {
	v["protocol"] = protocol
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}

func fail(msg string) {
	emit(map[string]interface{}{"error": msg})
	os.Exit(2)
}

func implementation() string {
	if runtime.Compiler == "gccgo" {
		return "gccgo"
	}
	return "golang"
}

// compilerVersion is set by a file the gccgo build adds, because gccgo's runtime.Version() is "unknown".
var compilerVersion string

func version() string {
	if compilerVersion != "" {
		return compilerVersion
	}
	return runtime.Version()
}

// The program's facts, golang/library.json, embedded when it is built: by go build here, and by
// gccgo (../gccgo) with an embed configuration naming the same file.
//
//go:embed library.json
var libraryJSON []byte

const libraryJSONPath = "modules/coroutine/golang/library.json"

// facts reads library.json the way include/benchbox/library_facts.hpp does for the C/C++
// adapters: typed accessors, then done(), which fails (the protocol's error line, exit status 2)
// on a key missing or of the wrong type, or on a key nobody read (a typo). "comment" and "about" are prose;
// the keys the build reads (buildKeys) are not the adapter's.
type facts struct {
	where    string
	object   map[string]interface{}
	read     map[string]bool
	problems []string
}

func parseFacts() *facts {
	var object map[string]interface{}
	decoder := json.NewDecoder(bytes.NewReader(libraryJSON))
	decoder.UseNumber()
	if err := decoder.Decode(&object); err != nil || object == nil {
		failFacts(libraryJSONPath, "is not a JSON object")
	}
	return &facts{where: libraryJSONPath, object: object, read: map[string]bool{}}
}

func (f *facts) has(key string) bool { _, ok := f.object[key]; return ok }

func (f *facts) value(key, what string) (interface{}, bool) {
	v, ok := f.object[key]
	if !ok {
		f.problems = append(f.problems, "lacks \""+key+"\" ("+what+")")
		return nil, false
	}
	f.read[key] = true
	return v, true
}

func (f *facts) wrong(key, what string) {
	f.problems = append(f.problems, "\""+key+"\" must be "+what)
}

func (f *facts) text(key string) string {
	v, ok := f.value(key, "a string")
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		f.wrong(key, "a string")
	}
	return s
}

func (f *facts) integer(key string) int64 {
	v, ok := f.value(key, "a whole number")
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
	if _, isNumber := v.(json.Number); !isNumber || err != nil {
		f.wrong(key, "a whole number")
	}
	return n
}

// objects: an array of objects (absent: none), each facts of its own (each needs its done()).
func (f *facts) objects(key string) []*facts {
	if !f.has(key) {
		return nil
	}
	v, _ := f.value(key, "an array of objects")
	array, ok := v.([]interface{})
	if !ok {
		f.wrong(key, "an array of objects")
		return nil
	}
	out := []*facts{}
	for i, element := range array {
		where := f.where + ": " + key + "[" + strconv.Itoa(i) + "]"
		object, ok := element.(map[string]interface{})
		if !ok {
			failFacts(where, "is not a JSON object")
		}
		out = append(out, &facts{where: where, object: object, read: map[string]bool{}})
	}
	return out
}

// buildKeys: prose, and the facts benchbox_library reads (cmake/BenchboxLibrary.cmake).
var buildKeys = map[string]bool{"comment": true, "about": true, "title": true, "order": true, "reason": true, "enable": true, "rows": true, "verified": true}

// done: called once every fact was read; a key nobody read (a typo), or a problem of the
// accessors, ends the program with all of them said.
func (f *facts) done() {
	keys := make([]string, 0, len(f.object))
	for key := range f.object {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	said := []string{}
	for _, key := range keys {
		if !buildKeys[key] && !f.read[key] {
			said = append(said, "has the key \""+key+"\", which this module does not read (a typo?)")
		}
	}
	if said = append(said, f.problems...); len(said) > 0 {
		failFacts(f.where, strings.Join(said, "; "))
	}
}

func failFacts(where, what string) {
	fmt.Fprintln(os.Stderr, where+" "+what)
	fail(where + " " + what)
}

// caseFacts: one entry of library.json's "cases".
type caseFacts struct {
	name, notes, notApplicable string
	bytesPerUnit               int64 // 0: none declared (no memory check)
	traits                     map[string]string
}

// library: what describe shows and run checks, from library.json.
type library struct {
	style, stackBytes string
	info              map[string]string
	cases             []caseFacts
}

func readLibrary() library {
	f := parseFacts()
	lib := library{style: f.text("style"), stackBytes: strconv.FormatInt(f.integer("stack_bytes"), 10), info: map[string]string{}}
	if lib.style != "scheduler" && lib.style != "symmetric" && lib.style != "asymmetric" && lib.style != "" {
		f.wrong("style", "\"asymmetric\", \"symmetric\" or \"scheduler\"")
	}
	for _, entry := range f.objects("info") {
		key := entry.text("key")
		lib.info[key] = entry.text("value")
		entry.done()
		if _, computed := programInfo()[key]; computed {
			f.problems = append(f.problems, "has an \"info\" \""+key+"\", which the program computes")
		}
	}
	for _, entry := range f.objects("cases") {
		c := caseFacts{name: entry.text("case"), traits: map[string]string{"style": lib.style, "stack_bytes": lib.stackBytes}}
		if entry.has("not_applicable") {
			c.notApplicable = entry.text("not_applicable")
		} else {
			c.notes = entry.text("notes")
			if entry.has("bytes_per_unit") {
				c.bytesPerUnit = entry.integer("bytes_per_unit")
			}
			for _, trait := range []string{"round_robin", "self_returns"} { // the module's traits beyond style and stack
				if entry.has(trait) {
					c.traits[trait] = entry.text(trait)
				}
			}
		}
		entry.done()
		if _, twice := lib.find(c.name); twice || !moduleCase(c.name) {
			f.problems = append(f.problems, "declares an unknown case, or one twice: \""+c.name+"\"")
		}
		lib.cases = append(lib.cases, c)
	}
	for _, name := range moduleCases {
		if _, declared := lib.find(name); !declared {
			f.problems = append(f.problems, "declares no case \""+name+"\" (its notes, or why it is not applicable)")
		}
	}
	f.done()
	return lib
}

// The module's cases (modules/coroutine/cases.hpp): library.json declares each once.
var moduleCases = []string{"switch", "channel", "create", "memory"}

func moduleCase(name string) bool {
	for _, c := range moduleCases {
		if c == name {
			return true
		}
	}
	return false
}

// minValue: as coroutine::Library derives it (common/coroutine_library.hpp): a scheduler or symmetric
// switch needs another goroutine to go to; 0 is the unbuffered channel; create and memory: one.
func (lib library) minValue(caseName string) uint64 {
	switch caseName {
	case "switch":
		if lib.style == "asymmetric" {
			return 1
		}
		return 2
	case "channel":
		return 0
	}
	return 1
}

func (lib library) find(caseName string) (caseFacts, bool) {
	for _, c := range lib.cases {
		if c.name == caseName {
			return c, true
		}
	}
	return caseFacts{}, false
}

// programInfo: the facts about the build the program knows itself; library.json's "info" adds the others.
func programInfo() map[string]string {
	return map[string]string{"compiler": runtime.Compiler, "gomaxprocs": strconv.Itoa(runtime.GOMAXPROCS(0)), "optimized": "yes"}
}

func describe(lib library) {
	info := programInfo()
	for key, value := range lib.info {
		info[key] = value
	}
	cases := map[string]interface{}{}
	for _, c := range lib.cases {
		if c.notApplicable != "" {
			cases[c.name] = map[string]interface{}{"not_applicable": c.notApplicable}
			continue
		}
		entry := map[string]interface{}{"traits": c.traits, "min_value": lib.minValue(c.name), "notes": c.notes}
		if c.bytesPerUnit > 0 {
			entry["bytes_per_unit"] = c.bytesPerUnit
		}
		cases[c.name] = entry
	}
	emit(map[string]interface{}{"id": implementation(), "version": version(), "info": info, "cases": cases})
}

func main() {
	runtime.GOMAXPROCS(1)
	lib := readLibrary()
	args := os.Args[1:]
	if len(args) == 1 && args[0] == "describe" {
		describe(lib)
		return
	}
	if len(args) == 0 || args[0] != "run" {
		fail("usage: " + os.Args[0] + " describe | run --case NAME --axis VALUE --ops N [--reps R] [--warmup W] [--warmup-ops N]")
	}
	caseName := ""
	nums := map[string]uint64{"--reps": 1, "--warmup": 0}
	for i := 1; i < len(args); i += 2 {
		if i+1 >= len(args) {
			fail("missing value after " + args[i])
		}
		switch args[i] {
		case "--case":
			caseName = args[i+1]
		case "--axis", "--ops", "--reps", "--warmup", "--warmup-ops":
			v, err := strconv.ParseUint(args[i+1], 10, 64)
			if err != nil {
				fail("not a non-negative integer: " + args[i] + " " + args[i+1])
			}
			nums[args[i]] = v
		default:
			fail("unknown option " + args[i])
		}
	}
	value, hasValue := nums["--axis"]
	ops, hasOps := nums["--ops"]
	warmupOps, hasWarmupOps := nums["--warmup-ops"]
	if !hasWarmupOps {
		warmupOps = ops
	}
	if !hasValue || !hasOps || ops == 0 || nums["--reps"] == 0 || warmupOps == 0 {
		fail("run needs --axis VALUE and --ops N (N > 0), --reps R > 0, --warmup-ops W > 0 if given")
	}
	facts, known := lib.find(caseName)
	if !known {
		fail("unknown case '" + caseName + "'")
	}
	if facts.notApplicable != "" {
		fail("case '" + caseName + "' is not applicable: " + facts.notApplicable)
	}
	if minimum := lib.minValue(caseName); value < minimum {
		fail("value " + strconv.FormatUint(value, 10) + " is below this library's minimum " + strconv.FormatUint(minimum, 10))
	}
	var run func(*trial)
	switch caseName {
	case "switch":
		run = func(t *trial) { runSwitch(t, int(value)) }
	case "channel":
		run = func(t *trial) { runChannel(t, int(value)) }
	case "create":
		run = func(t *trial) { runCreate(t, int(value)) }
	case "memory":
		run = func(t *trial) { runMemory(t, int(value)) }
	default:
		fail("library.json declares case '" + caseName + "', which this program does not run")
	}
	total := nums["--warmup"] + nums["--reps"]
	for k := uint64(0); k < total; k++ {
		t := &trial{ops: ops}
		if k < nums["--warmup"] {
			t.ops = warmupOps
		}
		run(t)
		if t.starts != 1 || t.stops != 1 {
			fail("adapter bug: trial did not start and stop the clock exactly once")
		}
		var label interface{} = "warmup"
		if k >= nums["--warmup"] {
			label = k - nums["--warmup"] + 1
		}
		line := map[string]interface{}{"trial": label, "ops": t.ops, "ns": t.end.Sub(t.begin).Nanoseconds(),
			"done": t.done, "checksum": t.sum}
		if peak := peakResidentBytes(); peak > 0 {
			line["peak_rss_bytes"] = peak
		}
		if t.counts != nil {
			line["counts"] = t.counts
		}
		if t.figures != nil {
			line["figures"] = t.figures
		}
		emit(line)
	}
}
