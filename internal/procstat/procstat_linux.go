package procstat

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// maxrssUnit: Linux reports ru_maxrss in KiB.
const maxrssUnit = 1 << 10

func threadCPU() time.Duration { return rusage(unix.RUSAGE_THREAD) }

// clockTick is USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every Linux this runs on
// (the kernel's ABI fixes it, whatever CONFIG_HZ is).
const clockTick = 10 * time.Millisecond

type watched struct {
	statm, stat string
}

func watch(p *os.Process) (watched, error) {
	dir := filepath.Join("/proc", strconv.Itoa(p.Pid))
	if _, err := os.Stat(dir); err != nil {
		return watched{}, err
	}
	return watched{statm: filepath.Join(dir, "statm"), stat: filepath.Join(dir, "stat")}, nil
}

func (w watched) usage() (Usage, error) {
	var u Usage
	b, err := readSmall(w.statm)
	if err != nil {
		return u, err
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return u, fmt.Errorf("procstat: %s: %q", w.statm, b)
	}
	pages, err := strconv.ParseUint(string(f[1]), 10, 64) // resident
	if err != nil {
		return u, err
	}
	u.Memory = pages * uint64(os.Getpagesize())
	if b, err = readSmall(w.stat); err != nil {
		return u, err
	}
	// The command name (field 2) may hold spaces and parentheses: fields count from the last ')'.
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return u, errors.New("procstat: " + w.stat + ": no command name")
	}
	f = bytes.Fields(b[end+1:]) // f[0] is field 3 (state); utime and stime are fields 14 and 15
	if len(f) < 13 {
		return u, errors.New("procstat: " + w.stat + ": too few fields")
	}
	ut, err1 := strconv.ParseUint(string(f[11]), 10, 64)
	st, err2 := strconv.ParseUint(string(f[12]), 10, 64)
	if err1 == nil && err2 == nil {
		u.CPU, u.HasCPU = time.Duration(ut+st)*clockTick, true
	}
	return u, nil
}

// readSmall reads a /proc file in one read (they are generated whole, under a page).
func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf [1024]byte
	n, err := f.Read(buf[:])
	if n == 0 && err != nil {
		return nil, err
	}
	return buf[:n], nil
}

func (watched) limitMemory(uint64) error { return ErrUnsupported }
func (watched) close()                   {}
