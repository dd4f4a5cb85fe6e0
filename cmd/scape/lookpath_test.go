package main

import "os/exec"

var lookPath = exec.LookPath
