// Package trust is the user's record of the project directories whose own programs scape may
// run: workspace trust, as editors have it. A project's files are data; its node_modules is code
// its author (or anyone who touched the clone) chose, and `scape gizmo build` running
// node_modules/typescript/bin/tsc would run it with the user's rights, outside every limit the
// validation workers have. So a directory's own programs run only once the user trusted it:
// by creating it with scape (init, kit export) or with `scape gizmo trust`.
//
// The record lives in the user's configuration directory (os.UserConfigDir()/scape/trusted.json),
// never in a project, so nothing a project ships can trust itself. It is keyed by the
// directory's absolute path with every symbolic link resolved, compared exactly: a link, a
// relative path or a parent's trust never makes another directory trusted. A missing record
// trusts nothing; so does an unusable one (unparsable, too large, or writable by another user),
// which callers report. Writers take a lock beside the record while they read, change and
// atomically replace it, so two commands at once (two inits) both keep their entries.
package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/filelock"
)

// FileName is the record's name inside the scape configuration directory.
const FileName = "trusted.json"

// version is the record format's; a record of another version is unusable (and replaced by the
// next write) rather than guessed at.
const version = 1

// maxRecordBytes bounds what is read: the record is a few hundred bytes per directory, and a
// bigger file is not one this package wrote.
const maxRecordBytes = 4 << 20

// lockWait is how long a writer waits for another writer's lock (each holds it for one small
// read and one write, milliseconds).
const lockWait = 10 * time.Second

// Why a directory was trusted: the command that recorded it.
const (
	ByInit      = "init"
	ByKitExport = "kit export"
	ByUser      = "trust"
)

// Entry is one trusted directory.
type Entry struct {
	// Dir is the key: absolute, every symbolic link resolved.
	Dir string `json:"dir"`
	// Since is when it was recorded (UTC, whole seconds).
	Since time.Time `json:"since"`
	// By is the command that recorded it (ByInit, ByKitExport, ByUser).
	By string `json:"by"`
}

// record is the file's format. Directories are a map so a key is recorded once; encoding/json
// writes map keys sorted, so the file reads the same after every rewrite.
type record struct {
	Version     int                  `json:"version"`
	Directories map[string]fileEntry `json:"directories"`
}

type fileEntry struct {
	Since time.Time `json:"since"`
	By    string    `json:"by"`
}

// Store is one trust record. The zero value is not usable: use Default or At.
type Store struct {
	path string
}

// Default is the user's record: os.UserConfigDir()/scape/trusted.json. It fails only when the
// platform has no configuration directory (no $HOME): then nothing can be trusted.
func Default() (*Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("no user configuration directory to keep the trust record in: %w", err)
	}
	return At(filepath.Join(dir, "scape", FileName)), nil
}

// At is the record at path (tests, and a caller that resolved Default once).
func At(path string) *Store { return &Store{path: path} }

// Path is the record's file.
func (s *Store) Path() string { return s.path }

// UnusableError is a record that exists but cannot be used: unparsable, too large, of another
// version, unreadable, or (on Unix) owned or writable by another user. Nothing counts as trusted
// while it stands; Add and Remove replace such a record (Change.Replaced says so), except in a
// directory another user owns or can write (Insecure), which they refuse.
type UnusableError struct {
	Path string
	Err  error
	// Insecure is a location another user controls: rewriting the file would not help.
	Insecure bool
}

func (e *UnusableError) Error() string {
	if e.Insecure {
		return fmt.Sprintf("the trust record %s is not used: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("the trust record %s is unusable (%v), so no directory counts as trusted until scape gizmo trust rewrites it", e.Path, e.Err)
}

func (e *UnusableError) Unwrap() error { return e.Err }

// Resolve is the key dir is recorded under: its absolute path with every symbolic link resolved.
// dir must be an existing directory.
func Resolve(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !info.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return real, nil
}

// Trusted reports whether dir is trusted, and the key it was looked up under: a caller that
// goes on to run the directory's programs runs them from that path, so a link swapped after this
// check cannot send it elsewhere. The error is dir failing to resolve, or an *UnusableError;
// either way ok is false.
func (s *Store) Trusted(dir string) (key string, ok bool, err error) {
	key, err = Resolve(dir)
	if err != nil {
		return "", false, err
	}
	entries, err := s.load()
	if err != nil {
		return key, false, err
	}
	_, ok = entries[key]
	return key, ok, nil
}

// List returns the trusted directories, sorted. With an *UnusableError the list is empty.
func (s *Store) List() ([]Entry, error) {
	entries, err := s.load()
	list := make([]Entry, 0, len(entries))
	for dir, e := range entries {
		list = append(list, Entry{Dir: dir, Since: e.Since, By: e.By})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Dir < list[j].Dir })
	return list, err
}

// Change is what Add or Remove did.
type Change struct {
	// Dir is the key.
	Dir string
	// Changed is false when dir already was (Add) or was not (Remove) trusted.
	Changed bool
	// Replaced is the unusable record the change replaced (its entries, if any, are lost: they
	// could not be read), for the caller to report; nil normally.
	Replaced *UnusableError
}

// Warning is what the user should be told about the change besides its result: the unusable
// record it replaced; "" normally.
func (c Change) Warning() string {
	if c.Replaced == nil {
		return ""
	}
	return fmt.Sprintf("the trust record %s was unusable (%v) and has been replaced; trust again any other directory it held", c.Replaced.Path, c.Replaced.Err)
}

// Created records dir, just created by the user with scape (by: ByInit or ByKitExport), as
// trusted in store (nil: Default), and returns the warnings to show. A failure is only a
// warning: the project is complete, merely not trusted.
func Created(store *Store, dir, by string, now time.Time) []string {
	if store == nil {
		s, err := Default()
		if err != nil {
			return []string{fmt.Sprintf("%s is not recorded as trusted: %v", dir, err)}
		}
		store = s
	}
	var warnings []string
	c, err := store.Add(dir, by, now)
	if w := c.Warning(); w != "" {
		warnings = append(warnings, w)
	}
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("%s is not recorded as trusted (scape gizmo trust %s records it): %v", dir, dir, err))
	}
	return warnings
}

