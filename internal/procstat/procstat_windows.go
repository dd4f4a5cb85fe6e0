package procstat

import (
	"os"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

func selfCPU() time.Duration {
	h, _ := windows.GetCurrentProcess()
	return processCPU(h)
}

func threadCPU() time.Duration { return selfCPU() }

func processCPU(h windows.Handle) time.Duration {
	var created, exited, kernel, user windows.Filetime
	if windows.GetProcessTimes(h, &created, &exited, &kernel, &user) != nil {
		return 0
	}
	return filetime(kernel) + filetime(user)
}

// filetime is a FILETIME duration (100 ns units).
func filetime(f windows.Filetime) time.Duration {
	return time.Duration(uint64(f.HighDateTime)<<32|uint64(f.LowDateTime)) * 100
}

// Windows counts peak working sets only through psapi, which x/sys/windows does not wrap; the
// job's figure (Usage) is what the limits use.
func selfPeakRSS() uint64                      { return 0 }
func exitedPeakRSS(ps *os.ProcessState) uint64 { return 0 }

// watched is the child's own Job Object: kill-on-close (the child ends with the parent, however
// the parent ends) and, once set, a process-memory limit the kernel enforces.
type watched struct {
	job, proc windows.Handle
}

func watch(p *os.Process) (watched, error) {
	proc, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(p.Pid))
	if err != nil {
		return watched{}, err
	}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		windows.CloseHandle(proc)
		return watched{}, err
	}
	w := watched{job: job, proc: proc}
	if err := w.setLimits(0); err != nil {
		w.close()
		return watched{}, err
	}
	if err := windows.AssignProcessToJobObject(job, proc); err != nil {
		w.close()
		return watched{}, err
	}
	return w, nil
}

func (w watched) setLimits(memory uint64) error {
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if memory > 0 {
		info.BasicLimitInformation.LimitFlags |= windows.JOB_OBJECT_LIMIT_PROCESS_MEMORY
		info.ProcessMemoryLimit = uintptr(memory)
	}
	_, err := windows.SetInformationJobObject(w.job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	return err
}

func (w watched) usage() (Usage, error) {
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	if err := windows.QueryInformationJobObject(w.job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)), nil); err != nil {
		return Usage{}, err
	}
	return Usage{Memory: uint64(info.PeakProcessMemoryUsed), CPU: processCPU(w.proc), HasCPU: true}, nil
}

func (w watched) limitMemory(limit uint64) error { return w.setLimits(limit) }

func (w watched) close() {
	windows.CloseHandle(w.job)
	windows.CloseHandle(w.proc)
}
