// Package fdlimit raises the process's soft limit on open files to its hard limit, for file
// watchers: fsnotify's kqueue backend (macOS, the BSDs) holds one open descriptor for every
// watched directory and every file in one, and macOS starts programs with a soft limit of 256,
// which a project with its node_modules' watched inputs can pass. Linux's inotify and Windows'
// ReadDirectoryChangesW need one per directory at most; raising there is harmless.
//
// Go's runtime already raises the soft limit at start-up (to the hard limit less one; on macOS
// at most kern.maxfilesperproc; go.dev/issue/46279) and gives child processes the limit the
// program started with. Raise therefore changes nothing when the limit is already within one of
// its target, so the validation workers and tsc the dev loop starts keep the user's limit; it
// acts where the runtime's attempt failed (a macOS whose setrlimit refuses more than OPEN_MAX)
// or something lowered the limit since.
package fdlimit

// Raise lifts the soft RLIMIT_NOFILE to the hard limit (macOS: capped as setrlimit there
// demands) and returns the soft limit now in force; 0 where the platform has no such limit
// (Windows). On an error the limit is left as it was.
func Raise() (uint64, error) { return raise() }