// Add trusts dir (an existing directory), recording by (ByInit, ByKitExport, ByUser) and now.
func (s *Store) Add(dir, by string, now time.Time) (Change, error) {
	key, err := Resolve(dir)
	if err != nil {
		return Change{}, err
	}
	return s.update(key, func(entries map[string]fileEntry) bool {
		if _, ok := entries[key]; ok {
			return false
		}
		entries[key] = fileEntry{Since: now.UTC().Truncate(time.Second), By: by}
		return true
	})
}

// Remove stops trusting dir. A directory that no longer exists is looked up by its absolute
// path, so the entry of a deleted project can still be removed (as --list shows it).
func (s *Store) Remove(dir string) (Change, error) {
	key, err := Resolve(dir)
	if errors.Is(err, os.ErrNotExist) {
		key, err = filepath.Abs(dir)
	}
	if err != nil {
		return Change{}, err
	}
	return s.update(key, func(entries map[string]fileEntry) bool {
		if _, ok := entries[key]; !ok {
			return false
		}
		delete(entries, key)
		return true
	})
}

// update is the one read-modify-write: under the lock, load, apply change, and when it changed
// anything write the record atomically (a reader sees the old record or the new, never half).
func (s *Store) update(key string, change func(map[string]fileEntry) bool) (Change, error) {
	c := Change{Dir: key}
	dir := filepath.Dir(s.path)
	// 0700: the record says which directories' programs run with the user's rights; no one else
	// has any business listing or changing it.
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return c, fmt.Errorf("creating %s for the trust record: %w", dir, err)
	}
	if err := checkOwned(dir); err != nil {
		return c, &UnusableError{Path: s.path, Err: err, Insecure: true}
	}
	unlock, err := s.lock()
	if err != nil {
		return c, err
	}
	defer unlock()
	entries, err := s.load()
	var unusable *UnusableError
	switch {
	case errors.As(err, &unusable) && !unusable.Insecure:
		c.Replaced, entries = unusable, map[string]fileEntry{}
	case err != nil:
		return c, err
	}
	if !change(entries) {
		if c.Replaced == nil {
			return c, nil
		}
		// Nothing to change, but the unusable file is still rewritten: reported once, not on
		// every command after.
	} else {
		c.Changed = true
	}
	data, err := json.MarshalIndent(record{Version: version, Directories: entries}, "", "  ")
	if err != nil {
		return c, err
	}
	if err := atomicfile.Write(s.path, append(data, '\n'), 0o600); err != nil {
		return c, fmt.Errorf("writing the trust record: %w", err)
	}
	return c, nil
}

// lock takes the writers' lock, a file beside the record (the record itself is replaced by each
// write, so a lock on it would not hold across writers). filelock never waits, so this polls
// until lockWait; the operating system drops the lock with a process that dies holding it.
func (s *Store) lock() (func(), error) {
	path := s.path + ".lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the trust record's lock: %w", err)
	}
	deadline := time.Now().Add(lockWait)
	for {
		err := filelock.TryLock(f)
		if err == nil {
			return func() { f.Close() }, nil
		}
		if !errors.Is(err, filelock.ErrHeld) || time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		time.Sleep(5 * time.Millisecond) // another writer holds it for milliseconds
	}
}

// load reads the record: empty when there is none, empty and an *UnusableError when it cannot
// be used.
func (s *Store) load() (map[string]fileEntry, error) {
	entries := map[string]fileEntry{}
	unusable := func(err error, insecure bool) (map[string]fileEntry, error) {
		return map[string]fileEntry{}, &UnusableError{Path: s.path, Err: err, Insecure: insecure}
	}
	f, err := os.Open(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return entries, nil
	}
	if err != nil {
		return unusable(err, false)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return unusable(err, false)
	}
	if !info.Mode().IsRegular() {
		return unusable(errors.New("not a regular file"), false)
	}
	// Another user able to write the record or its directory could trust any directory for us.
	// A directory like that is refused outright (a rewrite would be as exposed); a file like that
	// in our own directory is only unusable: the next write replaces it with the user's own,
	// mode 0600.
	if err := checkOwned(filepath.Dir(s.path)); err != nil {
		return unusable(err, true)
	}
	if err := checkOwnedInfo(info); err != nil {
		return unusable(err, false)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxRecordBytes+1))
	if err != nil {
		return unusable(err, false)
	}
	if len(data) > maxRecordBytes {
		return unusable(fmt.Errorf("larger than %d bytes", maxRecordBytes), false)
	}
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return unusable(err, false)
	}
	if rec.Version != version {
		return unusable(fmt.Errorf("format version %d, not %d", rec.Version, version), false)
	}
	for dir, e := range rec.Directories {
		// Only what Resolve can produce can ever match; anything else is not this package's.
		if filepath.IsAbs(dir) && filepath.Clean(dir) == dir {
			entries[dir] = e
		}
	}
	return entries, nil
}

// checkOwned checks the directory holding the record as load checks the record.
func checkOwned(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return err
	}
	return checkOwnedInfo(info)
}
