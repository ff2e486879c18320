// golang: goroutines and channels, standard library only, one P (GOMAXPROCS=1) like every
// other row. Speaks the benchbox protocol (docs/protocol.md) itself: same cases, same counts and
// checksums as include/benchbox/adapter.hpp and modules/coroutine/common/coroutine_adapter.hpp.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"
)

const protocol = 2

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

func describe() {
	notes := "each runtime.Gosched() that lands in another goroutine is one switch (the hop through the scheduler's g0 stack is not counted separately); " +
		"the runtime takes the global run queue first every 61st schedule, so now and then Gosched returns to the same goroutine: not counted, its time kept"
	emit(map[string]interface{}{
		"id":      implementation(),
		"version": version(),
		"info": map[string]string{"compiler": runtime.Compiler, "gomaxprocs": "1", "optimized": "yes",
			"callgrind": "unsupported: the Go runtime's threads and signals do not run reliably under Valgrind"},
		"cases": map[string]interface{}{
			"switch":  map[string]interface{}{"traits": map[string]string{"style": "scheduler", "stack_bytes": "0", "round_robin": "scheduler's own", "self_returns": "not counted"}, "min_param": 2, "notes": notes + "; goroutine stacks start small and grow"},
			"channel": map[string]interface{}{"traits": map[string]string{"style": "scheduler", "stack_bytes": "0"}, "min_param": 0, "notes": "make(chan uint64, buffer); buffer 0 is Go's unbuffered channel"},
			"create": map[string]interface{}{"traits": map[string]string{"style": "scheduler", "stack_bytes": "0"}, "min_param": 1, "bytes_per_param": 8192,
				"notes": "`go f(id)` k times, then sync.WaitGroup.Wait(): the scheduler runs each goroutine to its end; the runtime reuses dead goroutines and their stacks"},
			"memory": map[string]interface{}{"traits": map[string]string{"style": "scheduler", "stack_bytes": "0"}, "min_param": 1, "bytes_per_param": 8192,
				"notes": "goroutines blocked on a channel receive; stacks are the runtime's (small, growable); the garbage collector may run during the measurement"},
		},
	})
}

func main() {
	runtime.GOMAXPROCS(1)
	args := os.Args[1:]
	if len(args) == 1 && args[0] == "describe" {
		describe()
		return
	}
	if len(args) == 0 || args[0] != "run" {
		fail("usage: " + os.Args[0] + " describe | run --case NAME --param P --ops N [--reps R] [--warmup W] [--warmup-ops N]")
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
		case "--param", "--ops", "--reps", "--warmup", "--warmup-ops":
			v, err := strconv.ParseUint(args[i+1], 10, 64)
			if err != nil {
				fail("not a non-negative integer: " + args[i] + " " + args[i+1])
			}
			nums[args[i]] = v
		default:
			fail("unknown option " + args[i])
		}
	}
	param, hasParam := nums["--param"]
	ops, hasOps := nums["--ops"]
	warmupOps, hasWarmupOps := nums["--warmup-ops"]
	if !hasWarmupOps {
		warmupOps = ops
	}
	if !hasParam || !hasOps || ops == 0 || nums["--reps"] == 0 || warmupOps == 0 {
		fail("run needs --param P and --ops N (N > 0), --reps R > 0, --warmup-ops W > 0 if given")
	}
	var run func(*trial)
	switch caseName {
	case "switch":
		if param < 2 {
			fail("parameter " + strconv.FormatUint(param, 10) + " is below this library's minimum 2")
		}
		run = func(t *trial) { runSwitch(t, int(param)) }
	case "channel":
		run = func(t *trial) { runChannel(t, int(param)) }
	case "create":
		if param < 1 {
			fail("parameter " + strconv.FormatUint(param, 10) + " is below this library's minimum 1")
		}
		run = func(t *trial) { runCreate(t, int(param)) }
	case "memory":
		if param < 1 {
			fail("parameter " + strconv.FormatUint(param, 10) + " is below this library's minimum 1")
		}
		run = func(t *trial) { runMemory(t, int(param)) }
	default:
		fail("unknown case '" + caseName + "'")
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
