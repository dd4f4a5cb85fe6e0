package model

import "errors"

// Windows has no FIFOs in the file system (named pipes live under \\.\pipe\).
func mkfifo(string) error { return errors.New("no FIFOs on Windows") }
