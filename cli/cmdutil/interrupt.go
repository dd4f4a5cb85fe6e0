package cmdutil

import (
	"os"
	"os/signal"
	"syscall"
)

// HoldInterrupts runs step with Ctrl-C and SIGTERM held off until it returns, so an interrupt
// can never leave it half done (init's and kit export's temporary directory: the result is a
// complete project or nothing). It returns the signal that arrived meanwhile, if any: the
// caller then ends as that signal asked.
func HoldInterrupts(step func()) os.Signal {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	step()
	signal.Stop(signals)
	select {
	case sig := <-signals:
		return sig
	default:
		return nil
	}
}
