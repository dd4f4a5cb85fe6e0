package bundle

import "strings"

// foldPath is path as Windows compares paths: without regard to case (C:\Proj is c:\proj).
func foldPath(path string) string { return strings.ToLower(path) }
